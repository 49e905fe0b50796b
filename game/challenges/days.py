"""The challenges of a date: three FreeCell and three Spider, Easy, Medium and Hard.

Made from the date alone (no clock, no network, no random state), so every
player gets the same ones, and from the proven lines of
:mod:`game.challenges.lines` only: each goal's parameters are read off a
line that meets it (a move limit is the line's moves plus a margin that
shrinks from Easy to Hard), the line is replayed through the rules engine
and judged by the same :class:`~game.challenges.goals.Tracker` that follows
the player, and it is kept with the challenge as its proof::

    >>> import datetime
    >>> day = challenges_for(datetime.date(2026, 12, 2))
    >>> [(c.goal.game, c.level) for c in day]  # doctest: +NORMALIZE_WHITESPACE
    [('freecell', 'easy'), ('freecell', 'medium'), ('freecell', 'hard'),
     ('spider', 'easy'), ('spider', 'medium'), ('spider', 'hard')]
    >>> day == challenges_for(datetime.date(2026, 12, 2))
    True
    >>> challenges_for(datetime.date(2019, 12, 31))
    Traceback (most recent call last):
    ...
    ValueError: challenges exist for 2020-01-01..2099-12-31, not 2019-12-31

A row of the lines file that does not replay, or does not meet the goal, is
passed over for the next one; with no usable row a level has no challenge
that day (never one that is only believed possible).
"""

from __future__ import annotations

import datetime
import hashlib
import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TypedDict

from game.challenges.goals import Goal, Status, judge
from game.challenges.lines import LineRow, ProofError, Snapshot, load_lines, replay_freecell, replay_spider
from game.challenges.sentences import challenge_level

__all__ = ["CELL_SLACK", "DEAL_CELLS", "FIRST_DATE", "FREECELL_KINDS", "GAMES", "LAST_DATE", "LEVELS", "MARGINS",
           "SETS", "SPIDER_KINDS", "Challenge", "ChallengeJSON", "challenge_by_id", "challenges_for"]

FIRST_DATE = datetime.date(2020, 1, 1)
LAST_DATE = datetime.date(2099, 12, 31)
LEVELS = ("easy", "medium", "hard")
GAMES = ("freecell", "spider")
#: A move limit is the proof's moves plus this percentage, rounded up.
MARGINS = {"easy": 100, "medium": 50, "hard": 20}
#: FreeCell: free cells allowed beyond the fewest the deal is won with.
CELL_SLACK = {"easy": 2, "medium": 1, "hard": 0}
#: Spider: the suits to complete in a suits-within-moves goal.
SETS = {"easy": 3, "medium": 4, "hard": 6}
#: FreeCell: the most free cells a level's deals need (Easy: deals the table rates Easy or Normal).
DEAL_CELLS = {"easy": 2, "medium": 3, "hard": 4}

# Day d of a level starts its walk over the candidates at d * step (mod their
# count), the step the golden ratio of the count made prime to it: each day
# lands far from the day before, and every candidate comes round once before
# any comes round again. Fixed forever: changing it would change every past day.
_GOLDEN = 0.6180339887498949


class ChallengeJSON(TypedDict):
    """One challenge in ``solitaire challenges --json`` (``None``: does not apply)."""

    id: str
    game: str
    level: str
    goal: str
    deal: int
    suits: int | None
    freecells: int | None
    max_moves: int | None
    sets: int | None
    no_undo: bool
    auto: str | None
    proof: list[str]


@dataclass(frozen=True)
class Challenge:
    """One challenge: its date, level, goal and the proof that it can be met.

    ``proof`` is the line as ``solitaire solve`` prints it (FreeCell: every
    card movement; Spider: every column move and deal); ``proof_moves`` its
    length as the status line counts it, at the goal's automatic level.
    """

    date: datetime.date
    level: str
    goal: Goal
    proof: tuple[str, ...]
    proof_moves: int

    @property
    def id(self) -> str:
        """``2026-12-02-freecell-easy``: what the progress file records."""
        return f"{self.date.isoformat()}-{self.goal.game}-{self.level}"

    @property
    def game(self) -> str:
        return self.goal.game

    def sentence(self) -> str:
        return self.goal.sentence()

    def level_name(self) -> str:
        return challenge_level(self.level)

    def to_json(self) -> ChallengeJSON:
        """The ``solitaire challenges --json`` object (fields that do not apply are null)."""
        g = self.goal
        return {"id": self.id, "game": g.game, "level": self.level, "goal": self.sentence(),
                "deal": g.number, "suits": g.suits, "freecells": g.cells, "max_moves": g.max_moves,
                "sets": g.sets, "no_undo": g.no_undo, "auto": g.auto, "proof": list(self.proof)}


