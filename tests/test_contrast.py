"""High contrast: the text over the table reads at 7:1 or better (WCAG AAA), measured on rendered pixels.

The table and the overlay are drawn offscreen (EGL) as the window draws them; each
piece of text (the status line, the control bar's labels, a notice, a question, the
menu, Settings, Statistics, a page of How to play) is found by the overlay's own geometry, and
its contrast is measured from the pixels in its box: the background is the box's
commonest colour, the ink the glyphs' cores (see :func:`text_contrast`).
"""

from __future__ import annotations

import os
import sys
from collections import Counter

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from conftest import ROOT

from game.play.settings import Settings
from game.render.scene import Renderer, View
from game.ui.fonts import text_font
from game.ui.overlay import Overlay

sys.path.insert(0, str(ROOT / "tools"))

import screenshot

AAA = 7.0


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


def luminance(rgb: tuple[int, ...]) -> float:
    """WCAG 2 relative luminance of an sRGB colour (0..255 channels)."""
    def lin(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """WCAG contrast ratio of two colours, 1..21.

    >>> round(ratio((255, 255, 255), (0, 0, 0)), 1), ratio((9, 9, 9), (9, 9, 9))
    (21.0, 1.0)
    """
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def text_contrast(img: pygame.Surface, box: tuple[int, int, int, int]) -> float:
    """The contrast of the text in ``box`` (window pixels) against what it is drawn on.

    The background is the box's commonest colour; the ink, the glyphs' cores: of the
    pixels that stand apart from the background (ratio over 1.5), the one at the 80th
    percentile of contrast (the anti-aliased edges of the strokes are the lower part, a
    stray bright pixel cannot carry a whole label).
    """
    x, y, w, h = (int(v) for v in box)
    area = pygame.Rect(x, y, w, h).clip(img.get_rect())
    assert area.w > 0 and area.h > 0, box
    px = [tuple(img.get_at((i, j)))[:3] for j in range(area.top, area.bottom) for i in range(area.left, area.right)]
    bg = Counter(px).most_common(1)[0][0]
    cache: dict[tuple[int, ...], float] = {}
    apart = sorted(r for r in (cache.setdefault(p, ratio(p, bg)) for p in px) if r > 1.5)
    assert len(apart) >= 6, f"no text in {box}"
    return apart[int(0.8 * (len(apart) - 1))]


def _draw(ctx, settings: Settings, size: tuple[int, int], panel_kind: str | None, message: str = ""):
    """The FreeCell table of deal 1 with the overlay (and ``panel_kind``'s panel) over it, as the window draws it."""
    from game.session import FreeCellSession

    session = FreeCellSession(1, auto_foundation=False, now=lambda: 0.0)
    renderer = Renderer(ctx, size, table_colour=settings.table_colour)
    renderer.set_faces(settings.four_colour, large_print=settings.large_print, contrast=settings.high_contrast)
    table = screenshot.table_controller(session, size, False, settings)
    renderer.render(View(table.shown_layout(size)))
    overlay = Overlay(ctx, size)
    overlay.set_table_colour(settings.table_colour, high_contrast=settings.high_contrast)
    panel = None
    if panel_kind in ("menu", "settings", "statistics"):
        from game.challenges import ChallengeProgress
        from game.play.menu import Menu
        from game.stats import Statistics

        stats = Statistics()
        stats.record_win("freecell", 120.5, 90, date="2026-11-28")
        stats.record_loss("freecell", give_up=True, seconds=10.0, moves=3, date="2026-11-29")
        menu = Menu(settings, stats, marks=ChallengeProgress, playing=table.stats_key)
        menu.open()
        if panel_kind != "menu":
            menu.choose(panel_kind)
        panel = menu.panel()
    elif panel_kind == "help":
        from game.play.help import HelpBook

        panel = HelpBook.open("freecell", "").panel()
    elif panel_kind == "question":
        from game.play.games import asks
        from game.play.panels import Button, Command, Panel

        panel = Panel(asks(table.noun, "new"), (), (Button("Keep playing", Command.KEEP),
                                                    Button("New deal", Command.CONFIRMED)), focus=0)
    overlay.update(table.status(), message, table.buttons(), panel)
    renderer.target.use()
    ctx.viewport = (0, 0, *size)
    overlay.draw()
    img = renderer.snapshot()
    return img, overlay, renderer


def text_boxes(overlay: Overlay) -> list[tuple[str, tuple[int, int, int, int]]]:
    """Each piece of text the overlay drew, named, with its box (window pixels)."""
    out: list[tuple[str, tuple[int, int, int, int]]] = []
    geo = overlay.geometry
    assert geo is not None
    if geo.status is not None:
        out.append(("status line", geo.status))
    if geo.notice is not None:
        x, y, w, h = geo.notice
        out.append(("notice", (x + 3, y + 3, w - 6, h - 6)))
    for b in geo.buttons:  # inside the keyboard's ring, drawn along a focused button's edge
        x, y, w, h = b.rect
        out.append((f"control bar: {b.label}" + ("" if b.enabled else " (greyed)"), (x + 3, y + 3, w - 6, h - 6)))
    screen = overlay.screen or overlay.question
    if screen is not None:
        for t in screen.texts:
            if t.text.strip():
                out.append((f"{t.role}: {t.text}", (t.x, t.y, *text_font(t.px).size(t.text))))
        for sb in screen.buttons:
            x, y, w, h = sb.rect
            out.append((f"button: {sb.label}", (x + 2, y + 2, w - 4, h - 4)))
    if overlay.screen is not None:
        s = overlay.screen
        out.append(("title", (*s.title_at, *text_font(s.title_px).size(s.title))))
    doc = overlay.document
    if doc is not None:
        out.append(("title", (*doc.title_at, *text_font(doc.title_px).size(doc.title))))
        for line in doc.lines:
            if line.text.strip():
                x = line.x
                w = text_font(line.px).size(line.text)[0]
                out.append((f"{line.role}: {line.text}", (x, line.y, w, line.height)))
        for b in doc.buttons:
            x, y, w, h = b.rect
            out.append((f"page button: {b.label}", (x + 3, y + 3, w - 6, h - 6)))
    return out


def contrasts(ctx, settings: Settings, size: tuple[int, int], panel_kind: str | None,
              message: str = "") -> list[tuple[float, str]]:
    img, overlay, renderer = _draw(ctx, settings, size, panel_kind, message)
    try:
        return [(text_contrast(img, box), name) for name, box in text_boxes(overlay)]
    finally:
        renderer.release()
        overlay.release()


PANELS = [None, "menu", "settings", "statistics", "help", "question"]


@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (600, 900)])
@pytest.mark.parametrize("panel_kind", PANELS)
def test_high_contrast_text_reads_at_7_to_1(ctx, size, panel_kind):
    """Every word drawn in high contrast is at least 7:1 against the pixels behind it, on every
    table colour (the felt's hue must not leak into the bar or a panel)."""
    for colour in ("green", "red"):
        found = contrasts(ctx, Settings(high_contrast=True, table_colour=colour), size, panel_kind,
                          message="3\u2665 goes home")
        assert len(found) >= 5, found
        low = [(round(r, 2), name) for r, name in found if r < AAA]
        assert not low, (colour, low)


