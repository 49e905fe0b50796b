"""Spider moves and their text form.

A move either carries ``count`` cards from the end of column ``source`` onto
column ``dest``, or deals ten cards from the stock. Columns are 0-based in the
API (they index ``Position.columns``) and 1-based in the text, which is what a
player reads::

    >>> m = Move.parse("move 3 7 2")
    >>> m.source, m.dest, m.count
    (2, 6, 2)
    >>> str(m), m is Move.of(2, 6, 2)
    ('move 3 7 2', True)
    >>> Move.parse("deal") is DEAL, DEAL.is_deal, str(DEAL)
    (True, True, 'deal')

Moves are interned immutable values, so ``is`` and ``==`` agree and making
one inside a solver loop costs a table lookup.

This module is pure Python: it must not import pygame, moderngl or glm.
"""

from __future__ import annotations

from dataclasses import dataclass

from game import rules
from game.i18n import _
from game.quoting import shown

__all__ = ["COLUMNS", "DEAL", "MAX_RUN", "MOVE_TABLE", "Move", "NotationError"]

#: Number of tableau columns.
COLUMNS = 10
#: The largest card count the notation accepts: a same-suit run is at most
#: K..A, and a position never keeps one (it is removed at once), so real
#: moves carry 1..12 cards.
MAX_RUN = 13


class NotationError(rules.NotationError):
    """Text that does not parse: a malformed move or position. The message is one line."""


@dataclass(frozen=True, slots=True)
class Move:
    """Carry ``count`` cards from column ``source`` to column ``dest`` (0-based),
    or deal (``count == 0``; use :data:`DEAL`).

    Build moves with :meth:`of` or :meth:`parse`; both return the interned value.
    """

    source: int
    dest: int
    count: int

    @staticmethod
    def of(source: int, dest: int, count: int) -> Move:
        """The interned move; no legality check (see ``Position.is_legal``).

        >>> Move.of(0, 9, 1)
        Move.parse('move 1 10 1')
        """
        if not (0 <= source < COLUMNS and 0 <= dest < COLUMNS and 1 <= count <= MAX_RUN):
            raise ValueError(f"no such move: source {source}, dest {dest}, count {count}")
        return MOVE_TABLE[source][dest][count]

    @staticmethod
    def parse(text: str) -> Move:
        """Read ``"move SRC DST COUNT"`` (1-based columns) or ``"deal"``.

        Raises :class:`NotationError` with a one-line reason.

        >>> Move.parse("  MOVE 10 1 3 ")
        Move.parse('move 10 1 3')
        >>> Move.parse("move 3 11 1")
        Traceback (most recent call last):
        ...
        game.spider.moves.NotationError: 'move 3 11 1': there is no column 11 (columns are 1-10)
        """
        words = text.split()
        if len(words) == 1 and words[0].lower() == "deal":
            return DEAL
        if len(words) != 4 or words[0].lower() != "move":
            raise NotationError(
                _("{text} is not a move: use 'move SRC DST COUNT' or 'deal'").format(text=shown(text.strip())))
        numbers = []
        for w in words[1:]:
            # isdigit() alone would accept "²" and other Unicode digits.
            if not (w.isascii() and w.isdigit()) or len(w) > 3:
                raise NotationError(_("{text}: {word} is not a number").format(text=shown(text.strip()), word=shown(w)))
            numbers.append(int(w))
        src, dst, count = numbers
        for col in (src, dst):
            if not 1 <= col <= COLUMNS:
                raise NotationError(
                    _("{text}: there is no column {n} (columns are 1-10)").format(text=shown(text.strip()), n=col))
        if not 1 <= count <= MAX_RUN:
            raise NotationError(
                _("{text}: a move carries 1 to {most} cards").format(text=shown(text.strip()), most=MAX_RUN))
        return MOVE_TABLE[src - 1][dst - 1][count]

    @property
    def is_deal(self) -> bool:
        return self.count == 0

    def __str__(self) -> str:
        if self.count == 0:
            return "deal"
        return f"move {self.source + 1} {self.dest + 1} {self.count}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


def _make(source: int, dest: int, count: int) -> Move:
    m = object.__new__(Move)
    object.__setattr__(m, "source", source)
    object.__setattr__(m, "dest", dest)
    object.__setattr__(m, "count", count)
    return m


#: The deal: ten cards from the stock, one onto each column.
DEAL: Move = _make(-1, -1, 0)
#: Every move the notation can express, made once: ``MOVE_TABLE[source][dest][count]``
#: is the one :class:`Move` object for it (columns 0-9), so the engine and the searches
#: share moves instead of making them. Index 0 of the count axis is a placeholder (a move
#: carries at least one card); moves onto the own column exist but are never legal.
MOVE_TABLE: list[list[list[Move]]] = [
    [[DEAL] + [_make(s, d, k) for k in range(1, MAX_RUN + 1)] for d in range(COLUMNS)]
    for s in range(COLUMNS)
]
