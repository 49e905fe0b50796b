"""Where every slot and card lies on the table: pure geometry, no OpenGL.

:func:`layout` is a function of the game position and the viewport size, so
the game loop can call it every frame. It returns a :class:`Layout`: the
table rectangle the camera frames, a :class:`Slot` for every place a card can
go (free cells, foundations, columns, Spider's stock and removed sets) and a
:class:`CardPlacement` for every card, in painting order.

The table is framed into :func:`~game.render.camera.table_area`, the window
less the HUD band along its bottom edge, so no card ever lies under the
status line or the control bar. The table is as wide as the game's columns;
its height follows the area's aspect (:func:`game.render.camera.fill_height`).
A wide area that would leave a fresh deal's columns (:data:`COMFORT_FREECELL`,
:data:`COMFORT_SPIDER`) less than their plain fan gets a wider table instead,
with smaller cards. Each column fans out at :data:`~theme.FAN_UP` per face-up
card and :data:`~theme.FAN_DOWN` per face-down card; when the area leaves room
below the columns all fans spread alike (up to :data:`LANDSCAPE_SPREAD`, or
:data:`PORTRAIT_SPREAD` in a portrait window), and a column that would run
off the table squeezes its own steps: the longest column always fits.

As the area gets narrower than :data:`GAPS_FROM_ASPECT` (a 4:3 window, a
portrait one), whose width sets the card size, the column gaps and side
margins narrow toward their portrait values, so the cards grow.

Cards in flight (the animation layer) are passed as ``overrides``: a mapping
from a card's place key ``(pile kind, pile index, index in pile)`` or, for
FreeCell where every card is unique, from the card number, to a
:class:`CardTransform`. Place keys are needed for Spider, whose two decks
hold each card twice or more.

    >>> from game.freecell.deals import deal
    >>> lay = layout(deal(1), 1280, 720)
    >>> len(lay.cards), len(lay.slots)
    (52, 16)
    >>> top = lay.cards[-1]
    >>> str(top.card), str(top.kind), top.pile, top.index
    ('TC', 'column', 7, 5)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Protocol

from game.cards import CARDS, Card
from game.places import PileKind
from game.render import theme
from game.render.camera import fill_height, portrait_amount, table_area, tilt_for

if TYPE_CHECKING:
    from typing_extensions import TypeIs

    from game.render.marks import Mark

__all__ = ["CardPlacement", "CardTransform", "Hold", "Layout", "PileKind", "Slot", "fan_steps", "layout",
           "layout_freecell", "layout_spider", "portrait_amount"]


@dataclass(frozen=True, slots=True)
class Slot:
    """A place on the felt: centre ``(x, y)`` on the table plane, one card in size."""

    kind: PileKind
    index: int
    x: float
    y: float
    #: What the empty slot shows: a suit (0..3) for a foundation, else -1.
    suit: int = -1

    def contains(self, x: float, y: float) -> bool:
        """Whether table point ``(x, y)`` is on the slot (its rounded corners included)."""
        return inside_card(x - self.x, y - self.y)


@dataclass(frozen=True, slots=True)
class CardTransform:
    """Where a card in flight is: centre, turn about the vertical, and flip.

    ``flip`` is the turn about the card's long axis: 0 shows the face, pi the back.
    """

    x: float
    y: float
    z: float
    yaw: float = 0.0
    flip: float = 0.0


@dataclass(slots=True)
class CardPlacement:
    """One card on the table: which card, where, and which pile it belongs to."""

    card: Card
    kind: PileKind
    pile: int
    index: int
    x: float
    y: float
    z: float
    yaw: float = 0.0
    flip: float = 0.0
    #: Lies exactly under another card of a stacked pile: not drawn, not picked.
    hidden: bool = False
    #: Placed by an override (a card in flight): drawn on top, never picked.
    in_flight: bool = False

    @property
    def face_up(self) -> bool:
        return math.cos(self.flip) >= 0.0

    @property
    def key(self) -> tuple[PileKind, int, int]:
        """The place key: unique on the table even with Spider's doubled decks."""
        return (self.kind, self.pile, self.index)


