"""``solitaire deal spider N --suits S [--check MOVES_FILE]`` and
``solitaire solve spider N --suits S [--budget STATES]`` (:func:`solve_command`).

Without ``--check`` it prints the layout of game ``N`` (the text form of
:class:`~game.spider.position.Position`) and nothing else. With it, it
replays the moves in the file on that game and prints the final position
followed by ``score: N`` and ``moves: N``.

The moves file has one action per line: ``move SRC DST COUNT`` (1-based
columns), ``deal``, or ``undo`` (takes the last action back and, like the
game, costs a point). Blank lines and lines starting with ``#`` are skipped.

Exit codes: 0 success; 1 a move the rules refuse (its line number and the
reason on stderr, nothing on stdout); 2 bad input: the number, the suit
count, an unreadable file or a malformed line, always one line on stderr.

This module is pure Python: it must not import pygame, moderngl or glm.
"""

from __future__ import annotations

import sys

from game.cli import UsageError
from game.spider.deals import FIRST_GAME, LAST_GAME, SUIT_PLAN, deal
from game.spider.moves import Move, NotationError
from game.spider.position import IllegalMoveError

__all__ = ["deal_command", "solve_command", "parse_number", "parse_suits", "read_moves", "UNDO"]

#: Marker for an ``undo`` line in a moves file.
UNDO = "undo"


def parse_number(text: str) -> int:
    """A game number typed by the user, or :class:`UsageError`.

    >>> parse_number("42")
    42
    >>> parse_number("1000000")
    Traceback (most recent call last):
    ...
    game.cli.UsageError: game number must be 1..999999, not 1000000
    """
    t = text.strip()
    # int() would also take "+5", "1_000" and non-ASCII digits.
    if not (t.isascii() and t.isdigit()):
        raise UsageError(f"game number must be a whole number {FIRST_GAME}..{LAST_GAME}, not {text!r}")
    n = int(t)
    if not FIRST_GAME <= n <= LAST_GAME:
        raise UsageError(f"game number must be {FIRST_GAME}..{LAST_GAME}, not {n}")
    return n


def parse_suits(text: str) -> int:
    """A suit count typed by the user (1, 2 or 4), or :class:`UsageError`."""
    t = text.strip()
    if t.isascii() and t.isdigit() and int(t) in SUIT_PLAN:
        return int(t)
    raise UsageError(f"--suits must be 1, 2 or 4, not {text!r}")


def read_moves(path: str) -> list[tuple[int, Move | str]]:
    """The actions in a moves file with their line numbers; :class:`UsageError` if unreadable
    or malformed (the message names the file and line)."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        raise UsageError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise UsageError(f"{path}: is a directory, not a moves file") from None
    except UnicodeDecodeError:
        raise UsageError(f"{path}: not a UTF-8 text file") from None
    except OSError as exc:
        raise UsageError(f"{path}: cannot read it ({exc.strerror or exc})") from None
    actions: list[tuple[int, Move | str]] = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        t = line.strip()
        if not t or t.startswith("#"):
            continue
        if t.lower() == UNDO:
            actions.append((lineno, UNDO))
            continue
        try:
            actions.append((lineno, Move.parse(t)))
        except NotationError as exc:
            raise UsageError(f"{path}:{lineno}: {exc}") from None
    return actions


def deal_command(number: str, suits: str, check_path: str | None) -> int:
    """Run ``solitaire deal spider``; returns the exit code (see the module docstring)."""
    n = parse_number(number)
    s = parse_suits(suits)
    # Read and parse the whole file before playing: a malformed line is bad
    # input (exit 2) wherever it is, even after an illegal move.
    actions = read_moves(check_path) if check_path is not None else None
    pos = deal(n, s)
    if actions is None:
        print(pos)
        return 0
    for lineno, action in actions:
        if action == UNDO:
            if not pos.move_stack:
                print(f"{check_path}:{lineno}: illegal move 'undo': nothing to undo", file=sys.stderr)
                return 1
            pos.pop()
            continue
        assert isinstance(action, Move)
        try:
            pos.push(action)
        except IllegalMoveError as exc:
            print(f"{check_path}:{lineno}: illegal move '{action}': {exc}", file=sys.stderr)
            return 1
    print(pos)
    print(f"score: {pos.score}")
    print(f"moves: {pos.moves}")
    return 0


def solve_command(number: str, suits: str, budget: str) -> int:
    """Run ``solitaire solve spider N --suits S --budget STATES``; returns the exit code.

    stdout: the winning line, one action a line (``move SRC DST COUNT`` or
    ``deal``), which ``solitaire deal spider N --suits S --check`` replays.
    stderr: the verdict and statistics. Exit 0 solved, 1 unsolvable (the
    search examined every reachable position), 3 budget reached with no
    verdict, 2 bad input.
    """
    from game.spider.solver import Verdict, solve

    n = parse_number(number)
    s = parse_suits(suits)
    t = budget.strip()
    if not (t.isascii() and t.isdigit()) or int(t) < 1:
        raise UsageError(f"--budget must be a positive whole number of states, not {budget!r}")
    states = int(t)
    where = f"game {n} with {s} suit{'s' if s > 1 else ''}"
    result = solve(deal(n, s), budget=states)
    stats = f"{result.states:,} states, {result.seconds:.2f} s"
    if result.verdict is Verdict.SOLVED:
        sys.stdout.write("".join(f"{m}\n" for m in result.moves))
        print(f"solved {where}: {result.length} moves ({result.column_moves} column moves and "
              f"{result.length - result.column_moves} deals), {stats}", file=sys.stderr)
        return 0
    if result.verdict is Verdict.UNSOLVABLE:
        print(f"unsolvable: no winning line for {where} (search exhausted), {stats}", file=sys.stderr)
        return 1
    print(f"unknown: budget reached with no verdict for {where}, {stats}", file=sys.stderr)
    return 3
