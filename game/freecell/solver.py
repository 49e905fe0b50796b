"""A complete FreeCell solver with honest verdicts.

::

    >>> from game.freecell import deal
    >>> result = solve(deal(1))
    >>> result.verdict, result.replayed
    (<Verdict.SOLVED: 'solved'>, True)
    >>> solve(deal(11982), budget=500).verdict
    <Verdict.UNKNOWN: 'unknown'>

Three verdicts, never more than the search proved:

* ``SOLVED``: a winning line, replayed through the rules engine before it is
  returned (``result.moves`` lists every card movement, automatic foundation
  moves included; ``result.player_moves`` the moves as the game counts them);
* ``UNSOLVABLE``: every reachable position was examined;
* ``UNKNOWN``: the state budget, the time limit or a cancel came first.

Completeness. The search is a best-first search over *canonical* positions
(column order and free-cell order do not matter) with a closed set, and it
generates every single-card move up to those symmetries: onto a column, to a
free cell, into an empty column, home. Sequence moves onto a card, and the
longest run that fits into an empty column, are added as shortcuts; they reach
no position the single-card moves cannot. The only moves never generated are
the safe foundation moves of Raymond's rule, which are *made* at once instead
(SPEC §1.3): a card that no other card can still need is home in every
position worth examining. So when the open list runs dry, no winning line
exists.

Tight space. With few free cells a best-first search wanders among
positions that all look alike; beam searches of growing width
(:mod:`game.freecell.beam`) take turns with it and find most lines there
fast, and depth-first probes (:mod:`game.freecell.probe`), which no
estimate steers, find many of the lines both miss. A beam drops positions,
so it proves nothing; a probe thread is complete but gets only a share of
the budget. The complete search above keeps a third of the budget or more
and gives the ``UNSOLVABLE`` answers. No pruning is added to it for that
reason.

Automatic foundation levels (``auto=``, :mod:`game.freecell.automove`).
Under "safe" (the default) and "off" the search above runs as it is: the
safe cards it sends home are home in every position worth examining, so a
line found with them is a line of the game without them; under "off" the
line's every card movement is a player move (``player_moves == moves``).
Under "all" the table sends *every* fitting card home after each move, which
can take a card a safe-auto line still builds on; so the search plays that
game instead: its positions are closed under all fitting cards going home,
and it generates every sequence move the table allows (into an empty column
too, every count: there the single-card steps between do not reach the same
positions, as each would set off its own automatic moves). An ``UNSOLVABLE``
under "all" proves the game *played with all automatic moves* cannot be won
from there; the same cards may still win with fewer automatic moves.

Speed. Positions are tuples of ``bytes`` (one per column, sorted) so that
hashing and comparing them is done in C. A position whose columns are all
ordered high to low (nothing left to untangle) is a win: the rest is
auto-complete.

Quality. The first solution comes from a greedy search; with ``improve`` the
remaining budget runs beams for short lines (:class:`~game.freecell.beam.ShortBeam`,
growing widths), then weighted A* passes, each bounded by the best line so
far; every line found is tidied by :func:`~game.freecell.shorten.shorten`
and replayed, and the shortest (counted as fc-solve counts) is kept.
"""

from __future__ import annotations

import functools
import heapq
import itertools
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from game.cards import Card
from game.freecell.automove import AUTO_ALL, AUTO_OFF, AUTO_SAFE, auto_level
from game.freecell.beam import BEAMS, SHORT_WIDTHS, BeamRun, ShortBeam, path_to
from game.freecell.moves import COLUMNS, HOME, Move
from game.freecell.position import IllegalMoveError, Position
from game.freecell.probe import Probes
from game.freecell.shorten import shorten
from game.freecell.states import (
    TO_CELL,
    TO_EMPTY,
    TO_HOME,
    Children,
    State,
    child_states,
    child_states_all,
    close_all,
    close_safe,
    evaluate_state,
    initial_state,
)
from game.verdict import SearchResult, SolverError, Verdict

