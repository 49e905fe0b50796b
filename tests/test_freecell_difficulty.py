"""The shipped difficulty table: its format, and spot checks of its proofs."""

from __future__ import annotations

import argparse

import pytest
from conftest import load_tool

from game.freecell import deal
from game.freecell.difficulty import Difficulty, load_table
from game.freecell.solver import Verdict, solve
from game.resources import asset_path

TABLE_FILE = asset_path("freecell-min-cells.tsv")


def test_every_line_has_the_documented_format():
    # The builder may be rewriting the file (atomically): read it once, then
    # make the loader read the same version.
    load_table.cache_clear()
    table = load_table()
    lines = TABLE_FILE.read_text().splitlines()
    assert lines, "the table ships with at least its first deals"
    numbers = []
    for line in lines:
        number, cells, kind = line.split("\t")
        assert 1 <= int(number) <= 32000
        assert cells in ("0", "1", "2", "3", "4", "-", "?")
        assert kind in ("exact", "upper", "unknown")
        numbers.append(int(number))
    assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers)
    assert len(table) == sum(1 for ln in lines if not ln.endswith("unknown"))
    # The table ships complete: every deal 1..32,000 rated, none left unknown.
    assert numbers == list(range(1, 32001)) and len(table) == 32000


def test_only_11982_is_unsolvable_in_the_table():
    table = load_table()
    assert all(d.cells is not None for n, d in table.items() if n != 11982)
    if 11982 in table:
        assert table[11982] == Difficulty(None, True)


def _exact_sample(limit: int) -> list[tuple[int, int]]:
    table = load_table()
    return [(n, d.cells) for n, d in sorted(table.items()) if d.exact and d.cells is not None][:limit]


# The first four rows on every run, the next four in CI (each a win and a proof of none).
@pytest.mark.parametrize("number, cells", [*_exact_sample(4), *(pytest.param(*row, marks=pytest.mark.slow)
                                                                for row in _exact_sample(8)[4:])])
def test_exact_ratings_are_backed_by_a_win_and_a_proof(number, cells):
    """Each exact rating: a win with that many cells, and no win with one fewer."""
    win = solve(deal(number), free_cells=cells, budget=400_000)
    assert win.verdict is Verdict.SOLVED and win.replayed
    if cells > 0:
        assert solve(deal(number), free_cells=cells - 1, budget=400_000).verdict is Verdict.UNSOLVABLE


@pytest.mark.parametrize("number", [3711, 428])
def test_rows_the_deep_pass_made_exact_are_backed_by_a_win_and_a_proof(number):
    """Rows ``--upper --deep`` re-rated (each was "upper" one cell higher):
    the depth-first search finds the win and exhausts one cell fewer."""
    rating = load_table()[number]
    assert rating.exact and rating.cells is not None and rating.cells > 0
    win = solve(deal(number), free_cells=rating.cells, budget=200_000, deep=True)
    assert win.verdict is Verdict.SOLVED and win.replayed
    below = solve(deal(number), free_cells=rating.cells - 1, budget=200_000, deep=True)
    assert below.verdict is Verdict.UNSOLVABLE


def test_upper_ratings_show_a_question_mark():
    assert Difficulty(3, exact=False).label == "Hard?"
    assert Difficulty(1, exact=True).label == "Easy"


@pytest.mark.parametrize("verdicts, expected", [
    ("S", ("0", "exact")),
    ("UUS", ("2", "upper")),
    ("NNS", ("2", "exact")),
    # Exhausted with one cell proves none with zero, whatever the zero-cell search did.
    ("UNS", ("2", "exact")),
    ("NUS", ("2", "upper")),
    ("UUUUN", ("-", "exact")),
    ("NNNNU", ("?", "unknown")),
])
def test_builder_rates_from_the_search_with_one_fewer_cell(monkeypatch, verdicts, expected):
    builder = load_tool("build_min_cells")
    by_letter = {"S": Verdict.SOLVED, "N": Verdict.UNSOLVABLE, "U": Verdict.UNKNOWN}
    asked = []

    class Result:
        def __init__(self, verdict):
            self.verdict, self.states = verdict, 10

    def fake_solve(position, free_cells, budget, prove=False):
        asked.append(free_cells)
        return Result(by_letter[verdicts[free_cells]])

    monkeypatch.setattr(builder, "solve", fake_solve)
    number, cells, kind, states, _ = builder.rate(5, budget=100)
    assert (number, cells, kind) == (5, *expected)
    assert asked == list(range(len(verdicts))) and states == 10 * len(verdicts)


