"""A challenge's goal, and the pure object that follows a game towards it.

A :class:`Goal` says what must be done: win a deal (or, in Spider, complete
some suits), perhaps within a number of moves, with no more than some cards
in the free cells at once, without Undo, at one automatic level. A
:class:`Tracker` is told what happens in the game -- each step, each undo,
a change of the automatic level, a restart -- and says how far the game is
(``moves 23 / 40``), whether the goal is met, and whether it can no longer
be met (so the table can say so at once and offer Restart)::

    >>> goal = Goal("freecell", 617, max_moves=3, no_undo=True, auto="safe")
    >>> goal.sentence()
    'Win deal #617 in 3 moves or fewer without using Undo'
    >>> t = Tracker(goal)
    >>> t.moved(moves=1, cells=1); t.progress()
    ['moves 1 / 3', 'no Undo']
    >>> t.undone(); t.status, t.reason
    (<Status.MISSED: 'missed'>, 'Undo was used, and this challenge is won without it')
    >>> t.restart(); t.status
    <Status.PLAYING: 'playing'>

Moves are the status line's: a move of a run counts once, automatic
foundation moves count nothing, a Spider deal counts one, and an undo takes
its move back. The goal is judged on the game as it stands: where Undo is
allowed, going past the move limit (or over the free cells allowed) is not
final -- undo brings the game back within it -- and the tracker says
:attr:`Status.OVER`; where Undo is not allowed, the same is
:attr:`Status.MISSED`. A win that breaks the goal is missed (the game is
over). Met and missed are final until :meth:`Tracker.restart`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.challenges.lines import Snapshot
from game.challenges.sentences import level_name, say, suits_name

if TYPE_CHECKING:
    from game.freecell.position import Position as FreeCellPosition
    from game.session import FreeCellSession, SpiderSession
    from game.spider.position import Position as SpiderPosition

__all__ = ["AUTO_LEVELS", "Goal", "Status", "Tracker", "judge", "snapshot_of", "tracker_for"]

AUTO_LEVELS = ("off", "safe", "all")


class Status(enum.Enum):
    PLAYING = "playing"
    #: Out of reach as the game stands, back in reach by undoing.
    OVER = "over"
    MET = "met"
    MISSED = "missed"


def _grammar(n: int) -> str:
    return ".zero" if n == 0 else ".one" if n == 1 else ""


@dataclass(frozen=True)
class Goal:
    """What a challenge asks. ``number``: the deal (FreeCell) or game (Spider).

    ``cells``: most cards in the free cells at once (FreeCell); ``sets``:
    complete this many suits (Spider; ``None``: win the game);
    ``max_moves``: within this many moves; ``auto``: the FreeCell automatic
    level the challenge is played at (changing it misses the goal).

    >>> Goal("spider", 12, suits=2, sets=3, max_moves=80).sentence()
    'Complete 3 suits within 80 moves in Spider game #12 with 2 suits'
    >>> Goal("spider", 12, suits=3)
    Traceback (most recent call last):
    ...
    ValueError: a Spider goal needs 1, 2 or 4 suits, not 3
    """

    game: str
    number: int
    suits: int | None = None
    cells: int | None = None
    max_moves: int | None = None
    no_undo: bool = False
    auto: str | None = None
    sets: int | None = None

    def __post_init__(self) -> None:
        if self.game == "freecell":
            if not 1 <= self.number <= 1_000_000:
                raise ValueError(f"deal {self.number} is outside 1..1,000,000")
            if self.auto not in AUTO_LEVELS:
                raise ValueError(f"a FreeCell goal needs an automatic level off, safe or all, not {self.auto!r}")
            if self.suits is not None or self.sets is not None:
                raise ValueError("suits and sets are Spider's")
            if self.cells is not None and not 0 <= self.cells <= 3:
                raise ValueError(f"a free-cell limit is 0..3, not {self.cells}")
            if self.cells is not None and self.max_moves is not None:
                raise ValueError("a goal limits the free cells or the moves, not both")
            if self.auto == "off" and (self.cells is not None or self.max_moves is not None):
                raise ValueError("an automatic-moves-off goal has no other limit")
        elif self.game == "spider":
            if not 1 <= self.number <= 999_999:
                raise ValueError(f"game {self.number} is outside 1..999,999")
            if self.suits not in (1, 2, 4):
                raise ValueError(f"a Spider goal needs 1, 2 or 4 suits, not {self.suits}")
            if self.cells is not None or self.auto is not None:
                raise ValueError("free cells and automatic levels are FreeCell's")
            if self.sets is not None and (not 1 <= self.sets <= 7 or self.max_moves is None):
                raise ValueError("a suits goal completes 1..7 suits within a number of moves")
        else:
            raise ValueError(f"no challenges for {self.game!r}")
        if self.max_moves is not None and not 1 <= self.max_moves <= 10_000:
            raise ValueError(f"a move limit is 1..10,000, not {self.max_moves}")

    @property
    def kind(self) -> str:
        """The sentence's key in :data:`~game.challenges.sentences.SENTENCES`."""
        if self.game == "freecell":
            if self.auto == "off":
                base = "freecell.off"
            elif self.cells is not None:
                base = "freecell.cells" + _grammar(self.cells)
            elif self.max_moves is not None:
                base = "freecell.moves"
            else:
                base = "freecell.win"
        else:
            base = "spider.sets" if self.sets is not None else "spider.moves" if self.max_moves else "spider.win"
        return base + (".no_undo" if self.no_undo else "")

    def sentence(self) -> str:
        """The goal in words, as the menu and the status line show it."""
        if self.game == "freecell":
            return say(self.kind, deal=self.number, cells=self.cells, moves=self.max_moves)
        return say(self.kind, game=self.number, suits=suits_name(self.suits or 1), sets=self.sets,
                   moves=self.max_moves)


