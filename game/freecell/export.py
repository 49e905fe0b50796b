"""Move list export and replay, in the standard notation ``fc-solve -m -snx`` writes.

The export lists every card movement of the game, the automatic foundation
moves included, so it replays on any program that makes no automatic moves
(fc-solve's own checker, or :func:`replay` here)::

    >>> from game.freecell import deal, Move
    >>> pos = deal(617, auto_foundation=True)
    >>> for text in "8a 8b 8c 87 a2 c2 8d".split():
    ...     pos.push(pos.parse_move(text))
    >>> text = export_moves(pos)
    >>> text          # the automatic 8h that followed 8d is listed too
    '8a 8b 8c 87 a2 c2 8d 8h\\n'
    >>> replay(617, text) == pos
    True
    >>> replay(617, "8a 8b 8q")
    Traceback (most recent call last):
    ...
    ValueError: Move 3 of 3: '8q' is not a move: use columns 1-8, cells a-d, home h, e.g. 3a, a5, 8h, 38v4

Pure Python: no pygame, moderngl or glm.
"""

from __future__ import annotations

from game.freecell.deals import deal
from game.freecell.moves import COLUMNS, Move, NotationError
from game.freecell.position import Position
from game.i18n import _

__all__ = ["export_moves", "move_words", "replay", "tokens"]

#: Moves per line, as fc-solve writes them.
PER_LINE = 10


def export_moves(position: Position, per_line: int | None = PER_LINE, *, explicit_counts: bool = False) -> str:
    """The game's card movements so far in standard notation, ``per_line`` to a
    line (``None``: one line), ending in a newline; ``""`` before any move.

    As fc-solve writes them, a sequence move carries ``v<count>``
    (hexadecimal, ``82vc``) only into an empty column, where the count is a
    choice; onto a card the ranks force the count, so ``72`` may move two
    cards (:meth:`Position.parse_move` reads both back). ``explicit_counts``
    writes ``v<count>`` on every sequence move.
    """
    words = move_words(position, explicit_counts=explicit_counts)
    if not words:
        return ""
    if per_line is None or per_line <= 0:
        return " ".join(words) + "\n"
    lines = [" ".join(words[i:i + per_line]) for i in range(0, len(words), per_line)]
    return "\n".join(lines) + "\n"


def move_words(position: Position, *, explicit_counts: bool = False) -> list[str]:
    """Each card movement of the game as a word (see :func:`export_moves`).

    >>> from game.freecell import deal
    >>> pos = deal(617)
    >>> for t in "8a 8b 8c 87 a2 c2 8d 8h 2a 2c 28 21 c3 a3 2c 26 72".split():
    ...     pos.push(pos.parse_move(t), auto=False)
    >>> move_words(pos)[-1], move_words(pos, explicit_counts=True)[-1]
    ('72', '72v2')
    """
    moves = position.card_moves()
    if explicit_counts:
        return [str(m) for m in moves]
    # Whether a destination column was empty depends on the position at the
    # time: replay the game on a copy from its start.
    walk = position.copy()
    while walk.move_count:
        walk.pop()
    first = len(moves) - sum(1 + len(autos) for _, autos in position.undo_steps())
    words = [str(m) for m in moves[:first]]  # the deal's own foundation moves
    for move in moves[first:]:
        words.append(_word(walk, move))
        walk.push(move, auto=False)
    return words


def _word(position: Position, move: Move) -> str:
    if move.count > 1 and move.dest < COLUMNS and position.columns[move.dest]:
        return str(Move.of(move.source, move.dest, 1))  # "72": the count is forced
    return str(move)


def tokens(text: str) -> list[str]:
    """The move tokens of pasted text: whitespace-separated, ``#`` comment lines skipped.

    >>> tokens("# deal 617\\n8a 8b\\n 8c\\n")
    ['8a', '8b', '8c']
    """
    return [t for line in text.splitlines() if not line.lstrip().startswith("#") for t in line.split()]


def replay(start: int | Position, text: str, *, auto_foundation: bool = False,
           free_cells: int = 4) -> Position:
    """Replay a pasted move list from the deal's start; returns the position reached.

    ``start`` is a deal number (its starting layout, nothing sent home) or a
    starting position (copied; its history is dropped). Each move is pushed
    as its own undo step with automatic moves off (fc-solve's semantics: the
    list names every card movement), so a list exported from a game played
    with auto-foundation on reproduces that game. ``auto_foundation`` is the
    setting the returned position keeps for the moves played after it.

    Raises ``ValueError`` with one line naming the move and the reason, for a
    token that is not a move and for a move the rules refuse.
    """
    if isinstance(start, Position):
        pos = start.copy(stack=False)
    else:
        pos = deal(start, free_cells=free_cells)
    words = tokens(text)
    total = len(words)
    for index, word in enumerate(words, 1):
        try:
            move = pos.parse_move(word)
        except NotationError as exc:
            raise ValueError(_("Move {index} of {total}: {why}").format(index=index, total=total, why=exc)) from None
        reason = pos.why_illegal(move)
        if reason is not None:
            raise ValueError(_("Move {index} of {total} ({move}) is illegal here: {why}").format(
                index=index, total=total, move=word, why=reason))
        pos.push(move, auto=False)
    pos.auto_foundation = auto_foundation
    return pos
