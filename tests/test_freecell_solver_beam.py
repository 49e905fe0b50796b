"""The beam search that finds lines when free cells are few, and how the
solver schedules it beside the complete search."""

from __future__ import annotations

import pytest
from freecell_helpers import replays

from game.freecell import deal
from game.freecell.beam import WIDTHS, BeamRun, room_cost
from game.freecell.solver import (
    _SLICE,
    GREEDY_FIRST,
    GREEDY_FIRST_ROOMY,
    Verdict,
    replay_line,
    solve,
)
from game.freecell.states import child_states, evaluate_state, initial_state


# The issue's table: deals the old portfolio needed 500,000+ positions for.
@pytest.mark.parametrize("number, cells, budget", [
    (21119, 1, 100_000),
    (11878, 1, 200_000),
    (25192, 2, 200_000),
    pytest.param(16259, 2, 400_000, marks=pytest.mark.slow),
])
def test_tight_deals_of_the_issue_are_solved_and_replay(number, cells, budget):
    result = solve(deal(number), free_cells=cells, budget=budget)
    assert result.verdict is Verdict.SOLVED and result.replayed
    assert result.found_by.startswith("beam")
    assert replays(deal(number, free_cells=cells), result.moves)


def test_a_beam_line_replays_through_the_engine():
    root, _ = initial_state(deal(21119))
    run = BeamRun(root, ncells=1, width=256, children=child_states, evaluate=evaluate_state, cost=room_cost)
    while run.step(500) is not None:
        pass
    assert run.finished and run.line
    won = replay_line(deal(21119), run.line, 1)
    assert won.is_won()


def test_a_beam_that_dies_out_knows_nothing_and_the_solver_says_unknown():
    # Deal 11982 has no win: every beam ends without a line, and a budget
    # that stops the complete search gives UNKNOWN, never UNSOLVABLE.
    root, _ = initial_state(deal(11982))
    run = BeamRun(root, ncells=4, width=16, max_depth=50, children=child_states, evaluate=evaluate_state)
    while run.step(1000) is not None:
        pass
    assert run.finished and run.line is None
    result = solve(deal(11982), budget=GREEDY_FIRST_ROOMY + 40_000)
    assert result.verdict is Verdict.UNKNOWN and result.reason == "budget"


def test_the_beam_keeps_at_most_its_width_per_layer():
    root, _ = initial_state(deal(11982))
    run = BeamRun(root, ncells=2, width=8, children=child_states, evaluate=evaluate_state)
    for _ in range(20):
        run.step(8)
        assert len(run.layer) <= 8
    assert run.depth >= 2


def test_unsolvable_with_few_cells_is_still_proven_by_the_complete_search():
    # Deal 1 has no win with one cell (the table's exact "2" says so): the
    # beams find nothing, the portfolio exhausts the space.
    result = solve(deal(1), free_cells=1, budget=2_000_000)
    assert result.verdict is Verdict.UNSOLVABLE and result.moves == []


def test_four_cell_deals_are_solved_before_any_beam():
    for n in (1, 2, 3, 617):
        result = solve(deal(n))
        assert result.verdict is Verdict.SOLVED and result.found_by == "greedy"
        assert result.states <= GREEDY_FIRST_ROOMY


def test_cancel_stops_a_running_beam():
    polls: list[int] = []
    limit = GREEDY_FIRST // _SLICE + 30  # well into the first beam

    def cancel() -> bool:
        polls.append(1)
        return len(polls) > limit

    result = solve(deal(11878), free_cells=1, budget=10**7, cancel=cancel)
    assert result.verdict is Verdict.UNKNOWN and result.reason == "cancelled"
    assert result.states <= (limit + 4) * _SLICE


def test_widths_grow():
    assert list(WIDTHS) == sorted(WIDTHS) and WIDTHS[0] >= 64


def lost_position():
    """Deal 6 after 8a 25 6b 4c 1d: 9♣ to the last free cell lost it (a proof of a few
    thousand positions; deal 11982's whole proof is tests/test_freecell_solver.py's)."""
    pos = deal(6, auto_foundation="safe")
    for token in ["8a", "25", "6b", "4c", "1d"]:
        pos.push(pos.parse_move(token), auto="safe")
    return pos


def test_proof_mode_proves_with_one_ordering_and_fewer_states():
    portfolio = solve(lost_position(), budget=2_000_000)
    single = solve(lost_position(), budget=2_000_000, prove=True)
    assert portfolio.verdict is Verdict.UNSOLVABLE and single.verdict is Verdict.UNSOLVABLE
    assert single.states < portfolio.states


def test_proof_mode_still_finds_lines_and_proofs_with_few_cells():
    assert solve(deal(1), free_cells=1, prove=True).verdict is Verdict.UNSOLVABLE
    won = solve(deal(21119), free_cells=1, budget=100_000, prove=True)
    assert won.verdict is Verdict.SOLVED and replays(deal(21119, free_cells=1), won.moves)
