"""The menu: a stack of screens the player walks, and what each choice asks of the app.

Each screen is a :class:`game.play.panels.Panel` whose buttons sit in titled
sections of rows (a choice such as Spider's 1 | 2 | 4 is a row of buttons
with the current one ``selected``), built by its own module from what it
shows: :mod:`game.play.main_screen`, :mod:`game.play.settings_screen`,
:mod:`game.play.statistics_screen`. The :class:`Menu` here keeps the rest:
which screen is up, the keyboard and gamepad focus (walked in two
dimensions, :meth:`Menu.move_focus_2d`), the number box as it is typed, the
day, tab and month shown. Enter chooses and Esc goes back. Choosing returns
a *request* the app carries out, so the menu itself changes nothing but the
settings its Settings screen shows::

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

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from game.i18n import _
from game.play.main_screen import NumberBox, challenge_day, main_screen
from game.play.panels import Button, Panel
from game.play.settings import SPEEDS, Settings
from game.play.settings_screen import change_setting, settings_screen
from game.play.statistics_screen import CHARTS, chart_to_open, confirm_clear, statistics_screen

if TYPE_CHECKING:
    import datetime

    from game.challenges import ChallengeProgress
    from game.input.actions import Act
    from game.stats import Statistics

__all__ = ["SPEEDS", "Menu", "Request", "Settings"]


@dataclass(frozen=True)
class Request:
    """What the player chose: ``kind`` is "freecell", "spider", "setting", "close",
    "challenge" (``setting``: the challenge's id)."""

    kind: str
    number: int | None = None
    suits: int = 1
    setting: str = ""
    notice: str = ""


class Menu:
    """The open screens (main, settings, statistics, the question before clearing), the focus,
    the number box, and what a button or key does."""

    def __init__(self, settings: Settings, stats: Statistics | None = None, game: str = "freecell", *,
                 marks: Callable[[], ChallengeProgress] | None = None,
                 held: Callable[[], tuple[str, str] | None] | None = None,
                 playing: Callable[[], str] | None = None,
                 desktop: Callable[[], bool | None] | None = None) -> None:
        self.settings = settings
        self.stats = stats
        self.game = game
        #: The game whose recent results the statistics chart shows ("daily": the month calendar).
        self.chart_game = "freecell"
        #: How many months before this one the daily calendar shows.
        self.months_back = 0
        self.stack: list[str] = []
        self.focus = 0
        self.entry: str | None = None
        self.entry_for = ""
        #: Where the gamepad's digit goes in the number box (``len(entry)``: a new digit at the end).
        self.cursor = 0
        self.error = ""
        #: The player's challenge marks (:class:`game.challenges.ChallengeProgress`; None: none shown),
        #: read afresh from ``marks`` (when given) each time the menu opens.
        self.progress: ChallengeProgress | None = None
        self.marks = marks
        #: The automatic level a challenge on the table holds, and why it cannot change now
        #: (asked as Settings is drawn and chosen; None: the player's own level is in force).
        self.held = held or (lambda: None)
        #: How many days before today the menu's challenges are (past days of this month play too).
        self.challenge_days_back = 0
        #: The statistics bucket of the game on the table ("spider-2"), asked as the statistics
        #: open: they open on its tab (None: no table; the first tab with results).
        self.playing = playing
        #: What the desktop's own "reduce animation" setting asks (None: it does not say), which
        #: reduced motion follows until the player chooses (:meth:`Settings.calm`).
        self.desktop = desktop or (lambda: None)

    @property
    def is_open(self) -> bool:
        return bool(self.stack)

    def open(self) -> None:
        if self.marks is not None:
            self.progress = self.marks()
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
            self._focus_on(f"{self.entry_for}-number")
            return
        self.stack.pop()
        self.focus = 0

    def challenge_date(self) -> datetime.date:
        """The date whose challenges the menu shows: today, or a past day of this month."""
        return challenge_day(self.challenge_days_back)

    def panel(self) -> Panel | None:
        """The screen on top of the stack as it stands, with the focus kept on one of its buttons."""
        if not self.stack:
            return None
        screen = self.stack[-1]
        if screen == "confirm-clear":
            shown = confirm_clear()
        elif screen == "statistics":
            shown = statistics_screen(self.stats, self.progress, self.chart_game, self.months_back)
        elif screen == "main":
            box = NumberBox(self.entry_for, self.entry, self.cursor) if self.entry is not None else None
            shown = main_screen(self.settings, self.stats, self.progress, self.challenge_days_back, box, self.error)
        else:
            shown = settings_screen(self.settings, self.held(), self.desktop())
        self.focus = max(0, min(self.focus, len(shown.buttons) - 1))
        return replace(shown, focus=self.focus)

    def rows(self) -> list[tuple[int, ...]]:
        """The buttons of the open screen by row, top to bottom (the footer last): focus walks these."""
        p = self.panel()
        if p is None:
            return []
        rows = [r.buttons for s in p.sections for r in s.rows if r.buttons]
        named = {i for r in rows for i in r}
        footer = tuple(i for i in range(len(p.buttons)) if i not in named)
        return rows + ([footer] if footer else [])

    def _focus_on(self, action: str) -> None:
        self.focus = next((i for i, b in enumerate(self.buttons()) if b.action == action), 0)

    def buttons(self) -> tuple[Button, ...]:
        p = self.panel()
        return p.buttons if p is not None else ()

    # --- input ---------------------------------------------------------------------

    def move_focus(self, delta: int) -> None:
        """Tab order: the next (or previous) button of the screen."""
        n = len(self.buttons())
        if n:
            self.focus = (self.focus + delta) % n

    def move_focus_2d(self, dx: int, dy: int) -> None:
        """Arrow keys and the d-pad: Left/Right along a row (on to the next row at
        its end), Up/Down to the row above or below, keeping the place in the row.

        >>> m = Menu(Settings()); m.open(); m.choose("settings")
        >>> m.move_focus_2d(0, 7); m.buttons()[m.focus].action  # Play's 8th row: animation speed
        'set-animation_speed=slow'
        >>> m.move_focus_2d(2, 0); m.buttons()[m.focus].action
        'set-animation_speed=fast'
        >>> m.move_focus_2d(0, 1); m.buttons()[m.focus].action  # down keeps the column, within the row
        'set-winnable_spider_2'
        """
        rows = self.rows()
        if not rows:
            return
        at = next((r for r, row in enumerate(rows) if self.focus in row), 0)
        col = rows[at].index(self.focus) if self.focus in rows[at] else 0
        if dx:
            self.move_focus(dx)
            return
        if dy:
            row = rows[(at + dy) % len(rows)]
            self.focus = row[min(col, len(row) - 1)]

    def act(self, act: Act) -> Request | None:
        """A key or gamepad action while the menu is open (an :class:`game.input.Act`):
        the arrows walk the rows of buttons, Select presses one (or confirms the
        number box), Esc goes back, Menu closes; what the app must do, if anything."""
        from game.input.actions import Act

        moves = {Act.FOCUS_UP: (0, -1), Act.FOCUS_DOWN: (0, 1), Act.FOCUS_LEFT: (-1, 0), Act.FOCUS_RIGHT: (1, 0)}
        if self.typing and act in moves:
            self.dial(*moves[act])  # the gamepad fills the number box digit by digit
        elif act in moves:
            self.move_focus_2d(*moves[act])  # the menu's screens are rows of buttons
        elif act in (Act.FOCUS_PREV, Act.FOCUS_NEXT, Act.BAR_PREV, Act.BAR_NEXT):
            self.move_focus(-1 if act in (Act.FOCUS_PREV, Act.BAR_PREV) else 1)
        elif act is Act.SELECT:
            return self.confirm_entry() if self.entry is not None else self.press()
        elif act is Act.CANCEL:
            self.back()
        elif act is Act.MENU:
            self.close()
        return None

    def dial(self, dx: int, dy: int) -> None:
        """The d-pad in the number box: Left/Right move between digits (one past the
        last starts a new one), Up/Down turn the digit there (0..9, round).

        >>> m = Menu(Settings()); m.open(); m.choose("freecell-number")
        >>> for step in [(0, -1), (1, 0), (0, -1), (0, -1), (1, 0), (0, 1)]:  # Up, Right, Up, Up, Right, Down
        ...     m.dial(*step)
        >>> m.entry
        '129'
        >>> m.dial(-1, 0); m.dial(0, 1); m.entry, m.cursor
        ('119', 1)
        """
        if self.entry is None:
            return
        text = self.entry
        if dx:
            self.cursor = max(0, min(len(text), self.cursor + dx))
            return
        if self.cursor >= len(text):
            if len(text) >= 12:
                return
            text += "0"
        c = min(self.cursor, len(text) - 1)
        digit = int(text[c]) if text[c].isdigit() else 0
        self.entry = text[:c] + str((digit - dy) % 10) + text[c + 1:]
        self.cursor = c
        self.error = ""

    def press(self) -> Request | None:
        buttons = self.buttons()
        if not buttons:
            return None
        return self.choose(buttons[self.focus].action)

    @property
    def typing(self) -> bool:
        """The number box has the keyboard: keys are text, not actions."""
        return self.is_open and self.entry is not None

    def type_text(self, text: str) -> None:
        """Typed characters into the number box, kept as typed: the number's
        parser judges them as the command line does (a tab or a no-break
        space is refused, with why), and the box shows them escaped.

        The one exception: the full-width digits a Korean or Japanese keyboard
        sends (０-９) count as 0-9 here, in the box only (the command line stays ASCII)::

            >>> m = Menu(Settings(), None); m.open(); _ = m.choose("freecell-number")
            >>> m.type_text("６１７"); m.entry
            '617'
        """
        from game.numbers import fold_wide

        if self.typing and self.entry is not None:  # (typing: the box is open)
            self.entry = (self.entry + fold_wide(text))[:12]
            self.cursor = len(self.entry)
            self.error = ""

    def paste(self, text: str) -> None:
        """Ctrl+V in the number box: a deal identifier copied from the result panel."""
        # A deal number is a few characters: the rest of a pasted megabyte is not looked at.
        self.type_text(text.strip()[:32].lstrip("#"))

    def backspace(self) -> None:
        if self.entry:
            self.entry = self.entry[:-1]
            self.cursor = len(self.entry)

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

                notice = _("This deal is known to be unsolvable") if is_known_unsolvable(number) else ""
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
        # The keyboard ring goes where the pointer chose (one lit button, not two).
        self.focus = next((i for i, b in enumerate(self.buttons()) if b.action == action), self.focus)
        if self.entry is not None and action not in ("entry-ok", "back", "freecell-number", "spider-number"):
            # Another button while the number box is open: the box closes (typing would go nowhere).
            self.entry = None
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
            if action == "statistics":
                playing = self.playing() if self.playing is not None else None
                self.chart_game = chart_to_open(self.chart_game, playing, self.stats)
                self._focus_on(f"chart-{self.chart_game}")  # the ring on the tab shown, not on the first
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
            self.cursor = 0
            self.entry_for = action.split("-")[0]
            self._focus_on("entry-ok")
            return None
        if action in ("challenge-earlier", "challenge-later"):
            step = 1 if action == "challenge-earlier" else -1
            from game.freecell.daily import today_in_japan

            # Within this month: the 1st at the earliest, today at the latest.
            self.challenge_days_back = max(0, min(today_in_japan().day - 1, self.challenge_days_back + step))
            return None
        if action.startswith("challenge-"):
            self.close()
            return Request("challenge", setting=action[len("challenge-"):])
        if action in ("month-earlier", "month-later"):
            self.months_back = max(0, min(1200, self.months_back + (1 if action == "month-earlier" else -1)))
            return None
        if action.startswith("chart-"):
            if action[6:] in dict(CHARTS):
                self.chart_game = action[6:]
            return None
        if action.startswith("spider-suits-"):
            suits = int(action[13:])
            if suits == self.settings.spider_suits:
                return None  # already the current choice: nothing restarts
            self.settings.spider_suits = suits
            return Request("setting", setting="spider_suits")
        if action.startswith("set-auto_moves") and self.held() is not None:
            return None  # a challenge holds the level (Settings' row says why)
        if action.startswith("set-"):
            changed = change_setting(self.settings, action[4:], self.desktop)
            return Request("setting", setting=changed) if changed is not None else None
        if action == "spider-new":
            self.close()
            if not self.settings.spider_started:
                # A player's very first Spider game is game #1 at the chosen suit count
                # (proven winnable at 1, 2 and 4 suits: assets/spider-winnable.tsv).
                self.settings.spider_started = True
                return Request("spider", 1, self.settings.spider_suits, setting="spider_started")
            # The number is chosen when the player confirms (game.play.dealer).
            return Request("spider", None, self.settings.spider_suits)
        if action.startswith("freecell-"):
            number, notice = self._freecell_choice(action[9:])
            if number is None:
                self.error = notice
                return None
            self.close()
            return Request("freecell", number, notice=notice)
        return None

    def _freecell_choice(self, kind: str) -> tuple[int | None, str]:
        from game.freecell.daily import daily_deal
        from game.play.dealer import next_freecell

        if kind == "today":
            return daily_deal(), ""
        level = None if kind == "random" else kind.capitalize()
        number = next_freecell(self.settings, level)
        if number is not None:
            return number, ""
        return None, {"Easy": _("no Easy deal is rated yet"), "Normal": _("no Normal deal is rated yet"),
                      "Hard": _("no Hard deal is rated yet")}.get(level or "", _("no deal is rated yet"))
