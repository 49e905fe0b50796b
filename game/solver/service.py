"""One solver service per game: hints, the live check, the demo's line and
Rewind, all answered by one worker process, so the frame loop never waits.

Ask, then poll once a frame (neither ever blocks)::

    solver = SolverService("freecell")           # the process starts on the first ask
    check = solver.ask_check(position)           # after every move: returns an id at once
    hint = solver.ask_hint(position)             # Hint pressed: same position, no second search
    ...
    for event in solver.poll():                  # each frame
        if isinstance(event, Answer) and event.request == hint:
            show(event.move)                     # event.verdict: SOLVED / UNSOLVABLE / UNKNOWN
    solver.cancel()                              # drop everything not answered yet
    solver.close()                               # on quit

The demo and Rewind ask the same way and show "thinking…" until answered::

    line = solver.ask_line(position)             # Answer.line -> game.playback.Playback
    shorter = solver.ask_shorter(later, than=n)  # Spider, while the demo plays
    back = solver.ask_rewind(position, known=win.verdicts, known_lost=True)
                                                 # Answer.rewind: a RewindTarget, or None

    >>> from game.freecell import deal
    >>> with SolverService("freecell") as solver:
    ...     check = solver.ask_check(deal(1))
    ...     hint = solver.ask_hint(deal(1))      # rides on the check: one search
    ...     answers = wait_for_answers(solver, {check, hint})
    >>> [(a.kind.value, a.verdict.value, a.shared) for a in answers]
    [('check', 'solved', False), ('hint', 'solved', True)]
    >>> answers[1].move == answers[0].line[0], solver.searches
    (True, 1)

Rules the caller can rely on:

* Every request ends with exactly one :class:`Answer` (carrying its id),
  unless :meth:`cancel` dropped it. :class:`Progress` events may come before.
* A new request replaces the one the worker is running; the replaced
  request is answered ``UNKNOWN`` with ``reason == "superseded"`` at once,
  and whatever the worker still sends for it is dropped.
* Hint, check and line for the *same* position share one search: asked
  while one of them runs, the newcomer waits for it and is answered from its
  result (``Answer.shared``); asked after one was answered ``SOLVED`` or
  ``UNSOLVABLE``, it is answered from memory with no search. (A line whose
  shared search ran out of budget gets a search of its own. A Spider hint
  never shares: it sees only what the player sees.)
* A worker that dies (killed, crashed) answers its request ``UNKNOWN``
  with the reason on the next :meth:`poll`; the next request starts a new one.
* Several callers can share the service: ``poll(request)`` and
  ``cancel(request)`` touch only that request (plain ``poll()`` and
  ``cancel()`` take everything).
* The worker dies with the game, however the game dies (see
  :mod:`game.solver.procs`).
"""

from __future__ import annotations

import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from types import EllipsisType
from typing import TYPE_CHECKING, TypeAlias

from game import limits
from game.solver.answers import SUPERSEDED, Answer, Ask, Progress, Verdict
from game.solver.api import AnyMove, AnyPosition, Asked, HintGame, JobMessage, JobOptions
from game.solver.procs import ChildEnd, ParentEnd, ParentWatch, Worker

if TYPE_CHECKING:  # the rules load in the worker, not with the service
    from game.freecell.moves import Move as FreeCellMove
    from game.freecell.position import Key
    from game.freecell.position import Position as FreeCellPosition
    from game.spider.masked import MaskedView
    from game.spider.moves import Move as SpiderMove
    from game.spider.position import Position as SpiderPosition

__all__ = ["CHECK_BUDGET", "CHECK_SECONDS", "HintGame", "SolverService", "answer_pipes", "awaiting",
           "wait_for_answers"]


#: The exact position a line is valid for (FreeCell: the board, the cells and the
#: automatic level; Spider: the position's text).
_PositionKey: TypeAlias = "tuple[str, int, str] | str"

