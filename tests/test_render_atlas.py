"""The card atlas is drawn again when the cards change size, and no frame pays for a whole one (issue 60).

At 200% text the table area above the taller control bar is shorter: a long column
shrinks the table a scale step (layout.SCALE_LEVELS) and the win cascade, emptying
the columns, grows it back, so the card size changed in the middle of the cascade
and that frame drew a whole atlas (130-900 ms on llvmpipe).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

import game.render.atlas as atlas_module
from game.freecell import deal
from game.freecell.solver import solve
from game.render.camera import set_text_scale
from game.render.layout import CardTransform, layout
from game.render.scene import Renderer, View

SIZE = (1280, 720)
#: The most faces one frame may draw after the first: a few, never a good share of the deck.
A_FEW = 13


@pytest.fixture
def double_text() -> Iterator[None]:
    set_text_scale(2.0)
    try:
        yield
    finally:
        set_text_scale(1.0)


def _cascade_frames() -> Iterator[View]:
    """Deal 617 played by the solver's line to where auto-complete can run (with automatic moves
    off, so that the cascade has many cards to send home), each move shown in flight then landed;
    then the cascade, card by card."""
    pos = deal(617)
    pos.auto_foundation = False
    yield View(layout(pos, *SIZE))
    line = solve(deal(617)).moves
    moves = iter(line)
    for m in moves:
        if pos.can_autocomplete():
            break
        pos.push(m, auto=False)
    else:
        raise AssertionError("the solver's line never reached auto-complete")
    # The line's last moves build the long column that shrinks the table; show them.
    start = pos.copy()
    while pos.move_count > start.move_count - 15:
        pos.pop()
    pos.auto_foundation = False
    for m in start.move_stack[pos.move_count:]:
        yield from _move_frames(pos, m)
    while (home := pos.autocomplete_move()) is not None:
        yield from _move_frames(pos, home)
    assert pos.is_won()


def _move_frames(pos: Any, move: Any) -> Iterator[View]:
    """``move`` played on ``pos``: a frame with its cards halfway, then one with them landed."""
    before = {int(c.card): c for c in layout(pos, *SIZE).cards}
    pos.push(move, auto=False)
    after = {int(c.card): c for c in layout(pos, *SIZE).cards}
    halfway: dict[int | tuple[Any, int, int], CardTransform] = {
        k: CardTransform((before[k].x + c.x) / 2, (before[k].y + c.y) / 2, 0.5)
        for k, c in after.items() if (c.kind, c.pile, c.index) != (before[k].kind, before[k].pile, before[k].index)}
    yield View(layout(pos, *SIZE, halfway))
    yield View(layout(pos, *SIZE))


def test_a_win_cascade_at_double_text_size_never_draws_a_whole_atlas_in_one_frame(ctx, monkeypatch, double_text):
    drawn: list[int] = []  # the card width of each face drawn
    draw_face = atlas_module._draw_face

    def counted(card, w, h, face):
        drawn.append(w)
        return draw_face(card, w, h, face)

    monkeypatch.setattr(atlas_module, "_draw_face", counted)
    r = Renderer(ctx, SIZE)
    per_frame: list[int] = []
    sizes_shown = set()
    last = None
    for view in _cascade_frames():
        before = len(drawn)
        r.render(view)
        per_frame.append(len(drawn) - before)
        sizes_shown.add(r.atlas.card_px)
        last = view
    assert last is not None
    # The table settles: the renders of an idle table finish the atlas for its size.
    for _ in range(200):
        before = len(drawn)
        r.render(last)
        per_frame.append(len(drawn) - before)
        if not getattr(r, "busy", False):
            break
    assert per_frame[0] == 52  # the first atlas: at once
    assert len(sizes_shown) > 1, "the cards never changed size: the test no longer shows the cascade's case"
    assert max(per_frame[1:]) <= A_FEW, f"a frame drew {max(per_frame[1:])} faces"
    # A size drawn before (the deal's, which the emptied table returns to) is shown again, not drawn again.
    assert max(Counter(drawn).values()) == 52, Counter(drawn)
    # And the faces end crisp: the same pixels as a renderer that starts at the won table's size.
    settled = r.read_pixels()
    r.release()
    fresh = Renderer(ctx, SIZE)
    fresh.render(last)
    assert settled == fresh.read_pixels()
    fresh.release()


def test_a_card_back_chosen_while_a_new_size_is_drawn_is_the_one_it_shows(ctx, monkeypatch):
    from game.render import atlas_texture, theme
    from game.render.atlas import draw_atlas
    from game.render.atlas_texture import STEP_CELLS, CardAtlas

    monkeypatch.setattr(atlas_texture, "STEP_SECONDS", 60.0)  # each step: STEP_CELLS cells
    other = next(name for name in theme.CARD_BACKS if name != theme.DEFAULT_CARD_BACK)
    # The back cell (52) not yet drawn, and already drawn, when the back changes.
    for steps_first in (1, 53 // STEP_CELLS + 1):
        atlas = CardAtlas(ctx, four_colour=False, mipmaps=False, anisotropy=0.0)
        atlas.ensure(100.0)
        for _ in range(steps_first):
            atlas.ensure(200.0)
        assert atlas.building
        atlas.set_back(other)
        while atlas.building:
            atlas.ensure(200.0)
        assert atlas.card_px == 256 and atlas.texture is not None
        assert atlas.texture.read() == pygame.image.tobytes(draw_atlas(256, back=other).surface, "RGBA")
        atlas.ensure(100.0)  # back to the first size: its back is the new one too
        assert atlas.card_px == 128 and atlas.texture is not None
        assert atlas.texture.read() == pygame.image.tobytes(draw_atlas(128, back=other).surface, "RGBA")
        atlas.release()
