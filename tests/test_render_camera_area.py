"""The camera frames the table into the window less the HUD band: projection, matrix and picking agree."""

from __future__ import annotations

import pytest

from game.freecell.deals import deal as freecell_deal
from game.render.camera import Camera, glm, hud_band, table_area
from game.render.layout import layout

SIZES = [(1280, 720), (700, 1000), (640, 480), (3840, 2160), (333, 999)]


@pytest.mark.parametrize("size", SIZES)
def test_the_shader_matrix_puts_points_where_project_says(size):
    w, h = size
    lay = layout(freecell_deal(1), w, h)
    cam = Camera.frame(lay.rect, w, h)
    vp = cam.view_projection()
    for x, y, z in ((0.0, -1.0, 0.0), (lay.rect[0], lay.rect[2], 0.0), (lay.rect[1], -0.2, 0.05), (1.3, -4.4, 0.4)):
        clip = vp * glm.vec4(x, y, z, 1.0)
        sx = (clip.x / clip.w + 1) * 0.5 * w
        sy = (1 - clip.y / clip.w) * 0.5 * h
        px, py = cam.project(x, y, z)
        assert sx == pytest.approx(px, abs=0.05) and sy == pytest.approx(py, abs=0.05)


@pytest.mark.parametrize("size", SIZES)
def test_the_table_fills_the_area_above_the_band_and_picking_inverts_it(size):
    w, h = size
    lay = layout(freecell_deal(1), w, h)
    cam = Camera.frame(lay.rect, w, h)
    ax, ay, aw, ah = table_area(w, h)
    assert (ax, ay, aw) == (0, 0, w) and ah == h - hud_band(w, h)
    x0, x1, y0, y1 = lay.rect
    # the near edge (bottom) spans the area's width, less the view margin; nothing reaches the band
    left, bottom = cam.project(x0, y0)
    right, _ = cam.project(x1, y0)
    _, top = cam.project(x0, y1)
    assert left >= 0 and right <= w and top >= 0 and bottom <= ah
    assert max(left, w - right) < 0.05 * w or max(top, ah - bottom) < 0.05 * ah  # framed as large as it fits
    for sx, sy in ((10.5, 12.25), (w / 2, ah / 2), (w - 3, ah - 2)):
        tx, ty = cam.table_point(sx, sy)
        px, py = cam.project(tx, ty)
        assert (px, py) == (pytest.approx(sx), pytest.approx(sy))
