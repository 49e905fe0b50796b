"""Every sentence a player reads about a challenge, in one table.

Templates are plain English with named placeholders, so that a translation
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

__all__ = ["SENTENCES", "say", "suits_name", "level_name"]

SENTENCES: dict[str, str] = {
    # --- goals: FreeCell ---------------------------------------------------------------
    "freecell.win": "Win deal #{deal}",
    "freecell.win.no_undo": "Win deal #{deal} without using Undo",
    "freecell.moves": "Win deal #{deal} in {moves} moves or fewer",
    "freecell.moves.no_undo": "Win deal #{deal} in {moves} moves or fewer without using Undo",
    "freecell.cells": "Win deal #{deal} with no more than {cells} cards in the free cells at once",
    "freecell.cells.one": "Win deal #{deal} with no more than 1 card in the free cells at once",
    "freecell.cells.zero": "Win deal #{deal} without using the free cells",
    "freecell.cells.no_undo": ("Win deal #{deal} with no more than {cells} cards in the free cells at once, "
                               "without using Undo"),
    "freecell.cells.one.no_undo": ("Win deal #{deal} with no more than 1 card in the free cells at once, "
                                   "without using Undo"),
    "freecell.cells.zero.no_undo": "Win deal #{deal} without using the free cells or Undo",
    "freecell.off": "Win deal #{deal} with automatic moves Off",
    "freecell.off.no_undo": "Win deal #{deal} with automatic moves Off, without using Undo",
    # --- goals: Spider -------------------------------------------------------------------
    "spider.win": "Win Spider game #{game} with {suits}",
    "spider.win.no_undo": "Win Spider game #{game} with {suits} without using Undo",
    "spider.moves": "Win Spider game #{game} with {suits} in {moves} moves or fewer",
    "spider.moves.no_undo": "Win Spider game #{game} with {suits} in {moves} moves or fewer without using Undo",
    "spider.sets": "Complete {sets} suits within {moves} moves in Spider game #{game} with {suits}",
    "spider.sets.no_undo": ("Complete {sets} suits within {moves} moves in Spider game #{game} with {suits}, "
                            "without using Undo"),
    # --- pieces that fill a placeholder ------------------------------------------------
    "suits.1": "1 suit",
    "suits.2": "2 suits",
    "suits.4": "4 suits",
    "level.off": "Off",
    "level.safe": "Safe",
    "level.all": "All",
    "difficulty.easy": "Easy",
    "difficulty.medium": "Medium",
    "difficulty.hard": "Hard",
    # --- progress on the status line ------------------------------------------------------
    "progress.moves": "moves {moves} / {limit}",
    "progress.cells": "free cells: {used} / {cells}",
    "progress.sets": "suits {sets} / {target}",
    "progress.no_undo": "no Undo",
    "progress.met": "challenge complete",
    # --- why a goal is missed, or out of reach until undone --------------------------------
    "missed.undo": "Undo was used, and this challenge is won without it",
    "missed.level": "automatic moves were set to {level}; this challenge is played with {goal}",
    "missed.moves": "the goal's {limit} moves are used up",
    "missed.won_moves": "the game was won in {moves} moves; the goal was {limit}",
    "missed.cells": "{used} cards were in the free cells at once; the goal allows {cells}",
    "missed.cells.one": "{used} cards were in the free cells at once; the goal allows 1",
    "missed.cells.zero": "a card went to a free cell; the goal allows none",
    "over.moves": "the goal's {limit} moves are used up: undo or restart to meet it",
    "over.cells": "{used} cards were in the free cells at once: undo or restart to meet the goal",
    "restart": "Restart to try again",
    # --- a challenge's state in the menu and the calendar ------------------------------------
    "state.none": "not tried",
    "state.tried": "tried",
    "state.done": "done",
    "state.late": "done later",
    # --- badges and streaks ----------------------------------------------------------------
    "badge.none": "No badge yet",
    "badge.bronze": "Bronze",
    "badge.silver": "Silver",
    "badge.gold": "Gold",
    "badge.diamond": "Diamond",
    "badge.next": "{done} of {needed} challenges for {badge}",
    "badge.top": "{done} challenges this month: {badge}, the highest badge",
    "streak": "daily streak: {days} days",
    "streak.one": "daily streak: 1 day",
}


def say(key: str, **values: object) -> str:
    """The sentence ``key`` with its placeholders filled (a missing key is a bug: KeyError)."""
    return SENTENCES[key].format(**values)


def suits_name(suits: int) -> str:
    """``1 suit``, ``2 suits``, ``4 suits``."""
    return say(f"suits.{suits}")


def level_name(level: str) -> str:
    """The automatic level as Settings shows it: ``Off``, ``Safe``, ``All``."""
    return say(f"level.{level}")