__all__ = ["SolveResult", "SolverError", "Verdict", "replay_line", "solve"]


@dataclass
class SolveResult(SearchResult[Move]):
    """What :func:`solve` found, and what it cost.

    ``moves`` holds every card movement of the winning line, automatic ones
    included: it replays on a program that makes no automatic moves (fc-solve's
    counting); its first move may be a safe card the position had to send home.
    """

    #: The moves a player makes under the search's automatic foundation level
    #: (the game's counting): with "off", every card movement.
    player_moves: list[Move] = field(default_factory=list)
    first_solution_seconds: float | None = None
    first_solution_length: int | None = None  # card movements of the first line found
    improvements: int = 0
    #: Which search found the first line: "greedy" or "beam <width>".
    found_by: str = ""

    @property
    def card_moves(self) -> int:
        return len(self.moves)

    @property
    def game_moves(self) -> int:
        return len(self.player_moves)


def solve(
    position: Position,
    *,
    free_cells: int | None = None,
    budget: int = 200_000,
    time_limit: float | None = None,
    improve: bool = False,
    improve_seconds: float | None = None,
    cancel: Callable[[], bool] | None = None,
    progress: Callable[[int, int | None], None] | None = None,
    prove: bool = False,
    deep: bool = False,
    auto: bool | str = AUTO_SAFE,
) -> SolveResult:
    """Search for a win from ``position``.

    ``free_cells`` (0..4, default: the position's) plays the variant with that
    many cells. ``budget`` caps the positions expanded and ``time_limit`` the
    seconds; ``cancel()`` is polled every few milliseconds and stops the
    search at once. With ``improve``, the budget left after the first line is
    spent looking for shorter ones. ``progress(states, best_length)`` is
    called now and then. With ``prove``, the complete search is one ordering
    instead of the portfolio (the beams still look for lines): a proof of no
    win then costs about the reachable positions once, not up to four times,
    so it reaches further on the same budget; use it to rate deals.
    With ``deep``, the complete search alone runs, depth first and unscored:
    no beams, no portfolio. It examines the same positions (each once) at
    about 1.6 times the speed and so proves "no win" soonest, but finds
    lines only by chance: for deals the beams have already had their turn at.

    ``auto`` is the automatic foundation level the line is for ("off",
    "safe", "all"; see the module notes): ``player_moves`` counts and replays
    under it, and under "all" the search plays that game.
    """
    level = auto_level(auto)
    every = level == AUTO_ALL
    start = time.perf_counter()
    ncells = len(position.cells) if free_cells is None else free_cells
    if not 0 <= ncells <= 4:
        raise ValueError(f"free cells must be 0..4, not {ncells}")
    used = [i for i, c in enumerate(position.cells) if c is not None]
    if used and used[-1] >= ncells:
        raise ValueError(f"the position uses free cell {'abcd'[used[-1]]}; the search has {ncells} cells")
    deadline = start + time_limit if time_limit is not None else None
    result = SolveResult(Verdict.UNKNOWN)
    root, _ = initial_state(position, close_all if every else close_safe)

    search = _Search(ncells, budget, deadline, cancel, progress, single=prove,
                     children=child_states_all if every else child_states)
    line = search.deep(root) if deep else search.greedy(root)
    result.states = search.expanded
    result.generated = search.generated
    if line is None:
        result.verdict = Verdict.UNSOLVABLE if search.exhausted else Verdict.UNKNOWN
        result.reason = search.stop_reason
        result.seconds = time.perf_counter() - start
        return result
    if search.by == "probe":
        # A depth-first walk keeps every detour: tidy it before anything
        # sees it (the hint's first move included). Shortening expands no
        # positions, so it runs even when the budget is spent (not past the
        # clock or a cancel).
        tries = itertools.count()
        line = shorten(root, line, ncells, search.children, evaluate_state,
                       lambda: search._out_of_time() or next(tries) >= TIDY_TRIES)
    best = replay_line(position, line, ncells, level)
    result.found_by = search.by or "greedy"
    result.first_solution_seconds = time.perf_counter() - start
    result.first_solution_length = len(best.card_moves())
    if improve:
        if improve_seconds is not None:
            until = time.perf_counter() + improve_seconds
            search.deadline = until if search.deadline is None else min(search.deadline, until)
        # The first line tidied, then beams of growing width (the last sized
        # to the time and budget left), then weighted A*, each bounded by the
        # best line's non-home moves; every line found is shortened, then
        # replayed.
        passes: Iterable[Callable[[int], list[int] | None]] = itertools.chain(
            [lambda bound: line],
            (functools.partial(search.short_beam, root, width=w) for w in search.short_widths()),
            [functools.partial(search.bounded, root, weight=w) for w in (3.0, 2.0, 1.5, 1.2, 1.0)])
        for find in passes:
            better = find(sum(1 for m in best.card_moves() if m.dest != HOME))
            if better is not None:
                better = shorten(root, better, ncells, search.children, evaluate_state, search._should_stop)
                candidate = replay_line(position, better, ncells, level)
                if len(candidate.card_moves()) < len(best.card_moves()):
                    best = candidate
                    result.improvements += 1
            if search.stopped:
                break
    result.verdict = Verdict.SOLVED
    result.moves = best.card_moves()
    result.player_moves = best.move_stack
    if level == AUTO_OFF:
        # Every card movement is the player's: check it plays so on the table.
        result.player_moves = _plain_win(position, result.moves, ncells)
    result.replayed = True
    result.states = search.expanded
    result.generated = search.generated
    result.seconds = time.perf_counter() - start
    return result


