"""The fair hint's search of one table: a beam ranked as a player weighs a table.

:mod:`game.spider.fair` samples layouts of the unseen cards from what the
player sees and runs one of these searches on each (and on the sure line's
table, where every hidden card is unknown); this module searches one of them.
It takes a search state (:mod:`game.spider.states`), never a position.

    >>> from game.spider.deals import deal
    >>> from game.spider.states import root
    >>> state, deals = root(deal(1, suits=1))
    >>> plan = Plan(deals, width=16, budget=200)
    >>> outcome, first = plan.run(state)
    >>> outcome, first is not None, plan.expanded, plan.best < fair_rank(state, W_DOWN)
    (<Sample.OPEN: 'open'>, True, 200, True)

*The rank* (:func:`fair_rank`, lower is better) weighs what a player weighs:
cards still face down, builds that hold only by rank (cheaper than real
breaks), empty columns and sets off, and a column that could be emptied.

*The search* (:class:`Plan`) is a level-synchronous beam over the beam's
pruned moves (:func:`game.spider.states.pruned_children`) that never deals:
a layout knows what its stock would bring, and a search that may deal plays
toward the lucky deals of its own layout. It answers with how the layout
ended (:class:`Sample`) and the first move of its line: the winning line's,
or the line to the best-ranked position it reached. With the stock spent, at
one suit, the solver's narrow beams (:data:`SETTLE_WIDTHS`) and then its complete
search (:func:`game.spider.solver.layout_search`) settle the layout first
(:data:`ENDGAME_SHARE`; :mod:`game.spider.fair`'s docstring, *The endgame*).
It counts expansions, never seconds, so a layout and a budget always give
the same answer.

This module is pure Python: it must not import pygame, moderngl or glm.
"""

from __future__ import annotations

import enum
from collections.abc import Callable

from game.spider.beam import Beam
from game.spider.moves import COLUMNS, Move
from game.spider.solver import layout_search
from game.spider.states import State, is_won, pruned_children, seen_key

__all__ = ["ENDGAME_SHARE", "W_DOWN", "W_DOWN_ONE_SUIT", "Plan", "Sample", "breaks", "down_cards", "fair_rank"]

#: With the stock spent, in a one-suit game, the share of a sampled layout's budget its
#: complete search may take before the beam (0: the beam alone). See :mod:`game.spider.fair`'s
#: docstring, *The endgame*.
ENDGAME_SHARE = 0.5
#: In the endgame, before the complete search: the solver's own beam at these widths, each
#: while budget is left. A layout with the stock spent is a puzzle whose cards are all
#: known to it, and the solver's beam (ranked to finish a table: every card left on it
#: costs) wins many such layouts in under a hundred expansions, where the fair rank's
#: 16-wide beam and the complete search won none in 250 (one-suit training game 1009's
#: table before its losing move: 13 of 24 layouts won two wide, in 2,095 expansions for
#: all 24, against none in 12,000).
SETTLE_WIDTHS = (2, 4)

#: Expansions between two looks at ``cancel()`` (as the solver's searches look).
_POLL = 64

#: fair_rank's weights, in half-breaks: per face-down card, per off-suit build (a card
#: on the next rank of another suit: it can be mended by moving the run), per other break
#: (and per column's first face-up card over face-down ones), per empty column (taken
#: off) and per set removed (taken off). A same-suit build costs nothing. A card turned
#: up outweighs the off-suit build that turns it three times over, as an expert weighs
#: it (a side run, before the sure line: two-suit games 1..50, 26 won against 22 with a
#: weight of 2).
W_DOWN = 6
#: The face-down weight in one-suit games: there the heavier weight lost (one-suit games
#: 1..40: 32 won with 6, 36 with 2), so a one-suit hint searches as it did before it.
W_DOWN_ONE_SUIT = 2
W_NATURAL = 2
W_BREAK = 4
W_EMPTY = 4
W_SET = 6

