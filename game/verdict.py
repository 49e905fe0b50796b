"""What a search proved, shared by the FreeCell and Spider solvers (pure Python).

Never more than the search proved: *solved* comes with a line the rules
engine replayed, *unsolvable* means every reachable position was examined,
*unknown* means a budget, a clock or a cancel came first.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Generic, TypeVar

__all__ = ["SearchResult", "SolverError", "Verdict"]

M = TypeVar("M")


class Verdict(enum.Enum):
    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"
    UNKNOWN = "unknown"


class SolverError(RuntimeError):
    """A solver produced a line the rules engine refused: a bug, never shown to a player."""


@dataclass
class SearchResult(Generic[M]):
    """What a solver's search found and what it cost; each solver's
    ``SolveResult`` adds its own countings of the line."""

    verdict: Verdict
    #: The winning line (``SOLVED``), as the rules engine plays it.
    moves: list[M] = field(default_factory=list)
    states: int = 0  # positions expanded
    generated: int = 0  # distinct positions seen
    seconds: float = 0.0
    replayed: bool = False  # the line was played through the rules engine and won
    reason: str = ""  # for UNKNOWN: "budget", "time" or "cancelled"

    @property
    def first_move(self) -> M | None:
        """The line's first move: legal in the position the search started from."""
        return self.moves[0] if self.moves else None
