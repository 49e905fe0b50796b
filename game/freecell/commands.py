"""Command-line handlers for FreeCell (called from :mod:`game.cli`).

Each returns the process exit code; bad user input raises
:class:`game.cli.UsageError` (one line on stderr, exit code 2).
"""

from __future__ import annotations

import sys
from pathlib import Path

from game.cli import UsageError
from game.freecell.deals import MAX_DEAL, MIN_DEAL, deal
from game.freecell.moves import Move, NotationError
from game.freecell.position import IllegalMoveError


def parse_deal_number(text: str) -> int:
    """A deal number from user text, or :class:`UsageError` saying why not.

    >>> parse_deal_number(" 617 ")
    617
    """
    t = text.strip().replace(",", "").replace("_", "")
    if t.startswith("#"):
        t = t[1:]
    if not t.isdigit():
        raise UsageError(f"{text!r} is not a deal number: enter a whole number {MIN_DEAL}..{MAX_DEAL:,}")
    n = int(t)
    if not MIN_DEAL <= n <= MAX_DEAL:
        raise UsageError(f"deal {n} does not exist: deals are numbered {MIN_DEAL}..{MAX_DEAL:,}")
    return n


def read_text_file(path: str) -> str:
    """The text of a file the user named, or :class:`UsageError` in one line."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UsageError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise UsageError(f"{path}: is a directory, not a file") from None
    except UnicodeDecodeError:
        raise UsageError(f"{path}: not a text file (UTF-8 expected)") from None
    except OSError as exc:
        raise UsageError(f"{path}: cannot read it ({exc.strerror or exc})") from None


def deal_command(number_text: str, check_path: str | None) -> int:
    """``solitaire deal freecell N [--check MOVES_FILE]``."""
    number = parse_deal_number(number_text)
    pos = deal(number)
    if check_path is None:
        sys.stdout.write(pos.board())
        return 0
    tokens = [t for line in read_text_file(check_path).splitlines()
              if not line.lstrip().startswith("#") for t in line.split()]
    for index, token in enumerate(tokens, 1):
        try:
            Move.parse(token)
        except NotationError as exc:
            raise UsageError(f"{check_path}: move {index}: {exc}") from None
    # fc-solve -snx lists every card movement, so nothing moves by itself here.
    for index, token in enumerate(tokens, 1):
        move = pos.parse_move(token)
        try:
            pos.push(move, auto=False)
        except IllegalMoveError as exc:
            print(f"move {index} ({move}) is illegal: {str(exc).split(': ', 1)[1]}", file=sys.stderr)
            return 1
    sys.stdout.write(pos.board())
    state = "won" if pos.is_won() else f"{pos.cards_home} of 52 cards home"
    print(f"replayed {len(tokens)} moves on deal {number}: {state}", file=sys.stderr)
    return 0


def play_command(number_text: str | None) -> int:
    """``solitaire`` with no arguments: start the game."""
    from game.textplay import play

    number = parse_deal_number(number_text) if number_text is not None else None
    return play(number)
