"""The player's settings: every one takes effect at once and is remembered.

:class:`Settings` is the ``settings`` file's content, read through the store
and the schema (a bad field is set aside, the others kept) and written back
as a plain dict; the menu shows and changes it (game.play.menu)::

    >>> Settings.from_dict({"spider_suits": 2}).spider_suits
    2
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import TYPE_CHECKING

from game.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from game.store import Store

__all__ = ["AUTO_MOVES", "CHOICE_NAMES", "DRAG_DISTANCES", "SPEEDS", "TEXT_SIZES", "VOLUMES", "Settings"]

SPEEDS = ("slow", "normal", "fast", "instant")
#: FreeCell's automatic foundation levels, as the settings row shows them
#: (game.freecell.automove.AUTO_LEVELS; spelled here so the menu loads no rules).
AUTO_MOVES = ("off", "safe", "all")
#: What the settings' choice buttons show for each value (the values stay English in the file):
#: message ids marked with N_, translated where the menu draws them (``_(CHOICE_NAMES[value])``).
CHOICE_NAMES = {"off": N_("Off"), "safe": N_("Safe"), "all": N_("All"),
          "slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"), "instant": N_("Instant"),
          # TRANSLATORS: table (felt) colours and card backs in Settings.
          "green": N_("Green"),
          # TRANSLATORS: table (felt) colours and card backs in Settings.
          "blue": N_("Blue"),
          # TRANSLATORS: table (felt) colours and card backs in Settings.
          "red": N_("Red"),
          # TRANSLATORS: table (felt) colours and card backs in Settings.
          "grey": N_("Grey"),
          # TRANSLATORS: table (felt) colours and card backs in Settings.
          "black": N_("Black")}
#: The "how far a drag must go" choices, shortest first (game.speeds.DRAG_DISTANCES).
DRAG_DISTANCES = ("short", "medium", "long")
#: The volume button steps through these (0 = muted).
VOLUMES = (0.0, 0.3, 0.7, 1.0)
#: Text size (percent of the size the window gives): the status line, the bar, every panel and screen.
TEXT_SIZES = (100, 125, 150, 200)


@dataclass
class Settings:
    """Every setting takes effect at once and is remembered (the ``settings`` file)."""

    #: FreeCell's automatic foundation moves: "off", "safe" (Raymond's rule) or "all".
    auto_moves: str = "safe"
    one_click_home: bool = False
    animation_speed: str = "normal"
    #: Reduced motion: cards step instead of flying, no celebration, the hint's glow still.
    #: None: not chosen, so the desktop's own setting decides (:meth:`calm`).
    reduced_motion: bool | None = None
    four_colour: bool = False
    #: High contrast: a plain dark table, white cards outlined in black, bright rings, AAA text.
    high_contrast: bool = False
    #: Large print: bigger corner indices and pips, legible on the small cards of a small window.
    large_print: bool = False
    #: Text size, a percent of :data:`TEXT_SIZES` (game.render.camera.set_text_scale).
    text_size: int = 100
    fullscreen: bool = False
    spider_suits: int = 1
    spider_started: bool = False
    volume: float = 0.7
    #: Sound off (the S key). Muting keeps ``volume``, so sound comes back as loud as it was.
    muted: bool = False
    live_winnability: bool = True
    #: Par: the solver seeks the shortest line of each game as it begins (the result panel shows it).
    find_par: bool = True
    #: FreeCell: while a card is selected, mark each target keeps the win / loses it (the solver decides).
    move_grades: bool = False
    table_colour: str = "green"
    card_back: str = "blue"
    #: "Winnable deals only" (game.play.dealer): FreeCell, and Spider per suit count.
    winnable_freecell: bool = False
    winnable_spider_1: bool = False
    winnable_spider_2: bool = False
    winnable_spider_4: bool = False
    #: This player's order of the proven Spider games (0: not chosen yet), and how far each list has been dealt.
    winnable_seed: int = 0
    winnable_dealt_1: int = 0
    winnable_dealt_2: int = 0
    winnable_dealt_4: int = 0
    #: The last move's cards keep a soft outline until the next action.
    last_move_outline: bool = True
    #: Left-handed table: the top row and the control bar mirrored.
    left_handed: bool = False
    #: Click to pick up and drop: a click lifts the cards and they follow the pointer
    #: until the next click puts them down (no button is held down).
    click_to_move: bool = False
    #: How far a press must travel before it is a drag: "short", "medium" or "long"
    #: (:data:`game.speeds.DRAG_DISTANCES`), so a shaky click stays a click.
    drag_distance: str = "short"
    #: The language chosen in Settings (a code of :data:`game.i18n.LANGUAGES`); "" follows the system's.
    language: str = ""
    #: The window's place and size ({"x", "y", "w", "h"}) when it last closed out of
    #: fullscreen, restored at start (game.app.capabilities.restored_window); None: never closed yet.
    window: dict[str, int] | None = None

    @property
    def sound_volume(self) -> float:
        """The volume the effects play at: 0 while muted, else :attr:`volume`.

        >>> Settings(volume=0.3, muted=True).sound_volume, Settings(volume=0.3).sound_volume
        (0.0, 0.3)
        """
        return 0.0 if self.muted else self.volume

    def calm(self, desktop: bool | None) -> bool:
        """Whether motion is reduced: the player's choice, else the desktop's (``desktop``:
        what it asks for; None where it does not say).

        >>> Settings().calm(None), Settings().calm(True), Settings(reduced_motion=False).calm(True)
        (False, True, False)
        """
        return bool(desktop) if self.reduced_motion is None else self.reduced_motion

    def toggle_mute(self) -> bool:
        """Sound off / on (the S key); returns whether it is now muted. The volume is kept."""
        self.muted = not self.muted
        return self.muted

    def keep_window(self, rect: dict[str, int] | None) -> bool:
        """Remember the window at ``rect`` ({"x", "y", "w", "h"}; None: closed in fullscreen,
        which keeps the windowed place); True when that changed what is remembered. A
        rect the settings file would refuse next time is not kept.

        >>> s = Settings(); s.keep_window({"x": 5, "y": 9, "w": 800, "h": 600}), s.keep_window(None)
        (True, False)
        >>> s.keep_window({"x": 5, "y": 9, "w": 0, "h": 600}), s.window["w"]
        (False, 800)
        """
        from game.schema import SETTINGS, SchemaError

        if rect is None or rect == self.window:
            return False
        try:
            SETTINGS.check({"window": rect})
        except SchemaError:
            return False
        self.window = dict(rect)
        return True

    @classmethod
    def from_dict(cls, data: object) -> Settings:
        """Settings from a saved document: each field that passes
        :data:`game.schema.SETTINGS` is kept, each other one keeps its default.

        >>> Settings.from_dict({"spider_suits": 2, "volume": "loud"}).spider_suits
        2
        >>> Settings.from_dict({"spider_suits": 2.0}).spider_suits  # 2.0 is not 2
        1
        """
        return cls.checked(data)[0]

    @classmethod
    def checked(cls, data: object) -> tuple[Settings, list[str]]:
        """The settings and one line per field that was refused."""
        from game.schema import SETTINGS

        good, bad = SETTINGS.clean(data)
        if "auto_moves" not in good and "auto_foundation" in good:
            good["auto_moves"] = "safe" if good["auto_foundation"] else "off"  # an older file's switch
        out = cls()
        for f in fields(cls):
            if f.name in good:
                value = good[f.name]
                # The schema passed it as its field's type; the volume, a number, is kept as a float.
                setattr(out, f.name, float(value) if isinstance(value, int) and f.name == "volume" else value)
        return out, bad

    @classmethod
    def load(cls, store: Store, name: str = "settings") -> Settings:
        """The settings in ``store`` (a :class:`game.store.Store`).

        The rule for a bad file: the fields that are right are kept and the
        wrong ones take their defaults; the original file is set aside with a
        one-line warning (naming the first bad field) and the cleaned
        settings are written at once. A file that is not a settings object
        at all (or not JSON) gives all the defaults, also written at once.
        """
        missing = object()
        data = store.load(name, default=missing, fresh=cls().to_dict())
        if data is missing:
            return cls()
        if not isinstance(data, dict):
            store.set_aside(name, _("it did not hold settings"), fresh=cls().to_dict())
            return cls()
        settings, bad = cls.checked(data)
        if bad:
            if len(bad) > 1:
                why = ngettext("{bad} and {n} more; the other settings were kept",
                               "{bad} and {n} more; the other settings were kept", len(bad) - 1)
            else:
                why = _("{bad}; the other settings were kept")
            store.set_aside(name, why.format(bad=bad[0], n=len(bad) - 1), fresh=settings.to_dict())
        return settings

    def to_dict(self) -> dict[str, object]:
        return asdict(self)
