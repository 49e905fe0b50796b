"""Building Spider test positions by hand: name the cards that matter, the
rest of the 104-card deck goes face down out of the way."""

from __future__ import annotations

import functools
from collections import Counter

from game.cards import Card
from game.spider import DECK_SETS, Move, Position, deal
from game.spider.solver import Verdict, solve


def build(
    columns: dict[int, str],
    *,
    stock: str | int = 0,
    removed: str = "",
    suits: int = 4,
    junk: int = 0,
) -> Position:
    """A full 104-card position from the cards a test cares about.

    ``columns`` maps a column (1-based) to its cards, buried first, face-down
    ones in parentheses; unnamed columns are empty. ``stock`` is its cards in
    dealing order, or a number of deals to fill from the leftovers. ``removed``
    lists the suit letters of removed sets. The leftover cards of the deck go
    face down under column ``junk`` (default: the highest column named).
    """
    junk = junk or max(columns)
    sets = DECK_SETS[suits]
    left = Counter({c: sets[c & 3] for c in range(52) if sets[c & 3]})
    removed_suits = ["CDHS".index(ch) for ch in removed]
    for suit in removed_suits:
        for r in range(13):
            left[r * 4 + suit] -= 1
    cols: list[list[Card]] = [[] for _ in range(10)]
    down = [0] * 10
    for number, spec in columns.items():
        for word in spec.split():
            hidden = word.startswith("(")
            card = Card.parse(word.strip("()"))
            if hidden:
                down[number - 1] += 1
            cols[number - 1].append(card)
            left[card] -= 1
    stock_cards = [Card.parse(w) for w in stock.split()] if isinstance(stock, str) else []
    for card in stock_cards:
        left[card] -= 1
    assert all(n >= 0 for n in left.values()), "a card named more often than the deck has it"
    rest = sorted(Card(c) for c in left.elements())
    if isinstance(stock, int):
        stock_cards, rest = rest[: 10 * stock], rest[10 * stock:]
    if rest:
        cols[junk - 1][:0] = rest
        down[junk - 1] += len(rest)
    return Position(cols, down, stock_cards, removed_suits)


#: Deals (number, suits) with a winning line at hand (:func:`winning_line`): random tests
#: follow one for a while to reach the tables random play seldom does (sets off, empty columns).
WON_DEALS = ((1, 1), (1, 2))


@functools.cache
def winning_line(number: int, suits: int) -> tuple[Move, ...]:
    """A winning line of the deal, found once (unshortened: the same line on any machine)."""
    result = solve(deal(number, suits), budget=60_000, shorten_line=False)
    assert result.verdict is Verdict.SOLVED, (number, suits, result.verdict)
    return tuple(result.moves)


#: One-suit game 51 of the bench after its last deal, as the bot that lost it reached it.
GAME_51 = """stock:
1: (TS) (4S) (2S) (QS) 4S KS 6S 5S 4S 3S 2S
2: (7S) TS 9S 8S 7S 6S 5S 4S 2S AS KS JS
3: (5S) (TS) (6S) (3S) (3S) KS QS JS TS 9S 8S 7S 6S 5S 4S
4: (3S) (3S) (AS) 2S KS
5: 7S JS QS JS
6: (AS) (AS) (8S) QS KS QS JS TS 9S 8S 7S 6S 5S 4S 4S 9S 8S 7S 6S 5S 6S
7: KS QS JS TS 9S 3S 2S AS
8: 2S AS JS TS 9S 8S 7S 9S 8S
9: KS 5S 2S
10: (AS) (QS) 3S
removed: 1"""