@dataclass
class Layout:
    """Slots and card placements for one position at one viewport aspect."""

    game: str
    #: The table rectangle ``(x0, x1, y0, y1)`` the camera frames.
    rect: tuple[float, float, float, float]
    slots: list[Slot]
    #: Every card, in painting order (later cards lie on earlier ones).
    cards: list[CardPlacement]
    #: The fan step used by each column (face-down, face-up), for tests and drag previews.
    column_steps: list[tuple[float, float]] = field(default_factory=list)
    #: The height the longest column needed at its smallest readable steps: what set the
    #: cards' size (:data:`SCALE_LEVELS`), and what a :class:`Hold` keeps.
    readable: float = 0.0

    def hold(self) -> Hold:
        """This layout's fans and card size, held (:func:`layout`'s ``held``)."""
        return Hold(tuple(self.column_steps), self.readable)

    def slot(self, kind: PileKind, index: int) -> Slot:
        for s in self.slots:
            if s.kind == kind and s.index == index:
                return s
        raise KeyError((kind, index))

    def pile(self, kind: PileKind, index: int) -> list[CardPlacement]:
        """The placements of one pile, bottom card first."""
        return [c for c in self.cards if c.kind == kind and c.pile == index]

    def place_pile(self, mark: Mark) -> int:
        """The pile a mark or the focus lights (``mark``: a :class:`game.render.marks.Mark`):
        its own, but a mark of Spider's stock as a place (its top card) lights the pile on
        top, the next deal (lit on the bottom pile, its card drawn over the others looked
        like a second stock).

        >>> from game.render.marks import Mark
        >>> from game.spider import deal
        >>> lay = layout_spider(deal(1, 1), 1280, 720)
        >>> lay.place_pile(Mark(PileKind.STOCK, 0)), lay.place_pile(Mark(PileKind.COLUMN, 3))
        (4, 3)
        """
        if mark.kind != PileKind.STOCK or mark.start is not None:
            return int(mark.pile)
        return max((c.pile for c in self.cards if c.kind == PileKind.STOCK and not c.in_flight), default=mark.pile)


def inside_card(dx: float, dy: float, half_w: float = theme.CARD_W / 2,
                half_h: float = theme.CARD_H / 2, r: float = theme.CORNER_RADIUS) -> bool:
    """Whether offset ``(dx, dy)`` from a card's centre is on the card, rounded corners included.

    The same rounded rectangle the fragment shader draws, so picking agrees
    with the pixels at the corners too.
    """
    qx = abs(dx) - half_w + r
    qy = abs(dy) - half_h + r
    if qx <= 0 or qy <= 0:
        return qx <= r and qy <= r
    return qx * qx + qy * qy <= r * r


def fan_steps(down: int, up: int, room: float, spread: float = 1.0) -> tuple[float, float]:
    """Fan steps (face-down, face-up) for a column of ``down`` + ``up`` cards in ``room`` height.

    The last card takes a full card height; every other card one step. If the
    natural steps would overrun ``room`` both shrink by the same factor; if
    ``spread`` > 1 and there is room to spare, both grow by the same factor,
    at most ``spread``, as far as the room allows.

    >>> fan_steps(0, 7, 10.0)
    (0.16, 0.33)
    >>> d, u = fan_steps(0, 30, 6.0)
    >>> round(29 * u + 1.4, 9)
    6.0
    >>> d, u = fan_steps(0, 7, 10.0, spread=1.5)
    >>> round(u, 9)
    0.495
    >>> d, u = fan_steps(0, 7, 3.4, spread=1.5)
    >>> round(6 * u + 1.4, 9)
    3.4
    """
    if down + up <= 1:
        return theme.FAN_DOWN, theme.FAN_UP
    # face-down steps for the buried cards; the last card (face up) has no step
    n_down = down
    n_up = max(up - 1, 0)
    need = n_down * theme.FAN_DOWN + n_up * theme.FAN_UP
    avail = room - theme.CARD_H
    if need <= avail or need == 0:
        if spread <= 1.0 or need == 0:
            return theme.FAN_DOWN, theme.FAN_UP
        k = min(spread, _max_spread(n_down, n_up, avail))
        return theme.FAN_DOWN * min(k, DOWN_SPREAD), theme.FAN_UP * k
    k = max(avail, 0.0) / need
    return theme.FAN_DOWN * k, theme.FAN_UP * k


def _blend(landscape: float, portrait: float, t: float) -> float:
    return landscape if t <= 0.0 else landscape + (portrait - landscape) * t


