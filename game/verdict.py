"""What a search proved, shared by the FreeCell and Spider solvers (pure Python).

Never more than the search proved: *solved* comes with a line the rules
engine replayed, *unsolvable* means every reachable position was examined,
*unknown* means a budget, a clock or a cancel came first.
"""

from __future__ import annotations

import enum

__all__ = ["Verdict", "SolverError"]


class Verdict(enum.Enum):
    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"
    UNKNOWN = "unknown"


class SolverError(RuntimeError):
    """A solver produced a line the rules engine refused: a bug, never shown to a player."""