_COLUMN: dict[bytes, tuple[int, int, int, int, int]] = {}


def _column(col: bytes) -> tuple[int, int, int, int, int]:
    """(cost but the face-down cards', top rank or -1, bottom rank if the column has no
    face-down card else -2, cards, face-down cards)."""
    v = _COLUMN.get(col)
    if v is not None:
        return v
    n = len(col) - 1
    if not n:
        v = (0, -1, -2, 0, 0)
    else:
        down = col[0]
        cost = W_BREAK if down else 0
        for i in range(2 + down, n + 1):
            a, b = col[i], col[i - 1]
            if a + 4 != b:
                cost += W_NATURAL if (a >> 2) + 1 == (b >> 2) else W_BREAK
        v = (cost, col[n] >> 2, -2 if down else col[1] >> 2, n, down)
    if len(_COLUMN) > 400_000:
        _COLUMN.clear()
    _COLUMN[col] = v
    return v


def breaks(state: State) -> int:
    """The table's breaks in half-breaks (:func:`_column`'s cost, face-down cards left out)."""
    return sum(_column(state[j])[0] for j in range(COLUMNS))


def down_cards(state: State) -> int:
    """The face-down cards on the table."""
    return sum(state[j][0] for j in range(COLUMNS))


def fair_rank(state: State, w_down: int = W_DOWN) -> int:
    """A rank for play without knowing the hidden cards (lower is better).

    Unlike the solver's beam rank, which is tuned to finish a layout it can
    see, this one weighs what a player weighs: cards still face down, builds
    that hold only by rank (cheaper than real breaks), empty columns and sets
    off, and a column that could be emptied (its bottom card is a King or fits
    another column's last card). Tried side by side on games 1..8, the fair
    search won 2 four-suit games with it and none with the beam's rank.

        >>> from game.spider.states import root
        >>> from game.spider.deals import deal
        >>> fair_rank(root(deal(1, suits=4))[0])  # 44 cards down, ten first face-up cards
        304
    """
    cache = _COLUMN
    cost = 0
    cards = 0
    tops = [0] * 64  # columns ending in each rank (63: an unknown card the sure line turned)
    bottoms = []
    for j in range(COLUMNS):
        col = state[j]
        v = cache.get(col)  # (the call saved on a hit is a third of this function's time)
        if v is None:
            v = _column(col)
        c, top, bottom, n, down = v
        if top < 0:
            cost -= W_EMPTY
            continue
        cost += c + w_down * down
        cards += n
        tops[top] += 1
        if bottom >= 0:
            bottoms.append((bottom, top))
    for bottom, top in bottoms:
        # A column that could be emptied: its bottom card is a King or fits another column.
        if bottom == 12 or (bottom < 12 and tops[bottom + 1] - (top == bottom + 1) > 0):
            cost -= W_NATURAL
    sets: int = (104 - cards - 10 * state[10]) // 13
    return cost - W_SET * sets


class Sample(enum.Enum):
    """How one sampled layout ended."""

    WON = "won"
    OPEN = "open"  # budget spent: neither won nor lost
    DRY = "dry"  # the beam ran out of positions without a win