#: Piles drawn as a stack: only the top card at rest shows.
_STACKED = frozenset({PileKind.FOUNDATION, PileKind.REMOVED})

#: The column every window shows at the plain fan step (face-down, face-up
#: cards): a wide window that could not fits a wider table, with smaller
#: cards, rather than squeezing a fresh deal's columns.
COMFORT_FREECELL = (0, 7)
COMFORT_SPIDER = (5, 5)
#: Gaps and margins narrow (so the cards grow) from this area aspect down to
#: :data:`~theme.PORTRAIT_ASPECT`, where they reach their portrait values.
GAPS_FROM_ASPECT = 1.8
#: How far the fans may spread when a window has room to spare below the
#: columns: a landscape window up to LANDSCAPE_SPREAD times the plain steps, a
#: portrait one (whose width keeps the cards small) up to PORTRAIT_SPREAD, so
#: that a fresh deal reaches well down the tall window. Face-down cards spread
#: at most DOWN_SPREAD: a tall band of card backs says nothing.
LANDSCAPE_SPREAD = 1.5
PORTRAIT_SPREAD = 4.0
DOWN_SPREAD = 1.6
#: The smallest fan steps (face-up, face-down) at which a card's index (rank
#: and suit) still shows whole. When the longest column would need less, the
#: whole table shrinks by the next of SCALE_LEVELS (a few fixed sizes, so the
#: cards change size rarely, never by a hair each move); past the last level
#: the column's fan tightens further, so it still always fits.
READABLE_UP = 0.2
READABLE_DOWN = READABLE_UP * theme.FAN_DOWN / theme.FAN_UP  # a squeezed fan keeps its proportions
SCALE_LEVELS = (1.0, 0.9, 0.8, 0.7)


def _narrowing(aw: float, ah: float) -> float:
    """0 for a wide area, 1 for a portrait one: how far gaps and margins narrow."""
    a = aw / ah
    return min(1.0, max(0.0, (GAPS_FROM_ASPECT - a) / (GAPS_FROM_ASPECT - theme.PORTRAIT_ASPECT)))


def _column_need(down: int, up: int) -> float:
    """Height of a column of ``down`` + ``up`` cards at the plain fan steps."""
    if down + up <= 0:
        return 0.0
    return down * theme.FAN_DOWN + max(up - 1, 0) * theme.FAN_UP + theme.CARD_H


Override = Mapping[int | tuple[PileKind, int, int], CardTransform]
#: Each column's fan steps (face-down, face-up), as :attr:`Layout.column_steps` holds them.
Steps = Sequence[tuple[float, float]]


@dataclass(frozen=True)
class Hold:
    """A table held as an earlier layout laid it out while cards only leave it (a
    cascade): each column's fan steps at most ``steps``, and the cards no larger than
    ``readable`` let them be, so they neither slide wider nor grow a size mid-flight."""

    steps: Steps
    readable: float


def _apply(cards: list[CardPlacement], overrides: Override | None) -> list[CardPlacement]:
    if overrides:
        for c in cards:
            t = overrides.get(c.key)
            if t is None:
                t = overrides.get(int(c.card))
            if t is not None:
                c.x, c.y, c.z, c.yaw, c.flip = t.x, t.y, t.z, t.yaw, t.flip
                c.in_flight = True
                c.hidden = False
        # A stacked pile (foundation, removed set, stock) draws only its top card
        # at rest: while its top cards are still flying to it, the card they will
        # cover is the one the player sees, not an empty slot.
        top_at_rest: dict[tuple[PileKind, int], CardPlacement] = {}
        for c in cards:
            if c.kind in _STACKED and not c.in_flight:
                k = (c.kind, c.pile)
                best = top_at_rest.get(k)
                if best is None or c.index > best.index:
                    top_at_rest[k] = best = c
        for c in cards:
            if c.kind in _STACKED and not c.in_flight:
                c.hidden = c is not top_at_rest[(c.kind, c.pile)]
        # Painter's order: cards in flight (higher) after the cards at rest.
        cards.sort(key=lambda c: (c.in_flight, c.z))
    return cards


