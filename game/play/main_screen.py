"""The menu's first screen: choose a game and a deal.

FreeCell's section (today's deal, a new deal by level, the deal-number box,
the day's challenges and the row that picks their day), Spider's (the suit
count, a new game, the game-number box, its challenges) and More (Settings,
Statistics, How to play, back to the game, Quit). :func:`main_screen` builds
it from what it shows; :class:`game.play.menu.Menu` keeps the state (which
box is open, what is typed, which day) and carries out the buttons::

    >>> from game.play.settings import Settings
    >>> p = main_screen(Settings(), None, None, days_back=0)
    >>> p.title, [s.title for s in p.sections]
    ('Solitaire', ['FreeCell', 'Spider', 'More'])
    >>> [b.action for b in p.buttons][-5:]
    ['settings', 'statistics', 'help', 'close', 'quit']
    >>> boxed = main_screen(Settings(), None, None, days_back=0, box=NumberBox("spider", "617", 1))
    >>> [r.value for r in boxed.sections[1].rows if r.box]
    ['6[1]7']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.i18n import _, pgettext
from game.i18n.formats import number_range
from game.play.panels import Buttons, Panel, Row, Section
from game.quoting import printable

if TYPE_CHECKING:
    import datetime

    from game.challenges import ChallengeProgress
    from game.play.settings import Settings
    from game.stats import Statistics

__all__ = ["NumberBox", "challenge_day", "main_screen"]


@dataclass(frozen=True)
class NumberBox:
    """The open number box: the game it deals (``"freecell"``, ``"spider"``), the
    text typed so far, and where the gamepad's digit goes (``len(text)``: a new one)."""

    game: str
    text: str
    cursor: int


def main_screen(settings: Settings, stats: Statistics | None, progress: ChallengeProgress | None, days_back: int,
                box: NumberBox | None = None, error: str = "") -> Panel:
    """The main menu as it stands: ``progress`` the player's challenge marks (None: none
    shown), ``days_back`` how many days before today its challenges are, ``box`` the open
    number box (None: neither), ``error`` why the last choice was refused."""
    from game.challenges.sentences import suits_name
    from game.freecell.daily import daily_deal, today_in_japan
    from game.freecell.difficulty import difficulty

    today = daily_deal()
    rating = difficulty(today)
    state = _("not played yet")
    if stats is not None:
        day = stats.daily.days.get(today_in_japan().isoformat())
        state = _("won \u2713") if day else _("played, not won") if day is not None else state
    about = f"{rating.label} \u00b7 {state}" if rating else state
    s = settings.spider_suits
    b = Buttons()
    fc_rows = [
        Row(_("Today"), b.add(_("Play #{today}").format(today=today), "freecell-today"), value=about),
        Row(_("New deal"), b.add(_("Easy"), "freecell-easy") + b.add(_("Normal"), "freecell-normal")
            + b.add(_("Hard"), "freecell-hard") + b.add(_("Random"), "freecell-random"),
            note=error if error and box is None else ""),
        _number_row("freecell", _("Deal number"), box, error, b),
    ]
    day_rows, challenge_rows = _challenge_rows(progress, days_back, b)
    suits = b.add("1", "spider-suits-1") + b.add("2", "spider-suits-2") + b.add("4", "spider-suits-4")
    spider_rows = [
        Row(_("Suits"), suits, selected=(suits[(1, 2, 4).index(s)],) if s in (1, 2, 4) else ()),
        Row(_("New game"),
            # TRANSLATORS: {suits} is "1 suit", "2 suits" or "4 suits", as the game names its levels.
            b.add(_("Play {suits}").format(suits=suits_name(s)), "spider-new")),
        _number_row("spider", _("Game number"), box, error, b),
    ]
    more_rows = [
        Row("", b.add(_("Settings"), "settings") + b.add(_("Statistics"), "statistics")
            + b.add(_("How to play"), "help")),
        Row("", b.add(_("Back to the game"), "close") + b.add(_("Quit"), "quit")),
    ]
    fc_rows += day_rows + challenge_rows["freecell"]
    spider_rows += challenge_rows["spider"]
    sections = (Section(_("FreeCell"), tuple(fc_rows)), Section(_("Spider"), tuple(spider_rows)),
                Section(_("More"), tuple(more_rows)))
    return Panel(_("Solitaire"), (), tuple(b.buttons), vertical=True, sections=sections)


def challenge_day(days_back: int) -> datetime.date:
    """The date whose challenges the menu shows, ``days_back`` days before today
    (a Japan date, as the daily deal's), but never before this month's 1st."""
    import datetime

    from game.freecell.daily import today_in_japan

    today = today_in_japan()
    back = max(0, min(days_back, today.day - 1))
    return today - datetime.timedelta(days=back)


def _challenge_rows(progress: ChallengeProgress | None, days_back: int,
                    b: Buttons) -> tuple[list[Row], dict[str, list[Row]]]:
    """The day's challenges by game: one row each (level, done or not, Play) with its
    goal in words under it, and the row that picks the day (a past day of this month)."""
    from game.challenges import challenges_for
    from game.challenges.sentences import say
    from game.freecell.daily import today_in_japan
    from game.i18n.formats import day_and_month

    today = today_in_japan()
    date = challenge_day(days_back)
    back = (today - date).days  # a new month starts at its 1st
    rows: dict[str, list[Row]] = {"freecell": [], "spider": []}
    for c in challenges_for(date):
        state = progress.state(c) if progress is not None else "none"
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
    if progress is not None:
        status = say("menu.streak", badge=progress.badge_line(today.year, today.month),
                     streak=progress.streak_line(today))
    day_row = Row(say("menu.challenges"), b.add(say("menu.earlier"), "challenge-earlier", date.day > 1)
                  + b.add(say("menu.later"), "challenge-later", back > 0), value=when, detail=status)
    return [day_row], rows


def _number_row(game: str, label: str, box: NumberBox | None, error: str, b: Buttons) -> Row:
    """The number box of ``game``, inline: "Enter..." until chosen, then the box with OK and Cancel,
    the digit the gamepad turns bracketed, and under it ``error`` or what to type::

        >>> _number_row("freecell", "Deal number", None, "", Buttons()).value
        ''
        >>> row = _number_row("freecell", "Deal number", NumberBox("freecell", "61", 2), "", Buttons())
        >>> row.value, row.box
        ('61_', True)
    """
    if box is None or box.game != game:
        return Row(label, b.add(_("Enter\u2026"), f"{game}-number"))
    what = number_range(1, 1_000_000 if game == 'freecell' else 999_999)
    text, c = box.text, box.cursor
    # The digit the gamepad's Up/Down change is bracketed; at the end, the caret waits for one.
    shown = (f"{printable(text[:c])}[{printable(text[c])}]{printable(text[c + 1:])}" if c < len(text)
             else f"{printable(text)}_")
    return Row(label, b.add(_("OK"), "entry-ok") + b.add(_("Cancel"), "back"), value=shown,
               note=error or _("Type a number {what}, then press Enter").format(what=what), box=True)
