"""What a Spider player knows, and nothing more: the masked view the fair hint searches.

    >>> from game.spider.deals import deal
    >>> view = mask(deal(1, suits=4))
    >>> view.face_down, view.stock, len(view.unseen)
    ((5, 5, 5, 5, 4, 4, 4, 4, 4, 4), 50, 94)
    >>> view.columns[0]
    (Card('2S'),)

A :class:`MaskedView` holds the face-up cards of each column, how many cards
lie face down under them, how many are in the stock, and the multiset of the
cards not seen yet (the deck less the face-up cards and the removed sets). It
has no field for a hidden card: :func:`mask` reads only
``Position.visible()``, the removed sets' suits and the deck's suit count,
all of which the player sees. The fair search (:mod:`game.spider.fair`)
takes a view, never a position, so it cannot read the deal's hidden cards.

This module is pure Python: it must not import pygame, moderngl or glm.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from game.cards import CARDS, Card
from game.spider.deck import DECK_SETS
from game.spider.moves import COLUMNS

__all__ = ["MaskedView", "Shown", "mask"]


class Shown(Protocol):
    """What :func:`mask` may read of a position: all of it is on the table."""

    suits: int

    def visible(self) -> tuple[tuple[tuple[int, tuple[Card, ...]], ...], int]: ...

    @property
    def removed_suits(self) -> Sequence[int]: ...


@dataclass(frozen=True)
class MaskedView:
    """A Spider position as the player sees it (see the module docstring).

    ``unseen`` is sorted, so two positions that look the same have equal views
    whatever their hidden cards are.
    """

    #: The face-up cards of each column, buried first.
    columns: tuple[tuple[Card, ...], ...]
    #: How many cards lie face down under each column's face-up cards.
    face_down: tuple[int, ...]
    #: Cards left in the stock (ten per deal).
    stock: int
    #: Every card not seen yet, sorted: they fill the face-down places and the stock.
    unseen: tuple[Card, ...]
    #: Complete sets removed so far.
    removed: int
    #: Suits in the deck (1, 2 or 4): the game the player chose.
    suits: int = 4

    def __post_init__(self) -> None:
        if len(self.columns) != COLUMNS or len(self.face_down) != COLUMNS:
            raise ValueError(f"a view has {COLUMNS} columns")
        if any(n < 0 for n in self.face_down) or self.stock < 0 or self.stock % COLUMNS:
            raise ValueError("negative counts, or a stock that is not whole deals")
        if any(n and not up for n, up in zip(self.face_down, self.columns)):
            raise ValueError("a column with face-down cards has a face-up card on them")
        if len(self.unseen) != sum(self.face_down) + self.stock:
            raise ValueError(f"{len(self.unseen)} unseen cards for "
                             f"{sum(self.face_down) + self.stock} hidden places")

    @property
    def deals_left(self) -> int:
        return self.stock // COLUMNS


def mask(position: Shown) -> MaskedView:
    """The view of ``position`` a player has (reads only what the table shows).

    Raises ``ValueError`` if the position's cards do not make its deck.
    """
    cols, stock = position.visible()
    counts = [0] * 52
    sets = DECK_SETS[position.suits]
    for c in range(52):
        counts[c] = sets[c & 3]
    for suit in position.removed_suits:
        for rank in range(13):
            counts[rank * 4 + int(suit)] -= 1
    for _down, up in cols:
        for c in up:
            counts[c] -= 1
    if any(n < 0 for n in counts):
        raise ValueError("more face-up cards than the deck holds")
    unseen = tuple(CARDS[c] for c in range(52) for _ in range(counts[c]))
    return MaskedView(
        columns=tuple(tuple(up) for _down, up in cols),
        face_down=tuple(down for down, _up in cols),
        stock=stock,
        unseen=unseen,
        removed=len(position.removed_suits),
        suits=position.suits,
    )
