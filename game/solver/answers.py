"""What the solver service sends back: one :class:`Answer` per request, and
:class:`Progress` while a long one runs. Plain frozen dataclasses (they cross
the process boundary by pickle); pure Python.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.verdict import Verdict

if TYPE_CHECKING:  # what the worker fills in; the caller's process loads each with its game
    from game.freecell.moves import Move as FreeCellMove
    from game.freecell.review import Review
    from game.freecell.winnability import RewindTarget
    from game.grading import GradedMove
    from game.spider.advice import Advice, FairHint
    from game.spider.fair_review import FairJudged, FairReview
    from game.spider.moves import Move as SpiderMove
    from game.spider.review import SpiderReview

__all__ = ["SUPERSEDED", "Answer", "Ask", "Progress", "Verdict"]

#: ``Answer.reason`` of a request that a newer one replaced before it was answered.
SUPERSEDED = "superseded"


class Ask(enum.Enum):
    """The kinds of request."""

    CHECK = "check"  # is the position winnable? (the live indicator)
    HINT = "hint"  # the move to show for the Hint button
    LINE = "line"  # a whole winning line for the demo
    SHORTER = "shorter"  # Spider: a line shorter than the demo's, from further along it
    REWIND = "rewind"  # how far to undo to the latest winnable position (FreeCell)
    PAR = "par"  # the shortest line the search finds from a deal's start, for the result panel
    REVIEW = "review"  # every player move of a game graded (FreeCell's coach)
    TARGETS = "targets"  # whether each move of the selected card keeps the win


@dataclass(frozen=True)
class Answer:
    """The end of one request: exactly one per request that was not cancelled.

    ``verdict`` is never more than the search proved: ``SOLVED`` comes with
    ``line``, replayed through the rules engine in the worker; ``UNSOLVABLE``
    means the search examined every reachable position; ``UNKNOWN`` says why
    in ``reason`` (``"budget"``, ``"time"``, ``"superseded"``, ``"the solver
    process stopped ..."``).
    """

    request: int
    kind: Ask
    verdict: Verdict
    #: The winning line (``SOLVED``): FreeCell every card movement (push with
    #: ``auto=False``), Spider moves and deals as the full-knowledge solver plays them.
    line: tuple[FreeCellMove | SpiderMove, ...] = ()
    #: The move to show: the line's first move; for a FreeCell ``UNKNOWN`` a
    #: sensible move (None when no legal move exists); for a Spider hint the
    #: first fair hint (a :class:`game.spider.advice.FairHint`).
    move: FreeCellMove | SpiderMove | FairHint | None = None
    states: int = 0  # positions the search expanded
    seconds: float = 0.0
    reason: str = ""
    #: ``REWIND``: where to undo to (a :class:`game.freecell.winnability.RewindTarget`), or None.
    rewind: RewindTarget | None = None
    #: Answered from another request's search for the same position (no search of its own).
    shared: bool = False
    #: FreeCell ``SOLVED``: the line's length as the game counts it, player
    #: moves under the position's automatic foundation level (None: not counted).
    player_moves: int | None = None
    #: ``REVIEW``: the graded game (FreeCell's, Spider's knowing every card, or Spider's fair one).
    review: Review | SpiderReview | FairReview | None = None
    #: ``TARGETS``: a verdict per move asked about, in order.
    verdicts: tuple[Verdict, ...] = ()
    #: Spider ``HINT``: every fair hint, best first (a :class:`game.spider.advice.Advice`;
    #: ``move`` is its first hint). None when the worker could not answer.
    advice: Advice | None = None

    @property
    def superseded(self) -> bool:
        """A newer request took this one's place before it was answered."""
        return self.reason == SUPERSEDED


@dataclass(frozen=True)
class Progress:
    """A running request's search so far (about ten a second)."""

    request: int
    kind: Ask
    states: int
    seconds: float
    #: ``REVIEW``: the moves graded so far (in order; the fair review's judged) and the positions done.
    graded: tuple[GradedMove[FreeCellMove | SpiderMove] | FairJudged, ...] = ()
    done: int = 0