class Tracker:
    """Follows one game towards ``goal``: call :meth:`moved` after every step
    (with the status line's move count and what the table holds then),
    :meth:`undone` after an undo, :meth:`level_set` when the automatic level
    changes and :meth:`restart` when the deal starts again."""

    def __init__(self, goal: Goal) -> None:
        self.goal = goal
        self.restart()

    def restart(self) -> None:
        """The deal from the start: a fresh try (an earlier miss is forgotten)."""
        self._line: list[Snapshot] = [Snapshot(0)]
        self._final: Status | None = None
        self._reason = ""

    # --- events ------------------------------------------------------------------------

    def moved(self, moves: int, cells: int = 0, sets: int = 0, won: bool = False) -> None:
        """A step was made; the figures are the table's after it (automatic moves done).

        ``tracker.moved(*snapshot_of(session))`` reads them off the game in play."""
        if self._final is None:
            self._line.append(Snapshot(moves, cells, sets, won))
            self._judge()

    def undone(self) -> None:
        """The last step was taken back (call it only when an undo took something back)."""
        if self._final is not None:
            return
        if self.goal.no_undo:
            self._end(Status.MISSED, say("missed.undo"))
            return
        if len(self._line) > 1:
            self._line.pop()

    def level_set(self, level: str) -> None:
        """The FreeCell automatic level is now ``level``."""
        if self._final is None and self.goal.auto is not None and level != self.goal.auto:
            self._end(Status.MISSED, say("missed.level", level=level_name(level), goal=level_name(self.goal.auto)))

    # --- reading ------------------------------------------------------------------------

    @property
    def status(self) -> Status:
        return self._final if self._final is not None else self._standing()[0]

    @property
    def reason(self) -> str:
        """Why the goal is missed or out of reach ('' while it is in reach or met)."""
        return self._reason if self._final is not None else self._standing()[1]

    @property
    def cells_used(self) -> int:
        """The most cards in the free cells at once in the game as it stands."""
        return max(s.cells for s in self._line)

    def progress(self) -> list[str]:
        """The status line's pieces: ``moves 23 / 40``, ``free cells: 2 / 3`` (the most
        at once so far), ``suits 3 / 4``, ``no Undo``; only what the goal limits."""
        goal, now = self.goal, self._line[-1]
        if self._final is Status.MET:
            return [say("progress.met")]
        out: list[str] = []
        if goal.max_moves is not None:
            out.append(say("progress.moves", moves=now.moves, limit=goal.max_moves))
        if goal.sets is not None:
            out.append(say("progress.sets", sets=now.sets, target=goal.sets))
        if goal.cells is not None:
            out.append(say("progress.cells", used=self.cells_used, cells=goal.cells))
        if goal.no_undo:
            out.append(say("progress.no_undo"))
        return out

    # --- judging --------------------------------------------------------------------------

    def _end(self, status: Status, reason: str = "") -> None:
        self._final, self._reason = status, reason

    def _judge(self) -> None:
        goal, now = self.goal, self._line[-1]
        done = now.won if goal.sets is None else now.sets >= goal.sets
        status, reason = self._standing()
        if done and status is Status.PLAYING:
            self._end(Status.MET)
        elif status is Status.MISSED or now.won:
            if now.won and status is not Status.MISSED:
                reason = self._won_reason()
            self._end(Status.MISSED, reason)

    def _won_reason(self) -> str:
        goal, now = self.goal, self._line[-1]
        if goal.max_moves is not None and now.moves > goal.max_moves:
            return say("missed.won_moves", moves=now.moves, limit=goal.max_moves)
        return self._cells_reason("missed")

    def _cells_reason(self, prefix: str) -> str:
        cells = self.goal.cells or 0
        key = f"{prefix}.cells" + (_grammar(cells) if prefix == "missed" else "")
        return say(key, used=self.cells_used, cells=cells)

    def _standing(self) -> tuple[Status, str]:
        """PLAYING, OVER or MISSED for the game as it stands (before the final word)."""
        goal, now = self.goal, self._line[-1]
        done = now.won if goal.sets is None else now.sets >= goal.sets
        final = Status.MISSED if goal.no_undo else Status.OVER
        if goal.cells is not None and self.cells_used > goal.cells:
            return final, self._cells_reason("missed" if goal.no_undo else "over")
        if goal.max_moves is not None and (now.moves > goal.max_moves or (now.moves == goal.max_moves and not done)):
            if goal.no_undo:
                return final, say("missed.moves", limit=goal.max_moves)
            return final, say("over.moves", limit=goal.max_moves)
        return Status.PLAYING, ""


