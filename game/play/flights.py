"""Card flights: the view catching up with a model that has already changed.

Animation is view state (STYLE practice 9): a move changes the position at
once; each card then flies from where it was to where it lands.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from game.render.layout import CardTransform

__all__ = ["Flights", "Key"]

Key = Any  # a card number (FreeCell) or a place key (kind, pile, index)


def _ease(u: float) -> float:
    return u * u * (3.0 - 2.0 * u)


@dataclass
class _Flight:
    start: CardTransform
    end: CardTransform
    t0: float
    duration: float
    lift: float


class Flights:
    """Cards on their way: the model has already changed; the view catches up.

    Each flight goes from where the card was to where it lands along a short
    arc with a lift; before its start time a card waits where it was (the
    automatic cards that follow a move go one after another).
    """

    def __init__(self) -> None:
        self.items: dict[Key, _Flight] = {}

    def add(self, key: Key, start: CardTransform, end: CardTransform, t0: float,
            duration: float, lift: float) -> None:
        if duration <= 0:
            self.items.pop(key, None)
            return
        self.items[key] = _Flight(start, end, t0, duration, lift)

    def at(self, now: float) -> dict[Key, CardTransform]:
        """Where every flying card is at ``now`` (a finished one is at rest: not
        listed). Only reads: :meth:`advance` drops the finished flights."""
        out: dict[Key, CardTransform] = {}
        for key, f in self.items.items():
            u = (now - f.t0) / f.duration
            if u >= 1.0:
                continue
            u = _ease(max(0.0, u))
            s, e = f.start, f.end
            out[key] = CardTransform(
                s.x + (e.x - s.x) * u, s.y + (e.y - s.y) * u,
                s.z + (e.z - s.z) * u + f.lift * math.sin(math.pi * u),
                s.yaw + (e.yaw - s.yaw) * u, s.flip + (e.flip - s.flip) * u)
        return out

    def advance(self, now: float) -> None:
        """Drop the flights that have landed by ``now`` (each fixed step)."""
        for key in [k for k, f in self.items.items() if now >= f.t0 + f.duration]:
            del self.items[key]

    def busy(self) -> bool:
        return bool(self.items)

    def land(self) -> None:
        """Finish every flight at once (input during a flight completes it first)."""
        self.items.clear()


def _transform(p: Any) -> CardTransform:
    return CardTransform(p.x, p.y, p.z, p.yaw, p.flip)
