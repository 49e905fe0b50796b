"""The menu's Statistics screen, and the question its Clear button asks.

The table of results by game, the tabs that choose what shows under it (a
game's recent results as a chart, the daily deals' month, the daily
challenges' month with the badges and the streak) and the month buttons.
:func:`statistics_screen` builds it from what it shows;
:class:`game.play.menu.Menu` keeps which tab and which month are chosen::

    >>> from game.stats import Statistics
    >>> p = statistics_screen(Statistics(), None, "daily", months_back=0)
    >>> p.title, [s.title for s in p.sections], p.calendar is not None
    ('Statistics', ['Recent games'], True)
    >>> [b.action for b in p.buttons][-4:]
    ['month-earlier', 'month-later', 'clear-stats', 'back']
    >>> confirm_clear().buttons[1].action  # Keep them: the safe answer
    'back'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import N_, _
from game.i18n.formats import listed
from game.play.panels import Button, Buttons, Calendar, Chart, Grid, Panel, Row, Section

if TYPE_CHECKING:
    import datetime

    from game.challenges import ChallengeProgress
    from game.stats import Statistics

__all__ = ["CHARTS", "chart_to_open", "confirm_clear", "statistics_screen"]

#: The statistics chart's choices: a game bucket and its tab's label.
CHARTS = (("freecell", N_("FreeCell")), ("spider-1", N_("Spider 1 suit")), ("spider-2", N_("2 suits")),
          ("spider-4", N_("4 suits")), ("daily", N_("Daily")), ("challenges", N_("Challenges")))
#: The tabs that show a month (the daily deal's, the daily challenges').
MONTHS = ("daily", "challenges")


def statistics_screen(stats: Statistics | None, progress: ChallengeProgress | None, chart_game: str,
                      months_back: int) -> Panel:
    """The Statistics screen with the tab ``chart_game`` (a key of :data:`CHARTS`) chosen;
    a month tab shows the month ``months_back`` months before this one; ``progress`` the
    player's challenge marks (None: none yet). With no ``stats``, only Clear and Back."""
    from game.stats import outcome, table_columns

    b = Buttons()
    grid: Grid | None = None
    chart: Chart | None = None
    calendar: Calendar | None = None  # a month of days in the chart's place
    sections: list[Section] = []
    if stats is not None:
        if chart_game != "challenges":  # the challenges' month takes the table's room
            grid = Grid(("",) + table_columns(), tuple((name,) + cells for name, cells in stats.table()))
        tabs: tuple[int, ...] = ()
        chosen: tuple[int, ...] = ()
        for key, label in CHARTS:
            i = b.add(_(label), f"chart-{key}")
            tabs += i
            if key == chart_game:
                chosen = i
        rows = [Row("", tabs, selected=chosen)]
        if chart_game in MONTHS:
            rows.append(Row("", b.add(_("\u2039 Earlier month"), "month-earlier")
                            + b.add(_("Later month \u203a"), "month-later", months_back > 0)))
        sections.append(Section(_("Recent games"), tuple(rows)))
        name = dict(CHARTS)[chart_game]
        if chart_game == "challenges":
            calendar = _challenge_calendar(progress, months_back)
            sections.append(_badges(progress, months_back))
        elif chart_game == "daily":
            calendar = _calendar(stats, months_back)
        else:
            games = tuple((r.seconds, outcome(r)) for r in stats[chart_game].recent)
            chart = Chart(_(name), games)
    b.add(_("Clear statistics"), "clear-stats")
    b.add(_("Back"), "back")
    return Panel(_("Statistics"), (), tuple(b.buttons), vertical=True, sections=tuple(sections), grid=grid,
                 chart=chart, calendar=calendar)


def chart_to_open(chart_game: str, playing: str | None, stats: Statistics | None) -> str:
    """The tab the statistics open on: the game on the table (``playing``, Spider's with its
    suits, even before its first result); with none, ``chart_game`` if it has results, else
    the first game that has, if any has::

        >>> chart_to_open("freecell", "spider-2", None), chart_to_open("spider-4", None, None)
        ('spider-2', 'spider-4')
    """
    if playing in dict(CHARTS):
        return playing
    if stats is not None and not stats[chart_game].played:
        return next((k for k, _label in CHARTS[:-2] if stats[k].played), chart_game)
    return chart_game


def confirm_clear() -> Panel:
    """The question before the statistics are cleared: Clear them, or Keep them (Back)."""
    return Panel(_("Clear all statistics?"), (_("This cannot be undone."),),
                 (Button(_("Clear them"), "clear-confirmed"), Button(_("Keep them"), "back")))


def _month_shown(months_back: int) -> tuple[datetime.date, int, int]:
    """Today (a Japan date) and the year and month the calendar shows."""
    from game.freecell.daily import today_in_japan

    today = today_in_japan()
    index = today.year * 12 + today.month - 1 - months_back
    year, month = divmod(index, 12)
    return today, year, month + 1


def _calendar(stats: Statistics, months_back: int) -> Calendar:
    """The month (a Japan date, as the daily deal's) with the days played and won marked."""
    import calendar
    import datetime

    from game.i18n.formats import month_and_year

    today, year, month = _month_shown(months_back)
    first = datetime.date(year, month, 1)
    length = calendar.monthrange(year, month)[1]
    days = stats.daily.days
    marks = []
    for d in range(1, length + 1):
        won = days.get(datetime.date(year, month, d).isoformat())
        marks.append("won" if won else "played" if won is not None else "")
    return Calendar(month_and_year(year, month), first.weekday(), tuple(marks),
                    today.day if months_back == 0 else 0)


def _challenge_calendar(progress: ChallengeProgress | None, months_back: int) -> Calendar:
    """The month's days coloured by their challenges: one done on its day, done
    later only, tried, not tried (the marks of ``challenges.json``)."""
    import datetime

    from game.challenges import ChallengeProgress
    from game.challenges.sentences import say
    from game.i18n.formats import month_and_year

    today, year, month = _month_shown(months_back)
    progress = progress if progress is not None else ChallengeProgress()
    marks = []
    for _day, states in progress.calendar(year, month):
        marks.append(next((s for s in ("done", "late", "tried") if s in states), ""))
    legend = tuple((s, say(f"state.{s}")) for s in ("done", "late", "tried"))
    return Calendar(say("calendar.title", month=month_and_year(year, month)),
                    datetime.date(year, month, 1).weekday(), tuple(marks),
                    today.day if months_back == 0 else 0, legend)


def _badges(progress: ChallengeProgress | None, months_back: int) -> Section:
    """The month's badge and the next one's threshold, every threshold, the daily streak."""
    from game.challenges import BADGES, ChallengeProgress
    from game.challenges.sentences import say, streak_heading, streak_row

    today, year, month = _month_shown(months_back)
    progress = progress if progress is not None else ChallengeProgress()
    levels = listed(say("calendar.threshold", badge=say(f"badge.{name}"), needed=needed)
                    for name, needed in BADGES)
    badge = progress.badge(year, month)
    best = progress.best_streak
    name = say(f"badge.{badge}") if badge else say("badge.none")
    rows = (Row(say("calendar.badge"), value=f"{name} \u00b7 {progress.badge_line(year, month)}",
                detail=say("calendar.thresholds", levels=levels)),
            Row(streak_heading(), value=streak_row(progress.streak(today), best)))
    return Section(say("calendar.section"), rows)
