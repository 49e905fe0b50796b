"""The proven lines behind the daily challenges, and their replay through the rules engines.

``assets/challenge-lines.tsv`` is written by ``tools/build_challenges.py``
with the project's own solvers. One row per line, four fields separated by
tabs::

    freecell  DEAL  CELLS  8a 8b 87 ... 1h      (moves as `solitaire solve freecell` prints them)
    spider    GAME  SUITS  move 1 2 1,deal,...  (actions as `solitaire solve spider` prints them)

A FreeCell line was found with ``CELLS`` free cells under safe automatic
moves; it lists every card movement, automatic ones included. A Spider line
lists every column move and deal. Lines starting with ``#`` are comments.

The file ships with the game, yet it is read from disk: a row of the wrong
shape is skipped, never trusted, never a crash; and a row that parses is
still only a claim until :func:`replay_freecell` or :func:`replay_spider`
has played it through the rules engine::

    >>> rows = parse_lines("freecell\\t1\\t4\\t8a 8b\\nspider\\t5\\t3\\tdeal\\nfreecell\\tx\\t4\\t8a\\n")
    >>> [(r.game, r.number, r.variant, r.moves) for r in rows]
    [('freecell', 1, 4, ('8a', '8b'))]
    >>> steps = replay_spider(1, 1, ["move 1 2 1"])  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    game.challenges.lines.ProofError: Spider game 1 (1 suit): action 1 (move 1 2 1) is illegal:
        a card goes on a card exactly one rank higher, of any suit

A replay returns one :class:`Snapshot` per player step, counted as the status
line counts: in FreeCell a move of a run counts once, and the automatic
foundation moves that follow a move count nothing; in Spider every column
move and every deal counts one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from game.resources import asset_path

__all__ = ["FILE_NAME", "SPIDER_SEPARATOR", "LineRow", "ProofError", "Snapshot", "format_lines", "load_lines",
           "parse_lines", "replay_freecell", "replay_spider"]

FILE_NAME = "challenge-lines.tsv"
#: Spider actions contain spaces ("move 1 2 3"), so a Spider line separates them with commas.
SPIDER_SEPARATOR = ","
#: No winning line of ours comes near this many card movements or actions.
MAX_LINE = 2_000
#: A file larger than this is not the one we ship: read none of it.
MAX_BYTES = 4 << 20

_FREECELL_TOKEN = re.compile(r"[1-8a-d][1-8a-dh](?:v(?:1[0-3]|[0-9a-f]))?")
_SPIDER_TOKEN = re.compile(r"deal|move (?:10|[1-9]) (?:10|[1-9]) (?:1[0-3]|[1-9])")
_NUMBER = re.compile(r"[0-9]{1,7}")


class ProofError(ValueError):
    """A line that does not replay, or does not win (one line)."""


@dataclass(frozen=True)
class LineRow:
    """One row of the file: ``variant`` is the free cells (FreeCell) or the suits (Spider)."""

    game: str
    number: int
    variant: int
    moves: tuple[str, ...]

    def text(self) -> str:
        """The line on one line of the file: FreeCell moves joined by spaces, Spider actions by commas."""
        return (SPIDER_SEPARATOR if self.game == "spider" else " ").join(self.moves)


class Snapshot(NamedTuple):
    """The table after one player step: what a goal is judged on.

    ``moves``: the status line's move count; ``cells``: cards in the free
    cells (FreeCell); ``sets``: complete suits removed (Spider); ``won``.
    """

    moves: int
    cells: int = 0
    sets: int = 0
    won: bool = False


def _row(line: str) -> LineRow | None:
    parts = line.split("\t")
    if len(parts) != 4 or not _NUMBER.fullmatch(parts[1]) or not _NUMBER.fullmatch(parts[2]):
        return None
    game, number, variant = parts[0], int(parts[1]), int(parts[2])
    if game == "freecell":
        if not 1 <= number <= 1_000_000 or not 0 <= variant <= 4:
            return None
        moves = tuple(parts[3].split(" "))
        token = _FREECELL_TOKEN
    elif game == "spider":
        if not 1 <= number <= 999_999 or variant not in (1, 2, 4):
            return None
        moves = tuple(parts[3].split(SPIDER_SEPARATOR))
        token = _SPIDER_TOKEN
    else:
        return None
    if not 0 < len(moves) <= MAX_LINE or not all(token.fullmatch(m) for m in moves):
        return None
    return LineRow(game, number, variant, moves)


def parse_lines(text: str) -> tuple[LineRow, ...]:
    """The rows of a lines file that have the right shape, in file order (the first of duplicates)."""
    rows: list[LineRow] = []
    seen: set[tuple[str, int, int]] = set()
    for line in text.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        row = _row(line)
        if row is not None and (row.game, row.number, row.variant) not in seen:
            seen.add((row.game, row.number, row.variant))
            rows.append(row)
    return tuple(rows)


def format_lines(rows: Iterable[LineRow]) -> str:
    """The file's text for ``rows``, sorted by game, number and variant.

    >>> format_lines([LineRow("spider", 3, 1, ("deal", "move 1 2 1"))]).splitlines()[-1]
    'spider\\t3\\t1\\tdeal,move 1 2 1'
    """
    out = ["# Proven lines for the daily challenges (tools/build_challenges.py); see game/challenges/lines.py",
           "# game, number, free cells (FreeCell, safe automatic moves) or suits (Spider), the winning line"]
    for row in sorted(rows, key=lambda r: (r.game, r.number, r.variant)):
        out.append(f"{row.game}\t{row.number}\t{row.variant}\t{row.text()}")
    return "\n".join(out) + "\n"


@lru_cache(maxsize=1)
def load_lines() -> tuple[LineRow, ...]:
    """The shipped rows (none if the file is missing, unreadable or too large)."""
    path = asset_path(FILE_NAME)
    try:
        if path.stat().st_size > MAX_BYTES:
            return ()
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ()
    return parse_lines(text)


def _cells_in_use(cells: Sequence[object]) -> int:
    return sum(1 for c in cells if c is not None)


def replay_freecell(number: int, moves: Sequence[str], level: str = "safe") -> list[Snapshot]:
    """Play a FreeCell line (every card movement, as the solver prints it) on
    deal ``number`` on the game's four-cell table at automatic level ``level``
    as a player would: each move the table would make by itself after a step
    is left to the table, every other one is a step (auto-complete's cards
    included, one step each). Returns the snapshots after each step; raises
    :class:`ProofError` if a move is illegal or the line does not win.

    >>> steps = replay_freecell(1, "8a 8b".split())
    Traceback (most recent call last):
    ...
    game.challenges.lines.ProofError: deal 1: the line ends before the game is won (0 of 52 cards home)
    """
    from game.freecell import deal
    from game.freecell.moves import NotationError
    from game.freecell.position import IllegalMoveError

    where = f"deal {number}"
    pos = deal(number, auto_foundation=level)
    opening = [str(m) for m in pos.settle(level)]
    if list(moves[:len(opening)]) != opening:
        raise ProofError(f"{where}: the line does not begin with the cards the deal sends home")
    out: list[Snapshot] = []
    i = len(opening)
    while i < len(moves):
        text = moves[i]
        try:
            move = pos.parse_move(text)
            pos.push(move, auto=level)
        except (NotationError, IllegalMoveError) as exc:
            raise ProofError(f"{where}: move {i + 1} ({text}) is illegal: {str(exc).split(': ', 1)[-1]}") from None
        autos = [str(m) for m in pos.undo_steps()[-1][1]]
        if list(moves[i + 1:i + 1 + len(autos)]) == autos:
            i += 1 + len(autos)
        else:
            # The line sends cards home one by one here: auto-complete's steps
            # (each a step with nothing automatic after it), the only plain
            # steps a player can make on a table with automatic moves.
            pos.pop()
            if pos.autocomplete_move() != move:
                raise ProofError(f"{where}: move {i + 1} ({text}) is not what the table would play")
            pos.push(move, auto=False)
            i += 1
        out.append(Snapshot(pos.move_count, _cells_in_use(pos.cells), 0, pos.is_won()))
    if not pos.is_won():
        raise ProofError(f"{where}: the line ends before the game is won ({pos.cards_home} of 52 cards home)")
    return out


def replay_spider(number: int, suits: int, moves: Sequence[str]) -> list[Snapshot]:
    """Play a Spider line (column moves and deals) on game ``number`` with
    ``suits`` suits; the snapshots after each action, or :class:`ProofError`."""
    from game.spider import Move, deal
    from game.spider.moves import NotationError
    from game.spider.position import IllegalMoveError

    where = f"Spider game {number} ({suits} suit{'s' if suits > 1 else ''})"
    pos = deal(number, suits)
    out: list[Snapshot] = []
    for i, text in enumerate(moves):
        try:
            pos.push(Move.parse(text))
        except (NotationError, IllegalMoveError) as exc:
            raise ProofError(f"{where}: action {i + 1} ({text}) is illegal: {str(exc).split(': ', 1)[-1]}") from None
        out.append(Snapshot(pos.move_count, 0, pos.removed, pos.is_won()))
    if not pos.is_won():
        raise ProofError(f"{where}: the line ends before the game is won ({pos.removed} of 8 suits complete)")
    return out
