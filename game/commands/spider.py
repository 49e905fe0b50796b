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

Numbers are read by :func:`game.spider.deals.parse_game_number` and
:func:`~game.spider.deals.parse_suits` (ASCII digits only, see :mod:`game.numbers`).
"""

from __future__ import annotations

import sys

from game.commands.usage import UsageError, read_text_file
from game.i18n import _, ngettext
from game.i18n.formats import decimal, grouped
from game.numbers import parse_in_range
from game.quoting import shown_path
from game.spider.deals import deal, parse_game_number, parse_suits
from game.spider.moves import Move, NotationError
from game.spider.position import IllegalMoveError, Position

__all__ = ["UNDO", "deal_command", "read_moves", "solve_command"]

#: Marker for an ``undo`` line in a moves file.
UNDO = "undo"


def read_moves(path: str) -> list[tuple[int, Move | str]]:
    """The actions in a moves file with their line numbers; :class:`UsageError` if unreadable
    or malformed (the message names the file and line)."""
    text = read_text_file(path, "moves file")
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
            raise UsageError(_("{file}:{line}: {why}").format(file=shown_path(path), line=lineno, why=exc)) from None
    return actions


def replay_actions(pos: Position, actions: list[tuple[int, Move | str]], path: str) -> str | None:
    """Play ``actions`` (from :func:`read_moves`) on ``pos``; None, or the one line
    that says which action of ``path`` was illegal (the position stops before it)."""
    path = shown_path(path)
    for lineno, action in actions:
        if action == UNDO:
            if not pos.move_stack:
                return _("{file}:{line}: illegal move 'undo': nothing to undo").format(file=path, line=lineno)
            pos.pop()
            continue
        assert isinstance(action, Move)
        try:
            pos.push(action)
        except IllegalMoveError as exc:
            return _("{file}:{line}: illegal move '{move}': {why}").format(file=path, line=lineno, move=action, why=exc)
    return None


def deal_command(number: str, suits: str, check_path: str | None) -> int:
    """Run ``solitaire deal spider``; returns the exit code (see the module docstring)."""
    n = parse_game_number(number)
    s = parse_suits(suits)
    # Read and parse the whole file before playing: a malformed line is bad
    # input (exit 2) wherever it is, even after an illegal move.
    actions = read_moves(check_path) if check_path is not None else None
    pos = deal(n, s)
    if actions is None:
        print(pos)
        return 0
    assert check_path is not None
    illegal = replay_actions(pos, actions, check_path)
    if illegal is not None:
        print(illegal, file=sys.stderr)
        return 1
    print(pos)
    print(f"score: {pos.score}")
    print(f"moves: {pos.move_count}")
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

    n = parse_game_number(number)
    s = parse_suits(suits)
    states = parse_in_range(budget, "--budget", 1, 10**9)
    # TRANSLATORS: what was solved, shown as {where} in "solved {where}: ...".
    where = ngettext("game {n} with {suits} suit", "game {n} with {suits} suits", s).format(n=n, suits=s)
    result = solve(deal(n, s), budget=states)
    stats = _("{states} states, {seconds} s").format(states=grouped(result.states),
                                                    seconds=decimal(result.seconds))
    if result.verdict is Verdict.SOLVED:
        sys.stdout.write("".join(f"{m}\n" for m in result.moves))
        print(_("solved {where}: {n} moves ({moves} column moves and {deals} deals), {stats}").format(
            where=where, n=result.length, moves=result.column_moves, deals=result.length - result.column_moves,
            stats=stats), file=sys.stderr)
        return 0
    if result.verdict is Verdict.UNSOLVABLE:
        print(_("unsolvable: no winning line for {where} (search exhausted), {stats}").format(where=where, stats=stats),
              file=sys.stderr)
        return 1
    print(_("unknown: budget reached with no verdict for {where}, {stats}").format(where=where, stats=stats),
          file=sys.stderr)
    return 3
