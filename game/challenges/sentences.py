"""Every sentence a player reads about a challenge, in one table.

Templates are plain English with named placeholders, each a message of the
catalogs (game.i18n: read in the player's language by :func:`say`), so that a translation
can replace the table whole (a translator sees the full sentence, never
pieces glued together); numbers that change the grammar (one card, two
cards) have a template each::

    >>> say("freecell.cells", deal=617, cells=2)
    'Win deal #617 with no more than 2 cards in the free cells at once'
    >>> say("freecell.cells.one", deal=617, cells=1)
    'Win deal #617 with no more than 1 card in the free cells at once'
    >>> say("progress.moves", moves=23, limit=40)
    'moves 23 / 40'
"""

from __future__ import annotations

from game.i18n import N_, _, ngettext, pgettext

__all__ = ["SENTENCES", "challenge_level", "level_name", "say", "streak_heading", "suits_name"]

SENTENCES: dict[str, str] = {
    # --- goals: FreeCell ---------------------------------------------------------------
    "freecell.win": N_("Win deal #{deal}"),
    "freecell.win.no_undo": N_("Win deal #{deal} without using Undo"),
    "freecell.moves": N_("Win deal #{deal} in {moves} moves or fewer"),
    "freecell.moves.no_undo": N_("Win deal #{deal} in {moves} moves or fewer without using Undo"),
    "freecell.cells": N_("Win deal #{deal} with no more than {cells} cards in the free cells at once"),
    "freecell.cells.one": N_("Win deal #{deal} with no more than 1 card in the free cells at once"),
    "freecell.cells.zero": N_("Win deal #{deal} without using the free cells"),
    "freecell.cells.no_undo": (N_("Win deal #{deal} with no more than {cells} cards in the free cells at once, "
                                  "without using Undo")),
    "freecell.cells.one.no_undo": (N_("Win deal #{deal} with no more than 1 card in the free cells at once, "
                                      "without using Undo")),
    "freecell.cells.zero.no_undo": N_("Win deal #{deal} without using the free cells or Undo"),
    "freecell.off": N_("Win deal #{deal} with automatic moves Off"),
    "freecell.off.no_undo": N_("Win deal #{deal} with automatic moves Off, without using Undo"),
    # --- goals: Spider -------------------------------------------------------------------
    "spider.win": N_("Win Spider game #{game} with {suits}"),
    "spider.win.no_undo": N_("Win Spider game #{game} with {suits} without using Undo"),
    "spider.moves": N_("Win Spider game #{game} with {suits} in {moves} moves or fewer"),
    "spider.moves.no_undo": N_("Win Spider game #{game} with {suits} in {moves} moves or fewer without using Undo"),
    "spider.sets": N_("Complete {sets} suits within {moves} moves in Spider game #{game} with {suits}"),
    "spider.sets.no_undo": (N_("Complete {sets} suits within {moves} moves in Spider game #{game} with {suits}, "
                               "without using Undo")),
    # --- pieces that fill a placeholder ------------------------------------------------
    # TRANSLATORS: these fill {suits}, {level} and {goal} in the challenges' sentences.
    "suits.1": N_("1 suit"),
    "suits.2": N_("2 suits"),
    "suits.4": N_("4 suits"),
    "level.off": N_("Off"),
    "level.safe": N_("Safe"),
    "level.all": N_("All"),
    # --- progress on the status line ------------------------------------------------------
    "progress.moves": N_("moves {moves} / {limit}"),
    "progress.cells": N_("free cells: {used} / {cells}"),
    "progress.sets": N_("suits {sets} / {target}"),
    "progress.no_undo": N_("no Undo"),
    "progress.met": N_("challenge complete"),
    # --- why a goal is missed, or out of reach until undone --------------------------------
    "missed.undo": N_("Undo was used, and this challenge is won without it"),
    "missed.level": N_("Automatic moves were set to {level}; this challenge is played with {goal}"),
    "missed.moves": N_("The goal's {limit} moves are used up"),
    "missed.won_moves": N_("The game was won in {moves} moves; the goal was {limit}"),
    "missed.cells": N_("{used} cards were in the free cells at once; the goal allows {cells}"),
    "missed.cells.one": N_("{used} cards were in the free cells at once; the goal allows 1"),
    "missed.cells.zero": N_("A card went to a free cell; the goal allows none"),
    "over.moves": N_("The goal's {limit} moves are used up: undo or restart to meet it"),
    "over.cells": N_("{used} cards were in the free cells at once: undo or restart to meet the goal"),
    "restart": N_("Restart to try again"),
    # --- a challenge's state in the menu and the calendar ------------------------------------
    "state.none": N_("not tried"),
    "state.tried": N_("tried"),
    "state.done": N_("done"),
    "state.late": N_("done later"),
    # --- badges and streaks ----------------------------------------------------------------
    "badge.none": N_("No badge yet"),
    "badge.bronze": N_("Bronze"),
    "badge.silver": N_("Silver"),
    "badge.gold": N_("Gold"),
    "badge.diamond": N_("Diamond"),
    "badge.next": N_("{done} of {needed} challenges for {badge}"),
    "badge.top": N_("{done} challenges this month: {badge}, the highest badge"),
    # --- playing one (the table, the status line, the result panel) -------------------------
    "play.started": N_("{level} challenge: {goal}"),
    "play.status": N_("{level} challenge: {progress}"),
    "play.status.plain": N_("{level} challenge"),
    "play.status.missed": N_("{level} challenge missed"),
    "play.progress.off": N_("automatic moves Off"),
    "play.missed.title": N_("Challenge missed"),
    "play.result.met": N_("{level} challenge complete"),
    "play.result.again": N_("{level} challenge complete (done before: counted once)"),
    "play.result.missed": N_("Challenge missed: {reason}"),
    "play.demo": N_("The demo played this game, so it does not count for the challenge"),
    "play.retry": N_("Restart"),
    "play.keep": N_("Keep playing"),
    "play.confirm": N_("Start the {level} challenge?"),
    "play.confirm.yes": N_("Start it"),
    "play.closed": N_("The challenge {id} cannot be played today: only on its day and later that month"),
    # --- par on the result panel --------------------------------------------------------------
    # TRANSLATORS: the result panel's moves line; {par} is the solver's shortest line, in moves.
    "par": N_("{moves} moves \u2014 par {par}"),
    "par.one": N_("1 move \u2014 par {par}"),
    "par.demo": N_("{moves} moves, the demo's among them \u2014 par {par}"),
    "par.under": N_("{moves} moves \u2014 under par {par}: shorter than the solver's line"),
    # --- the menu's challenge rows ------------------------------------------------------------
    "menu.challenges": N_("Challenges"),
    "menu.today": N_("today"),
    "menu.earlier": N_("\u2039 Earlier day"),
    "menu.later": N_("Later day \u203a"),
    "menu.streak": N_("Daily challenges: {badge}; {streak}"),
    # TRANSLATORS: under Settings' automatic moves while a challenge is on the table; {auto}: Off, Safe or All.
    "menu.auto.held": N_("The {level} challenge on the table is played with automatic moves {auto}. "
                         "This setting can change once that game ends."),
    # --- the statistics calendar --------------------------------------------------------------
    "calendar.section": N_("Daily challenges"),
    "calendar.badge": N_("Badge"),
    "calendar.title": N_("{month}: daily challenges"),
    "calendar.thresholds": N_("Badges, by challenges done in a month: {levels}"),
    # TRANSLATORS: one badge and the challenges it needs, as in "Bronze 10".
    "calendar.threshold": N_("{badge} {needed}"),
}


