"""The ``solitaire`` command line: :func:`main` and its argument parser.

The handlers live beside it, one module per game (``freecell``, ``spider``),
with ``textplay`` (FreeCell in the terminal); ``usage`` holds
:class:`UsageError`. The rules packages know nothing of this package.

::

    solitaire                                   start the game
    solitaire deal freecell N                   print Microsoft deal N (fc-solve board format)
    solitaire deal freecell N --check MOVES     replay a solution, print the final position
    solitaire deal spider N --suits {1,2,4}     print Spider game N
    solitaire deal spider N --suits S --check MOVES
    solitaire solve freecell N [--board FILE] [--freecells K] [--budget STATES]
    solitaire hint freecell N [--board FILE]    the table's hint, in the same words
    solitaire hint spider N --suits S [--moves FILE]
    solitaire daily [YYYY-MM-DD]                today's deal and its difficulty
    solitaire challenges [--date D] [--json]    the day's challenges and their proofs
    solitaire help [freecell|spider]            how to play

With no display (see :mod:`game.commands.display`: no DISPLAY/WAYLAND_DISPLAY
on Linux, or SDL would draw off screen) ``solitaire`` says so in one line on
stderr and plays FreeCell in the terminal; that game ends with exit 0 at the
end of its input (``solitaire < /dev/null``).

Exit codes: 0 success, 1 an illegal move in a checked file (or, for solve and
hint, a proof that no win exists), 2 bad input, 3 solve's budget reached with
no verdict (hint: no win is known; see :mod:`game.commands.hint`).
A user mistake is always one line on stderr, never a traceback.

Numbers (deal and game numbers, ``--suits``, ``--freecells``, ``--budget``)
are ASCII digits ``0-9``, optionally between ASCII spaces, optionally grouped
by thousands with ``,`` or ``_`` (``1,000,000``); deal and game numbers may
start with ``#``. Other scripts' digits, superscripts, signs and the like are
refused (exit 2, one line). ``--anytime`` is ``N`` or ``N.N`` seconds.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import NoReturn, Sequence

from game import __version__
from game import limits
from game.commands.usage import UsageError
from game.numbers import NumberError
from game.quoting import WORD_LIMIT, printable

#: ``solve freecell``'s default budget (see :mod:`game.limits`).
FREECELL_BUDGET = limits.FREECELL_SOLVE_STATES

__all__ = ["main", "build_parser", "UsageError", "NUMBERS_HELP"]

#: What a number on the command line may look like (also in the README).
NUMBERS_HELP = ("numbers are ASCII digits, optionally grouped by thousands with ',' or '_' "
                "(1,000,000); deal and game numbers may start with '#'")


class _Parser(argparse.ArgumentParser):
    """argparse that reports a mistake in one line instead of usage + error."""

    def error(self, message: str) -> NoReturn:
        # argparse quotes a bad choice with repr(), but not an unknown option
        # ("-3\n4"), and it quotes an argument whole however long: each word
        # is cut and escaped (game.quoting), and the line as a whole is cut.
        parts = message.split(" ")
        words = " ".join(printable(word, 2 * WORD_LIMIT) for word in parts[:20]) + (" …" if len(parts) > 20 else "")
        line = printable(words, 300)
        self.exit(2, f"{self.prog}: error: {line}\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``solitaire`` (its mistakes exit 2 with one line)."""
    parser = _Parser(prog="solitaire", description="FreeCell and Spider Solitaire.",
                     epilog=NUMBERS_HELP + ".")
    parser.add_argument("--version", action="version", version=f"solitaire {__version__}")
    commands = parser.add_subparsers(dest="command", parser_class=_Parser)

    deal = commands.add_parser("deal", help="print a deal, or replay moves on it")
    games = deal.add_subparsers(dest="game", required=True, parser_class=_Parser)

    fc = games.add_parser("freecell", help="Microsoft FreeCell deal 1..1,000,000")
    fc.add_argument("number", help="deal number 1..1000000")
    fc.add_argument("--check", metavar="MOVES_FILE",
                    help="replay whitespace-separated moves (no automatic moves) and print the result")

    sp = games.add_parser("spider", help="Spider game 1..999,999")
    sp.add_argument("number", help="game number 1..999999")
    sp.add_argument("--suits", default="1", help="1, 2 or 4 suits (default 1)")
    sp.add_argument("--check", metavar="MOVES_FILE",
                    help="replay moves, one per line, and print the result and the score")

    solve = commands.add_parser("solve", help="solve a deal or a position")
    solve_games = solve.add_subparsers(dest="game", required=True, parser_class=_Parser)
    sfc = solve_games.add_parser("freecell", help="solve a FreeCell deal or board")
    sfc.add_argument("number", nargs="?", help="deal number 1..1000000 (or use --board)")
    sfc.add_argument("--board", metavar="FILE", help="a position in fc-solve board format")
    sfc.add_argument("--freecells", default="4", metavar="K", help="free cells 0..4 (default 4)")
    sfc.add_argument("--budget", default=str(FREECELL_BUDGET), metavar="STATES",
                     help=f"most positions to examine (default {FREECELL_BUDGET:,})")
    sfc.add_argument("--anytime", default="0", metavar="SECONDS",
                     help="after the first solution, look this long for a shorter one")
    sfc.add_argument("--auto", default="safe", metavar="LEVEL",
                     help="automatic foundation moves the player count assumes: off, safe (default) or all")

    ssp = solve_games.add_parser("spider", help="solve a Spider game with every card known")
    ssp.add_argument("number", help="game number 1..999999")
    ssp.add_argument("--suits", default="1", help="1, 2 or 4 suits (default 1)")
    ssp.add_argument("--budget", default=str(limits.SPIDER_SOLVE_STATES), metavar="STATES",
                     help=f"most positions to examine (default {limits.SPIDER_SOLVE_STATES:,})")

    hint = commands.add_parser("hint", help="the table's hint for a deal or a position, in words")
    hint_games = hint.add_subparsers(dest="game", required=True, parser_class=_Parser)
    hfc = hint_games.add_parser("freecell", help=f"FreeCell: the solver's hint ({limits.HINT.states:,} states or {limits.HINT.seconds:g} s)")
    hfc.add_argument("number", nargs="?", help="deal number 1..1000000 (or use --board)")
    hfc.add_argument("--board", metavar="FILE", help="a position in fc-solve board format")
    hfc.add_argument("--auto", default="safe", metavar="LEVEL",
                     help="automatic foundation moves on the table: off, safe (default) or all")
    hsp = hint_games.add_parser("spider", help="Spider: the hint from what a player sees")
    hsp.add_argument("number", help="game number 1..999999")
    hsp.add_argument("--suits", default="1", help="1, 2 or 4 suits (default 1)")
    hsp.add_argument("--moves", metavar="MOVES_FILE", help="replay these moves first (as deal --check)")

    daily = commands.add_parser("daily", help="print the daily FreeCell deal of a date (Japan time)")
    daily.add_argument("date", nargs="?", help="YYYY-MM-DD (default: today in Japan)")

    chal = commands.add_parser("challenges", help="print the day's challenges, each with its proof")
    chal.add_argument("--date", help="YYYY-MM-DD, 2020-01-01..2099-12-31 (default: today in Japan)")
    chal.add_argument("--json", action="store_true", help="a JSON list of objects, the proofs included")

    helpp = commands.add_parser("help", help="how to play FreeCell or Spider")
    helpp.add_argument("game", nargs="?", choices=["freecell", "spider"], default="freecell")

    play = commands.add_parser("play", help="start the game (the default)")
    play.add_argument("game", nargs="?", choices=["freecell", "spider"], default="freecell")
    play.add_argument("number", nargs="?", help="deal or game number")
    play.add_argument("--suits", default="1", help="Spider: 1, 2 or 4 suits (default 1)")
    play.add_argument("--text", action="store_true", help="play FreeCell in the terminal instead of a window")
    play.add_argument("--auto", metavar="LEVEL",
                      help="terminal FreeCell: automatic foundation moves off, safe (default) or all "
                           "(the window's is in Settings)")
    play.add_argument("--fullscreen", action="store_true")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "deal" and args.game == "freecell":
            from game.commands.freecell import deal_command

            return deal_command(args.number, args.check)
        if args.command == "deal" and args.game == "spider":
            from game.commands.spider import deal_command as spider_deal

            return spider_deal(args.number, args.suits, args.check)
        if args.command == "solve" and args.game == "freecell":
            from game.commands.freecell import solve_command

            return solve_command(args.number, args.board, args.freecells, args.budget, args.anytime, args.auto)
        if args.command == "solve" and args.game == "spider":
            from game.commands.spider import solve_command as spider_solve

            return spider_solve(args.number, args.suits, args.budget)
        if args.command == "hint" and args.game == "freecell":
            from game.commands.hint import freecell_hint_command

            return freecell_hint_command(args.number, args.board, args.auto)
        if args.command == "hint" and args.game == "spider":
            from game.commands.hint import spider_hint_command

            return spider_hint_command(args.number, args.suits, args.moves)
        if args.command == "help":
            from game.howto import as_text

            print(as_text(args.game))
            return 0
        if args.command == "challenges":
            from game.commands.challenges import challenges_command

            return challenges_command(args.date, args.json)
        if args.command == "daily":
            from game.commands.freecell import daily_command

            return daily_command(args.date)
        from game.commands.freecell import play_command

        return play_command(getattr(args, "game", "freecell"), getattr(args, "number", None),
                            getattr(args, "suits", "1"), getattr(args, "text", False),
                            getattr(args, "fullscreen", False), getattr(args, "auto", None))
    except (UsageError, NumberError) as exc:
        print(f"solitaire: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (``solitaire deal ... | head``): not an error of
        # ours, and Python's own flush at exit must not print a traceback.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
