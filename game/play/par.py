"""Par: the shortest line the solver finds for the deal on the table.

When a game begins (or its automatic level changes), :class:`Par` asks a
worker of its own (beside the live check's, so that the check never
supersedes it, and the window never waits) for the shortest line it can
find from the deal's start at the table's automatic level
(:data:`game.limits.PAR`). The answer is replayed through the rules engine
and counted as the status line counts moves (a run moved at once is one
move, automatic foundation moves are free, a Spider deal is one) before it
is used; the result panel shows it beside the player's moves, and the demo
plays it from any position on it::

    par = Par(jobs)
    par.follow(table)        # after each change: a new deal starts a new search
    par.poll()               # each step: True once the line has come
    par.sentence(31)         # '31 moves \u2014 par 26'
    par.rest_from(position)  # the par line from here, when the game is on it
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, NamedTuple, Protocol

from game.freecell.moves import Move
from game.freecell.position import Position
from game.session import FreeCellSession
from game.solver import Answer
from game.spider.moves import Move as SpiderMove
from game.spider.position import Position as SpiderPosition

if TYPE_CHECKING:
    from game.play.table import GameMove, GamePosition, Table
    from game.solver import SolverService

__all__ = ["Par", "ParLine", "par_here", "par_sentence", "rest_of"]


@dataclass(frozen=True)
class ParLine:
    """A replayed line from the deal's start and its length in status-line moves."""

    moves: int
    line: tuple[GameMove, ...]

    @cached_property
    def freecell_line(self) -> tuple[Move, ...] | None:
        """The line as FreeCell's moves (None: a Spider line)."""
        moves = tuple(m for m in self.line if isinstance(m, Move))
        return moves if len(moves) == len(self.line) else None


class _Key(NamedTuple):
    """The game par is searched for: a new one searches again."""

    game: str
    number: int
    suits: int
    level: str | None  # FreeCell's automatic level (None: Spider's)


class _Jobs(Protocol):
    """What par asks of the round's workers (:class:`game.play.jobs.Jobs`)."""

    def par_solver(self, game: str) -> SolverService: ...


def _key(table: Table) -> _Key:
    s = table.session
    return _Key(table.game, s.number, table.suits, s.auto_level if isinstance(s, FreeCellSession) else None)


def _level(level: str | None) -> str:
    """FreeCell's automatic level (its par is always searched at one)."""
    if level is None:
        raise ValueError("FreeCell's par is searched at an automatic foundation level")
    return level


def _start(key: _Key) -> tuple[GamePosition, list[str]]:
    """The deal's first position as the table shows it, and the cards its opening
    automatic moves sent home (FreeCell: the table makes them before any move)."""
    game, number, suits, level = key
    if game == "freecell":
        from game.freecell import deal

        pos = deal(number, auto_foundation=_level(level))
        return pos, [str(m) for m in pos.settle(_level(level))]
    from game.spider import deal as spider_deal

    return spider_deal(number, suits), []


def _exact(position: GamePosition) -> object:
    """The layout exactly (FreeCell's ``key`` ignores column order; a line's moves do not),
    compared only."""
    return position.layout() if isinstance(position, Position) else position.key()


def _counted(key: _Key, opening: list[str], line: tuple[GameMove, ...]) -> int | None:
    """``line``'s length as the status line counts it, replayed from the deal's start
    (None: it does not replay, or does not win)."""
    from game.challenges.lines import ProofError, replay_freecell, replay_spider

    game, number, suits, level = key
    try:
        if game == "freecell":
            steps = replay_freecell(number, opening + [str(m) for m in line], _level(level))
        else:
            steps = replay_spider(number, suits, [str(m) for m in line])
    except ProofError:
        return None
    return steps[-1].moves if steps else None


def par_here(game: str, number: int, suits: int = 1, level: str | None = "safe", *,
             seconds: float | None = None) -> ParLine | None:
    """The par search run in this process (scripts and screenshots; the game asks its worker).

    >>> par_here("freecell", 1, level="all", seconds=0.5).moves > 20
    True
    """
    from game import limits
    from game.solver.answers import Ask
    from game.solver.worker import run_job

    key = _Key(game, number, suits if game == "spider" else 1, level if game == "freecell" else None)
    start, opening = _start(key)
    limit = limits.par_limit(game)
    answer = run_job(Ask.PAR, start, {"budget": limit.states,
                                      "time_limit": limit.seconds if seconds is None else seconds})
    moves = _counted(key, opening, tuple(answer.line)) if answer.line else None
    return ParLine(moves, tuple(answer.line)) if moves is not None else None


