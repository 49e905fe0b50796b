"""Depth-first probes for FreeCell: a second way to find lines when space is tight.

::

    >>> from game.freecell import deal
    >>> from game.freecell.states import child_states, initial_state
    >>> root, _ = initial_state(deal(3711))
    >>> probes = Probes(root, ncells=1, children=child_states)
    >>> while probes.line is None and not probes.exhausted:
    ...     _ = probes.step(512)
    >>> len(probes.line) > 0, probes.expanded < 100_000
    (True, True)

With one or two free cells the best-first search and the beams
(:mod:`game.freecell.beam`) both steer by the same estimate of the work left,
and on some deals that estimate leads every one of them the wrong way: the
win needs a stretch of moves that look bad (a long untangling that fills the
cells, empties nothing, and buries a card for a while). A depth-first search
is not steered by the estimate at all: it follows one line to its end, backs
up one move, and tries the next, so it walks through such a stretch as
readily as through any other, but only if its move order takes it there
early. Freecell Solver's presets are built on that observation: a portfolio
of depth-first "soft threads" with different move orders, switched on a
quota. :class:`Probes` is the same idea in this solver's terms: a few
depth-first threads, each with its own closed set and its own move order,
run in turns of :data:`TURN` expansions:

* the move generator's order (for each column in turn: home, onto a card,
  into an empty column, to a free cell);
* by kind of move across the whole position, as fc-solve's tests go: home
  first, then out of a free cell, onto a card, into an empty column, and a
  free cell last;
* the same kinds with a seeded shuffle inside each kind (fc-solve's
  "random-dfs"), one thread per seed: fixed seeds, so a search is repeatable.

Which thread wins differs from deal to deal, which is the point of running
several: on the 18 one-cell deals that neither the best-first search nor
the beams won within 1,000,000 positions, the generator-order thread alone
won 7 within 300,000 positions and the kinds order 6, ten different deals
between them; six shuffled-kinds seeds at 50,000 positions each won 7,
three of them new. Four threads, not more: each gets a share of the
budget, and a fifth and more took more from the first four than they won.

Each thread is a complete search on its own (a closed set, no pruning), so a
thread that runs dry proves there is no win, like the solver's complete
search; the solver still keeps its own complete search for that, since a
thread gets only a share of the budget. A thread reports a win when every
card is home (the automatic moves take a sorted position there by
themselves). Its lines are long (a depth-first walk keeps every detour), so
the solver tidies them (:func:`game.freecell.shorten.shorten`) before use.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from game.freecell.beam import path_to
from game.freecell.states import TO_EMPTY, TO_HOME, State

Children = Callable[[State, int], Iterable[tuple[int, State]]]

__all__ = ["ORDERS", "TURN", "Probes"]

#: Expansions a thread runs before the next one's turn (fc-solve's presets
#: switch soft threads every 500 iterations or so).
TURN = 512
#: The threads' move orders: "generator", "kinds", or a seed for kinds with
#: a shuffle inside each kind.
ORDERS: tuple[str | int, ...] = ("generator", "kinds", 1, 2)

_ALL_HOME = bytes((13, 13, 13, 13))


class _Thread:
    """One depth-first search with its own closed set and move order."""

    __slots__ = ("came", "done", "expanded", "found", "order", "rng", "stack")

    def __init__(self, root: State, order: str | int) -> None:
        self.came: dict[State, tuple[State | None, int]] = {root: (None, 0)}
        self.stack: list[State] = [root]
        self.order = order
        self.rng = random.Random(order) if isinstance(order, int) else None
        self.expanded = 0
        self.found: State | None = None
        self.done = False

    def run(self, steps: int, ncells: int, children: Children) -> int:
        """Expand up to ``steps`` positions; the number expanded."""
        stack = self.stack
        came = self.came
        generator = self.order == "generator"
        rng = self.rng
        n = 0
        while n < steps:
            if not stack:
                self.done = True
                break
            state = stack.pop()
            n += 1
            held = len(state[0])
            fresh: list[tuple[int, State]] = []
            for code, child in children(state, ncells):
                if child in came:
                    continue
                came[child] = (state, code)
                if child[2] == _ALL_HOME:
                    self.found = child
                    self.expanded += n
                    return n
                fresh.append((code, child))
            if generator:
                # Push reversed: the generator's first move is popped first.
                stack += [child for _, child in reversed(fresh)]
                continue
            if rng is not None:
                rng.shuffle(fresh)
            # Kinds, best first; pushed in reverse so the best is popped first.
            fresh.sort(key=lambda item: _kind(item, held), reverse=True)
            stack += [child for _, child in fresh]
        self.expanded += n
        return n


def _kind(item: tuple[int, State], held: int) -> int:
    """0 home, 1 out of a free cell onto a column, 2 onto a card, 3 into an
    empty column, 4 to a free cell (``held``: cards in cells before)."""
    code, child = item
    target = code & 63
    if target == TO_HOME:
        return 0
    if len(child[0]) < held:
        return 1
    if target < 52:
        return 2
    return 3 if target == TO_EMPTY else 4


class Probes:
    """The threads of :data:`ORDERS`, run in turns; ``line`` once one wins.

    ``exhausted`` is set when a thread ran dry: no win exists.
    """

    def __init__(self, root: State, ncells: int, children: Children,
                 orders: tuple[str | int, ...] = ORDERS) -> None:
        self.ncells = ncells
        self.children = children
        self.threads = [_Thread(root, order) for order in orders]
        self.turn = 0  # whose turn
        self.used = 0  # of the current thread's turn
        self.expanded = 0
        self.line: list[int] | None = None
        self.exhausted = False

    def step(self, steps: int) -> int:
        """Run up to ``steps`` expansions (turns pass every :data:`TURN`);
        the number run. Stops early on a line or a thread running dry."""
        done = 0
        while done < steps and self.line is None and not self.exhausted:
            thread = self.threads[self.turn]
            n = thread.run(min(steps - done, TURN - self.used), self.ncells, self.children)
            done += n
            self.used += n
            if thread.found is not None:
                self.line = path_to(thread.came, thread.found)
            elif thread.done:
                self.exhausted = True
            elif self.used >= TURN:
                self.used = 0
                self.turn = (self.turn + 1) % len(self.threads)
        self.expanded += done
        return done