#: Default search limits per kind of request: (states, seconds), from
#: :mod:`game.limits` (where each is explained).
CHECK_BUDGET, CHECK_SECONDS = limits.CHECK
LIMITS: dict[Ask, tuple[int, float | None]] = {
    Ask.CHECK: limits.CHECK,
    Ask.HINT: limits.HINT,
    Ask.LINE: limits.LINE,
    Ask.SHORTER: limits.SHORTER,
    Ask.REWIND: limits.REWIND,
    Ask.PAR: limits.par_limit("freecell"),
    Ask.REVIEW: limits.REVIEW,
    Ask.TARGETS: limits.TARGETS,
}
#: Spider's own defaults where they differ (its fair hint, its par's beams).
SPIDER_LIMITS: dict[Ask, tuple[int, float | None]] = {
    Ask.HINT: limits.SPIDER_HINT,
    Ask.PAR: limits.par_limit("spider"),
}
#: Decided answers remembered per exact position.
MEMORY = limits.VERDICT_MEMORY
#: Events kept for a later ``poll`` (the oldest go first): nobody is waiting
#: for more than a few requests at once.
KEPT = 1000

_SHARING = {Ask.CHECK, Ask.HINT, Ask.LINE}

#: Every service alive in this process (for :func:`awaiting`).
_ALIVE: weakref.WeakSet[SolverService] = weakref.WeakSet()


def awaiting() -> bool:
    """Some service of this process has an answer coming that nobody has polled yet
    (the window's idle loop then looks again soon rather than sleeping a second)."""
    return answer_pipes() != []


def answer_pipes() -> list[ParentEnd] | None:
    """The pipes the answers this process awaits will come through (empty: none is
    coming), or None when one can only be seen by looking (it came already, or has no
    worker to come from): what an idle wait may sleep on instead of looking every
    quarter second (:class:`game.app.waiting.AnswerWaker`)."""
    pipes: list[ParentEnd] = []
    for s in list(_ALIVE):
        if s._out:
            return None
        if s.busy or s._riders:
            if s._worker is None:
                return None
            pipes.append(s._worker.conn)
    return pipes


@dataclass
class _Job:
    """A request the worker is running."""

    request: int
    ask: Ask
    key: _PositionKey | None  # the exact position (None: never shared)
    position: Asked
    options: JobOptions
    wanted: bool = True  # False: cancelled, still running for its riders


@dataclass
class _Rider:
    """A request waiting for the running job's answer."""

    request: int
    ask: Ask
    position: Asked
    options: JobOptions


def _snapshot(position: Asked) -> Asked:
    """The position as asked (a copy: the table goes on playing); masked views are frozen."""
    from game.spider.masked import MaskedView

    return position if isinstance(position, (MaskedView, tuple)) else position.copy()


