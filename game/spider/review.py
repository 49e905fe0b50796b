"""Spider's game review, "knowing every card": every move graded with the full-knowledge solver.

::

    >>> from game.spider import deal
    >>> start = deal(1, 1)
    >>> review = review_spider(start, [start.legal_moves()[0]], seconds=3.0)
    >>> len(review.grades), review.grades[0].grade.value in {"best", "good", "inaccuracy", "unknown"}
    (1, True)

The grades are FreeCell's (:mod:`game.grading`), with one difference that the
label says: the solver sees the face-down cards and the stock, which the
player did not. So *best* means on the shortest line known to a player who
could see every card, and a *mistake* means that, with every card known, the
game was winnable before the move and is not after it (the search after it
examined every position). A deal is one move.

Work is shared as in FreeCell's review (:mod:`game.freecell.review`): the
line from the position before a move (its first move taken, or the move
taken out of it where it comes later, or the line as it is) is tried from
the position after before any new search, and at the end lines are carried
back (a move followed by the line after it is a line before it). Every line
is replayed through the rules engine before it is kept.

Pure Python: no pygame, moderngl or glm.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game import limits
from game.cards import NAMES, run_name
from game.grading import GradedMove, ReviewSteps, grade_move, summary_line
from game.i18n import _
from game.spider.moves import Move
from game.spider.position import IllegalMoveError, Position
from game.spider.solver import solve
from game.verdict import Verdict

__all__ = ["SpiderReview", "SpiderReviewRun", "line_wins", "review_spider", "spider_move_phrase"]

#: Each new search (positions, seconds) and the whole review's seconds of new
#: searches: :data:`game.limits.SPIDER_REVIEW`, with every other search limit.
STATES = limits.SPIDER_REVIEW.states
SECONDS: float | None = limits.SPIDER_REVIEW.seconds
TOTAL_SECONDS = limits.SPIDER_REVIEW_TOTAL_SECONDS


@dataclass
class SpiderReview:
    """A graded Spider game (``grades`` in move order) and what it cost."""

    start: Position
    moves: list[Move]
    grades: list[GradedMove[Move]]
    seconds: float = 0.0
    states: int = 0
    #: True when every position was examined (False: cancelled midway).
    complete: bool = True
    #: Spider has no automatic level; the coach reads the attribute of either game's review.
    level: str = ""

    def summary(self) -> str:
        """``"41 moves: ..."`` as FreeCell's, the first mistake named in words."""
        def phrase(first: GradedMove[Move]) -> str:
            pos = self.start.copy(stack=False)
            for m in self.moves[:first.index - 1]:
                pos.push(m)
            return spider_move_phrase(pos, first.move)

        return summary_line(self.grades, phrase)


def spider_move_phrase(position: Position, move: Move) -> str:
    """``move`` in a few words: ``"8♠ 7♥ onto 9♦"``, ``"a new row from the stock"``.

    >>> from game.spider import deal
    >>> pos = deal(1, 1)
    >>> spider_move_phrase(pos, Move.parse("deal"))
    'a new row from the stock'
    """
    if move.is_deal:
        return _("a new row from the stock")
    cards = position.column(move.source)[-move.count:]
    what = run_name(cards)
    dest = position.column(move.dest)
    if dest:
        return _("{cards} onto {card}").format(cards=what, card=NAMES[dest[-1]])
    return _("{cards} to an empty column").format(cards=what)


def line_wins(position: Position, line: Sequence[Move]) -> bool:
    """``line`` played through the rules engine on a copy of ``position`` wins."""
    pos = position.copy(stack=False)
    try:
        for move in line:
            pos.push(move)
    except (IllegalMoveError, ValueError):
        return False
    return pos.is_won()


