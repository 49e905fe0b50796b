"""The depth-first complete search (``solve(deep=True)``): the same positions
as the scored search, each once, so its "unsolvable" is as complete."""

from __future__ import annotations

from freecell_helpers import replays

from game.freecell import deal
from game.freecell.solver import _PRIORITIES, _SLICE, Verdict, _Greedy, solve
from game.freecell.states import child_states, initial_state


def test_deep_and_scored_searches_exhaust_the_same_positions():
    scored = solve(deal(11982), budget=1_000_000, prove=True)
    deep = solve(deal(11982), budget=1_000_000, deep=True)
    assert scored.verdict is deep.verdict is Verdict.UNSOLVABLE
    # Every reachable position, once: the two closed sets are the same size,
    # and the deep search expanded each exactly once (no beams beside it).
    assert deep.generated == scored.generated == deep.states
    assert deep.states < scored.states


def test_turning_deep_mid_search_keeps_it_complete():
    root, _ = initial_state(deal(11982))
    whole = _Greedy(root, 4, _PRIORITIES[0], child_states)
    whole.run(10**7)
    assert whole.done and whole.found is None
    mixed = _Greedy(root, 4, _PRIORITIES[0], child_states)
    mixed.run(5_000)  # scored first: a heap of unexpanded positions ...
    assert not mixed.done and len(mixed.heap) > 100
    mixed.go_deep()  # ... becomes the stack
    mixed.run(10**7)
    assert mixed.done and mixed.found is None
    assert set(mixed.came) == set(whole.came) and mixed.expanded == whole.expanded


def test_deep_lines_are_real_wins():
    for number, cells in ((617, 4), (5, 1), (1, 4)):
        result = solve(deal(number), free_cells=cells, budget=200_000, deep=True)
        assert result.verdict is Verdict.SOLVED and result.replayed
        assert replays(deal(number, free_cells=cells), result.moves)


def test_deep_search_keeps_its_budget_and_proves_small_cases():
    stopped = solve(deal(90), free_cells=1, budget=2_000, deep=True)
    assert stopped.verdict is Verdict.UNKNOWN and stopped.reason == "budget"
    assert 2_000 <= stopped.states <= 2_000 + _SLICE
    assert solve(deal(1), free_cells=1, deep=True).verdict is Verdict.UNSOLVABLE
