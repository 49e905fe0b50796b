"""Everything drawn over the table: the control bar, the message line, panels.

Text is set with pygame's font renderer (the bundled fonts of the language,
:mod:`game.ui.fonts`) onto
one Surface the size of the window, uploaded as a texture only when
something on it changes (only the part that changed), and drawn with alpha
blending as a screen-space quad over the part that holds the bar, the
message and a panel. Buttons are rectangles in window pixels: :meth:`Overlay.hit` says
which one a click is on, before the table is asked.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass, field

import moderngl
import pygame

from game.play.panels import Button, Panel
from game.render.camera import hud_text_px
from game.render.uniforms import uniform
from game.resources import shader_path
from game.ui.document import DocGeometry, document_geometry
from game.ui.fonts import TextFont, text_font
from game.ui.geometry import ScreenGeometry
from game.ui.hud import HudGeometry, Rect, hud_geometry
from game.ui.placing import note_box
from game.ui.question import QuestionGeometry, question_geometry
from game.ui.screens import screen_geometry

__all__ = ["HIGH_CONTRAST", "Button", "Overlay", "Palette", "Panel"]

_BAR = (8, 30, 18, 215)
_TEXT = (236, 240, 232)
_MESSAGE = (255, 236, 150)
_BUTTON = (30, 72, 46, 235)
_BUTTON_OFF = (30, 50, 38, 160)
_BUTTON_TEXT = (245, 248, 240)
_BUTTON_TEXT_OFF = (150, 160, 150)
_BAR_EDGE = (120, 170, 130, 120)
_NOTICE = (60, 48, 10, 230)
#: The edge of a note drawn on the table (a red target's reason): the loses-the-win red.
_TIP_EDGE = (230, 90, 80)
_PANEL = (14, 40, 26, 255)
# A document panel: headings warm and bright, body text a little softer than
# the HUD's, the buttons and keys it names in the message colour.
_HEADING = (255, 226, 140)
_BODY = (226, 232, 222)
_KEY = (165, 222, 255)
# A designed screen: a chosen value reads dark on light, the focus is a gold ring,
# and the chart colours a game by how it ended.
_CHOSEN = (236, 240, 228, 255)
_FOCUS_RING = (250, 230, 120, 255)
_NOTE = (255, 190, 120)
_LABEL = (214, 222, 210)
_OUTCOME = {"won": (96, 200, 112, 255), "lost": (222, 86, 74, 255), "given up": (236, 172, 64, 255),
            "rate": (165, 222, 255, 255), "played": (222, 86, 74, 255),
            # The daily challenges' month: done on the day, done later only, tried.
            "done": (96, 200, 112, 255), "late": (178, 226, 150, 255), "tried": (236, 172, 64, 255)}


def _on_panel(colour: tuple[int, ...], panel: tuple[int, ...]) -> tuple[int, int, int, int]:
    """``colour`` as it looks over ``panel``, opaque. Drawing replaces the texture's texels
    (no blending there), so a translucent button colour drawn as it is would let the table
    show through the button, a card's face inside "Give up": blend it with the panel here.

    >>> _on_panel((30, 72, 46, 235), (14, 40, 26, 255))
    (29, 69, 44, 255)
    """
    k = colour[3] / 255
    r, g, b = (round(c * k + p * (1 - k)) for c, p in zip(colour[:3], panel[:3]))
    return (r, g, b, 255)


@dataclass(frozen=True)
class Palette:
    """The HUD's colours (RGBA) for one felt: the bar, buttons and panels take its hue."""

    bar: tuple[int, int, int, int] = _BAR
    button: tuple[int, int, int, int] = _BUTTON
    button_off: tuple[int, int, int, int] = _BUTTON_OFF
    button_focus: tuple[int, int, int, int] = (70, 130, 90, 255)
    panel: tuple[int, int, int, int] = _PANEL
    edge: tuple[int, int, int, int] = (120, 170, 130, 255)
    # The inks, and what holds a message (the same for every felt; high contrast has its own).
    text: tuple[int, int, int] = _TEXT
    message: tuple[int, int, int] = _MESSAGE
    notice: tuple[int, int, int, int] = _NOTICE
    button_text: tuple[int, int, int] = _BUTTON_TEXT
    button_text_off: tuple[int, int, int] = _BUTTON_TEXT_OFF
    bar_edge: tuple[int, int, int, int] = _BAR_EDGE
    heading: tuple[int, int, int] = _HEADING
    body: tuple[int, int, int] = _BODY
    key: tuple[int, int, int] = _KEY
    label: tuple[int, int, int] = _LABEL
    note: tuple[int, int, int] = _NOTE
    chosen: tuple[int, int, int, int] = _CHOSEN
    focus_ring: tuple[int, int, int, int] = _FOCUS_RING

    @classmethod
    def for_table(cls, name: str, high_contrast: bool = False) -> Palette:
        """The palette for a table colour of :data:`game.render.theme.TABLE_COLOURS`
        (``high_contrast``: :data:`HIGH_CONTRAST`, whatever the colour).

        >>> Palette.for_table("green") == Palette()
        True
        >>> Palette.for_table("blue").bar[2] > Palette.for_table("blue").bar[1]
        True
        """
        from game.render import theme

        theme.table_colour(name)
        if high_contrast:
            return HIGH_CONTRAST
        if name == theme.DEFAULT_TABLE_COLOUR:
            return cls()
        felt, dark = theme.table_colour(name)

        def mix(a: float, b: float, k: float, alpha: int) -> tuple[int, int, int, int]:
            r, g, bl = (min(255, int((a_c * a + d_c * b) * 255 * k)) for a_c, d_c in zip(felt, dark))
            return (r, g, bl, alpha)

        return cls(bar=mix(0.0, 1.0, 0.75, 215), button=mix(0.55, 0.45, 1.15, 235),
                   button_off=mix(0.2, 0.8, 1.0, 160), button_focus=mix(1.0, 0.0, 1.45, 255),
                   panel=mix(0.25, 0.75, 1.0, 255), edge=mix(1.0, 0.0, 2.2, 255))