def sensible_move(position: Position) -> Move | None:
    """A reasonable move when no search finished: the legal move whose result
    the first search ordering likes best (ties: the move list's order), with
    the automatic moves of the position's level ("off" judged as "safe").

    >>> from game.freecell import deal
    >>> str(sensible_move(deal(1)))
    '6a'
    """
    best: Move | None = None
    best_key = None
    priority = _PRIORITIES[0]
    ncells = len(position.cells)
    every = position.auto_level == AUTO_ALL
    for m in position.distinct_moves():
        position.push(m, auto=AUTO_ALL if every else AUTO_SAFE)
        state, _ = initial_state(position, close_all if every else close_safe)
        position.pop()
        t, must, left, dig = evaluate_state(state)
        cols = state[1]
        key = priority(t, must, left, dig, ncells - len(state[0]), sum(1 for c in cols if not c))
        if best_key is None or key < best_key:
            best, best_key = m, key
    return best


# Greedy best-first searches differ wildly in which deals they find hard: a
# deal one ordering needs 300,000 positions for, another solves in 80. So the
# first solution comes from a small portfolio run in turns, each with its own
# closed set (sharing one lets each ordering's children crowd the others'
# queues). Each key is built from (tangle, must_move, cards_left, dig,
# free cells, empty columns); smaller is better.
Priority = Callable[[int, int, int, int, int, int], int]
_PRIORITIES: tuple[Priority, ...] = (
    lambda t, m, left, d, f, e: left + 2 * t + m + d - 2 * e - f,
    lambda t, m, left, d, f, e: left + 4 * t - 4 * e - 2 * f,
    lambda t, m, left, d, f, e: left + 3 * t + m - 2 * e - f,
    lambda t, m, left, d, f, e: left + 3 * t + 2 * d - 3 * e - 2 * f,
)
#: Positions the whole portfolio may expand before only the first ordering
#: goes on. A proof of "no win" then costs this much more than one search.
PORTFOLIO_STATES = 100_000
#: Expansions the portfolio gets before the first beam when space is tight
#: (two free cells or fewer). With three or four cells free the portfolio
#: is usually the faster of the two and gets :data:`GREEDY_FIRST_ROOMY`.
GREEDY_FIRST = 3_000
GREEDY_FIRST_ROOMY = 20_000
#: Once the beams are done, the complete search and the probes take turns of
#: this many expansions.
PROBE_ROUND = 4_096
#: Edits a probe's line may try while it is tidied (each replays part of
#: the line until it fails or rejoins it). Lines of a few hundred moves need
#: a few thousand; the longest seen, a depth-first walk of 8,254 moves (deal
#: 23487 with two cells), needs 219,000 (about 40 s here): past this the line is
#: used as tidy as it got, the same every run.
TIDY_TRIES = 250_000
_ALL_HOME = bytes((13, 13, 13, 13))
#: How much more than a beam's predicted work must be left for it to run
#: at full width (:meth:`_Search.short_widths`): the prediction is rough.
SIZE_MARGIN = 1.25
_SLICE = 64  # expansions per turn; also how often the clock and cancel are read


