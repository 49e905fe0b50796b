"""Correctness by counting: perft tables and a cross-check against separate rules.

The counts in tests/data/freecell-perft.txt were made by tools/freecell_perft.py
and verified there (``--verify``) against tests/reference_freecell.py, a
deliberately naive re-implementation of the rules that shares no code with
the engine. Here the engine must reproduce every count, and its moves must
match the reference's move for move on many positions.
"""

from __future__ import annotations

import random

import pytest
from conftest import DATA, load_reference

from game.freecell import HOME, Position, deal

ref = load_reference()


def load_table() -> list[tuple[str, str, list[tuple[int, int, int]]]]:
    table: list[tuple[str, str, list[tuple[int, int, int]]]] = []
    for line in (DATA / "freecell-perft.txt").read_text().splitlines():
        if line.startswith("id "):
            table.append((line[3:], "", []))
        elif line.startswith("board "):
            name, _, counts = table[-1]
            table[-1] = (name, line[6:].replace("|", "\n") + "\n", counts)
        elif line.startswith("perft "):
            d, paths, layouts = map(int, line.split()[1:])
            table[-1][2].append((d, paths, layouts))
    return table


TABLE = load_table()
CASES = [(name, board, d, paths, layouts) for name, board, counts in TABLE for d, paths, layouts in counts]


def perft(pos: Position, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for m in pos.legal_moves():
        pos.push(m, auto=False)
        total += perft(pos, depth - 1)
        pos.pop()
    return total


def distinct(pos: Position, depth: int) -> int:
    level = {pos.layout(): pos.copy(stack=False)}
    for _ in range(depth):
        nxt: dict = {}
        for p in level.values():
            for m in p.legal_moves():
                p.push(m, auto=False)
                nxt.setdefault(p.layout(), p.copy(stack=False))
                p.pop()
        level = nxt
    return len(level)


def test_table_covers_deal_1_and_two_mid_game_positions_to_depth_3():
    names = [name for name, _, _ in TABLE]
    assert names[0] == "deal-1" and len(names) >= 3
    assert all(max(d for d, _, _ in counts) >= 3 for _, _, counts in TABLE)
    assert Position.parse(TABLE[0][1]) == deal(1)


@pytest.mark.parametrize("name, board, depth, paths, layouts", CASES, ids=[f"{c[0]}-d{c[2]}" for c in CASES])
def test_engine_reproduces_the_perft_table(name, board, depth, paths, layouts):
    pos = Position.parse(board)
    assert perft(pos, depth) == paths
    assert distinct(pos, depth) == layouts
    assert Position.parse(board) == pos  # perft left the position as it was


@pytest.mark.parametrize("name, board, depth, paths, layouts",
                         [c for c in CASES if c[2] <= 2], ids=[f"{c[0]}-d{c[2]}" for c in CASES if c[2] <= 2])
def test_reference_agrees_with_the_table(name, board, depth, paths, layouts):
    state = ref.parse_board(board)
    assert ref.reference_perft(state, depth) == paths
    assert ref.reference_reachable(state, depth) == layouts


@pytest.mark.slow
@pytest.mark.parametrize("name, board, depth, paths, layouts",
                         [c for c in CASES if c[2] > 2], ids=[f"{c[0]}-d{c[2]}" for c in CASES if c[2] > 2])
def test_reference_agrees_with_the_table_deep(name, board, depth, paths, layouts):
    state = ref.parse_board(board)
    assert ref.reference_perft(state, depth) == paths
    assert ref.reference_reachable(state, depth) == layouts


def _state(pos: Position):
    return (tuple(tuple(str(c) for c in col) for col in pos.columns),
            tuple(None if c is None else str(c) for c in pos.cells),
            tuple(pos.foundations))


def _walk_and_compare(deals: range, seed: int) -> int:
    """Random games on ``deals``; at every position the engine's moves and their
    results must equal the reference's. Returns the positions compared."""
    rng = random.Random(seed)
    compared = 0
    for number in deals:
        pos = deal(number)
        for _ in range(rng.randint(20, 160)):
            moves = pos.legal_moves()
            expected = ref.reference_moves(_state(pos))
            assert len(set(moves)) == len(moves), "a move was generated twice"
            assert {str(m) for m in moves} == set(expected), pos.board()
            for m in moves:
                pos.push(m, auto=False)
                assert _state(pos) == expected[str(m)]
                pos.pop()
            compared += 1
            if not moves:
                break
            # Prefer progress so that walks reach empty columns and long runs.
            good = [m for m in moves if m.dest == HOME or (m.dest < 8 and m.source < 8)]
            pos.push(rng.choice(good if good and rng.random() < 0.7 else moves), auto=rng.random() < 0.5)
    return compared


def test_generated_moves_match_the_reference_rules():
    assert _walk_and_compare(range(1, 13), seed=7) > 300


@pytest.mark.slow
def test_generated_moves_match_the_reference_rules_exhaustively():
    assert _walk_and_compare(range(100, 400), seed=11) > 10000
