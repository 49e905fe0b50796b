"""Spider's fair review: each move judged by what the player saw when making it.

The review knowing every card (:mod:`game.spider.review`) grades a move by
the real face-down cards and stock, which no player sees: in a game still in
play it would tell the player how to win. This one sees only the masked view
of the table before each move (:func:`game.spider.masked.mask`, made in the
game's process), the same view the hint sees, and judges the move played by
the fair search (:func:`game.spider.fair.search`): the unseen cards are dealt
at random into the hidden places, the same layouts for the move played and
for the search's own first choice, and each layout is searched on after
either move. Nothing here can say a move *was* a mistake: only how the move
fared against the search's choice in the sampled layouts::

    >>> from game.spider import deal
    >>> from game.spider.masked import mask
    >>> start = deal(3, 1)
    >>> move = start.legal_moves()[0]
    >>> run = FairReviewRun([mask(start)], [move], budget=400)
    >>> while run.step():
    ...     pass
    >>> [j.grade.value in GRADE_WORDS for j in run.judged]
    [True]

This module is pure Python: it must not import pygame, moderngl or glm.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.i18n import N_, _, ngettext
from game.i18n.formats import listed
from game.spider.advice import HINT_SEED
from game.spider.fair import DEFAULT_SAMPLES, Ranked, search
from game.spider.masked import MaskedView
from game.spider.moves import Move

__all__ = ["FAIR_REVIEW_BUDGET", "GRADE_WORDS", "FairGrade", "FairJudged", "FairReview", "FairReviewRun"]

#: Expansions the fair search spends on each move of a review (a quarter of a hint's:
#: a game of a hundred moves is judged in about half a minute on one core).
FAIR_REVIEW_BUDGET = 3_000


class FairGrade(enum.Enum):
    """How a move fared against the fair search's first choice, on the same sampled layouts."""

    CHOICE = "choice"  # the search's first choice on that table
    EVEN = "even"  # as many layouts won, and no more lost, as after the first choice
    FEWER = "fewer"  # fewer layouts won, or more that look lost
    LOOKS_LOST = "looks-lost"  # every layout looks lost after it; the first choice kept some
    UNKNOWN = "unknown"  # not judged (the review stopped first)


#: Each grade as the review's list says it.
GRADE_WORDS: dict[str, str] = {
    # TRANSLATORS: the fair review's grade of a move: the fair hint would have played it too.
    FairGrade.CHOICE.value: N_("the hint's choice"),
    # TRANSLATORS: the fair review's grade: as good as the hint's choice in the sampled layouts.
    FairGrade.EVEN.value: N_("as good"),
    # TRANSLATORS: the fair review's grade: fewer sampled layouts won than after the hint's choice.
    FairGrade.FEWER.value: N_("fewer wins"),
    # TRANSLATORS: the fair review's grade: every sampled layout looks lost after the move.
    FairGrade.LOOKS_LOST.value: N_("looks lost"),
    # TRANSLATORS: the fair review's grade: the review stopped before judging this move.
    FairGrade.UNKNOWN.value: N_("not judged"),
}


@dataclass(frozen=True)
class FairJudged:
    """One move judged (``index`` from 1): its grade, and the counts behind it.

    ``played`` and ``choice`` are the move played and the search's first choice
    with their wins, open and lost layouts out of ``samples`` (the same layouts
    for both); ``better`` is the choice when the move played fared worse.
    """

    index: int
    move: Move
    grade: FairGrade
    samples: int = 0
    played: Ranked | None = None
    choice: Ranked | None = None

    @property
    def better(self) -> Move | None:
        if self.grade in (FairGrade.FEWER, FairGrade.LOOKS_LOST) and self.choice is not None:
            return self.choice.move
        return None


