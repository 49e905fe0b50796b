"""The overlay sends only the part of its texture that changed: what it
shows must still all arrive (a notice above the bar, a panel, and their
clearing)."""

from __future__ import annotations

import pygame

from game.play.panels import Button, Panel
from game.ui.overlay import Overlay


def alpha_in(ov: Overlay, rect) -> int:
    """The most opaque texel of the overlay's texture inside ``rect`` (window pixels, y down)."""
    w, h = ov.size
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
