"""Solution playback (the demo): the solver's line played move by move.

A :class:`Playback` plays a winning line from the position on the table
through the game's own rules engine, one card movement per step, so the
view can fly each card as usual. The loop calls :meth:`Playback.update`
once a frame and animates what it returns::

    demo = Playback(session, line)           # line: valid from session.position
    ...
    for move in demo.update(dt):             # [] while paused or between moves
        animate(move)
    demo.paused = not demo.paused            # the pause button
    demo.step_forward(); demo.step_back()    # the step buttons (they pause)
    demo.speed = 0.2                         # seconds per move
    demo.stop()                              # the player takes over here
    if demo.touched: don't record this game in the statistics

For FreeCell the line is the solver's ``result.moves`` (every card movement,
automatic foundation moves included). Played on a session, each step is a
move as a player makes it (:meth:`game.session.FreeCellSession.play_line`):
the automatic moves the line makes right after it go with it, so the demo's
moves count as the same game's by hand; on a bare position each card movement
is pushed with ``auto=False``, one step each. For Spider it is the full-knowledge
solver's ``result.moves`` (deals included); the view should say the solver
saw the face-down cards and the stock (:attr:`Playback.full_knowledge`).

    >>> from game.freecell import deal
    >>> from game.freecell.solver import solve
    >>> pos = deal(1)
    >>> line = solve(pos).moves
    >>> demo = Playback(pos, line, speed=0.5)
    >>> demo.update(0.4), demo.update(0.7) == line[:2]     # 1.1 s: two moves
    ([], True)
    >>> demo.step_back() is line[1], demo.paused, pos.move_count
    (True, True, 1)
    >>> while demo.step_forward(): pass
    >>> demo.finished, pos.is_won(), demo.touched
    (True, True, True)

The target is a session (anything with a ``position`` attribute, read
afresh on every step) or a bare position. Pure Python: no pygame, moderngl
or glm.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol, TypeAlias, runtime_checkable

from game.freecell.moves import Move as FreeCellMove
from game.freecell.position import Position as FreeCellPosition
from game.session import push_line_step

if TYPE_CHECKING:
    from game.spider.moves import Move as SpiderMove
    from game.spider.position import Position as SpiderPosition

__all__ = ["DEFAULT_SPEED", "MAX_STEPS_PER_UPDATE", "LinePlayer", "Playback", "Played", "line_wins", "solve_line"]

#: A move of either game's line.
LineMove: TypeAlias = "FreeCellMove | SpiderMove"


@runtime_checkable
class Played(Protocol):
    """A session the demo plays on: it reads the session's position afresh on every step
    (:class:`game.session.SpiderSession`; FreeCell's is a :class:`LinePlayer`)."""

    @property
    def position(self) -> FreeCellPosition | SpiderPosition: ...


@runtime_checkable
class LinePlayer(Played, Protocol):
    """A FreeCell session: the demo's steps are made as a player makes them
    (:class:`game.session.FreeCellSession`), so they count as the same game by hand."""

    @property
    def position(self) -> FreeCellPosition: ...

    def play_line(self, line: Sequence[FreeCellMove]) -> int:
        """Play the line's first move with the automatic moves after it; how many it took."""
        ...

    def pop_plain(self) -> FreeCellMove:
        """Take back the last step :meth:`play_line` made."""
        ...


#: What a demo plays on: a session, or a bare position.
Target: TypeAlias = "Played | FreeCellPosition | SpiderPosition"

#: Seconds per move at the start, and the limits the speed control keeps to.
DEFAULT_SPEED = 0.35
MIN_SPEED = 0.03
MAX_SPEED = 3.0
#: Moves one update may play when a frame comes late: the rest of the time is
#: dropped (the demo slows down rather than dumping a burst of flights).
MAX_STEPS_PER_UPDATE = 3


class Playback:
    """Plays ``line`` (moves legal in turn from the target's current position).

    ``paused`` stops :meth:`update` from advancing; the step methods work
    either way and pause the playback (a player stepping wants to look).
    """

    def __init__(self, target: Target, line: Sequence[LineMove], *, speed: float = DEFAULT_SPEED,
                 paused: bool = False) -> None:
        self._target = target
        self.line: list[LineMove] = list(line)
        self.index = 0  # moves of the line played so far
        self.paused = paused
        self._speed = DEFAULT_SPEED
        self.speed = speed
        self._clock = 0.0  # seconds accumulated towards the next move
        self.stopped = False
        #: True once the demo has played a move: the game must not count in the statistics.
        self.touched = False
        pos = self.position
        self.full_knowledge = not isinstance(pos, FreeCellPosition)
        # Where the demo started in the undo history: what step_back returns to.
        self._base = len(pos.move_stack)
        #: The line's moves each step of the demo took (a FreeCell move with its automatic ones).
        self._taken: list[int] = []
        # Spider charges a point per undo; the demo's step back restores the score.
        self._scores: list[tuple[int, int]] = []
        self._steps = self._count_steps()

    # --- reading --------------------------------------------------------------------

    @property
    def position(self) -> FreeCellPosition | SpiderPosition:
        """The position being played (the session's current one)."""
        t = self._target
        return t.position if isinstance(t, Played) else t

    @property
    def speed(self) -> float:
        """Seconds per move (kept within ``MIN_SPEED``..``MAX_SPEED``)."""
        return self._speed

    @speed.setter
    def speed(self, seconds: float) -> None:
        self._speed = min(MAX_SPEED, max(MIN_SPEED, float(seconds)))

    @property
    def finished(self) -> bool:
        """Every move of the line is played (the game is won for a solver line)."""
        return self.index >= len(self.line)

    @property
    def active(self) -> bool:
        """Still in control of the table: neither stopped nor out of sync."""
        return not self.stopped

    @property
    def demo_plies(self) -> range:
        """The undo-stack indices holding demo moves now (``position.move_stack[i]``)."""
        return range(self._base, self._base + len(self._taken))

    @property
    def steps(self) -> tuple[int, int]:
        """The demo's moves played and in all, counted as the game counts them: a FreeCell
        move played on a session takes the automatic moves after it with it, so a line of
        88 card movements may be 40 moves, as many as the same game played by hand."""
        return len(self._taken), self._steps

    @property
    def next_move(self) -> LineMove | None:
        return None if self.finished else self.line[self.index]

    # --- driving ----------------------------------------------------------------------

    def update(self, dt: float) -> list[LineMove]:
        """Advance by ``dt`` seconds; returns the moves played now (to animate)."""
        if self.paused or self.stopped or self.finished:
            self._clock = 0.0
            return []
        self._clock += dt
        played: list[LineMove] = []
        while self._clock >= self._speed and not self.finished:
            if len(played) == MAX_STEPS_PER_UPDATE:
                self._clock = 0.0
                break
            self._clock -= self._speed
            move = self._forward()
            if move is None:
                break
            played.append(move)
        return played

    def step_forward(self) -> LineMove | None:
        """Play the next move now (and pause); returns it, or None at the end."""
        self.paused = True
        self._clock = 0.0
        return self._forward()

    def step_back(self) -> LineMove | None:
        """Take back the last demo move (and pause); returns it, or None at the
        demo's start. Stepping back never goes before where the demo began."""
        self.paused = True
        self._clock = 0.0
        if self.stopped or self.index == 0 or not self._in_sync():
            return None
        pos = self.position
        move: LineMove
        if isinstance(pos, FreeCellPosition) and isinstance(self._target, LinePlayer):
            move = self._target.pop_plain()
        else:
            move = pos.pop()
        if self._scores and not isinstance(pos, FreeCellPosition):  # Spider's: kept per step
            pos.score, pos.move_count = self._scores.pop()
        self.index -= self._taken.pop()
        return move

    def splice(self, at: int, rest: Sequence[LineMove]) -> bool:
        """Play ``rest`` instead of the line's moves after its first ``at``
        (a shorter ending found while the demo plays); True when switched.

        Only while the demo has not passed ``at``, and only if the line's
        moves from here to ``at`` and then ``rest``, played through the rules
        engine on a copy, are legal and win. Else nothing changes.
        """
        if self.stopped or not self.index <= at <= len(self.line) or not self._in_sync():
            return False
        line = self.line[:at] + list(rest)
        if not line_wins(self.position, line[self.index:]):
            return False
        self.line = line
        self._steps = self._count_steps()
        return True

    def stop(self) -> None:
        """End the demo: the position stays where it is and the player plays on."""
        self.stopped = True
        self.paused = True

    # --- inside -----------------------------------------------------------------------

    def _in_sync(self) -> bool:
        """The history is still the demo's: nobody else pushed or popped meanwhile."""
        pos = self.position
        ok = len(pos.move_stack) == self._base + len(self._taken)
        if not ok:
            self.stop()  # the player moved: the line no longer applies
        return ok

    def _count_steps(self) -> int:
        """The demo's moves in all: those played, and the rest of the line from here
        grouped as :meth:`_forward` will play them (on a copy of the position)."""
        pos, rest = self.position, self.line[self.index:]
        if not (isinstance(pos, FreeCellPosition) and isinstance(self._target, LinePlayer)):
            return len(self._taken) + len(rest)
        copy, moves, steps = pos.copy(stack=False), _freecell_moves(rest), 0
        while moves:
            taken, _level = push_line_step(copy, moves)
            moves, steps = moves[taken:], steps + 1
        return len(self._taken) + steps

    def _forward(self) -> LineMove | None:
        if self.stopped or self.finished or not self._in_sync():
            return None
        pos = self.position
        move = self.line[self.index]
        taken = 1
        if isinstance(pos, FreeCellPosition):
            if isinstance(self._target, LinePlayer):
                # With the automatic moves after it.
                taken = self._target.play_line(_freecell_moves(self.line[self.index:]))
            else:
                pos.push(_freecell_moves([move])[0], auto=False)
        else:
            self._scores.append((pos.score, pos.move_count))
            pos.push(_spider_move(move))
        self.index += taken
        self._taken.append(taken)
        self.touched = True
        return move


def solve_line(position: FreeCellPosition | SpiderPosition, *, budget: int = 200_000, time_limit: float | None = 10.0,
               cancel: Callable[[], bool] | None = None) -> list[LineMove] | None:
    """A winning line from ``position`` for :class:`Playback`, or None if none was found.

    FreeCell: every card movement (``result.moves``). Spider: the
    full-knowledge solver's moves and deals. Blocking: in the app, get the
    line in the background (``SolverService(game).ask_line(position)``; the
    answer's ``line`` goes straight to :class:`Playback`) or from
    ``Winnability.line``.

    >>> from game.freecell import deal
    >>> len(solve_line(deal(1))) > 50
    True
    """
    if isinstance(position, FreeCellPosition):
        from game.freecell.solver import Verdict, solve

        result = solve(position, budget=budget, time_limit=time_limit, cancel=cancel)
        return list(result.moves) if result.verdict is Verdict.SOLVED else None
    from game.spider import solve as spider_solve
    from game.verdict import Verdict

    res = spider_solve(position, budget=budget, time_limit=time_limit, cancel=cancel)
    return list(res.moves) if res.verdict is Verdict.SOLVED else None


def line_wins(position: FreeCellPosition | SpiderPosition, line: Sequence[LineMove]) -> bool:
    """``line``, played through the rules engine on a copy of ``position``
    (FreeCell's card by card, no automatic moves), ends in a win; another game's
    line is a ``TypeError``."""
    pos = position.copy()
    try:
        if isinstance(pos, FreeCellPosition):
            for move in _freecell_moves(line):
                pos.push(move, auto=False)
        else:
            for step in line:
                pos.push(_spider_move(step))
    except ValueError:  # both engines' illegal-move errors are ValueErrors
        return False
    return pos.is_won()


def _freecell_moves(line: Sequence[LineMove]) -> list[FreeCellMove]:
    """``line`` as FreeCell moves (``TypeError`` if a move is Spider's)."""
    moves = [m for m in line if isinstance(m, FreeCellMove)]
    if len(moves) != len(line):
        raise TypeError("a Spider move in a FreeCell line")
    return moves


def _spider_move(move: LineMove) -> SpiderMove:
    """``move`` as a Spider move (``TypeError`` if FreeCell's)."""
    if isinstance(move, FreeCellMove):
        raise TypeError(f"a FreeCell move in a Spider line: {move}")
    return move
