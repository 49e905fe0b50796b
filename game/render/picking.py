"""From a screen point to the card, run or slot under it.

Picking is maths against the layout, not a GPU read-back: the eye ray
through the pixel meets each card's plane at the card's own height, and the
hit is tested against the same rounded rectangle the shader draws. The
topmost card wins: cards are tried in reverse painting order. Cards in
flight and cards hidden under a stacked pile are never picked.

    >>> from game.freecell.deals import deal
    >>> from game.render.camera import Camera
    >>> from game.render.layout import layout
    >>> lay = layout(deal(1), 1280, 720)
    >>> cam = Camera.frame(lay.rect, 1280, 720)
    >>> top = lay.pile("column", 0)[-1]
    >>> hit = pick(lay, cam, *cam.project(top.x, top.y, top.z))
    >>> hit.kind is PileKind.COLUMN, hit.pile, hit.index, hit.card
    (True, 0, 6, Card('6S'))
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from game.cards import Card
from game.places import PileKind
from game.render.camera import Camera
from game.render.layout import Layout, inside_card
from game.render.marks import Mark
from game.render.theme import CARD_H, CARD_W

__all__ = ["Pick", "column_under", "marked_boxes", "pick", "pile_boxes", "place_box", "target_near"]


@dataclass(frozen=True, slots=True)
class Pick:
    """What is under a screen point.

    ``index`` is the card's place in its pile (0 = bottom); a mid-column pick
    names the head of the run the player means (the game decides whether the
    cards from there to the end may move together). ``index`` is ``None`` and
    ``card`` is ``None`` for an empty slot.
    """

    kind: PileKind
    pile: int
    index: int | None
    card: Card | None

    @property
    def is_slot(self) -> bool:
        return self.index is None


def _local(cam: Camera, sx: float, sy: float, z: float, cx: float, cy: float,
           yaw: float) -> tuple[float, float]:
    x, y = cam.table_point(sx, sy, z)
    dx, dy = x - cx, y - cy
    if yaw:
        c, s = math.cos(yaw), math.sin(yaw)
        dx, dy = c * dx + s * dy, -s * dx + c * dy
    return dx, dy


def pick(lay: Layout, cam: Camera, sx: float, sy: float) -> Pick | None:
    """The card (topmost) or empty slot under pixel ``(sx, sy)``, or ``None`` for bare felt.

    A slot that holds cards is reported through its top card; its outline
    shows only when the pile is empty, so only then is it picked as a slot.
    """
    for c in reversed(lay.cards):
        if c.hidden or c.in_flight:
            continue
        dx, dy = _local(cam, sx, sy, c.z, c.x, c.y, c.yaw)
        if inside_card(dx, dy):
            return Pick(c.kind, c.pile, c.index, c.card)
    occupied = {(c.kind, c.pile) for c in lay.cards if not c.in_flight}
    x, y = cam.table_point(sx, sy, 0.0)
    for s in lay.slots:
        if s.contains(x, y):
            if s.kind == PileKind.STOCK and (s.kind, 0) in occupied:
                continue
            if (s.kind, s.index) in occupied and s.kind != PileKind.STOCK:
                continue
            return Pick(s.kind, s.index, None, None)
    return None


def column_under(lay: Layout, cam: Camera, sx: float, sy: float) -> int | None:
    """The column whose band (its width, from its slot down to the table's edge) holds the point.

    Drops are forgiving where clicks are exact: a card dragged anywhere over
    a column's band, even below its last card, lands on that column.
    """
    x, y = cam.table_point(sx, sy, 0.0)
    _x0, _x1, y0, _y1 = lay.rect
    for s in lay.slots:
        if s.kind == PileKind.COLUMN and abs(x - s.x) <= 0.5 and y0 <= y <= s.y + 0.7:
            return s.index
    return None


def target_near(lay: Layout, cam: Camera, sx: float, sy: float, reach: float) -> tuple[PileKind, int] | None:
    """The column band, free cell or foundation nearest to pixel ``(sx, sy)`` on the table plane,
    if within ``reach`` (table units) of it: a finger covers more than it points at, so a drop
    that lands just beside a place lands on it (the nearest of two).

    >>> from game.freecell.deals import deal
    >>> from game.render.layout import layout
    >>> lay = layout(deal(1), 1280, 720)
    >>> cam = Camera.frame(lay.rect, 1280, 720)
    >>> cell = lay.slot(PileKind.CELL, 0)
    >>> beside = cam.project(cell.x, cell.y + CARD_H / 2 + 0.3, 0.0)   # just above the cell
    >>> pick(lay, cam, *beside), target_near(lay, cam, *beside, reach=0.5)
    (None, (<PileKind.CELL: 'cell'>, 0))
    >>> target_near(lay, cam, *beside, reach=0.2) is None
    True
    """
    x, y = cam.table_point(sx, sy, 0.0)
    y0 = lay.rect[2]
    best: tuple[float, tuple[PileKind, int]] | None = None
    for s in lay.slots:
        if s.kind not in (PileKind.COLUMN, PileKind.CELL, PileKind.FOUNDATION):
            continue
        dx = max(0.0, abs(x - s.x) - CARD_W / 2)
        if s.kind == PileKind.COLUMN:  # the band column_under uses, from the slot's top down
            dy = max(0.0, y - (s.y + CARD_H / 2), y0 - y)
        else:
            dy = max(0.0, abs(y - s.y) - CARD_H / 2)
        far = math.hypot(dx, dy)
        if far <= reach and (best is None or far < best[0]):
            best = (far, (s.kind, s.index))
    return None if best is None else best[1]


def place_box(lay: Layout, cam: Camera, kind: PileKind, index: int) -> tuple[float, float, float, float]:
    """The screen box ``(x, y, w, h)`` (pixels, y down) of pile ``(kind, index)``'s last card
    (its slot when empty): a note about that place stands just above it (or just below).

    >>> from game.freecell.deals import deal
    >>> from game.render.layout import layout
    >>> lay = layout(deal(1), 1280, 720)
    >>> cam = Camera.frame(lay.rect, 1280, 720)
    >>> x, y, w, h = place_box(lay, cam, PileKind.COLUMN, 0)
    >>> hit = pick(lay, cam, x + w / 2, y + 8)
    >>> hit.pile, hit.index == len(lay.pile(PileKind.COLUMN, 0)) - 1
    (0, True)
    """
    cards = [c for c in lay.pile(kind, index) if not c.hidden]
    if cards:
        top = cards[-1]
        return cam.box(top.x, top.y, top.z, top.yaw)
    slot = lay.slot(kind, index)
    return cam.box(slot.x, slot.y, 0.0)


def marked_boxes(lay: Layout, cam: Camera, marks: Iterable[Mark]) -> list[tuple[int, int, int, int]]:
    """The screen boxes (whole pixels, y down) of the cards ``marks`` light at rest, and of
    each marked empty slot: what a panel about those marks must leave in view.

    >>> from game.freecell.deals import deal
    >>> from game.render.layout import layout
    >>> lay = layout(deal(1), 1280, 720)
    >>> cam = Camera.frame(lay.rect, 1280, 720)
    >>> len(marked_boxes(lay, cam, [Mark(PileKind.COLUMN, 0, 4), Mark(PileKind.CELL, 2)]))  # 3 cards, a slot
    4
    """
    out: list[tuple[int, int, int, int]] = []
    for m in marks:
        cards = [c for c in lay.pile(m.kind, lay.place_pile(m)) if not c.hidden and not c.in_flight]
        top = cards[-1].index if cards else None
        lit = [cam.box(c.x, c.y, c.z, c.yaw) for c in cards if m.covers(c.index, top)]
        if not cards and m.start is None:
            slot = lay.slot(m.kind, m.pile)
            lit.append(cam.box(slot.x, slot.y, 0.0))
        out += [(math.floor(x), math.floor(y), math.ceil(x + w) - math.floor(x), math.ceil(y + h) - math.floor(y))
                for x, y, w, h in lit]
    return out


def pile_boxes(lay: Layout, cam: Camera) -> list[tuple[int, int, int, int]]:
    """The screen box (whole pixels, y down) of each pile at rest, from its first card to its
    last (an empty place: its slot): the table a page about it covers as little as it can.

    >>> from game.freecell.deals import deal
    >>> from game.render.layout import layout
    >>> lay = layout(deal(1), 1280, 720)
    >>> len(pile_boxes(lay, Camera.frame(lay.rect, 1280, 720)))  # 8 columns, 4 cells, 4 foundations
    16
    """
    out: list[tuple[int, int, int, int]] = []
    for s in lay.slots:
        # Spider's stock is one place: all its piles.
        cards = [c for c in lay.cards if c.kind == s.kind and (c.pile == s.index or s.kind == PileKind.STOCK)
                 and not c.hidden and not c.in_flight]
        ends = [cam.box(c.x, c.y, c.z, c.yaw) for c in (cards[0], cards[-1])] if cards else [cam.box(s.x, s.y, 0.0)]
        x0, y0 = min(b[0] for b in ends), min(b[1] for b in ends)
        x1, y1 = max(b[0] + b[2] for b in ends), max(b[1] + b[3] for b in ends)
        out.append((math.floor(x0), math.floor(y0), math.ceil(x1) - math.floor(x0), math.ceil(y1) - math.floor(y0)))
    return out

