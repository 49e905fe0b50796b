"""Positions the game already knows to be winnable: every position along a
winning line it replayed through the rules engine (a hint's, the live check's,
the review's), and every position a search proved winnable.

"Show which moves keep the win" reads it to mark a move green at once when the
position it leads to is known, with no search: the hint's own move, the next
move of the line the live check holds, a move made before and undone. A
position is known by :meth:`Position.key` (the layout up to column and free-cell
order), so a card sent to any empty free cell, or a run to any empty column,
finds the same answer; and per automatic foundation level, as "all" may lose
where "safe" wins::

    >>> from game.freecell import Move, deal
    >>> from game.freecell.solver import solve
    >>> pos = deal(1, auto_foundation="safe")
    >>> line = solve(pos, auto="safe").moves     # every card movement, replayed with auto=False
    >>> known = KnownWins()
    >>> known.learn_line(pos, line), known.wins_after(pos, line[0])
    (True, True)
    >>> known.learn_line(pos, line[:-1])         # a line that does not end won proves nothing
    False
    >>> pos.auto_level = "off"; known.wins_after(pos, line[0])
    False

Pure Python: no pygame, moderngl or glm.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence

from game import limits
from game.freecell.moves import Move
from game.freecell.position import IllegalMoveError, Key, Position

__all__ = ["KnownWins"]


class KnownWins:
    """Winnable positions by (automatic level, key); the oldest are forgotten past ``memory``."""

    def __init__(self, memory: int = limits.KNOWN_WINS) -> None:
        self.memory = memory
        self._won: OrderedDict[tuple[str, Key], None] = OrderedDict()

    def __len__(self) -> int:
        return len(self._won)

    def learn(self, position: Position) -> None:
        """``position`` is winnable at its automatic level (a search proved it)."""
        self._add(position.auto_level, [position.key()])

    def learn_line(self, position: Position, line: Sequence[Move], *, player_moves: bool = False) -> bool:
        """Replay ``line`` from ``position``: every card movement (the solver's lines), or
        with ``player_moves`` the moves a player makes, each with the automatic moves of
        the position's level (the review's lines). When it ends won, each position on
        the way is winnable at the position's level, and True; else nothing is learned
        (a line for another position, an illegal move)."""
        walk = position.copy(stack=False)
        seen = [walk.key()]
        try:
            for move in line:
                walk.push(move, auto=None if player_moves else False)
                seen.append(walk.key())
        except IllegalMoveError:
            return False
        if not walk.is_won():
            return False
        self._add(position.auto_level, seen)
        return True

    def knows(self, position: Position) -> bool:
        """Whether ``position`` is known winnable at its automatic level."""
        return (position.auto_level, position.key()) in self._won

    def wins_after(self, position: Position, move: Move) -> bool:
        """Whether the position ``move`` leads to (its automatic moves made, at the
        position's level) is known winnable; False for an illegal move."""
        after = position.copy(stack=False)
        try:
            after.push(move)
        except IllegalMoveError:
            return False
        return self.knows(after)

    def _add(self, level: str, keys: Sequence[Key]) -> None:
        for key in keys:
            self._won[(level, key)] = None
            self._won.move_to_end((level, key))
        while len(self._won) > self.memory:
            self._won.popitem(last=False)  # the oldest first
