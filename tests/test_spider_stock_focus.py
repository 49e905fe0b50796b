"""Spider's stock is one place however many deals it holds (issue 62): the keyboard's
focus ring, or a hint's glow on it, lights the top card of the pile on top, the one
the next deal takes; lighting the bottom pile's drew it over the others, a second stock."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from game.places import PileKind
from game.render.camera import Camera
from game.render.layout import layout
from game.render.marks import Mark
from game.render.picking import marked_boxes
from game.render.scene import Renderer, View
from game.spider import deal

SIZE = (1280, 720)


def lit_cards(view: View) -> list[tuple[float, float, float]]:
    """``(x, y, z)`` of each card drawn again with a ring or a glow (12 floats an instance)."""
    lit = Renderer.frame_data(SimpleNamespace(contrast=False), view).lit  # type: ignore[arg-type]  # no GL needed
    return [(lit[k], lit[k + 1], lit[k + 2]) for k in range(0, len(lit), 12)]


def test_the_focus_or_a_glow_on_the_stock_lights_the_top_of_its_top_pile_only():
    lay = layout(deal(1, 1), *SIZE)
    stock = [c for c in lay.cards if c.kind == PileKind.STOCK and not c.hidden]
    assert len(stock) == 5  # five deals left: five piles of backs, one top card each
    top = max(stock, key=lambda c: c.z)
    assert top.x == max(c.x for c in stock)  # the pile on top lies rightmost
    focus = lit_cards(View(lay, [], Mark(PileKind.STOCK, 0, None)))
    assert focus == [pytest.approx((top.x, top.y, top.z))]
    glow = lit_cards(View(lay, [Mark(PileKind.STOCK, 0, None, "hint")]))
    assert glow == [pytest.approx((top.x, top.y, top.z))]
    # And a page about that mark leaves the top pile in view: its box is the one marked.
    cam = Camera.frame(lay.rect, *SIZE)
    (box,) = marked_boxes(lay, cam, [Mark(PileKind.STOCK, 0, None, "hint")])
    x, y, w, h = cam.box(top.x, top.y, top.z, top.yaw)
    edges = (box[0], box[1], box[0] + box[2], box[1] + box[3])
    assert all(abs(got - want) <= 1 for got, want in zip(edges, (x, y, x + w, y + h))), (box, (x, y, w, h))
