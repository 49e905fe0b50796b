"""The command line's error type and its file reading (shared by the game handlers)."""

from __future__ import annotations

from pathlib import Path

__all__ = ["UsageError", "read_text_file", "parse_auto"]


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
        raise UsageError(f"--auto must be off, safe or all, not {shown(text)}")
    return level


def read_text_file(path: str, what: str = "file") -> str:
    """The text of a file the user named, or :class:`UsageError` in one line.

    ``what`` names the file in the "is a directory" message ("moves file").
    """
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UsageError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise UsageError(f"{path}: is a directory, not a {what}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{path}: not a UTF-8 text file") from None
    except OSError as exc:
        raise UsageError(f"{path}: cannot read it ({exc.strerror or exc})") from None
