"""Reading fc-solve's board text (what :meth:`game.freecell.position.Position.board`
writes) line by line into the pieces of a position; :meth:`Position.parse
<game.freecell.position.Position.parse>` checks the cards as a whole and makes the
position. Pure Python.
"""

from __future__ import annotations

from game.cards import Card, CardParseError, parse_rank
from game.freecell.moves import CELLS, COLUMNS, NotationError
from game.i18n import _
from game.quoting import shown

__all__ = ["BoardError", "read_board_text"]


class BoardError(NotationError):
    """Board text that does not describe a FreeCell position."""


def read_board_text(text: str) -> tuple[list[list[Card]], list[Card | None], list[int]]:
    """The columns, free cells and foundation ranks (C, D, H, S) that board text
    lists, each line checked on its own. Raises :class:`BoardError`.

    >>> columns, cells, foundations = read_board_text("Foundations: H-2\\nFreecells: - KC\\n: QS KS\\n")
    >>> [[str(c) for c in col] for col in columns], [None if c is None else str(c) for c in cells], foundations
    ([['QS', 'KS']], [None, 'KC'], [0, 0, 2, 0])
    """
    foundations = [0, 0, 0, 0]
    cells: list[Card | None] = []
    columns: list[list[Card]] = []
    seen_found = seen_cells = False
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        head, sep, rest = line.partition(":")
        label = head.strip().lower()
        if label in ("foundations", "founds", "foundation"):
            if seen_found:
                raise BoardError(_("line {line}: a second Foundations line").format(line=lineno))
            seen_found = True
            for tok in rest.split():
                suit_t, dash, rank_t = tok.partition("-")
                if not dash or suit_t.upper() not in ("H", "C", "D", "S"):
                    raise BoardError(_("line {line}: {token} is not a foundation like H-5").format(
                        line=lineno, token=shown(tok)))
                try:
                    foundations["CDHS".index(suit_t.upper())] = parse_rank(rank_t)
                except CardParseError as exc:
                    raise BoardError(_("line {line}: {why}").format(line=lineno, why=exc)) from None
            continue
        if label in ("freecells", "freecell", "cells"):
            if seen_cells:
                raise BoardError(_("line {line}: a second Freecells line").format(line=lineno))
            seen_cells = True
            for tok in _cell_tokens(rest):
                if set(tok) <= {"-"}:
                    cells.append(None)
                else:
                    cells.append(_card(tok, lineno))
            if len(cells) > CELLS:
                raise BoardError(_("line {line}: {n} free cells; at most {most}").format(
                    line=lineno, n=len(cells), most=CELLS))
            continue
        if line.startswith(":"):
            line = line[1:]
        elif sep:
            raise BoardError(_("line {line}: {head} is not a board line (Foundations, Freecells or a column)")
                             .format(line=lineno, head=shown(head.strip())))
        columns.append([_card(tok, lineno) for tok in line.split()])
        if len(columns) > COLUMNS:
            raise BoardError(_("line {line}: more than {columns} columns").format(line=lineno, columns=COLUMNS))
    return columns, cells, foundations


def _cell_tokens(rest: str) -> list[str]:
    """The free-cell tokens after ``Freecells:``, keeping each card's cell.

    ``-`` marks an empty cell. fc-solve's own output marks none: it writes
    each cell as a 4-character field (``"Freecells:      2S"`` is 2S in cell
    b), so a line without dashes whose cards sit in such fields is read by
    field position.

    >>> _cell_tokens("      2S      KH"), _cell_tokens(" 9C - - KH")
    (['-', '2S', '-', 'KH'], ['9C', '-', '-', 'KH'])
    """
    tokens = rest.split()
    if "-" in rest or not tokens:
        return tokens
    fields = [rest[i:i + 4] for i in range(0, len(rest), 4)]
    by_field = [f.strip() or "-" for f in fields]
    while by_field and by_field[-1] == "-":
        by_field.pop()
    if [t for t in by_field if t != "-"] == tokens and all(" " not in f.strip() for f in fields):
        return by_field
    return tokens


def _card(token: str, lineno: int) -> Card:
    try:
        return Card.parse(token)
    except CardParseError as exc:
        raise BoardError(_("line {line}: {why}").format(line=lineno, why=exc)) from None
