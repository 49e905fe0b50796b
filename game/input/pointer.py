"""Pointer gestures (a mouse, or a finger: see :mod:`game.input.touch`): a press,
motion and a release become a click, a double click, a drag and drop, or a
press-and-hold, the way keys become actions.

The decoder knows nothing of cards or windows: the caller tells it what lies
under the pointer (a :class:`game.render.picking.Pick`, or anything with
``kind``, ``pile`` and ``index``) and whether a drag may start there, and
gets plain gesture values back::

    >>> from types import SimpleNamespace as Where
    >>> p = Pointer()
    >>> card = Where(kind="column", pile=3, index=5)
    >>> p.down((100, 200), card, now=0.0)
    >>> p.up((101, 200), now=0.1)
    Click(where=namespace(kind='column', pile=3, index=5), double=False)
    >>> p.down((100, 200), card, now=0.2)
    >>> p.up((100, 200), now=0.3).double
    True
    >>> p.down((100, 200), card, now=1.0)
    >>> p.move((140, 260), draggable=lambda where: True)
    DragStart(source=('column', 3, 5), start=(100, 200))
    >>> p.up((300, 400), now=1.2)
    Drop(source=('column', 3, 5), start=(100, 200), end=(300, 400))

A press held still becomes a :class:`Hold` (the run panel opens); the pointer
may then slide over the panel (``holding`` is true) and its release is a
:class:`HoldLift` where it was let go (SPEC §1.6: release confirms)::

    >>> p.down((100, 200), card, now=2.0)
    >>> p.poll(now=2.6)
    Hold(column=3, index=5)
    >>> p.move((100, 260), draggable=lambda where: True), p.holding
    (None, True)
    >>> p.up((100, 260), now=3.0)
    HoldLift(end=(100, 260))

Click to pick up and drop (a setting): a click that picked cards up makes them the
pointer's :attr:`Pointer.carry`; they follow it with no button down (no press starts
a drag or a hold meanwhile), and the next click is their :class:`Drop` where it
came up. Two quick clicks on the same card are still a double click::

    >>> p.carry_from(("column", 3, 5), (100, 200))
    >>> p.down((400, 220), None, now=5.0)
    >>> p.move((480, 300), draggable=lambda where: True), p.up((481, 301), now=5.1)
    (None, Drop(source=('column', 3, 5), start=(100, 200), end=(481, 301)))
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from game import speeds
from game.places import PileKind

__all__ = ["Click", "DragStart", "Drop", "Hold", "HoldLift", "Place", "Pointer", "drag_slop"]

Source = tuple[PileKind, int, int]  # kind, pile, index of the card the drag holds


class Place(Protocol):
    """What the caller says lies under the pointer: a pile's card (``index``), or the
    pile itself (``index`` None). A :class:`game.render.picking.Pick` is one."""

    @property
    def kind(self) -> PileKind: ...
    @property
    def pile(self) -> int: ...
    @property
    def index(self) -> int | None: ...


#: The caller's own kind of place, handed back in its clicks as it was given.
W = TypeVar("W", bound=Place)


@dataclass(frozen=True)
class Click(Generic[W]):
    """A press and release in place; ``where`` is what was under the press (None: the felt)."""

    where: W | None
    double: bool


@dataclass(frozen=True)
class DragStart:
    """The pointer moved far enough with the button down over a draggable card."""

    source: Source
    start: tuple[int, int]


@dataclass(frozen=True)
class Drop:
    """A dragged run let go at ``end`` (window pixels)."""

    source: Source
    start: tuple[int, int]
    end: tuple[int, int]


@dataclass(frozen=True)
class Hold:
    """The button held still on a column card (the run panel opens)."""

    column: int
    index: int


@dataclass(frozen=True)
class HoldLift:
    """The pointer let go after a :class:`Hold`, at ``end`` (window pixels)."""

    end: tuple[int, int]


def drag_slop(distance: str, size: tuple[int, int], finger: bool = False) -> float:
    """The pixels a press must travel to be a drag under the "how far a drag must go"
    setting ``distance`` in a window of ``size``: the setting's pixels, scaled up with a
    window taller than 720 (its cards are bigger), never under what a finger needs.

    >>> drag_slop("short", (1280, 720)), drag_slop("long", (1280, 720)), drag_slop("long", (2560, 1440))
    (5.0, 32.0, 64.0)
    >>> drag_slop("short", (800, 600), finger=True), drag_slop("long", (800, 600), finger=True)
    (14.0, 32.0)
    """
    pixels = speeds.DRAG_DISTANCES.get(distance, speeds.DRAG_START_PX) * max(1.0, min(size) / 720)
    return float(max(pixels, speeds.FINGER_DRAG_START_PX if finger else 0))


class Pointer(Generic[W]):
    """One mouse or one finger: call :meth:`down`, :meth:`move`, :meth:`up`, and
    :meth:`poll` each frame. ``slop``: the pixels of travel that make a press a drag.
    ``W``: what the caller says is under the pointer (its clicks give it back)."""

    def __init__(self, slop: float = speeds.DRAG_START_PX) -> None:
        self.slop = slop
        self._press: tuple[tuple[int, int], W | None, float] | None = None
        self.drag: DragStart | None = None
        #: A hold opened the run panel and the pointer is still down (sliding over it).
        self.holding = False
        self.position: tuple[int, int] = (0, 0)
        self._last_click: tuple[tuple[str, int, int | None] | None, float] | None = None
        #: Cards a click picked up (click to pick up and drop): they follow the pointer, and
        #: the next click puts them down. ``start`` is where that click was.
        self.carry: DragStart | None = None

    @property
    def pressed(self) -> bool:
        return self._press is not None

    def down(self, pos: tuple[int, int], where: W | None, now: float) -> None:
        """The button went down over ``where`` (None: nothing there)."""
        self._press = (pos, where, now)
        self.drag = None
        self.holding = False
        self.position = pos

    def cancel(self) -> None:
        """Forget the press (a panel took the click, a second finger came down)."""
        self._press = None
        self.drag = None
        self.holding = False

    def rebase(self) -> None:
        """Count a waiting press's travel from where the pointer is now (the window under it
        changed: its old pixel means another place)."""
        if self._press is not None:
            self._press = (self.position, self._press[1], self._press[2])

    def carry_from(self, source: Source, start: tuple[int, int]) -> None:
        """A click at ``start`` picked up the run from ``source``: it is carried until the next click."""
        self.carry = DragStart(source, start)

    def move(self, pos: tuple[int, int], draggable: Callable[[W], bool]) -> DragStart | None:
        """The pointer moved; a :class:`DragStart` once it has gone far enough from a draggable card."""
        self.position = pos
        if self._press is None or self.drag is not None or self.carry is not None:
            return None
        start, where, _ = self._press
        if where is None or where.index is None:
            return None
        if math.hypot(pos[0] - start[0], pos[1] - start[1]) < self.slop:
            return None
        if where.kind not in (PileKind.COLUMN, PileKind.CELL) or not draggable(where):
            return None
        self.drag = DragStart((where.kind, where.pile, where.index), start)
        return self.drag

    def up(self, pos: tuple[int, int], now: float) -> Click[W] | Drop | HoldLift | None:
        """The button came up: a drop, a (double) click, the end of a hold, or nothing (the press was taken)."""
        press, self._press = self._press, None
        drag, self.drag = self.drag, None
        self.position = pos
        if self.holding:
            self.holding = False
            return HoldLift(pos)
        if press is None:
            return None
        if drag is not None:
            return Drop(drag.source, drag.start, pos)
        where = press[1]
        place = (where.kind, where.pile, where.index) if where is not None else None
        last = self._last_click
        double = (last is not None and place is not None and last[0] == place
                  and now - last[1] <= speeds.DOUBLE_CLICK)
        self._last_click = None if double else (place, now)
        carry, self.carry = self.carry, None
        if carry is not None and not double:
            return Drop(carry.source, carry.start, pos)  # the second click puts the carried cards down
        return Click(where, double)

    def poll(self, now: float, holdable: Callable[[W], bool] = lambda where: True) -> Hold | None:
        """Each frame: a :class:`Hold` once the button has stayed down long enough on a
        column card that ``holdable`` accepts."""
        press = self._press
        if press is None or self.drag is not None or self.carry is not None:
            return None
        _, where, t0 = press
        if where is None or where.kind != PileKind.COLUMN or where.index is None or now - t0 < speeds.HOLD:
            return None
        if not holdable(where):
            return None
        self._press = None  # the release will not count as a click: it ends the hold
        self.holding = True
        return Hold(where.pile, where.index)
