"""The worker process's side: run one request at a time, and die with the parent.

:func:`run_job` answers one request in the calling process (the worker runs
it; tests call it directly)::

    >>> from game.freecell import deal
    >>> a = run_job(Ask.CHECK, deal(1), {})
    >>> a.verdict, a.move == a.line[0], len(a.line) > 50
    (<Verdict.SOLVED: 'solved'>, True, True)

:func:`serve` is the process's main loop. Messages from the parent:
``("job", id, ask, position, options)``, ``("cancel", id)``,
``("ping", n)`` and ``None`` (stop). Any job, cancel or stop that arrives
during a search stops the search (the parent has moved on) and its answer
is not sent; a ping is answered with ``("pong", n)`` once everything before
it is done.
"""

from __future__ import annotations

import os
import signal
import time
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, TypeAlias

from game import limits
from game.freecell.position import Position as FreeCellPosition
from game.playback import line_wins
from game.solver.answers import Answer, Ask, Progress, Verdict
from game.solver.api import AnyMove, AnyPosition, Asked, FromWorker, HintGameMessage, JobOptions, to_worker
from game.solver.procs import ChildEnd, ParentWatch

if TYPE_CHECKING:
    from game.freecell.moves import Move as FreeCellMove
    from game.freecell.review import Yardstick
    from game.freecell.solver import SolveResult
    from game.grading import GradedMove
    from game.spider.fair_review import FairJudged
    from game.spider.masked import MaskedView
    from game.spider.moves import Move as SpiderMove
    from game.spider.position import Position as SpiderPosition
    from game.spider.solver import SolveResult as SpiderResult

__all__ = ["HINT_IMPROVE_SECONDS", "WORKER_NICE", "run_job", "serve"]

#: After a hint's first winning line, seconds spent looking for a shorter one
#: (:data:`game.limits.HINT_IMPROVE_SECONDS`).
HINT_IMPROVE_SECONDS = limits.HINT_IMPROVE_SECONDS
#: Seconds between progress events.
PROGRESS_EVERY = 0.1

#: The moves a review has graded so far (a :class:`Progress` event's ``graded``).
Graded: TypeAlias = "tuple[GradedMove[FreeCellMove | SpiderMove] | FairJudged, ...]"


class Reporter(Protocol):
    """A job's progress: the states searched, and for a review the moves graded so far
    and the positions done (a search alone reports only its states)."""

    def __call__(self, states: int, graded: Graded = (), done: int = 0) -> None: ...


