"""A full-knowledge Spider solver with honest verdicts: a tool for verifying deals.

It sees every card, the face-down ones and the stock order included, so it
answers "can this deal be won?", not "what should the player try?" (that is
:mod:`game.spider.hints`, which sees only what the player sees).

    >>> from game.spider import deal
    >>> result = solve(deal(1, suits=1), budget=100_000)
    >>> result.verdict, result.replayed
    (<Verdict.SOLVED: 'solved'>, True)
    >>> solve(deal(1, suits=4), budget=50).verdict
    <Verdict.UNKNOWN: 'unknown'>

Three verdicts, never more than the search proved:

* ``SOLVED``: a winning line, replayed move by move through the rules engine
  (:class:`~game.spider.position.Position`) before it is returned;
* ``UNSOLVABLE``: every position reachable with *every* legal move was
  examined and none wins;
* ``UNKNOWN``: the state budget, the time limit or a cancel came first.

Search, in two phases sharing one budget (positions expanded):

1. *Beam search* (:mod:`game.spider.beam`; fast, incomplete): a
   level-synchronous beam that keeps the best positions per count of deals
   left at each depth, over a pruned move set. It starts narrow
   (``BEAM_WIDTHS[0]`` per deals-left count) and starts again wider when a
   beam fails, until it wins or the budget, the clock or a cancel stops it.
   A won line is shortened (loops cut, two hops of a run merged into one,
   unneeded moves dropped) and replayed by the engine. Its failures prove
   nothing, so they never give ``UNSOLVABLE``.
   The demo's *quick* order (``quick=True``) also tries two other
   flavours of the beam's ranking, one width behind, for a first line
   sooner (:func:`solve`).
2. *Complete search*, after each failed beam: a best-first search over
   every legal move of every position with a closed set of its own. It
   goes on where it stopped each time, for a quarter of the failed beam's
   expansions (``COMPLETE_SHARE``, at most ``COMPLETE_STEP`` at a time), or
   for the rest of the budget when the beam failed without ever dropping a
   position (a wider one would fail the same way). When its queue runs dry no
   winning line exists, and that is the only way the verdict ``UNSOLVABLE`` is given. (A whole game is far too large to
   exhaust: expect ``UNKNOWN`` for deals the beam cannot win within the
   budget.)

The complete search orders positions by a cost (lower is better) summed over
the columns: every card on the table or in the stock costs something, a
face-down card more, a face-up card that does not lie on the next rank of
its own suit more again (more still if not even rank-connected), an empty
column less. A move that completes a set removes 13 cards' cost at once.

Moves come in two classes (:func:`game.spider.states.children`), and only
the *order* differs, never the set: a position's first-class moves are made
as soon as it is expanded; it is queued a second time with a penalty added
to its cost, and its second-class moves are made when it comes round again.
The complete search prunes no move: the classes only order them, so it
makes every legal move of every position it reaches.

Both searches run on :mod:`game.spider.states`' flat states, not on
positions; its keys are exact (no two positions share a key unless they
have the same future), so the closed set loses no line.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from game import limits
from game.spider.beam import Beam
from game.spider.moves import COLUMNS, Move
from game.spider.position import IllegalMoveError, Position
from game.spider.shorten import shorten
from game.spider.states import BOTH, FIRST, SECOND, State, children, is_won, key, root
from game.verdict import SearchResult, SolverError, Verdict

__all__ = ["DEFAULT_BUDGET", "LayoutSearch", "SolveResult", "SolverError", "Verdict", "layout_search",
           "replay_line", "solve"]

#: Positions expanded before the verdict is UNKNOWN, unless the caller says otherwise.
DEFAULT_BUDGET = limits.SPIDER_SOLVE_STATES


@dataclass
class SolveResult(SearchResult[Move]):
    """What :func:`solve` found, and what it cost: ``moves`` are column moves
    and deals; ``states`` counts each expansion of either move class."""

    @property
    def length(self) -> int:
        """Actions in the winning line, deals included."""
        return len(self.moves)

    @property
    def column_moves(self) -> int:
        return sum(1 for m in self.moves if not m.is_deal)


# --- cost ------------------------------------------------------------------------

# Cost weights (lower total is better); see the module docstring.
W_CARD = 2  # every card on the table
W_STOCK = 5  # every card still in the stock
W_DOWN = 4  # extra for a face-down card
W_SUIT = 2  # extra for a face-up card on the next rank of another suit
W_BREAK = 5  # extra for a face-up card on anything else (not rank-connected)
W_EMPTY = 6  # bonus for an empty column
#: Added to a position's cost when it comes round for its second-class moves.
SECOND_CLASS_PENALTY = 12


_COST: dict[bytes, int] = {}


def _col_cost(col: bytes) -> int:
    n = len(col) - 1
    if not n:
        return -W_EMPTY
    down = col[0]
    cost = W_CARD * n + W_DOWN * down
    prev = col[1 + down]
    for i in range(2 + down, n + 1):
        c = col[i]
        if c + 4 != prev:
            cost += W_SUIT if (c >> 2) + 1 == (prev >> 2) else W_BREAK
        prev = c
    return cost


def _cost(state: State) -> int:
    costs = _COST
    total: int = W_STOCK * 10 * state[10]
    for j in range(COLUMNS):
        col = state[j]
        v = costs.get(col)
        if v is None:
            if len(costs) > 2_000_000:
                costs.clear()
            v = costs[col] = _col_cost(col)
        total += v
    return total


# --- search ----------------------------------------------------------------------


_POLL = 64  # expansions between looks at the clock, the cancel flag and progress
#: Beam widths (positions kept per depth and count of deals left), tried in
#: turn while a beam fails; after the last, each width is 2.5 times the one before.
BEAM_WIDTHS = (20, 50, 125, 300)
#: After a failed beam, the complete search expands this fraction of what the beam did.
COMPLETE_SHARE = 4
#: ... but at most this many expansions at a time: its closed set holds every
#: position it generates, and a whole deal is far too large to exhaust anyway.
COMPLETE_STEP = 10_000
#: Seconds the shortening of a won line may take at most.
SHORTEN_SECONDS = 2.0


#: The demo's quick order adds two flavours of the beam's chaos,
#: (face-down weight, empty-column weight), which get stuck on other games
#: than the plain one (1, 1).
QUICK_FLAVOURS = ((2, 1), (1, 2))
#: Seconds the quick order's shortening may take (the demo shortens further
#: while it plays: :mod:`game.spider.lines`).
QUICK_SHORTEN_SECONDS = 0.3


def _widths() -> Iterator[int]:
    yield from BEAM_WIDTHS
    w = BEAM_WIDTHS[-1]
    while True:
        w = w * 5 // 2
        yield w


def _beams(quick: bool) -> Iterator[tuple[int, tuple[int, int]]]:
    """(width, flavour) of the beams in turn. The quick order tries the other
    flavours one width behind the plain beam, after it: a game the plain
    beam wins at the next width pays nothing more, and each pair costs less
    than the next plain beam (2.5 times wider) that a stuck game needs."""
    behind = None
    for width in _widths():
        yield width, (1, 1)
        if quick and behind is not None:
            for flavour in QUICK_FLAVOURS:
                yield behind, flavour
        behind = width


def solve(
    position: Position,
    *,
    budget: int = DEFAULT_BUDGET,
    time_limit: float | None = None,
    cancel: Callable[[], bool] | None = None,
    progress: Callable[[int, int], None] | None = None,
    quick: bool = False,
    shorten_line: bool = True,
) -> SolveResult:
    """Search for a win from ``position`` (which is not changed), seeing every card.

    ``budget`` caps the positions expanded and ``time_limit`` the seconds;
    ``cancel()`` is polled every 64 expansions and stops the search.
    ``progress(states, best)`` is called as often (``best``: the beam's best
    chaos, or the complete search's best cost; lower is better).
    ``quick`` is the demo's order, for a first line soon rather than a
    short one: after each plain beam from the second, the beam one width
    narrower is tried with two more flavours of chaos (:data:`QUICK_FLAVOURS`) and the won line is shortened for at most
    :data:`QUICK_SHORTEN_SECONDS`. The verdicts are as honest either way.
    ``shorten_line`` False returns the won line as the search found it: the
    shortening works against the clock, so only then is the line the same on
    any machine, however busy (the fair hint takes its first move).
    """
    if budget < 1:
        raise ValueError(f"budget must be at least 1, not {budget}")
    start = time.perf_counter()
    exact, deals = root(position)
    search = _Search(deals, budget, None if time_limit is None else start + time_limit, cancel, progress)
    result = SolveResult(Verdict.UNKNOWN)
    line: list[Move] | None = [] if is_won(exact) else None
    root_key = key(exact)
    if line is None:
        for width, (down, empty) in _beams(quick):
            beam = search.beam = Beam(deals, width, tick=search.tick, down_weight=down, empty_weight=empty)
            line = beam.run(exact)
            search.beam = None
            if line is not None:
                if shorten_line:
                    stop = time.perf_counter() + (QUICK_SHORTEN_SECONDS if quick else SHORTEN_SECONDS)
                    if search.deadline is not None:
                        stop = min(stop, search.deadline)
                    line = shorten(exact, deals, line, deadline=stop)
                break
            if beam.stopped:
                break
            # A wider beam may win; meanwhile the complete search gets a share
            # of the work (all the rest if a wider beam would fail the same way).
            found = search.complete(root_key, None if not beam.truncated else
                                    max(1, min(COMPLETE_STEP, beam.expanded // COMPLETE_SHARE)))
            if found is not None:
                line = search.line_to(found, exact)
                break
            if search.exhausted or search.stopped:
                break
    result.states = search.expanded
    result.generated = len(search.came)
    if line is not None:
        result.moves = replay_line(position, line)
        result.verdict = Verdict.SOLVED
        result.replayed = True
    elif search.exhausted:
        result.verdict = Verdict.UNSOLVABLE
    else:
        result.reason = search.stop_reason
    result.seconds = time.perf_counter() - start
    return result


@dataclass(frozen=True)
class LayoutSearch:
    """What :func:`layout_search` found: a winning line's first move (None without
    one), the expansions spent, and whether the search ran out of positions."""

    first: Move | None
    expanded: int
    exhausted: bool


def layout_search(state: State, deals: tuple[bytes, ...], budget: int,
                  cancel: Callable[[], bool] | None = None) -> LayoutSearch:
    """The complete best-first search alone, from a search state rather than a position.

    For the fair hint (:mod:`game.spider.fair`), which samples layouts of the
    unseen cards as search states and must never hold a position: a layout's
    win, or proof that it has none (``exhausted``: every legal move of every
    reachable position tried), within ``budget`` expansions (``cancel()`` polled as
    the solver polls it: a cancelled search is not exhausted). The line is never
    shown: only its first move is taken, as a vote for how this layout is won.

        >>> from game.spider import deal
        >>> from game.spider.states import root
        >>> state, deals = root(deal(1, suits=1))
        >>> found = layout_search(state, deals, 50)
        >>> found.first, found.expanded, found.exhausted
        (None, 50, False)
    """
    search = _Search(deals, max(1, budget), None, cancel, None)
    found = search.complete(key(state))
    first = search.line_to(found, state)[0] if found is not None else None
    return LayoutSearch(first, search.expanded, search.exhausted)


class _Frontier:
    """The open list of a best-first search: ``(cost, -order, state, which)``
    entries, where ``which`` is :data:`~game.spider.states.FIRST` for a position's
    first-class moves and :data:`~game.spider.states.SECOND` for its second-class
    ones; among equal costs the newest comes first."""

    __slots__ = ("counter", "heap")

    def __init__(self, root: State) -> None:
        self.heap: list[tuple[int, int, State, int]] = [(_cost(root), 0, root, FIRST)]
        self.counter = 0

    def push(self, cost: int, state: State, which: int) -> None:
        self.counter += 1
        heapq.heappush(self.heap, (cost, -self.counter, state, which))


class _Search:
    """Budget, clock and cancel shared by both searches, and the complete search's closed set.

    ``came`` maps every position seen to its parent (``None`` for the root):
    the closed set and the way back to the root in one.
    """

    def __init__(self, deals: tuple[bytes, ...], budget: int, deadline: float | None,
                 cancel: Callable[[], bool] | None, progress: Callable[[int, int], None] | None) -> None:
        self.deals = deals
        self.budget = budget
        self.deadline = deadline
        self.cancel = cancel
        self.progress = progress
        self.came: dict[State, State | None] = {}
        self.expanded = 0
        self.best = 1 << 30
        self.stopped = False
        self.stop_reason = ""
        self.exhausted = False
        self.beam: Beam | None = None  # the beam running now, if any
        self.frontier: _Frontier | None = None  # the complete search's, once started

    def tick(self) -> bool:
        """The beam's look before each expansion: True to stop, else one expansion counted."""
        if self._stop():
            return True
        self.expanded += 1
        return False

    def _stop(self) -> bool:
        """Whether to stop now; called before each expansion, it looks at the clock
        and the cancel flag every ``_POLL`` expansions."""
        if self.stopped:
            return True
        n = self.expanded
        if n >= self.budget:
            self.stop_reason = "budget"
        elif n % _POLL or not n:
            return False
        elif self.deadline is not None and time.perf_counter() >= self.deadline:
            self.stop_reason = "time"
        elif self.cancel is not None and self.cancel():
            self.stop_reason = "cancelled"
        else:
            if self.progress is not None:
                beam = self.beam
                self.progress(n, self.best if beam is None else beam.chaos)
            return False
        self.stopped = True
        return True

    def _expand(self, frontier: _Frontier, came: dict[State, State | None], deal: bool) -> State | None:
        """Expand the frontier's best entry: first-class moves now, the
        position queued again for its second-class moves; children not in
        ``came`` are recorded and queued. Returns a winning child, if any."""
        prio, _, state, which = heapq.heappop(frontier.heap)
        self.expanded += 1
        if which == FIRST:
            frontier.push(prio + SECOND_CLASS_PENALTY, state, SECOND)
        for _move, child in children(state, self.deals, which, deal=deal):
            if child in came:
                continue
            came[child] = state
            if is_won(child):
                return child
            c = _cost(child)
            if c < self.best:
                self.best = c
            frontier.push(c, child, 1)
        return None

    def line_to(self, found: State, exact: State) -> list[Move]:
        """The engine moves from ``exact`` (the root's real layout) to ``found``, a key
        the complete search reached, along its closed set's way back."""
        path = [found]
        while (parent := self.came[path[-1]]) is not None:
            path.append(parent)
        path.reverse()
        return _concrete(path, exact, self.deals)

    def complete(self, root: State, limit: int | None = None) -> State | None:
        """Complete best-first search: every legal move of every position, first
        class at once, second class when the position comes round again with
        ``SECOND_CLASS_PENALTY``. Sets ``exhausted`` when nothing is left.

        With ``limit`` it returns after that many expansions, and a later call
        goes on where it stopped (the solver gives it a share of each failed
        beam's work). Its closed set ``came`` also leads the way back.
        """
        if self.frontier is None:
            self.came = {root: None}
            self.frontier = _Frontier(root)
        came = self.came
        frontier = self.frontier
        n = 0
        while frontier.heap:
            if limit is not None and n >= limit:
                return None
            if self._stop():
                return None
            n += 1
            found = self._expand(frontier, came, deal=True)
            if found is not None:
                return found
        self.exhausted = True
        return None


def _concrete(path: list[State], exact: State, deals: tuple[bytes, ...]) -> list[Move]:
    """The engine moves along a path of keys: from the real (unsorted) layout
    ``exact`` of the root, each time the move whose child has the next key."""
    moves: list[Move] = []
    actual = exact
    for nxt in path[1:]:
        for move, child in children(actual, deals, BOTH, canon=False):
            if key(child) == nxt:
                moves.append(move)
                actual = child
                break
        else:
            raise SolverError("the solver's path has a step no legal move makes")
    return moves


def replay_line(position: Position, moves: list[Move]) -> list[Move]:
    """Play ``moves`` on a copy of ``position`` through the rules engine; raise
    :class:`SolverError` unless every move is legal and the game is won."""
    pos = position.copy(stack=False)
    for i, move in enumerate(moves):
        try:
            pos.push(move)
        except IllegalMoveError as exc:
            raise SolverError(f"the engine refused the solver's move {i + 1} ({move}): {exc}") from None
    if not pos.is_won():
        raise SolverError("the solver's line does not win")
    return moves
