"""Table layout: pure geometry (no OpenGL), for both games, any window shape."""

from __future__ import annotations

import itertools
import math

import pytest
from render_helpers import SIZES, long_column_freecell

from game.freecell.deals import deal as freecell_deal
from game.render import theme
from game.render.camera import Camera
from game.render.layout import CardTransform, PileKind, fan_steps, layout
from game.spider.deals import deal as spider_deal
from game.spider.moves import DEAL


def full_spider():
    pos = spider_deal(1, 4)
    while pos.deals_left and pos.can_deal():
        pos.push(DEAL)
    return pos


def corners_on_screen(lay, cam):
    for c in lay.cards:
        for dx in (-0.5, 0.5):
            for dy in (-0.7, 0.7):
                sx, sy = cam.project(c.x + dx, c.y + dy, c.z)
                assert -0.01 <= sx <= cam.width + 0.01, (c, sx)
                assert -0.01 <= sy <= cam.height + 0.01, (c, sy)


def test_freecell_deal_places_every_card_once_in_its_column():
    pos = freecell_deal(1)
    lay = layout(pos, 1280, 720)
    assert sorted(int(c.card) for c in lay.cards) == list(range(52))
    for i, col in enumerate(pos.columns):
        pile = lay.pile(PileKind.COLUMN, i)
        assert [c.card for c in pile] == col
        assert [c.index for c in pile] == list(range(len(col)))
        assert all(c.face_up and not c.hidden and not c.in_flight for c in pile)
        # later cards lie lower on the table (toward the player) and higher up (painted later)
        assert all(a.y > b.y and a.z < b.z for a, b in itertools.pairwise(pile))
    kinds = [(s.kind, s.index) for s in lay.slots]
    assert kinds.count((PileKind.CELL, 0)) == 1 and len(lay.slots) == 4 + 4 + 8
    assert [s.suit for s in lay.slots if s.kind == PileKind.FOUNDATION] == [0, 1, 2, 3]


@pytest.mark.parametrize("size", SIZES)
def test_the_longest_column_fits_every_window(size):
    pos = long_column_freecell()
    assert len(pos.columns[0]) == 21
    lay = layout(pos, *size)
    cam = Camera.frame(lay.rect, *size)
    corners_on_screen(lay, cam)
    last = lay.pile(PileKind.COLUMN, 0)[-1]
    assert last.y - theme.CARD_H / 2 >= lay.rect[2] - 1e-9


@pytest.mark.parametrize("size", SIZES)
def test_a_full_spider_table_fits_every_window(size):
    lay = layout(full_spider(), *size)
    corners_on_screen(lay, Camera.frame(lay.rect, *size))


def test_overlap_shrinks_as_a_column_grows():
    short = fan_steps(0, 7, 8.0)
    long_ = fan_steps(0, 30, 8.0)
    assert short == (theme.FAN_DOWN, theme.FAN_UP)
    assert long_[1] < short[1]
    assert math.isclose(29 * long_[1] + theme.CARD_H, 8.0)
    # in a window, the long column is squeezed and the short ones keep their step
    lay = layout(long_column_freecell(), 1280, 720)
    assert lay.column_steps[0][1] < lay.column_steps[1][1] == theme.FAN_UP


def test_portrait_gives_columns_more_room_than_landscape():
    land = layout(long_column_freecell(), 1280, 720)
    port = layout(long_column_freecell(), 720, 1280)
    assert port.rect[3] - port.rect[2] > land.rect[3] - land.rect[2]
    assert port.column_steps[0][1] > land.column_steps[0][1]


