"""Spider Solitaire rules (pure Python: no pygame, moderngl or glm).

    >>> from game.spider import deal, Move
    >>> pos = deal(1, suits=2)
    >>> move = pos.legal_moves()[0]
    >>> pos.push(move); pos.pop() is move
    True

``position`` holds the rules and scoring; ``board`` its text form; ``deck``
what the 1-, 2- and 4-suit decks hold; ``moves`` the move values and their
notation; ``deals`` the seeded shuffle behind game numbers;
``hints`` the heuristic hint (the fallback); ``masked``, ``fair`` (with
``fair_beam``, its search of one table) and ``advice`` the Hint button's fair
search (it sees only what the player sees); ``solver`` the
full-knowledge solver that verifies deals, with ``beam`` and ``shorten``, all
of them playing on ``states``, the flat search state and its move generators.
The ``solitaire deal spider`` and ``solitaire solve spider`` command lines live
in :mod:`game.commands.spider`.
"""

from game.spider.board import PositionError
from game.spider.deals import (
    FIRST_GAME,
    LAST_GAME,
    SUIT_PLAN,
    SplitMix64,
    deal,
    deal_cards,
    random_game_number,
    shuffle_slots,
)
from game.spider.deck import DECK_SETS
from game.spider.hints import Gain, Hint, HintCycle, HintKind, candidates, hints
from game.spider.moves import COLUMNS, DEAL, Move, NotationError
from game.spider.position import (
    START_SCORE,
    IllegalMoveError,
    Outcome,
    Position,
    Termination,
)
from game.spider.solver import SolverError, SolveResult, Verdict, solve

__all__ = ["COLUMNS", "DEAL", "DECK_SETS", "FIRST_GAME", "LAST_GAME", "START_SCORE", "SUIT_PLAN", "Gain", "Hint",
           "HintCycle", "HintKind", "IllegalMoveError", "Move", "NotationError", "Outcome", "Position", "PositionError",
           "SolveResult", "SolverError", "SplitMix64", "Termination", "Verdict", "candidates", "deal", "deal_cards",
           "hints", "random_game_number", "shuffle_slots", "solve"]
