"""What the display refused: full screen, the window's size, a game controller, the clipboard.

A capability the platform refuses never stops the game. SDL's offscreen
driver, and some desktops, say "That operation is not supported" to full
screen; a window may not open at the size asked; a game controller may fail
to open; the system clipboard may be missing. Each time the game plays on
in a window, says once in one line what it could not do (on the message
line and on stderr), and goes without it.

Full screen and the window size are properties of the display, so a refusal
is remembered for that display (its SDL driver and ``DISPLAY`` /
``WAYLAND_DISPLAY``) in ``display.json`` through :class:`game.store.Store`:
the next start on that display does not try again and says nothing, while
the setting itself stays, so another display that can gets full screen. A
player who asks again (F11, or the Fullscreen setting turned on) is always
tried, and a success forgets the refusal::

    >>> import tempfile
    >>> from game.store import Store
    >>> store = Store(tempfile.mkdtemp())
    >>> said = []
    >>> def no() -> None:
    ...     raise RuntimeError("That operation is not supported")
    >>> r = Refusals(store, "offscreen", said.append)
    >>> r.attempt("fullscreen", no), said  # doctest: +NORMALIZE_WHITESPACE
    (False, ['full screen is not available on this display (That operation is not supported);
              the game plays in a window'])
    >>> again = Refusals(store, "offscreen", said.append)
    >>> again.attempt("fullscreen", no), len(said)          # the next start: not tried, not said
    (False, 1)
    >>> again.attempt("fullscreen", lambda: None, asked=True), again.remembered("fullscreen")
    (True, False)

A game controller and the clipboard belong to the moment, not the display:
their refusal is said once a session and not remembered.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, TypedDict

from game.i18n import N_, _, pgettext
from game.quoting import printable
from game.schema import Choice, List, Map, Record, Str

if TYPE_CHECKING:
    import pygame

    from game.store import Store

__all__ = ["DEFAULT_SIZE", "DOCUMENT", "FRAME", "MESSAGES", "REMEMBERED", "Clipboard", "FullScreen", "Refusals",
           "controller_module", "current_window", "display_key", "open_window", "restored_window"]

#: The one line said for each refusal (``why``: the platform's reason; for
#: ``size``, ``want`` and ``got``: the sizes). One place per message.
MESSAGES = {
    "fullscreen": N_("full screen is not available on this display ({why}); the game plays in a window"),
    "size": N_("the window could not open at {want} ({why}); it opened at {got}"),
    "controller": N_("a game controller could not be opened ({why}); keys and the mouse still play"),
    "clipboard": N_("the system clipboard is not available ({why}); copied moves stay in this window"),
}

#: Refusals that belong to the display and are remembered for it.
REMEMBERED = ("fullscreen", "size")

#: The store document that remembers them.
DOCUMENT = "display"

#: At most this many displays are remembered (the oldest are forgotten).
MAX_DISPLAYS = 16

class DisplayFile(TypedDict, total=False):
    """``display.json``: per display, the refusals remembered for it."""

    refused: dict[str, list[str]]


_SCHEMA: Record[DisplayFile] = Record({
    "refused": Map(Str(max_len=120), List(Choice(REMEMBERED), max_len=len(REMEMBERED)), max_len=MAX_DISPLAYS),
})


def display_key(driver: str, environ: dict[str, str] | None = None) -> str:
    """The display a refusal is remembered for: SDL's driver and the display's name.

    >>> display_key("x11", {"DISPLAY": ":0"}), display_key("offscreen", {})
    ('x11 :0', 'offscreen')
    """
    env = os.environ if environ is None else environ
    name = env.get("WAYLAND_DISPLAY") or env.get("DISPLAY") or ""
    return f"{driver} {name}".strip()[:120]


def _reason(exc: BaseException) -> str:
    """The platform's reason, short, on one line and printable."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    return printable(text, 80)