@dataclass
class _Layout:
    rects: list[tuple[pygame.Rect, str]] = field(default_factory=list)


#: High contrast: opaque black behind every word (the bar, panels, notes), white and yellow
#: text (each at least 7:1 against its background, WCAG AAA: tests/test_contrast.py measures
#: the rendered pixels), white edges, buttons a dark grey apart from the panel, a yellow ring.
HIGH_CONTRAST = Palette(bar=(0, 0, 0, 255), button=(40, 40, 40, 255), button_off=(20, 20, 20, 255),
                        button_focus=(64, 64, 64, 255), panel=(0, 0, 0, 255), edge=(255, 255, 255, 255),
                        text=(255, 255, 255), message=(255, 240, 0), notice=(0, 0, 0, 255),
                        button_text=(255, 255, 255), button_text_off=(175, 175, 175), bar_edge=(255, 255, 255, 255),
                        heading=(255, 240, 0), body=(255, 255, 255), key=(120, 225, 255), label=(235, 235, 235),
                        note=(255, 200, 130), chosen=(255, 255, 255, 255), focus_ring=(255, 240, 0, 255))


class Overlay:
    """The control bar along the bottom edge, a message line above it, and a panel."""

    def __init__(self, ctx: moderngl.Context, size: tuple[int, int]) -> None:
        self.ctx = ctx
        self.size = size
        self.prog = ctx.program(vertex_shader=shader_path("overlay.vert").read_text(),
                                fragment_shader=shader_path("overlay.frag").read_text())
        corners = array("f", [0, 0, 1, 0, 0, 1, 1, 1])
        self.vbo = ctx.buffer(corners.tobytes())
        self.vao = ctx.vertex_array(self.prog, [(self.vbo, "2f", "in_corner")])
        self.texture: moderngl.Texture | None = None
        self._key: tuple[object, ...] | None = None  # what the texture shows (compared only)
        #: The left-handed control bar: buttons and status line mirrored (:func:`hud_geometry`).
        self.mirror = False
        self._hits = _Layout()
        self._blocking: list[pygame.Rect] = []
        #: The part of the texture that holds the HUD and panel (what the next upload must clear).
        self._drawn: pygame.Rect | None = None
        #: Where the last :meth:`update` that changed anything changed the look (window pixels, y down).
        self.changed = pygame.Rect(0, 0, *size)
        self._surface: pygame.Surface | None = None
        #: Where the last :meth:`update` put the status row and the buttons.
        self.geometry: HudGeometry | None = None
        #: Where the last :meth:`update` put a document panel (How to play), if one is up.
        self.document: DocGeometry | None = None
        #: Where the last :meth:`update` put a designed screen (menu, settings, statistics), if one is up.
        self.screen: ScreenGeometry | None = None
        #: Where the last :meth:`update` put a plain panel (a question, a result), if one is up.
        self.question: QuestionGeometry | None = None
        self.palette = Palette()
        #: A scrolling screen moved by the wheel: pixels down (None: it follows the focus), and its panel.
        self.scroll: int | None = None
        self._scrolled: Panel | None = None

    def set_table_colour(self, name: str, high_contrast: bool = False) -> None:
        """Tint the bar, buttons and panels to the felt (a name of ``theme.TABLE_COLOURS``), or
        draw them in :data:`HIGH_CONTRAST`."""
        palette = Palette.for_table(name, high_contrast)
        if palette != self.palette:
            self.palette = palette
            self._key = None

    def set_mirror(self, on: bool) -> None:
        """Mirror the control bar (the left-handed table); the next update redraws it."""
        if on != self.mirror:
            self.mirror = on
            self._key = None

    def _font(self, px: int) -> TextFont:
        # The language's font, or per text one that has its glyphs (game.ui.fonts).
        return text_font(px)

    def scroll_by(self, pixels: int) -> None:
        """Scroll the screen shown (if it scrolls) ``pixels`` down (up when negative), on to the
        next place a row starts at the view's top (:attr:`ScreenGeometry.stops`), so the view
        moves that far and never stops between rows; but never past a thing that would then
        show whole at no stop on the way (:attr:`ScreenGeometry.windows`: 200% Chinese
        fullscreen, the wheel went from above Settings' 语言 to below it). The next update
        draws it."""
        screen = self.screen
        if screen is None or not (screen.above or screen.below):
            return
        at, stops = screen.offset, screen.stops
        want = at + pixels
        if stops and pixels > 0:
            want = min((s for s in stops if s >= want), default=stops[-1])
            for first, last in screen.windows:
                # Not in view yet, and gone by then: stop where it shows.
                if at < first and last < want:
                    want = min(want, next((s for s in stops if first <= s <= last), want))
        elif stops and pixels < 0:
            want = max((s for s in stops if s <= want), default=0)
            for first, last in screen.windows:
                if last < at and want < first:
                    want = max(want, next((s for s in reversed(stops) if first <= s <= last), want))
        self.scroll = max(0, want)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self._key = None

    def hit(self, pos: tuple[int, int], reach: int = 0) -> str | None:
        """The action of the enabled button under window pixel ``pos``, if any; with ``reach``
        (a finger's), else the nearest button within that many pixels of it."""
        for rect, action in self._hits.rects:
            if rect.collidepoint(pos):
                return action
        near = [(max(rect.left - pos[0], pos[0] - rect.right, 0) ** 2
                 + max(rect.top - pos[1], pos[1] - rect.bottom, 0) ** 2, action)
                for rect, action in self._hits.rects if rect.inflate(2 * reach, 2 * reach).collidepoint(pos)]
        return min(near)[1] if near else None

    def covers(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is on the bar or a panel (clicks there never reach the table)."""
        return any(r.collidepoint(pos) for r in self._blocking)

    def update(self, status: str, message: str = "", buttons: tuple[Button, ...] = (),
               panel: Panel | None = None, tip: tuple[str, Sequence[float]] | None = None,
               clear: Sequence[Rect] = (), table: Sequence[Rect] = ()) -> bool:
        """Set what is shown; True when it changed (the frame must be redrawn).

        The status row and the buttons go where :func:`game.ui.hud.hud_geometry`
        puts them (:attr:`geometry` keeps the last result). ``tip``: a note and the
        screen box of the place it is about (a red target's reason), drawn just above
        it (:func:`game.ui.placing.note_box`). ``clear``: the screen boxes of the
        table's marked cards, which a panel about them leaves in view; ``table``: each
        pile's, which it covers as little as it can.
        """
        behind = (tuple(clear), tuple(table)) if panel is not None else ()
        if panel != self._scrolled:  # another screen, or the focus moved: the view follows the focus
            self.scroll, self._scrolled = None, panel
        key = (status, message, buttons, panel, self.size, behind, self.scroll, tip)
        if key == self._key:
            return False
        last, self._key = self._key, key
        w, h = self.size
        geo = hud_geometry(self.size, status, message, buttons, mirror=self.mirror)
        if last is not None and last[1:] == key[1:] and self._status_only(geo):
            return True
        self.geometry = geo
        px = geo.px
        # One surface, kept: only what the last update drew is cleared (a new
        # window-sized surface on each change of the status line cost milliseconds).
        surf = self._surface
        if surf is None or surf.get_size() != (w, h):
            surf = self._surface = pygame.Surface((w, h), pygame.SRCALPHA)
        elif self._drawn is not None:
            surf.fill((0, 0, 0, 0), self._drawn)
        hits = _Layout()
        bar = pygame.Rect(geo.band)
        pal = self.palette
        surf.fill(pal.bar, bar)
        pygame.draw.line(surf, self.palette.bar_edge, bar.topleft, (bar.right, bar.top))
        self._blocking = [bar]
        font = self._font(px)
        if geo.status is not None:
            text = self._font(geo.status_px).render(geo.status_text, True, pal.text)
            surf.blit(text, geo.status[:2], pygame.Rect(0, 0, geo.status[2], geo.status[3]))
        if geo.notice is not None:
            box = pygame.Rect(geo.notice)
            pygame.draw.rect(surf, pal.notice, box, border_radius=max(2, px // 4))
            rendered = [font.render(line, True, pal.message) for line in geo.notice_text.split("\n")]
            step = max(m.get_height() for m in rendered)
            y = box.centery - step * len(rendered) // 2
            for msg in rendered:  # each line centred; two when one would cut the notice
                surf.blit(msg, (box.centerx - msg.get_width() // 2, y), pygame.Rect(0, 0, box.w, step))
                y += step
        bfont = self._font(geo.button_px)
        for b in geo.buttons:
            rect = pygame.Rect(b.rect)
            colour = pal.button_focus if b.focus and b.enabled else pal.button if b.enabled else pal.button_off
            pygame.draw.rect(surf, colour, rect, border_radius=max(2, geo.button_px // 3))
            if b.focus:  # the keyboard's ring, as on a panel's button (on a greyed one too: it is there)
                pygame.draw.rect(surf, pal.focus_ring, rect, width=2, border_radius=max(2, geo.button_px // 3))
            label = bfont.render(b.label, True, pal.button_text if b.enabled else pal.button_text_off)
            surf.blit(label, (rect.centerx - label.get_width() // 2, rect.centery - label.get_height() // 2),
                      pygame.Rect(0, 0, rect.w, rect.h))
            if b.enabled:
                hits.rects.append((rect, b.action))
        tip_box = self._tip(surf, tip, geo.px) if tip is not None and panel is None else None
        self.document = None
        self.screen = None
        self.question = None
        if panel is not None and panel.blocks:
            self._document(surf, panel, hits)
        elif panel is not None and panel.designed:
            self._screen(surf, panel, hits)
        elif panel is not None:
            self._panel(surf, panel, px, hits, (clear, table, geo.band[1]))
        self._hits = hits
        # Only what holds the HUD or a panel, now or in the last upload, is sent
        # to the texture: a status change re-sends the band along the bottom,
        # not the whole window (a full upload is tens of ms on a software renderer).
        drawn = pygame.Rect(bar).unionall([*self._blocking, *(pygame.Rect(r) for r in geo.rects()),
                                           *([tip_box] if tip_box is not None else [])])
        if self.texture is None or self.texture.size != (w, h):
            if self.texture is not None:
                self.texture.release()
            self.texture = self.ctx.texture((w, h), 4, pygame.image.tobytes(surf, "RGBA", False))
            self.texture.filter = (moderngl.NEAREST, moderngl.NEAREST)
            self.changed = pygame.Rect(0, 0, w, h)
        else:
            dirty = drawn.union(self._drawn) if self._drawn is not None else pygame.Rect(0, 0, w, h)
            dirty = self.changed = dirty.clip(pygame.Rect(0, 0, w, h))
            if dirty.w and dirty.h:
                part = pygame.image.tobytes(surf.subsurface(dirty), "RGBA", False)
                self.texture.write(part, viewport=(dirty.x, dirty.y, dirty.w, dirty.h))
        self._drawn = drawn
        return True

    def _status_only(self, geo: HudGeometry) -> bool:
        """Show a new status line when nothing else changed (a move played, a card of the
        cascade home): only its row is drawn again, sent to the texture, and reported as
        :attr:`changed`, not the whole bar (at a large text size the bar is twice as tall,
        and a cascade changes the status line with each card). False when it cannot be
        (a panel or a note is up, or the bar's pieces moved): update draws everything."""
        old, surf = self.geometry, self._surface
        shown = self._key  # (the new key: its panel and tip are the last update's)
        if (old is None or surf is None or self.texture is None or self._drawn is None or shown is None
                or shown[3] is not None or shown[7] is not None
                or (old.band, old.notice, old.buttons, old.px) != (geo.band, geo.notice, geo.buttons, geo.px)):
            return False
        boxes = [pygame.Rect(r) for r in (old.status, geo.status) if r is not None]
        if not boxes:
            return False
        row = boxes[0].unionall(boxes[1:]).clip(pygame.Rect(geo.band))
        self.geometry = geo
        if row.w and row.h:
            surf.set_clip(row)
            surf.fill(self.palette.bar, row)
            bar = pygame.Rect(geo.band)
            pygame.draw.line(surf, self.palette.bar_edge, bar.topleft, (bar.right, bar.top))
            if geo.status is not None:
                text = self._font(geo.status_px).render(geo.status_text, True, self.palette.text)
                surf.blit(text, geo.status[:2], pygame.Rect(0, 0, geo.status[2], geo.status[3]))
            surf.set_clip(None)
            part = pygame.image.tobytes(surf.subsurface(row), "RGBA", False)
            self.texture.write(part, viewport=(row.x, row.y, row.w, row.h))
        self.changed = row
        return True

    def _tip(self, surf: pygame.Surface, tip: tuple[str, Sequence[float]], px: int) -> pygame.Rect:
        """The note by its place, inside the window by a margin (it takes no clicks)."""
        text, place = tip
        pal = self.palette
        label = self._font(px).render(text, True, pal.message)
        pad = max(3, px // 3)
        box = pygame.Rect(note_box(surf.get_size(), label.get_size(), place, px))
        pygame.draw.rect(surf, pal.notice, box, border_radius=max(2, px // 4))
        pygame.draw.rect(surf, _TIP_EDGE, box, width=1, border_radius=max(2, px // 4))
        surf.blit(label, (box.x + pad, box.y + pad // 2))
        return box

    def _panel(self, surf: pygame.Surface, panel: Panel, px: int, hits: _Layout,
               aside: tuple[Sequence[Rect], Sequence[Rect], int]) -> None:
        """A plain panel (a question, a result): its lines wrapped, as :func:`question_geometry` lays them
        (``aside``: the marked cards' boxes a panel about them keeps clear of, the piles' it covers
        as little as it can, and the control bar's top)."""
        clear, table, floor = aside
        geo = self.question = question_geometry(surf.get_size(), panel, clear=clear, floor=floor, table=table)
        pal = self.palette
        box = pygame.Rect(geo.box)
        pygame.draw.rect(surf, pal.panel, box, border_radius=px)
        pygame.draw.rect(surf, pal.edge, box, width=2, border_radius=px)
        self._blocking.append(box)
        for t in geo.texts:
            surf.blit(self._font(t.px).render(t.text, True, pal.text), (t.x, t.y))
        for b in geo.buttons:
            rect = pygame.Rect(b.rect)
            focused = b.index == panel.focus
            colour = _on_panel(pal.button_focus if focused else pal.button, pal.panel)
            pygame.draw.rect(surf, colour, rect, border_radius=px // 3)
            if focused:
                pygame.draw.rect(surf, pal.focus_ring, rect, width=2, border_radius=px // 3)
            label = self._font(geo.px).render(b.label, True, pal.button_text)
            surf.blit(label, (rect.centerx - label.get_width() // 2, rect.centery - label.get_height() // 2))
            hits.rects.append((rect, b.action))

    def _document(self, surf: pygame.Surface, panel: Panel, hits: _Layout) -> None:
        """A document panel (How to play): headings large, paragraphs wrapped, lists with bullets."""
        geo = self.document = document_geometry(surf.get_size(), panel.title, panel.blocks, panel.buttons)
        pal = self.palette
        box = pygame.Rect(geo.box)
        radius = max(4, geo.body_px * 2 // 3)
        pygame.draw.rect(surf, pal.panel, box, border_radius=radius)
        pygame.draw.rect(surf, pal.edge, box, width=2, border_radius=radius)
        self._blocking.append(box)
        surf.blit(self._font(geo.title_px).render(geo.title, True, pal.text), geo.title_at)
        for line in geo.lines:
            font = self._font(line.px)
            x = line.x
            if line.role == "bullet":
                r = max(2, line.px // 6)
                pygame.draw.circle(surf, pal.message, (line.bullet_x + r, line.y + line.height // 2), r)
            for kind, text in line.runs:
                if kind == "gap":
                    x += font.size(text)[0]
                    continue
                ink = pal.heading if line.role == "heading" else pal.key if kind != "text" else pal.body
                img = font.render(text, True, ink)
                surf.blit(img, (x, line.y))
                x += img.get_width()
        for i, b in enumerate(geo.buttons):
            rect = pygame.Rect(b.rect)
            colour = pal.button_focus if i == panel.focus and b.enabled else pal.button if b.enabled else pal.button_off
            colour = _on_panel(colour, pal.panel)
            pygame.draw.rect(surf, colour, rect, border_radius=max(2, rect.h // 5))
            if i == panel.focus and b.enabled:
                pygame.draw.rect(surf, pal.focus_ring, rect, width=2, border_radius=max(2, rect.h // 5))
            font = self._font(hud_text_px(*surf.get_size()))
            label = font.render(b.label, True, pal.button_text if b.enabled else pal.button_text_off)
            surf.blit(label, (rect.centerx - label.get_width() // 2, rect.centery - label.get_height() // 2))
            if b.enabled:  # a greyed-out page turn (the first or last page) takes no click
                hits.rects.append((rect, b.action))

    def _screen(self, surf: pygame.Surface, panel: Panel, hits: _Layout) -> None:
        """A designed screen: sections of rows, a table, a chart, as :func:`screen_geometry` lays them."""
        geo = self.screen = screen_geometry(surf.get_size(), panel, scroll=self.scroll)
        if self.scroll is not None:
            self.scroll = geo.offset  # kept within the screen's ends
        pal = self.palette
        px = geo.px
        box = pygame.Rect(geo.box)
        radius = max(4, px * 2 // 3)
        # A soft shadow down and to the right, as the lamp over the table casts the cards'.
        for k, alpha in ((3, 40), (2, 60), (1, 80)):
            off = max(1, px // 6) * k
            pygame.draw.rect(surf, (0, 0, 0, alpha), box.move(off // 2, off), border_radius=radius + k)
        pygame.draw.rect(surf, pal.panel, box, border_radius=radius)
        pygame.draw.rect(surf, pal.edge, box, width=2, border_radius=radius)
        self._blocking.append(box.union(box.move(max(1, px // 6) * 3 // 2, max(1, px // 6) * 3)))
        surf.blit(self._font(geo.title_px).render(geo.title, True, pal.text), geo.title_at)
        lighter = tuple(min(255, c + 14) for c in pal.panel[:3]) + (255,)
        darker = tuple(max(0, c - 12) for c in pal.panel[:3]) + (255,)
        for r in geo.stripes:
            pygame.draw.rect(surf, lighter, r)
        for r in geo.rules:
            pygame.draw.rect(surf, pal.edge, r)
        for r in geo.fields:
            pygame.draw.rect(surf, (246, 246, 238, 255), r, border_radius=max(2, px // 4))
            pygame.draw.rect(surf, pal.focus_ring, r, width=2, border_radius=max(2, px // 4))
        if geo.chart is not None:
            c = geo.chart
            plot = pygame.Rect(c.plot)
            pygame.draw.rect(surf, darker, plot.inflate(px // 2, px // 2), border_radius=max(2, px // 4))
            for frac in (0.0, 0.5, 1.0):
                gy = plot.y + round((1 - frac) * (plot.h - 1))
                pygame.draw.line(surf, (*pal.edge[:3], 255) if frac == 0 else lighter, (plot.x, gy), (plot.right, gy))
            for bar, kind in c.bars:
                pygame.draw.rect(surf, _OUTCOME.get(kind, _OUTCOME["lost"]), bar)
            if len(c.rate) > 1:
                pygame.draw.lines(surf, _OUTCOME["rate"], False, c.rate, max(2, px // 7))
            for x, y in c.rate:
                pygame.draw.circle(surf, _OUTCOME["rate"], (x, y), max(2, px // 6))
            for swatch, kind in c.swatches:
                pygame.draw.rect(surf, _OUTCOME[kind], swatch)
        for day, state, today in geo.days:
            fill = _OUTCOME[state] if state else lighter
            pygame.draw.rect(surf, fill, day, border_radius=max(2, px // 4))
            if today:
                pygame.draw.rect(surf, pal.focus_ring, pygame.Rect(day).inflate(2, 2), width=2,
                                 border_radius=max(2, px // 4))
        for swatch, state in geo.day_swatches:
            pygame.draw.rect(surf, _OUTCOME[state], swatch)
        colours = {"heading": pal.heading, "label": pal.label, "value": pal.body, "field": (20, 24, 20),
                   "note": pal.note, "detail": pal.body, "header": pal.heading, "cell": pal.text, "name": pal.text,
                   "axis": pal.label, "legend": pal.label, "empty": pal.label, "day-won": (16, 40, 20),
                   "day-played": (250, 244, 236), "day-none": pal.label,
                   "day-done": (16, 40, 20), "day-late": (16, 40, 20), "day-tried": (30, 24, 10)}
        for t in geo.texts:
            surf.blit(self._font(t.px).render(t.text, True, colours.get(t.role, pal.text)), (t.x, t.y))
        # A screen that scrolls (large text): arrows at the box's right edge say more lies above or below.
        side = max(6, px // 2)
        x = box.right - 2 * side
        if geo.above:
            y = geo.title_at[1] + side
            pygame.draw.polygon(surf, pal.heading, [(x - side, y + side), (x + side, y + side), (x, y - side // 2)])
        if geo.below:
            y = box.bottom - 2 * side
            pygame.draw.polygon(surf, pal.heading, [(x - side, y - side), (x + side, y - side), (x, y + side // 2)])
        for b in geo.buttons:
            rect = pygame.Rect(b.rect)
            radius = max(2, rect.h // 4)
            if b.selected:
                fill, ink = pal.chosen, pal.panel[:3]
            elif not b.enabled:
                fill, ink = pal.button_off, pal.button_text_off
            else:
                fill, ink = pal.button, pal.button_text
            pygame.draw.rect(surf, _on_panel(fill, pal.panel), rect, border_radius=radius)
            if b.index == panel.focus:
                pygame.draw.rect(surf, pal.focus_ring, rect.inflate(4, 4), width=3, border_radius=radius + 2)
            font = self._font(px)
            lines = [font.render(text, True, ink) for text in b.lines]
            ty = rect.centery - sum(img.get_height() for img in lines) // 2
            for img in lines:  # a label too long for its column wraps, each line centred
                surf.blit(img, (rect.centerx - img.get_width() // 2, ty))
                ty += img.get_height()
            if b.enabled:
                hits.rects.append((rect, b.action))

    def draw(self) -> None:
        """Blend the overlay over the frame: only the part that holds the bar, the
        message and a panel (the rest of the texture is clear). A quad the size of
        the window cost as much as the rest of a cascade's frame on a software renderer."""
        if self.texture is None or self._drawn is None:
            return
        w, h = self.size
        part = self._drawn.clip(pygame.Rect(0, 0, w, h))
        if not part.w or not part.h:
            return
        self.ctx.enable(moderngl.BLEND)
        self.ctx.blend_func = moderngl.SRC_ALPHA, moderngl.ONE_MINUS_SRC_ALPHA
        self.texture.use(0)
        uniform(self.prog, "u_tex").value = 0
        uniform(self.prog, "u_rect").value = (float(part.x), float(part.y), float(part.w), float(part.h))
        uniform(self.prog, "u_uv").value = (part.x / w, part.y / h, part.w / w, part.h / h)
        uniform(self.prog, "u_screen").value = (float(w), float(h))
        self.vao.render(moderngl.TRIANGLE_STRIP)

    def release(self) -> None:
        if self.texture is not None:
            self.texture.release()
        self.vao.release()
        self.vbo.release()
        self.prog.release()
