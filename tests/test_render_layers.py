"""Moving the focus or a highlight redraws only the highlighted cards over the
cached resting layer (a key press costs a blit and a few cards, not the table)."""

from __future__ import annotations

import pytest

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


def test_a_target_that_keeps_its_frame_is_painted_only_where_cards_flew_with_the_same_pixels(ctx):
    # Issue 40: copying the whole resting layer to the window was most of a cascade
    # frame on llvmpipe. Where the target keeps its last frame, each frame paints
    # only the boxes where a card in flight (its shadow, a glow, the focus ring,
    # the overlay's changed text) was or is, and every frame's pixels, overlay
    # included, are those of a renderer and overlay that paint everything afresh.
    import math

    import pygame

    from game.freecell.solver import solve
    from game.play.panels import Button
    from game.render.layout import CardTransform
    from game.ui.overlay import Overlay

    pygame.font.init()
    size = (640, 400)
    r = Renderer(ctx, size)
    r.keeps_frame = True
    ov = Overlay(ctx, size)
    fresh = Renderer(ctx, size)
    fresh_ov = Overlay(ctx, size)
    painted: list[float] = []
    try:
        pos = deal(5)
        buttons = (Button("Menu", "menu"), Button("Undo", "undo"))
        frame = 0
        for move_no, m in enumerate(solve(deal(5)).moves[:4]):
            before = layout(pos, *size)
            pos.push(m)
            after = layout(pos, *size)
            moved = {int(c.card): (c.x, c.y) for c in before.cards}  # the move's card: its place changed
            card = next(int(c.card) for c in after.cards if moved[int(c.card)] != (c.x, c.y))
            a = next(c for c in before.cards if int(c.card) == card)
            b = next(c for c in after.cards if int(c.card) == card)
            for i in range(6):
                t = i / 5
                flight = CardTransform(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, 0.3 * math.sin(math.pi * t),
                                       flip=0.4 * math.sin(math.pi * t) if move_no == 1 else 0.0)
                lay = layout(pos, *size, overrides={card: flight}) if i < 5 else after
                marks = [Mark("column", move_no % 8, None, "hint")] if move_no >= 2 else []
                focus = Mark("column", (frame // 3) % 8, None, "focus")
                view = View(lay, marks, focus, time=0.1 * frame)
                status = f"Deal #5   Moves: {move_no + (i == 5)}"
                for ren, over in ((r, ov), (fresh, fresh_ov)):
                    changed = over.update(status, "", buttons)
                    if ren is fresh:
                        ren.forget_frame()  # a renderer that paints every frame whole
                    ren.render(view, dirty=[over.changed] if changed else (), over=over.draw)
                assert fresh.painted is None
                assert r.read_pixels() == fresh.read_pixels(), f"move {move_no}, frame {i}"
                painted.append(1.0 if r.painted is None else sum(b.w * b.h for b in r.painted) / (size[0] * size[1]))
                frame += 1
        assert painted[0] == 1.0  # the first frame paints it all
        # A card in flight repaints a few card areas, not the window.
        assert sorted(painted)[len(painted) // 2] < 0.2
    finally:
        for x in (r, fresh, ov, fresh_ov):
            x.release()


def _sliding_fan(size):
    """Deal 7 with column 3 sliding down as one fan, its last card leaving it: (layout, the column at rest)."""
    from game.render.layout import CardTransform

    pos = deal(7)
    column = layout(pos, *size).pile("column", 2)
    slide = {int(c.card): CardTransform(c.x, c.y + 0.1 - 0.3 * c.index, c.z + 0.004, flip=0.0) for c in column}
    slide[int(column[-1].card)] = CardTransform(column[-1].x + 0.4, column[-1].y, 0.3)  # leaving the fan
    return layout(pos, *size, overrides=slide), column


def test_a_fan_sliding_in_flight_is_cut_to_its_strips_as_at_rest(ctx, monkeypatch):
    # A column respreading as the cascade empties it flies all its cards at once:
    # each one the next covers is drawn only where it shows, by the rule a fan at
    # rest is drawn with (a whole card each cost a quarter of such a frame on
    # llvmpipe). The picture is the uncut one but for the fan's side edges, whose
    # anti-aliased pixels are no longer blended twice (as at rest).
    from game.render import scene

    size = (640, 400)
    lay, column = _sliding_fan(size)
    pictures = []
    for fan_dz in (scene._FAN_DZ, -1.0):
        monkeypatch.setattr(scene, "_FAN_DZ", fan_dz)
        r = Renderer(ctx, size)
        try:
            fl = r.frame_data(View(lay)).flight
            cut = [fl[i] > -10.0 for i in range(6, len(fl), 12)]
            assert r.render(View(lay))
            pictures.append(r.read_pixels())
        finally:
            r.release()
        if fan_dz > 0:
            # every card of the fan but the one on top of it, and the one leaving
            assert cut.count(True) == len(column) - 2, cut
    w = size[0]
    rows: dict[int, set[int]] = {}
    for i in range(0, len(pictures[0]), 3):
        if pictures[0][i:i + 3] != pictures[1][i:i + 3]:
            rows.setdefault(i // 3 // w, set()).add(i // 3 % w)
    assert rows  # the edges
    assert max(len(xs) for xs in rows.values()) <= 6  # two edges a row, a pixel or two each


class _FakeScreen:
    """A window's buffers as a swap leaves them: ``keeps`` the back buffer, or hands
    back the other one of two (as a GPU's flip may)."""

    def __init__(self, keeps: bool) -> None:
        self.keeps = keeps
        self.buffers = [b"", b""]
        self.back = 0

    def use(self) -> None:
        pass

    def clear(self, r: float, g: float, b: float, a: float) -> None:
        self.buffers[self.back] = bytes(round(c * 255) for c in (r, g, b))

    def read(self, viewport=None, components=3) -> bytes:
        return self.buffers[self.back]

    def flip(self) -> None:
        if not self.keeps:
            self.back = 1 - self.back


class _FakeContext:
    def __init__(self, renderer: str, screen: _FakeScreen) -> None:
        self.info = {"GL_RENDERER": renderer}
        self.screen = screen

    def clear(self, r: float, g: float, b: float, a: float = 1.0) -> None:
        self.screen.clear(r, g, b, a)


def test_only_a_software_renderer_whose_swap_keeps_the_frame_paints_just_the_changes(monkeypatch):
    import pygame

    from game.render.scene import swap_keeps_frame

    for renderer, keeps, want in (("llvmpipe (LLVM 15.0.6, 256 bits)", True, True),
                                  ("llvmpipe (LLVM 15.0.6, 256 bits)", False, False),
                                  ("NVIDIA GeForce RTX 3060/PCIe/SSE2", True, False)):
        screen = _FakeScreen(keeps)
        flips = []
        monkeypatch.setattr(pygame.display, "flip", lambda s=screen, f=flips: (f.append(1), s.flip()))
        assert swap_keeps_frame(_FakeContext(renderer, screen)) is want, renderer  # type: ignore[arg-type]
        assert bool(flips) == ("llvmpipe" in renderer)  # a GPU is not probed at all


def test_a_fan_in_flight_casts_one_shadow_over_all_its_cards(ctx):
    # A sliding column's dozen cards cast one shadow, their rectangles together
    # (a dozen overlapping soft shadows darkened each other and were the costliest
    # pass of such a frame); its damage box covers every card's own shadow.
    from array import array

    import pygame

    from game.render import damage
    from game.render.camera import Camera

    size = (640, 400)
    lay, column = _sliding_fan(size)
    r = Renderer(ctx, size)
    try:
        shadows = r.frame_data(View(lay)).shadows
    finally:
        r.release()
    items = [shadows[i:i + damage.FLOATS] for i in range(0, len(shadows), damage.FLOATS)]
    assert len(items) == 2  # the fan's and the leaving card's
    fan = [c for c in lay.cards if c.in_flight and c.pile == 2 and c.index < len(column) - 1]
    ys = [c.y for c in fan]
    stretched = next(s for s in items if s[6] > 0)
    assert abs(stretched[6] - (max(ys) - min(ys)) / 2) < 1e-5
    assert abs(stretched[1] - (max(ys) + min(ys)) / 2) < 1e-5
    cam = Camera.frame(lay.rect, *size)
    box = damage._rect(cam, array("f", stretched).tobytes(), "shadow")
    for c in fan:
        own = array("f", (c.x, c.y, stretched[2], 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)).tobytes()
        assert pygame.Rect(box).contains(damage._rect(cam, own, "shadow"))


def test_warming_up_changes_no_pixel(ctx):
    # The software renderer's first clipped frame costs tens of milliseconds; the window
    # pays it while nothing moves (Renderer.warm_up), drawing into one pixel with an
    # instance outside the window: the picture must stay the same.
    size = (320, 200)
    r = Renderer(ctx, size)
    r.keeps_frame = True
    try:
        view = View(layout(deal(7), *size), [Mark("column", 2, None, "hint")], Mark("column", 3, None, "focus"))
        r.render(view)
        before = r.read_pixels()
        r.warm_up()
        assert r.read_pixels() == before
        assert not r.render(view)  # nothing changed: no frame needed after it
        assert r.render(view, force=True) and r.read_pixels() == before
    finally:
        r.release()


def test_a_mark_or_the_focus_on_the_spider_stock_lights_its_top_pile_only(ctx):
    # The game names the stock (stock, 0) as one place (the focus, the deal hint, the
    # coach); the layout draws a pile per deal left, the next deal on top. Issue 62 (9a):
    # pile 0, the bottom one, was lit and so drawn again over the piles that cover it.
    from game.places import PileKind
    from game.spider.deals import deal as spider_deal

    r = Renderer(ctx, (640, 400))
    try:
        pos = spider_deal(3, 2)
        for dealt in range(5):
            lay = layout(pos, 640, 400)
            stock = [c for c in lay.cards if c.kind == PileKind.STOCK and not c.hidden]
            assert len(stock) == 5 - dealt
            top = max(stock, key=lambda c: c.z)
            on = Mark(PileKind.STOCK, 0, None, "hint")
            for view in (View(lay, focus=Mark(PileKind.STOCK, 0, None, "focus")), View(lay, marks=[on])):
                lit = r.frame_data(view).lit
                assert len(lit) == 12 and tuple(lit[:3]) == pytest.approx((top.x, top.y, top.z))
            pos.push(next(m for m in pos.legal_moves() if m.is_deal))
        lay = layout(pos, 640, 400)  # no deal left: the empty stock's slot glows
        assert r.frame_data(View(lay, focus=Mark(PileKind.STOCK, 0, None, "focus"))).slots[7] == 1.0
    finally:
        r.release()
