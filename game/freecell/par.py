"""Par for FreeCell: the search that finds the shortest line it can from a position,
and that line counted as the table counts moves.

Par is one search, wherever it runs: the table's par from the deal's start
(:class:`game.play.par.Par`, in a worker of its own), the coach's review from
each position of a game (:mod:`game.freecell.review`), and the command line's
``solitaire solve``/``review``. So the review's lengths and the par the result
panel shows are measured alike::

    >>> from game.freecell import deal
    >>> start = deal(1, auto_foundation="safe")
    >>> result = par_search(start, "safe", states=2_000, seconds=None)
    >>> par_moves(start, result.moves, "safe") == result.player_moves
    True

Pure Python: no pygame, moderngl or glm.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game import limits
from game.freecell.moves import Move
from game.freecell.position import Position
from game.freecell.solver import SolveResult, solve

__all__ = ["par_moves", "par_search"]


def par_search(position: Position, level: str, *, states: int = limits.PAR.states,
               seconds: float | None = limits.PAR.seconds,
               cancel: Callable[[], bool] | None = None,
               progress: Callable[[int, int | None], None] | None = None) -> SolveResult:
    """Par's search from ``position`` at automatic foundation ``level``: the first
    line found, then the rest of the budget (``seconds``, or the ``states`` left
    when there is no clock) spent looking for shorter ones. ``result.player_moves``
    is the line as par counts it (a run moved at once is one move, automatic
    foundation moves are free); ``progress(states, best_length)`` as
    :func:`game.freecell.solver.solve` calls it."""
    return solve(position, budget=states, time_limit=seconds, improve=True, improve_seconds=seconds,
                 cancel=cancel, progress=progress, auto=level)


def par_moves(start: Position, card_moves: Sequence[Move], level: str) -> list[Move] | None:
    """Par's line (every card movement, as the solver gives it) as the player
    moves a table at ``level`` makes of it from ``start`` (the automatic
    foundation moves left to the table), or None when it does not win there.

    >>> from game.freecell import deal
    >>> start = deal(1, auto_foundation="safe")
    >>> par_moves(start, [Move.parse("1a")], "safe") is None  # one move wins nothing
    True
    """
    pos = start.copy(stack=False)
    out: list[Move] = []
    line = [str(m) for m in card_moves]
    i = 0
    while i < len(line):
        move = card_moves[i]
        if pos.why_illegal(move) is not None:
            return None
        pos.push(move, auto=level)
        autos = [str(m) for m in pos.undo_steps()[-1][1]]
        if line[i + 1:i + 1 + len(autos)] != autos:
            return None  # the line does not leave them to the table: not a line of this level
        out.append(move)
        i += 1 + len(autos)
    return out if pos.is_won() else None
