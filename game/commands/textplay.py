"""FreeCell in the terminal: what ``solitaire`` plays where no window can be seen.

It plays the real rules engine with the same conveniences the table has:
today's deal first, cards named as their faces show them (10♥, K♠),
foundations in the table's order, safe cards fly home by themselves, runs
move as one sequence move, unlimited undo and redo, a solver hint,
auto-complete, and plain one-line reasons for refused moves. Commands are
read line by line, so a script can drive it too::

    $ printf '5a\\nu\\ny\\nq\\n' | solitaire play --text

A console that cannot print the suit symbols gets the cards as notation
("TH", "KS") instead of unreadable marks.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TextIO

from game.cards import CARDS, NAMES, SUIT_CHARS, SUIT_SYMBOLS
from game.freecell.daily import daily_deal
from game.freecell.deals import deal, is_known_unsolvable, parse_deal_number, random_deal
from game.freecell.moves import Move, NotationError
from game.freecell.position import AmbiguousMoveError, IllegalMoveError, Position
from game.i18n import N_, _, ngettext
from game.i18n.formats import grouped
from game.numbers import NumberError

__all__ = ["HELP", "LINE_MAX", "TextGame", "play", "render"]

#: The longest command line read as a command (the longest command is a few characters).
LINE_MAX = 1000
#: Characters read past in one over-long line before the input is taken for not commands at all.
SKIP_MAX = 64_000_000

# TRANSLATORS: the terminal game's help (the ? command). Keep the notation and the command
# letters (3a, h, u, y, ...) and the two-column layout; the letters are what the player types.
HELP = N_("""\
Moves use standard notation: columns 1-8, free cells a-d, home h.
  3a    column 3 to free cell a        a5    free cell a to column 5
  8h    column 8 home                   36    column 3 onto column 6 (a run moves as one)
  38v4  exactly 4 cards from column 3 to column 8
