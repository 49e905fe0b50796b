"""Building Spider test positions by hand: name the cards that matter, the
rest of the 104-card deck goes face down out of the way."""

from __future__ import annotations

from collections import Counter

from game.cards import Card
from game.spider import DECK_SETS, Position


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