def run_job(ask: Ask, position: Asked, options: JobOptions, *,
            cancel: Callable[[], bool] | None = None,
            progress: Reporter | None = None, request: int = 0) -> Answer:
    """Answer one request about ``position`` (FreeCell or Spider) here and now.

    ``options``: ``budget`` and ``time_limit`` of each search; for ``REWIND``
    also ``known`` (verdicts by ``position.key()``) and ``known_lost``; for
    ``SHORTER`` (Spider) ``than``, the length to beat.
    A FreeCell search is for the position's own automatic foundation level
    (``position.auto_level``, which travels with it): the line's player
    moves play under it, and "all" searches the game where every fitting
    card goes home (see :mod:`game.freecell.solver`).
    ``cancel()`` stops the search; ``progress(states)`` is called now and then.
    """
    # Spider's classes load with the first Spider request (a FreeCell worker never needs them).
    from game.spider.masked import MaskedView
    from game.spider.position import Position as SpiderPosition

    budget = int(options.get("budget", 100_000))
    time_limit = options.get("time_limit")
    if ask is Ask.REWIND:
        return _rewind(position, budget, time_limit, options, cancel, progress, request)
    if ask is Ask.REVIEW:
        return _review(position, budget, time_limit, options, cancel, progress, request)
    if ask is Ask.TARGETS:
        from game.freecell.review import grade_targets

        if not isinstance(position, FreeCellPosition):
            raise TypeError("target grades are FreeCell's")
        started = time.perf_counter()
        verdicts = grade_targets(position, [position.parse_move(t) for t in options.get("moves", ())],
                                 states=budget, seconds=time_limit, cancel=cancel)
        return Answer(request, ask, Verdict.UNKNOWN, seconds=time.perf_counter() - started,
                      verdicts=tuple(Verdict(v.value) for v in verdicts))
    if ask is Ask.HINT and not isinstance(position, FreeCellPosition):
        if not isinstance(position, MaskedView):  # never the full-knowledge solver's move
            raise TypeError("Spider's hint takes the player's view (game.spider.masked.mask)")
        return _spider_hint(position, budget, time_limit, cancel, request)
    if ask is Ask.HINT and "game" in options and isinstance(position, FreeCellPosition):
        known = _yardstick_hint(position, options["game"], cancel, progress, request)
        if known is not None:
            return known
        if (cancel is not None and cancel()) or options["game"].get("follow"):
            return Answer(request, ask, Verdict.UNKNOWN, reason="no line known")

    def on_progress(states: int, _best: int | None) -> None:
        if progress is not None:
            progress(states)

    result: SolveResult | SpiderResult
    counted: int | None = None  # FreeCell: the line in player moves
    if isinstance(position, FreeCellPosition):
        from game.freecell.par import par_search
        from game.freecell.solver import sensible_move, solve

        if ask is Ask.PAR:  # par's one search (the review's too)
            result = par_search(position, position.auto_level, states=budget, seconds=time_limit, cancel=cancel,
                                progress=on_progress)
        else:
            hint = ask is Ask.HINT
            result = solve(position, budget=budget, time_limit=time_limit, improve=hint,
                           improve_seconds=HINT_IMPROVE_SECONDS if hint else None,
                           cancel=cancel, progress=on_progress, auto=position.auto_level)
        counted = len(result.player_moves)
    elif not isinstance(position, SpiderPosition):
        raise TypeError(f"the {ask.value} takes a FreeCell or Spider position, not a {type(position).__name__}")
    elif ask is Ask.PAR:
        result = _spider_par(position, budget, time_limit, cancel, on_progress)
    elif ask is Ask.SHORTER:
        from game.spider.lines import shorter_line

        result = shorter_line(position, int(options.get("than", 1)), budget=budget, time_limit=time_limit,
                              cancel=cancel, progress=on_progress)
    else:
        from game.spider.solver import solve as spider_solve

        # The demo's line: the quick order (a first line within seconds; the
        # demo asks for a shorter one while it plays).
        result = spider_solve(position, budget=budget, time_limit=time_limit, cancel=cancel,
                              progress=on_progress, quick=ask is Ask.LINE)
    verdict = Verdict(result.verdict.value)
    reason = result.reason
    line: tuple[AnyMove, ...] = ()
    if verdict is Verdict.SOLVED:
        line = tuple(result.moves)
        if not _wins(position, line):
            verdict, line, reason = Verdict.UNKNOWN, (), "the solver's line did not replay"
    move = line[0] if line else None
    if verdict is Verdict.UNKNOWN and isinstance(position, FreeCellPosition):
        move = sensible_move(position)
    counted = counted if line else None
    return Answer(request, ask, verdict, line, move, result.states, result.seconds, reason,
                  player_moves=counted)


#: The review's yardstick for the game this worker serves (one game per worker):
#: the positions its forward pass examined stay for the next hint.
_YARDSTICK: list[Yardstick] = []


def _yardstick_hint(position: FreeCellPosition, game: HintGameMessage, cancel: Callable[[], bool] | None,
                    progress: Callable[[int], None] | None, request: int) -> Answer | None:
    """The hint the review's yardstick gives at ``position`` (the end of ``game``'s moves
    from its start): the first move of the line the review will know there, and the
    line as every card movement (replayed); None when it knows none, when par's line
    does not replay from the start, or when the game does not lead to ``position``."""
    from game.freecell.moves import Move
    from game.freecell.par import par_moves
    from game.freecell.review import Yardstick

    started = time.perf_counter()
    start, level = game["start"], position.auto_level
    if not isinstance(start, FreeCellPosition):
        return None
    moves = [Move.parse(t) for t in game["moves"]]
    par = par_moves(start, [Move.parse(t) for t in game["par"]], level)
    if par is None:
        return None
    walk = start.copy(stack=False)
    for move in moves:
        walk.push(move, auto=level)
    if walk.layout() != position.layout():
        return None
    states = int(game.get("states", limits.REVIEW.states))
    if not _YARDSTICK or _YARDSTICK[0].states != states:
        _YARDSTICK[:] = [Yardstick(states)]
    yardstick = _YARDSTICK[0]
    shown = {int(k): [Move.parse(t) for t in line] for k, line in game.get("shown", {}).items()}
    line = yardstick.line(start, moves, level, par=par, shown=shown, cancel=cancel, progress=progress)
    if not line:
        return None
    cards: list[FreeCellMove] = []
    for move in line:
        walk.push(move, auto=level)
        played, autos = walk.undo_steps()[-1]
        cards += [played, *autos]
    if not walk.is_won() or not _wins(position, tuple(cards)):
        return None
    return Answer(request, Ask.HINT, Verdict.SOLVED, tuple(cards), line[0], yardstick.spent,
                  time.perf_counter() - started, player_moves=len(line))


