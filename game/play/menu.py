"""The menus: choose a game and a deal, settings, statistics.

A menu is a stack of screens; each screen is a :class:`game.play.panels.Panel`
whose buttons sit in titled sections of rows (a choice such as Spider's
1 | 2 | 4 is a row of buttons with the current one ``selected``); the
keyboard and gamepad walk them in two dimensions (:meth:`Menu.move_focus_2d`),
Enter chooses and Esc goes back. Choosing returns a *request* the app carries
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

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.i18n import LANGUAGES, N_, _, language, pgettext
from game.i18n.formats import listed, number_range, percent
from game.play.panels import Button, Calendar, Chart, Grid, Panel, Row, Section
from game.play.settings import AUTO_MOVES, CHOICE_NAMES, DRAG_DISTANCES, SPEEDS, TEXT_SIZES, VOLUMES, Settings
from game.quoting import printable

if TYPE_CHECKING:
    import datetime

    from game.challenges import ChallengeProgress
    from game.input.actions import Act
    from game.stats import Statistics

__all__ = ["SPEEDS", "Menu", "Request", "Settings"]

class _Buttons:
    """A screen's buttons as they are added; :meth:`add` returns the new one's index as a 1-tuple."""

    def __init__(self) -> None:
        self.buttons: list[Button] = []

    def add(self, label: str, action: str, enabled: bool = True) -> tuple[int]:
        self.buttons.append(Button(label, action, enabled))
        return (len(self.buttons) - 1,)


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
    """Screens: main, settings, statistics, and a number box."""

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

    # --- screens -----------------------------------------------------------------
    # Each screen is built as sections of rows over one flat list of buttons;
    # a row names its buttons by index, so focus and clicks stay one list.

    def _main(self) -> tuple[str, list[Section], list[Button]]:
        from game.challenges.sentences import suits_name
        from game.freecell.daily import daily_deal, today_in_japan
        from game.freecell.difficulty import difficulty

        today = daily_deal()
        rating = difficulty(today)
        state = _("not played yet")
        if self.stats is not None:
            day = self.stats.daily.days.get(today_in_japan().isoformat())
            state = _("won \u2713") if day else _("played, not won") if day is not None else state
        about = f"{rating.label} \u00b7 {state}" if rating else state
        s = self.settings.spider_suits
        b = _Buttons()
        fc_rows = [
            Row(_("Today"), b.add(_("Play #{today}").format(today=today), "freecell-today"), value=about),
            Row(_("New deal"), b.add(_("Easy"), "freecell-easy") + b.add(_("Normal"), "freecell-normal")
                + b.add(_("Hard"), "freecell-hard") + b.add(_("Random"), "freecell-random"),
                note=self.error if self.error and self.entry is None else ""),
            self._number_row("freecell", _("Deal number"), b),
        ]
        day_rows, challenge_rows = self._challenge_rows(b)
        suits = b.add("1", "spider-suits-1") + b.add("2", "spider-suits-2") + b.add("4", "spider-suits-4")
        spider_rows = [
            Row(_("Suits"), suits, selected=(suits[(1, 2, 4).index(s)],) if s in (1, 2, 4) else ()),
            Row(_("New game"),
                # TRANSLATORS: {suits} is "1 suit", "2 suits" or "4 suits", as the game names its levels.
                b.add(_("Play {suits}").format(suits=suits_name(s)), "spider-new")),
            self._number_row("spider", _("Game number"), b),
        ]
        more_rows = [
            Row("", b.add(_("Settings"), "settings") + b.add(_("Statistics"), "statistics")
                + b.add(_("How to play"), "help")),
            Row("", b.add(_("Back to the game"), "close") + b.add(_("Quit"), "quit")),
        ]
        fc_rows += day_rows + challenge_rows["freecell"]
        spider_rows += challenge_rows["spider"]
        return (_("Solitaire"), [Section(_("FreeCell"), tuple(fc_rows)), Section(_("Spider"), tuple(spider_rows)),
                              Section(_("More"), tuple(more_rows))], b.buttons)

    def challenge_date(self) -> datetime.date:
        """The date whose challenges the menu shows: today, or a past day of this month."""
        import datetime

        from game.freecell.daily import today_in_japan

        today = today_in_japan()
        back = max(0, min(self.challenge_days_back, today.day - 1))
        return today - datetime.timedelta(days=back)

    def _challenge_rows(self, b: _Buttons) -> tuple[list[Row], dict[str, list[Row]]]:
        """The day's challenges by game: one row each (level, done or not, Play) with its
        goal in words under it, and the row that picks the day (a past day of this month)."""
        from game.challenges import challenges_for
        from game.challenges.sentences import say
        from game.freecell.daily import today_in_japan
        from game.i18n.formats import day_and_month

        today = today_in_japan()
        date = self.challenge_date()
        back = (today - date).days  # a new month starts at its 1st
        rows: dict[str, list[Row]] = {"freecell": [], "spider": []}
        for c in challenges_for(date):
            state = self.progress.state(c) if self.progress is not None else "none"
            done = state in ("done", "late")
            if done:
                # TRANSLATORS: a challenge row's button in the menu: start that challenge's game.
                label = pgettext("challenge button", "Play again")
            else:
                # TRANSLATORS: a challenge row's button in the menu: start that challenge's game.
                label = pgettext("challenge button", "Play")
            value = say(f"state.{state}") + (" \u2713" if done else "")
            rows[c.game].append(Row(c.level_name(), b.add(label, f"challenge-{c.id}"), value=value,
                                    detail=c.sentence()))
        when = say("menu.today") if back == 0 else day_and_month(date.month, date.day)
        status = ""
        if self.progress is not None:
            status = say("menu.streak", badge=self.progress.badge_line(today.year, today.month),
                         streak=self.progress.streak_line(today))
        day_row = Row(say("menu.challenges"), b.add(say("menu.earlier"), "challenge-earlier", date.day > 1)
                      + b.add(say("menu.later"), "challenge-later", back > 0), value=when, detail=status)
        return [day_row], rows

    def _number_row(self, game: str, label: str, b: _Buttons) -> Row:
        """The number box, inline: "Enter..." until chosen, then the box with OK and Cancel."""
        if self.entry is None or self.entry_for != game:
            return Row(label, b.add(_("Enter\u2026"), f"{game}-number"))
        what = number_range(1, 1_000_000 if game == 'freecell' else 999_999)
        text, c = self.entry, self.cursor
        # The digit the gamepad's Up/Down change is bracketed; at the end, the caret waits for one.
        shown = (f"{printable(text[:c])}[{printable(text[c])}]{printable(text[c + 1:])}" if c < len(text)
                 else f"{printable(text)}_")
        return Row(label, b.add(_("OK"), "entry-ok") + b.add(_("Cancel"), "back"), value=shown,
                   note=self.error or _("Type a number {what}, then press Enter").format(what=what), box=True)

    def _settings(self) -> tuple[str, list[Section], list[Button]]:
        from game.render import theme

        st = self.settings
        b = _Buttons()

        def toggle(label: str, name: str) -> Row:
            on = bool(getattr(st, name))
            index = b.add(_("On") if on else _("Off"), f"set-{name}")
            return Row(label, index, selected=index if on else ())

        def choice(label: str, name: str, values: tuple[object, ...], names: tuple[str, ...], current: object,
                   why_not: str = "") -> Row:
            """``why_not``: the row cannot change now (its buttons greyed), and this says why.
            ``values``: the setting's values (words, numbers), only written into the
            button's action and compared with ``current``."""
            index: tuple[int, ...] = ()
            chosen: tuple[int, ...] = ()
            for value, text in zip(values, names):
                i = b.add(text, f"set-{name}={value}", not why_not)
                index += i
                if value == current:
                    chosen = i
            return Row(label, index, selected=chosen, note=why_not)

        held = self.held()  # a challenge's level is the one in force, and it is shown
        play = (choice(_("FreeCell: automatic foundation moves"), "auto_moves", AUTO_MOVES,
                       tuple(_(CHOICE_NAMES[x]) for x in AUTO_MOVES), *(held or (st.auto_moves,))),
                toggle(_("One click sends home"), "one_click_home"),
                # TRANSLATORS: a Settings switch: a click lifts cards, they follow the pointer,
                # and the next click puts them down (no button is held down).
                toggle(_("Click to pick up and drop"), "click_to_move"),
                # TRANSLATORS: how far the pointer must move with the button down before a press is
                # a drag (a long way keeps a shaky click a click); its choices follow.
                choice(_("How far a drag must go"), "drag_distance", DRAG_DISTANCES,
                       (pgettext("drag distance", "Short"), pgettext("drag distance", "Medium"),
                        pgettext("drag distance", "Long")), st.drag_distance),
                toggle(_("Live winnability check"), "live_winnability"),
                toggle(_("Par for each game"), "find_par"),
                toggle(_("FreeCell: show which moves keep the win"), "move_grades"),
                choice(_("Animation speed"), "animation_speed", SPEEDS, tuple(_(CHOICE_NAMES[x]) for x in SPEEDS),
                       st.animation_speed),
                self._winnable_row(b),
                self._calm_row(b))
        look = (choice(_("Deck"), "four_colour", ("off", "on"), (_("2 colours"), _("4 colours")),
                       "on" if st.four_colour else "off"),
                choice(_("Table"), "table_colour", theme.TABLE_COLOURS,
                       tuple(_(CHOICE_NAMES.get(x, x.capitalize())) for x in theme.TABLE_COLOURS), st.table_colour),
                choice(_("Card back"), "card_back", theme.CARD_BACKS,
                       tuple(_(CHOICE_NAMES.get(x, x.capitalize())) for x in theme.CARD_BACKS), st.card_back),
                # TRANSLATORS: a Settings switch for low vision: a dark table, white cards, bright outlines.
                toggle(_("High contrast"), "high_contrast"),
                # TRANSLATORS: a Settings switch: the rank and suit in the cards' corners printed larger.
                toggle(_("Large print cards"), "large_print"),
                # TRANSLATORS: Settings: how large every word of the game is set (100%, 125%, 150%, 200%).
                choice(_("Text size"), "text_size", TEXT_SIZES, tuple(percent(v / 100) for v in TEXT_SIZES),
                       st.text_size),
                toggle(_("Outline the last move"), "last_move_outline"),
                toggle(_("Left-handed table"), "left_handed"),
                toggle(_("Fullscreen"), "fullscreen"))
        sound_on = b.add(_("On") if not st.muted else _("Off (S)"), "set-muted")
        volumes = tuple(round(v * 100) for v in VOLUMES if v > 0)
        level = round(st.volume * 100)
        sound = (Row(_("Sound"), sound_on, selected=sound_on if not st.muted else ()),
                 choice(_("Volume"), "volume", volumes, tuple(percent(v / 100) for v in volumes), level))
        # Each language named in itself, so a player who cannot read the current one finds theirs.
        speech = (choice("", "language", tuple(LANGUAGES), tuple(LANGUAGES.values()), st.language or language()),)
        b.add(_("Back"), "back")
        return (_("Settings"), [Section(_("Play"), play), Section(_("Look"), look), Section(_("Sound"), sound),
                                Section(_("Language"), speech)], b.buttons)

    def _calm_row(self, b: _Buttons) -> Row:
        """Reduced motion: on or off as it is in force, the desktop's choice until the player makes one."""
        st = self.settings
        calm = st.calm(self.desktop())
        index = b.add(_("On") if calm else _("Off"), "set-reduced_motion")
        # TRANSLATORS: Settings' note under "Reduced motion" while it follows the desktop's own setting.
        note = _("As your desktop asks") if calm and st.reduced_motion is None else ""
        # TRANSLATORS: a Settings switch: cards step instead of flying, no celebration, no pulsing glow.
        return Row(_("Reduced motion"), index, selected=index if calm else (), note=note)

    #: "Winnable deals only": one switch per game (Spider per suit count), as (field, button label).
    WINNABLE = (("winnable_freecell", N_("FreeCell")), ("winnable_spider_1", N_("Spider 1 suit")),
                ("winnable_spider_2", N_("2 suits")), ("winnable_spider_4", N_("4 suits")))

    def _winnable_row(self, b: _Buttons) -> Row:
        index: tuple[int, ...] = ()
        on: tuple[int, ...] = ()
        for name, label in self.WINNABLE:
            i = b.add(_(label), f"set-{name}")
            index += i
            if getattr(self.settings, name):
                on += i
        return Row(_("Winnable deals only"), index, selected=on)

    #: The statistics chart's choices: a game bucket and its tab's label.
    CHARTS = (("freecell", N_("FreeCell")), ("spider-1", N_("Spider 1 suit")), ("spider-2", N_("2 suits")),
              ("spider-4", N_("4 suits")), ("daily", N_("Daily")), ("challenges", N_("Challenges")))
    #: The tabs that show a month (the daily deal's, the daily challenges').
    MONTHS = ("daily", "challenges")

    def _statistics(self) -> tuple[str, list[Section], list[Button], Grid | None, Chart | Calendar | None]:
        from game.stats import outcome, table_columns

        b = _Buttons()
        grid: Grid | None = None
        chart: Chart | Calendar | None = None
        sections: list[Section] = []
        if self.stats is not None:
            if self.chart_game != "challenges":  # the challenges' month takes the table's room
                grid = Grid(("",) + table_columns(), tuple((name,) + cells for name, cells in self.stats.table()))
            tabs: tuple[int, ...] = ()
            chosen: tuple[int, ...] = ()
            for key, label in self.CHARTS:
                i = b.add(_(label), f"chart-{key}")
                tabs += i
                if key == self.chart_game:
                    chosen = i
            rows = [Row("", tabs, selected=chosen)]
            if self.chart_game in self.MONTHS:
                rows.append(Row("", b.add(_("\u2039 Earlier month"), "month-earlier")
                                + b.add(_("Later month \u203a"), "month-later", self.months_back > 0)))
            sections.append(Section(_("Recent games"), tuple(rows)))
            name = dict(self.CHARTS)[self.chart_game]
            if self.chart_game == "challenges":
                chart = self._challenge_calendar()
                sections.append(self._badges())
            elif self.chart_game == "daily":
                chart = self._calendar(self.stats)
            else:
                games = tuple((r.seconds, outcome(r)) for r in self.stats[self.chart_game].recent)
                chart = Chart(_(name), games)
        b.add(_("Clear statistics"), "clear-stats")
        b.add(_("Back"), "back")
        return _("Statistics"), sections, b.buttons, grid, chart

    def _chart_on_open(self) -> None:
        """The statistics open on the game on the table (Spider's with its suits, even
        before its first result); with none, on a game that has results, if any has."""
        game = self.playing() if self.playing is not None else None
        if game in dict(self.CHARTS):
            self.chart_game = game
        elif self.stats is not None and not self.stats[self.chart_game].played:
            self.chart_game = next((k for k, _ in self.CHARTS[:-2] if self.stats[k].played), self.chart_game)

    def _calendar(self, stats: Statistics) -> Calendar:
        """This month (a Japan date, as the daily deal's) with the days played and won marked."""
        import calendar
        import datetime

        from game.freecell.daily import today_in_japan

        today = today_in_japan()
        index = today.year * 12 + today.month - 1 - self.months_back
        year, month = divmod(index, 12)
        month += 1
        first = datetime.date(year, month, 1)
        length = calendar.monthrange(year, month)[1]
        days = stats.daily.days
        marks = []
        for d in range(1, length + 1):
            won = days.get(datetime.date(year, month, d).isoformat())
            marks.append("won" if won else "played" if won is not None else "")
        from game.i18n.formats import month_and_year

        return Calendar(month_and_year(year, month), first.weekday(), tuple(marks),
                        today.day if self.months_back == 0 else 0)

    def _month_shown(self) -> tuple[datetime.date, int, int]:
        """Today (a Japan date) and the year and month the calendar shows."""
        from game.freecell.daily import today_in_japan

        today = today_in_japan()
        index = today.year * 12 + today.month - 1 - self.months_back
        year, month = divmod(index, 12)
        return today, year, month + 1

    def _challenge_calendar(self) -> Calendar:
        """The month's days coloured by their challenges: one done on its day, done
        later only, tried, not tried (the marks of ``challenges.json``)."""
        import datetime

        from game.challenges import ChallengeProgress
        from game.challenges.sentences import say
        from game.i18n.formats import month_and_year

        today, year, month = self._month_shown()
        progress = self.progress if self.progress is not None else ChallengeProgress()
        marks = []
        for _day, states in progress.calendar(year, month):
            marks.append(next((s for s in ("done", "late", "tried") if s in states), ""))
        legend = tuple((s, say(f"state.{s}")) for s in ("done", "late", "tried"))
        return Calendar(say("calendar.title", month=month_and_year(year, month)),
                        datetime.date(year, month, 1).weekday(), tuple(marks),
                        today.day if self.months_back == 0 else 0, legend)

    def _badges(self) -> Section:
        """The month's badge and the next one's threshold, every threshold, the daily streak."""
        from game.challenges import BADGES, ChallengeProgress
        from game.challenges.sentences import say, streak_heading, streak_row

        today, year, month = self._month_shown()
        progress = self.progress if self.progress is not None else ChallengeProgress()
        levels = listed(say("calendar.threshold", badge=say(f"badge.{name}"), needed=needed)
                           for name, needed in BADGES)
        badge = progress.badge(year, month)
        best = progress.best_streak
        name = say(f"badge.{badge}") if badge else say("badge.none")
        rows = (Row(say("calendar.badge"), value=f"{name} \u00b7 {progress.badge_line(year, month)}",
                    detail=say("calendar.thresholds", levels=levels)),
                Row(streak_heading(), value=streak_row(progress.streak(today), best)))
        return Section(say("calendar.section"), rows)

    def _confirm_clear(self) -> tuple[str, tuple[str, ...], list[Button]]:
        return (_("Clear all statistics?"), (_("This cannot be undone."),),
                [Button(_("Clear them"), "clear-confirmed"), Button(_("Keep them"), "back")])

    def panel(self) -> Panel | None:
        if not self.stack:
            return None
        screen = self.stack[-1]
        if screen == "confirm-clear":
            title, lines, buttons = self._confirm_clear()
            self.focus = max(0, min(self.focus, len(buttons) - 1))
            return Panel(title, lines, tuple(buttons), focus=self.focus)
        grid: Grid | None = None
        chart: Chart | None = None
        cal: Calendar | None = None  # a month of days in the chart's place
        if screen == "statistics":
            title, sections, buttons, grid, shown = self._statistics()
            if isinstance(shown, Calendar):
                cal = shown
            else:
                chart = shown
        else:
            title, sections, buttons = self._main() if screen == "main" else self._settings()
        self.focus = max(0, min(self.focus, len(buttons) - 1))
        return Panel(title, (), tuple(buttons), vertical=True, focus=self.focus, sections=tuple(sections),
                     grid=grid, chart=chart, calendar=cal)

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
                self._chart_on_open()
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
            if action[6:] in dict(self.CHARTS):
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
        if action.startswith("set-") and "=" in action:
            return self._set(*action[4:].split("=", 1))
        if action.startswith("set-"):
            name = action[4:]
            st = self.settings
            if name == "muted":
                st.toggle_mute()
            elif name == "reduced_motion":
                st.reduced_motion = not st.calm(self.desktop())  # from now on the player's own choice
            elif name == "animation_speed":
                st.animation_speed = SPEEDS[(SPEEDS.index(st.animation_speed) + 1) % len(SPEEDS)]
            elif name == "auto_moves":
                st.auto_moves = AUTO_MOVES[(AUTO_MOVES.index(st.auto_moves) + 1) % len(AUTO_MOVES)]
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

    def _set(self, name: str, value: str) -> Request | None:
        """A choice row's button: ``name`` takes ``value`` (as the button wrote it)."""
        st = self.settings
        if name == "volume":
            st.volume = int(value) / 100
            st.muted = False  # choosing a volume means to hear it
        elif name == "four_colour":
            st.four_colour = value == "on"
        elif name == "language" and value in LANGUAGES:
            st.language = value
        elif name == "drag_distance" and value in DRAG_DISTANCES:
            st.drag_distance = value
        elif name == "text_size" and value.isdigit() and int(value) in TEXT_SIZES:
            st.text_size = int(value)
        elif name in ("animation_speed", "table_colour", "card_back") or (name == "auto_moves" and value in AUTO_MOVES):
            setattr(st, name, value)
        else:
            return None
        return Request("setting", setting=name)

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
