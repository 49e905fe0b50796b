"""The command line's error type and its file reading (shared by the game handlers)."""

from __future__ import annotations

from game.bounded import TEXT_MAX_BYTES, Refused, read_text
from game.i18n import _
from game.quoting import shown_path

__all__ = ["UsageError", "parse_auto", "read_text_file"]


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
