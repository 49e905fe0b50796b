"""Grades of a game review, shared by FreeCell's coach and Spider's.

A move is graded by comparing the position before it with the one after it
(:func:`grade_move`); :func:`summary_line` counts the grades in words::

    >>> from game.verdict import Verdict
    >>> g = grade_move(1, "3a", Verdict.SOLVED, ("3a", "2b"), Verdict.SOLVED, ("2b",))
    >>> g.grade, g.better
    (<Grade.BEST: 'best'>, None)
    >>> grade_move(2, "2b", Verdict.SOLVED, ("3a",), Verdict.UNKNOWN, ()).grade
    <Grade.UNKNOWN: 'unknown'>

Pure Python: no pygame, moderngl or glm.
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from game.i18n import N_, _, ngettext
from game.i18n.formats import listed
from game.verdict import Verdict

__all__ = ["GOOD_SLACK", "GRADE_NAMES", "GRADE_VALUES", "Grade", "GradedMove", "ReviewSteps", "grade_move",
           "lost_moves", "par_line", "par_of", "summary_line"]

#: A line at most this many moves longer than the best known is "good".
GOOD_SLACK = 3


class Grade(enum.Enum):
    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    UNKNOWN = "unknown"
    #: The position before the move was already proven lost: nothing to grade.
    LOST = "lost"


GRADE_VALUES = frozenset(g.value for g in Grade)

#: Each grade's name as a player reads it (the review's list).
GRADE_NAMES: dict[Grade, str] = {
    # TRANSLATORS: a move's grade in the game review (chess-style).
    Grade.BEST: N_("best"),
    # TRANSLATORS: a move's grade: keeps the win, at most 3 moves longer than the best line.
    Grade.GOOD: N_("good"),
    # TRANSLATORS: a move's grade: keeps the win, but the line gets longer by more than 3 moves.
    Grade.INACCURACY: N_("inaccuracy"),
    # TRANSLATORS: a move's grade: the game was winnable before it and is proven lost after it.
    Grade.MISTAKE: N_("mistake"),
    # TRANSLATORS: a move's grade: the review's search ran out of budget.
    Grade.UNKNOWN: N_("unknown"),
    # TRANSLATORS: a move's grade: the game was already lost before this move.
    Grade.LOST: N_("already lost"),
}


#: The game's move (FreeCell's or Spider's; the doctests use notation strings).
M = TypeVar("M")
#: The same, read only (a FreeCell ``GradedMove`` is a ``GradedMove[object]`` to code that only shows it).
M_co = TypeVar("M_co", covariant=True)


@dataclass(frozen=True)
class GradedMove(Generic[M_co]):
    """One player move, graded, with its evidence.

    ``index`` counts from 1. ``line_before`` is the best line known from the
    position before the move and ``line_after`` from the one after (player
    moves under the level; empty when none is known or the game is won);
    each was replayed to a win through the rules engine. ``better`` is the
    first move of ``line_before`` when the move played is not best.
    """

    index: int
    move: M_co
    grade: Grade
    better: M_co | None
    line_before: tuple[M_co, ...]
    line_after: tuple[M_co, ...]
    before: Verdict
    after: Verdict

    def as_json(self) -> dict[str, object]:
        """The ``--json`` object: the lines as player moves in notation."""
        return {"index": self.index, "move": str(self.move), "grade": self.grade.value,
                "better": None if self.better is None else str(self.better),
                "line_before": [str(m) for m in self.line_before],
                "line_after": [str(m) for m in self.line_after]}


def grade_move(index: int, move: M, before: Verdict, line_before: Sequence[M],
               after: Verdict, line_after: Sequence[M]) -> GradedMove[M]:
    """Move ``index`` graded from the verdicts and best known lines of the positions
    before and after it (a mistake only when the one after is proven lost)."""
    better: M | None = None
    if before is Verdict.UNSOLVABLE:
        grade = Grade.LOST
    elif before is Verdict.UNKNOWN:
        grade = Grade.UNKNOWN
    elif after is Verdict.UNSOLVABLE:
        grade = Grade.MISTAKE
    elif after is Verdict.UNKNOWN:
        grade = Grade.UNKNOWN
    else:
        longer = 1 + len(line_after) - len(line_before)
        grade = Grade.BEST if longer <= 0 else Grade.GOOD if longer <= GOOD_SLACK else Grade.INACCURACY
    if grade in (Grade.GOOD, Grade.INACCURACY, Grade.MISTAKE, Grade.UNKNOWN) and line_before:
        better = line_before[0] if line_before[0] != move else None
    return GradedMove(index, move, grade, better, tuple(line_before), tuple(line_after), before, after)


def lost_moves(graded: GradedMove[object]) -> int | None:
    """The moves ``graded`` lost against the shortest line known: ``1 + len(line after) -
    len(line before)`` when both are known (0: best), else None.

    >>> from game.verdict import Verdict
    >>> lost_moves(grade_move(1, "3a", Verdict.SOLVED, ("2b", "3a"), Verdict.SOLVED, ("8c", "7d", "2b")))
    2
    """
    if graded.before is not Verdict.SOLVED or graded.after is not Verdict.SOLVED:
        return None
    return 1 + len(graded.line_after) - len(graded.line_before)


def par_of(grades: Sequence[GradedMove[object]]) -> int | None:
    """The shortest line known from the game's start (the review's par), or None."""
    if not grades or grades[0].before is not Verdict.SOLVED:
        return None
    return len(grades[0].line_before)


def par_line(grades: Sequence[GradedMove[M]], phrase: Callable[[GradedMove[M]], str]) -> str:
    """The moves lost against par, added up, and the grades that lost them:
    ``"12 moves more than par 33: 3 good, 2 inaccuracies"`` ("" without a par).
    For a won game the count is the moves played minus par (the losses telescope)."""
    par = par_of(grades)
    if par is None:
        return ""
    over = sum(lost_moves(g) or 0 for g in grades)
    parts = _grade_parts(grades, phrase, best=False)
    if not parts:
        # TRANSLATORS: the review's line against par when no move lost anything.
        return _("On par {par}: every move kept the shortest line known").format(par=par)
    # TRANSLATORS: the moves the game lost against par, e.g. "12 moves more than par 33".
    head = ngettext("{n} move more than par {par}", "{n} moves more than par {par}", over).format(n=over, par=par)
    # TRANSLATORS: "{head}" is "12 moves more than par 33", "{grades}" the grades that lost them.
    return _("{head}: {grades}").format(head=head, grades=listed(parts))


def summary_line(grades: Sequence[GradedMove[M]], phrase: Callable[[GradedMove[M]], str]) -> str:
    """``"41 moves: 30 best, 8 good, 2 inaccuracies, 1 mistake (move 23: 7♣ to a free cell)"``;
    ``phrase(graded)`` names the first mistake's move in words."""
    parts = _grade_parts(grades, phrase)
    total = ngettext("{n} move", "{n} moves", len(grades)).format(n=len(grades))
    if not parts:
        return total
    # TRANSLATORS: the review's summary: "{moves}" is "41 moves", "{grades}" the list of counts.
    return _("{moves}: {grades}").format(moves=total, grades=listed(parts))