def test_the_usual_theme_is_measured_the_same_way_and_falls_short(ctx):
    """The measure tells the themes apart: the usual look has text under 7:1 (the greyed
    buttons, the translucent bar over the felt); high contrast lifts every one of them."""
    usual = contrasts(ctx, Settings(), (1280, 720), None, message="3\u2665 goes home")
    high = contrasts(ctx, Settings(high_contrast=True), (1280, 720), None, message="3\u2665 goes home")
    assert [n for _, n in usual] == [n for _, n in high]
    assert min(r for r, _ in usual) < AAA <= min(r for r, _ in high)


def test_high_contrast_table_is_dark_and_plain_with_white_cards(ctx):
    """The felt is near-black and even (no lamp, no colour); card paper is white to the table's corners."""
    size = (800, 600)
    img, overlay, renderer = _draw(ctx, Settings(high_contrast=True, table_colour="green"), size, None)
    renderer.release()
    overlay.release()
    # The felt: a strip above the columns and the corners of the window.
    felt = [tuple(img.get_at((x, y)))[:3] for x in range(0, 800, 40) for y in (2, 597)]
    assert max(luminance(p) for p in felt) < 0.01, felt
    assert max(max(p) - min(p) for p in felt) <= 6, "the felt has a hue"
    # The paper: the brightest pixels of the window are pure white (no lamp falloff).
    whites = sum(1 for x in range(0, 800, 3) for y in range(0, 600, 3)
                 if tuple(img.get_at((x, y)))[:3] == (255, 255, 255))
    assert whites > 2000


def _ring_and_line(ctx, contrast: bool) -> tuple[int, float, int]:
    """Column 7's top card with the focus ring, column 1's top card selected (1280x720): the ring's
    thickness (pixels of its colour in a row across it), and the selected card's bright outline:
    its brightest pixel and how many pixels wide it is."""
    from game.freecell.deals import deal
    from game.places import PileKind
    from game.render import theme
    from game.render.marks import Mark
    from game.render.picking import marked_boxes
    from game.render.scene import layout

    size = (1280, 720)
    renderer = Renderer(ctx, size)
    renderer.set_faces(False, contrast=contrast)
    lay = layout(deal(1), *size)
    focus, selected = Mark(PileKind.COLUMN, 6, None), Mark(PileKind.COLUMN, 0, None, "selected")
    renderer.render(View(lay, [selected], focus))
    img = renderer.snapshot()
    cam = renderer.camera_for(lay)
    renderer.release()
    ring_col = tuple(round(c * 255) for c in (theme.CONTRAST_FOCUS if contrast else theme.FOCUS)[:3])
    # Along the row through each card's middle, from its centre out 20 pixels past its box (which
    # holds the usual glow's margin, not all of high contrast's ring).
    fx, fy, fw, fh = marked_boxes(lay, cam, [focus])[0]
    row = [tuple(img.get_at((x, fy + fh // 2)))[:3] for x in range(fx + fw // 2, fx + fw + 20)]
    ring = sum(1 for p in row if max(abs(a - b) for a, b in zip(p, ring_col)) < 60)
    sx, sy, sw, sh = marked_boxes(lay, cam, [selected])[0]
    beside = [tuple(img.get_at((x, sy + sh // 2)))[:3] for x in range(sx + sw // 2, sx + sw + 20)]
    # The outline: bright (luminance over 0.75) and strongly coloured (not the white paper).
    line = [luminance(p) for p in beside if luminance(p) > 0.75 and max(p) - min(p) > 150]
    return ring, max(line, default=0.0), len(line)


def test_high_contrast_rings_and_outlines_are_thick_and_bright(ctx):
    """The focus ring is at least twice as thick and brighter; the selected card has a solid bright
    outline (pixels near full yellow), where the usual look has a soft glow."""
    ring, _, line = _ring_and_line(ctx, False)
    hc_ring, hc_brightest, hc_line = _ring_and_line(ctx, True)
    assert ring >= 2 and hc_ring >= 2 * ring - 1, (ring, hc_ring)
    assert hc_brightest > 0.85 and hc_line >= 3, (hc_brightest, hc_line)
    assert hc_line > line, (line, hc_line)