Commands:
  h  hint: the solver's next move        u  undo        y  redo
  f  auto-complete                       m  list the legal moves
  r  restart this deal                   n  new random deal
  d N  deal number N                     ?  this help   q  quit""")

_ASCII_SPACE = " \t\r\n\f\v"

#: Hint search limits for the terminal: the same order as the table's hint.
HINT_BUDGET = 150_000
HINT_SECONDS = 3.0


def _faces(out: TextIO) -> bool:
    """True when ``out`` can print the suit symbols (a UTF-8 console, a pipe, a test)."""
    encoding = getattr(out, "encoding", None)
    if not encoding:
        return True
    try:
        SUIT_SYMBOLS.encode(encoding)
    except (LookupError, UnicodeEncodeError):
        return False
    return True


def _card(card: int | None, faces: bool) -> str:
    if card is None:
        return ""
    return NAMES[card] if faces else str(CARDS[card])


def render(pos: Position, number: int, faces: bool = True) -> str:
    """The position as the terminal shows it: cells and foundations, then columns.

    Cards show as their faces do (``faces=False``: as notation, for a console
    without the suit symbols); foundations run ♣ ♦ ♥ ♠ left to right, as on
    the table.

    >>> lines = render(deal(1), 1).splitlines()
    >>> print(lines[2]); print(lines[3])
      1    2    3    4    5    6    7    8
      J♦   2♦   9♥   J♣   5♦   7♥   7♣   5♥
    """
    cells = "  ".join(f"[{_card(c, faces):>3}]" for c in pos.cells)
    homes = []
    for s in range(4):
        top = pos.foundations[s]
        mark = SUIT_SYMBOLS[s] if faces else SUIT_CHARS[s]
        homes.append(f"[{_card((top - 1) * 4 + s, faces) if top else '  ' + mark:>3}]")
    # The status line is fields three spaces apart, each one message.
    fields = [_("Deal #{n}").format(n=number), _moves(pos.move_count)]
    if not pos.is_won():
        n = pos.movable()
        fields.append(ngettext("{n} card movable", "{n} cards movable", n).format(n=n))
    status = "   ".join(fields)
    lines = [status, f"{cells}     {'  '.join(homes)}", " ".join(f"{i:>3} " for i in range(1, 9)).rstrip()]
    depth = max((len(c) for c in pos.columns), default=0)
    for row in range(depth):
        lines.append(" ".join(f"{_card(col[row], faces):>4}" if row < len(col) else "    "
                              for col in pos.columns).rstrip())
    return "\n".join(lines)


def _moves(n: int) -> str:
    return ngettext("{n} move", "{n} moves", n).format(n=n)


class TextGame:
    """One terminal game: the position, the deal and the redo list.

    Each command returns the lines to print; :func:`play` reads commands and
    prints. Redo holds the moves undone since the last new move, newest last,
    as the window's Redo does::

        >>> g = TextGame(1)
        >>> g.command("3a")
        []
        >>> g.command("u")
        ['Undone: Move 2♥ from column 3 to a free cell.']
        >>> g.command("y")
        ['Redone: Move 2♥ from column 3 to a free cell.']
        >>> g.command("y")
        ['Nothing to redo.']
    """

    def __init__(self, number: int, auto: str = "safe", *, faces: bool = True,
                 say: Callable[[str], None] | None = None) -> None:
        self.auto = auto
        self.faces = faces
        self._say = say
        self.number = number
        self.pos = self._start(number)
        self.redo: list[Move] = []

    def _start(self, number: int) -> Position:
        self.number = number
        self.redo = []
        if is_known_unsolvable(number) and self._say:
            self._say(_("This deal is known to be unsolvable."))
        pos = deal(number, auto_foundation=self.auto)
        pos.settle(self.auto)
        return pos

    def board(self) -> str:
        return render(self.pos, self.number, self.faces)

    def command(self, cmd: str) -> list[str]:
        """Carry out one command line; returns what to print (a moved card prints nothing)."""
        cmd = cmd.strip(_ASCII_SPACE)  # str.strip() would take other scripts' spaces too
        low = cmd.lower()
        if low in ("?", "help"):
            return [_(HELP)]
        if low in ("u", "undo"):
            if not self.pos.move_count:
                return [_("Nothing to undo.")]
            move = self.pos.pop()
            self.redo.append(move)
            return [_("Undone: {move}.").format(move=self._sentence(move))]
        if low in ("y", "redo"):
            if not self.redo:
                return [_("Nothing to redo.")]
            move = self.redo.pop()
            words = self._sentence(move)
            self.pos.push(move)
            return [_("Redone: {move}.").format(move=words)]
        if low in ("h", "hint"):
            return [self._hint()]
        if low in ("r", "restart"):
            self.pos = self._start(self.number)
            return [_("Deal #{n} dealt again.").format(n=self.number)]
        if low in ("n", "new"):
            self.pos = self._start(random_deal())
            return [_("New deal: #{n}.").format(n=self.number)]
        if low.startswith(("d ", "deal ")):
            try:
                # What follows the first space, as typed: split() would eat a no-break space.
                number = parse_deal_number(cmd.split(" ", 1)[1])
            except NumberError as exc:
                return [str(exc)]
            self.pos = self._start(number)
            return [_("Deal #{n}.").format(n=number)]
        if low in ("m", "moves"):
            return ["  ".join(str(m) for m in self.pos.distinct_moves()) or _("No legal move is left.")]
        if low in ("f", "auto"):
            return [self._autocomplete()]
        try:
            move = self.pos.parse_move(cmd, strict=False)
            self.pos.push(move)
        except (NotationError, IllegalMoveError, AmbiguousMoveError) as exc:
            return [str(exc)]
        self.redo.clear()
        return []

    def _sentence(self, move: Move) -> str:
        from game.freecell.hints import move_sentence

        return move_sentence(self.pos, move)

    def _hint(self) -> str:
        from game.freecell.hints import hint_for, hint_text, known_unsolvable_hint

        if self.pos.outcome() is not None:
            return _("The game is over: r restarts it, n deals a new one.")
        hint = known_unsolvable_hint(self.number) or hint_for(
            self.pos, budget=HINT_BUDGET, time_limit=HINT_SECONDS, auto=self.auto)
        return _("Hint: {hint}.").format(hint=hint_text(self.pos, hint))

    def _autocomplete(self) -> str:
        if not self.pos.can_autocomplete():
            return _("Auto-complete needs every column in order (no card above a lower one).")
        steps = 0
        while (m := self.pos.autocomplete_move()) is not None:
            self.pos.push(m, auto=False)
            steps += 1
        self.redo.clear()
        return ngettext("Auto-complete sent {n} card home.",
                        "Auto-complete sent {n} cards home.", steps).format(n=steps)


def play(number: int | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None,
         auto: str = "safe") -> int:
    """Play in the terminal until the player quits or input ends; returns 0.

    ``auto``: the automatic foundation level, "off", "safe" (Raymond's rule) or "all".
    """
    inp = stdin or sys.stdin
    out = stdout or sys.stdout

    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    say(_("FreeCell in the terminal. Type ? for help, h for a hint, q to quit."))
    if number is None:
        from game.freecell.difficulty import difficulty

        number = daily_deal()
        rating = difficulty(number)
        say(_("Today's deal is #{n} ({rating}).").format(n=number, rating=rating.label) if rating
            else _("Today's deal is #{n}.").format(n=number))
    game = TextGame(number, auto, faces=_faces(out), say=say)
    while True:
        say(game.board())
        outcome = game.pos.outcome()
        if outcome is not None:
            say(str(outcome))
        elif game.pos.can_autocomplete():
            say(_("Nothing is left to untangle: f sends every card home."))
        out.write("> ")
        out.flush()
        line = _read_line(inp)
        if line is None:
            say(_("That input is not commands (over {mb} MB without a line break): the game ends.").format(
                mb=SKIP_MAX // 1_000_000))
            return 0
        if not line:
            say()
            return 0
        if len(line) > LINE_MAX:
            say(_("A command is one short line; that one had over {n} characters.").format(n=grouped(LINE_MAX)))
            continue
        cmd = line.strip(_ASCII_SPACE)
        if not cmd:
            continue
        if cmd.lower() in ("q", "quit", "exit"):
            return 0
        for text in game.command(cmd):
            say(text)


def _read_line(inp: TextIO) -> str | None:
    """The next line of input, "" at its end; a line over :data:`LINE_MAX` is
    read past and stands for itself as its first ``LINE_MAX + 1`` characters,
    and ``None`` means over :data:`SKIP_MAX` came with no line break (``< /dev/zero``):
    whatever the input, memory holds one short line at a time."""
    line = inp.readline(LINE_MAX + 1)
    if len(line) <= LINE_MAX or line.endswith("\n"):
        return line
    skipped = len(line)
    while True:
        rest = inp.readline(LINE_MAX)
        skipped += len(rest)
        if not rest or rest.endswith("\n"):
            return line
        if skipped > SKIP_MAX:
            return None