def _grade_parts(grades: Sequence[GradedMove[M]], phrase: Callable[[GradedMove[M]], str],
                 best: bool = True) -> list[str]:
    """Each grade's count in words ("3 good"), the first mistake named; ``best``: count the best ones too."""
    counts = dict.fromkeys(Grade, 0)
    for g in grades:
        counts[g.grade] += 1
    parts = []
    for grade, n in counts.items():
        if not n or (grade is Grade.BEST and not best):
            continue
        if grade is Grade.BEST:
            part = ngettext("{n} best", "{n} best", n)
        elif grade is Grade.GOOD:
            part = ngettext("{n} good", "{n} good", n)
        elif grade is Grade.INACCURACY:
            part = ngettext("{n} inaccuracy", "{n} inaccuracies", n)
        elif grade is Grade.MISTAKE:
            part = ngettext("{n} mistake", "{n} mistakes", n)
        elif grade is Grade.UNKNOWN:
            part = ngettext("{n} unknown", "{n} unknown", n)
        else:
            part = ngettext("{n} after the game was lost", "{n} after the game was lost", n)
        part = part.format(n=n)
        if grade is Grade.MISTAKE:
            first = next(g for g in grades if g.grade is Grade.MISTAKE)
            # TRANSLATORS: the mistakes' count with the first of them, e.g. "1 mistake (move 23: 7♣ to a free cell)".
            part = _("{count} (move {n}: {move})").format(count=part, n=first.index, move=phrase(first))
        parts.append(part)
    return parts


class ReviewSteps(ABC, Generic[M]):
    """A review done one position at a time, either game's (the worker sends the
    grades known so far after each :meth:`step`). A game's run examines position
    ``k`` in ``_examine``, carries lines back in ``_carry_back`` and grades move
    ``i`` from positions ``i - 1`` and ``i`` in ``_grade``."""

    done = 0  # positions examined
    finished = False

    @property
    @abstractmethod
    def total(self) -> int:
        """Positions to examine (the moves and the start)."""

    @abstractmethod
    def _examine(self, k: int, cancel: Callable[[], bool] | None) -> None:
        """Examine position ``k`` (0: the start); ``cancel`` stops a long search early."""

    @abstractmethod
    def _carry_back(self) -> None:
        """Carry the lines found back from the end, once every position is examined."""

    @abstractmethod
    def _grade(self, index: int) -> GradedMove[M]:
        """Grade move ``index`` from the positions before and after it."""

    def step(self, cancel: Callable[[], bool] | None = None) -> bool:
        """Examine the next position; True while there is more to do. The
        last step carries the lines back from the end."""
        if self.finished:
            return False
        if self.done < self.total:
            self._examine(self.done, cancel)
            self.done += 1
            return True
        self._carry_back()
        self.finished = True
        return False

    def graded(self) -> list[GradedMove[M]]:
        """The moves graded so far: those whose positions before and after are examined."""
        last = self.total if self.finished else min(self.done, self.total)
        return [self._grade(i) for i in range(1, last)]
