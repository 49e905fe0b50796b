"""Picking: screen point -> card, run head or slot, checked against the layout.

Points are made in table coordinates from the layout (the middle of a
card's visible strip, a hair inside or outside an edge) and projected to
the screen with the camera; picking must undo the perspective exactly.
"""

from __future__ import annotations

import itertools

import pytest
from render_helpers import SIZES, long_column_freecell, strip_point

from game.freecell.deals import deal as freecell_deal
from game.freecell.position import Position as FreeCellPosition
from game.render import theme
from game.render.camera import Camera
from game.render.layout import CardTransform, PileKind, layout
from game.render.picking import column_under, pick
from game.spider.deals import deal as spider_deal

EPS = 2e-3  # table units: about a fifth of a pixel at 720p
HW, HH = theme.CARD_W / 2, theme.CARD_H / 2


def at(lay, cam, x, y, z=0.0):
    return pick(lay, cam, *cam.project(x, y, z))


POSITIONS = {
    "freecell": lambda: freecell_deal(1),
    "freecell-long": long_column_freecell,
    "spider": lambda: spider_deal(1, 4),
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", sorted(POSITIONS))
def test_every_visible_card_is_picked_at_its_strip_and_edges(game, size):
    lay = layout(POSITIONS[game](), *size)
    cam = Camera.frame(lay.rect, *size)
    checked = 0
    for c in lay.cards:
        if c.hidden or c.kind != PileKind.COLUMN:
            continue
        x, y = strip_point(lay, c)
        p = at(lay, cam, x, y, c.z)
        assert (p.kind, p.pile, p.index, p.card) == ("column", c.pile, c.index, c.card), (c, p)
        # A hair inside the left and right edges: this card. A hair outside
        # (on its own plane): not this card -- perspective may show the edge
        # of a lower card of the fan there, as it should. A little further
        # out on the felt: nothing.
        for side in (-1, 1):
            p = at(lay, cam, x + side * (HW - EPS), y, c.z)
            assert p is not None and p.index == c.index and p.pile == c.pile
            p = at(lay, cam, x + side * (HW + EPS), y, c.z)
            assert p is None or (p.pile == c.pile and p.index < c.index)
            assert at(lay, cam, x + side * (HW + 0.03), y, 0.0) is None
        checked += 1
    assert checked == (54 if game == "spider" else 52)


@pytest.mark.parametrize("size", SIZES)
def test_top_and_bottom_edges_and_rounded_corners(size):
    lay = layout(freecell_deal(1), *size)
    cam = Camera.frame(lay.rect, *size)
    for i in range(8):
        pile = lay.pile(PileKind.COLUMN, i)
        first, last = pile[0], pile[-1]
        # the first card's top edge
        assert at(lay, cam, first.x, first.y + HH - EPS, first.z).index == 0
        assert at(lay, cam, first.x, first.y + HH + EPS, first.z) is None
        # the last card's bottom edge
        assert at(lay, cam, last.x, last.y - HH + EPS, last.z).index == last.index
        assert at(lay, cam, last.x, last.y - HH - EPS, last.z) is None
        # the bottom-left corner is rounded: its very tip is felt
        r = theme.CORNER_RADIUS
        assert at(lay, cam, last.x - HW + 0.2 * r, last.y - HH + 0.2 * r, last.z) is None
        assert at(lay, cam, last.x - HW + r, last.y - HH + 0.2 * r, last.z).index == last.index
        # the top-left corner of a covering card is rounded too: the card under it shows there
        second = pile[1]
        p = at(lay, cam, second.x - HW + 0.2 * r, second.y + HH - 0.2 * r, second.z)
        assert p.index == 0


def test_overlapping_fan_picks_the_topmost_card_near_each_boundary():
    size = (1280, 720)
    lay = layout(long_column_freecell(), *size)
    cam = Camera.frame(lay.rect, *size)
    pile = lay.pile(PileKind.COLUMN, 0)
    for a, b in itertools.pairwise(pile):
        edge = b.y + HH  # b's top edge lies on a
        assert at(lay, cam, a.x, edge + EPS, a.z).index == a.index
        assert at(lay, cam, a.x, edge - EPS, b.z).index == b.index


@pytest.mark.parametrize("size", [(1280, 720), (720, 1280)])
def test_empty_slots_are_picked_as_slots(size):
    cols = freecell_deal(2).columns
    # column 8 emptied: its first card in free cell 1, the rest on column 7
    pos = FreeCellPosition(cols[:6] + [cols[6] + cols[7][1:], []], cells=[cols[7][0]])
    lay = layout(pos, *size)
    cam = Camera.frame(lay.rect, *size)
    for s in lay.slots:
        p = at(lay, cam, s.x + HW - EPS, s.y - HH + 0.2)
        if s.kind == PileKind.CELL and s.index == 0:
            assert (p.kind, p.pile, p.index) == ("cell", 0, 0)  # holds a card
        elif s.kind == PileKind.COLUMN and s.index < 7:
            assert p.kind == "column" and p.index is not None
        else:
            assert (p.kind, p.pile, p.is_slot) == (str(s.kind), s.index, True)
        assert at(lay, cam, s.x + HW + EPS, s.y - HH + 0.2) is None or s.kind == PileKind.COLUMN


def test_spider_stock_and_a_face_down_card_are_picked():
    size = (1280, 720)
    pos = spider_deal(1, 1)
    lay = layout(pos, *size)
    cam = Camera.frame(lay.rect, *size)
    piles = [c for c in lay.cards if c.kind == PileKind.STOCK and not c.hidden]
    assert len(piles) == pos.deals_left == 5
    top = piles[-1]
    p = at(lay, cam, top.x, top.y, top.z)
    assert (p.kind, p.pile, p.index) == ("stock", 4, 9)
    # the left strip of the bottom pile shows under the others
    first = piles[0]
    p = at(lay, cam, first.x - HW + 0.06, first.y, first.z)
    assert (p.kind, p.pile) == ("stock", 0)
    c = lay.pile(PileKind.COLUMN, 0)[0]
    x, y = strip_point(lay, c)
    assert at(lay, cam, x, y, c.z).index == 0


def test_cards_in_flight_are_not_picked():
    size = (1280, 720)
    pos = freecell_deal(1)
    base = layout(pos, *size)
    top = base.pile(PileKind.COLUMN, 0)[-1]
    lay = layout(pos, *size, {top.key: CardTransform(top.x, top.y, 0.4)})
    cam = Camera.frame(lay.rect, *size)
    sx, sy = cam.project(top.x, top.y, top.z)
    p = pick(lay, cam, sx, sy)
    # the flying card is skipped: the card it uncovered is under the point
    assert (p.pile, p.index) == (0, top.index - 1)
    assert pick(base, cam, sx, sy).index == top.index


def test_column_under_is_forgiving_below_the_last_card():
    size = (1280, 720)
    lay = layout(freecell_deal(1), *size)
    cam = Camera.frame(lay.rect, *size)
    for i in range(8):
        s = lay.slot(PileKind.COLUMN, i)
        assert column_under(lay, cam, *cam.project(s.x, lay.rect[2] + 0.1)) == i
    assert column_under(lay, cam, *cam.project(lay.rect[0] + 0.05, -4.0)) is None


def test_a_left_handed_table_is_picked_where_its_mirrored_top_row_lies():
    size = (1280, 720)
    pos = spider_deal(1, 1)
    lay = layout(pos, *size, mirror=True)
    cam = Camera.frame(lay.rect, *size)
    piles = [c for c in lay.cards if c.kind == PileKind.STOCK and not c.hidden]
    top, first = piles[-1], piles[0]
    assert top.x < first.x and first.x > 0  # on the right, the next deal leftmost (on top)
    p = at(lay, cam, top.x, top.y, top.z)
    assert (p.kind, p.pile, p.index) == ("stock", 4, 9)
    p = at(lay, cam, first.x + HW - 0.06, first.y, first.z)  # the bottom pile's right strip
    assert (p.kind, p.pile) == ("stock", 0)
    plain = layout(pos, *size)
    s = plain.slot(PileKind.REMOVED, 7)  # the rightmost removed-set place of the plain table...
    p = at(lay, cam, s.x, s.y)
    assert p is not None and p.kind == "stock"  # ...is where the mirrored stock lies
    fc = layout(freecell_deal(1), *size, mirror=True)
    cam = Camera.frame(fc.rect, *size)
    for kind, index in ((PileKind.CELL, 0), (PileKind.FOUNDATION, 3)):
        s = fc.slot(kind, index)
        p = at(fc, cam, s.x, s.y)
        assert (p.kind, p.pile, p.is_slot) == (str(kind), index, True)
