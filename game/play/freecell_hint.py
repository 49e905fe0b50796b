"""FreeCell's hint measured with the review's yardstick, followed as the game goes.

Off par's line the hint shows the line the review's yardstick knows
(:class:`game.freecell.review.Yardstick`): the review runs the same forward
pass and is told each line shown, by the move count it was shown at, so a
move of the hint's line is graded best. :class:`YardstickHint` asks a worker
of its own (beside the live check's and par's) after every change, once par
is known, so that the pass keeps up with the game and H is answered at once;
when the pass knows no line here the table's own search answers instead.
:class:`ShownHints` keeps the lines shown, with the moves that led to each:
after an undo and other moves, a position of the same count is another
position::

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

__all__ = ["MEMORY", "ShownHints", "YardstickHint", "hint_game"]

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


def hint_game(session: Any, par: tuple[str, tuple[Any, ...]] | None, shown: ShownHints, *,
              follow: bool = False) -> Any:
    """The game behind a FreeCell hint on ``session``'s table (``HintGame``), or None
    when the yardstick cannot measure here: par not known yet or found for another
    level, or moves played at another level since (auto-complete, the demo).
    ``follow``: the worker answers only from the yardstick (no search of its own)."""
    from game.solver import HintGame

    position = session.position
    if par is None or par[0] != position.auto_level:
        return None
    start, moves, level = session.review_game()
    if level != position.auto_level or len(moves) != len(position.undo_steps()):
        return None
    return HintGame(start, tuple(moves), tuple(par[1]), shown.on(moves), follow)


class YardstickHint:
    """The yardstick's hint for the position on the table, asked after each change.

    ``service``: the worker (a ``SolverService`` of its own, so that its pass is
    never superseded by the live check; None: this starts its own and stops it
    on :meth:`close`). ``follow(session, par, shown)`` after a change (cheap
    when nothing changed); ``ready(position)`` is the hint once it came for
    exactly that position, else None; ``pending(position)`` whether one is on
    its way for it.
    """

    def __init__(self, service: Any = None) -> None:
        from game.solver import HintService

        self._hints = HintService(service=service)
        self._asked: Any = None  # the position (its layout) the request in flight is for
        self._answer: tuple[Any, Any] | None = None  # (layout, hint) once it came

    def follow(self, session: Any, par: tuple[str, tuple[Any, ...]] | None, shown: ShownHints) -> None:
        """Ask for the position on ``session``'s table, unless asked already or not measurable."""
        position = session.position
        layout = position.layout()
        if layout == self._asked or (self._answer is not None and self._answer[0] == layout):
            return
        game = hint_game(session, par, shown, follow=True)
        if game is None:
            return
        self._hints.ask(position, game)
        self._asked = layout

    def poll(self) -> None:
        """Take in what the worker sent (each frame)."""
        from game.freecell.hints import Hint

        for event in self._hints.poll():
            if isinstance(event, Hint):
                self._answer = (self._asked, event)
                self._asked = None

    def ready(self, position: Any) -> Any:
        """The yardstick's hint for ``position`` (a ``Hint``: WIN, or UNFINISHED when it
        knows no line there), or None when none came for it."""
        if self._answer is not None and self._answer[0] == position.layout():
            return self._answer[1]
        return None

    def pending(self, position: Any) -> bool:
        return self._asked is not None and self._asked == position.layout()

    def close(self) -> None:
        self._hints.close()
