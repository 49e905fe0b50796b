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

from game.i18n import N_, _

__all__ = ["SENTENCES", "say", "suits_name", "level_name"]

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
    "difficulty.easy": N_("Easy"),
    "difficulty.medium": N_("Medium"),
    "difficulty.hard": N_("Hard"),
    # --- progress on the status line ------------------------------------------------------
    "progress.moves": N_("moves {moves} / {limit}"),
    "progress.cells": N_("free cells: {used} / {cells}"),
    "progress.sets": N_("suits {sets} / {target}"),
    "progress.no_undo": N_("no Undo"),
    "progress.met": N_("challenge complete"),
    # --- why a goal is missed, or out of reach until undone --------------------------------
    "missed.undo": N_("Undo was used, and this challenge is won without it"),
    "missed.level": N_("automatic moves were set to {level}; this challenge is played with {goal}"),
    "missed.moves": N_("the goal's {limit} moves are used up"),
    "missed.won_moves": N_("the game was won in {moves} moves; the goal was {limit}"),
    "missed.cells": N_("{used} cards were in the free cells at once; the goal allows {cells}"),
    "missed.cells.one": N_("{used} cards were in the free cells at once; the goal allows 1"),
    "missed.cells.zero": N_("a card went to a free cell; the goal allows none"),
    "over.moves": N_("the goal's {limit} moves are used up: undo or restart to meet it"),
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
    "streak": N_("daily streak: {days} days"),
    "streak.one": N_("daily streak: 1 day"),
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
