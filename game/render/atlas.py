"""Card faces and back, drawn by the program with pygame into one texture atlas.

Nothing is downloaded: every face is drawn at start-up (and again when the
window's card size changes a lot, so the text stays crisp at 720p and 4K)
from the bundled DejaVu Sans Bold (``assets/DejaVuSans-Bold.ttf``), whose
suit glyphs give the pips. The design is the real card's: the rank and suit
in the top-left corner (side by side, so a tight fan still shows both) and
upside down in the bottom-right, pips in the classic places for A-10, a
framed large letter and suit for J, Q, K.

Cells: card number 0..51 is its face, :data:`BACK` the back, and
``GHOST + suit`` a faint suit symbol (white on transparent) that empty
foundation slots show. The corners are square here; the shader rounds them.

    >>> import pygame
    >>> sheet = draw_atlas(64)
    >>> sheet.surface.get_size() == (sheet.cols * sheet.cell_w, sheet.rows * sheet.cell_h)
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.cards import RANK, SUIT
from game.render import theme
from game.resources import asset_path

__all__ = ["BACK", "GHOST", "CELLS", "AtlasSheet", "draw_atlas", "redraw_back", "ink", "FONT_FILE"]

FONT_FILE = "DejaVuSans-Bold.ttf"
BACK = 52
GHOST = 53  # 53..56: one per suit
CELLS = 57
GRID_COLS = 8
#: Pixels of padding around every cell, filled with the cell's edge colour, so
#: that linear filtering and mipmaps never pull in a neighbour.
PAD = 4
SUIT_GLYPHS = "\u2663\u2666\u2665\u2660"  # clubs, diamonds, hearts, spades (Microsoft order)
RANK_TEXT = ["", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]

# Pip centres in a 100 x 140 design box (x: left, centre, right columns).
_L, _C, _R = 29.0, 50.0, 71.0
_T, _B = 43.0, 97.0
_M = (_T + _B) / 2
_Q = (_B - _T) / 3
PIPS: dict[int, list[tuple[float, float]]] = {
    2: [(_C, _T), (_C, _B)],
    3: [(_C, _T), (_C, _M), (_C, _B)],
    4: [(_L, _T), (_R, _T), (_L, _B), (_R, _B)],
    5: [(_L, _T), (_R, _T), (_C, _M), (_L, _B), (_R, _B)],
    6: [(_L, _T), (_R, _T), (_L, _M), (_R, _M), (_L, _B), (_R, _B)],
    7: [(_L, _T), (_R, _T), (_C, (_T + _M) / 2), (_L, _M), (_R, _M), (_L, _B), (_R, _B)],
    8: [(_L, _T), (_R, _T), (_C, (_T + _M) / 2), (_L, _M), (_R, _M), (_C, (_M + _B) / 2),
        (_L, _B), (_R, _B)],
    9: [(_L, _T), (_R, _T), (_L, _T + _Q), (_R, _T + _Q), (_C, _M), (_L, _B - _Q), (_R, _B - _Q),
        (_L, _B), (_R, _B)],
    10: [(_L, _T), (_R, _T), (_C, _T + _Q / 2), (_L, _T + _Q), (_R, _T + _Q), (_L, _B - _Q),
         (_R, _B - _Q), (_C, _B - _Q / 2), (_L, _B), (_R, _B)],
}


def ink(suit: int, four_colour: bool = False) -> tuple[int, int, int]:
    """The printing colour of a suit: red/black, or the four-colour deck's."""
    if four_colour and suit == 0:
        return theme.CLUB_GREEN
    if four_colour and suit == 1:
        return theme.DIAMOND_BLUE
    return theme.RED_INK if suit in (1, 2) else theme.BLACK_INK


@dataclass
class AtlasSheet:
    """The drawn atlas: one surface, ``cols`` x ``rows`` cells of ``cell_w`` x ``cell_h`` pixels."""

    surface: pygame.Surface
    cell_w: int
    cell_h: int
    cols: int
    rows: int

    def cell_rect(self, cell: int) -> tuple[int, int, int, int]:
        """The card's own pixels (padding excluded) of ``cell``: x, y, w, h."""
        cx, cy = cell % self.cols, cell // self.cols
        return (cx * self.cell_w + PAD, cy * self.cell_h + PAD, self.cell_w - 2 * PAD,
                self.cell_h - 2 * PAD)


