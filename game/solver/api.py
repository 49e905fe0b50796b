"""The solver service's shapes: what a caller may ask it (:class:`Solver` and the
narrower protocols the panels use), what it answers with, and the messages that
cross to the worker process and back.

A table or a panel that only reviews needs only :class:`ReviewSolver`, so a test
can hand it a stand-in with those three methods::

    from game.solver.api import ReviewSolver

    class Coach:
        def __init__(self, service: Callable[[], ReviewSolver] | None = None) -> None: ...

:class:`game.solver.service.SolverService` is every one of them (``tests/test_solver_api.py``
has mypy check that). The messages are plain tuples and dicts, pickled across the
pipe as before; their types here are what mypy holds both ends to::

    ("job", request, ask, position, options)     # JobMessage: options a JobOptions
    ("cancel", request)  ("ping", n)  None        # CancelMessage, PingMessage, stop
    Answer  Progress  ("pong", n)                 # FromWorker

The worker reads what arrives as ``object`` and narrows it (:func:`to_worker`):
a pipe is a boundary, whatever the sender's types promised.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import EllipsisType
from typing import TYPE_CHECKING, Literal, Protocol, TypeAlias, TypedDict, TypeVar, cast

from game.limits import Limit
from game.solver.answers import Answer, Ask, Progress, Verdict

if TYPE_CHECKING:  # the rules load in the worker, not with the service
    from game.freecell.moves import Move as FreeCellMove
    from game.freecell.position import Key
    from game.freecell.position import Position as FreeCellPosition
    from game.spider.masked import MaskedView
    from game.spider.moves import Move as SpiderMove
    from game.spider.position import Position as SpiderPosition

__all__ = [
    "AnyMove",
    "AnyPosition",
    "Asked",
    "CancelMessage",
    "FairReviewSolver",
    "FromWorker",
    "HintGame",
    "HintGameMessage",
    "JobMessage",
    "JobOptions",
    "PingMessage",
    "Polled",
    "PongMessage",
    "ReviewSolver",
    "Solver",
    "ToWorker",
    "asked",
    "freecell_line",
    "job_options",
    "spider_line",
    "to_worker",
]

#: Either game's move (a line of the solver's, a move to show).
AnyMove: TypeAlias = "FreeCellMove | SpiderMove"
#: Either game's position, as the rules engines play it.
AnyPosition: TypeAlias = "FreeCellPosition | SpiderPosition"
#: What a request is about: a position, Spider's player's view (the fair hint), or the
#: views before each move (the fair review).
Asked: TypeAlias = "FreeCellPosition | SpiderPosition | MaskedView | tuple[MaskedView, ...]"
_M = TypeVar("_M")
#: One event :meth:`Solver.poll` returns.
Polled: TypeAlias = "Answer | Progress"


@dataclass(frozen=True)
class HintGame:
    """The game behind a FreeCell hint: the position it started from (at the
    table's level), the player moves since, par's line from the start (every
    card movement, as the table's par found it) and the hints' lines shown
    (player moves, by move count)."""

    start: FreeCellPosition
    moves: tuple[FreeCellMove, ...]
    par: tuple[FreeCellMove, ...]
    shown: Mapping[int, Sequence[FreeCellMove]]
    #: Only the yardstick's line: when it knows none, answer so (no search of the
    #: hint's own; the table follows the game with it and asks that search itself).
    follow: bool = False


class HintGameMessage(TypedDict):
    """A FreeCell hint's game (:class:`game.solver.service.HintGame`) as it travels:
    the moves in notation, the start as the position itself."""

    start: FreeCellPosition
    moves: list[str]
    par: list[str]
    shown: dict[int, list[str]]
    follow: bool
    #: The yardstick's budget per search (the review's).
    states: int


class JobOptions(TypedDict, total=False):
    """A request's options (each kind reads the ones it knows; see
    :func:`game.solver.worker.run_job`). Every search's limits:"""

    budget: int
    time_limit: float | None
    #: ``HINT`` (FreeCell): the game behind it, for the review's yardstick.
    game: HintGameMessage
    #: ``SHORTER``: the length to beat.
    than: int
    #: ``REWIND``: verdicts already known, by position key; the position is already proven lost.
    known: dict[Key, Verdict]
    known_lost: bool
    #: ``REVIEW`` and ``TARGETS``: the moves in notation. ``REVIEW`` (FreeCell) also par's
    #: line and the hints' lines shown, by move count.
    moves: list[str]
    par: list[str]
    shown: dict[int, list[str]]
    #: ``REVIEW`` (FreeCell) given no par line: par's search's limit, the table's par's own.
    par_limit: Limit
    #: ``REVIEW``: the whole review's time; Spider's own limits per search; the fair review.
    total_seconds: float
    states: int
    seconds: float | None
    fair: bool


#: The messages to the worker (``None`` stops it).
JobMessage: TypeAlias = "tuple[Literal['job'], int, Ask, Asked, JobOptions]"
CancelMessage: TypeAlias = "tuple[Literal['cancel'], int]"
PingMessage: TypeAlias = "tuple[Literal['ping'], int]"
ToWorker: TypeAlias = "JobMessage | CancelMessage | PingMessage | None"
#: What comes back: the answer to a job, its progress, a ping's pong.
PongMessage: TypeAlias = "tuple[Literal['pong'], int]"
FromWorker: TypeAlias = "Answer | Progress | PongMessage"


def to_worker(message: object) -> ToWorker:
    """``message`` as it came through the pipe, checked to be one the worker reads
    (``TypeError`` with the reason if not): the tag, the request's number, and for a
    job its kind, what it is about (a position or the player's views) and options
    whose names :class:`JobOptions` knows (each request checks the values it reads).

    >>> to_worker(("ping", 3)), to_worker(None)
    (('ping', 3), None)
    >>> to_worker(("jbo", 3))
    Traceback (most recent call last):
    ...
    TypeError: not a message for the solver's worker: ('jbo', 3)
    """
    if message is None:
        return None
    if not (isinstance(message, tuple) and len(message) >= 2 and isinstance(message[1], int)):
        raise TypeError(f"not a message for the solver's worker: {message!r}")
    tag, request = message[0], message[1]
    if tag == "cancel" and len(message) == 2:
        return ("cancel", request)
    if tag == "ping" and len(message) == 2:
        return ("ping", request)
    if tag != "job" or len(message) != 5 or not isinstance(message[2], Ask):
        raise TypeError(f"not a message for the solver's worker: {message!r}")
    return ("job", request, message[2], asked(message[3]), job_options(message[4]))


def asked(position: object) -> Asked:
    """``position`` if a request can be about it (``TypeError`` if not)."""
    from game.freecell.position import Position as FreeCellPosition
    from game.spider.masked import MaskedView
    from game.spider.position import Position as SpiderPosition

    if isinstance(position, (FreeCellPosition, SpiderPosition, MaskedView)):
        return position
    if isinstance(position, tuple) and all(isinstance(v, MaskedView) for v in position):
        return tuple(v for v in position if isinstance(v, MaskedView))
    raise TypeError(f"a request is about a position or the player's views, not a {type(position).__name__}")


def job_options(options: object) -> JobOptions:
    """``options`` if every name in it is one of :class:`JobOptions` (``TypeError`` if not):
    a misspelt option would otherwise be ignored, the request run with the default."""
    if not isinstance(options, dict):
        raise TypeError(f"a request's options are a dict, not a {type(options).__name__}")
    unknown = sorted(str(k) for k in options if k not in JobOptions.__optional_keys__)
    if unknown:
        raise TypeError(f"unknown option(s) of a request: {', '.join(unknown)}")
    return cast(JobOptions, options)  # its names checked above; each request checks the values it reads


def freecell_line(line: Iterable[object]) -> tuple[FreeCellMove, ...]:
    """An answer's line as FreeCell moves (``TypeError`` if another game's: asked of the wrong service)."""
    from game.freecell.moves import Move as FreeCellMove

    return _moves(line, FreeCellMove)


def spider_line(line: Iterable[object]) -> tuple[SpiderMove, ...]:
    """An answer's line as Spider moves and deals (``TypeError`` if another game's)."""
    from game.spider.moves import Move as SpiderMove

    return _moves(line, SpiderMove)


def _moves(line: Iterable[object], kind: type[_M]) -> tuple[_M, ...]:
    given = tuple(line)
    out = tuple(m for m in given if isinstance(m, kind))
    if len(out) != len(given):
        raise TypeError(f"a line of {kind.__module__} moves was asked for, not {given!r}")
    return out


class _Polls(Protocol):
    """Asking returns a request's number at once; the answers come by polling."""

    def poll(self, request: int | None = None) -> list[Answer | Progress]:
        """Everything that has arrived (with ``request``: that request's only); never blocks."""
        ...

    def cancel(self, request: int | None = None) -> None:
        """Drop every request not answered yet (with ``request``: that one)."""
        ...


class ReviewSolver(_Polls, Protocol):
    """What the game review asks (:class:`game.play.coach.Coach`)."""

    def ask_review(self, start: AnyPosition, moves: Iterable[AnyMove], *, known_lost: bool = False,
                   budget: int | None = None, time_limit: float | EllipsisType | None = ...,
                   total_seconds: float | None = None, par: Iterable[FreeCellMove] | None = None,
                   shown: Mapping[int, Iterable[FreeCellMove]] | None = None) -> int:
        """Every move of a game graded (``Answer.review``)."""
        ...


class FairReviewSolver(_Polls, Protocol):
    """What Spider's fair review asks (:class:`game.play.fair_coach.FairCoach`)."""

    def ask_fair_review(self, views: Sequence[MaskedView], moves: Iterable[SpiderMove], *,
                        total_seconds: float | None = None) -> int:
        """Every move judged over the table the player saw before it."""
        ...


class Solver(ReviewSolver, FairReviewSolver, Protocol):
    """One game's solver in the background: every request a table, a panel or a
    tool makes (:class:`game.solver.service.SolverService`; its notes give the
    rules every implementation keeps: one answer per request, a newer request
    supersedes the running one, several callers may share it)."""

    @property
    def game(self) -> str:
        """``"freecell"`` or ``"spider"``."""
        ...

    @property
    def busy(self) -> bool:
        """A request is waiting for its answer."""
        ...

    def ask_check(self, position: AnyPosition, *, budget: int | None = None,
                  time_limit: float | EllipsisType | None = ...) -> int:
        """Is ``position`` winnable?"""
        ...

    def ask_hint(self, position: FreeCellPosition | MaskedView, *, budget: int | None = None,
                 time_limit: float | EllipsisType | None = ..., game: HintGame | None = None) -> int:
        """The move to show (FreeCell: a position; Spider: the player's view)."""
        ...

    def ask_line(self, position: AnyPosition, *, budget: int | None = None,
                 time_limit: float | EllipsisType | None = ...) -> int:
        """A winning line for the demo."""
        ...

    def ask_shorter(self, position: SpiderPosition, than: int, *, budget: int | None = None,
                    time_limit: float | EllipsisType | None = ...) -> int:
        """Spider: a winning line shorter than ``than`` moves."""
        ...

    def ask_par(self, position: AnyPosition, *, budget: int | None = None,
                time_limit: float | EllipsisType | None = ...) -> int:
        """The shortest winning line the search finds in its time."""
        ...

    def ask_rewind(self, position: FreeCellPosition, *, known: Mapping[Key, Verdict] | None = None,
                   known_lost: bool = False, budget: int | None = None,
                   time_limit: float | EllipsisType | None = ...) -> int:
        """FreeCell: how far back to undo."""
        ...

    def ask_targets(self, position: FreeCellPosition, moves: Iterable[FreeCellMove]) -> int:
        """FreeCell: whether each of ``moves`` keeps the win."""
        ...

    def close(self) -> None:
        """Stop the worker (on quit)."""
        ...