@lru_cache(maxsize=512)
def _table(width_units: float, aw: int, ah: int, top_rows: float, comfort: float,
           readable: float = 0.0) -> tuple[float, float]:
    """Table width and height for the table area ``aw`` x ``ah`` pixels.

    The height fills the area at the columns' width; if that leaves less than
    ``comfort`` below the top rows, the table widens (the cards get smaller)
    until it does. If it leaves less than ``readable`` (the longest column at
    its smallest readable steps), the table widens by one of
    :data:`SCALE_LEVELS` after another, the first that gives the room, or the
    last. Never shorter than a few cards of columns.

    The framing is scale-free (every length, camera distance included, scales
    alike), so the height that fills the area grows in proportion to the width.
    """
    aspect = round(aw / ah, 9)
    tilt = tilt_for(aw, ah)
    w = width_units
    h = fill_height(round(w, 9), aspect, tilt)
    need = top_rows + comfort + theme.BOTTOM_MARGIN
    if h < need:
        w, h = w * need / h, need
    for level in SCALE_LEVELS:
        if h / level - top_rows - theme.BOTTOM_MARGIN >= readable - 1e-9 or level == SCALE_LEVELS[-1]:
            w, h = w / level, h / level
            break
    h_min = top_rows + theme.MIN_COLUMN_CARDS * theme.CARD_H
    return w, max(h, h_min)


def _held_need(need: float, held: Hold | None) -> float:
    """The readable need a layout uses: its own, or a held table's when larger (the
    cards keep the size they had while only leaving)."""
    return need if held is None else max(need, held.readable)


def _readable_need(cols: Sequence[Sequence[Card]], downs: Sequence[int]) -> float:
    """Height the longest column needs at its smallest readable steps (0 when every column fits plainly)."""
    need = 0.0
    for col, down in zip(cols, downs):
        up = len(col) - down
        if up + down > 1:
            need = max(need, down * READABLE_DOWN + max(up - 1, 0) * READABLE_UP + theme.CARD_H)
    return need


def _max_spread(n_down: int, n_up: int, avail: float) -> float:
    """The largest spread at which ``n_down`` face-down and ``n_up`` face-up steps
    fit in ``avail``, face-down steps spreading at most :data:`DOWN_SPREAD`."""
    down, up = n_down * theme.FAN_DOWN, n_up * theme.FAN_UP
    if down + up <= 0:
        return math.inf
    k = avail / (down + up)
    if k > DOWN_SPREAD and up > 0:
        k = (avail - down * DOWN_SPREAD) / up
    return k


def _spread(cols: Sequence[Sequence[Card]], downs: Sequence[int], room: float, cap: float) -> float:
    """The fan spread every column shares: as wide as the longest column allows, 1 to ``cap``.

    One shared factor keeps the fans even across the table; a column that
    does not fit even at the plain steps tightens on its own (:func:`fan_steps`).
    """
    if cap <= 1.0:
        return 1.0
    avail = room - theme.CARD_H
    k = cap
    for col, down in zip(cols, downs):
        if len(col) > 1:
            k = min(k, _max_spread(down, max(len(col) - down - 1, 0), avail))
    return max(1.0, k)


def _columns(cols: Sequence[Sequence[Card]], downs: Sequence[int], xs: Sequence[float],
             y_top: float, room: float, cards: list[CardPlacement],
             steps: list[tuple[float, float]], cap: float = 1.0, held: Steps | None = None) -> None:
    spread = _spread(cols, downs, room, cap)
    for i, (col, down) in enumerate(zip(cols, downs)):
        sd, su = fan_steps(down, len(col) - down, room, spread)
        if held is not None and i < len(held):
            sd, su = min(sd, held[i][0]), min(su, held[i][1])
        steps.append((sd, su))
        y = y_top - theme.CARD_H / 2
        for j, card in enumerate(col):
            face_up = j >= down
            cards.append(CardPlacement(card, PileKind.COLUMN, i, j, xs[i], y,
                                       (j + 1) * theme.Z_STEP, flip=0.0 if face_up else math.pi))
            y -= su if face_up else sd