class SolverService:
    """The solver worker of one game (``"freecell"`` or ``"spider"``).

    Cheap to create: the process starts on the first request that needs a
    search, and again after it died. Not thread-safe: drive it from one loop.
    """

    def __init__(self, game: str) -> None:
        if game not in ("freecell", "spider"):
            raise ValueError(f"no solver for {game!r}: 'freecell' or 'spider'")
        self.game = game
        #: Requests sent to the worker so far (answers shared or remembered do not count).
        self.searches = 0
        self._worker: Worker | None = None
        self._next = 0
        self._job: _Job | None = None
        self._riders: list[_Rider] = []
        self._out: list[Answer | Progress] = []
        self._known: OrderedDict[_PositionKey, Answer] = OrderedDict()
        self._pings = 0
        self._pong = 0
        _ALIVE.add(self)

    # --- asking -------------------------------------------------------------------------

    def ask_check(self, position: AnyPosition, *, budget: int | None = None,
                  time_limit: float | EllipsisType | None = ...) -> int:
        """Is ``position`` winnable? The answer's ``line`` is the winning line."""
        return self._ask(Ask.CHECK, position, self._limits(Ask.CHECK, budget, time_limit))

    def ask_hint(self, position: FreeCellPosition | MaskedView, *, budget: int | None = None,
                 time_limit: float | EllipsisType | None = ..., game: HintGame | None = None) -> int:
        """The move to show (``Answer.move``). FreeCell: the first move of a
        winning line (shortened for a moment), or a sensible move when the
        search did not finish; with ``game`` (the game that led to ``position``
        and par's line), the line the review's yardstick knows there
        (:class:`game.freecell.review.Yardstick`), the search only when it knows
        none. Spider: the fair hint, which sees only what
        the player sees (``Answer.advice``: every hint, best first); it takes
        the player's view (:func:`game.spider.masked.mask`, made in the caller's
        process), never a position: no hidden card reaches the worker."""
        options = self._limits(Ask.HINT, budget, time_limit)
        if game is not None:
            if self.game != "freecell":
                raise ValueError("a hint's game is FreeCell's (Spider's hint sees only the table)")
            options["game"] = {"start": game.start, "moves": [str(m) for m in game.moves],
                               "par": [str(m) for m in game.par],
                               "shown": {int(k): [str(m) for m in line] for k, line in game.shown.items()},
                               "follow": bool(game.follow),
                               # The yardstick searches as the review does: its budget is the review's.
                               "states": int(LIMITS[Ask.REVIEW][0])}
        return self._ask(Ask.HINT, position, options)

    def ask_line(self, position: AnyPosition, *, budget: int | None = None,
                 time_limit: float | EllipsisType | None = ...) -> int:
        """A winning line for the demo (Spider: the full-knowledge solver's,
        its quick order: a first line soon, then :meth:`ask_shorter`)."""
        return self._ask(Ask.LINE, position, self._limits(Ask.LINE, budget, time_limit))

    def ask_shorter(self, position: SpiderPosition, than: int, *, budget: int | None = None,
                    time_limit: float | EllipsisType | None = ...) -> int:
        """Spider: a winning line from ``position`` with fewer than ``than``
        moves (``Answer.line``, SOLVED), else UNKNOWN: the demo asks from a
        position further along the line it plays, and switches if it has not
        passed it yet (:meth:`game.playback.Playback.splice`)."""
        if self.game != "spider":
            raise ValueError("a shorter line is Spider's (FreeCell's demo line is shortened already)")
        if than < 1:
            raise ValueError(f"than must be at least 1, not {than}")
        options = self._limits(Ask.SHORTER, budget, time_limit)
        options["than"] = int(than)
        return self._ask(Ask.SHORTER, position, options)

    def ask_par(self, position: AnyPosition, *, budget: int | None = None,
                time_limit: float | EllipsisType | None = ...) -> int:
        """The shortest winning line the search finds from ``position`` in its
        time (FreeCell: the anytime search at the position's automatic level;
        Spider: the quick order, then the shorter-line beams). Ask a service
        of its own: any other request to the same worker supersedes it."""
        return self._ask(Ask.PAR, position, self._limits(Ask.PAR, budget, time_limit))

    def ask_rewind(self, position: FreeCellPosition, *, known: Mapping[Key, Verdict] | None = None,
                   known_lost: bool = False, budget: int | None = None,
                   time_limit: float | EllipsisType | None = ...) -> int:
        """FreeCell: how far back to undo (``Answer.rewind``, a ``RewindTarget``).

        ``position`` carries its history; ``known`` (e.g. ``Winnability.verdicts``)
        and ``known_lost`` as for :func:`game.freecell.winnability.rewind_target`.
        """
        if self.game != "freecell":
            raise ValueError("rewind is FreeCell's")
        options = self._limits(Ask.REWIND, budget, time_limit)
        if known:
            # Only the positions the walk back can meet travel to the worker.
            walk = position.copy()
            keys = [walk.key()]
            while walk.move_count:
                walk.pop()
                keys.append(walk.key())
            options["known"] = {k: known[k] for k in keys if k in known}
        options["known_lost"] = known_lost
        return self._ask(Ask.REWIND, position, options)

    def ask_review(self, start: AnyPosition, moves: Iterable[AnyMove], *, known_lost: bool = False,
                   budget: int | None = None, time_limit: float | EllipsisType | None = ...,
                   total_seconds: float | None = None, par: Iterable[FreeCellMove] | None = None,
                   shown: Mapping[int, Iterable[FreeCellMove]] | None = None) -> int:
        """Every move of a game graded (``Answer.review``, a
        :class:`game.freecell.review.Review` or, for Spider, knowing every card, a
        :class:`game.spider.review.SpiderReview`); :class:`Progress` events carry
        the moves graded so far (``graded``). ``start`` is the position the
        game started from (FreeCell: at the table's level), ``moves`` the player
        moves; the limits are each new search's (FreeCell:
        :data:`game.limits.REVIEW`; Spider: :mod:`game.spider.review`'s), ``budget``
        and ``time_limit`` where given (None: no clock).
        FreeCell's ``par``: par's line from ``start`` (every card movement, as
        :class:`game.play.par.Par` found it), the review's length of the start;
        without it the worker runs par's search first, with par's limit. ``shown``: the hints' lines
        shown in the game (player moves), by move count. Ask a
        service of its own: any other request to the same worker supersedes it."""
        if self.game != "freecell":
            options: JobOptions = {"moves": [str(m) for m in moves]}
            if budget is not None:
                options["states"] = budget
            if time_limit is not ...:
                options["seconds"] = time_limit
            if total_seconds is not None:
                options["total_seconds"] = total_seconds
            return self._ask(Ask.REVIEW, start, options)
        options = self._limits(Ask.REVIEW, budget, time_limit)
        options["moves"] = [str(m) for m in moves]
        options["known_lost"] = known_lost
        if par is not None:
            options["par"] = [str(m) for m in par]
        else:
            options["par_limit"] = limits.Limit(*LIMITS[Ask.PAR])  # the table's par's own search
        if shown:
            options["shown"] = {int(k): [str(m) for m in line] for k, line in shown.items()}
        if total_seconds is not None:
            options["total_seconds"] = total_seconds
        return self._ask(Ask.REVIEW, start, options)

    def ask_fair_review(self, views: Sequence[MaskedView], moves: Iterable[SpiderMove], *,
                        total_seconds: float | None = None) -> int:
        """Spider: every move judged by the fair search over the table the player saw
        before it (``views``: :func:`game.spider.masked.mask` of each, made in the
        caller's process; ``Answer.review``, a :class:`game.spider.fair_review.FairReview`;
        :class:`Progress` events carry the moves judged so far)."""
        if self.game != "spider":
            raise ValueError("the fair review is Spider's (FreeCell has nothing face down)")
        options: JobOptions = {"fair": True, "moves": [str(m) for m in moves]}
        if total_seconds is not None:
            options["total_seconds"] = total_seconds
        return self._ask(Ask.REVIEW, tuple(views), options)

    def ask_targets(self, position: FreeCellPosition, moves: Iterable[FreeCellMove]) -> int:
        """FreeCell: whether each of ``moves`` keeps the win (``Answer.verdicts``, in order;
        see :func:`game.freecell.review.grade_targets`)."""
        if self.game != "freecell":
            raise ValueError("target grades are FreeCell's")
        options = self._limits(Ask.TARGETS, None, ...)
        options["moves"] = [_notation(m) for m in moves]
        return self._ask(Ask.TARGETS, position, options)

    # --- each frame ---------------------------------------------------------------------

    def poll(self, request: int | None = None) -> list[Answer | Progress]:
        """Everything that has arrived, in order; never blocks.

        With ``request``, only that request's events; the others wait for a
        later poll (so that several callers can share one service, each
        polling for its own requests; at most :data:`KEPT` wait).
        """
        self._receive()
        if request is None:
            out, self._out = self._out, []
            return out
        out = [e for e in self._out if e.request == request]
        if out:
            self._out = [e for e in self._out if e.request != request]
        return out

    @property
    def busy(self) -> bool:
        """A request is waiting for the worker (False again once :meth:`poll`
        has returned its answer, or the worker was found dead)."""
        return self._job is not None

    @property
    def pid(self) -> int | None:
        """The worker's process id (None before it starts)."""
        return None if self._worker is None else self._worker.pid

    def cancel(self, request: int | None = None) -> None:
        """Drop every request not answered yet, and answers not yet polled
        (with ``request``: only that one's). The worker stops its search
        within milliseconds unless another request still waits for it;
        nothing more arrives for the dropped requests."""
        if request is None:
            self._out = []
            self._riders = []
        else:
            self._out = [e for e in self._out if e.request != request]
            self._riders = [r for r in self._riders if r.request != request]
        job = self._job
        if job is None or (request is not None and job.request != request and job.wanted):
            return
        job.wanted = False
        if not self._riders:
            if self._worker is not None:
                self._worker.send(("cancel", job.request))
            self._job = None

    def close(self) -> None:
        """Stop the worker (on quit). The service may be used again after."""
        self.cancel()
        if self._worker is not None:
            self._worker.stop()
            self._worker = None

    def wait(self, timeout: float = 60.0) -> bool:
        """Block until the worker has handled everything sent to it so far
        (its answers are then waiting for :meth:`poll`). For scripts and
        tests: a frame loop never calls it. False on timeout or a dead worker."""
        worker = self._worker
        if worker is None:
            return True
        self._pings += 1
        if not worker.send(("ping", self._pings)):
            self._receive()
            return False
        end = time.monotonic() + timeout
        while self._pong < self._pings:
            left = end - time.monotonic()
            if left <= 0 or self._worker is not worker:
                return False
            worker.conn.poll(min(left, 0.1))
            self._receive()
        return True

    def __enter__(self) -> SolverService:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- inside -------------------------------------------------------------------------

    def _limits(self, ask: Ask, budget: int | None, time_limit: float | EllipsisType | None) -> JobOptions:
        """The request's limits; left out (``None`` budget, ``...`` time): the kind's default.
        A ``time_limit`` of None means no clock (the budget alone stops the search)."""
        b, t = SPIDER_LIMITS[ask] if self.game == "spider" and ask in SPIDER_LIMITS else LIMITS[ask]
        return {"budget": b if budget is None else budget,
                "time_limit": t if time_limit is ... else time_limit}

    def _key(self, ask: Ask, position: Asked) -> _PositionKey | None:
        """The exact position (a line is only valid on the very layout it was found for)."""
        from game.freecell.position import Position as FreeCellPosition

        if ask not in _SHARING or (ask is Ask.HINT and self.game == "spider"):
            return None
        if isinstance(position, FreeCellPosition):
            # The level too: a line for "safe" may not play where every card goes home.
            return (position.board(always_headers=True), len(position.cells), position.auto_level)
        return str(position)

    def _ask(self, ask: Ask, position: Asked, options: JobOptions) -> int:
        self._check_position(ask, position)
        self._next += 1
        rid = self._next
        # A hint with its game is the yardstick's line, never another request's.
        key = None if "game" in options else self._key(ask, position)
        known = self._known.get(key) if key is not None else None
        job = self._job
        if known is not None:
            self._supersede()
            self._out.append(self._derived(known, rid, ask))
        elif job is not None and key is not None and job.key == key:
            self._riders.append(_Rider(rid, ask, _snapshot(position), options))
        else:
            self._supersede()
            self._start(_Job(rid, ask, key, _snapshot(position), options))
        return rid

    def _check_position(self, ask: Ask, position: object) -> None:
        wanted: type[object]
        if self.game == "spider" and ask is Ask.REVIEW and isinstance(position, tuple):
            from game.spider.masked import MaskedView

            if not all(isinstance(v, MaskedView) for v in position):
                raise TypeError("the fair review takes the player's views (game.spider.masked.mask)")
            return
        if self.game == "freecell":
            from game.freecell.position import Position as wanted
        elif ask is Ask.HINT:
            # Honest by construction: Spider's hint is asked with what the player sees.
            from game.spider.masked import MaskedView as wanted
        else:
            from game.spider.position import Position as wanted
        if not isinstance(position, wanted):
            what = "player's view (game.spider.masked.mask)" if wanted.__name__ == "MaskedView" else "position"
            raise TypeError(f"the {self.game} solver's {ask.value} takes a {self.game} {what}, "
                            f"not a {type(position).__module__}.{type(position).__name__}")

    def _start(self, job: _Job) -> None:
        message: JobMessage = ("job", job.request, job.ask, job.position, job.options)
        for _ in range(2):  # a worker found dead here is replaced once
            if self._worker is None or not self._worker.alive():
                self._reap()
                self._worker = Worker(_target(), f"{self.game}-solver")
            if self._worker.send(message):
                self.searches += 1
                self._job = job
                return
            self._reap()
        self._out.append(Answer(job.request, job.ask, Verdict.UNKNOWN,
                                reason="the solver process could not be started"))

    def _supersede(self) -> None:
        """Answer the running job and its riders as superseded; the worker drops it."""
        job, riders = self._job, self._riders
        if job is None:
            return
        if self._worker is not None:
            self._worker.send(("cancel", job.request))
        self._job, self._riders = None, []
        for rid, ask in _waiting(job, riders):
            self._out.append(Answer(rid, ask, Verdict.UNKNOWN, reason=SUPERSEDED))

    def _receive(self) -> None:
        worker = self._worker
        if worker is None:
            return
        alive = worker.alive()
        try:
            while worker.conn.poll():
                self._take(worker.conn.recv())
        except (EOFError, OSError):
            alive = False
        if not alive:
            self._died(worker)
        if len(self._out) > KEPT:
            del self._out[:-KEPT]

    def _take(self, event: object) -> None:
        """One thing the worker sent (read as ``object``: the pipe is a boundary)."""
        if isinstance(event, tuple) and len(event) == 2 and event[0] == "pong" and isinstance(event[1], int):
            self._pong = max(self._pong, event[1])
            return
        job = self._job
        if job is None or not isinstance(event, (Answer, Progress)) or event.request != job.request:
            return  # for a request superseded or cancelled (stale), or not the worker's to send
        if isinstance(event, Progress):
            if job.wanted:
                self._out.append(event)
            self._out.extend(replace(event, request=r.request, kind=r.ask) for r in self._riders)
            return
        self._job = None
        riders, self._riders = self._riders, []
        if job.wanted:
            self._out.append(event)
        if job.key is not None and event.verdict is not Verdict.UNKNOWN:
            self._remember(job.key, event)
        self._answer_riders(event, riders)

    def _answer_riders(self, answer: Answer, riders: Iterable[_Rider]) -> None:
        again: _Rider | None = None
        for r in riders:
            if (answer.verdict is Verdict.UNKNOWN and r.ask is Ask.LINE and answer.kind is not Ask.LINE
                    and answer.reason.startswith(("budget", "time"))):
                again = r  # the demo wants a line: give it a search with its own limits
            else:
                self._out.append(self._derived(answer, r.request, r.ask))
        if again is not None:
            self._start(_Job(again.request, again.ask, self._key(again.ask, again.position),
                             again.position, again.options))

    def _derived(self, answer: Answer, rid: int, ask: Ask) -> Answer:
        return replace(answer, request=rid, kind=ask, shared=True)

    def _remember(self, key: _PositionKey, answer: Answer) -> None:
        self._known[key] = answer
        self._known.move_to_end(key)
        while len(self._known) > MEMORY:
            self._known.popitem(last=False)

    def _died(self, worker: Worker) -> None:
        code = worker.process.exitcode
        self._reap()
        job, riders = self._job, self._riders
        self._job, self._riders = None, []
        if job is None:
            return
        reason = f"the solver process stopped (exit code {code})"
        for rid, ask in _waiting(job, riders):
            self._out.append(Answer(rid, ask, Verdict.UNKNOWN, reason=reason))

    def _reap(self) -> None:
        if self._worker is not None:
            self._worker.kill()
            self._worker = None


