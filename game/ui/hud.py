"""Where the HUD's pieces lie: a pure function of the window size, the texts and the buttons.

The HUD is a band along the window's bottom edge
(:func:`game.render.camera.hud_band`, which the camera keeps the table out
of): a notice line (a refusal or a hint, centred; clear felt when there is
none) over the bar, which holds the status line and a row of buttons.
:func:`hud_geometry` places every piece in window pixels (y down) and fits it:
a text too long for its room is cut with an ellipsis, and the buttons drop their
key hints (``"Undo (U)"`` -> ``"Undo"``), then shrink their text, rather than run
off the window. The overlay draws exactly this geometry; tests check it without a GL context.

    >>> from types import SimpleNamespace as B
    >>> g = hud_geometry((1280, 720), "Deal #1   0:00   0 moves", "",
    ...                  [B(label="Undo (U)", action="undo", enabled=True)])
    >>> g.band, g.buttons[0].label, g.status_text
    ((0, 657, 1280, 63), 'Undo (U)', 'Deal #1   0:00   0 moves')
    >>> all(inside(r, (0, 0, 1280, 720)) for r in g.rects())
    True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from game.render.camera import hud_band, hud_rows, hud_text_px

__all__ = ["ELLIPSIS", "NOTICE_LINES", "NOTICE_LINES_NARROW", "HudButton", "HudGeometry", "PlacedButton", "Rect",
           "button_at", "clean_text", "fit_text", "font_measure", "hud_geometry", "inside", "notice_lines", "overlaps",
           "short_label"]

#: ``(x, y, w, h)`` in window pixels, y down.
Rect = tuple[int, int, int, int]
#: Width and height in pixels of a text set at a size: ``measure(text, px)``.
Measure = Callable[[str, int], tuple[int, int]]

ELLIPSIS = "\u2026"
#: The smallest text size a button label shrinks to before it is cut.
MIN_BUTTON_PX = 9
#: The status line shrinks to this share of the text size before it is cut.
STATUS_SHRINK = 0.8
#: No glyph of the HUD font is narrower than this share of the text size
#: (apart from zero-width ones, which :func:`clean_text` keeps out of the count):
#: a text is cut to ``width / (px * NARROWEST)`` characters before measuring.
NARROWEST = 0.2


class ButtonLike(Protocol):
    """What drawing reads of a button (read-only: a panel's buttons are frozen)."""

    @property
    def label(self) -> str: ...
    @property
    def action(self) -> str: ...
    @property
    def enabled(self) -> bool: ...


class PlacedButton(Protocol):
    """A button laid out in window pixels (the bar's, a designed screen's)."""

    @property
    def rect(self) -> Rect: ...
    @property
    def action(self) -> str: ...
    @property
    def enabled(self) -> bool: ...


@dataclass(frozen=True)
class HudButton:
    """A control-bar button as drawn: the label shown (maybe shortened) and its box."""

    label: str
    action: str
    enabled: bool
    rect: Rect
    #: The keyboard or gamepad ring is on this button.
    focus: bool = False


@dataclass(frozen=True)
class HudGeometry:
    """Every piece of the HUD for one window size, in window pixels (y down)."""

    size: tuple[int, int]
    #: Text size of the HUD (the notice's), of the status line and of the
    #: button labels (both may be smaller, to fit).
    px: int
    button_px: int
    #: The bar along the bottom edge (status and buttons): its background.
    band: Rect
    status_text: str
    #: The status text's box (None when there is no status text).
    status: Rect | None
    #: The notice's lines, joined by newlines (two when one would cut it).
    notice_text: str
    #: The notice's box, padding included (None when there is no notice); a second
    #: line grows it upward, over the felt.
    notice: Rect | None
    buttons: tuple[HudButton, ...]
    status_px: int = 0

    def rects(self) -> list[Rect]:
        """The boxes of every text line and button, as ``--rects`` writes them."""
        out = [r for r in (self.status, self.notice) if r is not None]
        return out + [b.rect for b in self.buttons]

    def hit(self, x: int, y: int) -> str | None:
        """The action of the enabled button under pixel ``(x, y)``, if any."""
        return button_at(self.buttons, x, y)


def button_at(buttons: Iterable[PlacedButton], x: int, y: int) -> str | None:
    """The action of the first enabled button of ``buttons`` whose box holds pixel ``(x, y)``
    (the bar's and a designed screen's alike), or None."""
    for b in buttons:
        bx, by, bw, bh = b.rect
        if b.enabled and bx <= x < bx + bw and by <= y < by + bh:
            return b.action
    return None


def inside(r: Rect | tuple[float, float, float, float], outer: Rect | tuple[float, float, float, float]) -> bool:
    """Whether box ``r`` lies within box ``outer`` (both ``(x, y, w, h)``)."""
    return (r[0] >= outer[0] and r[1] >= outer[1] and r[0] + r[2] <= outer[0] + outer[2]
            and r[1] + r[3] <= outer[1] + outer[3])


def overlaps(a: Rect | tuple[float, float, float, float], b: Rect | tuple[float, float, float, float]) -> bool:
    """Whether boxes ``a`` and ``b`` share any area (touching edges do not count)."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def font_measure(text: str, px: int) -> tuple[int, int]:
    """Size of ``text`` in the HUD font at ``px`` (the language's, :mod:`game.ui.fonts`):
    measured, not rendered.

    Needs pygame's font module only (no window, no GL context).
    """
    from game.ui.fonts import text_size

    return text_size(text, px)


#: Spaces Python does not call printable that the fonts draw: they hold "1 000" together.
_NO_BREAK = "\u00a0\u202f\u2007"


def clean_text(text: str, limit: int) -> str:
    """At most ``limit`` characters of ``text``, with anything unprintable as a space.

    Text from a file or the clipboard may hold NULs, newlines or lone
    surrogates, which the font renderer refuses; and it may be megabytes long.

    >>> clean_text("a\\x00b\\nc" + "x" * 10, 6)
    'a b cx'
    """
    return "".join(ch if ch.isprintable() or ch in _NO_BREAK else " " for ch in str(text)[:max(0, limit)])


def fit_text(text: str, width: int, px: int, measure: Measure = font_measure) -> str:
    """``text`` if it fits ``width`` pixels at ``px``, else its longest prefix that fits with an ellipsis.

    Safe for any input: the text is cut to what could possibly fit before
    anything is measured, so a five-million-character string costs no more
    than a line's worth.

    >>> fit_text("x" * 5_000_000, 100, 12, lambda t, px: (len(t) * 7, px))
    'xxxxxxxxxxxxx…'
    >>> fit_text("short", 100, 12, lambda t, px: (len(t) * 7, px))
    'short'
    >>> fit_text("Demo 4/88: Enter pause, Left/Right step", 200, 12, lambda t, px: (len(t) * 7, px))
    'Demo 4/88: Enter pause…'
    """
    if width <= 0:
        return ""
    text = clean_text(text, int(width / max(1.0, px * NARROWEST)) + 2).rstrip()
    if measure(text, px)[0] <= width:
        return text
    lo, hi = 0, len(text)  # the longest prefix that fits, ellipsis included
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if measure(text[:mid].rstrip() + ELLIPSIS, px)[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    if lo == 0:
        return ELLIPSIS if measure(ELLIPSIS, px)[0] <= width else ""
    # End at a word when one ends near the cut, rather than mid-word.
    space = text.rfind(" ", 0, lo + 1)
    if space > lo * 3 // 4:
        lo = space
    return text[:lo].rstrip().rstrip(",;:") + ELLIPSIS


#: Lines a notice may take; a message longer than that ends in an ellipsis on the last.
NOTICE_LINES = 2
#: The same in a window narrower than 3:2 (4:3, portrait), where a line holds fewer words and
#: the felt under the cards has room for another line: a Russian Spider hint with its odds and
#: its lost layouts takes three at 1024x768 and 720x1280.
NOTICE_LINES_NARROW = 3
#: Marks a line must not start with (Japanese line breaking: they close what comes before).
_NO_LINE_START = frozenset("、。，．・：；？！）」』】〉》ー…‥ぁぃぅぇぉっゃゅょァィゥェォッャュョ,.:;!?)]}")


def notice_lines(text: str, width: int, px: int, measure: Measure = font_measure,
                 most: int = NOTICE_LINES) -> list[str]:
    """``text`` in at most ``most`` lines of ``width`` pixels, broken between words
    (between characters in a text without spaces, as Japanese), the last cut with an ellipsis.

    >>> m = lambda t, px: (len(t) * 7, px)
    >>> notice_lines("Move 7S onto 8S: keeps spades together", 147, 12, m)
    ['Move 7S onto 8S:', 'keeps spades together']
    >>> notice_lines("short", 140, 12, m)
    ['short']
    >>> notice_lines("x" * 50, 140, 12, m)
    ['xxxxxxxxxxxxxxxxxxxx', 'xxxxxxxxxxxxxxxxxxx…']
    >>> notice_lines("Thinking about the best move for this table…", 161, 12, m)
    ['Thinking about the best', 'move for this table…']
    >>> notice_lines("x" * 50, 140, 12, m, most=3)  # a narrow window's notice
    ['xxxxxxxxxxxxxxxxxxxx', 'xxxxxxxxxxxxxxxxxxxx', 'xxxxxxxxxx']
    """
    limit = int(width / max(1.0, px * NARROWEST)) + 2  # (as fit_text cuts it)
    one = fit_text(text, width, px, measure)
    if not one or one == clean_text(text, limit).rstrip():
        return [one] if one else []  # it fits (or nothing does)
    text = clean_text(text, most * limit).rstrip()
    lines: list[str] = []
    while text and len(lines) < most - 1:
        lo, hi = 1, len(text)  # the longest prefix that fits
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if measure(text[:mid].rstrip(), px)[0] <= width:
                lo = mid
            else:
                hi = mid - 1
        if lo >= len(text):
            break
        # End the line at a word when one ends near the cut; a text without spaces there
        # (Japanese) breaks between characters, but never puts a closing mark first.
        space = text.rfind(" ", 0, lo + 1)
        cut = space if space > lo * 3 // 4 else lo
        while cut == lo and cut > 1 and text[cut] in _NO_LINE_START:
            cut -= 1
            lo -= 1
        lines.append(text[:cut].rstrip())
        text = text[cut:].lstrip()
    last = fit_text(text, width, px, measure)
    return lines + [last] if last else lines


_HINT = re.compile(r"\s*\([^()]*\)")


def short_label(label: str) -> str:
    """A button label without its key hint.

    >>> short_label("Undo (U)"), short_label("Deal (D) 5"), short_label("Menu")
    ('Undo', 'Deal 5', 'Menu')
    """
    return _HINT.sub("", label).strip() or label


def _button_row(buttons: Sequence[ButtonLike], row: Rect, px: int, measure: Measure
                ) -> tuple[int, list[HudButton]]:
    """Fit the buttons in ``row``, centred: full labels, then short ones, then smaller text,
    then less space around each label, then cut."""
    x0, y0, w, h = row
    if not buttons:
        return px, []
    room = w - 2 * max(4, px // 2)

    inset = [0]  # how much narrower than a full text size the space around a label is

    def widths(labels: list[str], size: int) -> list[int]:
        return [measure(lb, size)[0] + size - inset[0] for lb in labels]

    def gap(size: int) -> int:
        return max(3, size // 3)

    full = [clean_text(b.label, 200) for b in buttons]
    short = [short_label(lb) for lb in full]
    labels, size = full, px
    if sum(widths(full, px)) + gap(px) * (len(buttons) - 1) > room:
        labels = short
        need = sum(widths(short, px)) + gap(px) * (len(buttons) - 1)
        while need > room and size > MIN_BUTTON_PX:
            size -= 1
            need = sum(widths(short, size)) + gap(size) * (len(buttons) - 1)
        if need > room:
            # Nearly there: less space around each label before any label is cut.
            inset[0] = size // 3
            need = sum(widths(short, size)) + gap(size) * (len(buttons) - 1)
        if need > room:
            # Still too wide (a window a few hundred pixels across): every label gets an equal share.
            share = max(1, (room - gap(size) * (len(buttons) - 1)) // len(buttons))
            labels = [fit_text(lb, share - size, size, measure) for lb in short]
    ws = widths(labels, size)
    g = gap(size)
    total = sum(ws) + g * (len(ws) - 1)
    if total > room:  # cut labels can still leave a sliver over: squeeze the boxes
        ws = [max(1, wi - (total - room) // len(ws) - 1) for wi in ws]
        total = sum(ws) + g * (len(ws) - 1)
    bh = min(h - 2 * max(2, h // 8), round(size * 1.65))
    by = y0 + (h - bh) // 2
    x = x0 + (w - total) // 2
    out = []
    for b, lb, bw in zip(buttons, labels, ws):
        out.append(HudButton(lb, b.action, bool(b.enabled), (x, by, bw, bh), bool(getattr(b, "focus", False))))
        x += bw + g
    return size, out


#: What separates the parts of a status line ("Deal #1   0:42   3 moves").
STATUS_GAP = "   "


def _fit_status(status: str, room: int, px: int, measure: Measure) -> tuple[str, int]:
    """The status line as shown in ``room`` pixels, and its text size.

    A line a little too long sets smaller (to STATUS_SHRINK of the text
    size). Still too long (a portrait window), it leaves out whole parts
    after the first, in order, then the first, before anything is cut: the
    last parts say what is happening now (a demo's keys, the winnability
    check), the first names the game, and the clock, score and move count
    are back as soon as the window is wider. Only a last part too long on
    its own is cut, with an ellipsis.

    >>> m = lambda t, px: (len(t) * px // 2, px)
    >>> _fit_status("Spider #7   0:10   score 500   Demo 3/86: Esc stop", 160, 10, m)
    ('Spider #7   Demo 3/86: Esc stop', 9)
    """
    if not status:
        return "", px
    status_px = px
    smallest = max(MIN_BUTTON_PX, round(px * STATUS_SHRINK))
    probe = clean_text(status, int(room / max(1.0, px * NARROWEST)) + 2)
    while status_px > smallest and measure(probe, status_px)[0] > room:
        status_px -= 1
    parts = status.split(STATUS_GAP)
    if measure(probe, status_px)[0] > room and len(parts) > 1 and len(status) < 2_000:
        n = len(parts)
        # The middle parts go first, then the game's name.
        shorter = [parts[:1] + parts[k:] for k in range(2, n)] + [parts[-1:]]
        for kept in shorter:
            if measure(STATUS_GAP.join(kept), status_px)[0] <= room:
                return STATUS_GAP.join(kept), status_px
        status = parts[-1]
    return fit_text(status, room, status_px, measure), status_px


def hud_geometry(size: tuple[int, int], status: str, message: str = "",
                 buttons: Sequence[ButtonLike] = (), measure: Measure = font_measure,
                 mirror: bool = False) -> HudGeometry:
    """Place the status text, the notice (``message``) and the buttons for a window of ``size``.

    ``mirror`` (the left-handed table): the bar turned about the window's
    middle, the status line on the right and the buttons in reverse order
    (Give up on the left, Menu on the right, under the player's left hand).

    Everything lies inside the band :func:`~game.render.camera.hud_band`
    reserves, which lies inside the window; nothing is cut mid-glyph: long
    texts end in an ellipsis, wide button rows shorten their labels.
    """
    w, h = size
    band_h = hud_band(w, h)
    rows = hud_rows(w, h)
    px = hud_text_px(w, h)
    if sum(rows) > band_h:  # a window too small for the rows: shrink them to the band
        k = band_h / sum(rows)
        rows = (int(rows[0] * k), int(rows[1] * k), band_h - int(rows[0] * k) - int(rows[1] * k))
        px = max(6, int(px * k))
    notice_h, status_h, button_h = rows
    top = h - band_h
    band = (0, top + notice_h, w, status_h + button_h)
    pad = max(4, px // 2)
    room = max(0, w - 2 * pad)
    most = NOTICE_LINES_NARROW if 2 * w < 3 * h else NOTICE_LINES
    lines = notice_lines(message, max(0, room - px), px, measure, most) if message else []
    notice_text = "\n".join(lines)
    notice: Rect | None = None
    if lines:
        sizes = [measure(line, px) for line in lines]
        tw, th = max(s[0] for s in sizes), max(s[1] for s in sizes)
        bw, bh = min(tw + px, room), min(th + px // 3, notice_h)
        notice = ((w - bw) // 2, top + (notice_h - bh) // 2, bw, bh)
        if len(lines) > 1:
            # A second line grows the box upward over the felt (the table keeps its
            # place: the band's height depends on the window alone), never off the window.
            grow = min((len(lines) - 1) * th, notice[1])
            notice = (notice[0], notice[1] - grow, bw, bh + grow)
    status_text, status_px = _fit_status(status, room, px, measure)
    status_box: Rect | None = None
    row_y = top + notice_h
    if status_text:
        tw, th = measure(status_text, status_px)
        th = min(th, status_h)
        status_box = (pad, row_y + (status_h - th) // 2, min(tw, room), th)
        if mirror:
            status_box = (w - pad - status_box[2],) + status_box[1:]
    button_px, placed = _button_row(buttons, (0, row_y + status_h, w, button_h), px, measure)
    if mirror:
        placed = [HudButton(b.label, b.action, b.enabled, (w - b.rect[0] - b.rect[2],) + b.rect[1:], b.focus)
                  for b in placed]
    return HudGeometry((w, h), px, button_px, band, status_text, status_box, notice_text, notice,
                       tuple(placed), status_px)
