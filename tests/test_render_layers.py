"""Moving the focus or a highlight redraws only the highlighted cards over the
cached resting layer (a key press costs a blit and a few cards, not the table)."""

from __future__ import annotations

from game.freecell import deal
from game.render.layout import layout
from game.render.marks import Mark
from game.render.scene import Renderer, View


def test_a_focus_move_keeps_the_resting_layer_and_still_shows_the_ring(ctx):
    r = Renderer(ctx, (640, 400))
    try:
        lay = layout(deal(1), 640, 400)
        rest_draws = []
        real = r._draw

        def counting(name, prog_name, data, base=0):
            if name == "rest":
                rest_draws.append(len(data))
            real(name, prog_name, data, base)

        r._draw = counting
        assert r.render(View(lay, focus=Mark("column", 0, None, "focus")))
        before = r.snapshot()
        assert len(rest_draws) == 1
        assert r.render(View(lay, focus=Mark("column", 3, None, "focus")))
        after = r.snapshot()
        assert len(rest_draws) == 1  # the table itself was not drawn again
        assert before.get_size() == after.get_size()
        # The ring moved: pixels changed at column 1 and at column 4, nowhere else.
        import pygame

        w, _h = before.get_size()
        a, b = pygame.image.tobytes(before, "RGB"), pygame.image.tobytes(after, "RGB")
        xs = {(i // 3) % w for i in range(0, len(a), 3) if a[i:i + 3] != b[i:i + 3]}
        cam = r.camera
        spans = []
        for col in (0, 3):
            c = lay.pile("column", col)[-1]
            corners = [cam.project(c.x + dx, c.y + dy, c.z)[0] for dx in (-0.7, 0.7) for dy in (-0.9, 0.9)]
            spans.append((min(corners) - 6, max(corners) + 6))
        assert xs and all(any(lo <= x <= hi for lo, hi in spans) for x in xs)
        assert all(any(lo <= x <= hi for x in xs) for lo, hi in spans)
        assert r.render(View(lay, marks=[Mark("column", 2, None, "hint")], time=0.3))
        assert len(rest_draws) == 1  # a hint glow too
        r.render(View(layout(deal(2), 640, 400)))
        assert len(rest_draws) == 2  # a new position redraws it
    finally:
        r.release()


def test_a_move_repaints_only_the_changed_part_of_the_resting_layer_with_the_same_pixels(ctx):
    # Each move of a real game changes a few resting cards: the layer is painted
    # again only in the box around them (issue 40: a whole-window repaint on each
    # landing was a cascade's slowest frames), and every frame's pixels are those
    # of a renderer that paints the whole table afresh.
    from game.freecell.solver import solve

    size = (640, 400)
    r = Renderer(ctx, size)
    boxes = []
    areas: list[list] = []
    real = r._redraw_rest

    def watching(prog_name, rest, box):
        boxes.append(box)
        areas[-1].append(box if box is not None else (0, 0, *size))
        real(prog_name, rest, box)

    r._redraw_rest = watching
    try:
        pos = deal(5)
        moves = solve(deal(5)).moves[:12]
        for m in [None, *moves]:
            if m is not None:
                pos.push(m)
            lay = layout(pos, *size)
            areas.append([])
            r.render(View(lay))
            fresh = Renderer(ctx, size)
            try:
                fresh.render(View(lay))
                assert r.read_pixels() == fresh.read_pixels(), f"after {m}"
            finally:
                fresh.release()
        assert boxes[0] is None  # the first frame paints it all
        # Per move, the painted area is the changed places, not the table: most moves
        # repaint under an eighth of the window.
        painted = [sum(w * h for _, _, w, h in frame) for frame in areas[1:]]
        assert sorted(painted)[len(painted) // 2] < size[0] * size[1] / 8
    finally:
        r.release()
