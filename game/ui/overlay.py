"""The status line and the message line, drawn over the table.

Text is set with pygame's font renderer (the bundled DejaVu Sans Bold) onto
a Surface, uploaded as a texture only when the text changes, and drawn as a
screen-space quad with alpha blending.
"""

from __future__ import annotations

from array import array

import moderngl
import pygame

from game.resources import asset_path, shader_path

__all__ = ["Overlay"]

_BAR = (8, 30, 18, 190)
_TEXT = (236, 240, 232)
_MESSAGE = (255, 236, 150)


class Overlay:
    """A bar along the bottom edge: status on the left, a message on the right."""

    def __init__(self, ctx: moderngl.Context, size: tuple[int, int]) -> None:
        self.ctx = ctx
        self.size = size
        self.prog = ctx.program(vertex_shader=shader_path("overlay.vert").read_text(),
                                fragment_shader=shader_path("overlay.frag").read_text())
        corners = array("f", [0, 0, 1, 0, 0, 1, 1, 1])
        self.vbo = ctx.buffer(corners.tobytes())
        self.vao = ctx.vertex_array(self.prog, [(self.vbo, "2f", "in_corner")])
        self.texture: moderngl.Texture | None = None
        self._key: tuple | None = None
        self._font: pygame.font.Font | None = None
        self._font_px = 0
        self.rect = (0, 0, 0, 0)

    def _font_for(self, px: int) -> pygame.font.Font:
        if self._font is None or self._font_px != px:
            if not pygame.font.get_init():
                pygame.font.init()
            self._font = pygame.font.Font(str(asset_path("DejaVuSans-Bold.ttf")), px)
            self._font_px = px
        return self._font

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self._key = None

    def update(self, status: str, message: str = "") -> bool:
        """Set the texts; True when they changed (the frame must be redrawn)."""
        key = (status, message, self.size)
        if key == self._key:
            return False
        self._key = key
        w, h = self.size
        px = max(12, min(28, h // 36))
        font = self._font_for(px)
        bar_h = int(px * 1.8)
        surf = pygame.Surface((w, bar_h), pygame.SRCALPHA)
        surf.fill(_BAR)
        left = font.render(status, True, _TEXT)
        surf.blit(left, (px, (bar_h - left.get_height()) // 2))
        if message:
            right = font.render(message, True, _MESSAGE)
            x = max(px + left.get_width() + 2 * px, w - right.get_width() - px)
            surf.blit(right, (x, (bar_h - right.get_height()) // 2))
        data = pygame.image.tobytes(surf, "RGBA", False)
        if self.texture is None or self.texture.size != (w, bar_h):
            if self.texture is not None:
                self.texture.release()
            self.texture = self.ctx.texture((w, bar_h), 4, data)
            self.texture.filter = (moderngl.NEAREST, moderngl.NEAREST)
        else:
            self.texture.write(data)
        self.rect = (0, h - bar_h, w, bar_h)
        return True

    def draw(self) -> None:
        if self.texture is None:
            return
        self.ctx.enable(moderngl.BLEND)
        self.ctx.blend_func = moderngl.SRC_ALPHA, moderngl.ONE_MINUS_SRC_ALPHA
        self.texture.use(0)
        self.prog["u_tex"].value = 0
        self.prog["u_rect"].value = tuple(float(v) for v in self.rect)
        self.prog["u_screen"].value = (float(self.size[0]), float(self.size[1]))
        self.vao.render(moderngl.TRIANGLE_STRIP)

    def release(self) -> None:
        if self.texture is not None:
            self.texture.release()
        self.vao.release()
        self.vbo.release()
        self.prog.release()