class Refusals:
    """The capabilities this display refused, said once and remembered (see the module docstring).

    ``report`` receives each line as it is said; :attr:`lines` keeps them.
    ``store`` ``None`` remembers nothing beyond this session.
    """

    def __init__(self, store: Store | None, display: str, report: Callable[[str], None] | None = None) -> None:
        self.store = store
        self.display = display[:120]
        self.report = report
        #: Every line said this session, oldest first.
        self.lines: list[str] = []
        self._said: set[str] = set()
        self._doc: dict[str, list[str]] = self._load()
        self._remembered = set(self._doc.get(self.display, ()))

    def _load(self) -> dict[str, list[str]]:
        if self.store is None:
            return {}
        data = self.store.load(DOCUMENT, None, check=_SCHEMA.check)
        return dict(data.get("refused", {})) if data is not None else {}

    def _save(self) -> None:
        if self.store is None:
            return
        doc = {k: v for k, v in self._doc.items() if k != self.display}
        if self._remembered:
            doc[self.display] = sorted(self._remembered)
        # The newest display last; past the cap the oldest go.
        self._doc = dict(list(doc.items())[-MAX_DISPLAYS:])
        self.store.save(DOCUMENT, {"refused": self._doc})

    def report_to(self, say: Callable[[str], None], current: str = "") -> None:
        """From now on a refusal goes to ``say`` (the message line) and stderr; those
        said while the window opened are said now, after ``current`` (what the data
        folder had to say)."""
        def both(line: str) -> None:
            to_stderr(line)
            say(line)

        self.report = both
        if self.lines:
            # TRANSLATORS: between two notices said on one message line, each a sentence without
            # its closing full stop ("full screen is not available ...; the window could not open ...").
            say(pgettext("notice separator", "; ").join(([current] if current else []) + self.lines))

    def remembered(self, name: str) -> bool:
        """Whether this display refused ``name`` before (so a start does not try it)."""
        return name in self._remembered

    def attempt(self, name: str, action: Callable[[], object], *, asked: bool = False, **words: str) -> bool:
        """Run ``action`` (a call the platform may refuse); True when it worked.

        Not run when this display refused ``name`` before, unless the player
        ``asked`` just now. A refusal is said (once) and, for the display's
        own capabilities, remembered; a success forgets a remembered refusal.
        """
        if name in self._remembered and not asked:
            return False
        try:
            action()
        except Exception as exc:  # noqa: BLE001  # pygame.error and friends: the platform said no
            self.refuse(name, exc, again=asked, **words)
            return False
        if name in self._remembered:
            self._remembered.discard(name)
            self._save()
        return True

    def refuse(self, name: str, exc: BaseException, *, again: bool = False, **words: str) -> None:
        """Note that the platform refused ``name`` for ``exc``; say it once (``again``: say it anew)."""
        if name in REMEMBERED and name not in self._remembered:
            self._remembered.add(name)
            self._save()
        if name in self._said and not again:
            return
        self._said.add(name)
        line = _(MESSAGES[name]).format(why=_reason(exc), **words)
        self.lines.append(line)
        if self.report is not None:
            self.report(line)


