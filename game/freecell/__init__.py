"""FreeCell rules: positions, moves, notation and Microsoft deals.

Pure Python: nothing here imports pygame, moderngl or glm.

    >>> from game.freecell import deal, Move
    >>> pos = deal(617)
    >>> pos.push(Move.parse("8a"))
    >>> pos.move_count
    1
"""

from game.freecell.automove import AUTO_ALL, AUTO_LEVELS, AUTO_OFF, AUTO_SAFE, auto_level
from game.freecell.deals import (
    KNOWN_UNSOLVABLE,
    MAX_DEAL,
    MIN_DEAL,
    deal,
    deal_cards,
    is_known_unsolvable,
)
from game.freecell.moves import CELLS, COLUMNS, HOME, Move, NotationError, place_name
from game.freecell.position import (
    AmbiguousMoveError,
    BoardError,
    IllegalMoveError,
    Outcome,
    Position,
    Termination,
    capacity,
    is_safe_home,
)

__all__ = ["AUTO_ALL", "AUTO_LEVELS", "AUTO_OFF", "AUTO_SAFE", "CELLS", "COLUMNS", "HOME", "KNOWN_UNSOLVABLE",
           "MAX_DEAL", "MIN_DEAL", "AmbiguousMoveError", "BoardError", "IllegalMoveError", "Move", "NotationError",
           "Outcome", "Position", "Termination", "auto_level", "capacity", "deal", "deal_cards", "is_known_unsolvable",
           "is_safe_home", "place_name"]
