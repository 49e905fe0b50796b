"""Building FreeCell test positions by hand.

A real position holds all 52 cards, which makes hand-made boards tedious.
:func:`make` lets a test name only the cards that matter: a column written
``"* 9S 8H"`` starts with filler (the cards named nowhere else, shared out
over every ``*`` column in a fixed order), then the named cards.
"""

from __future__ import annotations

from game.cards import CARDS, RANK, SUIT, Card
from game.freecell import Position


def make(columns: list[str], cells: str = "", found: str = "", *, auto: bool = False) -> Position:
    """A position from column strings, a cells string ("QD - KC") and
    foundations ("H-3 S-A"); ``*`` in a column marks where filler goes.
    Columns not given are filler only; ``""`` is an empty column."""
    columns = list(columns) + ["*"] * (8 - len(columns))
    foundations = [0, 0, 0, 0]
    for tok in found.split():
        suit, rank = tok.split("-")
        foundations["CDHS".index(suit)] = "0A23456789TJQK".index(rank)
    named: set[int] = set()
    cell_cards: list[Card | None] = []
    for tok in cells.split():
        cell_cards.append(None if tok == "-" else Card.parse(tok))
    named |= {c for c in cell_cards if c is not None}
    parsed: list[list[str]] = [col.split() for col in columns]
    for col in parsed:
        named |= {Card.parse(t) for t in col if t != "*"}
    home = {c for c in range(52) if RANK[c] <= foundations[SUIT[c]]}
    assert not (home & named), "a named card is also on its foundation"
    # Filler goes low-ranked first so the cards it exposes are high ones that
    # can neither go home nor move much. Tests rely only on the cards they name.
    filler = [CARDS[c] for c in range(52) if c not in named and c not in home]
    stars = [i for i, col in enumerate(parsed) if "*" in col]
    assert stars or not filler, f"{len(filler)} cards left over and no '*' column"
    shares: dict[int, list[Card]] = {i: [] for i in stars}
    for k, c in enumerate(filler):
        shares[stars[k % len(stars)]].append(c)
    built = []
    for i, col in enumerate(parsed):
        cards: list[Card] = []
        for t in col:
            cards.extend(shares[i] if t == "*" else [Card.parse(t)])
        built.append(cards)
    return Position(built, cell_cards, foundations, auto_foundation=auto)


def cards_of(pos: Position) -> list[int]:
    """Every card of the position, foundations included, sorted (52 when intact)."""
    out: list[int] = [c for col in pos.columns for c in col]
    out += [c for c in pos.cells if c is not None]
    out += [(r - 1) * 4 + s for s in range(4) for r in range(1, pos.foundations[s] + 1)]
    return sorted(out)


def replays(start: Position, moves) -> bool:
    """Play a line with no automatic moves, as fc-solve's checker would."""
    pos = Position(start.columns, start.cells, start.foundations, free_cells=len(start.cells))
    for m in moves:
        pos.push(m, auto=False)
    return pos.is_won()
