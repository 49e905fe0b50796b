"""The ``solitaire`` command line: :func:`main` and its argument parser.

The handlers live beside it, one module per game (``freecell``, ``spider``),
with ``textplay`` (FreeCell in the terminal); ``usage`` holds
:class:`UsageError`. The rules packages know nothing of this package.

::

    solitaire                                   start the game
    solitaire deal freecell N                   print Microsoft deal N (fc-solve board format)
    solitaire deal freecell N --check MOVES [--auto LEVEL]
                                                replay a solution, print the final position
    solitaire deal spider N --suits {1,2,4}     print Spider game N
    solitaire deal spider N --suits S --check MOVES
    solitaire solve freecell N [--board FILE] [--freecells K] [--budget STATES]
    solitaire hint freecell N [--board FILE]    the table's hint, in the same words
    solitaire hint spider (N --suits S | --board FILE) [--moves FILE] [--seed N]
    solitaire review freecell N --moves FILE [--auto LEVEL] [--json] [--anytime SECONDS]
                                                every move of a game graded (the coach)
    solitaire review spider N --suits S --moves FILE [--json]
                                                the same, knowing every card
    solitaire daily [YYYY-MM-DD]                today's deal and its difficulty
    solitaire challenges [--date D] [--json]    the day's challenges and their proofs
    solitaire help [freecell|spider]            how to play
    solitaire install-launcher                  the game in the application menu, with its icon
    solitaire uninstall-launcher                removes exactly what install-launcher wrote

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
import re
import sys
from collections.abc import Iterable, Sequence
from typing import Any, NoReturn

from game import __version__, limits
from game.commands.usage import UsageError
from game.i18n import LANGUAGES, N_, PSEUDO, _, pgettext, set_language
from game.i18n.detect import detect_language
from game.i18n.formats import grouped, listed
from game.i18n.lines import display_width, wrap_columns
from game.numbers import NumberError
from game.quoting import WORD_LIMIT, printable, shown

#: ``solve freecell``'s default budget (see :mod:`game.limits`).
FREECELL_BUDGET = limits.FREECELL_SOLVE_STATES
#: The review's par search, as the game's (``solitaire review freecell --anytime``).
PAR_SECONDS = limits.PAR.seconds or 10.0

__all__ = ["NUMBERS_HELP", "UsageError", "build_parser", "main"]

#: What a number on the command line may look like (also in docs/command-line.md).
NUMBERS_HELP = N_("numbers are ASCII digits, optionally grouped by thousands with ',' or '_' "
                  "(1,000,000); deal and game numbers may start with '#'")


class _Formatter(argparse.HelpFormatter):
    """argparse's help, its "usage:" and its section headings' colons in the current
    language (Chinese and Japanese write a full-width "："), its lines as wide as the
    terminal shows them: argparse counts characters, where a terminal gives a Chinese or
    Japanese character two columns, and it breaks only at spaces, which Japanese and
    Chinese do not write (:func:`game.i18n.lines.wrap_columns`)."""

    # The section headings written so far (set per formatter by start_section). No __init__ of
    # its own: argparse's constructor's parameters differ by Python version.
    _headings: tuple[str, ...] = ()

    def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                  groups: Iterable[argparse._MutuallyExclusiveGroup], prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)

    def _format_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                      groups: Iterable[argparse._MutuallyExclusiveGroup], prefix: str | None) -> str:
        # argparse lines the usage's later lines up under its first by counting the prefix's
        # characters: "用法：" is 3 of them and 6 columns. It wraps in 3 columns fewer, and the
        # later lines move 3 columns right, under the first line's options as a terminal shows them.
        extra = display_width(prefix or "") - len(prefix or "")
        if extra <= 0:
            return super()._format_usage(usage, actions, groups, prefix)
        self._width -= extra
        try:
            text = super()._format_usage(usage, actions, groups, prefix)
        finally:
            self._width += extra
        first, *rest = text.split("\n")
        return "\n".join([first, *(" " * extra + line if line.strip() else line for line in rest)])

    def _split_lines(self, text: str, width: int) -> list[str]:
        if text.isascii():
            return super()._split_lines(text, width)
        return wrap_columns(" ".join(text.split()), width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if text.isascii():
            return super()._fill_text(text, width, indent)
        return "\n".join(wrap_columns(" ".join(text.split()), width, indent, indent))

    def start_section(self, heading: str | None) -> None:
        if heading:
            self._headings = (*self._headings, heading)
        super().start_section(heading)

    def format_help(self) -> str:
        text = super().format_help()
        # argparse writes each heading as "heading:" on a line of its own, its colon fixed.
        # TRANSLATORS: a section heading of the command line's help, as "options:"; keep {heading}.
        colon = pgettext("help heading", "{heading}:")
        for heading in self._headings:
            line = colon.format(heading=heading).replace("\\", "\\\\")
            text = re.sub(rf"^( *){re.escape(heading)}:$", rf"\g<1>{line}", text, flags=re.MULTILINE)
        return text


class _Parser(argparse.ArgumentParser):
    """argparse that reports a mistake in one line instead of usage + error, and whose
    own words (section titles, -h) are read in the current language."""

    # (Passed through to argparse, whose constructor types each of its keywords.)
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        for action in self._actions:
            if action.dest == "help":
                action.help = _("show this help message and exit")

    def error(self, message: str) -> NoReturn:
        # argparse quotes a bad choice with repr(), but not an unknown option
        # ("-3\n4"), and it quotes an argument whole however long: each word
        # is cut and escaped (game.quoting), and the line as a whole is cut.
        message = _argparse_in_words(message)
        parts = message.split(" ")
        words = " ".join(printable(word, 2 * WORD_LIMIT) for word in parts[:20]) + (" …" if len(parts) > 20 else "")
        line = printable(words, 300)
        self.exit(2, _("{prog}: error: {why}").format(prog=self.prog, why=line) + "\n")


# argparse's own complaints (its English, not in our catalogs) read again as our messages.
_ARGPARSE = (
    (re.compile(r"the following arguments are required: (?P<names>.*)"),
     N_("the following arguments are required: {names}")),
    (re.compile(r"argument (?P<name>\S+): invalid choice: (?P<value>.*) \(choose from (?P<choices>.*)\)"),
     N_("argument {name}: invalid choice: {value} (choose from {choices})")),
    (re.compile(r"unrecognized arguments: (?P<words>.*)"), N_("unrecognized arguments: {words}")),
    (re.compile(r"argument (?P<name>\S+): expected one argument"), N_("argument {name}: expected one argument")),
)


def _argparse_in_words(message: str) -> str:
    """``message`` from argparse in the current language, when it is one of its usual ones.

    >>> _argparse_in_words("unrecognized arguments: --bogus")
    'unrecognized arguments: --bogus'
    """
    for pattern, template in _ARGPARSE:
        m = pattern.fullmatch(message)
        if m:
            return _(template).format(**m.groupdict())
    return message


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``solitaire`` (its mistakes exit 2 with one line)."""
    parser = _Parser(prog="solitaire", description=_("FreeCell and Spider Solitaire."),
                     epilog=_("{numbers}.").format(numbers=_(NUMBERS_HELP)))
    parser.add_argument("--version", action="version", version=f"solitaire {__version__}",
                        help=_("show program's version number and exit"))
    # Read before the parser is built (main's _take_language), so that --help speaks it too.
    parser.add_argument("--lang", metavar="LANG",
                        help=_("speak this language for this run: {languages} (default: the system's)").format(
                            languages=listed(LANGUAGES)))
    commands = parser.add_subparsers(dest="command", parser_class=_Parser)

    deal = commands.add_parser("deal", help=_("print a deal, or replay moves on it"))
    games = deal.add_subparsers(dest="game", required=True, parser_class=_Parser)

    fc = games.add_parser("freecell", help=_("Microsoft FreeCell deal 1..1,000,000"))
    fc.add_argument("number", help=_("deal number 1..1000000"))
    fc.add_argument("--check", metavar="MOVES_FILE",
                    help=_("replay whitespace-separated moves (no automatic moves) and print the result"))
    fc.add_argument("--auto", default="safe", metavar="LEVEL",
                    help=_("automatic foundation moves the player count assumes: off, safe (default) or all"))

    sp = games.add_parser("spider", help=_("Spider game 1..999,999"))
    sp.add_argument("number", help=_("game number 1..999999"))
    sp.add_argument("--suits", default="1", help=_("1, 2 or 4 suits (default 1)"))
    sp.add_argument("--check", metavar="MOVES_FILE",
                    help=_("replay moves, one per line, and print the result and the score"))

    solve = commands.add_parser("solve", help=_("solve a deal or a position"))
    solve_games = solve.add_subparsers(dest="game", required=True, parser_class=_Parser)
    sfc = solve_games.add_parser("freecell", help=_("solve a FreeCell deal or board"))
    sfc.add_argument("number", nargs="?", help=_("deal number 1..1000000 (or use --board)"))
    sfc.add_argument("--board", metavar="FILE", help=_("a position in fc-solve board format"))
    sfc.add_argument("--freecells", default="4", metavar="K", help=_("free cells 0..4 (default 4)"))
    sfc.add_argument("--budget", default=str(FREECELL_BUDGET), metavar="STATES",
                     help=_("most positions to examine (default {n})").format(n=grouped(FREECELL_BUDGET)))
    sfc.add_argument("--anytime", default="0", metavar="SECONDS",
                     help=_("after the first solution, look this long for a shorter one"))
    sfc.add_argument("--auto", default="safe", metavar="LEVEL",
                     help=_("automatic foundation moves the player count assumes: off, safe (default) or all"))

    ssp = solve_games.add_parser("spider", help=_("solve a Spider game with every card known"))
    ssp.add_argument("number", help=_("game number 1..999999"))
    ssp.add_argument("--suits", default="1", help=_("1, 2 or 4 suits (default 1)"))
    ssp.add_argument("--budget", default=str(limits.SPIDER_SOLVE_STATES), metavar="STATES",
                     help=_("most positions to examine (default {n})").format(n=grouped(limits.SPIDER_SOLVE_STATES)))

    hint = commands.add_parser("hint", help=_("the table's hint for a deal or a position, in words"))
    hint_games = hint.add_subparsers(dest="game", required=True, parser_class=_Parser)
    hfc = hint_games.add_parser(
        "freecell", help=_("FreeCell: the solver's hint ({states} states or {seconds} s)").format(
            states=grouped(limits.HINT.states), seconds=f"{limits.HINT.seconds:g}"))
    hfc.add_argument("number", nargs="?", help=_("deal number 1..1000000 (or use --board)"))
    hfc.add_argument("--board", metavar="FILE", help=_("a position in fc-solve board format"))
    hfc.add_argument("--auto", default="safe", metavar="LEVEL",
                     help=_("automatic foundation moves on the table: off, safe (default) or all"))
    hsp = hint_games.add_parser("spider", help=_("Spider: the hint from what a player sees"))
    hsp.add_argument("number", nargs="?", help=_("game number 1..999999 (or use --board)"))
    hsp.add_argument("--suits", default="1", help=_("1, 2 or 4 suits (default 1)"))
    hsp.add_argument("--board", metavar="FILE",
                     help=_("a position as 'solitaire deal spider' prints it (face-down cards in parentheses)"))
    hsp.add_argument("--moves", metavar="MOVES_FILE", help=_("replay these moves first (as deal --check)"))
    hsp.add_argument("--seed", default="0", help=_("the search's seed: the same seed gives the same hint (default 0)"))

    review = commands.add_parser("review", help=_("grade every move of a game: best, good, inaccuracy, mistake"))
    review_games = review.add_subparsers(dest="game", required=True, parser_class=_Parser)
    rfc = review_games.add_parser("freecell", help=_("review a FreeCell game played on a deal"))
    rfc.add_argument("number", help=_("deal number 1..1000000"))
    rfc.add_argument("--moves", metavar="MOVES_FILE", required=True,
                     help=_("the player's moves, whitespace separated (as the game copies them, or without "
                            "automatic foundation moves)"))
    rfc.add_argument("--auto", default="safe", metavar="LEVEL",
                     help=_("automatic foundation moves on the table: off, safe (default) or all"))
    rfc.add_argument("--json", action="store_true", help=_("a JSON list of objects, one per move"))
    rfc.add_argument("--anytime", default=str(int(PAR_SECONDS)), metavar="SECONDS",
                     help=_("seconds for par's search from the deal's start (default {n}, as in the game)").format(
                         n=int(PAR_SECONDS)))
    rfc.add_argument("--budget", default=str(limits.REVIEW.states), metavar="STATES",
                     help=_("most positions each new search of a position examines (default {n}, as in the "
                            "game)").format(n=grouped(limits.REVIEW.states)))
    rsp = review_games.add_parser("spider", help=_("review a Spider game, knowing every card"))
    rsp.add_argument("number", help=_("game number 1..999999"))
    rsp.add_argument("--suits", default="1", help=_("1, 2 or 4 suits (default 1)"))
    rsp.add_argument("--moves", metavar="MOVES_FILE", required=True,
                     help=_("replay these moves first (as deal --check)"))
    rsp.add_argument("--json", action="store_true", help=_("a JSON list of objects, one per move"))

    daily = commands.add_parser("daily", help=_("print the daily FreeCell deal of a date (Japan time)"))
    daily.add_argument("date", nargs="?", help=_("YYYY-MM-DD (default: today in Japan)"))

    chal = commands.add_parser("challenges", help=_("print the day's challenges, each with its proof"))
    chal.add_argument("--date", help=_("YYYY-MM-DD, 2020-01-01..2099-12-31 (default: today in Japan)"))
    chal.add_argument("--json", action="store_true", help=_("a JSON list of objects, the proofs included"))

    helpp = commands.add_parser("help", help=_("how to play FreeCell or Spider"))
    helpp.add_argument("game", nargs="?", choices=["freecell", "spider"], default="freecell")

    commands.add_parser("install-launcher", help=_("add the game to the application menu (with its icon)"))
    commands.add_parser("uninstall-launcher", help=_("remove what install-launcher added"))

    play = commands.add_parser("play", help=_("start the game (the default)"))
    play.add_argument("game", nargs="?", choices=["freecell", "spider"], default="freecell")
    play.add_argument("number", nargs="?", help=_("deal or game number"))
    play.add_argument("--suits", default="1", help=_("Spider: 1, 2 or 4 suits (default 1)"))
    play.add_argument("--text", action="store_true", help=_("play FreeCell in the terminal instead of a window"))
    play.add_argument("--auto", metavar="LEVEL",
                      help=_("terminal FreeCell: automatic foundation moves off, safe (default) or all "
                             "(the window's is in Settings)"))
    play.add_argument("--fullscreen", action="store_true",
                      help=_("start in full screen (F11 switches back to a window)"))
    return parser


