"""FreeCell in the terminal: what ``solitaire`` plays where no window can be seen.

It plays the real rules engine with the same conveniences the table will
have: today's deal first, safe cards fly home by themselves, runs move as
one sequence move, unlimited undo, auto-complete, and plain one-line
reasons for refused moves. Commands are read line by line, so a script can
drive it too::

    $ printf '5a\\nu\\nq\\n' | solitaire
"""

from __future__ import annotations

import sys
from typing import TextIO

from game.cards import RANK_CHARS
from game.freecell.daily import daily_deal
from game.freecell.deals import deal, is_known_unsolvable, parse_deal_number, random_deal
from game.freecell.moves import NotationError
from game.freecell.position import AmbiguousMoveError, IllegalMoveError, Position
from game.numbers import NumberError

_ASCII_SPACE = " \t\r\n\f\v"

__all__ = ["play", "render", "HELP"]

HELP = """\
Moves use standard notation: columns 1-8, free cells a-d, home h.
  3a    column 3 to free cell a        a5    free cell a to column 5
  8h    column 8 home                   36    column 3 onto column 6 (a run moves as one)
  38v4  exactly 4 cards from column 3 to column 8
Commands: u undo, f auto-complete, r restart, n new random deal, d N deal number N,
          m list legal moves, ? this help, q quit."""


def render(pos: Position, number: int) -> str:
    """The position as the terminal shows it: cells and foundations, then columns."""
    cells = "  ".join("[" + (str(c) if c is not None else "  ") + "]" for c in pos.cells)
    homes = "  ".join(f"[{RANK_CHARS[pos.foundations[s]] if pos.foundations[s] else ' '}{'CDHS'[s]}]"
                      for s in (2, 0, 1, 3))
    n = pos.movable()
    lines = [f"Deal #{number}   moves {pos.move_count}   {n} card{'s' * (n != 1)} movable",
             f"{cells}     {homes}",
             "  ".join(f" {i} " for i in range(1, 9))]
    depth = max((len(c) for c in pos.columns), default=0)
    for row in range(depth):
        lines.append("  ".join(f"{str(col[row]):>3}" if row < len(col) else "   " for col in pos.columns))
    return "\n".join(lines)


def play(number: int | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None,
         auto: str = "safe") -> int:
    """Play in the terminal until the player quits or input ends; returns 0.

    ``auto``: the automatic foundation level, "off", "safe" (Raymond's rule) or "all".
    """
    inp = stdin or sys.stdin
    out = stdout or sys.stdout

    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    say("FreeCell in the terminal. Type ? for help, q to quit.")
    if number is None:
        from game.freecell.difficulty import difficulty

        number = daily_deal()
        rating = difficulty(number)
        say(f"Today's deal is #{number}" + (f" ({rating.label})." if rating else "."))
    pos = _start(number, say, auto)
    while True:
        say(render(pos, number))
        outcome = pos.outcome()
        if outcome is not None:
            say(str(outcome))
        elif pos.can_autocomplete():
            say("Nothing is left to untangle: f sends every card home.")
        out.write("> ")
        out.flush()
        line = inp.readline()
        if not line:
            say()
            return 0
        cmd = line.strip(_ASCII_SPACE)  # str.strip() would take other scripts' spaces too
        if not cmd:
            continue
        low = cmd.lower()
        if low in ("q", "quit", "exit"):
            return 0
        if low in ("?", "help"):
            say(HELP)
        elif low in ("u", "undo"):
            if pos.move_count:
                say(f"undid {pos.pop()}")
            else:
                say("nothing to undo")
        elif low in ("r", "restart"):
            pos = _start(number, say, auto)
        elif low in ("n", "new"):
            number = random_deal()
            pos = _start(number, say, auto)
        elif low.startswith("d ") or low.startswith("deal "):
            try:
                # What follows the first space, as typed: split() would eat a no-break space.
                number = parse_deal_number(cmd.split(" ", 1)[1])
            except NumberError as exc:
                say(str(exc))
                continue
            pos = _start(number, say, auto)
        elif low in ("m", "moves"):
            say("  ".join(str(m) for m in pos.distinct_moves()) or "no legal move")
        elif low in ("f", "auto"):
            steps = 0
            while (m := pos.autocomplete_move()) is not None:
                pos.push(m, auto=False)
                steps += 1
            say(f"auto-complete sent {steps} cards home" if steps else "auto-complete needs every column in order")
        else:
            try:
                move = pos.parse_move(cmd, strict=False)
                pos.push(move)
            except (NotationError, IllegalMoveError, AmbiguousMoveError) as exc:
                say(str(exc))


def _start(number: int, say, auto: str = "safe") -> Position:
    if is_known_unsolvable(number):
        say("This deal is known to be unsolvable.")
    pos = deal(number, auto_foundation=auto)
    pos.settle(auto)
    return pos