def _spider_hint(view: MaskedView, budget: int, time_limit: float | None,
                 cancel: Callable[[], bool] | None, request: int) -> Answer:
    """Spider's Hint sees only what the player sees (SPEC §2.3): the fair search
    over the player's view (:mod:`game.spider.advice`), never the solver; the
    view was masked in the game's process, so no hidden card is here to read.
    ``time_limit`` is a safety net (the search counts nodes, so it repeats
    exactly); past it the samples searched so far decide."""
    from game.spider.advice import HINT_SEED, advise_view

    start = time.perf_counter()
    stop = None if time_limit is None else start + time_limit

    def stopped() -> bool:
        return (cancel is not None and cancel()) or (stop is not None and time.perf_counter() > stop)

    advice = advise_view(view, seed=HINT_SEED, budget=budget, cancel=stopped)
    return Answer(request, Ask.HINT, Verdict.UNKNOWN, move=advice.hints[0], states=advice.nodes,
                  seconds=time.perf_counter() - start, reason="visible information only", advice=advice)


def _spider_par(position: SpiderPosition, budget: int, time_limit: float | None, cancel: Callable[[], bool] | None,
                progress: Callable[[int, int], None]) -> SpiderResult:
    """Spider's par: the quick order's first line, then the shorter-line beams for the time left."""
    from game.spider.lines import shorter_line
    from game.spider.solver import solve as spider_solve

    started = time.perf_counter()
    first = spider_solve(position, budget=budget, time_limit=time_limit, cancel=cancel, progress=progress, quick=True)
    if first.verdict.value != "solved" or (cancel is not None and cancel()):
        return first
    left = None if time_limit is None else max(0.0, time_limit - (time.perf_counter() - started))
    if left == 0.0:
        return first
    better = shorter_line(position, len(first.moves), budget=max(1, budget - first.states), time_limit=left,
                          cancel=cancel, progress=progress)
    return better if better.verdict.value == "solved" and better.moves else first


def _wins(position: AnyPosition, line: tuple[AnyMove, ...]) -> bool:
    """The line, played through the rules engine on a copy, wins."""
    return line_wins(position, line)


def _rewind(position: Asked, budget: int, time_limit: float | None, options: JobOptions,
            cancel: Callable[[], bool] | None, progress: Callable[[int], None] | None,
            request: int) -> Answer:
    from game.freecell.solver import solve
    from game.freecell.winnability import rewind_target

    if not isinstance(position, FreeCellPosition):
        raise TypeError("rewind is FreeCell's")
    started = time.perf_counter()
    states = [0]

    def counted(pos: FreeCellPosition, /, *, budget: int, time_limit: float | None) -> SolveResult:
        def on_progress(n: int, _best: int | None) -> None:
            if progress is not None:
                progress(states[0] + n)

        result = solve(pos, cancel=cancel, progress=on_progress, auto=pos.auto_level, budget=budget,
                       time_limit=time_limit)
        states[0] += result.states
        return result

    target = rewind_target(position, counted, budget=budget, time_limit=time_limit,
                           known=options.get("known"), known_lost=bool(options.get("known_lost")))
    seconds = time.perf_counter() - started
    if target is None:
        return Answer(request, Ask.REWIND, Verdict.UNKNOWN, states=states[0], seconds=seconds,
                      reason="no earlier position was proven winnable")
    return Answer(request, Ask.REWIND, Verdict.SOLVED, move=target.losing_move, states=states[0],
                  seconds=seconds, rewind=target)


