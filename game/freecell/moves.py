"""FreeCell moves and their standard notation.

A move names a source, a destination and a card count. Places are small
integers so that the engine can index tables with them:

========  ======================  ==========
place     meaning                 notation
========  ======================  ==========
0..7      tableau columns 1..8    ``1``-``8``
8..11     free cells a..d         ``a``-``d``
12        the foundations (home)  ``h``
========  ======================  ==========

Moves are interned immutable values, so ``is`` and ``==`` agree and a
move costs nothing to create inside a solver loop::

    >>> m = Move.parse("38v4")
    >>> m.source, m.dest, m.count
    (2, 7, 4)
    >>> str(m), m is Move.parse("38v4"), m is Move.of(2, 7, 4)
    ('38v4', True, True)
    >>> str(Move.parse("ah")), str(Move.parse("5b"))
    ('ah', '5b')

The text form is the one ``fc-solve -snx`` prints: a sequence move of more
than one card carries ``v<count>``, the count as one hexadecimal digit
(``82vc`` moves 12 cards)::

    >>> str(Move.of(7, 1, 12)), Move.parse("82v12") is Move.parse("82vc")
    ('82vc', True)

Without ``v`` the count depends on the position (see ``Position.parse_move``);
``Move.parse`` alone reads it as one card.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game import rules
from game.i18n import _
from game.quoting import shown

__all__ = ["CELLS", "COLUMNS", "HOME", "Move", "NotationError", "place_name", "place_token"]

#: Number of tableau columns, free cells (the game's maximum), and the home place.
COLUMNS = 8
CELLS = 4
HOME = COLUMNS + CELLS  # 12

_TOKENS = "12345678abcdh"
# The count after "v" is one hexadecimal digit as fc-solve prints it
# ("82vc" carries 12 cards); decimal 10-13 is read too, for people typing.
_MOVE_RE = re.compile(r"^([1-8a-d])([1-8a-dh])(?:v(1[0-3]|[0-9a-f]))?$")


class NotationError(rules.NotationError):
    """Text that does not parse: a malformed move or board. The message is one line."""


def place_token(place: int) -> str:
    """The notation character of a place: ``'3'``, ``'b'`` or ``'h'``."""
    return _TOKENS[place]


def place_name(place: int) -> str:
    """A player-readable name: ``'column 3'``, ``'free cell b'``, ``'the foundation'``."""
    if place < COLUMNS:
        # TRANSLATORS: a place on the table, shown as {place} in refusals ("{place} is empty").
        return _("column {n}").format(n=place + 1)
    if place < HOME:
        # TRANSLATORS: a free cell by its letter a-d, shown as {place} in refusals.
        return _("free cell {cell}").format(cell=_TOKENS[place])
    # TRANSLATORS: shown as {place} in refusals ("{place} already holds ...").
    return _("the foundation")


@dataclass(frozen=True, slots=True)
class Move:
    """Move ``count`` cards from ``source`` to ``dest`` (places as in the module table).

    Build moves with :meth:`of` or :meth:`parse`; both return the interned value.
    """

    source: int
    dest: int
    count: int = 1

    @staticmethod
    def of(source: int, dest: int, count: int = 1) -> Move:
        """The interned move; no legality check (see ``Position.is_legal``)."""
        return _TABLE[source][dest][count]

    @staticmethod
    def parse(text: str) -> Move:
        """Read standard notation (``"3a"``, ``"a5"``, ``"8h"``, ``"38v4"``).

        Raises :class:`NotationError` with a one-line reason.

        >>> Move.parse("h3")
        Traceback (most recent call last):
        ...
        game.freecell.moves.NotationError: 'h3': cards never leave the foundation
        """
        t = text.strip().lower()
        m = _MOVE_RE.match(t)
        if m is None:
            if t[:1] == "h":
                raise NotationError(_("{text}: cards never leave the foundation").format(text=shown(text)))
            raise NotationError(
                _("{text} is not a move: use columns 1-8, cells a-d, home h, e.g. 3a, a5, 8h, 38v4").format(
                    text=shown(text)))
        src = _TOKENS.index(m.group(1))
        dst = _TOKENS.index(m.group(2))
        count = int(m.group(3), 10 if len(m.group(3) or "") == 2 else 16) if m.group(3) else 1
        if m.group(3) and not (src < COLUMNS and dst < COLUMNS):
            raise NotationError(
                _("{text}: only column-to-column moves carry a card count (v)").format(text=shown(text)))
        if not 1 <= count <= 13:
            raise NotationError(_("{text}: a move carries 1 to 13 cards").format(text=shown(text)))
        return _TABLE[src][dst][count]

    def __str__(self) -> str:
        s = _TOKENS[self.source] + _TOKENS[self.dest]
        return f"{s}v{self.count:x}" if self.count > 1 else s

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


# Every move the notation can express, made once. Sources include no HOME.
_TABLE: list[list[list[Move]]] = [
    [[object.__new__(Move) for _ in range(14)] for _ in range(HOME + 1)] for _ in range(HOME)
]
for _s in range(HOME):
    for _d in range(HOME + 1):
        for _c in range(14):
            _mv = _TABLE[_s][_d][_c]
            object.__setattr__(_mv, "source", _s)
            object.__setattr__(_mv, "dest", _d)
            object.__setattr__(_mv, "count", _c)
