"""Spider game numbers: the project's own seeded shuffle (SPEC §2.2).

A game number 1..999,999 must mean the same layout on every machine and every
Python version, for ever. ``random.shuffle`` promises neither its algorithm
nor its output across versions, so the shuffle is defined here, in full:

1. **Generator: SplitMix64** (Steele, Lea & Flood, "Fast splittable
   pseudorandom number generators", OOPSLA 2014; the seeder of Java's
   ``SplittableRandom`` and of the xoshiro family). The 64-bit state starts
   at the game number. Each draw adds ``0x9E3779B97F4A7C15`` to the state
   (mod 2**64) and returns the state mixed by
   ``z ^= z >> 30; z *= 0xBF58476D1CE4E5B9; z ^= z >> 27;
   z *= 0x94D049BB133111EB; z ^= z >> 31`` (all mod 2**64).
2. **Unbiased bounded draws**: a number below ``n`` is ``x % n`` for the
   first draw ``x`` below ``2**64 - (2**64 % n)`` (rejection sampling, so
   every residue is exactly equally likely).
3. **Fisher-Yates** over 104 *rank slots*: slot ``s`` is copy ``s // 13``
   (0..7) of rank ``s % 13 + 1``, listed in order 0..103; for ``i`` from 103
   down to 1, swap slot positions ``i`` and ``below(i + 1)``.
4. **Suits** come only after the shuffle, by copy: :data:`SUIT_PLAN` gives
   the suit of each of the eight copies for 1, 2 and 4 suits. The shuffle
   never sees the suit count, so the same number has the same ranks in the
   same places at every difficulty; only the suits differ.
5. **Dealing**: card ``i`` of the shuffled order, for ``i`` < 54, goes to
   column ``i % 10`` (row by row, so columns 1-4 get 6 cards and 5-10 get 5);
   the last card of each column is face up. Cards 54..103 are the stock in
   dealing order: the next deal gives its first ten to columns 1..10.

    >>> print(str(deal(1, suits=4)).splitlines()[1])
    1: (6D) (5S) (JS) (8H) (6D) 2S
    >>> [str(c) for c in deal_cards(1, suits=1)[:3]]
    ['6S', '7S', 'JS']

This module is pure Python: it must not import pygame, moderngl or glm.
"""

from __future__ import annotations

import secrets

from game.cards import CARDS, Card, Suit
from game.i18n import _
from game.numbers import NumberError, read_whole, shown
from game.spider.deck import DECK_SETS
from game.spider.position import Position

__all__ = ["FIRST_GAME", "LAST_GAME", "SUIT_PLAN", "GameNumberError", "SplitMix64", "deal", "deal_cards",
           "parse_game_number", "parse_suits", "random_game_number", "shuffle_slots"]

#: The range of game numbers.
FIRST_GAME = 1
LAST_GAME = 999_999

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15

#: The suit of each of the eight copies of the 13 ranks, by difficulty.
SUIT_PLAN: dict[int, tuple[Suit, ...]] = {
    1: (Suit.SPADES,) * 8,
    2: (Suit.SPADES, Suit.HEARTS) * 4,
    4: (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS) * 2,
}
# The plan must make the decks that positions check cards against.
assert all(
    tuple(plan.count(Suit(s)) for s in range(4)) == DECK_SETS[n] for n, plan in SUIT_PLAN.items()
)

_TABLE_CARDS = 54  # cards dealt to the columns; the other 50 are the stock


class SplitMix64:
    """The 64-bit generator behind the shuffle (see the module docstring).

    >>> g = SplitMix64(0)
    >>> hex(g.next()), hex(g.next())
    ('0xe220a8397b1dcdaf', '0x6e789e6aa1b965f4')
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = z = (self.state + _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n


def _check_number(number: int) -> None:
    if isinstance(number, bool) or not isinstance(number, int):
        raise TypeError(f"game number must be an int, not {type(number).__name__}")
    if not FIRST_GAME <= number <= LAST_GAME:
        raise ValueError(f"game number must be {FIRST_GAME}..{LAST_GAME}, not {number}")


def _check_suits(suits: int) -> None:
    if suits not in SUIT_PLAN:
        raise ValueError(f"suits must be 1, 2 or 4, not {suits!r}")


class GameNumberError(NumberError):
    """Text that is not a game number 1..999,999 or a suit count (one-line message)."""


def parse_game_number(text: str) -> int:
    """A game number typed by a player: ASCII digits, an optional ``#``,
    thousands separators (see :mod:`game.numbers`); else :class:`GameNumberError`.

    >>> parse_game_number("42"), parse_game_number("#999,999")
    (42, 999999)
    >>> parse_game_number("1000000")
    Traceback (most recent call last):
    ...
    game.spider.deals.GameNumberError: game number must be 1..999999, not 1000000
    """
    n = read_whole(text, allow_hash=True)
    if n is None:
        raise GameNumberError(_("game number must be a whole number {low}..{high}, not {text}").format(
            low=FIRST_GAME, high=LAST_GAME, text=shown(text)))
    if not FIRST_GAME <= n <= LAST_GAME:
        raise GameNumberError(
            _("game number must be {low}..{high}, not {n}").format(low=FIRST_GAME, high=LAST_GAME, n=n))
    return n


def parse_suits(text: str) -> int:
    """A suit count typed by a player (1, 2 or 4), else :class:`GameNumberError`.

    >>> parse_suits(" 2 ")
    2
    """
    n = read_whole(text)
    if n not in SUIT_PLAN:
        raise GameNumberError(_("--suits must be 1, 2 or 4, not {text}").format(text=shown(text)))
    return n


def shuffle_slots(number: int) -> list[int]:
    """The shuffled rank slots of game ``number`` in dealing order (suit-free).

    Slot ``s`` is rank ``s % 13 + 1`` of copy ``s // 13``.

    >>> sorted(shuffle_slots(5)) == list(range(104))
    True
    """
    _check_number(number)
    rng = SplitMix64(number)
    slots = list(range(104))
    for i in range(103, 0, -1):
        j = rng.below(i + 1)
        slots[i], slots[j] = slots[j], slots[i]
    return slots


def deal_cards(number: int, suits: int = 1) -> list[Card]:
    """The 104 cards of game ``number`` in dealing order (54 to the columns, then the stock)."""
    _check_suits(suits)
    plan = SUIT_PLAN[suits]
    return [CARDS[(s % 13) * 4 + plan[s // 13]] for s in shuffle_slots(number)]


def deal(number: int, suits: int = 1) -> Position:
    """The starting position of game ``number`` (1..999,999) with 1, 2 or 4 suits.

    >>> pos = deal(1)
    >>> [len(c) for c in pos.columns], pos.stock_size, pos.suits
    ([6, 6, 6, 6, 5, 5, 5, 5, 5, 5], 50, 1)
    """
    cards = deal_cards(number, suits)
    columns: list[list[Card]] = [[] for _ in range(10)]
    for i in range(_TABLE_CARDS):
        columns[i % 10].append(cards[i])
    return Position(columns, [len(col) - 1 for col in columns], cards[_TABLE_CARDS:])


def random_game_number() -> int:
    """A game number for "New game", from a cryptographic random source (SPEC §2.2)."""
    return FIRST_GAME + secrets.randbelow(LAST_GAME - FIRST_GAME + 1)