class SpiderReviewRun(ReviewSteps[Move]):
    """A review done one position at a time (the game's worker sends the grades
    known so far after each :meth:`step`; :func:`review_spider` runs it whole).

    Raises :class:`IllegalMoveError` ("move N: ...") when a move is illegal where played.
    """

    def __init__(self, start: Position, moves: Sequence[Move], *, states: int = STATES, seconds: float | None = SECONDS,
                 total_seconds: float = TOTAL_SECONDS) -> None:
        self.started = time.perf_counter()
        self.deadline = self.started + total_seconds
        self.budget, self.seconds = states, seconds
        self.start = start.copy(stack=False)
        self.moves = list(moves)
        self.positions = [start.copy(stack=False)]
        pos = start.copy(stack=False)
        for index, move in enumerate(self.moves, 1):
            try:
                pos.push(move)
            except IllegalMoveError as exc:
                raise IllegalMoveError(f"move {index}: {exc}") from None
            self.positions.append(pos.copy(stack=False))
        self.verdicts = [Verdict.UNKNOWN] * len(self.positions)
        self.lines: list[tuple[Move, ...]] = [()] * len(self.positions)
        self.states = 0

    @property
    def total(self) -> int:
        return len(self.positions)

    def _keep(self, k: int, line: Sequence[Move]) -> None:
        """Keep ``line`` for position ``k`` when it is shorter and wins there (replayed)."""
        if (self.verdicts[k] is not Verdict.SOLVED or len(line) < len(self.lines[k])) \
                and line_wins(self.positions[k], line):
            self.verdicts[k], self.lines[k] = Verdict.SOLVED, tuple(line)

    def _carry_back(self) -> None:
        for k in range(self.total - 1, 0, -1):
            if self.verdicts[k] is Verdict.SOLVED:
                self._keep(k - 1, (self.moves[k - 1],) + self.lines[k])

    def _examine(self, k: int, cancel: Callable[[], bool] | None) -> None:
        verdicts, lines, here = self.verdicts, self.lines, self.positions[k]
        if k and verdicts[k - 1] is Verdict.UNSOLVABLE:
            verdicts[k] = Verdict.UNSOLVABLE  # reached from a lost position
            return
        if here.is_won():
            verdicts[k], lines[k] = Verdict.SOLVED, ()
            return
        if k and verdicts[k - 1] is Verdict.SOLVED:
            before, played = list(lines[k - 1]), self.moves[k - 1]
            if before and before[0] == played:
                self._keep(k, before[1:])
            elif played in before:
                i = before.index(played)
                self._keep(k, before[:i] + before[i + 1:])
            self._keep(k, before)
            if verdicts[k] is Verdict.SOLVED:
                return
        if time.perf_counter() >= self.deadline or (cancel is not None and cancel()):
            return
        result = solve(here, budget=self.budget, time_limit=self.seconds, cancel=cancel)
        self.states += result.states
        if result.verdict is Verdict.SOLVED:
            self._keep(k, result.moves)
        elif result.verdict is Verdict.UNSOLVABLE:
            verdicts[k] = Verdict.UNSOLVABLE

    def _grade(self, i: int) -> GradedMove[Move]:
        return grade_move(i, self.moves[i - 1], self.verdicts[i - 1], self.lines[i - 1],
                          self.verdicts[i], self.lines[i])

    def review(self) -> SpiderReview:
        """What is graded now, as a :class:`SpiderReview`."""
        return SpiderReview(self.start.copy(stack=False), list(self.moves), self.graded(),
                            time.perf_counter() - self.started, self.states, self.finished)


def review_spider(start: Position, moves: Sequence[Move], *, states: int = STATES, seconds: float | None = SECONDS,
                  total_seconds: float = TOTAL_SECONDS,
                  progress: Callable[[int, int], None] | None = None,
                  cancel: Callable[[], bool] | None = None) -> SpiderReview:
    """Grade every move of a Spider game played from ``start`` (see the module notes).

    Raises :class:`IllegalMoveError` ("move N: ...") when a move is illegal where played.
    """
    run = SpiderReviewRun(start, moves, states=states, seconds=seconds, total_seconds=total_seconds)
    while True:
        if progress is not None:
            progress(run.done, run.total)
        if cancel is not None and cancel():
            break
        if not run.step(cancel):
            break
    return run.review()
