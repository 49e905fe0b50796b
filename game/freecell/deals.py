"""Microsoft FreeCell deal numbers 1..1,000,000.

Deal #N is the layout Microsoft's FreeCell made from seed N with the C
library's ``rand()``, as published by Jim Horne and extended to a million
deals by Michael Keller, so the numbers agree with every program that uses
them::

    >>> print(deal(1).board().splitlines()[0])
    JD KD 2S 4C 3S 6D 6S
    >>> is_known_unsolvable(11982), is_known_unsolvable(1)
    (True, False)
"""

from __future__ import annotations

import secrets

from game.cards import CARDS, Card
from game.freecell.position import Position
from game.i18n import _
from game.i18n.formats import grouped
from game.numbers import NumberError, read_whole, shown

__all__ = ["KNOWN_UNSOLVABLE", "MAX_DEAL", "MIN_DEAL", "DealNumberError", "deal", "deal_cards", "is_known_unsolvable",
           "parse_deal_number", "random_deal"]

MIN_DEAL = 1
MAX_DEAL = 1_000_000

#: The deals in 1..1,000,000 that no sequence of moves wins (with four free cells).
KNOWN_UNSOLVABLE: frozenset[int] = frozenset(
    {11982, 146692, 186216, 455889, 495505, 512118, 517776, 781948}
)


def is_known_unsolvable(number: int) -> bool:
    """True for the eight deal numbers known to have no winning line."""
    return number in KNOWN_UNSOLVABLE


class DealNumberError(NumberError):
    """Text that is not a deal number 1..1,000,000 (the message is one line)."""


def parse_deal_number(text: str) -> int:
    """A deal number typed by a player: ASCII digits, an optional ``#``,
    thousands separators (see :mod:`game.numbers`); else :class:`DealNumberError`.

    >>> parse_deal_number(" #617 "), parse_deal_number("1,000,000")
    (617, 1000000)
    >>> parse_deal_number("0")
    Traceback (most recent call last):
    ...
    game.freecell.deals.DealNumberError: deal 0 does not exist: deals are numbered 1..1,000,000
    """
    n = read_whole(text, allow_hash=True)
    if n is None:
        raise DealNumberError(_("{text} is not a deal number: enter a whole number {low}..{high}").format(
            text=shown(text), low=MIN_DEAL, high=grouped(MAX_DEAL)))
    if not MIN_DEAL <= n <= MAX_DEAL:
        raise DealNumberError(_("deal {n} does not exist: deals are numbered {low}..{high}").format(
            n=n, low=MIN_DEAL, high=grouped(MAX_DEAL)))
    return n


def random_deal() -> int:
    """A random deal number, never a known-unsolvable one (cryptographic source)."""
    while True:
        n = secrets.randbelow(MAX_DEAL) + 1
        if n not in KNOWN_UNSOLVABLE:
            return n


def deal_cards(number: int) -> list[Card]:
    """The 52 cards of deal ``number`` in dealing order (row by row, left to right).

    Microsoft's shuffle: starting from the deck in card-number order, take a
    pseudo-random card from the cards left, move the last remaining card into
    its place, repeat. The generator is the C runtime's linear congruential
    ``rand()``: ``seed = seed * 214013 + 2531011 (mod 2**31)``, output
    ``seed >> 16``.
    """
    if not MIN_DEAL <= number <= MAX_DEAL:
        raise ValueError(f"deal {number} is outside {MIN_DEAL}..{MAX_DEAL:,}")
    seed = number
    deck = list(range(52))
    out: list[Card] = []
    for left in range(52, 0, -1):
        seed = (seed * 214013 + 2531011) & 0x7FFFFFFF
        j = (seed >> 16) % left
        out.append(CARDS[deck[j]])
        deck[j] = deck[left - 1]
    return out


def deal(number: int, *, auto_foundation: bool | str = False, free_cells: int = 4) -> Position:
    """The starting position of Microsoft deal ``number`` (1..1,000,000).

    ``free_cells`` (0..4) sets up the variant with fewer cells (the solver's
    difficulty measure). With ``auto_foundation`` the position keeps that switch for later moves;
    call :meth:`Position.settle` to play the safe foundation moves the deal
    itself allows.
    """
    cards = deal_cards(number)
    columns: list[list[Card]] = [[] for _ in range(8)]
    for i, c in enumerate(cards):
        columns[i % 8].append(c)
    return Position(columns, auto_foundation=auto_foundation, free_cells=free_cells)

