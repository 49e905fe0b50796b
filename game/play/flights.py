"""Card flights: the view catching up with a model that has already changed.

Animation is view state (STYLE practice 9): a move changes the position at
once; each card then flies from where it was to where it lands.

Under reduced motion (the setting, or the desktop's own) nothing flies: each
card waits where it was until its turn and then steps to where it lands in
one frame (the automatic cards still one after another, so the player can
follow them), and the win's celebration is not played::

    >>> calm = Flights(reduced=lambda: True)
    >>> calm.add(1, CardTransform(0, 0, 0), CardTransform(5, 0, 0), t0=0.5, duration=0.24, lift=0.35)
    >>> calm.at(0.4)[1].x, calm.at(0.5), calm.last_landing()
    (0, {}, 0.5)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from game.places import PileKind
from game.render.layout import CardTransform

__all__ = ["Flights", "Key", "transform_of"]

Key = int | tuple[PileKind, int, int]  # a card number (FreeCell) or a place key (kind, pile, index)


class _Placed(Protocol):
    """Where a card stands: a laid-out card, or a transform."""

    @property
    def x(self) -> float: ...
    @property
    def y(self) -> float: ...
    @property
    def z(self) -> float: ...
    @property
    def yaw(self) -> float: ...
    @property
    def flip(self) -> float: ...


def _ease(u: float) -> float:
    return u * u * (3.0 - 2.0 * u)


@dataclass
class _Flight:
    start: CardTransform
    end: CardTransform
    t0: float
    duration: float
    lift: float
    #: "move" (a card on its way to where the rules put it) or "celebration" (the win's spin).
    kind: str = "move"
    #: A first leg flown before this one (a player's card to where the player put it,
    #: before it goes on home by itself); the card waits between the two.
    first: _Flight | None = None
    #: How far (world units, x and y) the card drifts at the top of its arc and back: a
    #: card lifted at the table's edge leans out of the window in the perspective, so
    #: the celebration's leap drifts towards the middle as it rises.
    drift: tuple[float, float] = (0.0, 0.0)

    @property
    def lands(self) -> float:
        return self.t0 + self.duration

    def leg(self, now: float) -> _Flight:
        """The leg that places the card at ``now``."""
        return self.first if self.first is not None and now < self.first.lands else self


class Flights:
    """Cards on their way: the model has already changed; the view catches up.

    Each flight goes from where the card was to where it lands along a short
    arc with a lift; before its start time a card waits where it was (the
    automatic cards that follow a move go one after another).
    """

    def __init__(self, reduced: Callable[[], bool] = lambda: False) -> None:
        self.items: dict[Key, _Flight] = {}
        #: Reduced motion is wanted now (read at each new flight: the setting takes effect at once).
        self.reduced = reduced
        #: How many times every flight was landed at once (what was on its way then has landed).
        self.skips = 0

    def add(self, key: Key, start: CardTransform, end: CardTransform, t0: float,
            duration: float, lift: float, kind: str = "move", drift: tuple[float, float] = (0.0, 0.0)) -> None:
        if self.reduced():
            if kind != "move":
                self.items.pop(key, None)  # no celebration leap
                return
            # A step: the card waits where it was until its turn (t0), then is where it lands.
            self.items[key] = _Flight(start, end, t0, 0.0, 0.0, kind)
            return
        if duration <= 0:
            self.items.pop(key, None)
            return
        self.items[key] = _Flight(start, end, t0, duration, lift, kind, drift=drift)

    def via(self, key: Key, stop: CardTransform, t0: float, duration: float, lift: float) -> None:
        """Fly ``key`` first from where its flight starts to ``stop``, from ``t0``; it waits
        there and its flight goes on from there at its own start time (when the first
        leg would not be over by then, nothing changes)."""
        f = self.items.get(key)
        step = self.reduced()
        if step:
            duration = 0.0  # the card steps to where it was put, and waits there
        if f is None or (duration <= 0 and not step) or t0 + duration > f.t0:
            return
        f.first = _Flight(f.start, stop, t0, duration, lift, f.kind)
        f.start = stop

    def start_from(self, moved: dict[CardTransform, CardTransform]) -> None:
        """Each flight (its first leg, if it has two) that starts at a place of ``moved``
        starts at the place it maps to instead (a dragged card flies from where it
        was let go, not from the pile it was taken from)."""
        for f in self.items.values():
            leg = f.first if f.first is not None else f
            new = moved.get(leg.start)
            if new is not None:
                leg.start = new

    def at(self, now: float) -> dict[Key, CardTransform]:
        """Where every flying card is at ``now`` (a finished one is at rest: not
        listed). Only reads: :meth:`advance` drops the finished flights."""
        out: dict[Key, CardTransform] = {}
        for key, whole in self.items.items():
            if now >= whole.lands:
                continue
            f = whole.leg(now)
            if f.duration <= 0:
                out[key] = f.start  # a step not taken yet: the card waits where it was
                continue
            u = (now - f.t0) / f.duration
            u = _ease(max(0.0, u))
            s, e = f.start, f.end
            arc = math.sin(math.pi * u)
            out[key] = CardTransform(
                s.x + (e.x - s.x) * u + f.drift[0] * arc, s.y + (e.y - s.y) * u + f.drift[1] * arc,
                s.z + (e.z - s.z) * u + f.lift * arc,
                s.yaw + (e.yaw - s.yaw) * u, s.flip + (e.flip - s.flip) * u)
        return out

    def advance(self, now: float) -> None:
        """Drop the flights that have landed by ``now`` (each fixed step)."""
        for key in [k for k, f in self.items.items() if now >= f.lands]:
            del self.items[key]

    def busy(self) -> bool:
        return bool(self.items)

    def moving(self, now: float) -> bool:
        """Some card is still on its way to where the rules put it at ``now`` (the
        win's celebration is not such a flight)."""
        return any(f.kind == "move" and now < f.t0 + f.duration for f in self.items.values())

    def last_landing(self) -> float:
        """When the last card on its way lands (-inf when none is)."""
        return max((f.t0 + f.duration for f in self.items.values() if f.kind == "move"), default=-math.inf)

    def celebrating(self, now: float) -> frozenset[Key]:
        """The cards spinning in the win's celebration at ``now``."""
        return frozenset(k for k, f in self.items.items() if f.kind == "celebration" and now < f.t0 + f.duration)

    def land(self) -> None:
        """Finish every flight at once (input during a flight completes it first)."""
        self.items.clear()
        self.skips += 1


def transform_of(p: _Placed) -> CardTransform:
    """Where a laid-out card (anything with ``x, y, z, yaw, flip``) stands, as a
    flight's start or end."""
    return CardTransform(p.x, p.y, p.z, p.yaw, p.flip)
