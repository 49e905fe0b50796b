"""Highlights on the table, as plain values the controller makes and the renderer draws."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.places import PileKind

__all__ = ["Mark", "last_move_marks"]


@dataclass(frozen=True)
class Mark:
    """A highlight: cards of pile ``(kind, pile)`` from ``start`` to its end
    (or to ``stop``, not included), in ``style``.

    ``start=None`` means the pile's top card, or the empty slot itself when
    the pile is empty (a legal target that is an empty column, say).
    Styles: ``selected``, ``target``, ``hint``, ``last`` (the last move's cards).

        >>> Mark("column", 3, 4, "last", stop=6).covers(5), Mark("column", 3, 4).covers(9)
        (True, True)
    """

    kind: PileKind
    pile: int
    start: int | None = None
    style: str = "selected"
    stop: int | None = None

    def covers(self, index: int, top: int | None = None) -> bool:
        """Whether the card at ``index`` is marked (``top``: the pile's top index, for ``start=None``)."""
        start = top if self.start is None else self.start
        return start is not None and index >= start and (self.stop is None or index < self.stop)


def last_move_marks(keys: Iterable[tuple[PileKind, int, int]]) -> list[Mark]:
    """The ``last`` marks for the cards at place keys ``(kind, pile, index)``, one per unbroken run.

        >>> C, F = PileKind.COLUMN, PileKind.FOUNDATION
        >>> marks = last_move_marks([(C, 2, 5), (C, 2, 6), (F, 1, 3), (C, 2, 8)])
        >>> [(str(m.kind), m.pile, m.start, m.stop) for m in marks]
        [('column', 2, 5, 7), ('column', 2, 8, 9), ('foundation', 1, 3, 4)]
    """
    by_pile: dict[tuple[PileKind, int], list[int]] = {}
    for kind, pile, index in keys:
        by_pile.setdefault((PileKind(kind), pile), []).append(index)
    out: list[Mark] = []
    for (kind, pile), indices in by_pile.items():
        indices.sort()
        start = prev = indices[0]
        for i in indices[1:] + [None]:
            if i is not None and i == prev + 1:
                prev = i
                continue
            out.append(Mark(kind, pile, start, "last", prev + 1))
            if i is not None:
                start = prev = i
    return out
