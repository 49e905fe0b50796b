"""The FreeCell hints a game has shown, kept so that the review measures with them.

The hint off par's line shows the line the review's yardstick knows
(:class:`game.freecell.review.Yardstick`); the review is given each line
shown, by the move count it was shown at, and knows it there, so a move of
the hint's line is best. A line is kept with the moves that led to it: after
an undo and other moves, a position of the same count is another position::

    >>> from game.freecell import Move
    >>> shown = ShownHints()
    >>> shown.record([Move.parse("3a")], [Move.parse("6b"), Move.parse("7c")])
    >>> shown.on([Move.parse("3a"), Move.parse("6b")])
    {1: (Move.parse('6b'), Move.parse('7c'))}
    >>> shown.on([Move.parse("3b")])
    {}
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

__all__ = ["MEMORY", "ShownHints", "hint_game"]

#: Lines kept per game (the oldest forgotten first): far more hints than a game asks.
MEMORY = 256


class ShownHints:
    """The hints' lines (player moves) shown in one game, by the moves before each."""

    def __init__(self, memory: int = MEMORY) -> None:
        self.memory = memory
        self._lines: OrderedDict[tuple[str, ...], tuple[Any, ...]] = OrderedDict()

    def record(self, moves: Sequence[Any], line: Sequence[Any]) -> None:
        """The hint after ``moves`` (the game's player moves) showed ``line``."""
        key = tuple(str(m) for m in moves)
        self._lines.pop(key, None)
        self._lines[key] = tuple(line)
        while len(self._lines) > self.memory:
            self._lines.popitem(last=False)

    def on(self, moves: Sequence[Any]) -> dict[int, tuple[Any, ...]]:
        """The lines shown on the way of ``moves``, by move count."""
        played = tuple(str(m) for m in moves)
        return {len(key): line for key, line in self._lines.items() if played[:len(key)] == key}


def hint_game(session: Any, par: tuple[str, tuple[Any, ...]] | None, shown: ShownHints) -> Any:
    """The game behind a FreeCell hint on ``session``'s table (``HintGame``), or None
    when the yardstick cannot measure here: par not known yet or found for another
    level, or moves played at another level since (auto-complete, the demo)."""
    from game.solver import HintGame

    start, moves, level = session.review_game()
    position = session.position
    if par is None or par[0] != level or level != position.auto_level:
        return None
    if len(moves) != len(position.undo_steps()):
        return None
    return HintGame(start, tuple(moves), tuple(par[1]), shown.on(moves))
