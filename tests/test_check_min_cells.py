"""tools/check_min_cells.py: an fc-solve win counts only when our engine replays it."""

from __future__ import annotations

import subprocess

import pytest
from conftest import load_tool

from game.freecell import deal
from game.freecell.solver import Verdict, solve


def _fake_fc_solve(monkeypatch, stdout: str, calls: list) -> None:
    def run(cmd, **kwargs):
        calls.append((cmd, kwargs["input"]))
        return subprocess.CompletedProcess(cmd, 0, stdout=stdout, stderr="")

    monkeypatch.setattr(subprocess, "run", run)


@pytest.fixture(scope="module")
def line() -> list[str]:
    """A one-cell win of deal 5, every card movement, in standard notation."""
    result = solve(deal(5), free_cells=1)
    assert result.verdict is Verdict.SOLVED
    return [str(m) for m in result.moves]


def _output(tokens: list[str], solved: bool = True) -> str:
    rows = [" ".join(tokens[i:i + 10]) + " " for i in range(0, len(tokens), 10)]
    verdict = "This game is solveable." if solved else "I could not solve this game."
    return "-=-=-=-=-=-=-=-=-=-=-=-\n\n" + "\n".join(rows) + f"\n\n{verdict}\nTotal number of states checked is 9.\n"


def test_a_replayed_win_counts(monkeypatch, line):
    tool = load_tool("check_min_cells")
    calls: list = []
    _fake_fc_solve(monkeypatch, _output(line), calls)
    number, answer, _ = tool.fc_solve_win(5, 1, 1000, 5.0)
    assert (number, answer) == (5, "win")
    cmd, board = calls[0]
    assert cmd[cmd.index("--freecells-num") + 1] == "1" and board == deal(5, free_cells=1).board()


def test_a_line_that_does_not_finish_or_does_not_play_is_not_a_win(monkeypatch, line):
    tool = load_tool("check_min_cells")
    _fake_fc_solve(monkeypatch, _output(line[:-3]), [])
    assert tool.fc_solve_win(5, 1, 1000, 5.0)[1] == "bad line"
    _fake_fc_solve(monkeypatch, _output(["ah"] + line), [])  # nothing in cell a yet
    assert tool.fc_solve_win(5, 1, 1000, 5.0)[1] == "bad line"


def test_no_solution_and_a_timeout_are_no_win(monkeypatch, line):
    tool = load_tool("check_min_cells")
    _fake_fc_solve(monkeypatch, _output([], solved=False), [])
    assert tool.fc_solve_win(5, 0, 1000, 5.0)[1] == "none"

    def slow(cmd, **kwargs):
        raise subprocess.TimeoutExpired(cmd, kwargs["timeout"])

    monkeypatch.setattr(subprocess, "run", slow)
    assert tool.fc_solve_win(5, 1, 1000, 5.0)[1] == "none"


def test_cli_share_counts_the_sample_and_the_fc_solve_wins(monkeypatch, capsys):
    # A made-up table: deals 2 and 5 rated one cell (2 is solved within the
    # small budget below, 5 is not), deals 13 and 17 two-cell upper rows of
    # which "fc-solve" wins 17 with one cell. Our search proves 17 has no
    # one-cell win, so it counts as not solved: the tool runs our search and
    # trusts no one's verdict but that search's.
    from game.freecell.difficulty import Difficulty
    tool = load_tool("check_min_cells")
    table = {2: Difficulty(1, True), 5: Difficulty(1, True), 13: Difficulty(2, False),
             17: Difficulty(2, False), 20: Difficulty(2, True)}
    monkeypatch.setattr(tool, "load_table", lambda: table)

    def witness(number, cells, max_iters, seconds):
        assert cells == 1
        return number, "win" if number == 17 else "none", 0.0

    monkeypatch.setattr(tool, "fc_solve_win", witness)
    assert tool.cli_share(1, 0, 1, 1000, 5.0, 3000) == 0
    out = capsys.readouterr().out
    assert "fc-solve wins 1 of them: [17]" in out
    assert "sample: 1 of 2 solved" in out and "not solved: [5]" in out
    assert "fc-solve only: 0 of 1 solved" in out
    # (2 rated x 1/2 solved + 1 witnessed x 0) of 3 known winnable.
    assert "estimated: 1 of the 3 deals known winnable with 1 cell (33.33%)" in out
