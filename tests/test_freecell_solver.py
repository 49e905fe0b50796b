"""The FreeCell solver: verdicts, replayed solutions, budgets, cancel, free cells."""

from __future__ import annotations

import pytest
from freecell_helpers import replays

from game.freecell import HOME, Move, Position, deal
from game.freecell.solver import _SLICE, Verdict, sensible_move, solve


@pytest.mark.parametrize("number", [1, 2, 3, 617, 1000, 32000, 1_000_000])
def test_solved_deals_replay_through_the_engine(number):
    result = solve(deal(number))
    assert result.verdict is Verdict.SOLVED and result.replayed
    assert replays(deal(number), result.moves)
    # Game counting: player moves with safe auto-foundation on, autos free.
    pos = deal(number, auto_foundation=True)
    pos.settle()
    for m in result.player_moves:
        pos.push(m)
    while (m := pos.autocomplete_move()) is not None:
        pos.push(m, auto=False)
    assert pos.is_won()
    assert result.game_moves <= result.card_moves
    assert sum(1 for m in result.moves if m.dest == HOME) == 52


def test_deal_11982_is_proven_unsolvable():
    result = solve(deal(11982), budget=2_000_000)
    assert result.verdict is Verdict.UNSOLVABLE
    assert result.moves == [] and result.states > 10_000


def test_a_budget_gives_unknown_never_unsolvable():
    result = solve(deal(11982), budget=300)
    assert result.verdict is Verdict.UNKNOWN and result.reason == "budget"
    assert result.states <= 300 + _SLICE


def test_fewer_free_cells_change_the_verdict():
    assert solve(deal(1), free_cells=3).verdict is Verdict.SOLVED
    assert solve(deal(1), free_cells=1).verdict is Verdict.UNSOLVABLE
    three = solve(deal(1), free_cells=3)
    assert replays(deal(1, free_cells=3), three.moves)
    with pytest.raises(ValueError):
        solve(deal(1), free_cells=5)


def test_a_position_using_a_cell_beyond_the_search_cells_is_refused():
    pos = deal(1)
    pos.push(Move.parse("5d"))
    with pytest.raises(ValueError, match="free cell d"):
        solve(pos, free_cells=2)


def test_mid_game_positions_with_cells_and_foundations_solve():
    pos = deal(617, auto_foundation=True)
    pos.settle()
    for text in ("8a", "8b", "8c", "87"):
        pos.push(Move.parse(text))
    result = solve(pos)
    assert result.verdict is Verdict.SOLVED
    assert replays(pos, result.moves)
    assert pos.is_legal(result.first_move)


def test_a_won_or_finished_position_needs_only_auto_complete():
    pos = Position.parse("Foundations: H-Q C-K D-K S-K\n: KH\n")
    result = solve(pos)
    assert result.verdict is Verdict.SOLVED and [str(m) for m in result.moves] == ["1h"]


def test_cancel_is_polled_every_slice_and_stops_the_search():
    calls: list[int] = []

    def cancel() -> bool:
        calls.append(1)
        return len(calls) > 5

    result = solve(deal(11982), budget=10**7, cancel=cancel)
    assert result.verdict is Verdict.UNKNOWN and result.reason == "cancelled"
    # Five slices ran before the sixth poll said stop: nothing more.
    assert result.states <= 5 * _SLICE


def test_progress_is_reported():
    seen: list[int] = []
    solve(deal(11982), budget=3000, progress=lambda states, _best: seen.append(states))
    assert seen and seen == sorted(seen) and seen[-1] <= 3000


def test_anytime_search_never_returns_a_longer_line():
    first = solve(deal(5))
    better = solve(deal(5), improve=True, improve_seconds=1.0)
    assert better.verdict is Verdict.SOLVED
    assert better.card_moves <= first.card_moves
    assert better.first_solution_length == first.card_moves
    assert replays(deal(5), better.moves)
    # And it does shorten: on a node budget (no clock, so the same on any machine) deal 5's
    # first line loses more than ten card moves.
    shorter = solve(deal(5), improve=True, budget=20_000, time_limit=None)
    assert shorter.improvements > 0 and shorter.card_moves < first.card_moves - 10
    assert replays(deal(5), shorter.moves)


def test_sensible_move_is_legal():
    for n in (1, 11982):
        pos = deal(n)
        m = sensible_move(pos)
        assert m is not None and pos.is_legal(m)


@pytest.mark.slow
def test_first_hundred_deals_all_solve_and_replay():
    for n in range(1, 101):
        result = solve(deal(n), budget=1_000_000)
        assert result.verdict is Verdict.SOLVED, n
        assert replays(deal(n), result.moves), n