#: How much nicer than the game a worker runs (POSIX ``nice``): the window's
#: frames come first. On a 2-core machine a worker at the game's own priority
#: took a core from the software renderer's two threads while par's 10-second
#: search ran at every new deal, and the live check's search, woken by a drop,
#: delayed that drop's first frame. At 5 a busy window still leaves a search
#: about a third of the share it had (its time limits stay meaningful).
WORKER_NICE = 5


def _review(start: Asked, budget: int, time_limit: float | None, options: JobOptions,
            cancel: Callable[[], bool] | None, progress: Reporter | None,
            request: int) -> Answer:
    """The game review of ``options["moves"]`` (notation) played from ``start`` at its
    level; progress events carry the moves graded so far."""
    from game.freecell.moves import Move
    from game.freecell.par import par_moves
    from game.freecell.review import Review, ReviewRun

    if not isinstance(start, FreeCellPosition):
        return _spider_review(start, options, cancel, progress, request)
    par = options.get("par")
    run = ReviewRun(start, [Move.parse(t) for t in options.get("moves", ())], start.auto_level,
                    states=budget, seconds=time_limit,
                    total_seconds=float(options.get("total_seconds", limits.REVIEW_TOTAL_SECONDS)),
                    known_lost=bool(options.get("known_lost")),
                    par=None if par is None else par_moves(start, [Move.parse(t) for t in par], start.auto_level),
                    par_limit=limits.Limit(*options.get("par_limit", limits.PAR)),
                    shown={int(k): [Move.parse(t) for t in line] for k, line in options.get("shown", {}).items()})
    if _YARDSTICK and not options.get("known_lost"):
        # Asked of the table's yardstick worker: the positions its pass examined
        # as the game was played are read, not searched again.
        _YARDSTICK[0].reuse(run)
    while run.step(cancel):
        if cancel is not None and cancel():
            break
        if progress is not None:
            progress(run.states, tuple(run.graded()), run.done)
    seconds = time.perf_counter() - run.started
    review = Review(run.start, run.moves, run.level, run.graded(), seconds, run.states, run.finished)
    return Answer(request, Ask.REVIEW, run.known[0].verdict, states=run.states, seconds=seconds,
                  reason="" if run.finished else "cancelled", review=review)


def _spider_review(start: Asked, options: JobOptions, cancel: Callable[[], bool] | None,
                   progress: Reporter | None, request: int) -> Answer:
    """Spider's review, knowing every card (:mod:`game.spider.review`), reported as FreeCell's is;
    with ``options["fair"]``, the fair review of the player's views (``start``: one a move)."""
    from game.spider import Move
    from game.spider.position import Position as SpiderPosition
    from game.spider.review import SECONDS, STATES, TOTAL_SECONDS, SpiderReviewRun

    if options.get("fair"):
        return _spider_fair_review(start, [Move.parse(t) for t in options.get("moves", ())], options, cancel,
                                   progress, request)

    if not isinstance(start, SpiderPosition):
        raise TypeError("Spider's review takes a Spider position")
    run = SpiderReviewRun(start, [Move.parse(t) for t in options.get("moves", ())],
                          states=options.get("states", STATES), seconds=options.get("seconds", SECONDS),
                          total_seconds=options.get("total_seconds", TOTAL_SECONDS))
    while run.step(cancel):
        if cancel is not None and cancel():
            break
        if progress is not None:
            progress(run.states, tuple(run.graded()), run.done)
    review = run.review()
    return Answer(request, Ask.REVIEW, run.verdicts[0], states=run.states, seconds=review.seconds,
                  reason="" if run.finished else "cancelled", review=review)


