"""Deal difficulty: the fewest free cells that win a deal (Keller's measure).

The table ``assets/freecell-min-cells.tsv`` is computed by
``tools/build_min_cells.py`` with the project's own solver: ``exact`` rows are
backed by a winning line with that many cells and an exhausted search with
one fewer; ``upper`` rows by the winning line only (fewer cells not ruled
out), shown with a ``?``.

    >>> Difficulty(2, exact=True).label, Difficulty(3, exact=False).label
    ('Normal', 'Hard?')
    >>> Difficulty(None, exact=True).label
    'Unsolvable'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.i18n import N_, _
from game.resources import asset_path

__all__ = ["LEVELS", "Difficulty", "difficulty", "load_table"]

#: Level names by minimum free cells (SPEC §1.4).
#: They stay English here (statistics keys); :attr:`Difficulty.label` is what a player reads.
LEVELS = {
    # TRANSLATORS: a FreeCell deal's difficulty, in the menu's buttons and the status line ("Deal #5 (Easy)").
    0: N_("Easy"), 1: N_("Easy"),
    # TRANSLATORS: a FreeCell deal's difficulty, in the menu's buttons and the status line ("Deal #5 (Easy)").
    2: N_("Normal"),
    # TRANSLATORS: a FreeCell deal's difficulty, in the menu's buttons and the status line ("Deal #5 (Easy)").
    3: N_("Hard"), 4: N_("Hard"),
}


@dataclass(frozen=True)
class Difficulty:
    """``cells``: fewest free cells that win (None: no win with four)."""

    cells: int | None
    exact: bool

    @property
    def level(self) -> str:
        return N_("Unsolvable") if self.cells is None else LEVELS[self.cells]

    @property
    def label(self) -> str:
        if self.exact:
            return _(self.level)
        # TRANSLATORS: a difficulty rating that only an upper bound backs, e.g. "Hard?".
        return _("{level}?").format(level=_(self.level))


#: The eleven ratings a row can hold, made once: building 32,000 frozen
#: dataclasses cost a third of a second at the first status line.
_RATINGS: dict[tuple[str, str], Difficulty] = {
    (cells, kind): Difficulty(None if cells == "-" else int(cells), kind == "exact")
    for cells in ("-", "0", "1", "2", "3", "4") for kind in ("exact", "upper")}


@lru_cache(maxsize=1)
def _text() -> str:
    """The shipped table's text ("" when it cannot be read)."""
    try:
        return asset_path("freecell-min-cells.tsv").read_text()
    except OSError:
        return ""


def _row(line: str) -> tuple[int, Difficulty] | None:
    """One row's deal and rating, or None when it does not parse."""
    parts = line.split("\t")
    # ASCII digits only: str.isdigit() takes other scripts' digits too ("７").
    if len(parts) != 3 or not (parts[0].isascii() and parts[0].isdigit()):
        return None
    rating = _RATINGS.get((parts[1], parts[2]))
    return None if rating is None else (int(parts[0]), rating)


@lru_cache(maxsize=1)
def load_table() -> dict[int, Difficulty]:
    """The shipped table; rows that do not parse are skipped (never a crash)."""
    table: dict[int, Difficulty] = {}
    for line in _text().splitlines():
        row = _row(line)
        if row is not None:
            table[row[0]] = row[1]
    return table


#: Deals looked up one by one before the whole table is read: the status line needs
#: one rating, and reading all 32,000 rows cost half a second before the first frame.
#: A deal looked up again is remembered, not counted: the status line asks for its
#: deal's rating each time it changes, and counting those read the whole table in the
#: middle of the first moves (a 25-80 ms stall in a frame of the player's first drag).
_SINGLE_LOOKUPS = 8
_looked_up: dict[int, Difficulty | None] = {}


def difficulty(number: int) -> Difficulty | None:
    """The rating of deal ``number``, or None when the table has none.

    >>> difficulty(1).label, difficulty(1) == load_table()[1]
    ('Hard', True)
    """
    if number in _looked_up:
        return _looked_up[number]
    if load_table.cache_info().currsize or len(_looked_up) >= _SINGLE_LOOKUPS:
        return load_table().get(number)
    text = _text()
    # The row's line (a later row of the same deal wins, as in the table).
    at = text.rfind(f"\n{number}\t")
    start = at + 1 if at >= 0 else 0 if text.startswith(f"{number}\t") else -1
    row = None
    if start >= 0:
        end = text.find("\n", start)
        row = _row(text[start:end if end >= 0 else len(text)])
    rating = None if row is None or row[0] != number else row[1]
    _looked_up[number] = rating
    return rating
