"""The player's table colour and card back (issue 8): offscreen EGL renders.

Each setting takes effect on the very next frame: ``render()`` draws
(returns True) after a change and skips the frame after that.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest
from render_helpers import strip_point

from game.freecell.deals import deal as freecell_deal
from game.render import theme
from game.render.layout import PileKind, layout
from game.render.scene import Renderer, View
from game.spider.deals import deal as spider_deal

SIZE = (640, 360)


def pixel(r: Renderer, sx: float, sy: float) -> tuple[int, int, int]:
    px = r.read_pixels()
    i = (int(sy) * r.size[0] + int(sx)) * 3
    return tuple(px[i:i + 3])  # type: ignore[return-value]


def felt_point(r: Renderer, lay) -> tuple[float, float]:
    """Below a middle column of six cards, where no card is (seven-card fans may reach the bottom margin)."""
    s = lay.slot(PileKind.COLUMN, 4)
    return r.camera_for(lay).project(s.x, lay.rect[2] + 0.3)


def back_points(r: Renderer, lay) -> list[tuple[float, float]]:
    """The visible strip of the first (face-down) card of every Spider column."""
    cam = r.camera_for(lay)
    out = []
    for i in range(10):
        back = lay.pile(PileKind.COLUMN, i)[0]
        assert not back.face_up
        out.append(cam.project(*strip_point(lay, back), back.z))
    return out


def test_the_menu_lists_and_the_defaults():
    assert theme.TABLE_COLOURS == ("green", "blue", "red", "grey")
    assert theme.CARD_BACKS == ("blue", "red", "green", "black")
    assert theme.TABLE_COLOURS[0] == theme.DEFAULT_TABLE_COLOUR
    assert theme.CARD_BACKS[0] == theme.DEFAULT_CARD_BACK
    assert theme.table_colour("green") == (theme.FELT, theme.FELT_DARK)


def test_the_felt_takes_the_table_colour_at_once(ctx):
    r = Renderer(ctx, SIZE)
    assert r.table_colour == "green"
    lay = layout(freecell_deal(1), *SIZE)
    assert r.render(View(lay))
    seen = {"green": pixel(r, *felt_point(r, lay))}
    for name in ("blue", "red", "grey", "green"):
        r.set_table_colour(name)
        assert r.table_colour == name
        assert r.render(View(lay)) is True
        assert r.render(View(lay)) is False          # nothing changed since
        rgb = pixel(r, *felt_point(r, lay))
        if name in seen:
            assert rgb == seen[name]                 # back to green: the same felt again
        seen[name] = rgb
    (gr, gg, gb), (br, bg, bb), (rr, rg, rb), (yr, yg, yb) = (seen[n] for n in theme.TABLE_COLOURS)
    assert gg > gr + 30 and gg > gb + 20, seen["green"]
    assert bb > br + 30 and bb > bg + 20, seen["blue"]
    assert rr > rg + 30 and rr > rb + 30, seen["red"]
    assert max(yr, yg, yb) - min(yr, yg, yb) < 15 and yg > 25, seen["grey"]
    # setting the colour it already has is no change
    r.set_table_colour("green")
    assert r.render(View(lay)) is False
    r.release()


def test_face_down_cards_take_the_card_back_at_once(ctx):
    r = Renderer(ctx, SIZE)
    assert r.card_back == "blue"
    lay = layout(spider_deal(1, 4), *SIZE)
    pts = back_points(r, lay)
    stock = lay.pile(PileKind.STOCK, 0)[-1]
    assert not stock.face_up
    cam = r.camera_for(lay)
    pts.append(cam.project(stock.x + 0.25, stock.y + 0.4, stock.z))   # on the stock's lattice, off the emblem
    assert r.render(View(lay))
    first = [pixel(r, *p) for p in pts]
    for name in ("red", "green", "black", "blue"):
        r.set_card_back(name)
        assert r.card_back == name
        assert r.render(View(lay)) is True
        assert r.render(View(lay)) is False
        for (cr, cg, cb) in (pixel(r, *p) for p in pts):
            if name == "blue":
                assert cb > cr + 50 and cb > cg + 20, (name, (cr, cg, cb))
            elif name == "red":
                assert cr > cg + 50 and cr > cb + 40, (name, (cr, cg, cb))
            elif name == "green":
                assert cg > cr + 40 and cg > cb + 20, (name, (cr, cg, cb))
            else:
                assert max(cr, cg, cb) < 110, (name, (cr, cg, cb))
    assert [pixel(r, *p) for p in pts] == first      # back to blue: as drawn at first
    r.release()


def test_a_changed_setting_draws_as_a_renderer_made_with_it(ctx):
    """Repainting the back cell and the felt in place gives the same frame as starting afresh."""
    lay = layout(spider_deal(3, 2), *SIZE)
    changed = Renderer(ctx, SIZE, mipmaps=True)
    assert changed.render(View(lay))
    changed.set_table_colour("red")
    changed.set_card_back("black")
    changed.set_four_colour(True)                    # keeps the chosen back
    assert changed.card_back == "black"
    assert changed.render(View(lay))
    fresh = Renderer(ctx, SIZE, mipmaps=True, table_colour="red", card_back="black", four_colour=True)
    assert fresh.render(View(lay))
    assert changed.read_pixels() == fresh.read_pixels()
    changed.release()
    fresh.release()


def test_unknown_names_raise_and_change_nothing(ctx):
    r = Renderer(ctx, SIZE)
    lay = layout(spider_deal(1, 1), *SIZE)
    assert r.render(View(lay))
    with pytest.raises(ValueError, match=r"^unknown table colour 'pink'; choose one of: green, blue, red, grey$"):
        r.set_table_colour("pink")
    with pytest.raises(ValueError, match=r"^unknown card back 'plaid'; choose one of: blue, red, green, black$"):
        r.set_card_back("plaid")
    with pytest.raises(ValueError):
        r.set_card_back("Blue")
    assert (r.table_colour, r.card_back) == ("green", "blue")
    assert r.render(View(lay)) is False
    r.release()
    with pytest.raises(ValueError, match="unknown table colour"):
        Renderer(ctx, SIZE, table_colour="purple")
    with pytest.raises(ValueError, match="unknown card back"):
        Renderer(ctx, SIZE, card_back="gold")