def judge(index: int, move: Move, result_ranked: Sequence[Ranked], samples: int) -> FairJudged:
    """The grade of ``move`` from the search's ranked moves (``move`` checked among them)."""
    checked = [r for r in result_ranked if r.checked]
    played = next((r for r in checked if r.move == move), None)
    if not checked or played is None:
        return FairJudged(index, move, FairGrade.UNKNOWN, samples)
    first = checked[0]
    if first.move == move:
        grade = FairGrade.CHOICE
    elif not (played.wins or played.open) and (first.wins or first.open):
        grade = FairGrade.LOOKS_LOST
    elif played.wins < first.wins or played.dry > first.dry:
        grade = FairGrade.FEWER
    else:
        grade = FairGrade.EVEN
    return FairJudged(index, move, grade, samples, played, first)


class FairReviewRun:
    """A fair review in steps (one move a step), for the solver's worker.

    ``views[i]`` is the table the player saw before ``moves[i]``.
    """

    def __init__(self, views: Sequence[MaskedView], moves: Sequence[Move], *, budget: int = FAIR_REVIEW_BUDGET,
                 samples: int = DEFAULT_SAMPLES, total_seconds: float | None = None) -> None:
        if len(views) != len(moves):
            raise ValueError(f"{len(views)} tables for {len(moves)} moves")
        self.views, self.moves = list(views), list(moves)
        self.budget, self.samples = budget, samples
        self.judged: list[FairJudged] = []
        self.states = 0
        self.started = time.perf_counter()
        self.deadline = None if total_seconds is None else self.started + total_seconds

    @property
    def finished(self) -> bool:
        return len(self.judged) == len(self.moves)

    def step(self, cancel: Callable[[], bool] | None = None) -> bool:
        """Judge the next move; False once every move is judged (or time is up: the rest are
        left unknown)."""
        i = len(self.judged)
        if i >= len(self.moves):
            return False
        if self.deadline is not None and time.perf_counter() > self.deadline:
            self.judged += [FairJudged(k + 1, m, FairGrade.UNKNOWN) for k, m in enumerate(self.moves[i:], i)]
            return False
        view, move = self.views[i], self.moves[i]
        result = search(view, seed=HINT_SEED, samples=self.samples, budget=self.budget, cancel=cancel, also=(move,))
        self.states += result.nodes
        if result.cut:
            return False  # cancelled: the move is not judged on half its layouts
        self.judged.append(judge(i + 1, move, result.ranked, result.samples))
        return True

    def review(self) -> FairReview:
        judged = self.judged + [FairJudged(k + 1, m, FairGrade.UNKNOWN)
                                for k, m in enumerate(self.moves[len(self.judged):], len(self.judged))]
        return FairReview(self.moves, judged, time.perf_counter() - self.started, self.states, self.finished)


@dataclass(frozen=True)
class FairReview:
    """A game judged move by move by what the player saw (``grades`` in move order)."""

    moves: list[Move]
    grades: list[FairJudged]
    seconds: float = 0.0
    states: int = 0
    complete: bool = True
    level: str = ""  # the coach reads either game's review's level

    def summary(self) -> str:
        """``"40 moves: 31 the hint's choice, 5 as good, 4 with fewer wins"``."""
        return summary(self.grades)


def summary(grades: Sequence[FairJudged]) -> str:
    """The fair review's counts in words, in the grades' order (those with none left out)."""
    counts = {g: sum(1 for j in grades if j.grade is g) for g in FairGrade}
    parts = []
    for grade, n in counts.items():
        if not n:
            continue
        if grade is FairGrade.CHOICE:
            part = ngettext("{n} the hint's choice", "{n} the hint's choice", n)
        elif grade is FairGrade.EVEN:
            part = ngettext("{n} as good", "{n} as good", n)
        elif grade is FairGrade.FEWER:
            part = ngettext("{n} with fewer wins", "{n} with fewer wins", n)
        elif grade is FairGrade.LOOKS_LOST:
            part = ngettext("{n} after which it looks lost", "{n} after which it looks lost", n)
        else:
            part = ngettext("{n} not judged", "{n} not judged", n)
        parts.append(part.format(n=n))
    total = ngettext("{n} move", "{n} moves", len(grades)).format(n=len(grades))
    if not parts:
        return total
    return _("{moves}: {grades}").format(moves=total, grades=listed(parts))
