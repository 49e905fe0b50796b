"""The perspective camera over the table, and the maths to frame and unproject.

The camera looks at the table plane (z = 0) from the player's side, tilted
:data:`~game.render.theme.TILT` from straight down. Projection and
unprojection are written out in plain double-precision Python rather than
with glm's float32 matrices, so that picking (screen point -> table point)
is exact to far below a pixel; glm only builds the matrix the shaders take.

    >>> cam = Camera.frame((-5.0, 5.0, -8.0, 0.0), 1280, 720)
    >>> sx, sy = cam.project(1.0, -3.0, 0.0)
    >>> x, y = cam.table_point(sx, sy)
    >>> round(x, 9), round(y, 9)
    (1.0, -3.0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

try:  # PyGLM 2.8 moved the module; older releases only have the top-level name
    from pyglm import glm as glm  # (re-exported: the renderer uses the same module)
except ImportError:  # pragma: no cover
    import glm as glm  # type: ignore[no-redef]  # the same module under its old name

from game.render import theme

__all__ = ["Camera", "Rect", "fill_height", "fit_distance", "hud_band", "hud_rows", "hud_text_px", "portrait_amount",
           "set_text_scale", "table_area", "text_scale", "tilt_for"]

#: (x0, x1, y0, y1) on the table plane.
Rect = tuple[float, float, float, float]

#: HUD text size bounds (pixels) and the window height / width one pixel of text takes:
#: the text follows the window's smaller dimension, so it never grows as the window narrows.
HUD_MIN_PX = 11
HUD_MAX_PX = 44
HUD_PER_HEIGHT = 42.0
HUD_PER_WIDTH = 50.0
#: Heights of the HUD's three rows, in text sizes: the notice line (a
#: refusal, a hint; clear felt when there is none), the status line and the
#: control bar's buttons.
HUD_NOTICE_ROW = 1.55
HUD_STATUS_ROW = 1.5
HUD_BUTTON_ROW = 2.2

#: The player's text size (Settings -> Text size) as a factor of the window's own: every
#: text size of the HUD, panels and screens derives from :func:`hud_text_px`, so this one
#: factor scales them all (and the HUD band, so the table makes room for the larger bar).
_text_scale = 1.0


def set_text_scale(factor: float) -> bool:
    """Set the text size factor (1.0: as the window gives; 2.0: twice that); True when it changed.

    >>> set_text_scale(1.5), hud_text_px(1280, 720), set_text_scale(1.5), set_text_scale(1.0)
    (True, 26, False, True)
    """
    global _text_scale
    factor = max(0.5, min(3.0, float(factor)))
    changed = factor != _text_scale
    _text_scale = factor
    return changed


def text_scale() -> float:
    """The text size factor in force (:func:`set_text_scale`)."""
    return _text_scale


def hud_text_px(width: int, height: int) -> int:
    """The HUD's text size in pixels for a window: a share of its smaller side, clamped,
    times the player's text size (:func:`set_text_scale`).

    >>> hud_text_px(1280, 720), hud_text_px(800, 600), hud_text_px(700, 1000), hud_text_px(640, 480)
    (17, 14, 14, 11)
    """
    px = round(min(height / HUD_PER_HEIGHT, width / HUD_PER_WIDTH))
    return round(max(HUD_MIN_PX, min(HUD_MAX_PX, px)) * _text_scale)


def hud_rows(width: int, height: int) -> tuple[int, int, int]:
    """Heights in pixels of the notice, status and button rows at the window's bottom edge, top down."""
    px = hud_text_px(width, height)
    return round(HUD_NOTICE_ROW * px), round(HUD_STATUS_ROW * px), round(HUD_BUTTON_ROW * px)


