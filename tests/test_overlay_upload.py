"""The overlay sends only the part of its texture that changed: what it
shows must still all arrive (a notice above the bar, a panel, and their
clearing)."""

from __future__ import annotations

import pygame

from game.play.panels import Button, Panel
from game.ui.overlay import Overlay


def alpha_in(ov: Overlay, rect) -> int:
    """The most opaque texel of the overlay's texture inside ``rect`` (window pixels, y down)."""
    w, _h = ov.size
    assert ov.texture is not None
    data = ov.texture.read()
    x, y, rw, rh = rect
    best = 0
    for row in range(y, y + rh):
        line = data[(row * w + x) * 4:(row * w + x + rw) * 4]
        best = max(best, max(line[3::4], default=0))
    return best


def test_a_notice_a_panel_and_their_clearing_all_reach_the_texture(ctx):
    pygame.font.init()
    ov = Overlay(ctx, (800, 600))
    buttons = (Button("Menu", "menu"), Button("Undo", "undo"))
    ov.update("Deal #1", "", buttons)
    notice_box = ov.geometry  # the notice row exists only with a message
    ov.update("Deal #1", "J♠ can't go on 2♥", buttons)
    notice = ov.geometry.notice
    assert notice is not None and notice_box.notice is None
    assert alpha_in(ov, notice) > 200
    panel = Panel("You won!", ("Deal #1",), (Button("New deal", "new"),))
    ov.update("Deal #1", "", buttons, panel)
    box = ov._blocking[-1]
    assert alpha_in(ov, (box.x, box.y, box.w, box.h)) > 200
    ov.update("Deal #1", "", buttons)
    assert alpha_in(ov, (box.x + 5, box.y + 5, box.w - 10, box.h - 10)) == 0  # the panel is gone
    assert alpha_in(ov, notice) == 0  # and so is the notice
    ov.release()


def test_a_dialogs_buttons_hide_what_lies_behind_them_focused_or_not(ctx):
    """A question's buttons are opaque: a court card under "Give up" (unfocused) must not show
    through it. The same dialog drawn over the cards of a deal and over a black table gives
    the same pixels on every button."""
    from game.freecell import deal
    from game.render.layout import layout
    from game.render.scene import Renderer, View

    pygame.font.init()
    size = (800, 600)
    renderer = Renderer(ctx, size)
    ov = Overlay(ctx, size)
    panel = Panel("Give up this game?", ("This game will count as lost in your statistics.",),
                  (Button("Keep playing", "keep"), Button("Give up", "confirmed")), focus=0)
    ov.update("Deal #13", "", (), panel)
    buttons = [rect for rect, action in ov._hits.rects if action in ("keep", "confirmed")]
    assert len(buttons) == 2

    def shot(cards: bool) -> tuple[pygame.Surface, pygame.Surface]:
        if cards:
            renderer.render(View(layout(deal(13), *size), [], None))
        else:
            renderer.target.use()
            renderer.target.clear(0.0, 0.0, 0.0, 1.0)
        behind = renderer.snapshot()
        renderer.target.use()
        ctx.viewport = (0, 0, *size)
        ov.draw()
        return behind, renderer.snapshot()

    table, over_table = shot(True)
    black, over_black = shot(False)
    for rect in buttons:
        inner = rect.inflate(-6, -6)  # inside the rounded corners
        points = [(x, y) for x in range(inner.left, inner.right, 3) for y in range(inner.top, inner.bottom, 3)]
        # Cards lie behind the button (its pixels differ there before the dialog is drawn) ...
        assert sum(table.get_at(p) != black.get_at(p) for p in points) > len(points) // 4
        # ... and none of them shows through it.
        seen = [p for p in points if over_table.get_at(p) != over_black.get_at(p)]
        assert seen == [], f"{len(seen)} of {len(points)} button pixels show what lies behind {rect}"
    ov.release()


def test_a_new_status_line_alone_sends_and_repaints_only_its_row(ctx):
    """A cascade changes the status line with each card home: only the status row is drawn
    again, sent and reported as changed (at 200% text the bar is twice as tall), and the
    texture then holds what a fresh overlay draws for that status."""
    from game.render.camera import set_text_scale

    pygame.font.init()
    buttons = (Button("Menu", "menu"), Button("Undo", "undo"), Button("Hint", "hint"))
    for scale in (1.0, 2.0):
        set_text_scale(scale)
        try:
            ov = Overlay(ctx, (1280, 720))
            ov.update("Deal #617 · Moves 103 · 2:41", "", buttons)
            bar = pygame.Rect(ov.geometry.band)
            ov.update("Deal #617 · Moves 104 · 2:41", "", buttons)
            status = pygame.Rect(ov.geometry.status)
            assert ov.changed.contains(status) and bar.contains(ov.changed)
            assert ov.changed.h < bar.h / 2 and ov.changed.w < bar.w
            ov.update("Deal #617 · Moves 9", "", buttons)  # shorter: the old text's end is cleared
            fresh = Overlay(ctx, (1280, 720))
            fresh.update("Deal #617 · Moves 9", "", buttons)
            assert ov.texture.read() == fresh.texture.read()
            # A notice besides: the whole bar as before.
            ov.update("Deal #617 · Moves 9", "J♠ can't go on 2♥", buttons)
            assert ov.changed.contains(bar)
            ov.release()
            fresh.release()
        finally:
            set_text_scale(1.0)