def snapshot_of(session: FreeCellSession | SpiderSession) -> Snapshot:
    """What a tracker is told after a step, read off a game in play (a
    :class:`~game.session.FreeCellSession` or :class:`~game.session.SpiderSession`):
    the status line's moves, the cards in the free cells, the suits complete, won.

    >>> from game.session import FreeCellSession
    >>> s = FreeCellSession(617); _ = s.play(s.position.parse_move("8a"))
    >>> snapshot_of(s)
    Snapshot(moves=1, cells=1, sets=0, won=False)
    """
    return _position_snapshot(session.position, session.won)


def _position_snapshot(pos: FreeCellPosition | SpiderPosition, won: bool) -> Snapshot:
    cells = getattr(pos, "cells", ())
    # Spider's count has its deals in it (a deal is a move there).
    return Snapshot(pos.move_count, sum(1 for c in cells if c is not None), getattr(pos, "removed", 0), won)


def tracker_for(goal: Goal, session: FreeCellSession | SpiderSession) -> Tracker:
    """A tracker for a game already under way (a saved game restored, a
    window reopened): its steps are read back off a copy of the session's
    position, an undo it used counts against a no-Undo goal, and its
    automatic level must be the goal's.

    >>> from game.session import FreeCellSession
    >>> s = FreeCellSession(617)
    >>> for text in "8a 8b".split(): _ = s.play(s.position.parse_move(text))
    >>> tracker_for(Goal("freecell", 617, cells=1, auto="safe"), s).status
    <Status.OVER: 'over'>
    """
    tracker = Tracker(goal)
    level = getattr(session, "auto_level", None)  # FreeCell's; Spider has none
    if level is not None:
        tracker.level_set(level)
    pos = session.position.copy()
    steps = [_position_snapshot(pos, session.won)]
    while pos.move_stack:
        pos.pop()
        steps.append(_position_snapshot(pos, False))
    for s in reversed(steps[:-1]):
        tracker.moved(*s)
    if goal.no_undo and session.undo_count:
        tracker.undone()  # an undo used before the game was saved misses it all the same
    return tracker


def judge(goal: Goal, steps: Iterable[Snapshot], level: str | None = None) -> Tracker:
    """A tracker fed a whole line (``steps``, as a replay gives them) at ``level``.

    >>> judge(Goal("spider", 1, suits=1, sets=1, max_moves=2), [Snapshot(1), Snapshot(2, sets=1)]).status
    <Status.MET: 'met'>
    """
    tracker = Tracker(goal)
    if level is not None:
        tracker.level_set(level)
    for s in steps:
        tracker.moved(s.moves, s.cells, s.sets, s.won)
    return tracker