def test_spider_layout_shows_stock_piles_and_face_down_cards():
    pos = spider_deal(1, 2)
    lay = layout(pos, 1280, 720)
    assert len(lay.cards) == 104
    stock = [c for c in lay.cards if c.kind == PileKind.STOCK]
    assert len(stock) == 50 and all(not c.face_up for c in stock)
    assert len([c for c in stock if not c.hidden]) == pos.deals_left == 5
    for i, col in enumerate(pos.columns):
        pile = lay.pile(PileKind.COLUMN, i)
        assert [c.card for c in pile] == list(col)
        assert [c.face_up for c in pile] == [pos.is_face_up(i, j) for j in range(len(col))]
    # face-down cards fan tighter than face-up ones; every column shares the steps
    pile = lay.pile(PileKind.COLUMN, 0)
    down, up = lay.column_steps[0]
    assert pile[0].y - pile[1].y == pytest.approx(down) and down < up
    assert len(set(lay.column_steps)) == 1
    assert [s.kind for s in lay.slots].count(PileKind.REMOVED) == 8


def test_overrides_move_cards_into_flight_and_paint_them_last():
    pos = freecell_deal(1)
    base = layout(pos, 1280, 720)
    target = base.pile(PileKind.COLUMN, 2)[3]
    by_key = {target.key: CardTransform(1.0, -2.0, 0.5, yaw=0.2)}
    by_card = {int(base.cards[0].card): CardTransform(0.0, 0.0, 0.3, flip=math.pi)}
    lay = layout(pos, 1280, 720, {**by_key, **by_card})
    flying = [c for c in lay.cards if c.in_flight]
    assert {c.key for c in flying} == {target.key, base.cards[0].key}
    assert lay.cards[-2:] == sorted(flying, key=lambda c: c.z)
    moved = next(c for c in flying if c.key == target.key)
    assert (moved.x, moved.y, moved.z, moved.yaw) == (1.0, -2.0, 0.5, 0.2)
    assert not next(c for c in flying if c.key != target.key).face_up


def test_layout_reads_positions_without_changing_them():
    fc, sp = freecell_deal(7), spider_deal(3, 4)
    before = (str(fc), str(sp), sp.key())
    for size in SIZES:
        layout(fc, *size)
        layout(sp, *size)
    assert (str(fc), str(sp), sp.key()) == before


def test_portrait_narrows_the_gaps_and_spreads_the_fans_up_to_a_cap():
    from game.freecell.deals import deal as fc
    from game.render.layout import LANDSCAPE_SPREAD, PORTRAIT_SPREAD

    land = layout(fc(1), 1280, 720)
    port = layout(fc(1), 720, 1280)
    xs = lambda lay: [s.x for s in lay.slots if s.kind == PileKind.COLUMN]  # noqa: E731
    # a wide window keeps the plain values; portrait packs the columns closer
    assert xs(land)[1] - xs(land)[0] == pytest.approx(theme.CARD_W + theme.FREECELL_GAP)
    assert xs(port)[1] - xs(port)[0] == pytest.approx(theme.CARD_W + theme.PORTRAIT_FREECELL_GAP)
    # a fresh deal is never squeezed, and spreads at most the landscape cap
    for _down, up in land.column_steps:
        assert theme.FAN_UP - 1e-9 <= up <= theme.FAN_UP * LANDSCAPE_SPREAD + 1e-9
    # a fresh deal's short columns spread, all alike, well beyond the landscape cap in a tall window
    assert len(set(port.column_steps)) == 1
    up = port.column_steps[0][1]
    assert theme.FAN_UP * LANDSCAPE_SPREAD < up <= theme.FAN_UP * PORTRAIT_SPREAD + 1e-9
    assert Camera.frame(land.rect, 1280, 720).tilt == theme.TILT
    assert Camera.frame(port.rect, 720, 1280).tilt == theme.PORTRAIT_TILT
    # the cards of the top row take most of the window's width
    cam = Camera.frame(port.rect, 720, 1280)
    card_px = cam.pixels_per_unit(0.0, -1.0) * theme.CARD_W
    assert 8 * card_px > 0.75 * 720


@pytest.mark.parametrize("size", [(720, 1280), (1080, 1920), (700, 800)])
def test_portrait_fans_never_run_off_the_table(size):
    for pos in (long_column_freecell(), full_spider()):
        lay = layout(pos, *size)
        corners_on_screen(lay, Camera.frame(lay.rect, *size))
        for c in lay.cards:
            assert c.y - theme.CARD_H / 2 >= lay.rect[2] - 1e-9