class _Greedy:
    """One greedy best-first search with a closed set (complete when it runs dry).

    :meth:`go_deep` turns it into a depth-first search over the same closed
    set (:meth:`_Search.deep`).
    """

    __slots__ = ("came", "children", "counter", "deep", "done", "expanded", "found", "heap", "ncells", "priority",
                 "stack")

    def __init__(self, root: State, ncells: int, priority: Priority,
                 children: Children = child_states) -> None:
        self.children = children
        self.ncells = ncells
        self.priority = priority
        self.came: dict[State, tuple[State | None, int]] = {root: (None, 0)}
        self.heap: list[tuple[int, int, State]] = [(0, 0, root)]
        self.stack: list[State] = []  # the frontier once deep (go_deep)
        self.counter = 0
        self.expanded = 0
        self.done = False  # exhausted: no win exists
        self.found: State | None = None
        self.deep = False

    def go_deep(self) -> None:
        """Go on depth first and unscored: no evaluation, no heap.

        Still complete: ``came`` keeps every position generated so far and
        the frontier (generated, not yet expanded) becomes the stack, so
        every reachable position is expanded once before the stack runs dry.
        The win test becomes "every card home": it is reachable from any
        position the scored search would have called won.
        """
        if not self.deep:
            self.stack = [entry[-1] for entry in self.heap]
            self.heap = []
            self.deep = True

    def run(self, steps: int) -> None:
        """Expand up to ``steps`` positions, stopping early on a win or exhaustion."""
        if self.deep:
            self._run_deep(steps)
            return
        heap = self.heap
        came = self.came
        ncells = self.ncells
        priority = self.priority
        push = heapq.heappush
        pop = heapq.heappop
        evaluate = evaluate_state
        children = self.children
        for _ in range(steps):
            if not heap:
                self.done = True
                return
            state = pop(heap)[2]
            self.expanded += 1
            for code, child in children(state, ncells):
                if child in came:
                    continue
                came[child] = (state, code)
                tangle, must, left, dig = evaluate(child)
                if tangle == 0:
                    self.found = child
                    return
                cols = child[1]
                empties = 0
                while empties < 8 and not cols[empties]:
                    empties += 1
                self.counter += 1
                push(heap, (priority(tangle, must, left, dig, ncells - len(child[0]), empties),
                            self.counter, child))

    def _run_deep(self, steps: int) -> None:
        stack = self.stack
        came = self.came
        ncells = self.ncells
        children = self.children
        won = _ALL_HOME
        for _ in range(steps):
            if not stack:
                self.done = True
                return
            state = stack.pop()
            self.expanded += 1
            fresh = []
            for code, child in children(state, ncells):
                if child in came:
                    continue
                came[child] = (state, code)
                if child[2] == won:
                    self.found = child
                    return
                fresh.append(child)
            # The move generator's first moves (home, out of the cells) are
            # the likeliest progress: push them last, to be popped first.
            fresh.reverse()
            stack += fresh


