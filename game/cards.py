"""Playing cards shared by both games: suits, ranks, colours and text tokens.

A card is a small ``int`` so that the rules engines and the solvers can index
tables with it and hash it cheaply, but it prints and parses as the two-letter
token every solitaire program uses::

    >>> card = Card.parse("TD")
    >>> card.rank, card.suit, card.is_red
    (10, <Suit.DIAMONDS: 1>, True)
    >>> str(card), int(card)
    ('TD', 37)
    >>> Card.make(1, Suit.SPADES)
    Card('AS')

What a player reads names a card as the card shows it, ten included::

    >>> Card.parse("TD").display, card_name(Card.parse("JC")), run_name(Card.parse(t) for t in ("9S", "8H"))
    ('10♦', 'J♣', '9♠ 8♥')

The two-letter token stays for notation: move lists, files, the command line.

The numbering is Microsoft's: ``(rank - 1) * 4 + suit`` with the suits in the
order clubs, diamonds, hearts, spades. The Microsoft deal generator shuffles
exactly these numbers, so a deal needs no translation table.

This module is pure Python: it must not import pygame, moderngl or glm.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum

from game.i18n import _, ngettext
from game.quoting import shown

__all__ = ["CARDS", "DISPLAY_RANKS", "NAMES", "RANK", "RANK_CHARS", "RED", "SUIT", "SUIT_CHARS", "SUIT_SYMBOLS", "Card",
           "CardParseError", "Suit", "card_name", "parse_rank", "rank_token", "run_name"]

#: Rank characters, index = rank (index 0 stands for "no card": an empty foundation).
RANK_CHARS = "0A23456789TJQK"
#: Suit characters in Microsoft order (the order of :class:`Suit`).
SUIT_CHARS = "CDHS"
#: Ranks as the cards show them, index = rank (index 0 unused): "A", "2".."10", "J", "Q", "K".
DISPLAY_RANKS: tuple[str, ...] = ("", "A", *(str(r) for r in range(2, 11)), "J", "Q", "K")
#: Suit symbols in Microsoft order: ♣ ♦ ♥ ♠.
SUIT_SYMBOLS = "\u2663\u2666\u2665\u2660"


class CardParseError(ValueError):
    """A card token that is not a card, e.g. ``"1X"``."""


class Suit(IntEnum):
    """The four suits, numbered in Microsoft's order."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def letter(self) -> str:
        return SUIT_CHARS[self]

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]


def parse_rank(token: str) -> int:
    """Return the rank 0..13 for a rank token (``"A"``, ``"T"``, ``"10"``, ``"0"``).

    >>> parse_rank("Q"), parse_rank("10"), parse_rank("0")
    (12, 10, 0)
    """
    t = token.strip().upper()
    if t == "10":
        return 10
    if len(t) == 1 and t in RANK_CHARS:
        return RANK_CHARS.index(t)
    raise CardParseError(_("{token} is not a rank (use A, 2-9, T, J, Q, K)").format(token=shown(token)))


def rank_token(rank: int) -> str:
    """The one-character token for a rank 0..13 (``0`` for an empty foundation)."""
    return RANK_CHARS[rank]


class Card(int):
    """One card: an ``int`` 0..51 that knows its rank, suit and colour."""

    __slots__ = ()

    @staticmethod
    def make(rank: int, suit: int) -> Card:
        """The card of ``rank`` (1 = ace .. 13 = king) and ``suit``."""
        if not 1 <= rank <= 13:
            raise ValueError(f"rank {rank} is outside 1..13")
        return CARDS[(rank - 1) * 4 + int(suit)]

    @staticmethod
    def parse(token: str) -> Card:
        """Read a token such as ``"TD"``, ``"10d"`` or ``"AS"``.

        >>> Card.parse("10h") == Card.parse("TH")
        True
        """
        t = token.strip().upper()
        if len(t) < 2 or t[-1] not in SUIT_CHARS:
            raise CardParseError(_("{token} is not a card (e.g. AS, TD, QH)").format(token=shown(token)))
        try:
            rank = parse_rank(t[:-1])
        except CardParseError:
            raise CardParseError(_("{token} is not a card (e.g. AS, TD, QH)").format(token=shown(token))) from None
        if rank == 0:
            raise CardParseError(_("{token} is not a card (e.g. AS, TD, QH)").format(token=shown(token)))
        return CARDS[(rank - 1) * 4 + SUIT_CHARS.index(t[-1])]

    @property
    def rank(self) -> int:
        return RANK[self]

    @property
    def suit(self) -> Suit:
        return Suit(SUIT[self])

    @property
    def is_red(self) -> bool:
        return RED[self]

    @property
    def display(self) -> str:
        """The card as its face shows it, for what a player reads: ``"3♥"``, ``"10♠"``, ``"J♣"``."""
        return NAMES[self]

    def __str__(self) -> str:
        return RANK_CHARS[RANK[self]] + SUIT_CHARS[SUIT[self]]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


#: The 52 card singletons, indexed by number.
CARDS: tuple[Card, ...] = tuple(int.__new__(Card, n) for n in range(52))
# Plain tuples indexed by card number: the hot loops of the engines and solvers
# read these instead of calling properties.
RANK: tuple[int, ...] = tuple(n // 4 + 1 for n in range(52))
SUIT: tuple[int, ...] = tuple(n % 4 for n in range(52))
RED: tuple[bool, ...] = tuple(n % 4 in (1, 2) for n in range(52))
#: Player-facing names indexed by card number ("A♣", "10♥", ...).
NAMES: tuple[str, ...] = tuple(DISPLAY_RANKS[RANK[n]] + SUIT_SYMBOLS[SUIT[n]] for n in range(52))


def card_name(card: int) -> str:
    """The name a player reads for ``card`` (a :class:`Card` or its number 0..51).

    >>> card_name(Card.parse("3H")), card_name(Card.parse("TS")), card_name(0)
    ('3♥', '10♠', 'A♣')
    """
    return NAMES[card]


def run_name(cards: Iterable[int], most: int = 3) -> str:
    """Several cards as a player reads them, in the order given.

    Up to ``most`` cards are all named; a longer run names its ends and its
    length so that a message stays one short line.

    >>> run_name([Card.parse(t) for t in ("7S", "6S", "5S")])
    '7♠ 6♠ 5♠'
    >>> run_name([Card.parse(t) for t in ("9C", "8H", "7C", "6H", "5C")])
    '9♣ … 5♣ (5 cards)'
    """
    names = [NAMES[c] for c in cards]
    if len(names) <= most:
        return " ".join(names)
    # TRANSLATORS: a long run named by its ends, e.g. "9♣ … 5♣ (5 cards)".
    return ngettext("{first} \u2026 {last} ({n} card)", "{first} \u2026 {last} ({n} cards)", len(names)).format(
        first=names[0], last=names[-1], n=len(names))
