"""FreeCell hints: what the Hint button shows, computed from the solver (pure Python).

:func:`hint_for` runs the search here and now; the game runs it off the main
thread through the solver package's ``HintService`` (or ``SolverService.ask_hint``),
which sends :class:`Progress` while the search runs, then one :class:`Hint`
with one of three outcomes (SPEC §1.5):

* ``WIN``: ``move`` is the first move of a winning line, replayed by the engine;
* ``NO_WIN``: the search examined every reachable position: no winning line;
* ``UNFINISHED``: budget or time ran out; ``move`` is a sensible move and the
  text says the search did not finish. Never presented as a dead end.

    >>> from game.freecell import deal
    >>> hint = hint_for(deal(1), improve_seconds=0)
    >>> hint.kind, deal(1).is_legal(hint.move)
    (<HintKind.WIN: 'win'>, True)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from game.freecell.moves import Move
from game.freecell.position import Position

__all__ = ["Hint", "HintKind", "Progress", "hint_for"]


class HintKind(enum.Enum):
    WIN = "win"
    NO_WIN = "no win"
    UNFINISHED = "unfinished"


@dataclass(frozen=True)
class Progress:
    request: int
    states: int
    seconds: float


@dataclass(frozen=True)
class Hint:
    request: int
    kind: HintKind
    move: Move | None  # the move to show (None only when no legal move exists)
    line_length: int | None  # card movements of the winning line (WIN)
    states: int
    seconds: float

    @property
    def text(self) -> str:
        """What the game prints under the Hint button."""
        if self.kind is HintKind.WIN:
            return f"{self.move} (a winning line of {self.line_length} card moves)"
        if self.kind is HintKind.NO_WIN:
            return "No winning line exists from here"
        if self.move is None:
            return "The search did not finish, and no move is possible"
        return f"{self.move} (the search did not finish: no win is known yet)"


def hint_for(position: Position, *, budget: int = 150_000, time_limit: float | None = 3.0,
             improve_seconds: float = 0.75, cancel=None, progress=None, request: int = 0) -> Hint:
    """Compute one hint in this process (blocking: the game asks the solver service).

    After the first winning line, up to ``improve_seconds`` go to finding a
    shorter one: a hint is only as good as the line behind it.
    """
    from game.freecell.solver import Verdict, sensible_move, solve

    result = solve(position, budget=budget, time_limit=time_limit, improve=improve_seconds > 0,
                   improve_seconds=improve_seconds, cancel=cancel, progress=progress)
    if result.verdict is Verdict.SOLVED:
        return Hint(request, HintKind.WIN, result.first_move, result.card_moves, result.states, result.seconds)
    if result.verdict is Verdict.UNSOLVABLE:
        return Hint(request, HintKind.NO_WIN, None, None, result.states, result.seconds)
    return Hint(request, HintKind.UNFINISHED, sensible_move(position), None, result.states, result.seconds)
