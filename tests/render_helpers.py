"""Positions and geometry helpers shared by the render tests."""

from __future__ import annotations

from game.cards import Card
from game.freecell.position import Position as FreeCellPosition
from game.render import theme
from game.render.layout import CardPlacement, Layout

#: Landscape, portrait (a rotated window), the smallest window, 4K.
SIZES = [(1280, 720), (720, 1280), (800, 600), (3840, 2160)]


def long_column_freecell() -> FreeCellPosition:
    """A legal FreeCell position whose first column holds 21 cards (the deck's longest runs)."""
    deck = [Card.parse(f"{r}{s}") for s in "SHDC" for r in "KQJT98765432A"]
    first = deck[:21]
    rest = deck[21:]
    columns = [first] + [rest[i::7] for i in range(7)]
    return FreeCellPosition(columns)


def strip_point(lay: Layout, c: CardPlacement) -> tuple[float, float]:
    """The middle of the part of ``c`` that the next card of its pile leaves showing."""
    top = c.y + theme.CARD_H / 2
    nxt = [o for o in lay.cards
           if o.kind == c.kind and o.pile == c.pile and o.index == c.index + 1 and not o.in_flight]
    if not nxt or nxt[0].hidden:
        return c.x, c.y
    return c.x, (top + nxt[0].y + theme.CARD_H / 2) / 2


def paper_point(lay: Layout, c: CardPlacement) -> tuple[float, float]:
    """A point of plain paper on ``c`` inside its visible strip: right of the index, near the top."""
    top = c.y + theme.CARD_H / 2
    return c.x + 0.3, top - 0.1