class _Search:
    """The search proper: shared budget, clock and cancel across passes."""

    def __init__(self, ncells: int, budget: int, deadline: float | None,
                 cancel: Callable[[], bool] | None,
                 progress: Callable[[int, int | None], None] | None, single: bool = False,
                 children: Children = child_states) -> None:
        self.children = children
        self.ncells = ncells
        self.single = single
        self.budget = budget
        self.deadline = deadline
        self.cancel = cancel
        self.progress = progress
        self.expanded = 0
        self.generated = 0
        self.exhausted = False
        self.stopped = False
        self.beam_expanded = 0  # of ``expanded``, spent in beams
        self.by = ""  # which search found the first line: "greedy", "beam <width>" or "probe"
        self.stop_reason = ""

    def _should_stop(self) -> bool:
        if self.expanded >= self.budget:
            self.stop_reason = "budget"
        elif self.deadline is not None and time.perf_counter() >= self.deadline:
            self.stop_reason = "time"
        elif self.cancel is not None and self.cancel():
            self.stop_reason = "cancelled"
        else:
            if self.progress is not None:
                self.progress(self.expanded, None)
            return False
        self.stopped = True
        return True

    def _out_of_time(self) -> bool:
        """The clock or a cancel (not the budget): for work that expands nothing."""
        return ((self.deadline is not None and time.perf_counter() >= self.deadline)
                or (self.cancel is not None and self.cancel()))

    def greedy(self, root: State) -> list[int] | None:
        """First solution, or None (see ``exhausted``).

        The schedule: the greedy portfolio alone for :data:`GREEDY_FIRST`
        expansions (or :data:`GREEDY_FIRST_ROOMY`, with three or four cells
        free: most such deals end here), then beams of
        growing width (:data:`game.freecell.beam.BEAMS`), each followed by
        as many portfolio expansions as it cost, so that at least half the
        budget goes to the complete search; then the portfolio alone.
        With two free cells or fewer only the first ordering goes on after
        the first phase (it is then mostly a proof), and the depth-first
        probes (:class:`~game.freecell.probe.Probes`) also get as much as
        each beam cost, then take turns with the complete search
        (:data:`PROBE_ROUND` each): while the beams last, beams, probes and
        the complete search have a third of the budget each, then the
        complete search and the probes half each.
        A proof comes from the portfolio (or a probe thread that ran dry):
        a beam finds lines or nothing.
        """
        if evaluate_state(root)[0] == 0:
            return []
        orderings = _PRIORITIES[:1] if self.single else _PRIORITIES
        members = [_Greedy(root, self.ncells, p, self.children) for p in orderings]
        try:
            roomy = self.ncells - len(root[0]) >= 3
            line = self._portfolio(members, GREEDY_FIRST_ROOMY if roomy else GREEDY_FIRST)
            if line is not None or self.stopped or self.exhausted:
                return line
            if not roomy:
                # Tight: the beams find the lines; the complete search's job is
                # mostly the proof, which one ordering reaches four times sooner.
                del members[1:]
            probes = None if roomy else Probes(root, self.ncells, self.children)
            for width, cost in BEAMS:
                beam = BeamRun(root, self.ncells, width, children=self.children, evaluate=evaluate_state, cost=cost)
                spent = 0
                while True:
                    if self._should_stop():
                        return None
                    n = beam.step(min(_SLICE, self.budget - self.expanded))
                    if n is None:
                        break
                    self.expanded += n
                    spent += n
                    if beam.finished:
                        break
                self.beam_expanded += spent
                if beam.line is not None:
                    self.by = f"beam {width}" + (" room" if cost.__name__ == "room_cost" else "")
                    return beam.line
                del beam
                line = self._portfolio(members, self.expanded + spent)
                if line is not None or self.stopped or self.exhausted:
                    return line
                if probes is not None:
                    line = self._probe(probes, spent)
                    if line is not None or self.stopped or self.exhausted:
                        return line
            while probes is not None:
                line = self._portfolio(members, self.expanded + PROBE_ROUND)
                if line is not None or self.stopped or self.exhausted:
                    return line
                line = self._probe(probes, PROBE_ROUND)
                if line is not None or self.stopped or self.exhausted:
                    return line
            return self._portfolio(members, None)
        finally:
            self.generated = max(len(g.came) for g in members)

    def _probe(self, probes: Probes, steps: int) -> list[int] | None:
        """Run the depth-first probes for ``steps`` expansions: a line, or
        None (see ``exhausted`` and ``stopped``)."""
        until = self.expanded + steps
        while self.expanded < until:
            if self._should_stop():
                return None
            self.expanded += probes.step(min(_SLICE, until - self.expanded, self.budget - self.expanded))
            if probes.line is not None:
                self.by = "probe"
                return probes.line
            if probes.exhausted:
                self.exhausted = True
                return None
        return None

    def deep(self, root: State) -> list[int] | None:
        """The complete search alone, depth first (see :func:`solve`'s ``deep``):
        a line, or None (see ``exhausted``)."""
        if evaluate_state(root)[0] == 0:
            return []
        member = _Greedy(root, self.ncells, _PRIORITIES[0], self.children)
        member.go_deep()
        try:
            return self._portfolio([member], None)
        finally:
            self.generated = len(member.came)

    def _portfolio(self, members: list[_Greedy], until: int | None) -> list[int] | None:
        """Run the greedy portfolio in turns until ``until`` expansions in all
        (None: no limit but the budget); a line, or None (see ``exhausted``
        and ``stopped``)."""
        while until is None or self.expanded < until:
            for g in members:
                if self._should_stop():
                    return None
                before = g.expanded
                g.run(min(_SLICE, self.budget - self.expanded))
                self.expanded += g.expanded - before
                if g.found is not None:
                    self.by = "greedy"
                    return path_to(g.came, g.found)
                if g.done:
                    self.exhausted = True
                    return None
            if len(members) > 1 and self.expanded - self.beam_expanded >= PORTFOLIO_STATES:
                del members[1:]  # free their memory; the first goes on alone
        return None

    def short_widths(self) -> Iterator[int]:
        """The widths of the improve phase's beams: :data:`SHORT_WIDTHS` in
        turn, while the next one fits in what is left of the clock and the
        budget; the first that does not is narrowed to fit (a beam cut off
        finds nothing, and a narrower one that finishes often does), and the
        beams end when even that would be no wider than the last.

        A beam's work grows about in step with its width, so the last one's
        seconds and expansions (its shortening included) predict the next's.
        """
        last: tuple[int, float, int] | None = None
        for width in SHORT_WIDTHS:
            if last is not None:
                done, seconds, states = last
                room = (self.budget - self.expanded) / max(states, 1)
                if self.deadline is not None:
                    room = min(room, (self.deadline - time.perf_counter()) / max(seconds, 1e-6))
                width = min(width, int(done * room / SIZE_MARGIN))
                if width <= done:
                    return
            started, before = time.perf_counter(), self.expanded
            yield width
            last = (width, time.perf_counter() - started, self.expanded - before)

    def short_beam(self, root: State, bound: int, width: int) -> list[int] | None:
        """A :class:`~game.freecell.beam.ShortBeam`'s line with fewer than
        ``bound`` non-home moves, or None."""
        beam = ShortBeam(root, self.ncells, width, bound, children=self.children, evaluate=evaluate_state)
        while not self._should_stop() and (n := beam.step(min(_SLICE, self.budget - self.expanded))) is not None:
            self.expanded += n
        return beam.line

    def bounded(self, root: State, bound: int, weight: float) -> list[int] | None:
        """Weighted A* on moves that are not home moves, pruned by ``bound``:
        returns a line with fewer such moves, or None."""
        must = evaluate_state(root)[1]
        best_g: dict[State, int] = {root: 0}
        came: dict[State, tuple[State | None, int]] = {root: (None, 0)}
        heap: list[tuple[float, int, int, State]] = [(weight * must, 0, 0, root)]
        counter = 0
        ncells = self.ncells
        push = heapq.heappush
        pop = heapq.heappop
        while heap:
            # The clock every 64 expansions, the budget exactly.
            if ((self.expanded & 63) == 0 or self.expanded >= self.budget) and self._should_stop():
                return None
            _, g, _, state = pop(heap)
            if g > best_g.get(state, 1 << 30):
                continue
            self.expanded += 1
            for code, child in self.children(state, ncells):
                ng = g + (0 if (code & 63) == TO_HOME else 1)
                if ng >= best_g.get(child, 1 << 30):
                    continue
                tangle, must, _left, _dig = evaluate_state(child)
                if ng + must >= bound:
                    continue
                best_g[child] = ng
                came[child] = (state, code)
                if tangle == 0:
                    return path_to(came, child)
                counter += 1
                push(heap, (ng + weight * (must + tangle), ng, counter, child))
        return None


