"""The menus: choose a game and a deal, settings, statistics.

A menu is a stack of screens; each screen is a :class:`game.play.panels.Panel`
with a vertical list of buttons the keyboard and gamepad walk with Up/Down
and Enter (Esc goes back). Choosing returns a *request* the app carries
out, so the menu itself changes nothing::

    >>> m = Menu(settings=Settings())
    >>> m.open()
    >>> m.panel().title
    'Solitaire'
    >>> m.choose("freecell-number")
    >>> m.type_text("12a")
    >>> m.confirm_entry() is None, m.error
    (True, "'12a' is not a deal number: enter a whole number 1..1,000,000")
"""

from __future__ import annotations

import secrets
from dataclasses import asdict, dataclass, fields
from typing import Any

from game.play.panels import Button, Panel

__all__ = ["Menu", "Settings", "Request", "SPEEDS"]

SPEEDS = ("slow", "normal", "fast", "instant")
#: The volume button steps through these (0 = muted).
VOLUMES = (0.0, 0.3, 0.7, 1.0)


@dataclass
class Settings:
    """Every setting takes effect at once and is remembered (the ``settings`` file)."""

    auto_foundation: bool = True
    one_click_home: bool = False
    animation_speed: str = "normal"
    four_colour: bool = False
    fullscreen: bool = False
    spider_suits: int = 1
    spider_started: bool = False
    volume: float = 0.7
    #: Sound off (the S key). Muting keeps ``volume``, so sound comes back as loud as it was.
    muted: bool = False
    live_winnability: bool = True
    table_colour: str = "green"
    card_back: str = "blue"

    @property
    def sound_volume(self) -> float:
        """The volume the effects play at: 0 while muted, else :attr:`volume`.

        >>> Settings(volume=0.3, muted=True).sound_volume, Settings(volume=0.3).sound_volume
        (0.0, 0.3)
        """
        return 0.0 if self.muted else self.volume

    def toggle_mute(self) -> bool:
        """Sound off / on (the S key); returns whether it is now muted. The volume is kept."""
        self.muted = not self.muted
        return self.muted

    @classmethod
    def from_dict(cls, data: Any) -> "Settings":
        """Settings from a saved document: each field that passes
        :data:`game.schema.SETTINGS` is kept, each other one keeps its default.

        >>> Settings.from_dict({"spider_suits": 2, "volume": "loud"}).spider_suits
        2
        >>> Settings.from_dict({"spider_suits": 2.0}).spider_suits  # 2.0 is not 2
        1
        """
        return cls.checked(data)[0]

    @classmethod
    def checked(cls, data: Any) -> tuple["Settings", list[str]]:
        """The settings and one line per field that was refused."""
        from game.schema import SETTINGS

        good, bad = SETTINGS.clean(data)
        out = cls()
        for f in fields(cls):
            if f.name in good:
                value = good[f.name]
                setattr(out, f.name, float(value) if f.name == "volume" else value)
        return out, bad

    @classmethod
    def load(cls, store: Any, name: str = "settings") -> "Settings":
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
            store.set_aside(name, "it did not hold settings", fresh=cls().to_dict())
            return cls()
        settings, bad = cls.checked(data)
        if bad:
            more = f" and {len(bad) - 1} more" if len(bad) > 1 else ""
            store.set_aside(name, f"{bad[0]}{more}; the other settings were kept", fresh=settings.to_dict())
        return settings

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Request:
    """What the player chose: ``kind`` is "freecell", "spider", "setting", "close"."""

    kind: str
    number: int | None = None
    suits: int = 1
    setting: str = ""
    notice: str = ""