def _font(px: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        # pygame.quit() ends the font module and every Font made before it:
        # start again with fresh ones.
        pygame.font.init()
        _open_font.cache_clear()
        _glyph.cache_clear()
    return _open_font(px)


@lru_cache(maxsize=4)
def _open_font(px: int) -> pygame.font.Font:
    return pygame.font.Font(str(asset_path(FONT_FILE)), px)


@lru_cache(maxsize=512)
def _glyph(text: str, height: int, colour: tuple[int, int, int], width_scale: float = 1.0) -> pygame.Surface:
    """``text`` in ``colour`` cropped to its ink and scaled to ``height`` pixels tall."""
    big = _font(160).render(text, True, colour)
    box = big.get_bounding_rect(min_alpha=8)
    ink_surf = big.subsurface(box).copy()
    h = max(1, height)
    w = max(1, round(box.width * h / box.height * width_scale))
    return pygame.transform.smoothscale(ink_surf, (w, h))


def _blit_centre(dst: pygame.Surface, src: pygame.Surface, cx: float, cy: float) -> None:
    dst.blit(src, (round(cx - src.get_width() / 2), round(cy - src.get_height() / 2)))


def _draw_face(card: int, w: int, h: int, four_colour: bool) -> pygame.Surface:
    u = w / 100.0  # design unit: the card is 100 x 140
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill(theme.FACE_PAPER)
    rank, suit = RANK[card], SUIT[card]
    colour = ink(suit, four_colour)
    sym = SUIT_GLYPHS[suit]
    # Corner index: rank and suit side by side, big enough to read in a fan.
    corner = pygame.Surface((w, round(30 * u)), pygame.SRCALPHA)
    rank_img = _glyph(RANK_TEXT[rank], round(19 * u), colour, 0.82 if rank == 10 else 1.0)
    corner.blit(rank_img, (round(7 * u), round(6 * u)))
    suit_img = _glyph(sym, round(17 * u), colour)
    corner.blit(suit_img, (round(7 * u) + rank_img.get_width() + round(3 * u), round(7 * u)))
    surf.blit(corner, (0, 0))
    surf.blit(pygame.transform.rotate(corner, 180), (0, h - corner.get_height()))
    if rank == 1:
        big = _glyph(sym, round((52 if suit == 3 else 42) * u), colour)
        _blit_centre(surf, big, w / 2, h / 2)
    elif rank <= 10:
        pip = _glyph(sym, round(20 * u), colour)
        flipped = pygame.transform.rotate(pip, 180)
        for px, py in PIPS[rank]:
            # Pips below the middle are printed upside down, as on real cards.
            _blit_centre(surf, flipped if py > _M + 0.5 else pip, px * u, py * u)
    else:
        # The frame starts below the corner strip a fan leaves showing.
        frame = pygame.Rect(round(17 * u), round(37 * u), round(66 * u), round(67 * u))
        tint = tuple(int(255 - (255 - c) * 0.12) for c in colour)
        pygame.draw.rect(surf, tint, frame, border_radius=round(5 * u))
        pygame.draw.rect(surf, colour, frame, width=max(1, round(1.6 * u)), border_radius=round(5 * u))
        letter = _glyph(RANK_TEXT[rank], round(34 * u), colour)
        _blit_centre(surf, letter, w / 2, frame.top + 23 * u)
        big_suit = _glyph(sym, round(24 * u), colour)
        _blit_centre(surf, big_suit, w / 2, frame.bottom - 17 * u)
    return surf


def _draw_back(w: int, h: int, back: str = theme.DEFAULT_CARD_BACK) -> pygame.Surface:
    """The back design in the colours of ``back`` (a name of :data:`theme.CARD_BACKS`)."""
    panel, light, ink_col = theme.card_back(back)
    u = w / 100.0
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill(theme.FACE_PAPER)
    inner = pygame.Rect(round(6 * u), round(6 * u), w - round(12 * u), h - round(12 * u))
    pygame.draw.rect(surf, panel, inner, border_radius=round(5 * u))
    # A diagonal lattice, clipped to the inner panel.
    lattice = pygame.Surface(inner.size, pygame.SRCALPHA)
    step = max(4, round(11 * u))
    line = max(1, round(1.4 * u))
    span = inner.width + inner.height
    for k in range(-span, span, step):
        pygame.draw.line(lattice, (*light, 150), (k, 0), (k + inner.height, inner.height), line)
        pygame.draw.line(lattice, (*light, 150), (k + inner.height, 0), (k, inner.height), line)
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=round(5 * u))
    lattice.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(lattice, inner.topleft)
    pygame.draw.rect(surf, ink_col, inner.inflate(-round(7 * u), -round(7 * u)),
                     width=max(1, round(1.2 * u)), border_radius=round(4 * u))
    # Emblem: a spade in a ring.
    r = round(15 * u)
    pygame.draw.circle(surf, panel, (w // 2, h // 2), r)
    pygame.draw.circle(surf, ink_col, (w // 2, h // 2), r, max(1, round(1.4 * u)))
    _blit_centre(surf, _glyph(SUIT_GLYPHS[3], round(16 * u), ink_col), w / 2, h / 2)
    return surf


def _draw_ghost(suit: int, w: int, h: int) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill((255, 255, 255, 0))
    _blit_centre(surf, _glyph(SUIT_GLYPHS[suit], round(h * 0.34), (255, 255, 255)), w / 2, h / 2)
    return surf


def _paint_cell(sheet: pygame.Surface, cell: int, img: pygame.Surface, cw: int, ch: int) -> None:
    x, y = (cell % GRID_COLS) * cw, (cell // GRID_COLS) * ch
    if cell <= BACK:
        # Padding in the card's edge colour: filtering at a cell's border
        # then blends paper with paper, never with the next card.
        sheet.fill(img.get_at((0, 0)), pygame.Rect(x, y, cw, ch))
    sheet.blit(img, (x + PAD, y + PAD))


def draw_atlas(card_px: int, four_colour: bool = False, back: str = theme.DEFAULT_CARD_BACK) -> AtlasSheet:
    """Draw all cells for cards ``card_px`` pixels wide (the height is 1.4 times that).

    ``back`` names the card back (one of :data:`theme.CARD_BACKS`).
    """
    theme.card_back(back)  # an unknown name fails before any drawing
    # A Font dies with the pygame session that opened it (a window closed and
    # reopened): open fresh ones for each atlas; the glyph cache keeps surfaces.
    _open_font.cache_clear()
    w = max(32, int(card_px))
    h = round(w * theme.CARD_H / theme.CARD_W)
    cw, ch = w + 2 * PAD, h + 2 * PAD
    rows = (CELLS + GRID_COLS - 1) // GRID_COLS
    sheet = pygame.Surface((GRID_COLS * cw, rows * ch), pygame.SRCALPHA)
    sheet.fill((0, 0, 0, 0))
    for cell in range(CELLS):
        if cell < 52:
            img = _draw_face(cell, w, h, four_colour)
        elif cell == BACK:
            img = _draw_back(w, h, back)
        else:
            img = _draw_ghost(cell - GHOST, w, h)
        _paint_cell(sheet, cell, img, cw, ch)
    return AtlasSheet(sheet, cw, ch, GRID_COLS, rows)


def redraw_back(sheet: AtlasSheet, back: str) -> tuple[int, int, int, int]:
    """Paint the back cell of ``sheet`` anew in design ``back``; the cell's rect (padding included).

    Changing the card back then costs one cell, not the whole deck.

        >>> sheet, red = draw_atlas(64), draw_atlas(64, back="red")
        >>> rect = redraw_back(sheet, "red")
        >>> cell = lambda s: pygame.image.tobytes(s.surface.subsurface(rect), "RGBA")
        >>> cell(sheet) == cell(red)
        True
    """
    theme.card_back(back)
    _open_font.cache_clear()
    cw, ch = sheet.cell_w, sheet.cell_h
    _paint_cell(sheet.surface, BACK, _draw_back(cw - 2 * PAD, ch - 2 * PAD, back), cw, ch)
    return ((BACK % sheet.cols) * cw, (BACK // sheet.cols) * ch, cw, ch)
