"""The depth-first probes (game/freecell/probe.py) and their place in the solver."""

from __future__ import annotations

import pytest

from game.freecell import deal
from game.freecell.moves import HOME
from game.freecell.probe import ORDERS, TURN, Probes, _kind
from game.freecell.solver import Verdict, replay_line, solve
from game.freecell.states import TO_CELL, TO_EMPTY, TO_HOME, child_states, initial_state


def run_dry(probes: Probes, limit: int) -> None:
    while probes.line is None and not probes.exhausted and probes.expanded < limit:
        probes.step(TURN)


@pytest.mark.parametrize("order", ORDERS)
def test_each_thread_alone_is_a_complete_search(order: str | int) -> None:
    # Deal 26 with no free cell has no win: each order must examine exactly
    # the positions the solver's own complete search does, then run dry.
    proof = solve(deal(26), free_cells=0, deep=True, budget=10_000)
    assert proof.verdict is Verdict.UNSOLVABLE
    root, _ = initial_state(deal(26))
    probes = Probes(root, 0, child_states, orders=(order,))
    run_dry(probes, 10_000)
    assert probes.exhausted and probes.line is None
    assert len(probes.threads[0].came) == proof.generated
    assert probes.expanded == proof.states


def test_probes_win_a_one_cell_deal_the_scored_searches_miss() -> None:
    # Deal 3711 with one free cell: the best-first search and every beam
    # are still without a line after 300,000 positions (checked when the
    # probes were added); the probes' first thread wins it within a few
    # thousand of its own.
    root, _ = initial_state(deal(3711))
    probes = Probes(root, 1, child_states)
    run_dry(probes, 200_000)
    assert probes.line
    won = replay_line(deal(3711, free_cells=1), probes.line, 1)
    assert all(f == 13 for f in won.foundations)


def test_probes_are_repeatable() -> None:
    root, _ = initial_state(deal(3711))
    lines = []
    for _ in range(2):
        probes = Probes(root, 1, child_states)
        run_dry(probes, 200_000)
        lines.append((probes.line, probes.expanded))
    assert lines[0] == lines[1]


def test_threads_take_turns() -> None:
    root, _ = initial_state(deal(2918))
    probes = Probes(root, 1, child_states)
    probes.step(TURN * len(ORDERS) + 10)
    # Deal 2918's one-cell win is hundreds of thousands of positions away.
    assert probes.line is None and not probes.exhausted
    assert [t.expanded for t in probes.threads] == [TURN + 10] + [TURN] * (len(ORDERS) - 1)
    assert (probes.turn, probes.used) == (0, 10)


def test_kinds_put_home_moves_first_and_free_cells_last() -> None:
    root, _ = initial_state(deal(3))  # has moves onto cards and to free cells
    held = len(root[0])
    kinds: dict[int | str, set[int]] = {}
    for code, child in child_states(root, 4):
        kinds.setdefault(code & 63 if (code & 63) >= 52 else "onto", set()).add(_kind((code, child), held))
    assert kinds[TO_CELL] == {4}
    assert kinds["onto"] == {2}
    # Home and empty-column moves need other positions: judge them directly.
    assert _kind((5 * 64 + TO_HOME, root), held) == 0
    assert _kind((5 * 64 + TO_EMPTY, root), held) == 3
    assert _kind((5 * 64 + 7, (b"", root[1], root[2])), 1) == 1


def test_solver_uses_probes_when_space_is_tight() -> None:
    result = solve(deal(3711), free_cells=1, budget=300_000)
    assert result.verdict is Verdict.SOLVED and result.replayed
    assert result.found_by == "probe"
    # The depth-first line comes back tidied: far shorter than the raw walk.
    assert result.card_moves < 250
    assert sum(1 for m in result.moves if m.dest == HOME) == 52 - sum(deal(3711).foundations)


def test_no_probes_with_room() -> None:
    # Three or four free cells: the schedule is as before, no probe runs.
    result = solve(deal(1), free_cells=4)
    assert result.found_by != "probe"