def hud_band(width: int, height: int) -> int:
    """Height in pixels of the band along the bottom edge that the HUD may use.

    It depends on the window size only, so the table never jumps when a
    message or the status text changes. A window too small for it (under
    about 100 pixels tall) keeps at least half its height for the table.

    >>> hud_band(1280, 720)
    89
    """
    return min(sum(hud_rows(width, height)), height // 2)


def table_area(width: int, height: int) -> tuple[int, int, int, int]:
    """``(x, y, w, h)`` in window pixels (y down) that the table is framed into: all but the HUD band.

    >>> table_area(1280, 720)
    (0, 0, 1280, 631)
    """
    return 0, 0, width, max(1, height - hud_band(width, height))


def portrait_amount(width: float, height: float) -> float:
    """How portrait a viewport is: 0 at width >= height, 1 at :data:`~theme.PORTRAIT_ASPECT` or taller.

    Linear in between, so that resizing through a square window changes the
    layout smoothly.

    >>> portrait_amount(1280, 720), portrait_amount(720, 1280), portrait_amount(700, 800)
    (0.0, 1.0, 0.5)
    """
    aspect = width / height
    return min(1.0, max(0.0, (1.0 - aspect) / (1.0 - theme.PORTRAIT_ASPECT)))


def tilt_for(width: float, height: float) -> float:
    """The camera's tilt for a viewport: :data:`~theme.TILT`, less toward :data:`~theme.PORTRAIT_TILT`
    in a portrait one, where the tall table would otherwise shrink the far cards (all of them,
    up at the top of the screen) by a quarter.
    """
    t = portrait_amount(width, height)
    return theme.TILT + (theme.PORTRAIT_TILT - theme.TILT) * t


def _centre_offset(height: float, d: float, s: float) -> float:
    """Where the rect's near edge sits below the look-at point so it is centred on screen.

    With the camera tilted, a point ``a`` ahead of the look-at point lands at
    ``a cos t / ((a sin t + d) tan(fov/2))`` in NDC; equal and opposite NDC for
    the near edge ``a0`` and far edge ``a0 + height`` is a quadratic in ``a0``.
    """
    if s < 1e-12:
        return -height / 2
    b = 2 * s * height + 2 * d
    disc = b * b - 8 * s * d * height
    return (-b + math.sqrt(disc)) / (4 * s)


def _extents(width: float, height: float, aspect: float, d: float,
             tilt: float = theme.TILT) -> tuple[float, float]:
    """NDC height of the far edge and NDC half-width of the near edge, for the centred rect."""
    s, c = math.sin(tilt), math.cos(tilt)
    t = math.tan(theme.FOV_Y / 2)
    a0 = _centre_offset(height, d, s)
    a1 = a0 + height
    far_y = a1 * c / ((a1 * s + d) * t)
    # The near edge is the widest on screen: perspective makes it the binding one.
    near_x = (width / 2) / ((a0 * s + d) * t * aspect)
    return far_y, near_x


def _fits(width: float, height: float, aspect: float, d: float, tilt: float) -> bool:
    lim = 1.0 - theme.VIEW_MARGIN
    far_y, near_x = _extents(width, height, aspect, d, tilt)
    return far_y <= lim and near_x <= lim


@lru_cache(maxsize=256)
def fit_distance(width: float, height: float, aspect: float, tilt: float = theme.TILT) -> float:
    """The smallest camera distance at which a ``width`` x ``height`` table rect fits.

    Both conditions only get easier with distance, so a bisection finds it.
    """
    lo, hi = 1e-3, 1e-3
    while not _fits(width, height, aspect, hi, tilt):
        lo, hi = hi, hi * 2
    for _ in range(60):
        mid = (lo + hi) / 2
        if _fits(width, height, aspect, mid, tilt):
            hi = mid
        else:
            lo = mid
    return hi


@lru_cache(maxsize=256)
def fill_height(width: float, aspect: float, tilt: float = theme.TILT) -> float:
    """The tallest table of ``width`` that the viewport still frames by its width.

    Layout gives the columns this much room, so a wide window compresses fans
    and a tall (portrait) one lets them hang long, and the table fills the view.
    """
    lim = 1.0 - theme.VIEW_MARGIN

    def width_bound(h: float) -> bool:
        far_y, _ = _extents(width, h, aspect, fit_distance(width, h, aspect, tilt), tilt)
        return far_y < lim * (1 - 1e-9)

    lo, hi = 0.0, width
    while width_bound(hi):
        lo, hi = hi, hi * 2
    for _ in range(50):
        mid = (lo + hi) / 2
        if width_bound(mid):
            lo = mid
        else:
            hi = mid
    return lo


@dataclass(frozen=True)
class Camera:
    """A camera at ``distance`` from the look-at point ``(tx, ty, 0)``, for a viewport in pixels.

    The picture fills ``area`` ``(x, y, w, h)`` of the ``width`` x ``height``
    window (pixels, y down; the whole window when ``None``): an off-centre
    projection, so the table keeps clear of the HUD band at the bottom.
    """

    tx: float
    ty: float
    distance: float
    width: int
    height: int
    tilt: float = theme.TILT
    fov_y: float = theme.FOV_Y
    area: tuple[int, int, int, int] | None = None

    @classmethod
    def frame(cls, rect: Rect, width: int, height: int,
              area: tuple[int, int, int, int] | None = None) -> Camera:
        """The camera that shows the table ``rect`` as large as ``area`` allows, centred in it.

        ``area`` defaults to :func:`table_area` (the window less the HUD band).
        Its tilt follows the area's shape (:func:`tilt_for`).
        """
        if area is None:
            area = table_area(width, height)
        x0, x1, y0, y1 = rect
        w, h = x1 - x0, y1 - y0
        aw, ah = area[2], area[3]
        aspect = aw / ah
        tilt = tilt_for(aw, ah)
        d = fit_distance(round(w, 9), round(h, 9), round(aspect, 9), tilt)
        a0 = _centre_offset(h, d, math.sin(tilt))
        return cls((x0 + x1) / 2, y0 - a0, d, width, height, tilt, area=(area[0], area[1], area[2], area[3]))

    @property
    def view(self) -> tuple[int, int, int, int]:
        """The window pixels ``(x, y, w, h)`` the picture fills."""
        return self.area if self.area is not None else (0, 0, self.width, self.height)

    # --- geometry in double precision ---------------------------------------

    @property
    def eye(self) -> tuple[float, float, float]:
        return (self.tx, self.ty - self.distance * math.sin(self.tilt),
                self.distance * math.cos(self.tilt))

    def project(self, x: float, y: float, z: float = 0.0) -> tuple[float, float]:
        """Pixel coordinates (origin top left, as pygame reports the mouse) of a world point."""
        s, c = math.sin(self.tilt), math.cos(self.tilt)
        t = math.tan(self.fov_y / 2)
        ex, ey, ez = self.eye
        vx, vy, vz = x - ex, y - ey, z - ez
        yc = vy * c + vz * s
        zc = vy * s - vz * c
        ax, ay, aw, ah = self.view
        nx = vx / (zc * t * (aw / ah))
        ny = yc / (zc * t)
        return ax + (nx + 1) * 0.5 * aw, ay + (1 - ny) * 0.5 * ah

    def ray(self, sx: float, sy: float) -> tuple[tuple[float, float, float], tuple[float, float, float]]:
        """Origin and direction (not normalised) of the eye ray through pixel ``(sx, sy)``."""
        s, c = math.sin(self.tilt), math.cos(self.tilt)
        t = math.tan(self.fov_y / 2)
        ax, ay, aw, ah = self.view
        nx = (sx - ax) / aw * 2 - 1
        ny = 1 - (sy - ay) / ah * 2
        dx = nx * t * (aw / ah)
        dy = ny * t
        # camera basis: right (1,0,0), up (0,c,s), forward (0,s,-c)
        return self.eye, (dx, dy * c + s, dy * s - c)

    def table_point(self, sx: float, sy: float, z: float = 0.0) -> tuple[float, float]:
        """Where the ray through pixel ``(sx, sy)`` meets the plane at height ``z``."""
        (ox, oy, oz), (dx, dy, dz) = self.ray(sx, sy)
        k = (z - oz) / dz
        return ox + dx * k, oy + dy * k

    def box(self, x: float, y: float, z: float = 0.0, yaw: float = 0.0,
            half_w: float = theme.CARD_W / 2, half_h: float = theme.CARD_H / 2,
            thickness: float = theme.CARD_THICKNESS) -> tuple[float, float, float, float]:
        """Screen bounding box ``(x, y, w, h)`` (pixels, y down) of a card slab centred at ``(x, y, z)``.

        Every corner of the slab's bottom and top face is projected, so the
        box holds all the card's pixels (its rounded corners lie inside).
        """
        c, s = math.cos(yaw), math.sin(yaw)
        xs: list[float] = []
        ys: list[float] = []
        for dx in (-half_w, half_w):
            for dy in (-half_h, half_h):
                for dz in (0.0, thickness):
                    px, py = self.project(x + dx * c - dy * s, y + dx * s + dy * c, z + dz)
                    xs.append(px)
                    ys.append(py)
        return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)

    def pixels_per_unit(self, x: float, y: float) -> float:
        """On-screen size in pixels of one world unit across, at table point ``(x, y)``."""
        a = self.project(x - 0.5, y)
        b = self.project(x + 0.5, y)
        return abs(b[0] - a[0])

    # --- matrices for the shaders (float32 is fine for drawing) --------------

    def view_projection(self) -> glm.mat4:
        ex, ey, ez = self.eye
        s, c = math.sin(self.tilt), math.cos(self.tilt)
        eye = glm.vec3(ex, ey, ez)
        view = glm.lookAt(eye, eye + glm.vec3(0.0, s, -c), glm.vec3(0.0, c, s))
        near = max(0.05, self.distance * 0.25)
        far = self.distance * 4 + 10
        ax, ay, aw, ah = self.view
        proj = glm.perspective(self.fov_y, aw / ah, near, far)
        # Clip-space scale and shift from the area's NDC to the window's (y up in NDC).
        place = glm.mat4(1.0)
        place[0][0] = aw / self.width
        place[1][1] = ah / self.height
        place[3][0] = (2 * ax + aw) / self.width - 1
        place[3][1] = 1 - (2 * ay + ah) / self.height
        return place * proj * view  # type: ignore[return-value]  # a mat4: PyGLM 2.8's stub says mat4x2
