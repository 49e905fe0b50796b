"""The two games as objects: how each makes its table and picks its next deal.

The controller never asks which game is up; it asks the table on it (its
noun, statistics keys, proofs, what may be dragged: :class:`Table`), or the
game object here when there is no table of that game yet (a menu request
for the other game, a new deal)::

    >>> from game.play.table import TableEnv
    >>> table = GAMES["spider"].table(TableEnv(), 5, 2)
    >>> table.noun, table.suits, GAMES["freecell"].noun
    ('game', 2, 'deal')
"""

from __future__ import annotations

from typing import Protocol

from game.i18n import N_, _
from game.play import dealer
from game.play.freecell_table import FreeCellTable
from game.play.settings import Settings
from game.play.spider_table import SpiderTable
from game.play.table import Table, TableEnv
from game.session import FreeCellSession, SpiderSession

__all__ = ["GAMES", "LIVE_CHECK", "Game", "game_of", "next_table", "not_counted", "restored_table"]

#: The game the live winnability check (and Rewind) speaks for.
LIVE_CHECK = "freecell"


#: The questions and buttons that name one game, a whole sentence per noun ("deal", "game"):
#: translators see each (msgids; :func:`asks` reads them in the language).
_ASKS = {
    "deal": {"new": N_("Start a new deal?"), "new-yes": N_("New deal"), "restart": N_("Restart this deal?"),
             "start": N_("Start deal #{number}?"),
             # What Give up says: counted, or no move made (a helped game: :data:`_GIVEN_UP_HELPED`).
             "given-up": N_("Given up: a new deal"),
             "no-move": N_("A new deal: nothing was counted, as no move was made")},
    "game": {"new": N_("Start a new game?"), "new-yes": N_("New game"), "restart": N_("Restart this game?"),
             "start": N_("Start game #{number}?"),
             "given-up": N_("Given up: a new game"),
             "no-move": N_("A new game: nothing was counted, as no move was made")},
}

#: What Give up says of a game that does not count, by what helped play it first
#: (``session.helped``; Spider has no Rewind, FreeCell's review never peeks).
_GIVEN_UP_HELPED = {
    "deal": {"demo": N_("A new deal: the last one does not count, as the demo played part of it"),
             "rewind": N_("A new deal: the last one does not count, as Rewind used the solver to go back in it"),
             "try": N_("A new deal: the last one does not count, as it was a try-again from the game review"),
             "help": N_("A new deal: the last one does not count, as it was played with help")},
    "game": {"demo": N_("A new game: the last one does not count, as the demo played part of it"),
             "try": N_("A new game: the last one does not count, as it was a try-again from the game review"),
             "peek": N_("A new game: the last one does not count, as its review knowing every card was opened "
                        "during play"),
             "help": N_("A new game: the last one does not count, as it was played with help")},
}

#: What a question says of a game that does not count, by what helped play it first.
_LOST_HELPED = {
    "demo": N_("The moves of this game will be lost. It does not count: the demo played part of it."),
    "rewind": N_("The moves of this game will be lost. It does not count: Rewind used the solver to go back "
                 "in it."),
    "try": N_("The moves of this game will be lost. It does not count: it is a try-again from the game review."),
    "peek": N_("The moves of this game will be lost. It does not count: its review knowing every card was opened "
               "during play."),
    "help": N_("The moves of this game will be lost. It does not count: it was played with help."),
}


def asks(noun: str, what: str) -> str:
    """The sentence ``what`` ("new", "new-yes", "restart", "start", "given-up", "no-move")
    for a game called ``noun``.

    >>> asks("deal", "restart"), asks("game", "new")
    ('Restart this deal?', 'Start a new game?')
    """
    return _(_ASKS[noun][what])


def not_counted(helped: str, noun: str | None = None) -> str:
    """Why a game ``helped`` (``session.helped``: "demo", "rewind", "try", "peek", "help") does not
    count, as a question says it; with ``noun``, as Give up says it once the next game is dealt.

    >>> not_counted("try")
    'The moves of this game will be lost. It does not count: it is a try-again from the game review.'
    >>> not_counted("demo", "game")
    'A new game: the last one does not count, as the demo played part of it'
    """
    said = _LOST_HELPED if noun is None else _GIVEN_UP_HELPED[noun]
    return _(said.get(helped, said["help"]))


class Game(Protocol):
    """What the controller asks of a game before its table exists."""

    name: str
    #: What one game of it is called on buttons and questions ("deal", "game").
    noun: str

    def table(self, env: TableEnv, number: int, suits: int = 1) -> Table: ...

    def first_number(self) -> int:
        """The deal a first start shows (FreeCell: today's daily deal)."""

    def next_number(self, settings: Settings, suits: int) -> int | None:
        """The next deal's number by the player's settings ("Winnable deals only"
        included); None: the proven list is used up, search for one."""


class _FreeCell:
    name = "freecell"
    noun = "deal"

    def table(self, env: TableEnv, number: int, suits: int = 1) -> Table:
        return FreeCellTable(env, number)

    def first_number(self) -> int:
        from game.freecell.daily import daily_deal

        return daily_deal()

    def next_number(self, settings: Settings, suits: int) -> int | None:
        return dealer.next_freecell(settings) or 1


class _Spider:
    name = "spider"
    noun = "game"

    def table(self, env: TableEnv, number: int, suits: int = 1) -> Table:
        return SpiderTable(env, number, suits)

    def first_number(self) -> int:
        return 1

    def next_number(self, settings: Settings, suits: int) -> int | None:
        return dealer.next_spider(settings, suits)


GAMES: dict[str, Game] = {"freecell": _FreeCell(), "spider": _Spider()}


def game_of(table: Table) -> Game:
    """The game object of the game on ``table``."""
    return GAMES[table.game]


def next_table(game: Game, table: Table, number: int, suits: int) -> Table:
    """The table for deal ``number`` of ``game`` at ``suits`` after ``table``: the same
    game at the same suit count deals again by its own rule, any other on a new table."""
    if game is game_of(table) and suits == table.suits:
        return table.new_deal(number)
    return game.table(table.env, number, suits)


def restored_table(env: TableEnv, session: FreeCellSession | SpiderSession) -> Table:
    """The table for a saved game brought back, or a replayed move list."""
    if isinstance(session, SpiderSession):
        return SpiderTable(env, session.number, session.suits, session)
    return FreeCellTable(env, session.number, session)