@pytest.mark.parametrize("verdicts, expected, asked_for", [
    # Verdicts by cell count, for a row "3 upper"; the search goes down from 2.
    ({2: "N", 3: "S"}, ("3", "exact"), [2, 3]),  # a proof with 2, the win with 3 found again
    ({2: "N", 3: "U"}, ("3", "upper"), [2, 3]),  # no line found again: nothing is claimed
    ({2: "U"}, ("3", "upper"), [2]),
    ({2: "S", 1: "N"}, ("2", "exact"), [2, 1]),
    ({2: "S", 1: "U"}, ("2", "upper"), [2, 1]),
    ({2: "S", 1: "S", 0: "S"}, ("0", "exact"), [2, 1, 0]),
])
@pytest.mark.parametrize("deep", [False, True])
def test_rerating_an_upper_row_needs_a_line_for_every_number(monkeypatch, verdicts, expected, asked_for, deep):
    builder = load_tool("build_min_cells")
    by_letter = {"S": Verdict.SOLVED, "N": Verdict.UNSOLVABLE, "U": Verdict.UNKNOWN}
    asked = []
    kinds = []

    class Result:
        def __init__(self, verdict):
            self.verdict, self.states = verdict, 10

    def fake_solve(position, free_cells, budget, prove=False, deep=False):
        asked.append(free_cells)
        kinds.append("deep" if deep else "prove" if prove else "plain")
        return Result(by_letter[verdicts[free_cells]])

    monkeypatch.setattr(builder, "solve", fake_solve)
    number, cells, kind, _, _ = builder.rerate(7, 3, budget=100, deep=deep)
    assert (number, cells, kind) == (7, *expected)
    assert asked == asked_for
    # The searches below the row use the pass's method; the row's own
    # number is found again by the ordinary search (a deep one rarely finds lines).
    below = [k for c, k in zip(asked, kinds) if c < 3]
    assert below == ["deep" if deep else "prove"] * len(below)
    assert all(k == "plain" for c, k in zip(asked, kinds) if c == 3)


def test_builder_agrees_with_the_table_on_a_real_deal():
    builder = load_tool("build_min_cells")
    table = load_table()
    _number, cells, kind, _, _ = builder.rate(1, budget=200_000)
    assert table[1] == Difficulty(int(cells), kind == "exact")


def test_an_upper_pass_can_be_given_just_some_deals(monkeypatch, tmp_path):
    builder = load_tool("build_min_cells")
    table = tmp_path / "t.tsv"
    table.write_text("1\t2\tupper\n2\t2\tupper\n3\t3\tupper\n4\t2\texact\n")
    monkeypatch.setattr(builder, "TABLE", table)
    seen = []
    monkeypatch.setattr(builder, "rerate", lambda n, cells, budget, deep=False:
                        seen.append(n) or (n, str(cells), "upper", 1, 0.0))
    builder.build_upper(1, 32000, 1, 100, deals={2, 3, 4})
    assert seen == [2, 3]  # upper rows among those asked for; an exact row is left alone
    assert builder._deal_list("5597, 5901") == {5597, 5901}
    for bad in ("x", "0", "32001", ""):
        with pytest.raises(argparse.ArgumentTypeError):
            builder._deal_list(bad)


def test_one_deal_is_rated_without_reading_the_whole_table(monkeypatch):
    # The status line needs one deal's rating before the first frame: reading all
    # 32,000 rows for it cost half a second of startup (issue 40). The single
    # lookup agrees with the table, for deals in it and not in it.
    from game.freecell import difficulty as module

    monkeypatch.setattr(module, "_looked_up", {})
    module.load_table.cache_clear()
    try:
        numbers = [1, 2, 617, 11982, 31999, 32000, 0, 10**6 + 1]
        single = [module.difficulty(n) for n in numbers]
        # The status line asks for its deal again at every change: still no table read
        # (counting those read all of it during the player's first drag, a frame's stall).
        again = [module.difficulty(617) for _ in range(3 * module._SINGLE_LOOKUPS)]
        assert module.load_table.cache_info().currsize == 0  # the table was not built
        assert again == [single[2]] * len(again)
        table = module.load_table()
        assert single == [table.get(n) for n in numbers]
        assert single[0] is not None and single[3] is not None and single[-1] is None
    finally:
        module.load_table.cache_clear()
