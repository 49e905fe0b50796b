"""Offscreen rendering (EGL, Mesa's software renderer): check the pixels.

Small frames keep this quick; the same code draws any size. The flat test
mode paints every card in one colour made from its instance number, so the
tests can count the cards on screen and find each where the layout says.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import itertools

import pytest
from render_helpers import long_column_freecell, paper_point, strip_point

from game.freecell.deals import deal as freecell_deal
from game.render.layout import CardTransform, PileKind, layout
from game.render.scene import Mark, Renderer, View
from game.spider.deals import deal as spider_deal

LANDSCAPE, PORTRAIT = (640, 360), (360, 640)


class Frame:
    def __init__(self, renderer: Renderer) -> None:
        self.w, self.h = renderer.size
        self.px = renderer.read_pixels()

    def at(self, sx: float, sy: float) -> tuple[int, int, int]:
        i = (int(sy) * self.w + int(sx)) * 3
        return tuple(self.px[i:i + 3])  # type: ignore[return-value]

    def colours(self) -> set[tuple[int, int, int]]:
        return {(self.px[i], self.px[i + 1], self.px[i + 2]) for i in range(0, len(self.px), 3)}


def draw(ctx, position, size, *, flat=False, marks=(), focus=None, overrides=None, four_colour=False):
    r = Renderer(ctx, size, four_colour=four_colour)
    r.flat = flat
    lay = layout(position, *size, overrides)
    assert r.render(View(lay, marks, focus))
    frame = Frame(r)
    cam = r.camera
    drawn = list(r.drawn)
    r.release()
    return lay, cam, frame, drawn


def is_felt(rgb):
    r, g, b = rgb
    return g > r + 25 and g > b + 10 and g < 200


def is_paper(rgb):
    return min(rgb) > 185 and max(rgb) - min(rgb) < 40


@pytest.mark.parametrize("size", [LANDSCAPE, PORTRAIT])
@pytest.mark.parametrize("game", ["freecell", "spider"])
def test_flat_mode_shows_every_card_where_the_layout_puts_it(ctx, game, size):
    pos = freecell_deal(1) if game == "freecell" else spider_deal(1, 4)
    lay, cam, frame, drawn = draw(ctx, pos, size, flat=True)
    visible = [c for c in lay.cards if not c.hidden]
    assert len(drawn) == len(visible) == (52 if game == "freecell" else 54 + 5)
    ids = {(n + 1) % 256 + 256 * ((n + 1) // 256) for n in range(len(drawn))}
    seen = {r + 256 * g for (r, g, b) in frame.colours() if b == 255}
    # every card shows somewhere, and nothing else is on the black background
    assert seen == ids
    assert frame.colours() - {(r, g, 255) for r in range(256) for g in range(2)} == {(0, 0, 0)}
    for n, c in enumerate(drawn):
        if c.kind == PileKind.STOCK:
            continue  # stock piles overlap sideways; counted above
        sx, sy = cam.project(*strip_point(lay, c), c.z)
        assert frame.at(sx, sy) == ((n + 1) % 256, (n + 1) // 256, 255), (c, n)


@pytest.mark.parametrize("size", [LANDSCAPE, PORTRAIT])
def test_felt_where_no_card_is_and_paper_where_a_card_is(ctx, size):
    lay, cam, frame, _ = draw(ctx, freecell_deal(1), size)
    cols = [lay.slot(PileKind.COLUMN, i) for i in range(8)]
    # between two columns, and below every column
    for a, b in itertools.pairwise(cols):
        assert is_felt(frame.at(*cam.project((a.x + b.x) / 2, a.y - 1.0)))
    for s in cols[4:]:  # the six-card columns: seven-card fans may spread down to the bottom margin
        assert is_felt(frame.at(*cam.project(s.x, lay.rect[2] + 0.3)))
    for c in lay.cards:
        assert is_paper(frame.at(*cam.project(*paper_point(lay, c), c.z))), c


def test_face_down_cards_show_the_back_and_the_last_card_its_face(ctx):
    pos = spider_deal(1, 4)
    lay, cam, frame, _ = draw(ctx, pos, LANDSCAPE)
    for i in range(10):
        pile = lay.pile(PileKind.COLUMN, i)
        back = pile[0]
        r, g, b = frame.at(*cam.project(*strip_point(lay, back), back.z))
        assert b > r + 50 and b > g + 20, (r, g, b)    # the blue back
        face = pile[-1]
        assert is_paper(frame.at(*cam.project(*paper_point(lay, face), face.z)))


def test_red_and_black_ink_and_the_four_colour_deck(ctx):
    pos = freecell_deal(1)
    def ink(four):
        lay, cam, frame, _ = draw(ctx, pos, (1280, 720), four_colour=four)
        out = {}
        for c in lay.cards:
            # the corner index: scan the strip's upper-left part for its darkest pixel
            top = c.y + 0.7
            pts = [cam.project(c.x - 0.5 + 0.06 + k * 0.02, top - 0.04 - j * 0.02, c.z)
                   for k in range(12) for j in range(8)]
            out[c.card] = min((frame.at(*p) for p in pts), key=sum)
        return out
    two, four = ink(False), ink(True)
    for card, (r, g, b) in two.items():
        if card.is_red:
            assert r > g + 80 and r > b + 80, (card, (r, g, b))
        else:
            assert max(r, g, b) < 90, (card, (r, g, b))
    for card, (r, g, b) in four.items():
        suit = int(card.suit)
        if suit == 0:
            assert g > r + 40 and g > b + 20, (card, (r, g, b))   # clubs green
        elif suit == 1:
            assert b > r + 60, (card, (r, g, b))                # diamonds blue
        elif suit == 2:
            assert r > g + 80, (card, (r, g, b))                # hearts red


def test_highlights_and_focus_colour_the_rim_of_a_card(ctx):
    pos = freecell_deal(1)
    styles = {0: "selected", 2: "target", 4: "hint"}
    marks = [Mark("column", i, None, st) for i, st in styles.items()]
    lay, cam, lit, _ = draw(ctx, pos, (1280, 720), marks=marks, focus=Mark("column", 6))
    _, _, plain, _ = draw(ctx, pos, (1280, 720))
    def below(i):
        c = lay.pile(PileKind.COLUMN, i)[-1]
        return cam.project(c.x, c.y - 0.7 - 0.055, 0.0)
    r, g, b = lit.at(*below(0))
    assert r > 150 and g > 120 and b < 110, (r, g, b)            # yellow
    r, g, b = lit.at(*below(2))
    assert g > r + 60 and g > b + 30, (r, g, b)                  # green
    r, g, b = lit.at(*below(4))
    pr, _pg, pb = plain.at(*below(4))
    assert r > pr + 50 and b > pb + 50 and r > g and b > g, (r, g, b)  # magenta hint glow
    r, g, b = lit.at(*below(6))
    assert b > r + 80 and b > 160, (r, g, b)                     # blue focus ring
    for i in (1, 3, 5, 7):
        assert lit.at(*below(i)) == plain.at(*below(i))
    assert is_felt(plain.at(*below(0)))


def test_the_last_move_outline_is_a_soft_light_rim_only_on_the_cards_it_names(ctx):
    pos = freecell_deal(1)
    n = len(pos.columns[3])
    marks = [Mark("column", 3, n - 1, "last", n), Mark("column", 5, 0, "last", 1)]
    lay, cam, lit, _ = draw(ctx, pos, (1280, 720), marks=marks)
    _, _, plain, _ = draw(ctx, pos, (1280, 720))

    def below(i):
        c = lay.pile(PileKind.COLUMN, i)[-1]
        return cam.project(c.x, c.y - 0.7 - 0.055, 0.0)

    r, g, b = lit.at(*below(3))
    pr, pg, pb = plain.at(*below(3))
    # lighter than the felt in every channel, and no one hue's: not yellow, green, magenta or blue
    assert r > pr + 40 and g > pg + 25 and b > pb + 40, ((r, g, b), (pr, pg, pb))
    assert max(r, g, b) - min(r, g, b) < max(pr, pg, pb) - min(pr, pg, pb) + 20
    # column 6's mark names only its bottom card, which the fan covers: its rim
    # below the column's last card is the plain felt
    assert lit.at(*below(5)) == plain.at(*below(5))
    for i in (0, 1, 2, 4, 6, 7):
        assert lit.at(*below(i)) == plain.at(*below(i))


def test_an_empty_slot_target_glows_green(ctx):
    cols = freecell_deal(2).columns
    from game.freecell.position import Position
    pos = Position(cols[:6] + [cols[6] + cols[7][1:], []], cells=[cols[7][0]])
    lay, cam, frame, drawn = draw(ctx, pos, (1280, 720), marks=[Mark("column", 7, None, "target")])
    s = lay.slot(PileKind.COLUMN, 7)
    r, g, b = frame.at(*cam.project(s.x, s.y))
    assert g > r + 60 and g > b + 40, (r, g, b)
    assert drawn[-1] == s


def test_flying_cards_are_drawn_where_their_override_says(ctx):
    pos = freecell_deal(1)
    base = layout(pos, *LANDSCAPE)
    top = base.pile(PileKind.COLUMN, 0)[-1]
    t = CardTransform(0.0, -6.0, 0.4)
    _lay, cam, frame, drawn = draw(ctx, pos, LANDSCAPE, flat=True, overrides={top.key: t})
    n = drawn.index(next(c for c in drawn if c.key == top.key))
    assert n == len(drawn) - 1
    assert frame.at(*cam.project(0.0, -6.0, 0.4)) == ((n + 1) % 256, (n + 1) // 256, 255)


def test_the_longest_column_is_all_on_screen_in_portrait_and_landscape(ctx):
    for size in (LANDSCAPE, PORTRAIT):
        lay, cam, frame, drawn = draw(ctx, long_column_freecell(), size, flat=True)
        last = lay.pile(PileKind.COLUMN, 0)[-1]
        n = drawn.index(last)
        sx, sy = cam.project(last.x, last.y - 0.6, last.z)
        assert 0 <= sy < size[1]
        assert frame.at(sx, sy) == ((n + 1) % 256, (n + 1) // 256, 255)


def test_rendering_reads_but_never_changes_the_position_and_skips_idle_frames(ctx):
    pos = spider_deal(5, 2)
    before = (str(pos), pos.key())
    r = Renderer(ctx, LANDSCAPE)
    view = View(layout(pos, *LANDSCAPE))
    assert r.render(view) is True
    assert r.render(View(layout(pos, *LANDSCAPE))) is False
    assert r.render(View(layout(pos, *LANDSCAPE), [Mark("column", 1)])) is True
    r.resize(PORTRAIT)
    assert r.render(View(layout(pos, *PORTRAIT))) is True
    assert Frame(r).w == 360
    r.release()
    assert (str(pos), pos.key()) == before


def test_the_first_frame_at_a_new_size_follows_at_once_and_the_cards_for_it_come_a_few_at_a_time(ctx):
    # A resize's first frame scales the atlas it has; the renders after it draw the
    # atlas for the new card size a few cells each (a whole one is 50-900 ms: no one
    # frame pays for it), showing nothing new, and the one that completes it paints
    # the window again: the same pixels as a renderer that started at that size.
    # Then the table is idle again.
    pos = freecell_deal(5)
    small, big = (320, 180), (1280, 720)
    r = Renderer(ctx, small)
    assert r.render(View(layout(pos, *small)))
    drawn_for = r.atlas.card_px
    r.resize(big)
    assert r.render(View(layout(pos, *big)))
    assert r.atlas.card_px == drawn_for and Frame(r).w == big[0] and r.busy
    renders = 0
    while r.busy:
        renders += 1
        assert r.render(View(layout(pos, *big))) is not r.busy  # drawn once: when the atlas is complete
    assert renders > 1
    assert r.atlas.card_px > 2 * drawn_for
    settled = Frame(r).px
    assert r.render(View(layout(pos, *big))) is False
    r.release()
    fresh = draw(ctx, pos, big)[2]
    assert settled == fresh.px


def test_a_focused_spider_stock_is_one_stock_with_the_ring_around_its_top_pile(ctx):
    # Issue 62 (9a): the game's focus on "the stock" (stock, 0) ringed the bottom pile of
    # its five, drawn again over the four on it: a second stock standing out of the first.
    pos = spider_deal(3, 2)
    size = (1280, 720)
    lay, cam, lit, _ = draw(ctx, pos, size, focus=Mark(PileKind.STOCK, 0, None, "focus"))
    _, _, plain, _ = draw(ctx, pos, size)
    stock = [c for c in lay.cards if c.kind == PileKind.STOCK and not c.hidden]
    assert len(stock) == 5
    top = max(stock, key=lambda c: c.z)  # the next deal, drawn over the others

    def at(frame, dx, dy):
        return frame.at(*cam.project(top.x + dx, top.y + dy, top.z))

    # The top pile looks as it does without the focus: nothing is drawn over it.
    inside = [(dx / 10, dy / 10) for dx in range(-4, 5) for dy in range(-6, 7)]
    assert [p for p in inside if at(lit, *p) != at(plain, *p)] == []
    # The ring goes round it on all four sides, in the focus blue.
    for dx, dy in ((-0.555, 0.0), (0.555, 0.0), (0.0, 0.755), (0.0, -0.755)):
        r, g, b = at(lit, dx, dy)
        assert b > r + 80 and g > r + 40 and b > 200 and at(plain, dx, dy) != (r, g, b), (dx, dy, (r, g, b))
    # And nothing else changed: no pile of the stock, no second ring, outside it.
    corners = [cam.project(top.x + dx, top.y + dy, top.z) for dx in (-0.6, 0.6) for dy in (-0.8, 0.8)]
    left, right = min(x for x, _ in corners) - 2, max(x for x, _ in corners) + 2
    upper, lower = min(y for _, y in corners) - 2, max(y for _, y in corners) + 2
    changed = [(i // 3 % lit.w, i // 3 // lit.w) for i in range(0, len(lit.px), 3)
               if lit.px[i:i + 3] != plain.px[i:i + 3]]
    assert changed and all(left <= x <= right and upper <= y <= lower for x, y in changed)
