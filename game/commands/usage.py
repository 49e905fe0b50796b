"""The command line's error type, its file reading and its printing (shared by the game handlers)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TypeVar

from game.bounded import TEXT_MAX_BYTES, Refused, read_text
from game.i18n import _
from game.quoting import shown_path

__all__ = ["UsageError", "parse_auto", "print_line", "read_board", "read_text_file"]

_Board = TypeVar("_Board")


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit code 2.

    Number parsers outside this package raise :class:`game.numbers.NumberError`
    instead; :func:`game.commands.main` reports both the same way.
    """


def parse_auto(text: str) -> str:
    """``--auto``: the automatic foundation level, "off", "safe" or "all"; else one-line :class:`UsageError`.

    >>> parse_auto("All")
    'all'
    """
    from game.freecell.automove import AUTO_LEVELS
    from game.numbers import shown

    level = text.strip().lower()
    if level not in AUTO_LEVELS:
        raise UsageError(_("--auto must be off, safe or all, not {text}").format(text=shown(text)))
    return level


def read_text_file(path: str, what: str = "file", limit: int = TEXT_MAX_BYTES) -> str:
    """The text of a file the user named, or :class:`UsageError` in one line.

    Read by :func:`game.bounded.read_text`: a plain UTF-8 file of at most
    ``limit`` bytes (1 MB by default); a folder, pipe, device or socket is
    refused at once. ``what`` names the file in the refusal ("moves file").
    """
    try:
        return read_text(path, limit, what)
    except Refused as exc:
        raise UsageError(_("{file}: {why}").format(file=shown_path(path), why=exc)) from None


def read_board(path: str, parse: Callable[[str], _Board], refused: type[Exception]) -> _Board:
    """The position in a board file the user named (``parse`` reads its text; it raises
    ``refused`` for a malformed board), or :class:`UsageError` in one line: the file's
    name and why.

        solitaire solve freecell --board FILE     read_board(path, Position.parse, BoardError)
    """
    try:
        return parse(read_text_file(path, "board file"))
    except refused as exc:
        raise UsageError(_("{file}: {why}").format(file=shown_path(path), why=exc)) from None


def print_line(line: str) -> None:
    """Print ``line``; a console that cannot show ♠♥♦♣ gets ``?`` instead of a traceback."""
    try:
        print(line)
    except UnicodeEncodeError:
        encoding = sys.stdout.encoding or "ascii"
        print(line.encode(encoding, "replace").decode(encoding))
