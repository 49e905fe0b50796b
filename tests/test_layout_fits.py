"""The table always fits beside the HUD: every window shape, every reachable column length.

These walk a grid of window sizes (landscape and portrait, 640x480 to 4K,
some odd ones) and long-column positions of both games, and check the real
layout, the real camera projection and the real HUD geometry (the one the
overlay draws) against each other: no card's screen box touches a HUD text
line, button or the bar, and nothing of the HUD leaves the window.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from render_helpers import long_column_freecell

from game import i18n
from game.cards import Card
from game.freecell.deals import deal as freecell_deal
from game.play.demo import STATUS
from game.render import theme
from game.render.camera import Camera, hud_band, hud_text_px, table_area
from game.render.layout import PileKind, layout
from game.session import FreeCellSession, SpiderSession
from game.spider import Position as SpiderPosition
from game.spider.deals import deal as spider_deal
from game.spider.moves import DEAL
from game.ui.hud import font_measure, hud_geometry, inside, overlaps, short_label

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
from screenshot import table_controller

SIZES = [(640, 480), (480, 640), (700, 1000), (700, 950), (800, 600), (600, 800), (1024, 768),
         (1280, 720), (720, 1280), (1366, 768), (1600, 1000), (1920, 1080), (1080, 1920),
         (2560, 1080), (3840, 2160), (2160, 3840), (900, 900), (641, 1279), (1111, 777),
         (3840, 1200), (1000, 563)]


def spider_long_column() -> SpiderPosition:
    """A one-suit Spider position with 35 cards in column 1 (5 face down, then K..2, K..2, K..8 up)."""
    run = [Card.make(r, 3) for r in range(13, 1, -1)]
    first = [Card.make(r, 3) for r in range(1, 6)] + run + run + run[:6]
    rest = [Card.make(r, 3) for r in range(1, 14) for _ in range(8)]
    for c in first:
        rest.remove(c)
    cols = [first] + [rest[i::9] for i in range(9)]
    downs = [5] + [len(c) - 1 for c in cols[1:]]
    return SpiderPosition(cols, downs, [], [])


def spider_dealt_out() -> SpiderPosition:
    pos = spider_deal(1, 4)
    while pos.deals_left and pos.can_deal():
        pos.push(DEAL)
    return pos


def spider_with_stock_and_long_column() -> SpiderPosition:
    """Thirty-odd cards in a column while the stock still holds deals (the top row is full)."""
    base = spider_long_column()
    cols = [list(c) for c in base.columns]
    stock: list[Card] = []
    i = 0
    while len(stock) < 50:  # five deals, taken from the other columns' buried cards
        col = cols[1 + i % 9]
        if len(col) > 1:
            stock.append(col.pop(0))
        i += 1
    downs = [5] + [len(c) - 1 for c in cols[1:]]
    return SpiderPosition(cols, downs, stock, [])


POSITIONS = {
    "freecell-fresh": lambda: freecell_deal(1),
    "freecell-21": long_column_freecell,
    "spider-fresh": lambda: spider_deal(1, 2),
    "spider-dealt": spider_dealt_out,
    "spider-31": spider_long_column,
    "spider-31-stock": spider_with_stock_and_long_column,
}


def hud_for(pos, size, message: str = "", mirror: bool = False, redo: bool = False):
    """The HUD geometry of the window's own status text and buttons for ``pos``, plus a long
    notice; ``redo``: a move played and undone first, so the bar has its Redo button too."""
    session: FreeCellSession | SpiderSession
    if hasattr(pos, "cells"):
        session = FreeCellSession(1, auto_foundation=False, now=lambda: 0.0)
    else:
        session = SpiderSession(1, 2, now=lambda: 0.0)
    session.position = pos
    table = table_controller(session, size, left_handed=mirror)
    if redo:
        table.play(table.position.legal_moves()[0])
        table.undo()
        assert "redo" in [b.action for b in table.buttons()]
    # The longest status the window shows: the demo's line and the thinking hint appended.
    status = table.status() + "   Demo (full-knowledge solver): 42/188   Space: pause   Up/Down: speed   Esc: stop"
    return hud_geometry(size, status, message, table.buttons(), mirror=mirror)


def card_boxes(pos, size, mirror: bool = False):
    w, h = size
    lay = layout(pos, w, h, mirror=mirror)
    cam = Camera.frame(lay.rect, w, h)
    return lay, [(c, cam.box(c.x, c.y, c.z, c.yaw)) for c in lay.cards if not c.hidden]


def test_the_long_positions_are_what_they_claim():
    assert len(long_column_freecell().columns[0]) >= 19
    for make in (spider_long_column, spider_with_stock_and_long_column):
        pos = make()
        assert len(pos.columns[0]) - pos.face_down[0] >= 30 and pos.face_down[0] == 5
    assert spider_with_stock_and_long_column().deals_left == 5


@pytest.mark.parametrize("mirror", (False, True), ids=("right-handed", "left-handed"))
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", [*POSITIONS, "freecell-fresh+redo", "spider-fresh+redo"])
def test_no_card_touches_the_hud_and_the_hud_stays_in_the_window(name, size, mirror):
    # "+redo": the bar with its Redo button too (a move played and undone).
    w, h = size
    pos = POSITIONS[name.removesuffix("+redo")]()
    geo = hud_for(pos, size, "That card cannot go there: a 7 of clubs needs a red 8 to land on", mirror,
                  redo=name.endswith("+redo"))
    window = (0, 0, w, h)
    pieces = geo.rects()
    assert len(pieces) == 2 + len(geo.buttons)  # status, notice, every button
    reserved = (0, h - hud_band(w, h), w, hud_band(w, h))
    for r in pieces + [geo.band]:
        assert inside(r, window), (r, size)
        assert inside(r, reserved), (r, reserved)
    # the pieces of the HUD do not cover one another
    for i, a in enumerate(pieces):
        for b in pieces[i + 1:]:
            assert not overlaps(a, b), (a, b)
    lay, boxes = card_boxes(pos, size, mirror)
    area = table_area(w, h)
    for c, box in boxes:
        assert inside(box, area), (c, box, area, size)
        for r in pieces + [geo.band]:
            assert not overlaps(box, r), (c, box, r)
    # the longest column tightens to fit rather than run off the table
    longest = max(range(len(pos.columns)), key=lambda i: len(pos.columns[i]))
    last = lay.pile(PileKind.COLUMN, longest)[-1]
    assert last.y - theme.CARD_H / 2 >= lay.rect[2] - 1e-9


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", POSITIONS)
def test_the_left_handed_table_mirrors_the_top_row_and_nothing_overlaps(name, size):
    pos = POSITIONS[name]()
    plain, left = layout(pos, *size), layout(pos, *size, mirror=True)
    assert plain.rect == left.rect and plain.column_steps == left.column_steps
    top = {PileKind.CELL, PileKind.FOUNDATION, PileKind.STOCK, PileKind.REMOVED}
    for a, b in zip(plain.slots, left.slots):
        assert (a.kind, a.index, a.y, a.suit) == (b.kind, b.index, b.y, b.suit)
        # the top row turns about the table's middle; the columns keep their places (column 1 on the left)
        assert b.x == pytest.approx(-a.x if a.kind in top else a.x)
    for a, b in zip(plain.cards, left.cards):
        assert (a.card, a.kind, a.pile, a.index, a.y, a.z, a.hidden) == (b.card, b.kind, b.pile, b.index, b.y, b.z, b.hidden)
        assert b.x == pytest.approx(-a.x if a.kind in top else a.x)
    # no two slots of the mirrored table overlap, and each lies on the table
    x0, x1, _, _ = left.rect
    for i, s in enumerate(left.slots):
        assert x0 <= s.x - theme.CARD_W / 2 and s.x + theme.CARD_W / 2 <= x1, s
        for t in left.slots[i + 1:]:
            assert abs(s.x - t.x) >= theme.CARD_W - 1e-9 or abs(s.y - t.y) >= theme.CARD_H - 1e-9, (s, t)
    # every top-row slot still lies over a column (the grid is symmetric)
    column_x = sorted(s.x for s in left.slots if s.kind is PileKind.COLUMN)
    for s in left.slots:
        if s.kind in top:
            assert min(abs(s.x - x) for x in column_x) < 1e-9, s
    if hasattr(pos, "cells"):  # FreeCell: foundations on the left, cells on the right
        assert max(left.slot(PileKind.FOUNDATION, i).x for i in range(4)) < min(
            left.slot(PileKind.CELL, i).x for i in range(4))
    else:  # Spider: the stock on the right of every removed-set place
        assert left.slot(PileKind.STOCK, 0).x > max(left.slot(PileKind.REMOVED, k).x for k in range(8))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_left_handed_control_bar_is_the_bar_mirrored(size):
    w, _ = size
    for pos in (freecell_deal(1), spider_deal(1, 2)):
        plain, left = hud_for(pos, size), hud_for(pos, size, mirror=True)
        assert [b.label for b in plain.buttons] == [b.label for b in left.buttons]
        for a, b in zip(plain.buttons, left.buttons):
            assert b.rect == (w - a.rect[0] - a.rect[2],) + a.rect[1:], (a, b)
        # Menu is rightmost and Give up leftmost: the order reads backwards
        xs = [b.rect[0] for b in left.buttons]
        assert xs == sorted(xs, reverse=True)
        assert left.status is not None and plain.status is not None
        assert left.status[0] + left.status[2] == w - plain.status[0]
        assert left.status[1:] == plain.status[1:]


@pytest.mark.parametrize("lang", ["en", "ko", "ja", "ru", "zh_CN", "qps"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("redo", [False, True], ids=["bar", "bar-with-redo"])
def test_buttons_show_their_whole_labels(size, lang, redo):
    i18n.set_language(lang)
    for pos in (freecell_deal(1), spider_deal(1, 2)):
        geo = hud_for(pos, size, redo=redo)
        for b in geo.buttons:
            tw, th = font_measure(b.label, geo.button_px)
            assert tw <= b.rect[2] and th <= b.rect[3] + 2, (b, size)
            # shortened, not cut, down to 480 px (the 40%-longer pseudo-language only has to fit)
            assert lang == "qps" or not b.label.endswith("\u2026"), (b, size)
        status_w, _ = font_measure(geo.status_text, geo.status_px)
        assert status_w <= geo.status[2] + 1
        assert 0.8 * geo.px - 1 <= geo.status_px <= geo.px


def test_text_size_follows_the_window_and_never_grows_as_it_narrows():
    for h in (480, 720, 1000, 2160):
        sizes = [hud_text_px(w, h) for w in range(480, 3841, 40)]
        assert sizes == sorted(sizes), h
    for w in (640, 1280, 3840):
        sizes = [hud_text_px(w, h) for h in range(480, 2161, 40)]
        assert sizes == sorted(sizes), w
    assert hud_text_px(700, 1000) <= hud_text_px(1280, 720) < hud_text_px(3840, 2160)
    # the band the table keeps clear of grows with the text, a small share of the height
    for w, h in SIZES:
        assert 0.03 * h <= hud_band(w, h) <= 0.16 * h, (w, h)


def test_buttons_drop_their_key_hints_before_anything_is_cut():
    for pos in (freecell_deal(1), spider_deal(1, 2)):
        full = [b.label for b in table_controller_for(pos).buttons()]
        seen = set()
        for w in range(260, 1300, 20):
            geo = hud_for(pos, (w, 900))
            labels = [b.label for b in geo.buttons]
            assert [b.action for b in geo.buttons] == [b.action for b in table_controller_for(pos).buttons()]
            if labels == full:
                seen.add("full")
            elif labels == [short_label(lb) for lb in full]:
                seen.add("short")
            else:  # only a window narrower than any the game opens cuts labels
                assert w < 400, (w, labels)
                seen.add("cut")
            right = max(b.rect[0] + b.rect[2] for b in geo.buttons)
            assert min(b.rect[0] for b in geo.buttons) >= 0 and right <= w, w
        assert {"full", "short"} <= seen, seen


def table_controller_for(pos):
    from game.session import FreeCellSession, SpiderSession

    session = (FreeCellSession(1, auto_foundation=False, now=lambda: 0.0) if hasattr(pos, "cells")
               else SpiderSession(1, 2, now=lambda: 0.0))
    session.position = pos
    return table_controller(session, (1280, 720))


def test_hostile_text_is_cut_before_it_is_rendered():
    import time

    import pygame

    from game.ui.hud import ELLIPSIS

    huge = "\x00\n\ud800" + "W" * 5_000_000
    start = time.perf_counter()
    geo = hud_geometry((1280, 720), huge, huge, [])
    assert time.perf_counter() - start < 2.0
    for text, box in ((geo.status_text, geo.status), (geo.notice_text, geo.notice)):
        assert text.endswith(ELLIPSIS) and len(text) < 300
        assert box is not None and inside(box, (0, 0, 1280, 720))
        font = pygame.font.Font(None, geo.px)
        assert font.render(text, True, (255, 255, 255)).get_width() > 0
    assert not overlaps(geo.status, geo.notice)


def card_width_px(pos, size) -> float:
    _lay, boxes = card_boxes(pos, size)
    return min(box[2] for c, box in boxes if c.kind == PileKind.COLUMN)


def test_the_table_uses_the_window():
    fc = freecell_deal(1)
    # a 4:3 window: cards as large as eight columns allow, fans open into the room below
    w, h = 800, 600
    assert card_width_px(fc, (w, h)) >= 0.085 * w
    lay, boxes = card_boxes(fc, (w, h))
    bottom = max(box[1] + box[3] for _, box in boxes)
    assert bottom >= 0.72 * table_area(w, h)[3]
    # portrait: the fresh deal reaches well down the tall window
    for size, share in (((700, 1000), 0.6), ((720, 1280), 0.5)):
        lay, boxes = card_boxes(fc, size)
        bottom = max(box[1] + box[3] for _, box in boxes)
        assert bottom >= share * table_area(*size)[3], size
    # a wide window keeps a fresh deal's plain fan (no squeeze at the start)
    for size in ((1280, 720), (1920, 1080), (2560, 1080), (3840, 1200)):
        lay = layout(fc, *size)
        assert all(up >= theme.FAN_UP - 1e-9 for _, up in lay.column_steps), size


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_long_column_keeps_its_ranks_readable_by_shrinking_the_table_a_step_at_a_time(size):
    from game.render.layout import READABLE_UP, SCALE_LEVELS

    for fresh, long_ in ((freecell_deal(1), long_column_freecell()), (spider_deal(1, 2), spider_long_column())):
        a, b = layout(fresh, *size), layout(long_, *size)
        ratio = (a.rect[1] - a.rect[0]) / (b.rect[1] - b.rect[0])
        # the cards change size only by one of a few fixed levels
        assert any(abs(ratio - level) < 1e-6 for level in SCALE_LEVELS), ratio
        up = min(u for _, u in b.column_steps)
        assert up >= READABLE_UP - 1e-9 or abs(ratio - SCALE_LEVELS[-1]) < 1e-6, (size, up, ratio)


def test_a_demo_status_line_shows_whole_at_1280x720():
    """Issue 13 saw "...Up/Down spe" cut at 1280x720: a slightly long line sets smaller instead."""
    table = table_controller_for(freecell_deal(617))
    status = table.status() + "   Winnable   " + STATUS[(True, False)].format(index=42, n=188)
    geo = hud_geometry((1280, 720), status, "", table.buttons())
    assert geo.status_text == status
    assert geo.status_px < geo.px
    # far too long for any size, in one part: cut at a word, with an ellipsis
    geo = hud_geometry((1280, 720), status.replace("   ", " ") * 3, "", table.buttons())
    assert geo.status_text.endswith("\u2026") and geo.status_px == round(0.8 * geo.px)


def test_a_spider_demo_status_line_shows_whole_at_1280x720():
    """The Spider line is longer (score, deals left): its demo keys were cut off."""
    table = table_controller_for(spider_deal(1, 2))
    table.session.number = 99999
    status = table.status((STATUS[(True, False)].format(index=120, n=188),))
    geo = hud_geometry((1280, 720), status, "", table.buttons())
    assert geo.status_text == status and status.endswith("Esc stop")


@pytest.mark.parametrize("size", [(700, 950), (540, 960), (600, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_demo_in_a_portrait_window_keeps_its_keys_and_leaves_out_the_counts(size):
    """At 700x950 the Spider demo line was cut after "Enter": the keys matter
    more than the clock, score and moves while a demo runs."""
    table = table_controller_for(spider_deal(1, 2))
    table.session.number = 99999
    status = table.status((STATUS[(True, False)].format(index=120, n=188),))
    geo = hud_geometry(size, status, "", table.buttons())
    assert geo.status_text.endswith("Esc stop") and "\u2026" not in geo.status_text
    assert geo.status_text != status and inside(geo.status, (0, 0) + size)
    # the game's name goes only when even it and the demo do not fit together
    parts = status.split("   ")
    assert geo.status_text in ("   ".join((parts[0], parts[-1])), parts[-1])


@pytest.mark.parametrize("code", ["en", "ko", "ja", "ru", "zh_CN"])
def test_the_fair_spider_hint_shows_whole_at_1280x720(code):
    # The hint's words grew once past the notice line in every language (its hope cut to
    # "…"): the move, why, and what the line hopes for must all show on a 16:9 window,
    # the first hint on one line, the next ones on at most two.
    from game.spider.advice import advise

    i18n.set_language(code)
    try:
        for n in (1, 3):
            for k, hint in enumerate(advise(spider_deal(n, 4), seed=0, budget=4_000).hints[:2]):
                message = i18n._("Hint: {hint}").format(hint=hint.text)
                geo = hud_geometry((1280, 720), "", message, [])
                lines = geo.notice_text.split("\n")
                assert "\u2026" not in geo.notice_text and len(lines) <= (1 if k == 0 else 2), (code, message)
                assert code in ("ja", "zh_CN") or " ".join(lines) == message  # broken between words
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(760, 1200), (720, 1280), (1024, 768)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("code", ["en", "ko", "ja", "ru", "zh_CN"])
def test_the_fair_spider_hint_shows_whole_in_two_lines_in_portrait_and_4_3(code, size):
    # In portrait and 4:3 the hint was cut to "…" on its one line: a second line,
    # growing the notice upward over the felt, shows all of it, broken between words.
    import re

    from game.spider.advice import advise
    from game.ui.hud import ELLIPSIS

    i18n.set_language(code)
    try:
        table = table_controller_for(spider_deal(1, 2))
        for n in (1, 3):
            for hint in advise(spider_deal(n, 4), seed=0, budget=4_000).hints[:2]:
                message = i18n._("Hint: {hint}").format(hint=hint.text)
                geo = hud_geometry(size, table.status(), message, table.buttons())
                lines = geo.notice_text.split("\n")
                assert ELLIPSIS not in geo.notice_text and len(lines) <= 2, (code, size, lines)
                assert re.sub(r"\s", "", "".join(lines)) == re.sub(r"\s", "", message)
                if code not in ("ja", "zh_CN"):  # (Japanese and Chinese break between any two characters)
                    assert " ".join(lines) == message
                assert geo.notice is not None and inside(geo.notice, (0, 0) + size)
                assert not overlaps(geo.notice, geo.status)
                assert all(not overlaps(geo.notice, b.rect) for b in geo.buttons)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("code", ["en", "ko", "ja", "ru", "zh_CN"])
def test_a_spider_hint_with_its_lost_layouts_shows_whole_in_every_window_shape(code):
    # A one-suit hint after the last deal can say its odds and its lost layouts too
    # ("…, looks lost in 6 ways"): the longest hint there is. Two lines hold it in a wide
    # window; a window narrower than 3:2 (4:3, portrait) takes a third line over the felt,
    # where the Russian was cut to "…" on two.
    import re

    from spider_helpers import GAME_51

    from game.spider.advice import advise
    from game.ui.hud import ELLIPSIS

    i18n.set_language(code)
    try:
        table = table_controller_for(spider_deal(1, 2))
        long = [h for h in advise(SpiderPosition.parse(GAME_51), seed=51).hints[:3] if h.dry and h.wins]
        assert long
        for hint in long:
            message = i18n._("Hint: {hint}").format(hint=hint.text)
            for size in ((1920, 1080), (1280, 720), (1280, 800), (1024, 768), (760, 1200), (720, 1280)):
                geo = hud_geometry(size, table.status(), message, table.buttons())
                lines = geo.notice_text.split("\n")
                most = 3 if 2 * size[0] < 3 * size[1] else 2
                assert ELLIPSIS not in geo.notice_text and len(lines) <= most, (code, size, lines)
                assert re.sub(r"\s", "", "".join(lines)) == re.sub(r"\s", "", message)
                assert geo.notice is not None and inside(geo.notice, (0, 0) + size)
                assert not overlaps(geo.notice, geo.status)
                assert all(not overlaps(geo.notice, b.rect) for b in geo.buttons)
    finally:
        i18n.set_language("en")