def _hash(*parts: object) -> int:
    """A number fixed forever for these parts (hashlib, not hash(): that changes per process)."""
    text = "|".join(["solitaire-challenges", *map(str, parts)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def _limit(moves: int, level: str) -> int:
    """``moves`` plus the level's margin, rounded up (whole numbers: 50 * 1.2 is 60.000000000000007).

    >>> _limit(50, "hard"), _limit(43, "hard"), _limit(43, "easy")
    (60, 52, 86)
    """
    return -(-moves * (100 + MARGINS[level]) // 100)


# --- the pool ---------------------------------------------------------------------------

@dataclass(frozen=True)
class _Pool:
    #: FreeCell: deal -> {cells the line was found with: row}, deals ascending.
    freecell: dict[int, dict[int, LineRow]]
    #: Spider: suits -> rows, games ascending.
    spider: dict[int, tuple[LineRow, ...]]


@lru_cache(maxsize=1)
def _pool() -> _Pool:
    freecell: dict[int, dict[int, LineRow]] = {}
    spider: dict[int, list[LineRow]] = {1: [], 2: [], 4: []}
    for row in load_lines():
        if row.game == "freecell":
            freecell.setdefault(row.number, {})[row.variant] = row
        else:
            spider[row.variant].append(row)
    return _Pool(dict(sorted(freecell.items())),
                 {s: tuple(sorted(rows, key=lambda r: r.number)) for s, rows in spider.items()})


# --- kinds of goal: (candidate rows) and (goal for a row) -------------------------------

# A kind turns a candidate into a goal and the line to prove it with, or None
# when the candidate does not suit it (say, a deal that needs four cells).
_Made = tuple[Goal, LineRow, str] | None  # goal, proof row, automatic level to replay it at


def _fewest(rows: dict[int, LineRow]) -> LineRow | None:
    small = [c for c in rows if c < 4]
    return rows[min(small)] if small else None


def _safe_steps(deal: int, row: LineRow) -> list[Snapshot] | None:
    try:
        return replay_freecell(deal, row.moves, "safe")
    except ProofError:
        return None


class _Kind:
    """A FreeCell kind of goal for a level: called with a deal's rows, it gives the goal and its proof."""

    def __init__(self, kind: str, level: str) -> None:
        self.kind, self.level = kind, level

    def __call__(self, deal: int, rows: dict[int, LineRow], safe_steps: list[Snapshot] | None) -> _Made:
        kind, level = self.kind, self.level
        no_undo = kind.endswith("no_undo")
        if kind.startswith("cells"):
            row = _fewest(rows)
            slack = CELL_SLACK[level] + (1 if no_undo else 0)
            if row is None or row.variant + slack > 3:
                return None
            return Goal("freecell", deal, cells=row.variant + slack, no_undo=no_undo, auto="safe"), row, "safe"
        row = rows.get(4)
        if row is None:
            return None
        if kind.startswith("off"):
            return Goal("freecell", deal, no_undo=no_undo, auto="off"), row, "off"
        if kind.startswith("moves"):
            if safe_steps is None:
                return None
            return (Goal("freecell", deal, max_moves=_limit(safe_steps[-1].moves, level), no_undo=no_undo,
                         auto="safe"), row, "safe")
        return Goal("freecell", deal, no_undo=no_undo, auto="safe"), row, "safe"


#: The kinds each level draws from, per game.
FREECELL_KINDS: dict[str, tuple[str, ...]] = {
    "easy": ("win", "moves", "cells"),
    "medium": ("moves", "off", "win_no_undo", "cells"),
    "hard": ("moves_no_undo", "cells", "off_no_undo", "cells_no_undo"),
}
#: (suits, kind) per level.
SPIDER_KINDS: dict[str, tuple[tuple[int, str], ...]] = {
    "easy": ((1, "win"), (1, "sets")),
    "medium": ((2, "win"), (1, "moves"), (2, "sets"), (1, "win_no_undo")),
    "hard": ((4, "win"), (2, "moves_no_undo"), (2, "sets_no_undo")),
}


def _spider_goal(kind: str, level: str, row: LineRow, steps: list[Snapshot]) -> Goal:
    no_undo = kind.endswith("no_undo")
    if kind.startswith("sets"):
        at = next(s.moves for s in steps if s.sets >= SETS[level])
        return Goal("spider", row.number, suits=row.variant, sets=SETS[level], max_moves=_limit(at, level),
                    no_undo=no_undo)
    if kind.startswith("moves"):
        return Goal("spider", row.number, suits=row.variant, max_moves=_limit(steps[-1].moves, level),
                    no_undo=no_undo)
    return Goal("spider", row.number, suits=row.variant, no_undo=no_undo)


# --- making a day ---------------------------------------------------------------------------

def _check_date(date: datetime.date) -> None:
    if not FIRST_DATE <= date <= LAST_DATE:
        raise ValueError(f"challenges exist for {FIRST_DATE}..{LAST_DATE}, not {date.isoformat()}")


def _proved(goal: Goal, row: LineRow, level: str | None, date: datetime.date, difficulty: str,
            steps: list[Snapshot] | None = None) -> Challenge | None:
    """The challenge if ``row``'s line replays and meets ``goal``, else None."""
    try:
        if steps is None:
            steps = (replay_freecell(row.number, row.moves, level or "safe") if row.game == "freecell"
                     else replay_spider(row.number, row.variant, row.moves))
    except ProofError:
        return None
    if judge(goal, steps, level).status is not Status.MET:
        return None
    return Challenge(date, difficulty, goal, row.moves, steps[-1].moves)


def _order(count: int, date: datetime.date, game: str, level: str) -> list[int]:
    """Candidate indices for a day, in the order they are tried (see ``_step``)."""
    if not count:
        return []
    days = (date - FIRST_DATE).days
    first = (days * _step(count) + _hash(game, level)) % count
    return [(first + i) % count for i in range(count)]


def _step(count: int) -> int:
    """The walk's step for ``count`` candidates (coprime to it, so the walk visits them all).

    >>> _step(120), _step(240), _step(1)
    (77, 149, 1)
    """
    step = max(1, round(count * _GOLDEN))
    while math.gcd(step, count) != 1:
        step += 1
    return step


def _freecell(date: datetime.date, level: str, used: set[int]) -> Challenge | None:
    from game.freecell.difficulty import difficulty

    pool = _pool().freecell
    # A level's deals by the difficulty table's exact rating (proven data of
    # its own), not by what a row of the lines file claims: a damaged row
    # must not move a hard deal to Easy.
    deals = [n for n in pool if (r := difficulty(n)) is not None and r.exact and r.cells is not None
             and r.cells <= DEAL_CELLS[level]]
    kinds = FREECELL_KINDS[level]
    start = _hash(date.isoformat(), "freecell", level) % len(kinds)
    for k in range(len(kinds)):
        make = _Kind(kinds[(start + k) % len(kinds)], level)
        for i in _order(len(deals), date, "freecell", level):
            deal = deals[i]
            if deal in used:
                continue
            rows = pool[deal]
            # Only a move limit needs the four-cell line's length before the goal is set.
            safe_steps = _safe_steps(deal, rows[4]) if 4 in rows and "moves" in make.kind else None
            made = make(deal, rows, safe_steps)
            if made is None:
                continue
            goal, row, auto = made
            steps = safe_steps if row is rows.get(4) and auto == "safe" else None
            challenge = _proved(goal, row, auto, date, level, steps)
            if challenge is not None:
                used.add(deal)
                return challenge
    return None


def _spider(date: datetime.date, level: str, used: set[int]) -> Challenge | None:
    pool = _pool().spider
    kinds = SPIDER_KINDS[level]
    start = _hash(date.isoformat(), "spider", level) % len(kinds)
    for k in range(len(kinds)):
        suits, kind = kinds[(start + k) % len(kinds)]
        rows = pool[suits]
        for i in _order(len(rows), date, "spider", level):
            row = rows[i]
            if row.number in used:
                continue
            try:
                steps = replay_spider(row.number, row.variant, row.moves)
            except ProofError:
                continue
            challenge = _proved(_spider_goal(kind, level, row, steps), row, None, date, level, steps)
            if challenge is not None:
                used.add(row.number)
                return challenge
    return None


@lru_cache(maxsize=64)
def challenges_for(date: datetime.date) -> tuple[Challenge, ...]:
    """The challenges of ``date`` (2020-01-01..2099-12-31): FreeCell Easy,
    Medium, Hard, then Spider's; fewer only where the lines file is damaged."""
    _check_date(date)
    out: list[Challenge] = []
    for _game, make in (("freecell", _freecell), ("spider", _spider)):
        used: set[int] = set()
        for level in LEVELS:
            challenge = make(date, level, used)
            if challenge is not None:
                out.append(challenge)
    return tuple(out)


def challenge_by_id(text: str) -> Challenge | None:
    """The challenge named ``2026-12-02-freecell-easy``, or None (a malformed or unknown id).

    >>> challenge_by_id("2026-12-02-spider-hard").level
    'hard'
    >>> challenge_by_id("2026-02-30-spider-hard") is None
    True
    """
    parts = text.split("-")
    if not text.isascii() or len(parts) != 5 or parts[3] not in GAMES or parts[4] not in LEVELS:
        return None
    try:
        date = datetime.date.fromisoformat("-".join(parts[:3]))
        _check_date(date)
    except ValueError:
        return None
    return next((c for c in challenges_for(date) if c.game == parts[3] and c.level == parts[4]), None)
