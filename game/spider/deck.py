"""What a Spider deck holds: 104 cards in K..A sets of one, two or four suits.

Each difficulty's deck is eight sets: all spades at one suit, four of spades
and four of hearts at two, two of each suit at four. A position, a game
number's deal, the fair hint's view of the unseen cards and the in-sight
search all check or fill cards against this one table.

    >>> DECK_SETS[2]  # sets of clubs, diamonds, hearts, spades
    (0, 0, 4, 4)
    >>> spades = [rank * 4 + 3 for rank in range(13)] * 8
    >>> deck_suits([spades], [], [])
    1
    >>> missing_sets([spades[13:]], [], 1)  # one set of spades taken off
    [3]

This module is pure Python: it must not import pygame, moderngl or glm.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["DECK_SETS", "deck_suits", "missing_sets"]

#: How many K..A sets of each suit (in :class:`~game.cards.Suit` order: C, D, H, S)
#: the deck of each difficulty holds.
DECK_SETS: dict[int, tuple[int, int, int, int]] = {
    1: (0, 0, 0, 8),
    2: (0, 0, 4, 4),
    4: (2, 2, 2, 2),
}


def _counts(columns: Iterable[Iterable[int]], stock: Iterable[int]) -> list[int]:
    counts = [0] * 52
    for col in columns:
        for c in col:
            counts[c] += 1
    for c in stock:
        counts[c] += 1
    return counts


def deck_suits(columns: Iterable[Iterable[int]], stock: Iterable[int], removed: Iterable[int]) -> int | None:
    """The suit count whose deck these cards and removed sets make exactly, or ``None``."""
    counts = _counts(columns, stock)
    for suit in removed:
        for rank in range(13):
            counts[rank * 4 + suit] += 1
    for suits, sets in DECK_SETS.items():
        if all(counts[c] == sets[c & 3] for c in range(52)):
            return suits
    return None


def missing_sets(columns: Iterable[Iterable[int]], stock: Iterable[int], n: int) -> list[int] | None:
    """Suits of the ``n`` sets missing from a 1-, 2- or 4-suit deck (fewest suits first)."""
    counts = _counts(columns, stock)
    for sets in DECK_SETS.values():
        missing: list[int] = []
        for suit in range(4):
            m = sets[suit] - counts[suit]  # the ace of the suit, rank index 0
            if m < 0 or any(sets[suit] - counts[r * 4 + suit] != m for r in range(13)):
                break
            missing += [suit] * m
        else:
            if len(missing) == n:
                return sorted(missing, reverse=True)  # spades first
    return None