def _grid(ncols: int, width: int, height: int, gap_wide: float, gap_tall: float,
          comfort: tuple[int, int], readable: float) -> tuple[list[float], float, float, float, float, float]:
    """The column grid both games share: column centres, table width and
    height, the top rows' depth, the top row's y, and the fan spread cap
    (gaps, margins and spread blend toward their portrait values).

    The table is framed into :func:`~game.render.camera.table_area`: the
    window less the HUD band.
    """
    _, _, aw, ah = table_area(width, height)
    t = _narrowing(aw, ah)
    gap = _blend(gap_wide, gap_tall, t)
    margin = _blend(theme.SIDE_MARGIN, theme.PORTRAIT_SIDE_MARGIN, t)
    cap = _blend(LANDSCAPE_SPREAD, PORTRAIT_SPREAD, portrait_amount(aw, ah))
    pitch = theme.CARD_W + gap
    top = theme.TOP_MARGIN + theme.CARD_H + theme.ROW_GAP
    content = ncols * pitch - gap + 2 * margin
    tw, th = _table(round(content, 9), aw, ah, round(top, 9), round(_column_need(*comfort), 9),
                    round(readable, 9))
    # A widened table keeps the columns centred.
    x0 = -content / 2 + margin + theme.CARD_W / 2
    return [x0 + i * pitch for i in range(ncols)], tw, th, top, -theme.TOP_MARGIN - theme.CARD_H / 2, cap


#: The top row's piles: what a left-handed table mirrors.
_TOP_ROW = frozenset({PileKind.CELL, PileKind.FOUNDATION, PileKind.STOCK, PileKind.REMOVED})


def _mirror_top(slots: list[Slot], cards: list[CardPlacement]) -> list[Slot]:
    """The left-handed table: the top row turned about the table's middle (x -> -x).

    Only the top row and the control bar mirror, as the issue asks; the
    columns keep their order (column 1 on the left), because a column's
    number is how moves are written, read out in hints and typed in the move
    list; reversing them would make "column 1" the rightmost. The column grid
    is symmetric about x = 0, so each mirrored slot still lies over a column.
    """
    out = [Slot(s.kind, s.index, -s.x, s.y, s.suit) if s.kind in _TOP_ROW else s for s in slots]
    for c in cards:
        if c.kind in _TOP_ROW:
            c.x = -c.x
    return out


class FreeCellTable(Protocol):
    """What a FreeCell layout reads of a position (:class:`game.freecell.position.Position`)."""

    @property
    def columns(self) -> Sequence[Sequence[Card]]: ...
    @property
    def cells(self) -> Sequence[Card | None]: ...
    @property
    def foundations(self) -> Sequence[int]: ...


class SpiderTable(Protocol):
    """What a Spider layout reads of a position (:class:`game.spider.position.Position`)."""

    @property
    def columns(self) -> Sequence[Sequence[Card]]: ...
    @property
    def face_down(self) -> Sequence[int]: ...
    @property
    def stock(self) -> Sequence[Card]: ...
    @property
    def removed_suits(self) -> Sequence[int]: ...


def layout_freecell(position: FreeCellTable, width: int, height: int,
                    overrides: Override | None = None, mirror: bool = False, held: Hold | None = None) -> Layout:
    """Layout of a FreeCell position: cells and foundations on top, eight columns below.

    ``mirror`` (the left-handed table): foundations on the left, cells on the right.
    """
    ncols = len(position.columns)
    readable = _held_need(_readable_need(position.columns, [0] * ncols), held)
    xs, tw, th, top, y_row, spread = _grid(ncols, width, height, theme.FREECELL_GAP,
                                           theme.PORTRAIT_FREECELL_GAP, COMFORT_FREECELL, readable)
    slots: list[Slot] = []
    cards: list[CardPlacement] = []
    ncells = len(position.cells)
    # Cells fill the left of the top row and foundations the right, as in Windows.
    for i in range(ncells):
        slots.append(Slot(PileKind.CELL, i, xs[i], y_row))
    for s in range(4):
        slots.append(Slot(PileKind.FOUNDATION, s, xs[ncols - 4 + s], y_row, suit=s))
    for i in range(ncols):
        slots.append(Slot(PileKind.COLUMN, i, xs[i], -top - theme.CARD_H / 2))
    for s in range(4):
        top_rank = position.foundations[s]
        for r in range(1, top_rank + 1):
            cards.append(CardPlacement(CARDS[(r - 1) * 4 + s], PileKind.FOUNDATION, s, r - 1,
                                       xs[ncols - 4 + s], y_row, r * theme.Z_STEP,
                                       hidden=r < top_rank))
    for i, c in enumerate(position.cells):
        if c is not None:
            cards.append(CardPlacement(CARDS[c], PileKind.CELL, i, 0, xs[i], y_row, theme.Z_STEP))
    steps: list[tuple[float, float]] = []
    room = th - top - theme.BOTTOM_MARGIN
    _columns(position.columns, [0] * ncols, xs, -top, room, cards, steps, spread, held.steps if held else None)
    if mirror:
        slots = _mirror_top(slots, cards)
    return Layout("freecell", (-tw / 2, tw / 2, -th, 0.0), slots, _apply(cards, overrides), steps, readable)


