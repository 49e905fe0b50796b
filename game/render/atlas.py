"""Card faces and back, drawn with pygame into one texture atlas.

Nothing is downloaded: every face is drawn at start-up (and again when the
window's card size changes a lot, so faces stay crisp at 720p and 4K). A
face is the paper, the corner index drawn by the program from the bundled
DejaVu Sans Bold (``assets/DejaVuSans-Bold.ttf``): rank and suit side by
side, tall enough to read in a fanned column, top-left and upside down
bottom-right; and the art: Adrian Kennard's pips and two-headed court
figures (CC0), vendored as one SVG per card under ``assets/cards/`` by
``tools/vendor_cards.py`` and rasterised for the card's pixel size. Pips
stay between the two indices; a court picture is as large as on a real
deck and reaches under them, each index sitting on a notch of paper cut out
of its corner. The art's suit symbols are printed in the deck's inks (so the
four-colour deck recolours them); the court figures keep their traditional
red, blue, yellow and black. A card whose art file is missing or unreadable
gets the program's own plain pips or framed letter instead.

Cells: card number 0..51 is its face, :data:`BACK` the back, and
``GHOST + suit`` a faint suit symbol (white on transparent) that empty
foundation slots show. The corners are square here; the shader rounds them.

    >>> import pygame
    >>> sheet = draw_atlas(64)
    >>> sheet.surface.get_size() == (sheet.cols * sheet.cell_w, sheet.rows * sheet.cell_h)
    True
"""

from __future__ import annotations

import io
import re
import time
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.cards import RANK, SUIT
from game.render import theme
from game.resources import asset_path

__all__ = ["ART_TOP", "BACK", "CELLS", "COURT_TOP", "FONT_FILE", "GHOST", "AtlasBuild", "AtlasSheet", "FacePrint",
           "art_aspect", "card_file", "draw_atlas", "ink", "redraw_back"]

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

