"""The hint service: the solver in a separate process, so the frame loop never waits.

The game asks, keeps playing, and polls once a frame::

    service = HintService()
    request = service.ask(position)          # returns at once
    ...
    for event in service.poll():             # never blocks
        if isinstance(event, Hint) and event.request == request:
            show(event)
    service.cancel()                         # the player moved: drop the search
    service.close()

A Python thread would share the interpreter lock with the frame loop; a
process does not (kpat restarts its ``SolverThread`` after every move; here
the next ``ask`` or ``cancel`` stops the running search within a few
milliseconds). Events are :class:`Progress` while the search runs, then one
:class:`Hint` with one of three outcomes (SPEC §1.5):

* ``WIN``: ``move`` is the first move of a winning line, replayed by the engine;
* ``NO_WIN``: the search examined every reachable position: no winning line;
* ``UNFINISHED``: budget or time ran out; ``move`` is a sensible move and the
  text says the search did not finish. Never presented as a dead end.
"""

from __future__ import annotations

import enum
import multiprocessing as mp
import time
from dataclasses import dataclass

from game.procs import WorkerService
from game.freecell.moves import Move
from game.freecell.position import Position

__all__ = ["HintService", "Hint", "HintKind", "Progress", "hint_for"]


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
    """Compute one hint in this process (the service runs this in its worker).

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


def _worker(requests: mp.Queue, events: mp.Queue, current) -> None:  # pragma: no cover - child process
    while True:
        job = requests.get()
        if job is None:
            return
        rid, board, cells, budget, seconds = job
        if current.value != rid:
            continue  # superseded before it started
        pos = Position.parse(board, free_cells=cells)
        started = time.monotonic()
        last = [started]

        def cancel() -> bool:
            return current.value != rid

        def progress(states: int, _best: int | None) -> None:
            now = time.monotonic()
            if now - last[0] >= 0.1:
                last[0] = now
                events.put(Progress(rid, states, now - started))

        hint = hint_for(pos, budget=budget, time_limit=seconds, cancel=cancel, progress=progress, request=rid)
        if current.value == rid:
            events.put(hint)


class HintService(WorkerService):
    """Owns the solver process. Cheap to create; the process starts on the first ask."""

    def __init__(self, budget: int = 150_000, time_limit: float = 3.0) -> None:
        super().__init__(_worker, "freecell-hints")
        self.budget = budget
        self.time_limit = time_limit

    def ask(self, position: Position) -> int:
        """Start a search on a copy of ``position``; cancels the one running. Returns its id."""
        return self._submit((position.board(), len(position.cells), self.budget, self.time_limit))

    def poll(self) -> list[Progress | Hint]:
        """Events of the current request that have arrived; never blocks."""
        return self._drain(lambda event: isinstance(event, Hint))

    def __enter__(self) -> "HintService":
        return self
