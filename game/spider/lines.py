"""A shorter winning line while the demo plays (full knowledge, pure Python).

The demo starts on the first line the quick search finds
(``solve(position, quick=True)``), which can wander: narrow beams win
sooner but take detours. While it plays, :func:`shorter_line` searches
from a position further along that line, with wider beams, for a line
shorter than what is left of it; the demo switches to it on arrival if it
has not got there yet.

    >>> from game.spider import deal
    >>> from game.spider.solver import solve
    >>> first = solve(deal(1, suits=1), quick=True).moves
    >>> r = shorter_line(deal(1, suits=1), len(first) + 50, budget=40_000)
    >>> r.verdict.value, r.replayed, len(r.moves) < len(first) + 50
    ('solved', True, True)

The answer is SOLVED only with a line shorter than ``than`` moves, replayed
through the rules engine; else UNKNOWN, with the reason: "no shorter line"
(lines found, none short enough), "cancelled", or why none was found
("budget", "time", "no line found"). It never says UNSOLVABLE: the beams prove
nothing, and a position on a winning line is winnable anyway.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from game.spider.beam import Beam
from game.spider.moves import Move
from game.spider.position import Position
from game.spider.shorten import shorten
from game.spider.solver import SolveResult, Verdict, replay_line
from game.spider.states import root

__all__ = ["LINE_SHORTEN_SECONDS", "SHORTER_BEAMS", "shorter_line"]

#: (width, face-down weight, empty-column weight) of the beams tried in turn:
#: wider than the quick search's first ones, its flavours, each line shortened.
SHORTER_BEAMS = ((60, 1, 1), (60, 2, 1), (60, 1, 2), (150, 1, 1), (150, 2, 1), (150, 1, 2),
                 (400, 1, 1), (400, 2, 1), (400, 1, 2))
#: Seconds each won line's shortening may take at most.
LINE_SHORTEN_SECONDS = 1.0
_POLL = 64  # expansions between looks at the clock and the cancel flag


def shorter_line(position: Position, than: int, *, budget: int = 1_000_000,
                 time_limit: float | None = None, cancel: Callable[[], bool] | None = None,
                 progress: Callable[[int, int], None] | None = None) -> SolveResult:
    """The shortest winning line the beams of :data:`SHORTER_BEAMS` find from
    ``position`` (not changed), if it has fewer than ``than`` moves.

    ``budget`` caps the positions expanded over all beams and ``time_limit``
    the seconds; the best line so far is kept when either runs out (then
    the reason says which). ``cancel()`` stops the search with no line;
    ``progress(states, best)`` (``best``: the shortest length so far, 0
    before any) comes every 64 expansions.
    """
    if than < 1:
        raise ValueError(f"than must be at least 1, not {than}")
    started = time.perf_counter()
    deadline = None if time_limit is None else started + time_limit
    state, deals = root(position)
    best: list[Move] | None = None
    expanded = 0
    reason = ""

    def tick() -> bool:
        nonlocal expanded, reason
        if expanded >= budget:
            reason = "budget"
            return True
        expanded += 1
        if expanded % _POLL:
            return False
        if deadline is not None and time.perf_counter() >= deadline:
            reason = "time"
        elif cancel is not None and cancel():
            reason = "cancelled"
        else:
            if progress is not None:
                progress(expanded, 0 if best is None else len(best))
            return False
        return True

    for width, down, empty in SHORTER_BEAMS:
        beam = Beam(deals, width, tick=tick, down_weight=down, empty_weight=empty)
        line = beam.run(state)
        if line is not None and reason != "cancelled":
            stop = time.perf_counter() + LINE_SHORTEN_SECONDS
            line = shorten(state, deals, line, deadline=stop if deadline is None else min(stop, deadline))
            if best is None or len(line) < len(best):
                best = line
        if beam.stopped:
            break
    result = SolveResult(Verdict.UNKNOWN, states=expanded)
    if reason == "cancelled":
        best = None
    if best is not None and len(best) < than:
        result.moves = replay_line(position, best)
        result.verdict = Verdict.SOLVED
        result.replayed = True
    elif best is not None:
        result.reason = "no shorter line"
    else:
        result.reason = reason or "no line found"
    result.seconds = time.perf_counter() - started
    return result
