"""Spider games proven winnable: the list behind "Winnable deals only".

``assets/spider-winnable.tsv`` is built by ``tools/build_spider_winnable.py``
with the full-knowledge solver (every line replayed through the rules engine
before it is written). One row per proven game, ``game<TAB>suits<TAB>moves``
(``moves``: actions in the line found, deals included); comment lines start
with ``#``. The ``# tried`` comment records, per suit count, the highest game
below which every game was searched, so that the builder resumes there.

    >>> rows = parse_rows("# tried 1:3\\n1\\t1\\t98\\n3\\t1\\t120\\n")
    >>> rows.games(1), rows.moves(1, 3), rows.tried
    ((1, 3), 120, {1: 3})
    >>> parse_rows("7\\t3\\t90\\nx\\t1\\t1\\n").games(3)
    ()

The file ships with the game, yet is read from disk: rows of the wrong shape
are skipped, never trusted, never a crash.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from game.bounded import Refused, read_bytes
from game.resources import asset_path
from game.spider.deals import FIRST_GAME, LAST_GAME

__all__ = ["FILE_NAME", "SUIT_COUNTS", "WinnableRows", "format_rows", "load", "parse_rows"]

FILE_NAME = "spider-winnable.tsv"
SUIT_COUNTS = (1, 2, 4)
#: The longest line the solver is asked to keep; a row claiming more is damaged.
_MAX_MOVES = 10_000
#: A list larger than this is not the one we ship: read no further.
_MAX_BYTES = 4 << 20


@dataclass
class WinnableRows:
    """Proven games by suit count (``moves``: the proof's length) and the builder's frontier."""

    by_suits: dict[int, dict[int, int]] = field(default_factory=lambda: {s: {} for s in SUIT_COUNTS})
    tried: dict[int, int] = field(default_factory=dict)

    def games(self, suits: int) -> tuple[int, ...]:
        """The proven game numbers at ``suits``, ascending."""
        return tuple(sorted(self.by_suits.get(suits, {})))

    def moves(self, suits: int, game: int) -> int | None:
        return self.by_suits.get(suits, {}).get(game)

    def add(self, game: int, suits: int, moves: int) -> None:
        self.by_suits.setdefault(suits, {})[game] = moves


def _int(text: str, low: int, high: int) -> int | None:
    # ASCII digits only: int() would take "١٢" or " 12" too.
    if not text.isascii() or not text.isdigit() or len(text) > 7:
        return None
    value = int(text)
    return value if low <= value <= high else None


def parse_rows(text: str) -> WinnableRows:
    """The rows of a winnable list; lines that do not parse are skipped."""
    rows = WinnableRows()
    for line in text.splitlines():
        if line.startswith("# tried"):
            for item in line[len("# tried"):].split():
                suits_text, _, game_text = item.partition(":")
                suits, game = _int(suits_text, 1, 4), _int(game_text, 0, LAST_GAME)
                if suits in SUIT_COUNTS and game is not None:
                    rows.tried[suits] = game
            continue
        parts = line.split("\t")
        if len(parts) != 3:
            continue
        game, suits, moves = _int(parts[0], FIRST_GAME, LAST_GAME), _int(parts[1], 1, 4), _int(parts[2], 1, _MAX_MOVES)
        if game is None or suits not in SUIT_COUNTS or moves is None:
            continue
        rows.add(game, suits, moves)
    return rows


def format_rows(rows: WinnableRows) -> str:
    """The file's text: the frontier comment, then the rows by suit count and game.

    >>> r = WinnableRows(); r.add(5, 2, 117); r.tried[2] = 5
    >>> format_rows(r).splitlines()[1:]
    ['# tried 2:5', '5\\t2\\t117']
    """
    out = ["# Spider games proven winnable (tools/build_spider_winnable.py): game, suits, moves in the proof",
           "# tried " + " ".join(f"{s}:{rows.tried[s]}" for s in sorted(rows.tried))]
    for suits in SUIT_COUNTS:
        for game in rows.games(suits):
            out.append(f"{game}\t{suits}\t{rows.by_suits[suits][game]}")
    return "\n".join(out) + "\n"


@lru_cache(maxsize=1)
def load() -> WinnableRows:
    """The shipped list (empty if the file is missing, unreadable or too large)."""
    try:
        raw = read_bytes(asset_path(FILE_NAME), _MAX_BYTES, "list of winnable games")
    except Refused:
        return WinnableRows()
    return parse_rows(raw.decode("utf-8", errors="replace"))