def replay_line(position: Position, line: list[int], ncells: int, level: str = AUTO_SAFE) -> Position:
    """Play a solver line (move codes, as :func:`game.freecell.states.child_states`
    yields them) on a copy of ``position`` through the rules engine; the won
    position (its ``card_moves()`` are the line as real moves).

    Every move is checked by the engine; the automatic foundation moves are
    the engine's own, at ``level`` ("off" plays as "safe": the search made
    those; :func:`_plain_win` checks the plain line); the final tidy-up is
    auto-complete. Raises :class:`SolverError` if anything is refused or the
    game is not won.
    """
    level = AUTO_SAFE if level == AUTO_OFF else level
    cells = (list(position.cells) + [None] * ncells)[:ncells]  # solve() checked nothing is cut off
    pos = Position(position.columns, cells, position.foundations, auto_foundation=level, free_cells=ncells)
    pos.settle(level)
    for code in line:
        card, target = code >> 6, code & 63
        move = _concrete(pos, card, target)
        try:
            pos.push(move, auto=level)
        except IllegalMoveError as exc:
            raise SolverError(f"the engine refused the solver's move: {exc}") from None
    while (m := pos.autocomplete_move()) is not None:
        pos.push(m, auto=False)
    if not pos.is_won():
        raise SolverError("the solver's line does not win")
    return pos


