"""The solver off the main thread: one worker process per game.

:class:`SolverService` answers checks, hints, demo lines and Rewind for one
game, never blocking the caller; see :mod:`game.solver.service` for the
rules it keeps and an example. :class:`HintService` and
:class:`SolverChecker` are the older single-purpose services on top of it.
:mod:`game.solver.procs` starts the worker and makes it die with the game.
:mod:`game.solver.api` holds the shapes: :class:`Solver` and the narrower
protocols a caller may ask for, the answers' types and the worker's messages.

Nothing in ``game/freecell/`` or ``game/spider/`` imports this package: the
rules engines and the solvers stay pure; this package runs them elsewhere.
"""

from game.solver.adapters import HintService, SolverChecker
from game.solver.answers import SUPERSEDED, Answer, Ask, Progress, Verdict
from game.solver.api import FairReviewSolver, HintGame, ReviewSolver, Solver
from game.solver.service import SolverService, wait_for_answers

__all__ = [
           "SUPERSEDED",
           "Answer",
           "Ask",
           "FairReviewSolver",
           "HintGame",
           "HintService",
           "Progress",
           "ReviewSolver",
           "Solver",
           "SolverChecker",
           "SolverService",
           "Verdict",
           "wait_for_answers",
]
