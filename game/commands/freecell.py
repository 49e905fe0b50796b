"""Command-line handlers for FreeCell (called from :func:`game.commands.main`).

Each returns the process exit code; bad user input raises
:class:`~game.commands.usage.UsageError` or, from the number parsers,
:class:`~game.numbers.NumberError` (one line on stderr, exit code 2).
"""

from __future__ import annotations

import re
import sys

from game.commands.usage import UsageError, parse_auto, read_board, read_text_file
from game.freecell.deals import deal, parse_deal_number
from game.freecell.moves import Move, NotationError
from game.freecell.position import IllegalMoveError
from game.i18n import _, ngettext
from game.i18n.formats import decimal, grouped
from game.numbers import parse_in_range, shown
from game.quoting import shown_path

__all__ = ["daily_command", "deal_command", "parse_anytime", "play_command", "solve_command"]

# --anytime: plain ASCII seconds (float() would also take "٣", "1_0", "inf" and "nan").
_SECONDS = re.compile(r"[0-9]{1,6}(?:\.[0-9]{1,6})?")


def parse_anytime(text: str) -> float:
    """``--anytime``'s seconds (0..86400), or a one-line :class:`UsageError`."""
    seconds = text.strip(" \t")
    if _SECONDS.fullmatch(seconds) is None:
        raise UsageError(_("--anytime must be a number of seconds, not {text}").format(text=shown(text)))
    anytime = float(seconds)
    if not 0 <= anytime <= 86400:
        raise UsageError(_("--anytime must be 0..86400 seconds, not {text}").format(text=shown(text)))
    return anytime


def deal_command(number_text: str, check_path: str | None, auto_text: str = "safe") -> int:
    """``solitaire deal freecell N [--check MOVES_FILE] [--auto LEVEL]``.

    The file lists every card movement (fc-solve's form, as the game copies a
    game's moves) and is replayed as it is; the moves said are the player's,
    counted as a table at ``--auto`` counts that game (the status line's count).
    """
    number = parse_deal_number(number_text)
    level = parse_auto(auto_text)
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
            raise UsageError(
                _("{file}: move {n}: {why}").format(file=shown_path(check_path), n=index, why=exc)) from None
    # fc-solve -snx lists every card movement, so nothing moves by itself here.
    for index, token in enumerate(tokens, 1):
        move = pos.parse_move(token)
        try:
            pos.push(move, auto=False)
        except IllegalMoveError as exc:
            print(_("move {n} ({move}) is illegal: {why}").format(n=index, move=move, why=str(exc).split(": ", 1)[1]),
                  file=sys.stderr)
            return 1
    sys.stdout.write(pos.board())
    from game.session import FreeCellSession

    n = FreeCellSession.replaying(number, pos.move_stack, level).moves
    if pos.is_won():
        said = ngettext("replayed {n} move on deal {deal}: won", "replayed {n} moves on deal {deal}: won", n)
    else:
        said = ngettext("replayed {n} move on deal {deal}: {home} of 52 cards home",
                        "replayed {n} moves on deal {deal}: {home} of 52 cards home", n)
    print(said.format(n=n, deal=number, home=pos.cards_home), file=sys.stderr)
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
    anytime = parse_anytime(anytime_text)
    if (number_text is None) == (board_path is None):
        raise UsageError(_("give a deal number or --board FILE (one of them)"))
    if board_path is not None:
        pos = read_board(board_path, Position.parse, BoardError)
        where = shown_path(board_path)
    else:
        number = parse_deal_number(number_text or "")
        pos = deal(number)
        # TRANSLATORS: what was solved, shown as {where} in "solved {where} with {room}: ...".
        where = _("deal {n}").format(n=number)
    used = [i for i, c in enumerate(pos.cells) if c is not None]
    if used and max(used) >= cells:
        raise UsageError(_("{where} uses free cell {cell} but --freecells is {n}").format(
            where=where, cell="abcd"[max(used)], n=cells))
    result = solve(pos, free_cells=cells, budget=budget,
                   time_limit=None, improve=anytime > 0, improve_seconds=anytime, auto=level)
    # TRANSLATORS: the free cells a solve used, shown as {room} in "solved {where} with {room}: ...".
    room = ngettext("{n} free cell", "{n} free cells", cells).format(n=cells)
    stats = _("{states} states, {seconds} s").format(states=grouped(result.states),
                                                    seconds=decimal(result.seconds))
    words = {"where": where, "room": room, "level": level, "stats": stats, "cards": result.card_moves,
             "moves": result.game_moves}
    if result.verdict is Verdict.SOLVED:
        sys.stdout.write("".join(f"{m}\n" for m in result.moves))
        if level == "safe":
            said = _("solved {where} with {room}: {cards} card moves ({moves} player moves), {stats}")
        else:
            said = _("solved {where} with {room}: {cards} card moves ({moves} player moves) "
                     "(automatic foundation moves: {level}), {stats}")
        print(said.format(**words), file=sys.stderr)
        return 0
    if result.verdict is Verdict.UNSOLVABLE:
        if level == "safe":
            said = _("unsolvable: no winning line from {where} with {room} (search exhausted), {stats}")
        else:
            said = _("unsolvable: no winning line from {where} with {room} (automatic foundation moves: {level}) "
                     "(search exhausted), {stats}")
        print(said.format(**words), file=sys.stderr)
        return 1
    print(_("unknown: budget reached with no verdict for {where} with {room}, {stats}").format(**words),
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
            raise UsageError(_("{text} is not a date: use YYYY-MM-DD").format(text=shown(date_text))) from None
    number = daily_deal(date)
    rating = difficulty(number)
    print(_("{date} deal {n} {rating}").format(date=date.isoformat(), n=number,
                                              rating=rating.label if rating else _("unrated")))
    return 0


def play_command(game: str = "freecell", number_text: str | None = None, suits_text: str = "1",
                 text: bool = False, fullscreen: bool = False, auto_text: str | None = None,
                 language: str | None = None) -> int:
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
        raise UsageError(_("--auto is for the terminal game (--text); the window's level is in Settings"))
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

                app = App(game, number, suits, fullscreen=fullscreen, language=language)
            except Exception as exc:  # noqa: BLE001  # no OpenGL 3.3, or the driver failed: say so, then play in text
                reason = _("no window could be opened: {why}").format(
                    why=str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
            else:
                return app.run()
        if game == "spider":
            print(_("solitaire: no display ({why}); Spider needs a window").format(why=reason), file=sys.stderr)
            return 1
        print(_("solitaire: no display: playing in the terminal ({why})").format(why=reason),
              file=sys.stderr, flush=True)
    from game.commands.textplay import play

    return play(number, auto=level)