# The program's own pips, for a card without its art file: centres in the
# 100 x 140 design box (x: left, centre, right columns).
_L, _C, _R = 31.0, 50.0, 69.0
_T, _B = 44.0, 96.0
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

    def padded_rect(self, cell: int) -> tuple[int, int, int, int]:
        """All the pixels of ``cell``, its padding included: x, y, w, h (what a texture upload of it writes)."""
        return ((cell % self.cols) * self.cell_w, (cell // self.cols) * self.cell_h, self.cell_w, self.cell_h)


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


#: The art of a face (pips, court picture) fills the height between this many
#: design units from the top and as many from the bottom (the card is 100 x
#: 140), centred: just below the top-left index (theme.INDEX_TOP +
#: theme.INDEX_RANK) and above the upside-down one.
ART_TOP = 31.0
#: A court picture is larger, as on a real deck: from this many units below
#: the top to as many above the bottom, centred (its frame's aspect sets the
#: width). The corner indices sit on paper notches cut out of its corners:
#: COURT_NOTCH_PAD units of paper beyond their ink, rounded by
#: COURT_NOTCH_RADIUS, edged in the frame's own line (the vendored art's
#: ``#44F``, its 1-unit stroke in a picture 261.8 units tall drawn 112 of
#: the card's units tall: COURT_FRAME_WIDTH units wide).
COURT_TOP = 14.0
COURT_NOTCH_PAD = 3.0
COURT_NOTCH_RADIUS = 4.0
COURT_FRAME_LINE = (68, 68, 255)
COURT_FRAME_WIDTH = 0.43
_VIEWBOX = re.compile(rb'<svg [^>]*viewBox="([-0-9. ]+)"')
#: A suit symbol of the vendored art: ``<g class="suit" fill="...">``.
_SUIT_FILL = re.compile(rb'class="suit" fill="[^"]*"')


def card_file(card: int) -> str:
    """The art file of card ``card`` under ``assets/cards/``: ``"TD.svg"``.

    >>> card_file(0), card_file(51)
    ('AC.svg', 'KS.svg')
    """
    return f"{' A23456789TJQK'[RANK[card]]}{'CDHS'[SUIT[card]]}.svg"


def art_aspect(data: bytes) -> float | None:
    """Width / height of an art file's viewBox; None unless it is an SVG of sane proportions.

    >>> art_aspect(b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-88 -136 176 272"></svg>')
    0.6470588235294118
    >>> art_aspect(b'<svg viewBox="0 0 1 1e9"></svg>') is None, art_aspect(b"GIF89a") is None
    (True, True)
    """
    head = data[:300].lstrip()
    m = _VIEWBOX.match(head)
    if m is None or not data.rstrip().endswith(b"</svg>"):
        return None
    try:
        _x, _y, w, h = (float(v) for v in m.group(1).split())
    except ValueError:
        return None
    return w / h if w > 0 and h > 0 and 0.2 <= w / h <= 2.0 else None


@lru_cache(maxsize=1)
def _art_files() -> tuple[tuple[bytes, float] | None, ...]:
    """The 52 art files: bytes and aspect (``None`` where one is missing or not an SVG: the program draws that card)."""
    out: list[tuple[bytes, float] | None] = []
    for card in range(52):
        try:
            data = asset_path(f"cards/{card_file(card)}").read_bytes()
        except OSError:
            out.append(None)
            continue
        # Shipped with the game, yet read from disk: only the shape it was written in.
        aspect = art_aspect(data)
        out.append(None if aspect is None else (data, aspect))
    return tuple(out)


def _hex(colour: tuple[int, int, int]) -> bytes:
    return "#{:02x}{:02x}{:02x}".format(*colour).encode()


@lru_cache(maxsize=4 * 52)
def _draw_art(card: int, h: int, colour: tuple[int, int, int]) -> pygame.Surface | None:
    """The vendored art of ``card``, its suit symbols in ``colour``, ``h`` pixels tall; None if it has none.

    Cached (callers only blit it): switching the four-colour deck back, or a
    window returning to a size it had, costs no rasterising.
    """
    art = _art_files()[card]
    if art is None:
        return None
    data, aspect = art
    data = _SUIT_FILL.sub(b'class="suit" fill="' + _hex(colour) + b'"', data)
    try:
        return pygame.image.load_sized_svg(io.BytesIO(data), (max(1, round(h * aspect)), h))
    except (pygame.error, ValueError):
        return None


@dataclass(frozen=True)
class FacePrint:
    """How a deck is printed: the four-colour inks, large print (bigger index and pips), the paper.

    >>> FacePrint().index == (theme.INDEX_RANK, theme.INDEX_SUIT, theme.INDEX_MARGIN, theme.INDEX_TOP)
    True
    """

    four_colour: bool = False
    large: bool = False
    paper: tuple[int, int, int] = theme.FACE_PAPER

    @property
    def index(self) -> tuple[float, float, float, float]:
        """The corner index's rank and suit heights, left margin and top (design units)."""
        if self.large:
            return (theme.LARGE_INDEX_RANK, theme.LARGE_INDEX_SUIT, theme.LARGE_INDEX_MARGIN, theme.LARGE_INDEX_TOP)
        return (theme.INDEX_RANK, theme.INDEX_SUIT, theme.INDEX_MARGIN, theme.INDEX_TOP)


def _draw_index(surf: pygame.Surface, rank: int, suit: int, colour: tuple[int, int, int],
                frame: pygame.Rect | None = None, face: FacePrint = FacePrint()) -> None:
    """Rank and suit side by side in the top-left corner, and upside down in the bottom-right.

    Side by side, so the strip that a fanned column leaves showing holds both.
    ``frame``: the court picture's frame (card pixels, centred) that reaches
    under the corners; each index then sits on a patch of paper cut out of
    the picture, its edge drawn in the frame's line, as if the frame had a
    notch for it.
    """
    w, h = surf.get_size()
    u = w / 100.0
    rank_h, suit_h, margin, top_u = face.index
    corner = pygame.Surface((w, round(max(ART_TOP, top_u + rank_h + 1) * u)), pygame.SRCALPHA)
    left, top = margin * u, top_u * u
    rank_img = _glyph(RANK_TEXT[rank], round(rank_h * u), colour, 0.8 if rank == 10 else 1.0)
    suit_img = _glyph(SUIT_GLYPHS[suit], round(suit_h * u), colour)
    suit_x = round(left + rank_img.get_width() + 2.5 * u)
    if frame is not None:
        _draw_notch(corner, frame, suit_x + suit_img.get_width(), round(top) + rank_img.get_height(), u, face.paper)
    corner.blit(rank_img, (round(left), round(top)))
    suit_y = top + (rank_h - suit_h) / 2 * u
    corner.blit(suit_img, (suit_x, round(suit_y)))
    surf.blit(corner, (0, 0))
    surf.blit(pygame.transform.rotate(corner, 180), (0, h - corner.get_height()))


def _draw_notch(corner: pygame.Surface, frame: pygame.Rect, right: int, bottom: int, u: float,
                paper: tuple[int, int, int] = theme.FACE_PAPER) -> None:
    """Paper over the picture's corner up to ``right`` x ``bottom`` (the index's ink), edged where it cuts the frame.

    The frame is centred, so the same notch, turned, fits the bottom-right corner.
    """
    pad, radius = COURT_NOTCH_PAD * u, round(COURT_NOTCH_RADIUS * u)
    # Starts off the card, so that only its rounded bottom-right corner shows.
    patch = pygame.Rect(-radius, -radius, round(right + pad) + radius, round(bottom + pad) + radius)
    corner.fill((0, 0, 0, 0))
    pygame.draw.rect(corner, paper, patch, border_radius=radius)
    corner.set_clip(frame)
    # The frame's own line is often thinner than a pixel, drawn faint by
    # anti-aliasing: a line of whole pixels matches it mixed that much with paper.
    line = COURT_FRAME_WIDTH * u
    width = max(1, round(line))
    strength = min(1.0, line / width)
    colour = tuple(round(p + (c - p) * strength) for p, c in zip(paper, COURT_FRAME_LINE))
    pygame.draw.rect(corner, colour, patch, width=width, border_radius=radius)
    corner.set_clip(None)


def _draw_face(card: int, w: int, h: int, face: FacePrint) -> pygame.Surface:
    u = w / 100.0  # design unit: the card is 100 x 140
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill(face.paper)
    rank, suit = RANK[card], SUIT[card]
    colour = ink(suit, face.four_colour)
    if rank > 10:
        # A court picture is as large as on a real deck; the indices cut into
        # its corners. Equal margins above and below, so that the notch turned
        # for the bottom-right corner meets the frame as the top-left one does.
        art = _draw_art(card, h - 2 * round(COURT_TOP * u), colour)
        if art is not None:
            frame = art.get_rect(topleft=((w - art.get_width()) // 2, round(COURT_TOP * u)))
            surf.blit(art, frame.topleft)
            _draw_index(surf, rank, suit, colour, frame, face)
            return surf
    _draw_index(surf, rank, suit, colour, face=face)
    if face.large and rank <= 10:
        _draw_plain_art(surf, rank, suit, colour, large=True)  # the art's pips are too small to enlarge in place
        return surf
    art = _draw_art(card, round((140.0 - 2 * ART_TOP) * u), colour)
    if art is not None:
        _blit_centre(surf, art, w / 2, h / 2)
    else:
        _draw_plain_art(surf, rank, suit, colour)
    return surf


def _draw_plain_art(surf: pygame.Surface, rank: int, suit: int, colour: tuple[int, int, int],
                    large: bool = False) -> None:
    """The program's own art, for a card whose art file is missing: pips, or a framed letter.

    ``large``: large print's pips, wider apart and LARGE_PIP units tall (a little less on the
    9 and 10, whose pips stand closest), between the larger indices.
    """
    w, h = surf.get_size()
    u = w / 100.0
    sym = SUIT_GLYPHS[suit]
    if rank == 1:
        big = _glyph(sym, round((52 if suit == 3 else 42) * u), colour)
        _blit_centre(surf, big, w / 2, h / 2)
    elif rank <= 10:
        size = (theme.LARGE_PIP if rank < 9 else 16.0) if large else 15.0
        pip = _glyph(sym, round(size * u), colour)
        flipped = pygame.transform.rotate(pip, 180)
        for px, py in PIPS[rank]:
            if large:  # the columns 28 and 72, the rows 46 to 94: clear of the larger indices
                px, py = _C + (px - _C) * 22 / 19, _M + (py - _M) * 24 / 26
            # Pips below the middle are printed upside down, as on real cards.
            _blit_centre(surf, flipped if py > _M + 0.5 else pip, px * u, py * u)
    else:
        frame = pygame.Rect(round(22 * u), round(37 * u), round(56 * u), round(66 * u))
        tint = tuple(int(255 - (255 - c) * 0.12) for c in colour)
        pygame.draw.rect(surf, tint, frame, border_radius=round(5 * u))
        pygame.draw.rect(surf, colour, frame, width=max(1, round(1.6 * u)), border_radius=round(5 * u))
        letter = _glyph(RANK_TEXT[rank], round(30 * u), colour)
        _blit_centre(surf, letter, w / 2, frame.top + 22 * u)
        big_suit = _glyph(sym, round(22 * u), colour)
        _blit_centre(surf, big_suit, w / 2, frame.bottom - 17 * u)


def _draw_back(w: int, h: int, back: str = theme.DEFAULT_CARD_BACK,
               paper: tuple[int, int, int] = theme.FACE_PAPER) -> pygame.Surface:
    """The back design in the colours of ``back`` (a name of :data:`theme.CARD_BACKS`)."""
    panel, light, ink_col = theme.card_back(back)
    u = w / 100.0
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill(paper)
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


class AtlasBuild:
    """An atlas being drawn a few cells at a time: :meth:`step` draws the next cells, :attr:`done` says when all are.

    The renderer spreads a new card size's atlas over several frames (one whole
    atlas is 50-900 ms of drawing), so no frame of a move or a cascade pays for it.

        >>> build = AtlasBuild(64)
        >>> build.step(cells=10), build.done
        ([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], False)
        >>> while not build.done:
        ...     _ = build.step()
        >>> pygame.image.tobytes(build.sheet.surface, "RGBA") == pygame.image.tobytes(draw_atlas(64).surface, "RGBA")
        True
    """

    def __init__(self, card_px: int, four_colour: bool = False, back: str = theme.DEFAULT_CARD_BACK,
                 face: FacePrint | None = None) -> None:
        self.face = FacePrint(four_colour, face.large if face else False, face.paper if face else theme.FACE_PAPER)
        theme.card_back(back)  # an unknown name fails before any drawing
        self.back = back
        self.w = max(32, int(card_px))
        self.h = round(self.w * theme.CARD_H / theme.CARD_W)
        cw, ch = self.w + 2 * PAD, self.h + 2 * PAD
        rows = (CELLS + GRID_COLS - 1) // GRID_COLS
        surface = pygame.Surface((GRID_COLS * cw, rows * ch), pygame.SRCALPHA)
        surface.fill((0, 0, 0, 0))
        #: The sheet drawn so far (complete once :attr:`done`).
        self.sheet = AtlasSheet(surface, cw, ch, GRID_COLS, rows)
        self.next_cell = 0
        # A Font dies with the pygame session that opened it (a window closed and
        # reopened): open fresh ones for each atlas; the glyph cache keeps surfaces.
        _open_font.cache_clear()

    @property
    def done(self) -> bool:
        return self.next_cell >= CELLS

    def step(self, cells: int = 1, seconds: float | None = None) -> list[int]:
        """Draw up to ``cells`` more cells, and (``seconds``) no more once that time is spent (one at
        least); the cells drawn."""
        start = time.perf_counter()
        drawn: list[int] = []
        while not self.done and len(drawn) < cells and (seconds is None or not drawn
                                                        or time.perf_counter() - start < seconds):
            cell = self.next_cell
            if cell < 52:
                img = _draw_face(cell, self.w, self.h, self.face)
            elif cell == BACK:
                img = _draw_back(self.w, self.h, self.back, self.face.paper)
            else:
                img = _draw_ghost(cell - GHOST, self.w, self.h)
            _paint_cell(self.sheet.surface, cell, img, self.sheet.cell_w, self.sheet.cell_h)
            drawn.append(cell)
            self.next_cell += 1
        return drawn


def draw_atlas(card_px: int, four_colour: bool = False, back: str = theme.DEFAULT_CARD_BACK,
               face: FacePrint | None = None) -> AtlasSheet:
    """Draw all cells for cards ``card_px`` pixels wide (the height is 1.4 times that), at once.

    ``back`` names the card back (one of :data:`theme.CARD_BACKS`); ``face``: how the
    faces are printed (large print, the paper), its ``four_colour`` overridden by the argument.
    """
    build = AtlasBuild(card_px, four_colour, back, face)
    build.step(cells=CELLS)
    return build.sheet


def redraw_back(sheet: AtlasSheet, back: str,
                paper: tuple[int, int, int] = theme.FACE_PAPER) -> tuple[int, int, int, int]:
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
    _paint_cell(sheet.surface, BACK, _draw_back(cw - 2 * PAD, ch - 2 * PAD, back, paper), cw, ch)
    return sheet.padded_rect(BACK)
