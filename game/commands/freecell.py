"""Command-line handlers for FreeCell (called from :func:`game.commands.main`).

Each returns the process exit code; bad user input raises
:class:`~game.commands.usage.UsageError` or, from the number parsers,
:class:`~game.numbers.NumberError` (one line on stderr, exit code 2).
"""

from __future__ import annotations

import re
import sys

from game.commands.usage import UsageError, parse_auto, read_text_file
from game.freecell.deals import deal, parse_deal_number
from game.freecell.moves import Move, NotationError
from game.freecell.position import IllegalMoveError
from game.numbers import parse_in_range, shown
from game.quoting import shown_path

__all__ = ["deal_command", "solve_command", "daily_command", "play_command"]

# --anytime: plain ASCII seconds (float() would also take "٣", "1_0", "inf" and "nan").
_SECONDS = re.compile(r"[0-9]{1,6}(?:\.[0-9]{1,6})?")


def deal_command(number_text: str, check_path: str | None) -> int:
    """``solitaire deal freecell N [--check MOVES_FILE]``."""
    number = parse_deal_number(number_text)
    pos = deal(number)
    if check_path is None:
        sys.stdout.write(pos.board())
        return 0
    tokens = [t for line in read_text_file(check_path, "moves file").splitlines()
              if not line.lstrip().startswith("#") for t in line.split()]
    for index, token in enumerate(tokens, 1):
        try:
            Move.parse(token)
        except NotationError as exc:
            raise UsageError(f"{shown_path(check_path)}: move {index}: {exc}") from None
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


def solve_command(number_text: str | None, board_path: str | None, cells_text: str,
                  budget_text: str, anytime_text: str, auto_text: str = "safe") -> int:
    """``solitaire solve freecell (N | --board FILE) [--freecells K] [--budget STATES] [--auto LEVEL]``.

    stdout: the winning line, one card movement per line, automatic foundation
    moves included (it replays where nothing moves by itself). stderr: the
    verdict and statistics. Exit 0 solved, 1 proven unsolvable, 3 budget reached.
    ``--auto`` (off / safe / all) is the table's automatic foundation level
    the line is for and its player moves are counted under; with "all" an
    unsolvable verdict is about the game where every fitting card goes home.
    """
    level = parse_auto(auto_text)
    from game.freecell.position import BoardError, Position
    from game.freecell.solver import Verdict, solve

    cells = parse_in_range(cells_text, "--freecells", 0, 4)
    budget = parse_in_range(budget_text, "--budget", 1, 10**9)
    seconds = anytime_text.strip(" \t")
    if _SECONDS.fullmatch(seconds) is None:
        raise UsageError(f"--anytime must be a number of seconds, not {shown(anytime_text)}")
    anytime = float(seconds)
    if not 0 <= anytime <= 86400:
        raise UsageError(f"--anytime must be 0..86400 seconds, not {shown(anytime_text)}")
    if (number_text is None) == (board_path is None):
        raise UsageError("give a deal number or --board FILE (one of them)")
    if board_path is not None:
        try:
            pos = Position.parse(read_text_file(board_path, "board file"))
        except BoardError as exc:
            raise UsageError(f"{shown_path(board_path)}: {exc}") from None
        where = shown_path(board_path)
    else:
        number = parse_deal_number(number_text or "")
        pos = deal(number)
        where = f"deal {number}"
    used = [i for i, c in enumerate(pos.cells) if c is not None]
    if used and max(used) >= cells:
        raise UsageError(f"{where} uses free cell {'abcd'[max(used)]} but --freecells is {cells}")
    result = solve(pos, free_cells=cells, budget=budget,
                   time_limit=None, improve=anytime > 0, improve_seconds=anytime, auto=level)
    rule = "" if level == "safe" else f" (automatic foundation moves: {level})"
    room = f"{cells} free cell" + ("" if cells == 1 else "s")
    stats = (f"{result.states:,} states, {result.seconds:.2f} s")
    if result.verdict is Verdict.SOLVED:
        sys.stdout.write("".join(f"{m}\n" for m in result.moves))
        print(f"solved {where} with {room}: {result.card_moves} card moves "
              f"({result.game_moves} player moves){rule}, {stats}", file=sys.stderr)
        return 0
    if result.verdict is Verdict.UNSOLVABLE:
        print(f"unsolvable: no winning line from {where} with {room}{rule} "
              f"(search exhausted), {stats}", file=sys.stderr)
        return 1
    print(f"unknown: budget reached with no verdict for {where} with {room}, {stats}",
          file=sys.stderr)
    return 3


def daily_command(date_text: str | None) -> int:
    """``solitaire daily [YYYY-MM-DD]``: ``DATE deal N DIFFICULTY``."""
    import datetime

    from game.freecell.daily import daily_deal, today_in_japan
    from game.freecell.difficulty import difficulty

    if date_text is None:
        date = today_in_japan()
    else:
        try:
            # fromisoformat alone would also read other scripts' digits and YYYYMMDD.
            if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", date_text.strip(" \t")) is None:
                raise ValueError(date_text)
            date = datetime.date.fromisoformat(date_text.strip(" \t"))
        except ValueError:
            raise UsageError(f"{shown(date_text)} is not a date: use YYYY-MM-DD") from None
    number = daily_deal(date)
    rating = difficulty(number)
    print(f"{date.isoformat()} deal {number} {rating.label if rating else 'unrated'}")
    return 0


def play_command(game: str = "freecell", number_text: str | None = None, suits_text: str = "1",
                 text: bool = False, fullscreen: bool = False, auto_text: str | None = None) -> int:
    """``solitaire`` / ``solitaire play [freecell|spider] [N]``: open the table.

    Without a screen (see :func:`game.commands.display.no_display_reason`,
    decided before any window is made) or when the window cannot be made
    (no OpenGL 3.3), FreeCell is played in the terminal instead and one line
    on stderr says so. A window that opens but is refused full screen, its
    size or the like plays on (:mod:`game.app.capabilities`): that is no
    reason for the terminal. The terminal game ends with exit 0 at end of input.
    ``auto_text`` (``--auto``) is the terminal game's automatic foundation
    level; the window takes it from Settings, so it needs ``--text``.
    """
    level = parse_auto(auto_text) if auto_text is not None else "safe"
    if auto_text is not None and not text:
        raise UsageError("--auto is for the terminal game (--text); the window's level is in Settings")
    if game == "spider":
        from game.spider.deals import parse_game_number, parse_suits

        number = parse_game_number(number_text) if number_text is not None else None
        suits = parse_suits(suits_text)
    else:
        number = parse_deal_number(number_text) if number_text is not None else None
        suits = 1
    if not text:
        from game.commands.display import no_display_reason

        reason = no_display_reason()
        if reason is None:
            try:
                from game.app import App

                app = App(game, number, suits, fullscreen=fullscreen)
            except Exception as exc:  # no OpenGL 3.3, or the driver failed: say so, then play in text
                reason = "no window could be opened: " + (
                    str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
            else:
                return app.run()
        if game == "spider":
            print(f"solitaire: no display ({reason}); Spider needs a window", file=sys.stderr)
            return 1
        print(f"solitaire: no display: playing in the terminal ({reason})", file=sys.stderr, flush=True)
    from game.commands.textplay import play

    return play(number, auto=level)