def layout_spider(position: SpiderTable, width: int, height: int,
                  overrides: Override | None = None, mirror: bool = False, held: Hold | None = None) -> Layout:
    """Layout of a Spider position: stock and removed sets on top, ten columns below.

    The stock shows one pile of backs per deal left, the next deal on top
    (rightmost); removed sets lie face up, king on top, in eight places on the right.
    ``mirror`` (the left-handed table): the stock on the right, the sets on the left.
    """
    cols = position.columns
    downs = position.face_down
    ncols = len(cols)
    readable = _held_need(_readable_need(cols, downs), held)
    xs, tw, th, top, y_row, spread = _grid(ncols, width, height, theme.SPIDER_GAP,
                                           theme.PORTRAIT_SPIDER_GAP, COMFORT_SPIDER, readable)
    slots = [Slot(PileKind.STOCK, 0, xs[0], y_row)]
    # Eight removed-set places, right-aligned with the columns.
    removed_x = [xs[ncols - 8 + k] for k in range(8)]
    for k in range(8):
        slots.append(Slot(PileKind.REMOVED, k, removed_x[k], y_row))
    for i in range(ncols):
        slots.append(Slot(PileKind.COLUMN, i, xs[i], -top - theme.CARD_H / 2))
    cards: list[CardPlacement] = []
    stock = position.stock
    piles = len(stock) // 10
    for p in range(piles):
        # stock is in dealing order: its first ten cards are the next deal, the top pile
        chunk = stock[(piles - 1 - p) * 10:(piles - p) * 10]
        for j, card in enumerate(chunk):
            cards.append(CardPlacement(card, PileKind.STOCK, p, j, xs[0] + p * theme.STOCK_STEP, y_row,
                                       (p * 10 + j + 1) * theme.Z_STEP, flip=math.pi, hidden=j < 9))
    for k, suit in enumerate(position.removed_suits):
        for r in range(13):
            card = Card.make(r + 1, suit)
            cards.append(CardPlacement(card, PileKind.REMOVED, k, r, removed_x[k], y_row,
                                       (r + 1) * theme.Z_STEP, hidden=r < 12))
    steps: list[tuple[float, float]] = []
    room = th - top - theme.BOTTOM_MARGIN
    _columns(cols, downs, xs, -top, room, cards, steps, spread, held.steps if held else None)
    if mirror:
        slots = _mirror_top(slots, cards)
    return Layout("spider", (-tw / 2, tw / 2, -th, 0.0), slots, _apply(cards, overrides), steps, readable)


def _is_freecell(position: FreeCellTable | SpiderTable) -> TypeIs[FreeCellTable]:
    return hasattr(position, "cells")  # only FreeCell has free cells


def layout(position: FreeCellTable | SpiderTable, width: int, height: int, overrides: Override | None = None,
           mirror: bool = False, held: Hold | None = None) -> Layout:
    """The layout of a FreeCell or Spider position in a ``width`` x ``height`` viewport.

    ``mirror``: the left-handed table, its top row mirrored (see :func:`_mirror_top`).
    ``held``: an earlier layout's :meth:`Layout.hold`: each column's fan steps at most
    its steps and the cards no larger than its size, so the table holds still while
    cards only leave it.

        >>> from game.freecell.deals import deal
        >>> plain, left = layout(deal(1), 1280, 720), layout(deal(1), 1280, 720, mirror=True)
        >>> plain.slot(PileKind.CELL, 0).x == -left.slot(PileKind.CELL, 0).x
        True
        >>> plain.slot(PileKind.COLUMN, 0) == left.slot(PileKind.COLUMN, 0)
        True
    """
    if _is_freecell(position):
        return layout_freecell(position, width, height, overrides, mirror, held)
    return layout_spider(position, width, height, overrides, mirror, held)