def to_stderr(line: str) -> None:
    """Say a refusal on stderr too: whoever started the game from a terminal reads it there."""
    try:
        print(f"solitaire: {line}", file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass  # no stderr (a desktop launcher closed it): the message line still says it


class Clipboard:
    """The system clipboard, and the game's own copy when there is none (the
    refusal is said once; copied moves then stay in this window)."""

    def __init__(self, refusals: Refusals) -> None:
        self.refusals = refusals
        self.text = ""
        self.system = True

    def put(self, text: str) -> bool:
        """Copy ``text``; False when only this window holds it."""
        import pygame

        self.text = text  # kept in the game too: there may be no system clipboard
        if self.system:
            self.system = self.refusals.attempt("clipboard", lambda: pygame.scrap.put_text(text))
        return self.system

    def get(self) -> str:
        import pygame

        got: list[str] = []
        if self.system:
            self.system = self.refusals.attempt("clipboard", lambda: got.append(pygame.scrap.get_text()))
        return got[0] if got and got[0] else self.text


class FullScreen:
    """Full screen as the player wants it, tried at start unless this display refused
    it before, and tried anew whenever the player asks (F11, the setting turned on)."""

    def __init__(self, refusals: Refusals, resized: Callable[[], None]) -> None:
        self.refusals = refusals
        self.resized = resized
        self.wanted: bool | None = None

    @staticmethod
    def now() -> bool:
        import pygame

        surface = pygame.display.get_surface()  # None before the window opens: not full screen
        return surface is not None and bool(surface.get_flags() & pygame.FULLSCREEN)

    def toggle(self, asked: bool = True) -> None:
        """Switch it; a display that refuses says so once, and the game plays on."""
        import pygame

        if self.refusals.attempt("fullscreen", pygame.display.toggle_fullscreen, asked=asked):
            self.resized()

    def apply(self, wanted: bool) -> None:
        """The setting says ``wanted``: switch when the window is not that."""
        asked = self.wanted is not None and wanted != self.wanted
        self.wanted = wanted
        if self.now() != wanted:
            self.toggle(asked=asked)

    def switch(self) -> bool:
        """F11, from what the window is (a display that refused leaves it apart from the
        setting); what the player now wants."""
        self.wanted = not self.now()
        self.toggle()
        return self.wanted


#: The window's size when the display refuses the one asked for.
FALLBACK_SIZE = (800, 600)
#: The window's size at the first start (nothing remembered yet).
DEFAULT_SIZE = (1280, 720)
#: A remembered window smaller than this opens at this size (a window dragged to a sliver).
SMALLEST = (480, 360)
#: The window manager's frame around the window (left, top, right, bottom pixels: the
#: title bar on top). SDL places and reports the window inside it, and pygame cannot ask
#: the frame's size before the window is open, so it is estimated, a little over what
#: common desktops draw (openbox 1, 20, 1, 5; GNOME and Windows title bars 30-37): the
#: title bar of a window restored whole stays on the display.
FRAME = (8, 40, 8, 8)


def restored_window(saved: dict[str, int] | None, desktop: tuple[int, int] | None,
                    frame: tuple[int, int, int, int] = FRAME) -> tuple[tuple[int, int], tuple[int, int] | None]:
    """The size to open the window at and where to put it (None: where the system
    puts it), from the remembered ``saved`` (the settings' ``window``, already
    checked) on a main display of size ``desktop`` (None: unknown). The window
    and its ``frame`` (left, top, right, bottom: the title bar on top) are never
    bigger than the display and never even partly off it: a display smaller than
    the one it was closed on pulls it in and shrinks it, and a window as tall as
    the display is shortened by its title bar rather than opening with it above
    the top edge.

    >>> restored_window({"x": 3000, "y": -40, "w": 2400, "h": 700}, (1920, 1080))
    ((1904, 700), (8, 40))
    >>> restored_window({"x": 100, "y": 80, "w": 1000, "h": 640}, (1920, 1080))
    ((1000, 640), (100, 80))
    >>> restored_window({"x": 0, "y": 0, "w": 1280, "h": 1200}, (1280, 800), frame=(1, 20, 1, 5))
    ((1278, 775), (1, 20))
    >>> restored_window(None, (1920, 1080))
    ((1280, 720), None)

    Nothing remembered, the first window is :data:`DEFAULT_SIZE`, turned upright
    on an upright display, and shrunk into a display too small for it (centred):

    >>> restored_window(None, (720, 1280))
    ((704, 1232), (8, 40))
    >>> restored_window(None, (1024, 600))
    ((1008, 552), (8, 40))
    """
    if not saved:
        if desktop is None or min(desktop) <= 0:
            return DEFAULT_SIZE, None
        w, h = DEFAULT_SIZE if desktop[0] >= desktop[1] else DEFAULT_SIZE[::-1]
        left, top, right, bottom = frame
        if w + left + right <= desktop[0] and h + top + bottom <= desktop[1]:
            return (w, h), None  # it fits: the system places it, as it places any new window
        centred = {"x": (desktop[0] - w) // 2, "y": (desktop[1] - h) // 2, "w": w, "h": h}
        return restored_window(centred, desktop, frame)
    w, h = max(SMALLEST[0], saved["w"]), max(SMALLEST[1], saved["h"])
    if desktop is None or min(desktop) <= 0:
        return (w, h), None  # no display to fit it to: the size only, placed by the system
    left, top, right, bottom = frame
    if desktop[0] <= left + right or desktop[1] <= top + bottom:
        left = top = right = bottom = 0  # a display smaller than a frame: the window's own pixels on it
    # The room inside the display for the window itself, its frame around it.
    dw, dh = desktop[0] - left - right, desktop[1] - top - bottom
    w, h = min(w, dw), min(h, dh)
    return (w, h), (left + max(0, min(saved["x"] - left, dw - w)), top + max(0, min(saved["y"] - top, dh - h)))


def current_window(fullscreen: bool) -> dict[str, int] | None:
    """Where the window is and its size, to remember at close; None in fullscreen
    (full screen is its own setting: the windowed place is kept) or when the system cannot say."""
    import pygame

    if fullscreen:
        return None
    try:
        (x, y), (w, h) = pygame.display.get_window_position(), pygame.display.get_window_size()
    except pygame.error:
        return None
    return {"x": int(x), "y": int(y), "w": int(w), "h": int(h)}


def controller_module() -> ModuleType | None:
    """pygame's game controller module, initialised; None where SDL has no game controller support."""
    try:
        from pygame._sdl2 import controller

        controller.init()
    except Exception:  # noqa: BLE001  # pragma: no cover - SDL without game controller support
        return None
    return controller


def desktop_size() -> tuple[int, int] | None:
    """The main display's size (None when the system will not say)."""
    import pygame

    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    if not sizes:
        return None
    w, h = sizes[0]
    return int(w), int(h)


def open_window(size: tuple[int, int], refusals: Refusals, where: tuple[int, int] | None = None) -> pygame.Surface:
    """The OpenGL window at ``size`` (at ``where`` on the display, when given), or at
    :data:`FALLBACK_SIZE` when the display refuses that size (said once, remembered
    for the display). A display that gives no OpenGL window at all raises: that is no window."""
    if where is None:
        return _open(size, refusals)
    # Placed as it opens (moving it after would show it first where the system chose);
    # pygame reads the place from the environment, which is left as it was.
    before = os.environ.get("SDL_VIDEO_WINDOW_POS")
    os.environ["SDL_VIDEO_WINDOW_POS"] = f"{where[0]},{where[1]}"
    try:
        window = _open(size, refusals)
    finally:
        if before is None:
            os.environ.pop("SDL_VIDEO_WINDOW_POS", None)
        else:
            os.environ["SDL_VIDEO_WINDOW_POS"] = before
    import pygame

    try:
        # A window manager puts its frame at the place asked, and the window inside
        # it, a title bar lower: placed again, the window itself is where it was
        # (else it would creep down by a title bar at every start).
        pygame.display.set_window_position(where)
    except pygame.error:
        pass  # the system would not move it: it stays where the window manager put it
    return window


def _open(size: tuple[int, int], refusals: Refusals) -> pygame.Surface:
    import pygame

    _show_icon()
    flags = pygame.OPENGL | pygame.DOUBLEBUF | pygame.RESIZABLE
    if refusals.remembered("size"):
        return pygame.display.set_mode(FALLBACK_SIZE, flags)
    try:
        return pygame.display.set_mode(size, flags)
    except pygame.error as exc:
        refused = exc
    try:
        window = pygame.display.set_mode(FALLBACK_SIZE, flags)
    except pygame.error:
        raise refused from None  # no size works: not the size's fault, so nothing is remembered
    refusals.refuse("size", refused, want=f"{size[0]}×{size[1]}", got=f"{FALLBACK_SIZE[0]}×{FALLBACK_SIZE[1]}")
    return window


def _show_icon() -> None:
    """The game's own icon in the title bar and the taskbar, set before the window opens
    (some systems read it only then). A missing or unreadable PNG leaves SDL's default."""
    import pygame

    from game.desktop import window_icon

    try:
        pygame.display.set_icon(pygame.image.load(str(window_icon())))
    except (pygame.error, OSError, FileNotFoundError):
        pass  # a damaged install: the window opens all the same, with the system's icon


def name_the_app() -> None:
    """Before SDL's video starts (it reads them then): the window's class is the menu
    entry's name (its StartupWMClass), so the taskbar shows the window under the entry
    and its icon. A player's own setting of these wins; pygame's import sets the X11
    one to the program's file name (``__main__.py``, ``solitaire``), which is replaced."""
    from game.desktop import APP_ID

    for hint in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
        if os.environ.get(hint) in (None, "", os.path.basename(sys.argv[0] if sys.argv else "")):
            os.environ[hint] = APP_ID