def say(key: str, **values: object) -> str:
    """The sentence ``key`` with its placeholders filled (a missing key is a bug: KeyError)."""
    return _(SENTENCES[key]).format(**values)


def suits_name(suits: int) -> str:
    """``1 suit``, ``2 suits``, ``4 suits``."""
    return say(f"suits.{suits}")


def level_name(level: str) -> str:
    """The automatic level as Settings shows it: ``Off``, ``Safe``, ``All``."""
    return say(f"level.{level}")


def challenge_level(level: str) -> str:
    """A challenge's level, ``Easy``, ``Medium`` or ``Hard``: words of their own, apart
    from a deal's difficulty (a language may need another form: Russian says
    "Лёгкое испытание" but "Лёгкая раздача")."""
    words = {
        # TRANSLATORS: a daily challenge's level; it fills {level} in "{level} challenge".
        "easy": pgettext("challenge level", "Easy"),
        # TRANSLATORS: a daily challenge's level; it fills {level} in "{level} challenge".
        "medium": pgettext("challenge level", "Medium"),
        # TRANSLATORS: a daily challenge's level; it fills {level} in "{level} challenge".
        "hard": pgettext("challenge level", "Hard"),
    }
    return words[level]


def streak_days(days: int) -> str:
    """The daily streak in words, its days counted as the language counts them::

        >>> streak_days(1), streak_days(3)
        ('daily streak: 1 day', 'daily streak: 3 days')
    """
    return ngettext("daily streak: {days} day", "daily streak: {days} days", days).format(days=days)


def streak_row(now: int, best: int) -> str:
    """The daily streak under its heading (:func:`streak_heading` names it, so the value
    does not again): the days in a row now, and the most so far::

        >>> streak_row(3, 7)
        '3 days now \u00b7 best 7 days'
    """
    # TRANSLATORS: the value beside "Streak" (daily challenges): days in a row up to today.
    current = ngettext("{days} day now", "{days} days now", now).format(days=now)
    # TRANSLATORS: beside it, the longest run of days there has been.
    longest = ngettext("best {days} day", "best {days} days", best).format(days=best)
    return f"{current} \u00b7 {longest}"


def streak_heading() -> str:
    """The heading of the daily-challenge streak: days in a row with a challenge done
    (the statistics' "Streak" counts games won in a row)."""
    return pgettext("daily challenges: days in a row", "Streak")