class Menu:
    """Screens: main, settings, statistics, and a number box."""

    def __init__(self, settings: Settings, stats: Any = None, game: str = "freecell") -> None:
        self.settings = settings
        self.stats = stats
        self.game = game
        self.stack: list[str] = []
        self.focus = 0
        self.entry: str | None = None
        self.entry_for = ""
        self.error = ""

    @property
    def is_open(self) -> bool:
        return bool(self.stack)

    def open(self) -> None:
        self.stack = ["main"]
        self.focus = 0
        self.entry = None
        self.error = ""

    def close(self) -> None:
        self.stack = []
        self.entry = None

    def back(self) -> None:
        if self.entry is not None:
            self.entry = None
            self.error = ""
            return
        self.stack.pop()
        self.focus = 0

    # --- screens -----------------------------------------------------------------

    def _main(self) -> tuple[str, tuple[str, ...], list[Button]]:
        from game.freecell.daily import daily_deal
        from game.freecell.difficulty import difficulty

        today = daily_deal()
        rating = difficulty(today)
        label = f" ({rating.label})" if rating else ""
        s = self.settings.spider_suits
        return ("Solitaire", (), [
            Button(f"FreeCell: today's deal #{today}{label}", "freecell-today"),
            Button("FreeCell: Easy deal", "freecell-easy"),
            Button("FreeCell: Normal deal", "freecell-normal"),
            Button("FreeCell: Hard deal", "freecell-hard"),
            Button("FreeCell: random deal", "freecell-random"),
            Button("FreeCell: enter a deal number", "freecell-number"),
            Button(f"Spider: new game, {s} suit{'s' * (s > 1)}", "spider-new"),
            Button(f"Spider difficulty: {s} suit{'s' * (s > 1)} (change)", "spider-suits"),
            Button("Spider: enter a game number", "spider-number"),
            Button("Settings", "settings"),
            Button("Statistics", "statistics"),
            Button("How to play", "help"),
            Button("Back to the game", "close"),
            Button("Quit", "quit"),
        ])

    def _settings(self) -> tuple[str, tuple[str, ...], list[Button]]:
        st = self.settings
        on = {True: "on", False: "off"}
        return ("Settings", (), [
            Button(f"Automatic foundation moves: {on[st.auto_foundation]}", "set-auto_foundation"),
            Button(f"One click sends home: {on[st.one_click_home]}", "set-one_click_home"),
            Button(f"Live winnability check: {on[st.live_winnability]}", "set-live_winnability"),
            Button(f"Animation speed: {st.animation_speed}", "set-animation_speed"),
            Button(f"Sound volume: {round(st.volume * 100)}%" + (" (muted: S)" if st.muted else ""), "set-volume"),
            Button(f"Deck: {'four' if st.four_colour else 'two'} colours", "set-four_colour"),
            Button(f"Table: {st.table_colour}", "set-table_colour"),
            Button(f"Card back: {st.card_back}", "set-card_back"),
            Button(f"Fullscreen: {on[st.fullscreen]}", "set-fullscreen"),
            Button("Back", "back"),
        ])

    def _statistics(self) -> tuple[str, tuple[str, ...], list[Button]]:
        lines: list[str] = []
        if self.stats is not None:
            for key, name in (("freecell", "FreeCell"), ("spider-1", "Spider 1 suit"),
                              ("spider-2", "Spider 2 suits"), ("spider-4", "Spider 4 suits")):
                rows = dict(self.stats.summary(key))
                line = (f"{name}: played {rows['Played']}, won {rows['Won']} ({rows['Win rate']}), "
                        f"streak {rows['Current streak']} (best {rows['Best streak']}), "
                        f"best time {rows['Best time']}, fewest moves {rows['Fewest moves']}")
                lines.append(line)
                recent = self.stats[key].recent[-20:]
                if recent:
                    # A small chart of the latest results, oldest first: filled = won.
                    lines.append("    recent: " + " ".join("\u25cf" if r.won else "\u25cb" for r in recent))
            daily = dict(self.stats.summary("freecell"))
            lines.append(f"Daily deals: played {daily['Daily deals played']}, won {daily['Daily deals won']}, "
                         f"streak {daily['Daily streak']}")
        return ("Statistics", tuple(lines), [Button("Clear statistics", "clear-stats"), Button("Back", "back")])

    def _confirm_clear(self) -> tuple[str, tuple[str, ...], list[Button]]:
        return ("Clear all statistics?", ("This cannot be undone.",),
                [Button("Clear them", "clear-confirmed"), Button("Keep them", "back")])

    def panel(self) -> Panel | None:
        if not self.stack:
            return None
        screen = self.stack[-1]
        title, lines, buttons = {"main": self._main, "settings": self._settings,
                                 "statistics": self._statistics, "confirm-clear": self._confirm_clear}[screen]()
        if self.entry is not None:
            what = "deal number 1..1,000,000" if self.entry_for == "freecell" else "game number 1..999,999"
            lines = (f"Enter a {what}, then Enter:", f"> {self.entry}_") + ((self.error,) if self.error else ())
            buttons = [Button("OK", "entry-ok"), Button("Cancel", "back")]
        elif self.error:
            lines = tuple(lines) + (self.error,)
        self.focus = max(0, min(self.focus, len(buttons) - 1))
        return Panel(title, lines, tuple(buttons), vertical=True, focus=self.focus)

    def buttons(self) -> tuple[Button, ...]:
        p = self.panel()
        return p.buttons if p is not None else ()

    # --- input ---------------------------------------------------------------------

    def move_focus(self, delta: int) -> None:
        n = len(self.buttons())
        if n:
            self.focus = (self.focus + delta) % n

    def press(self) -> Request | None:
        buttons = self.buttons()
        if not buttons:
            return None
        return self.choose(buttons[self.focus].action)

    def type_text(self, text: str) -> None:
        if self.entry is not None:
            self.entry = (self.entry + text)[:12]
            self.error = ""

    def backspace(self) -> None:
        if self.entry:
            self.entry = self.entry[:-1]

    def confirm_entry(self) -> Request | None:
        """The typed number, or None with :attr:`error` saying why not."""
        from game.freecell.deals import parse_deal_number
        from game.numbers import NumberError
        from game.spider.deals import parse_game_number

        text = self.entry or ""
        try:
            if self.entry_for == "freecell":
                number = parse_deal_number(text)
                from game.freecell.deals import is_known_unsolvable

                notice = "This deal is known to be unsolvable" if is_known_unsolvable(number) else ""
                self.close()
                return Request("freecell", number, notice=notice)
            number = parse_game_number(text)
            self.close()
            return Request("spider", number, self.settings.spider_suits)
        except NumberError as exc:
            self.error = str(exc)
            return None

    def choose(self, action: str) -> Request | None:
        """Carry out a button: open a screen, or return what the app must do."""
        self.error = ""
        if action == "close":
            self.close()
            return Request("close")
        if action == "back":
            self.back()
            return None
        if action == "help":
            self.close()
            return Request("help")
        if action == "quit":
            self.close()
            return Request("quit")
        if action in ("settings", "statistics"):
            self.stack.append(action)
            self.focus = 0
            return None
        if action == "clear-stats":
            self.stack.append("confirm-clear")
            self.focus = 1  # the safe answer first
            return None
        if action == "clear-confirmed":
            self.stack.pop()
            return Request("setting", setting="clear-stats")
        if action == "entry-ok":
            return self.confirm_entry()
        if action in ("freecell-number", "spider-number"):
            self.entry = ""
            self.entry_for = action.split("-")[0]
            self.focus = 0
            return None
        if action == "spider-suits":
            order = (1, 2, 4)
            self.settings.spider_suits = order[(order.index(self.settings.spider_suits) + 1) % 3]
            return Request("setting", setting="spider_suits")
        if action.startswith("set-"):
            name = action[4:]
            st = self.settings
            if name == "animation_speed":
                st.animation_speed = SPEEDS[(SPEEDS.index(st.animation_speed) + 1) % len(SPEEDS)]
            elif name in ("table_colour", "card_back"):
                from game.render import theme

                names = theme.TABLE_COLOURS if name == "table_colour" else theme.CARD_BACKS
                setattr(st, name, names[(names.index(getattr(st, name)) + 1) % len(names)])
            elif name == "volume" and st.muted:
                st.muted = False  # choosing the volume while muted brings the sound back first
            elif name == "volume":
                steps = VOLUMES
                nearest = min(range(len(steps)), key=lambda i: abs(steps[i] - st.volume))
                st.volume = steps[(nearest + 1) % len(steps)]
            else:
                setattr(st, name, not getattr(st, name))
            return Request("setting", setting=name)
        if action == "spider-new":
            from game.spider.deals import random_game_number

            self.close()
            if not self.settings.spider_started:
                # A player's very first Spider game is 1-suit game #1, proven winnable.
                self.settings.spider_started = True
                return Request("spider", 1, 1, setting="spider_started")
            return Request("spider", random_game_number(), self.settings.spider_suits)
        if action.startswith("freecell-"):
            number, notice = self._freecell_choice(action[9:])
            if number is None:
                self.error = notice
                return None
            self.close()
            return Request("freecell", number, notice=notice)
        return None

    @staticmethod
    def _freecell_choice(kind: str) -> tuple[int | None, str]:
        from game.freecell.daily import daily_deal
        from game.freecell.deals import random_deal
        from game.freecell.difficulty import LEVELS, load_table

        if kind == "today":
            return daily_deal(), ""
        if kind == "random":
            return random_deal(), ""
        level = kind.capitalize()
        pool = [n for n, d in load_table().items() if d.exact and d.cells is not None and LEVELS[d.cells] == level]
        if not pool:
            return None, f"no {level} deal is rated yet"
        return pool[secrets.randbelow(len(pool))], ""