def _take_language(argv: list[str]) -> tuple[str | None, list[str]]:
    """``--lang L`` (or ``--lang=L``) taken out of ``argv`` wherever it stands: ``(L, the rest)``.

    >>> _take_language(["deal", "freecell", "1", "--lang", "ja"])
    ('ja', ['deal', 'freecell', '1'])
    """
    rest: list[str] = []
    lang: str | None = None
    words = iter(argv)
    for word in words:
        if word == "--":
            rest.append(word)
            rest.extend(words)
            break
        if word == "--lang" or word.startswith("--lang="):
            value = word.partition("=")[2] if "=" in word else next(words, None)
            if value is None:
                raise UsageError(_("--lang needs a language: {languages}").format(languages=listed(LANGUAGES)))
            if value not in LANGUAGES and value != PSEUDO:  # qps: the tests' pseudo-language, never offered
                raise UsageError(_("--lang must be one of {languages}, not {text}").format(
                    languages=listed(LANGUAGES), text=shown(value)))
            lang = value
        else:
            rest.append(word)
    return lang, rest


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit code."""
    # Until --lang is read, the system's language: a --lang the game cannot speak is refused in it.
    set_language(detect_language())
    try:
        lang, words = _take_language(list(sys.argv[1:] if argv is None else argv))
    except UsageError as exc:
        print(_("solitaire: error: {why}").format(why=exc), file=sys.stderr)
        return 2
    # The command line speaks --lang, else the system's language (the window may take its
    # remembered one from the settings unless --lang was given).
    if lang is not None:
        set_language(lang)
    parser = build_parser()
    args = parser.parse_args(words)
    args.lang = lang
    try:
        if args.command == "deal" and args.game == "freecell":
            from game.commands.freecell import deal_command

            return deal_command(args.number, args.check, args.auto)
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

            return spider_hint_command(args.number, args.suits, args.moves, args.board, args.seed)
        if args.command == "review" and args.game == "spider":
            from game.commands.review import spider_review_command

            return spider_review_command(args.number, args.suits, args.moves, args.json)
        if args.command == "review":
            from game.commands.review import review_command

            return review_command(args.number, args.moves, args.auto, args.json, args.anytime, args.budget)
        if args.command == "help":
            from game.help_text import as_text

            print(as_text(args.game))
            return 0
        if args.command == "challenges":
            from game.commands.challenges import challenges_command

            return challenges_command(args.date, args.json)
        if args.command in ("install-launcher", "uninstall-launcher"):
            from game.desktop import install_launcher, uninstall_launcher

            return install_launcher() if args.command == "install-launcher" else uninstall_launcher()
        if args.command == "daily":
            from game.commands.freecell import daily_command

            return daily_command(args.date)
        from game.commands.freecell import play_command

        return play_command(getattr(args, "game", "freecell"), getattr(args, "number", None),
                            getattr(args, "suits", "1"), getattr(args, "text", False),
                            getattr(args, "fullscreen", False), getattr(args, "auto", None), args.lang)
    except (UsageError, NumberError) as exc:
        print(_("solitaire: error: {why}").format(why=exc), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (``solitaire deal ... | head``): not an error of
        # ours, and Python's own flush at exit must not print a traceback.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
