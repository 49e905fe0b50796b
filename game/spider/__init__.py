"""Spider Solitaire rules (pure Python: no pygame, moderngl or glm).

    >>> from game.spider import deal, Move
    >>> pos = deal(1, suits=2)
    >>> move = pos.legal_moves()[0]
    >>> pos.push(move); pos.pop() is move
    True

``position`` holds the rules, scoring and text form; ``moves`` the move
values and their notation; ``deals`` the seeded shuffle behind game numbers;
``commands`` the ``solitaire deal spider`` command line.
"""

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
from game.spider.moves import COLUMNS, DEAL, Move, NotationError
from game.spider.position import (
    DECK_SETS,
    START_SCORE,
    IllegalMoveError,
    Outcome,
    Position,
    PositionError,
    Termination,
    perft,
)

__all__ = [
    "COLUMNS",
    "DEAL",
    "DECK_SETS",
    "FIRST_GAME",
    "LAST_GAME",
    "START_SCORE",
    "SUIT_PLAN",
    "IllegalMoveError",
    "Move",
    "NotationError",
    "Outcome",
    "Position",
    "PositionError",
    "SplitMix64",
    "Termination",
    "deal",
    "deal_cards",
    "perft",
    "random_game_number",
    "shuffle_slots",
]
