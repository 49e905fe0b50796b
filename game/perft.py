"""Perft: the leaf count of the move tree to a depth, as chess engines count,
for any position with ``legal_moves``, ``push`` and ``pop`` (both games).

    >>> from game.spider.deals import deal
    >>> pos = deal(1, suits=1)
    >>> perft(pos, 1) == len(pos.legal_moves())
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

__all__ = ["MoveTree", "perft"]

M = TypeVar("M")


class MoveTree(Protocol[M]):
    """A position whose moves can be listed, played and taken back (either game's)."""

    def legal_moves(self) -> Sequence[M]: ...
    def push(self, move: M) -> object: ...
    def pop(self) -> object: ...


def perft(position: MoveTree[M], depth: int) -> int:
    """Leaf count of the move tree to ``depth`` plies (Spider's deals included)."""
    if depth <= 0:
        return 1
    moves = position.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        position.push(m)
        total += perft(position, depth - 1)
        position.pop()
    return total
