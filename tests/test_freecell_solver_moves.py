"""The solver's move generator against the rules engine.

Every "unsolvable" verdict rests on the solver generating every move that
matters. Here, on many real positions and for 0..4 free cells, the positions
one solver move reaches must be exactly the positions one engine move
reaches, up to column order and free-cell order, once the safe automatic
foundation moves are made, except for sequence moves into an empty column of
an intermediate length, which the solver leaves to single-card moves (they
reach nothing new).
"""

from __future__ import annotations

import random

import pytest

from game.freecell import HOME, Position, deal
from game.freecell.states import child_states, close_safe, initial_state


def canonical(pos: Position) -> tuple:
    cells = [int(c) for c in pos.cells if c is not None]
    cols = [bytes(int(c) for c in col) for col in pos.columns]
    return close_safe(cells, cols, list(pos.foundations))[0]


def engine_children(pos: Position) -> tuple[set, set]:
    """(states after single-card moves, states after any move) per the engine."""
    single, every = set(), set()
    for m in pos.legal_moves():
        pos.push(m, auto=False)
        key = canonical(pos)
        pos.pop()
        every.add(key)
        if m.count == 1:
            single.add(key)
    return single, every


def walk_positions(seed: int, deals: range, cells: int):
    rng = random.Random(seed)
    for n in deals:
        pos = deal(n, auto_foundation=True, free_cells=cells)
        pos.settle()
        for _ in range(rng.randint(10, 120)):
            moves = pos.legal_moves()
            if not moves:
                break
            good = [m for m in moves if m.dest == HOME or m.dest < 8]
            pos.push(rng.choice(good if good and rng.random() < 0.8 else moves))
            if rng.random() < 0.3:
                yield pos.copy(stack=False)


def check(pos: Position, cells: int) -> None:
    state, _ = initial_state(pos)
    assert state == canonical(pos)
    mine = {child for _, child in child_states(state, cells)}
    single, every = engine_children(pos)
    single.discard(state)
    every.discard(state)
    assert single <= mine, "the solver misses a single-card move"
    assert mine <= every, "the solver makes a move the rules refuse"


@pytest.mark.parametrize("cells", [0, 1, 2, 3, 4])
def test_solver_moves_are_the_engine_moves(cells):
    seen = 0
    for pos in walk_positions(seed=cells, deals=range(1, 25), cells=cells):
        check(pos, cells)
        seen += 1
    assert seen > 20


@pytest.mark.slow
@pytest.mark.parametrize("cells", [0, 1, 2, 3, 4])
def test_solver_moves_are_the_engine_moves_many(cells):
    seen = 0
    for pos in walk_positions(seed=100 + cells, deals=range(100, 600), cells=cells):
        check(pos, cells)
        seen += 1
    assert seen > 300
