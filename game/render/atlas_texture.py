"""The card atlas as an OpenGL texture: which size to draw, and drawing a new one without a stall.

The faces are drawn for the size cards are shown (:mod:`game.render.atlas`), so
the atlas is drawn again when that size changes a lot: a resize, or the table's
scale as columns grow and empty (:data:`game.render.layout.SCALE_LEVELS`; at a
large text size the shorter table changes scale within one game, often in the
middle of the win cascade). Drawing a whole atlas takes 50-900 ms on the
machines the game runs on, so only the first one is drawn at once; every later
one is drawn a few cells per frame (:data:`STEP_CELLS`, :data:`STEP_SECONDS`)
into a texture of its own while the one shown keeps drawing, scaled, and it is
shown when complete. The atlas it replaces is kept: a table that returns to the
size it had (the next game's deal) shows it again without drawing anything.

    >>> import moderngl, pygame
    >>> ctx = moderngl.create_standalone_context(backend="egl")
    >>> atlas = CardAtlas(ctx, four_colour=False, mipmaps=False, anisotropy=0.0)
    >>> atlas.ensure(100.0), atlas.card_px, atlas.building   # the first atlas: drawn at once
    (True, 128, False)
    >>> atlas.ensure(200.0), atlas.card_px, atlas.building   # a new size: begun, the old one shown
    (False, 128, True)
    >>> while not atlas.ensure(200.0):
    ...     pass
    >>> atlas.card_px, atlas.building, atlas.built
    (256, False, [128, 256])
    >>> atlas.ensure(100.0), atlas.card_px, atlas.built      # back to the first size: kept, not drawn
    (True, 128, [128, 256])
    >>> atlas.release(); ctx.release()
"""

from __future__ import annotations

import math

import moderngl
import pygame

from game.render import theme
from game.render.atlas import BACK, CELLS, PAD, AtlasBuild, AtlasSheet, FacePrint, redraw_back

__all__ = ["FLIGHT_STEP_CELLS", "SPARE_MOST_PX", "STEP_CELLS", "STEP_SECONDS", "CardAtlas", "atlas_px"]

#: The most cells of a new atlas one frame draws, and the time it may spend on them
#: (it stops at whichever comes first, after one cell at least): one face is 0.3-3 ms
#: once its art is read (a court card's first rasterising at a size, 10-15 ms). While
#: cards fly (a frame of a cascade is 3-10 ms on llvmpipe) a frame draws one cell.
STEP_CELLS = 6
STEP_SECONDS = 0.004
FLIGHT_STEP_CELLS = 1
#: The largest atlas (its card width) kept as the spare: about 25 MB, in memory and as a texture.
SPARE_MOST_PX = 256


def atlas_px(card_px: float) -> int:
    """The atlas's card width for cards shown ``card_px`` wide: a little larger, in 32 px steps
    (so small resizes keep the atlas and text stays crisp at any window size).

    >>> atlas_px(100.0), atlas_px(20.0), atlas_px(900.0)
    (128, 64, 512)
    """
    return int(min(512, max(64, math.ceil(card_px * 1.15 / 32) * 32)))


def _serves(drawn: int, want: int) -> bool:
    """Whether an atlas drawn for ``drawn`` px serves cards that want ``want`` px (within a fifth)."""
    return abs(want - drawn) < 0.2 * drawn