def _spider_fair_review(views: Asked, moves: list[SpiderMove], options: JobOptions,
                        cancel: Callable[[], bool] | None, progress: Reporter | None, request: int) -> Answer:
    """Spider's fair review (:mod:`game.spider.fair_review`): no hidden card is here to read."""
    from game.spider.fair_review import FairReviewRun

    if not isinstance(views, tuple):
        raise TypeError("the fair review takes the player's views")
    run = FairReviewRun(views, moves, total_seconds=options.get("total_seconds"))
    while run.step(cancel):
        if progress is not None:
            progress(run.states, tuple(run.judged), len(run.judged))
    review = run.review()
    return Answer(request, Ask.REVIEW, Verdict.UNKNOWN, states=run.states, seconds=review.seconds,
                  reason="" if run.finished else "cancelled", review=review)


def _reporter(send: Callable[[FromWorker], None], rid: int, ask: Ask) -> Reporter:
    """One job's progress callback: its figures sent at most once per ``PROGRESS_EVERY`` seconds
    (none for a par search: nobody shows its progress, and each event would wake an idle
    window from its sleep: :class:`game.app.waiting.AnswerWaker`)."""
    if ask is Ask.PAR:
        return _silent
    started = time.monotonic()
    last = [started]

    def progress(states: int, graded: Graded = (), done: int = 0) -> None:
        now = time.monotonic()
        if now - last[0] >= PROGRESS_EVERY:
            last[0] = now
            send(Progress(rid, ask, states, now - started, graded, done))

    return progress


def _silent(states: int, graded: Graded = (), done: int = 0) -> None:
    """A progress nobody shows."""


def serve(conn: ChildEnd, watch: ParentWatch) -> None:  # pragma: no cover - child process
    """The worker's main loop (the process target)."""
    watch.arm()
    if hasattr(os, "nice"):
        try:
            os.nice(WORKER_NICE)
        except OSError:
            pass  # no lower priority to be had: the search runs as before
    # Ctrl-C in a terminal reaches the whole process group: the game decides
    # what it means, and when the game ends the pipe's end-of-file ends this.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # What arrived, as it came (``object``): read by :func:`to_worker` when its turn comes.
    inbox: deque[object] = deque()

    def send(message: FromWorker) -> None:
        try:
            conn.send(message)
        except OSError:
            os._exit(0)  # the parent is gone

    def pull() -> None:
        """Move what has arrived into the inbox; the parent's death ends the process."""
        try:
            while conn.poll():
                inbox.append(conn.recv())
        except (EOFError, OSError):
            os._exit(0)

    def replaced() -> bool:
        """Something newer than the running job has arrived (polled by the search)."""
        if watch.parent_gone():
            os._exit(0)
        pull()
        return any(not _is_ping(m) for m in inbox)

    while True:
        while not inbox:
            # Wake now and then to look at the parent pid too; EOF is the main signal.
            if conn.poll(0.5) or watch.parent_gone():
                pull()
                if watch.parent_gone():
                    os._exit(0)
        received = inbox.popleft()
        try:
            message = to_worker(received)
        except TypeError as exc:  # answered as a failed search is, when it names a job
            refused = _refused(received, exc)
            if refused is not None and not any(not _is_ping(m) for m in inbox):
                send(refused)
            continue
        if message is None:
            return
        if message[0] == "ping":
            send(("pong", message[1]))
            continue
        if message[0] != "job" or any(not _is_ping(m) for m in inbox):
            continue  # a cancel, or a job superseded before it started
        _, rid, ask, position, options = message
        try:
            answer = run_job(ask, position, options, cancel=replaced, progress=_reporter(send, rid, ask), request=rid)
        except Exception as exc:  # noqa: BLE001  # a bug or a bad position: answered, never a dead worker
            answer = Answer(rid, ask, Verdict.UNKNOWN, reason=f"solver error: {exc}")
        if not replaced():
            send(answer)


def _is_ping(message: object) -> bool:
    """A ping (it waits for the job before it; anything else replaces that job)."""
    return isinstance(message, tuple) and len(message) > 0 and message[0] == "ping"


def _refused(received: object, why: TypeError) -> Answer | None:
    """The answer to a job the worker cannot read (its position or options), as a
    search that failed is answered; None when ``received`` names no job."""
    if (isinstance(received, tuple) and len(received) == 5 and received[0] == "job"
            and isinstance(received[1], int) and isinstance(received[2], Ask)):
        return Answer(received[1], received[2], Verdict.UNKNOWN, reason=f"solver error: {why}")
    return None