class Plan:
    """One sample's beam: a winning first move, or the first move toward the best position seen."""

    def __init__(self, deals: tuple[bytes, ...], width: int, budget: int, w_down: int = W_DOWN,
                 settle: bool = False, cancel: Callable[[], bool] | None = None) -> None:
        self.deals = deals
        self.cancel = cancel  # polled every _POLL expansions, as the solver polls its own
        self.cancelled = False
        #: With the stock spent, the complete search settles the start first (the endgame,
        #: module docstring): only for a sampled layout, every card a card (no UNKNOWN).
        self.settle = settle
        self.w_down = w_down  # fair_rank's weight of a face-down card
        self.width = width
        self.budget = budget
        self.expanded = 0
        self.best = 0
        #: The face-down cards left in the best position reached (0 for a win).
        self.best_down = 0
        #: When a dict: the best (rank, position) reached after each first move.
        self.heads: dict[Move, tuple[int, State]] | None = None

    def run(self, start: State) -> tuple[Sample, Move | None]:
        """How the sample ended and the first move of its line (won, or toward the best position).

        ``self.best`` is then the best rank (:func:`fair_rank`,
        lower is better) of any position reached, ``self.best_down`` its
        face-down cards; 0 and 0 for a win.
        """
        self.best = self.best_down = 0
        if is_won(start):
            return Sample.WON, None
        deals = self.deals
        seen: set[int] = {hash(seen_key(start))}
        # A node is (state, the first move of its line).
        beam: list[tuple[State, Move | None]] = [(start, None)]
        w_down = self.w_down
        best: tuple[int, Move | None] = (fair_rank(start, w_down), None)
        self.best = best[0]
        self.best_down = down_cards(start)
        if self.settle and not start[10] and self.budget * ENDGAME_SHARE >= 1:
            # The endgame (module docstring): a layout with the stock spent is a puzzle with
            # one answer, which the solver's narrow beams, then a best-first search, settle
            # far sooner than the fair beam.
            for narrow in SETTLE_WIDTHS:
                line = self._solver_beam(start, narrow)
                if line:
                    self.best = self.best_down = 0
                    return Sample.WON, line[0]
                if self.cancelled:
                    return Sample.OPEN, None
            share = int((self.budget - self.expanded) * ENDGAME_SHARE)
            if share >= 1:
                found = layout_search(start, deals, share, self.cancel)
                self.expanded += found.expanded
                if found.first is not None:
                    self.best = self.best_down = 0
                    return Sample.WON, found.first
                if found.exhausted:
                    return Sample.DRY, None
        width = self.width
        for _depth in range(260):
            cands: list[tuple[int, State, Move]] = []
            here: set[int] = set()
            for state, first in beam:
                if self._tick():
                    return Sample.OPEN, best[1]
                for move, child in pruned_children(state, deals):
                    if move.count == 0:
                        continue  # never deals: see the module docstring
                    h = hash(seen_key(child))
                    if h in seen or h in here:
                        continue
                    here.add(h)
                    head = move if first is None else first
                    if child[10] == 0 and is_won(child):
                        self.best = self.best_down = 0
                        return Sample.WON, head
                    cands.append((fair_rank(child, w_down), child, head))
            if not cands:
                # Out of moves before the next deal is not out of the game: the deal goes on.
                return (Sample.OPEN if start[10] else Sample.DRY), best[1]
            cands.sort(key=lambda t: t[0])
            heads = self.heads
            if heads is not None:
                for rank, child, head in cands:
                    got = heads.get(head)
                    if got is None or rank < got[0]:
                        heads[head] = (rank, child)
            if cands[0][0] < best[0]:
                best = (cands[0][0], cands[0][2])
                self.best = best[0]
                self.best_down = down_cards(cands[0][1])
            kept = [0] * 6
            beam = []
            for _pri, child, head in cands:
                left = child[10]
                if kept[left] < width:
                    kept[left] += 1
                    beam.append((child, head))
                    seen.add(hash(seen_key(child)))
        return (Sample.OPEN if start[10] else Sample.DRY), best[1]

    def _tick(self) -> bool:
        """Before each expansion, of this search or of a narrow beam it runs: True to stop
        (the budget spent, or ``cancel()``, looked at every :data:`_POLL` expansions), else
        one expansion counted."""
        if self.expanded >= self.budget:
            return True
        if self.cancel is not None and not self.expanded % _POLL and self.cancel():
            self.cancelled = True
            return True
        self.expanded += 1
        return False

    def _solver_beam(self, start: State, width: int) -> list[Move] | None:
        """The solver's beam on this layout within what is left of the budget: a winning
        line, or None (out of positions or budget: no proof either way)."""
        return Beam(self.deals, width, tick=self._tick).run(start)
