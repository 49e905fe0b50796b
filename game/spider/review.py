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
from dataclasses import dataclass
from typing import Callable, Sequence

from game.cards import NAMES, run_name
from game.grading import GradedMove, grade_move, summary_line
from game.i18n import _
from game.spider.moves import Move
from game.spider.position import IllegalMoveError, Position
from game.spider.solver import solve
from game.verdict import Verdict

__all__ = ["SpiderReview", "review_spider", "spider_move_phrase", "line_wins"]

#: Each new search (positions, seconds) and the whole review's seconds of new
#: searches (Spider's searches are slower than FreeCell's).
STATES = 100_000
SECONDS = 3.0
TOTAL_SECONDS = 30.0


@dataclass
class SpiderReview:
    """A graded Spider game (``grades`` in move order) and what it cost."""

    start: Position
    moves: list[Move]
    grades: list[GradedMove]
    seconds: float = 0.0
    states: int = 0

    def summary(self) -> str:
        """``"41 moves: ..."`` as FreeCell's, the first mistake named in words."""
        def phrase(first: GradedMove) -> str:
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


def review_spider(start: Position, moves: Sequence[Move], *, states: int = STATES, seconds: float = SECONDS,
                  total_seconds: float = TOTAL_SECONDS,
                  progress: Callable[[int, int], None] | None = None,
                  cancel: Callable[[], bool] | None = None) -> SpiderReview:
    """Grade every move of a Spider game played from ``start`` (see the module notes).

    Raises :class:`IllegalMoveError` ("move N: ...") when a move is illegal where played.
    """
    began = time.perf_counter()
    deadline = began + total_seconds
    positions = [start.copy(stack=False)]
    pos = start.copy(stack=False)
    for index, move in enumerate(moves, 1):
        try:
            pos.push(move)
        except IllegalMoveError as exc:
            raise IllegalMoveError(f"move {index}: {exc}") from None
        positions.append(pos.copy(stack=False))
    verdicts = [Verdict.UNKNOWN] * len(positions)
    lines: list[tuple[Move, ...]] = [()] * len(positions)
    spent = 0

    def keep(k: int, line: Sequence[Move]) -> None:
        if (verdicts[k] is not Verdict.SOLVED or len(line) < len(lines[k])) and line_wins(positions[k], line):
            verdicts[k], lines[k] = Verdict.SOLVED, tuple(line)

    for k, here in enumerate(positions):
        if progress is not None:
            progress(k, len(positions))
        if cancel is not None and cancel():
            break
        if k and verdicts[k - 1] is Verdict.UNSOLVABLE:
            verdicts[k] = Verdict.UNSOLVABLE  # reached from a lost position
            continue
        if here.is_won():
            verdicts[k], lines[k] = Verdict.SOLVED, ()
            continue
        if k and verdicts[k - 1] is Verdict.SOLVED:
            before, played = list(lines[k - 1]), moves[k - 1]
            if before and before[0] == played:
                keep(k, before[1:])
            elif played in before:
                i = before.index(played)
                keep(k, before[:i] + before[i + 1:])
            keep(k, before)
            if verdicts[k] is Verdict.SOLVED:
                continue
        if time.perf_counter() >= deadline:
            continue
        result = solve(here, budget=states, time_limit=seconds, cancel=cancel)
        spent += result.states
        if result.verdict is Verdict.SOLVED:
            keep(k, result.moves)
        elif result.verdict is Verdict.UNSOLVABLE:
            verdicts[k] = Verdict.UNSOLVABLE
    for k in range(len(positions) - 1, 0, -1):
        if verdicts[k] is Verdict.SOLVED:
            keep(k - 1, (moves[k - 1],) + lines[k])
    grades = [grade_move(i, moves[i - 1], verdicts[i - 1], lines[i - 1], verdicts[i], lines[i])
              for i in range(1, len(positions))]
    return SpiderReview(start.copy(stack=False), list(moves), grades, time.perf_counter() - began, spent)