def _waiting(job: _Job, riders: list[_Rider]) -> list[tuple[int, Ask]]:
    """The requests that wait for ``job``'s answer."""
    return [(job.request, job.ask)] * job.wanted + [(r.request, r.ask) for r in riders]


def _notation(move: FreeCellMove) -> str:
    """A FreeCell move with its count always written (``38v1``): read back exactly."""
    text = str(move)
    return text if "v" in text or move.source >= 8 or move.dest >= 8 else f"{text}v1"


def _target() -> Callable[[ChildEnd, ParentWatch], None]:
    from game.solver.worker import serve

    return serve


def wait_for_answers(service: SolverService, requests: set[int], timeout: float = 60.0) -> list[Answer]:
    """Poll until every request in ``requests`` is answered; the answers in
    arrival order. For scripts, tools and tests (it sleeps between polls).
    Raises TimeoutError when ``timeout`` seconds pass first."""
    found: list[Answer] = []
    left = set(requests)
    end = time.monotonic() + timeout
    while left:
        for event in service.poll():
            if isinstance(event, Answer) and event.request in left:
                found.append(event)
                left.discard(event.request)
        if not left:
            break
        if time.monotonic() > end:
            raise TimeoutError(f"no answer to request(s) {sorted(left)} within {timeout} s")
        time.sleep(0.005)
    return found