def par_sentence(moves: int, par: int, demo: bool = False) -> str:
    """The result panel's moves line: ``31 moves \u2014 par 26`` (``demo``: the demo played some).

    >>> par_sentence(31, 26)
    '31 moves \u2014 par 26'
    >>> par_sentence(24, 26).startswith("24 moves \u2014 under par 26")
    True
    """
    from game.challenges.sentences import say

    if demo:
        return say("par.demo", moves=moves, par=par)
    key = "par.under" if moves < par else "par.one" if moves == 1 else "par"
    return say(key, moves=moves, par=par)


def rest_of(start: Position, line: tuple[Move, ...], position: Position) -> list[Move] | None:
    """FreeCell: par's ``line`` (every card movement from ``start``) from ``position``
    as the player moves left to make at the position's level, when the game stands
    on the line (None: it does not, or the line is not one of that level)."""
    from game.freecell.par import par_moves

    want = position.layout()
    pos = start.copy(stack=False)
    for i in range(len(line) + 1):
        if pos.layout() == want:
            return par_moves(position, line[i:], position.auto_level)
        if i < len(line):
            pos.push(line[i], auto=False)
    return None


class Par:
    """The par search of the game on the table, and its answer once replayed."""

    def __init__(self, jobs: _Jobs) -> None:
        self.jobs = jobs
        self.found: ParLine | None = None
        self._key: _Key | None = None
        self._start: GamePosition | None = None
        self._opening: list[str] = []
        self._request = 0

    @property
    def searching(self) -> bool:
        return self._request != 0

    def follow(self, table: Table) -> None:
        """The game on ``table`` changed: a new deal (or level) searches its par; the same one keeps it."""
        key = _key(table)
        if key == self._key:
            return
        self.cancel()
        self._key, self.found = key, None
        self._start, self._opening = _start(key)
        self._request = self.jobs.par_solver(table.game).ask_par(self._start)

    def poll(self) -> bool:
        """True once a par line has come (and replayed); never blocks."""
        if not self._request or self._key is None:
            return False
        for event in self.jobs.par_solver(self._key[0]).poll(self._request):
            if isinstance(event, Answer):
                self._request = 0
                moves = _counted(self._key, self._opening, tuple(event.line)) if event.line else None
                if moves is not None:
                    self.found = ParLine(moves, tuple(event.line))
                    return True
        return False

    def cancel(self) -> None:
        if self._request and self._key is not None:
            self.jobs.par_solver(self._key[0]).cancel(self._request)
        self._request = 0

    def forget(self) -> None:
        """Stop searching and forget the deal (the setting was turned off)."""
        self.cancel()
        self._key = self._start = self.found = None

    def sentence(self, moves: int, demo: bool = False) -> str:
        """The result panel's moves line: ``31 moves \u2014 par 26`` ("" before par is known;
        ``demo``: the demo played some of the game)."""
        return "" if self.found is None else par_sentence(moves, self.found.moves, demo)

    def found_for(self, table: Table) -> tuple[str, tuple[Move, ...]] | None:
        """``(level, line)`` of par when it is the par of the game on ``table`` (FreeCell), else None."""
        if self.found is None or self._key != _key(table) or self._key[0] != "freecell":
            return None
        line = self.found.freecell_line
        return None if line is None else (str(self._key[3]), line)

    def rest_from(self, position: GamePosition) -> tuple[GameMove, ...] | None:
        """The par line from ``position`` when the game stands on it (the demo plays it), else None."""
        if self.found is None or self._start is None:
            return None
        want = _exact(position)
        pos = self._start.copy()
        if _exact(pos) == want:
            return self.found.line
        freecell = self._key is not None and self._key[0] == "freecell"
        for i, move in enumerate(self.found.line):
            if freecell and isinstance(pos, Position) and isinstance(move, Move):
                pos.push(move, auto=False)
            elif not freecell and isinstance(pos, SpiderPosition) and isinstance(move, SpiderMove):
                pos.push(move)
            else:
                raise TypeError(f"{move!r} is not a move of {pos!r}'s game")
            if _exact(pos) == want:
                return self.found.line[i + 1:]
        return None