class CardAtlas:
    """The card atlas as a texture, drawn again (over several frames) when cards on screen change size a lot."""

    def __init__(self, ctx: moderngl.Context, four_colour: bool, mipmaps: bool, anisotropy: float,
                 back: str = theme.DEFAULT_CARD_BACK, face: FacePrint | None = None) -> None:
        self.ctx = ctx
        self.four_colour = four_colour
        #: How the faces are printed (large print, the paper; its four_colour is this atlas's).
        self.face = FacePrint(four_colour, face.large, face.paper) if face else FacePrint(four_colour)
        theme.card_back(back)
        #: The card back, a name of :data:`theme.CARD_BACKS`.
        self.back = back
        self.mipmaps = mipmaps
        self.anisotropy = anisotropy
        #: The card width the atlas shown was drawn for (0: none yet).
        self.card_px = 0
        self.sheet: AtlasSheet | None = None
        self.texture: moderngl.Texture | None = None
        #: The atlas being drawn for a new size, and its texture (filled cell by cell).
        self._build: AtlasBuild | None = None
        self._build_tex: moderngl.Texture | None = None
        #: The atlas shown before the last change of size, kept to show again: (card px, sheet, texture).
        self._spare: tuple[int, AtlasSheet, moderngl.Texture] | None = None
        #: The card widths of every atlas begun, in order (tests read it).
        self.built: list[int] = []

    @property
    def building(self) -> bool:
        """Whether an atlas for a new size is being drawn (the frames to come draw more of it)."""
        return self._build is not None

    def ensure(self, card_px: float, *, moving: bool = False) -> bool:
        """Work toward the atlas for cards ``card_px`` wide; True if the atlas shown changed.

        The first atlas is drawn at once. Later, a size the one shown does not
        serve is drawn a step at a time, one step each call (a smaller one when
        ``moving``: cards are in flight), and shown when complete (or at once,
        if it is the spare's size)."""
        want = atlas_px(card_px)
        if self.texture is None:
            self._draw_whole(want)
            return True
        if _serves(self.card_px, want):
            self._drop_build()  # (the size came back before a new atlas was complete)
            return False
        if self._spare is not None and _serves(self._spare[0], want):
            self._drop_build()
            spare, self._spare = self._spare, None
            self._keep_shown()
            self.card_px, self.sheet, self.texture = spare
            return True
        if self._build is None or not _serves(self._build.w, want):
            self._begin(want)
        return self._step(FLIGHT_STEP_CELLS if moving else STEP_CELLS)

    def _draw_whole(self, want: int) -> None:
        self._begin(want)
        assert self._build is not None and self._build_tex is not None
        self._build.step(cells=CELLS)
        self._build_tex.write(pygame.image.tobytes(self._build.sheet.surface, "RGBA"))  # one upload, not 57
        self._finish()

    def _begin(self, want: int) -> None:
        self._drop_build()
        self._build = AtlasBuild(want, self.four_colour, self.back, self.face)
        self._build_tex = self.ctx.texture(self._build.sheet.surface.get_size(), 4)
        self.built.append(want)

    def _step(self, cells: int) -> bool:
        """Draw the next cells of the atlas being built and upload them; True when it is complete and shown."""
        build, tex = self._build, self._build_tex
        assert build is not None and tex is not None
        for cell in build.step(cells=cells, seconds=STEP_SECONDS):
            self._upload(build.sheet, tex, cell)
        if not build.done:
            return False
        self._finish()
        return True

    @staticmethod
    def _upload(sheet: AtlasSheet, tex: moderngl.Texture, cell: int) -> None:
        box = sheet.padded_rect(cell)
        tex.write(pygame.image.tobytes(sheet.surface.subsurface(box), "RGBA"), viewport=box)

    def _finish(self) -> None:
        """Show the atlas just drawn; keep the one it replaces as the spare."""
        build, tex = self._build, self._build_tex
        assert build is not None and tex is not None and build.done
        self._build = self._build_tex = None
        self._filter(tex)
        self._keep_shown()
        self.card_px, self.sheet, self.texture = build.w, build.sheet, tex

    def _keep_shown(self) -> None:
        """The atlas shown becomes the spare (the last spare released), if it is one worth keeping:
        up to :data:`SPARE_MOST_PX` (a larger one, a 4K window's, is a hundred MB twice over)."""
        if self._spare is not None:
            self._spare[2].release()
            self._spare = None
        if self.texture is None or self.sheet is None:
            return
        if self.card_px <= SPARE_MOST_PX:
            self._spare = (self.card_px, self.sheet, self.texture)
        else:
            self.texture.release()

    def _filter(self, tex: moderngl.Texture) -> None:
        if self.mipmaps:
            tex.build_mipmaps()
            tex.filter = (moderngl.LINEAR_MIPMAP_LINEAR, moderngl.LINEAR)
        else:
            tex.filter = (moderngl.LINEAR, moderngl.LINEAR)
        if self.anisotropy > 1:
            tex.anisotropy = self.anisotropy
        tex.repeat_x = tex.repeat_y = False

    def _drop_build(self) -> None:
        if self._build_tex is not None:
            self._build_tex.release()
        self._build = self._build_tex = None

    def set_back(self, back: str) -> None:
        """Show the card back ``back``: repaint just the back cell of a drawn atlas."""
        theme.card_back(back)
        if back == self.back:
            return
        self.back = back
        if self._spare is not None:  # (a spare would show the old back again)
            self._spare[2].release()
            self._spare = None
        if self._build is not None:
            self._build.back = back
            if self._build.next_cell > BACK:
                assert self._build_tex is not None
                redraw_back(self._build.sheet, back, self.face.paper)
                self._upload(self._build.sheet, self._build_tex, BACK)
        if self.sheet is None or self.texture is None:
            return  # drawn with this back when first needed
        redraw_back(self.sheet, back, self.face.paper)
        self._upload(self.sheet, self.texture, BACK)
        if self.mipmaps:
            self.texture.build_mipmaps()

    def uniforms(self) -> dict[str, object]:
        assert self.sheet is not None
        s = self.sheet
        tw, th = s.surface.get_size()
        return {"u_cell": (s.cell_w / tw, s.cell_h / th, PAD / tw, PAD / th), "u_cols": float(s.cols),
                "u_back": float(BACK)}

    def release(self) -> None:
        self._drop_build()
        if self._spare is not None:
            self._spare[2].release()
            self._spare = None
        if self.texture is not None:
            self.texture.release()
            self.texture = None