def _plain_win(position: Position, moves: list[Move], ncells: int) -> list[Move]:
    """``moves`` replayed one card movement at a time with no automatic moves
    (the "off" table); returns them, or raises :class:`SolverError`."""
    cells = (list(position.cells) + [None] * ncells)[:ncells]
    pos = Position(position.columns, cells, position.foundations, free_cells=ncells)
    try:
        for move in moves:
            pos.push(move, auto=False)
    except IllegalMoveError as exc:
        raise SolverError(f"the engine refused the solver's move: {exc}") from None
    if not pos.is_won():
        raise SolverError("the solver's line does not win")
    return list(moves)


def _concrete(pos: Position, card: int, target: int) -> Move:
    """Turn an order-free move description into the move on the real table."""
    src = count = -1
    for i, col in enumerate(pos.columns):
        if card in col:
            src, count = i, len(col) - col.index(Card(card))
            break
    else:
        for i, c in enumerate(pos.cells):
            if c == card:
                src, count = COLUMNS + i, 1
                break
    if src < 0:
        raise SolverError(f"the solver moved a card that is not on the table ({card})")
    if target == TO_HOME:
        dst = HOME
    elif target == TO_CELL:
        dst = COLUMNS + pos.cells.index(None)
    elif target == TO_EMPTY:
        dst = next(j for j in range(COLUMNS) if not pos.columns[j])
    else:
        dst = next(j for j in range(COLUMNS) if pos.columns[j] and pos.columns[j][-1] == target)
    return Move.of(src, dst, count)
