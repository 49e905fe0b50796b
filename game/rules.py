"""What the FreeCell and Spider positions share: error types, outcomes and one API.

Both ``game.freecell.position.Position`` and ``game.spider.position.Position``
satisfy :class:`GamePosition`, so code above the rules (sessions, playback,
the app) can treat a position the same way whatever the game::

    >>> from game.freecell import deal
    >>> from game.spider import deal as spider_deal
    >>> for pos in (deal(1), spider_deal(1)):
    ...     move = pos.legal_moves()[0]
    ...     assert pos.why_illegal(move) is None
    ...     pos.push(move)
    ...     assert type(pos).parse(pos.board()) == pos and pos.move_count == 1
    >>> isinstance(deal(1), GamePosition)
    True

Each game's ``IllegalMoveError``, ``NotationError`` and ``Outcome`` subclass the
ones here, so ``except game.rules.IllegalMoveError`` catches either game's.
Pure Python: no pygame, moderngl or glm.
"""

from __future__ import annotations

import enum
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Protocol, Self, TypeVar, runtime_checkable

__all__ = ["GamePosition", "IllegalMoveError", "NotationError", "Outcome", "Termination"]

M = TypeVar("M")


class IllegalMoveError(ValueError):
    """A well-formed move the rules refuse here; the message says why in one line."""


class NotationError(ValueError):
    """Text that is not a move or a position in the game's notation (one-line message)."""


class Termination(enum.Enum):
    WON = "won"
    #: No legal move is left (Spider: and no deal): the game cannot go on.
    NO_MOVES = "no legal move"


@dataclass(frozen=True)
class Outcome:
    """How a game ended (``Position.outcome()``); ``None`` there means play goes on.

    Each game's subclass adds what it reports (Spider: the score) and the
    sentence a player reads (``str(outcome)``).
    """

    termination: Termination

    @property
    def won(self) -> bool:
        return self.termination is Termination.WON


@runtime_checkable
class GamePosition(Protocol[M]):
    """The API both games' positions share (python-chess's ``Board`` shape).

    ``M`` is the game's move type. Change a position only with :meth:`push`
    and :meth:`pop`.
    """

    @property
    def move_stack(self) -> Sequence[M]:
        """The moves pushed so far, one per undo step, oldest first."""
        ...

    @property
    def move_count(self) -> int:
        """Moves as the player reads them (FreeCell: player moves; Spider: column moves and deals)."""
        ...

    def legal_moves(self) -> list[M]:
        """Every legal move here."""
        ...

    def why_illegal(self, move: M) -> str | None:
        """``None`` if ``move`` is legal here, else the one-line reason a player reads."""
        ...

    def is_legal(self, move: M) -> bool:
        ...

    def push(self, move: M) -> None:
        """Play ``move`` as one undo step; :class:`IllegalMoveError` (position unchanged) if illegal."""
        ...

    def pop(self) -> M:
        """Undo the last step; returns its move."""
        ...

    def is_won(self) -> bool:
        ...

    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        ...

    def copy(self, *, stack: bool = True) -> Self:
        """An independent copy (without the undo history when ``stack`` is false)."""
        ...

    def key(self) -> Hashable:
        """A hashable snapshot of the layout."""
        ...

    def board(self) -> str:
        """The position as text; :meth:`parse` reads it back."""
        ...

    @classmethod
    def parse(cls, text: str) -> Self:
        """A position from :meth:`board`'s text; the game's ``NotationError`` subclass if it is not one."""
        ...
