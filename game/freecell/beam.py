"""Beam search for FreeCell: finds wins fast when space is tight, proves nothing.

::

    >>> from game.freecell import deal
    >>> from game.freecell.states import child_states, evaluate_state, initial_state
    >>> root, _ = initial_state(deal(21119))
    >>> run = BeamRun(root, ncells=1, width=256, children=child_states, evaluate=evaluate_state, cost=room_cost)
    >>> while run.step(1_000) is not None: pass
    >>> run.finished, len(run.line) > 0
    (True, True)

A best-first search with fewer free cells wanders: its queue fills with
positions that look equally good, and the one deep line that wins is never
followed. A beam search goes forward one move at a time instead: from each
layer (all positions the same number of player moves from the start) it
keeps only the ``width`` best children, scored by an estimate of the work
left (after macroxue/freecell's binning idea: cards not yet sorted, moves
still needed, occupied cells, cards not home). A line comes out quickly when
one exists near the beam; when the beam dies out nothing is known, so the
answer is a line or nothing: **a beam never proves a deal unsolvable**. The
exhaustive search in :mod:`game.freecell.solver` keeps that job.

Positions kept in earlier layers are not kept again (a shorter path already
reached them), which also stops the beam circling.

:class:`ShortBeam` is the same idea aimed at *short* lines once one line is
known (the solver's improve phase): its layers count the moves that are not
home moves (the only ones a line can save), home moves are free and stay in
their layer, and children that cannot beat the best line so far are dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

# A canonical position as game.freecell.states builds it. The solver hands its
# move generator and evaluation in (it imports this module, so this module
# cannot import it back).
from game.freecell.states import State

Children = Callable[[State, int], Iterable[tuple[int, State]]]
Evaluate = Callable[[State], tuple[int, int, int, int]]
#: A :class:`BeamRun` child's cost from its figures: (state, ncells, tangle, must, left, dig).
BeamCost = Callable[[State, int, int, int, int, int], int]
#: A :class:`ShortBeam` child's cost: (state, tangle, must, left, dig).
ShortCost = Callable[[State, int, int, int, int], int]
#: Either beam's cost, fixed per beam class.
_Cost = TypeVar("_Cost", BeamCost, ShortCost)

__all__ = ["BEAMS", "SHORT_WIDTHS", "WIDTHS", "BeamRun", "ShortBeam", "beam_cost", "room_cost", "short_cost"]

#: Layers (player moves) a beam may go before it is given up: wins need far
#: fewer, and a beam past this is circling through new but useless positions.
MAX_DEPTH = 400


def _empties(cols: tuple[bytes, ...]) -> int:
    """Empty columns of a canonical position (they sort first)."""
    empties = 0
    while empties < 8 and not cols[empties]:
        empties += 1
    return empties


def beam_cost(state: State, ncells: int, tangle: int, must: int, left: int, dig: int) -> int:
    """The score a child is kept by: smaller is better.

    ``tangle`` (cards above a lower card) and ``must`` (cards above a lower
    card of their suit, each needing a non-home move) estimate the moves
    left; occupied cells and missing empty columns are the room the search
    lacks; ``left`` rewards cards sent home.
    """
    cells, cols, _ = state
    empties = _empties(cols)
    return left + 3 * tangle + 2 * must + dig + 2 * len(cells) - 3 * empties


def room_cost(state: State, ncells: int, tangle: int, must: int, left: int, dig: int) -> int:
    """:func:`beam_cost` with room weighed twice as much: alone it solved 14
    of 15 tight deals at width 1,024 instead of 13, but lost deal 21491 with
    four cells, which :func:`beam_cost` solves; so the beams alternate."""
    cells, cols, _ = state
    empties = _empties(cols)
    return left + 3 * tangle + 2 * must + dig + 4 * len(cells) - 6 * empties


#: The beams tried in turn (width, cost), each a fresh beam; the budget
#: decides how far down the list a search gets.
BEAMS = ((256, room_cost), (1024, beam_cost), (1024, room_cost), (4096, beam_cost),
         (4096, room_cost), (16384, beam_cost))
#: The widths of :data:`BEAMS`, in order.
WIDTHS = tuple(width for width, _ in BEAMS)


class _Beam(Generic[_Cost]):
    """What both beams share: the layer being expanded, the children it has
    made so far, the positions kept (``came``, for the line back), and the
    turn from one layer to the next."""

    __slots__ = ("came", "children", "cost", "depth", "evaluate", "finished", "index", "layer", "line", "ncells",
                 "nxt", "width")

    def __init__(self, root: State, ncells: int, width: int, children: Children, evaluate: Evaluate,
                 cost: _Cost) -> None:
        self.children = children
        self.evaluate = evaluate
        self.cost: _Cost = cost
        self.ncells = ncells
        self.width = width
        self.depth = 0
        self.came: dict[State, tuple[State | None, int]] = {root: (None, 0)}
        self.layer: list[State] = [root]
        self.index = 0
        # Children of the current layer: state -> (cost, parent, move code).
        self.nxt: dict[State, tuple[int, State, int]] = {}
        self.line: list[int] | None = None
        self.finished = False
        if evaluate(root)[0] == 0:
            self.line = []
            self.finished = True

    def _turn(self, last: int) -> bool:
        """Go on to the next layer, the ``width`` cheapest children of this
        one; False (and finished) when there are none or layer ``last`` is done.

        Only the kept positions are remembered, so memory grows with width x
        depth, not with every child generated.
        """
        self.depth += 1
        nxt = self.nxt
        if not nxt or self.depth > last:
            self.finished = True
            return False
        best = sorted(nxt.items(), key=_cost)[:self.width]
        came = self.came
        for child, (_, parent, code) in best:
            came[child] = (parent, code)
        self.layer = [child for child, _ in best]
        self.index = 0
        nxt.clear()
        return True

    def _won(self, state: State, code: int, child: State) -> None:
        self.came[child] = (state, code)
        self.line = path_to(self.came, child)
        self.finished = True


class BeamRun(_Beam[BeamCost]):
    """One beam of a fixed width, run in slices so that it shares a budget.

    ``step(n)`` expands up to ``n`` positions and returns the number
    expanded, or None once finished: then ``line`` is the winning line (move
    codes as the solver's) or None (the beam died out, nothing proven).
    """

    __slots__ = ("expanded", "max_depth")

    def __init__(self, root: State, ncells: int, width: int, *, children: Children, evaluate: Evaluate,
                 max_depth: int = MAX_DEPTH, cost: BeamCost | None = None) -> None:
        super().__init__(root, ncells, width, children, evaluate, cost or beam_cost)
        self.max_depth = max_depth
        self.expanded = 0

    def step(self, steps: int) -> int | None:
        if self.finished:
            return None
        came = self.came
        ncells = self.ncells
        nxt = self.nxt
        evaluate = self.evaluate
        children = self.children
        cost = self.cost
        done = 0
        while done < steps:
            if self.index == len(self.layer):
                if not self._turn(self.max_depth):
                    return None
                continue
            state = self.layer[self.index]
            self.index += 1
            done += 1
            self.expanded += 1
            for code, child in children(state, ncells):
                if child in came or child in nxt:
                    continue
                tangle, must, left, dig = evaluate(child)
                if tangle == 0:
                    self._won(state, code, child)
                    return done
                nxt[child] = (cost(child, ncells, tangle, must, left, dig), state, code)
        return done


def _cost(item: tuple[State, tuple[int, State, int]]) -> int:
    return item[1][0]


def path_to(came: dict[State, tuple[State | None, int]], state: State) -> list[int]:
    """The move codes from the root to ``state``, following ``came`` (state -> (parent, code))."""
    out = []
    while True:
        parent, code = came[state]
        if parent is None:
            break
        out.append(code)
        state = parent
    out.reverse()
    return out


def short_cost(state: State, tangle: int, must: int, left: int, dig: int) -> int:
    """The score :class:`ShortBeam` keeps children by (smaller is better):
    an estimate of the non-home moves left. ``must`` is a lower bound on
    them; ``tangle`` counts cards that will mostly move too; occupied cells
    and missing empty columns make the moves left dearer, and cards still
    out are weighed lightly so that, alike otherwise, progress wins."""
    cells, cols, _ = state
    empties = _empties(cols)
    return 4 * must + 4 * tangle + 2 * dig + len(cells) - empties + 3 * left


class ShortBeam(_Beam[ShortCost]):
    """A beam that looks for *short* lines (every card movement counted).

    Layer ``g`` holds positions ``g`` non-home moves from the start (home
    moves are free: each card goes home exactly once in any win, so the
    length of a line is 52 plus its other moves). From each layer the
    ``width`` children with the lowest :func:`short_cost` go on; a child that
    cannot beat ``bound`` non-home moves (``must`` is a lower bound on the
    moves it still needs) is dropped. Home moves stay in their layer. The
    first win found is the beam's line (``line``, move codes), with ``moves``
    non-home moves; like :class:`BeamRun` it proves nothing.

    ``step(n)`` expands up to ``n`` positions and returns the number
    expanded, or None once finished.
    """

    __slots__ = ("bound",)

    def __init__(self, root: State, ncells: int, width: int, bound: int, *, children: Children,
                 evaluate: Evaluate, cost: ShortCost | None = None) -> None:
        super().__init__(root, ncells, width, children, evaluate, cost or short_cost)
        self.bound = bound

    def step(self, steps: int) -> int | None:
        if self.finished:
            return None
        came = self.came
        ncells = self.ncells
        nxt = self.nxt
        evaluate = self.evaluate
        children = self.children
        cost = self.cost
        layer = self.layer
        done = 0
        while done < steps:
            if self.index == len(layer):
                if not self._turn(self.bound - 1):
                    return None
                layer = self.layer
                continue
            state = layer[self.index]
            self.index += 1
            done += 1
            room = self.bound - self.depth - 2  # non-home moves a child may still need to beat bound
            for code, child in children(state, ncells):
                if child in came or child in nxt:
                    continue
                tangle, must, left, dig = evaluate(child)
                if (code & 63) == 52:
                    # A home move: same layer, expanded in turn.
                    if tangle == 0:
                        self._won(state, code, child)
                        return done
                    came[child] = (state, code)
                    layer.append(child)
                    continue
                if must > room:
                    continue
                if tangle == 0:
                    self._won(state, code, child)
                    return done
                nxt[child] = (cost(child, tangle, must, left, dig), state, code)
        return done


#: The widths of the :class:`ShortBeam` passes of the improve phase, in
#: turn: a narrow beam finds a good bound fast, which prunes the wider ones.
SHORT_WIDTHS = (64, 256, 1024, 4096, 16384)
