"""Highlights on the table, as plain values the controller makes and the renderer draws."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Mark"]


@dataclass(frozen=True)
class Mark:
    """A highlight: cards of pile ``(kind, pile)`` from ``start`` to its end, in ``style``.

    ``start=None`` means the pile's top card, or the empty slot itself when
    the pile is empty (a legal target that is an empty column, say).
    """

    kind: str
    pile: int
    start: int | None = None
    style: str = "selected"
