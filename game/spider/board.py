"""Spider's board text: what :meth:`Position.board <game.spider.position.Position.board>`
writes, and reading it back line by line into the pieces of a position;
:meth:`Position.parse <game.spider.position.Position.parse>` checks the cards as
a whole and makes the position.

The text (it reads back exactly)::

    stock: <the stock in dealing order: the first ten go to columns 1..10 next>
    1: (9S) (2H) (KS) (QS) 7H 6H     <- buried first, face-down in parentheses
    ...
    10: ...
    removed: <sets removed>

    >>> text = board_text([], [[51, 47], [3]] + [[]] * 8, [1, 0] + [0] * 8, 7)
    >>> print(text.splitlines()[1])
    1: (KS) QS
    >>> stock, columns, down, removed = read_board_text(text)
    >>> [str(c) for c in columns[0]], down[:2], removed
    (['KS', 'QS'], [1, 0], 7)

This module is pure Python: it must not import pygame, moderngl or glm.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.cards import CARDS, Card, CardParseError
from game.i18n import _
from game.quoting import shown
from game.spider.moves import COLUMNS, NotationError

__all__ = ["PositionError", "board_text", "read_board_text"]

# Text tokens by card number, and the face-down form "(KS)".
_TOKEN: tuple[str, ...] = tuple(str(c) for c in CARDS)
_HIDDEN_TOKEN: tuple[str, ...] = tuple(f"({t})" for t in _TOKEN)


class PositionError(NotationError):
    """Text or data that does not describe a Spider position."""


def board_text(stock: Sequence[int], columns: Sequence[Sequence[int]], face_down: Sequence[int],
               removed: int) -> str:
    """The text form of a position's pieces: the stock in dealing order, the columns
    buried card first with the first ``face_down[i]`` of column ``i`` face down, and
    the count of removed sets."""
    lines = [" ".join(["stock:", *(_TOKEN[c] for c in stock)])]
    for i, col in enumerate(columns):
        n = face_down[i]
        words = [f"{i + 1}:"]
        words.extend(_HIDDEN_TOKEN[c] for c in col[:n])
        words.extend(_TOKEN[c] for c in col[n:])
        lines.append(" ".join(words))
    lines.append(f"removed: {removed}")
    return "\n".join(lines)


def read_board_text(text: str) -> tuple[list[Card], list[list[Card]], list[int], int]:
    """The stock, the columns, their face-down counts and the removed sets' count that
    board text lists, each line checked on its own. Raises :class:`PositionError` with a
    one-line reason."""
    lines = [line.strip() for line in text.strip().splitlines()]
    # The first line first: text that is no position at all is quoted back.
    label, _sep, rest = lines[0].partition(":") if lines else ("stock", "", "")
    if label.strip().lower() != "stock":
        raise PositionError(_("line 1 must start with 'stock:', not {text}").format(text=shown(lines[0])))
    if len(lines) != COLUMNS + 2:
        raise PositionError(_("a position has {lines} lines (stock, columns 1-10, removed), not {n}").format(
            lines=COLUMNS + 2, n=len(lines)))
    stock = [_card(t, 1) for t in rest.split()]
    columns: list[list[Card]] = []
    down: list[int] = []
    for i in range(COLUMNS):
        lineno = i + 2
        label, sep, rest = lines[i + 1].partition(":")
        if not sep or label.strip() != str(i + 1):
            raise PositionError(_("line {line} must start with '{column}:'").format(line=lineno, column=i + 1))
        col: list[Card] = []
        hidden = 0
        for t in rest.split():
            if t.startswith("(") and t.endswith(")"):
                if hidden != len(col):
                    raise PositionError(
                        _("line {line}: face-down {card} above a face-up card").format(line=lineno, card=t))
                hidden += 1
                t = t[1:-1]
            col.append(_card(t, lineno))
        if col and hidden == len(col):
            raise PositionError(_("line {line}: the last card of a column must be face up").format(line=lineno))
        columns.append(col)
        down.append(hidden)
    label, _sep, rest = lines[-1].partition(":")
    if label.strip().lower() != "removed" or not (rest.strip().isascii() and rest.strip().isdigit()):
        raise PositionError(_("line {line} must be 'removed: N'").format(line=COLUMNS + 2))
    return stock, columns, down, int(rest)


def _card(token: str, lineno: int) -> Card:
    try:
        return Card.parse(token)
    except CardParseError as exc:
        raise PositionError(_("line {line}: {why}").format(line=lineno, why=exc)) from None
