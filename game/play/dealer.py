"""Which game a new deal gets, and "Winnable deals only".

With the setting on for a game (FreeCell, or Spider at a suit count), a new
deal is one the project's own solver has proven winnable:

* Spider: the games of ``assets/spider-winnable.tsv``, in an order of this
  player's own (a shuffle seeded once and remembered), each dealt once; when
  they are used up, :func:`next_spider` answers None and the table searches
  random games in the background until one is proven (``Play``).
* FreeCell: a deal whose row in ``assets/freecell-min-cells.tsv`` has a
  number (a replayed winning line backs it); with a difficulty chosen, only
  ``exact`` rows of that level. Off, a random deal is any but the eight
  known-unsolvable ones, as always.

    >>> from game.play.menu import Settings
    >>> st = Settings(winnable_spider_1=True, winnable_seed=7)
    >>> first = next_spider(st, 1)
    >>> first in winnable_games(1), st.winnable_dealt_1
    (True, 1)
    >>> next_spider(st, 1) != first
    True
"""

from __future__ import annotations

import secrets
from typing import Protocol

from game.freecell.deals import random_deal
from game.freecell.difficulty import LEVELS, difficulty, load_table
from game.spider.deals import random_game_number
from game.spider.winnable import load

__all__ = ["next_freecell", "next_spider", "order", "proven_winnable", "random_candidate", "winnable_games",
           "winnable_on"]

_MASK = (1 << 64) - 1


class Settings(Protocol):
    """The fields of :class:`game.play.menu.Settings` the dealer reads and advances."""

    winnable_freecell: bool
    winnable_spider_1: bool
    winnable_spider_2: bool
    winnable_spider_4: bool
    #: This player's order of the Spider list (0: not chosen yet).
    winnable_seed: int
    #: How many games of each Spider list this player has been dealt.
    winnable_dealt_1: int
    winnable_dealt_2: int
    winnable_dealt_4: int


def winnable_on(settings: Settings, game: str, suits: int = 1) -> bool:
    """Whether "Winnable deals only" is on for ``game`` (Spider: at ``suits``)."""
    if game == "freecell":
        return settings.winnable_freecell
    return bool(getattr(settings, f"winnable_spider_{suits}", False))


def winnable_games(suits: int) -> tuple[int, ...]:
    """The shipped proven Spider games at ``suits``, ascending."""
    return load().games(suits)


def _mix(seed: int, n: int) -> int:
    # A 64-bit mix (splitmix's finaliser): a fixed, well-spread order per seed.
    z = (seed * 0x9E3779B97F4A7C15 + n) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def order(games: tuple[int, ...], seed: int) -> list[int]:
    """``games`` in this player's order: the same every time for one seed.

    >>> order((1, 2, 3, 4), 5) == order((4, 3, 2, 1), 5), sorted(order((1, 2, 3), 9))
    (True, [1, 2, 3])
    """
    return sorted(games, key=lambda n: (_mix(seed, n), n))


def next_spider(settings: Settings, suits: int) -> int | None:
    """The next Spider game at ``suits``: from the proven list when the setting
    is on (None once it is used up), else any random game. Advances (and may
    seed) the settings' cursor: save the settings after it."""
    if not winnable_on(settings, "spider", suits):
        return random_game_number()
    if settings.winnable_seed == 0:
        settings.winnable_seed = 1 + secrets.randbelow(2**31 - 1)
    games = order(winnable_games(suits), settings.winnable_seed)
    field = f"winnable_dealt_{suits}"
    dealt: int = getattr(settings, field)  # a winnable_dealt_<suits> counter
    if dealt >= len(games):
        return None
    setattr(settings, field, dealt + 1)
    return games[dealt]


def random_candidate(suits: int) -> int:
    """A random Spider game not on the shipped list, for the background search."""
    listed = set(winnable_games(suits))
    while True:
        n = random_game_number()
        if n not in listed:
            return n


def next_freecell(settings: Settings, level: str | None = None) -> int | None:
    """A random FreeCell deal (``level``: "Easy", "Normal" or "Hard"; None for any).

    A level picks among ``exact`` rows only; "Winnable deals only" limits a
    random deal to rows with a proven line. None: no deal of that level is rated.
    """
    table = load_table()
    if level is not None:
        pool = [n for n, d in table.items() if d.exact and d.cells is not None and LEVELS[d.cells] == level]
    elif settings.winnable_freecell:
        pool = [n for n, d in table.items() if d.cells is not None]
    else:
        return random_deal()
    return pool[secrets.randbelow(len(pool))] if pool else None


def proven_winnable(game: str, number: int, suits: int = 1, found: frozenset[tuple[int, int]] = frozenset()) -> bool:
    """Whether the project's own solver has proven ``number`` winnable (from its start).

    ``found``: Spider (game, suits) pairs proven by this session's background search.

    >>> proven_winnable("freecell", 1), proven_winnable("freecell", 11982)
    (True, False)
    """
    if game == "freecell":
        # One row, not the whole table: the status line asks this as the game is won,
        # and reading all 32,000 rows then stalled the cascade's frame by 30-80 ms.
        row = difficulty(number)
        return row is not None and row.cells is not None
    return (number, suits) in found or load().moves(suits, number) is not None
