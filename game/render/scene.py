"""The moderngl renderer: the felt with its slots, then every card in one draw.

A frame is cheap on purpose, because the game must run on Mesa's software
renderer (SPEC §3):

* the felt and the empty slots are drawn once per window size (or when the
  game's slots change) into a texture;
* the cards at rest are one instanced draw of one quad each, painted back
  to front (no depth buffer) over a copy of the felt into a second cached
  texture; the fragment shader paints shadow, glow, focus ring, slab edge
  and face in that one quad, and a card covered by the next of its fan is
  cut down to the strip that shows;
* so a frame with cards in flight is a blit of that texture, the flying
  cards' shadows and one more instanced draw for the flying cards; a card
  that lands or takes off repaints the cached texture only in the box
  around the places that changed (the felt there, then the resting cards,
  scissored to it);
* nothing is drawn at all when nothing changed: :meth:`Renderer.render`
  returns ``False`` and the caller need not swap buffers.

The renderer reads the layout (and so the game position) and never writes it.

    >>> import moderngl
    >>> from game.freecell.deals import deal
    >>> ctx = moderngl.create_standalone_context(backend="egl")
    >>> r = Renderer(ctx, (320, 180))
    >>> r.render(View(layout(deal(1), 320, 180)))
    True
    >>> r.render(View(layout(deal(1), 320, 180)))   # nothing moved
    False
    >>> r.release(); ctx.release()
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import moderngl
import pygame

from game.render import damage, theme
from game.render.atlas import GHOST, FacePrint
from game.render.atlas_texture import CardAtlas
from game.render.camera import Camera, glm
from game.render.layout import CardPlacement, Layout, Slot, layout
from game.render.marks import Mark
from game.render.uniforms import uniform
from game.resources import shader_path

__all__ = ["STYLES", "Frame", "Mark", "Renderer", "View", "layout", "swap_keeps_frame"]

#: Highlight styles the game asks for, by name.
STYLES: dict[str, tuple[float, float, float, float]] = {
    "selected": theme.SELECTED,
    "target": theme.TARGET,
    "hint": theme.HINT,
    "last": theme.LAST_MOVE,
    # A target graded by "Show which moves keep the win".
    "keeps": theme.TARGET,
    "loses": theme.LOSES,
    "undecided": theme.UNDECIDED,
}


@dataclass
class View:
    """Everything a frame shows: the layout, highlights, keyboard focus, and the clock."""

    layout: Layout
    marks: Sequence[Mark] = ()
    #: The keyboard/gamepad focus: a ring around one card (``start``) or an empty slot.
    focus: Mark | None = None
    #: Seconds, for the hint's pulse; keep it still when nothing animates so
    #: that an idle table is not redrawn.
    time: float = 0.0


def _program(ctx: moderngl.Context, vert: str, frag: str | None = None,
             defines: tuple[str, ...] = ()) -> moderngl.Program:
    """Compile ``shaders/<vert>.vert`` with ``shaders/<frag>.frag`` (``frag`` defaults to ``vert``)."""
    fsrc = shader_path(f"{frag or vert}.frag").read_text()
    if defines:
        head, _, rest = fsrc.partition("\n")  # the #version line must stay first
        fsrc = head + "\n" + "".join(f"#define {d} 1\n" for d in defines) + rest
    return ctx.program(vertex_shader=shader_path(f"{vert}.vert").read_text(), fragment_shader=fsrc)


def _set(prog: moderngl.Program, **values: object) -> None:
    """Set uniforms that the compiler kept (it drops the unused ones)."""
    for k, v in values.items():
        if k in prog:
            uniform(prog, k).value = v


_CORNERS = array("f", [-1.0, -1.0, 1.0, -1.0, -1.0, 1.0, 1.0, 1.0])
_FLOATS = 12  # per card instance


class Felt:
    """The felt and the empty slots, drawn into a texture once per size and slot set."""

    def __init__(self, ctx: moderngl.Context, colour: str = theme.DEFAULT_TABLE_COLOUR) -> None:
        self.ctx = ctx
        theme.table_colour(colour)
        #: The felt's colour, a name of :data:`theme.TABLE_COLOURS`.
        self.colour = colour
        #: High contrast: a plain dark table and brighter slot outlines, whatever the colour.
        self.contrast = False
        self.felt_program = _program(ctx, "table")
        self.slot = _program(ctx, "slot")
        self.felt_vao = ctx.vertex_array(self.felt_program, [])
        self.corners = ctx.buffer(_CORNERS.tobytes())
        self.slot_buf = ctx.buffer(reserve=4 * 3 * 32)
        self.slot_vao = ctx.vertex_array(self.slot, [(self.corners, "2f", "in_corner"),
                                                      (self.slot_buf, "3f/i", "in_slot")])
        self.fbo: moderngl.Framebuffer | None = None
        self.key: object = None

    def ensure(self, size: tuple[int, int], lay: Layout, cam: Camera, atlas: CardAtlas) -> bool:
        """Redraw the felt if the size, table or slots changed; True if it did."""
        key = (size, lay.rect, tuple(lay.slots), atlas.card_px, self.colour, self.contrast)
        if key == self.key and self.fbo is not None:
            return False
        self.key = key
        if self.fbo is None or self.fbo.size != size:
            if self.fbo is not None:
                self.fbo.color_attachments[0].release()
                self.fbo.release()
            self.fbo = self.ctx.framebuffer(color_attachments=[self.ctx.texture(size, 4)])
        vp = cam.view_projection()
        self.fbo.use()
        self.ctx.disable(moderngl.BLEND)
        uniform(self.felt_program, "u_inv_vp").write(_inverse_bytes(vp))
        felt, felt_dark = (theme.CONTRAST_FELT,) * 2 if self.contrast else theme.table_colour(self.colour)
        _set(self.felt_program, u_felt=felt, u_felt_dark=felt_dark, u_table=lay.rect)
        self.felt_vao.render(moderngl.TRIANGLES, vertices=3)
        data = array("f")
        for s in lay.slots:
            data.extend((s.x, s.y, float(GHOST + s.suit) if s.suit >= 0 else -1.0))
        if len(data) * 4 > self.slot_buf.size:
            self.slot_buf.orphan(len(data) * 4)
        self.slot_buf.write(data.tobytes())
        uniform(self.slot, "u_vp").write(vp)
        _set(self.slot, u_half=(theme.CARD_W / 2, theme.CARD_H / 2), u_radius=theme.CORNER_RADIUS,
             u_line=theme.CONTRAST_SLOT_LINE if self.contrast else theme.SLOT_LINE, u_fill=theme.SLOT_FILL,
             u_atlas=0, **atlas.uniforms())
        assert atlas.texture is not None
        atlas.texture.use(0)
        self.ctx.enable(moderngl.BLEND)
        self.ctx.blend_func = moderngl.ONE, moderngl.ONE_MINUS_SRC_ALPHA
        self.slot_vao.render(moderngl.TRIANGLE_STRIP, vertices=4, instances=len(lay.slots))
        return True

    def release(self) -> None:
        for obj in (self.felt_vao, self.slot_vao, self.corners, self.slot_buf, self.felt_program, self.slot):
            obj.release()
        if self.fbo is not None:
            self.fbo.color_attachments[0].release()
            self.fbo.release()


def _inverse_bytes(vp: glm.mat4) -> bytes:
    return glm.inverse(vp).to_bytes()


class Frame:
    """The per-instance floats of one frame, in painting order, and what each instance is."""

    __slots__ = ("drawn", "flight", "lit", "rest", "shadows", "slots")

    def __init__(self) -> None:
        self.slots = array("f")     # glow or focus of empty slots, on the felt
        self.rest = array("f")      # cards at rest, plain: one draw (cached with the felt)
        #: Cards at rest with a glow or the focus ring, drawn again over the
        #: cached layer: moving the focus or a highlight redraws only them.
        self.lit = array("f")
        self.shadows = array("f")   # shadows of cards in flight, over the cards at rest
        self.flight = array("f")    # cards in flight: one more draw
        #: Cards in instance order (rest, then flight), then glowing slots (tests use it).
        self.drawn: list[CardPlacement | Slot] = []

    def key(self) -> bytes:
        return b"|".join(a.tobytes() for a in (self.slots, self.rest, self.lit, self.shadows, self.flight))


def show_felt(ctx: moderngl.Context, colour: str = theme.DEFAULT_TABLE_COLOUR, contrast: bool = False) -> None:
    """Clear the window to the table's felt (high contrast's dark one with ``contrast``) and show it: the first
    thing a new window shows, a fraction of a second before the cards, fonts and sounds are ready."""
    ctx.clear(*(theme.CONTRAST_FELT if contrast else theme.table_colour(colour)[0]))
    pygame.display.flip()


def swap_keeps_frame(ctx: moderngl.Context, colour: str = theme.DEFAULT_TABLE_COLOUR) -> bool:
    """Whether the window's back buffer still holds the last frame after a buffer swap,
    so that a frame need paint only what changed (:attr:`Renderer.keeps_frame`).

    Asked of software renderers only (llvmpipe, softpipe: their swap copies out a
    buffer they keep, or does nothing offscreen), where the window-sized copy a
    frame otherwise starts with is a shader pass over every pixel; a GPU's copy
    is cheap, and its swap may hand back another buffer. Three frames of the
    felt, each a step of blue apart (no one sees it), are swapped and read back:
    each must still be there. The window shows the felt afterwards.
    """
    name = str(ctx.info.get("GL_RENDERER", "")).lower()
    if ctx.screen is None or not any(n in name for n in ("llvmpipe", "softpipe", "softrast", "swrast")):
        return False
    felt = theme.table_colour(colour)[0]
    kept = True
    for k in (1, 2, 3):
        blue = felt[2] + k / 255 if felt[2] < 0.9 else felt[2] - k / 255
        ctx.screen.use()
        ctx.clear(felt[0], felt[1], blue, 1.0)
        drawn = ctx.screen.read(viewport=(0, 0, 1, 1), components=3)
        pygame.display.flip()
        if ctx.screen.read(viewport=(0, 0, 1, 1), components=3) != drawn:
            kept = False
            break
    show_felt(ctx, colour)
    return kept


class Renderer:
    """Draws a :class:`View` into a framebuffer of ``size`` pixels.

    ``target`` is the framebuffer to draw into: the window's (``ctx.screen``)
    by default, or an offscreen one the renderer makes when the context has
    no window (screenshots, tests). ``four_colour`` picks the four-colour
    deck; ``table_colour`` and ``card_back`` name the felt and the card back
    (see :data:`theme.TABLE_COLOURS` and :data:`theme.CARD_BACKS`; both can be
    changed later with :meth:`set_table_colour` and :meth:`set_card_back`);
    ``mipmaps`` and ``anisotropy`` trade speed for sharper minified
    cards. Both are off by default: the atlas is drawn at the size cards
    are shown, and trilinear or anisotropic filtering doubles the cost of a
    frame on a software renderer.
    """

    def __init__(self, ctx: moderngl.Context, size: tuple[int, int], *,
                 target: moderngl.Framebuffer | None = None, four_colour: bool = False,
                 mipmaps: bool = False, anisotropy: float = 0.0,
                 table_colour: str = theme.DEFAULT_TABLE_COLOUR,
                 card_back: str = theme.DEFAULT_CARD_BACK) -> None:
        theme.table_colour(table_colour)
        theme.card_back(card_back)
        self.ctx = ctx
        self.size = (int(size[0]), int(size[1]))
        self._own_target = target is None and ctx.screen is None
        self.target = target if target is not None else (ctx.screen or self._offscreen(self.size))
        self.atlas = CardAtlas(ctx, four_colour, mipmaps, anisotropy, card_back)
        self.felt = Felt(ctx, table_colour)
        #: High contrast (:meth:`set_faces`): the table, the cards' outlines, the rings and marks.
        self.contrast = False
        self.card_prog = _program(ctx, "card")
        self.flight_prog = _program(ctx, "card", defines=("FLIGHT",))
        self.flat_prog = _program(ctx, "card", "flat")
        self.effect_prog = _program(ctx, "effect")
        self.shadow_prog = _program(ctx, "effect", "shadow")
        self.corners = ctx.buffer(_CORNERS.tobytes())
        self.buffers = {name: ctx.buffer(reserve=4 * _FLOATS * 128)
                        for name in ("slots", "rest", "lit", "shadows", "flight")}
        self.vaos: dict[tuple[str, str], moderngl.VertexArray] = {}
        for name, prog_name, prog in (("rest", "card", self.card_prog), ("rest", "flat", self.flat_prog),
                                      ("lit", "card", self.card_prog),
                                      ("flight", "card", self.flight_prog), ("flight", "flat", self.flat_prog)):
            self.vaos[(name, prog_name)] = ctx.vertex_array(prog, [
                (self.corners, "2f", "in_corner"),
                (self.buffers[name], "4f 4f 4f/i", "in_pos", "in_card", "in_glow")])
        for name, prog in (("slots", self.effect_prog), ("shadows", self.shadow_prog)):
            self.vaos[(name, "effect")] = ctx.vertex_array(prog, [
                (self.corners, "2f", "in_corner"),
                (self.buffers[name], "4f 4f 4f/i", "in_pos", "in_effect", "in_glow")],
                skip_errors=True)  # the shadow shader has no use for in_glow
        #: Test mode: each card drawn in one flat colour (see ``flat.frag``); no felt, no effects.
        self.flat = False
        self.camera: Camera | None = None
        #: Cards (then slots with a glow) in the order of the last frame's instances.
        self.drawn: list[CardPlacement | Slot] = []
        self._last: object = None
        self.rest_fbo: moderngl.Framebuffer | None = None
        self._rest_key: object = None
        self._rest = b""  # the resting cards' instance data the layer holds
        #: Whether :attr:`target` still holds the last frame when the next render
        #: starts (an offscreen framebuffer nothing else draws into; a window whose
        #: buffer swap keeps the back buffer, which the window probes): a frame then
        #: paints only the boxes that changed. Off by default: the overlay of a
        #: screenshot is drawn into the target behind the renderer's back.
        #: Such a window (Mesa's llvmpipe) reads its size at the first draw after a
        #: swap: one drawn since (the warm-up on an idle table) would cut the next
        #: frame to the old size after a resize, and an idle table kept that stale
        #: picture. The window swaps first on a resize (the frame already shown).
        self.keeps_frame = False
        #: The boxes (window pixels, y down) the last render painted; None: all of it.
        self.painted: list[pygame.Rect] | None = None
        #: The look and the per-frame instances of the frame the target holds.
        self._shown: tuple[object, tuple[bytes, ...]] | None = None
        self._over: Callable[[], None] | None = None  # what the last frame drew over the table

    # --- set-up ---------------------------------------------------------------

    def _offscreen(self, size: tuple[int, int]) -> moderngl.Framebuffer:
        return self.ctx.framebuffer(color_attachments=[self.ctx.renderbuffer(size, 4)])

    def resize(self, size: tuple[int, int]) -> None:
        """Follow the window (or a rotated screen): the next render redraws everything."""
        self.size = (int(size[0]), int(size[1]))
        if self._own_target:
            self.target.release()
            self.target = self._offscreen(self.size)
        self._rest_key = None
        self.forget_frame()

    @property
    def busy(self) -> bool:
        """Whether the next renders have work of their own (an atlas being drawn), even on an idle table:
        the loop keeps calling :meth:`render` until it is done."""
        return self.atlas.building

    def forget_frame(self) -> None:
        """The target's pixels are no longer the last frame (the window was shown
        again, exposed, turned, resized): the next render paints all of it, even
        when the table looks as it did (an idle table must not stay stale)."""
        self._last = None
        self._shown = None

    def set_four_colour(self, on: bool) -> None:
        """Switch between the two- and four-colour deck (redraws the atlas)."""
        self.set_faces(on, large_print=self.atlas.face.large, contrast=self.contrast)

    def set_faces(self, four_colour: bool, *, large_print: bool = False, contrast: bool = False) -> None:
        """The deck's inks and print (redrawn if they change), and high contrast: the next render shows them."""
        face = FacePrint(four_colour, large_print, theme.CONTRAST_PAPER if contrast else theme.FACE_PAPER)
        if face != self.atlas.face:
            mip, aniso = self.atlas.mipmaps, self.atlas.anisotropy
            self.atlas.release()
            self.atlas = CardAtlas(self.ctx, four_colour, mip, aniso, self.atlas.back, face)
            self._last = None
        if contrast != self.contrast:
            self.contrast = self.felt.contrast = contrast
            self.felt.key = self._rest_key = self._last = None

    @property
    def table_colour(self) -> str:
        """The felt's colour: a name of :data:`theme.TABLE_COLOURS`."""
        return self.felt.colour

    @property
    def card_back(self) -> str:
        """The card back: a name of :data:`theme.CARD_BACKS`."""
        return self.atlas.back

    def set_table_colour(self, name: str) -> None:
        """Lay felt of colour ``name`` (one of :data:`theme.TABLE_COLOURS`); the next render shows it.

        Raises ValueError for an unknown name, and changes nothing then.
        """
        theme.table_colour(name)
        if name != self.felt.colour:
            self.felt.colour = name
            self.felt.key = None      # the cached felt, and so the resting layer, are redrawn
            self._rest_key = None
            self._last = None

    def set_card_back(self, name: str) -> None:
        """Show card back ``name`` (one of :data:`theme.CARD_BACKS`); the next render shows it.

        Only the atlas's back cell is repainted. Raises ValueError for an
        unknown name, and changes nothing then.
        """
        theme.card_back(name)
        if name != self.atlas.back:
            self.atlas.set_back(name)
            self._rest_key = None
            self._last = None

    def camera_for(self, lay: Layout) -> Camera:
        """The camera that frames ``lay`` in this renderer's viewport (picking uses it too)."""
        return Camera.frame(lay.rect, *self.size)

    # --- per frame ------------------------------------------------------------

    def frame_data(self, view: View) -> Frame:
        """The instance data for ``view``: what a frame draws, before any GL call."""
        lay = view.layout
        tops: dict[tuple[str, int], int] = {}
        at_rest: dict[tuple[str, int, int], CardPlacement] = {}
        for c in lay.cards:
            if not c.in_flight:
                k = (str(c.kind), c.pile)
                tops[k] = c.index
                at_rest[(k[0], c.pile, c.index)] = c
        # A mark or the focus on Spider's stock as a place lights its top pile (Layout.place_pile).
        marks: dict[tuple[str, int], list[Mark]] = {}
        for m in view.marks:
            marks.setdefault((str(m.kind), lay.place_pile(m)), []).append(m)
        focus = view.focus
        focus_key = None if focus is None else (str(focus.kind), lay.place_pile(focus))
        focus_start = None if focus is None else focus.start
        pulse = 0.75 + 0.25 * math.sin(view.time * 5.0)
        half_h = theme.CARD_H / 2
        no_clip = -10.0
        fr = Frame()
        flying: list[CardPlacement] = []
        # Painter's order as the layout sorts it while cards fly, with or without
        # them: the resting cards' instances keep one order, so a landing repaints
        # only its box (the unsorted order forced a whole repaint when the last
        # flight landed or the first took off).
        for c in sorted(lay.cards, key=_painting_order):
            if c.hidden:
                continue
            if c.in_flight:
                flying.append(c)
                continue
            key = (str(c.kind), c.pile)
            glow = _NO_GLOW
            ms = marks.get(key)
            if ms:
                for m in ms:
                    if m.covers(c.index, tops[key]):
                        glow = _glow(m.style, pulse, self.contrast)
            foc = 0.0
            if focus_key == key:
                foc = 1.0 if c.index == (tops[key] if focus_start is None else focus_start) else 0.0
            clip = no_clip
            nxt = at_rest.get((key[0], c.pile, c.index + 1))
            if nxt is not None and not nxt.hidden and nxt.x == c.x and nxt.yaw == 0.0 and c.yaw == 0.0:
                # The next card of the fan covers all of this one below its top
                # edge (less a corner's radius, where the paper shows through).
                clip = nxt.y - c.y + half_h - theme.CORNER_RADIUS - 0.03
            fr.rest.extend((c.x, c.y, c.z, c.yaw, c.flip, float(int(c.card)), clip, 0.0, *_NO_GLOW))
            if foc or glow[3] > 0:
                fr.lit.extend((c.x, c.y, c.z, c.yaw, c.flip, float(int(c.card)), clip, foc, *glow))
            fr.drawn.append(c)
        in_air = {(str(c.kind), c.pile, c.index): c for c in flying}
        # The first card of the fan each flying card belongs to (itself when alone).
        fan_head: dict[tuple[str, int, int], CardPlacement] = {}
        for c in flying:
            # A run flying or sliding together (a column spreading out as the cascade
            # empties it, a dragged run) is a fan too: each card but the last is cut to
            # the strip the next one leaves showing (the same rule and pixels as at
            # rest; a card in flight has no slab edge or contact shadow to show below).
            clip = no_clip
            nxt = in_air.get((str(c.kind), c.pile, c.index + 1))
            if (nxt is not None and nxt.x == c.x and nxt.yaw == 0.0 and c.yaw == 0.0 and nxt.flip == c.flip
                    and abs(math.sin(c.flip)) < 1e-6 and 0.0 <= nxt.z - c.z < _FAN_DZ):
                clip = nxt.y - c.y + half_h - theme.CORNER_RADIUS - 0.03
            fr.flight.extend((c.x, c.y, c.z, c.yaw, c.flip, float(int(c.card)), clip, 0.0, *_NO_GLOW))
            fr.drawn.append(c)
            head = fan_head.pop((str(c.kind), c.pile, c.index), c)
            if clip != no_clip:
                fan_head[(str(c.kind), c.pile, c.index + 1)] = head
                continue
            # The fan's last card casts the shadow of the whole fan: one rectangle
            # from its first card to its last at the last one's height (a dozen
            # overlapping shadows darkened each other into a black edge, and
            # shading them all was a sliding column's frame's costliest pass).
            stretch = abs(head.y - c.y) / 2
            fr.shadows.extend((c.x, (head.y + c.y) / 2, c.z, c.yaw, 1.0, c.flip, stretch, 0.0, *_NO_GLOW))
        # Highlights and focus on empty slots: glow-only instances on the felt.
        for s in lay.slots:
            key = (str(s.kind), s.index)
            if key in tops:
                continue
            glow = _NO_GLOW
            for m in marks.get(key, ()):
                # Only a mark of the slot itself (start None: a target, a hint);
                # one of given cards (the last move's, say) whose cards are all
                # still in flight must not mark a place they have not reached.
                if m.start is None:
                    glow = _glow(m.style, pulse, self.contrast)
            foc = 1.0 if focus_key == key else 0.0
            if glow[3] > 0 or foc:
                fr.slots.extend((s.x, s.y, 0.0, 0.0, 2.0, 0.0, 0.0, foc, *glow))
                fr.drawn.append(s)
        return fr

    def render(self, view: View, *, force: bool = False, dirty: Sequence[pygame.Rect] = (),
               over: Callable[[], None] | None = None) -> bool:
        """Draw ``view`` unless it looks exactly like the last frame; True if it drew.

        When it returns False the framebuffer still holds the last frame (the
        caller need not swap a window's buffers). ``over`` draws what lies over
        the table (the overlay), in the same frame; ``dirty``: window boxes (y
        down) where that changed: painted again even when the table did not.
        With :attr:`keeps_frame`, only the boxes that changed are painted
        (:attr:`painted` says which; None: the whole window).
        """
        lay = view.layout
        cam = self.camera_for(lay)
        fr = self.frame_data(view)
        # A new card size's atlas is drawn a step each frame (one cell while cards fly)
        # while the one drawn shows, scaled (a whole one is 50-900 ms: no frame of a move,
        # a cascade or a resize pays for it); the frame that completes it paints again.
        self.atlas.ensure(cam.pixels_per_unit(0.0, lay.rect[2]) * theme.CARD_W, moving=bool(fr.flight))
        key = (self.size, lay.rect, tuple(lay.slots), fr.key(), self.flat, self.atlas.face,
               self.atlas.back, self.felt.colour, self.contrast, self.atlas.card_px)
        if not force and not dirty and key == self._last:
            return False
        self.camera = cam
        self.drawn = fr.drawn
        ctx = self.ctx
        vp = cam.view_projection()
        common = {"u_half": (theme.CARD_W / 2, theme.CARD_H / 2), "u_radius": theme.CORNER_RADIUS,
                  "u_shadow": theme.SHADOW_ALPHA, "u_shadow_dir": theme.SHADOW_DIR, **theme.shader_look(self.contrast)}
        x0, x1, y0, y1 = lay.rect
        size = max(x1 - x0, y1 - y0)
        # (High contrast keeps the paper white to the table's corners: no lamp falls off on it.)
        falloff = 0.0 if self.contrast else 1.0 / (0.62 * size) ** 2
        card_uniforms = dict(common, u_eye=cam.eye, u_thick=theme.CARD_THICKNESS, u_atlas=0,
                             u_lamp=((x0 + x1) / 2, y0 + 0.55 * (y1 - y0), falloff),
                             **self.atlas.uniforms())
        prog_name = "flat" if self.flat else "card"
        for prog in (self.flat_prog,) if self.flat else (self.card_prog, self.flight_prog):
            uniform(prog, "u_vp").write(vp)
            _set(prog, **card_uniforms)
        for prog in (self.effect_prog, self.shadow_prog):
            uniform(prog, "u_vp").write(vp)
            _set(prog, **common)
        assert self.atlas.texture is not None
        self.atlas.texture.use(0)
        ctx.disable(moderngl.DEPTH_TEST | moderngl.CULL_FACE)
        ctx.blend_func = moderngl.ONE, moderngl.ONE_MINUS_SRC_ALPHA
        if self.flat:
            self.target.use()
            ctx.viewport = (0, 0, *self.size)
            self.target.clear(0.0, 0.0, 0.0, 1.0)
            ctx.disable(moderngl.BLEND)
            self._draw("rest", prog_name, fr.rest)
            self._draw("flight", prog_name, fr.flight, base=len(fr.rest) // _FLOATS)
            self._last = key
            self._shown, self.painted = None, None
            return True
        # The resting layer (felt, slots, glows of empty slots, cards at rest)
        # is cached in a texture: while cards fly, a frame is one blit plus
        # the flying cards and their shadows.
        table_changed = self.felt.ensure(self.size, lay, cam, self.atlas)
        rest_key = (self.size, lay.rect, self.atlas.card_px, self.atlas.face, self.atlas.back)
        rest = fr.rest.tobytes()
        # What changed on the window since the frame it holds (None: all of it).
        changes: list[pygame.Rect] | None = None
        if table_changed or rest_key != self._rest_key or self.rest_fbo is None:
            self._redraw_rest(prog_name, fr.rest, None)
        else:
            changes = []
            if rest != self._rest:
                boxes = damage.resting_boxes(cam, self._rest, rest, self.size)
                # A card landed or took off: only the part of the layer where cards
                # changed is painted again (the felt there, then every resting card,
                # clipped to it): the same pixels as a whole redraw, for a card's area.
                for box in [None] if boxes is None else boxes:
                    self._redraw_rest(prog_name, fr.rest, box)
                changes = None if boxes is None else [
                    pygame.Rect(x, self.size[1] - y - h, w, h) for x, y, w, h in boxes]
        self._rest_key, self._rest = rest_key, rest
        # Painter's order, no depth buffer: glows of empty slots on the felt,
        # the highlighted cards over their plain selves, then the shadows of
        # flying cards (on the cards at rest) and the flying cards.
        sets = tuple((name, prog_name if kind == "card" else kind, data) for (name, kind), data in
                     zip(_SETS, (fr.slots, fr.lit, fr.shadows, fr.flight)))
        shown = tuple(data.tobytes() for _, _, data in sets)
        look = (key[:3], key[4:])
        passes: list[pygame.Rect] | None = None
        if self.keeps_frame and changes is not None and self._shown is not None and self._shown[0] == look:
            changes.extend(dirty)
            for (name, _, _), old, new in zip(sets, self._shown[1], shown):
                kind = {"slots": "slot", "shadows": "shadow"}.get(name, "card")
                changes.extend(damage.changed_rects(cam, old, new, kind, self.size))
            passes = damage.merged(changes, self.size)
        self._shown = (look, shown)
        self._over = over
        self.painted = passes
        for name, _, data in sets:
            self._upload(name, data)
        ctx.viewport = (0, 0, *self.size)
        drawn = [(name, kind, len(data) // _FLOATS) for name, kind, data in sets]
        for part in [None] if passes is None else passes:
            # Only where something changed (the same pixels as a whole frame; boxes
            # that overlap are each built up afresh).
            self._paint(None if part is None else damage.gl_box(part, self.size[1]), drawn, over)
        _scissor(self.target, None)
        self.target.use()
        self._last = key
        return True

    def _paint(self, box: tuple[int, int, int, int] | None, drawn: Sequence[tuple[str, str, int]],
               over: Callable[[], None] | None) -> None:
        """One pass on the window, clipped to ``box`` (GL's pixels; None: all of it): the
        resting layer copied back, then ``drawn`` ((set, program, instances) each) and
        ``over``."""
        assert self.rest_fbo is not None and self.atlas.texture is not None  # (a frame drew them)
        ctx = self.ctx
        _scissor(self.target, box)
        self.target.use()
        ctx.copy_framebuffer(self.target, self.rest_fbo)
        ctx.enable(moderngl.BLEND)
        ctx.blend_func = moderngl.ONE, moderngl.ONE_MINUS_SRC_ALPHA
        self.atlas.texture.use(0)
        for name, kind, n in drawn:
            self._render(name, kind, n)
        if over is not None:
            over()

    def warm_up(self) -> None:
        """Take the first clipped frame's one-off cost now (call it while nothing waits).

        A software renderer builds its code for a way of drawing the first time it
        draws that way: the first clipped copy and the first clipped pass of each
        program cost 25-80 ms on llvmpipe, which a player met as a stall on the first
        card they moved. Here the last frame is painted again in one pixel, as a frame
        that changed there would paint it (a program with nothing to draw draws an
        instance outside the window), so the picture stays the same."""
        if self.flat or self.rest_fbo is None or self.atlas.texture is None or self._shown is None:
            return
        ctx = self.ctx
        rest = array("f")
        rest.frombytes(self._rest)
        box = (0, 0, 1, 1)
        self._redraw_rest("card", rest, box)
        outside = array("f", (1e4, 1e4, 0.0, 0.0, 0.0, 0.0, -10.0, 0.0, 0.0, 0.0, 0.0, 0.0))
        drawn = []
        for (name, kind), data in zip(_SETS, self._shown[1]):
            if not data:  # (the next frame uploads its own, or draws none)
                self._upload(name, outside)
            drawn.append((name, kind, len(data) // (4 * _FLOATS) or 1))
        ctx.viewport = (0, 0, *self.size)
        self._paint(box, drawn, self._over)
        _scissor(self.target, None)

    def _redraw_rest(self, prog_name: str, rest: array[float], box: tuple[int, int, int, int] | None) -> None:
        """Paint the resting layer: the felt, then the cards at rest, in ``box``
        (x, y, w, h in GL's pixels, y up) or everywhere (None)."""
        ctx = self.ctx
        if self.rest_fbo is None or self.rest_fbo.size != self.size:
            self._release_rest()
            self.rest_fbo = ctx.framebuffer(color_attachments=[ctx.texture(self.size, 4)])
        assert self.felt.fbo is not None
        # The scissor clips the felt's copy and the cards alike; it must be gone
        # before the layer is copied to the window.
        self.rest_fbo.scissor = box  # type: ignore[assignment]  # moderngl's stub omits None (no scissor)
        self.rest_fbo.use()
        ctx.copy_framebuffer(self.rest_fbo, self.felt.fbo)
        ctx.viewport = (0, 0, *self.size)
        ctx.enable(moderngl.BLEND)
        self._draw("rest", prog_name, rest)
        self.rest_fbo.scissor = None  # type: ignore[assignment]  # (as above)
        self.rest_fbo.use()

    def _release_rest(self) -> None:
        if self.rest_fbo is not None:
            self.rest_fbo.color_attachments[0].release()
            self.rest_fbo.release()
            self.rest_fbo = None

    def _draw(self, name: str, prog_name: str, data: array[float], base: int = 0) -> None:
        self._upload(name, data)
        if prog_name == "flat":
            uniform(self.flat_prog, "u_base").value = float(base)
        self._render(name, prog_name, len(data) // _FLOATS)

    def _upload(self, name: str, data: array[float]) -> None:
        if not data:
            return
        buf = self.buffers[name]
        nbytes = len(data) * 4
        if nbytes > buf.size:
            buf.orphan(max(nbytes, buf.size * 2))
        buf.write(data.tobytes())

    def _render(self, name: str, prog_name: str, n: int) -> None:
        if n:
            self.vaos[(name, prog_name)].render(moderngl.TRIANGLE_STRIP, vertices=4, instances=n)

    def read_pixels(self) -> bytes:
        """The last frame as RGB bytes, top row first (for screenshots and tests)."""
        raw = self.target.read(components=3)
        w, h = self.size
        row = w * 3
        return b"".join(raw[(h - 1 - y) * row:(h - y) * row] for y in range(h))

    def snapshot(self) -> pygame.Surface:
        """The last frame as a pygame Surface."""
        return pygame.image.frombytes(self.read_pixels(), self.size, "RGB")

    def release(self) -> None:
        self.atlas.release()
        self.felt.release()
        for vao in self.vaos.values():
            vao.release()
        for buf in self.buffers.values():
            buf.release()
        for obj in (self.corners, self.card_prog, self.flight_prog, self.flat_prog, self.effect_prog,
                    self.shadow_prog):
            obj.release()
        self._release_rest()
        if self._own_target:
            self.target.release()


def _painting_order(c: CardPlacement) -> tuple[bool, float]:
    return (c.in_flight, c.z)


def _scissor(fb: moderngl.Framebuffer, box: tuple[int, int, int, int] | None) -> None:
    """Clip what is drawn into ``fb`` to ``box`` (GL's pixels, y up), or not at all (None)."""
    fb.scissor = box  # type: ignore[assignment]  # moderngl takes None: no scissor


_NO_GLOW = (0.0, 0.0, 0.0, 0.0)
#: The per-frame instance sets, in painter's order, and their programs ("card": the
#: card program of the frame, flat or lit).
_SETS = (("slots", "effect"), ("lit", "card"), ("shadows", "effect"), ("flight", "card"))
#: The most a fan's next card in flight may stand above the one it covers (a few of
#: the table's z steps, as at rest) for the covered card to be cut to its strip.
_FAN_DZ = 0.01
def _glow(style: str, pulse: float, contrast: bool = False) -> tuple[float, float, float, float]:
    r, g, b, a = (theme.CONTRAST_STYLES if contrast else STYLES).get(style, theme.SELECTED)
    if style == "hint":
        a *= 0.5 + 0.5 * pulse if contrast else pulse  # high contrast's outline never fades below 3/4
    return (r, g, b, a)
