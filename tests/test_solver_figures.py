"""The solvers' quality, pinned perft-style: the line lengths and expansions
of FreeCell's solve, beams, probes, short beam and shortener and of Spider's
beam and shortener on fixed deals, exactly as tests/data/solver-figures.tsv
has them. One move more or fewer fails; a change meant to move a figure
rewrites the file with ``python tools/solver_figures.py --write``.
"""

from __future__ import annotations

import pytest
from conftest import load_tool

figures_tool = load_tool("solver_figures")
PINNED = {row[:4]: row for row in figures_tool.read()}


def test_the_file_has_one_row_per_case_and_no_other():
    keys = [case.key() for case in figures_tool.CASES]
    assert len(set(keys)) == len(keys)
    assert sorted(PINNED) == sorted(keys)
    for case in figures_tool.CASES:
        assert PINNED[case.key()][7] == ("slow" if case.slow else "fast")


@pytest.mark.parametrize("case", [
    pytest.param(case, id="-".join(case.key()), marks=[pytest.mark.slow] if case.slow else [])
    for case in figures_tool.CASES
])
def test_solver_figures_are_as_pinned(case):
    row = figures_tool.figures(case)
    pinned = PINNED[case.key()]
    # Every row is a line the search found (a figure of "-" would pin a failure).
    assert pinned[4] != "-" and pinned[6] != "-", f"{case} pins no line"
    assert row == pinned, (f"{' '.join(case.key())}: line, expanded, tidied {' '.join(row[4:7])}, "
                           f"pinned {' '.join(pinned[4:7])} (rewrite the file on purpose: "
                           "python tools/solver_figures.py --write)")


def test_the_tool_reports_drift_and_refuses_a_wrong_header(tmp_path, monkeypatch, capsys):
    bad = tmp_path / "figures.tsv"
    bad.write_text("kind\tdeal\n")
    with pytest.raises(ValueError, match="header"):
        figures_tool.read(bad)
    # A pinned figure one move off is reported, and the exit code says so.
    case = next(c for c in figures_tool.CASES if c.kind == "fc-solve" and not c.slow)
    row = list(PINNED[case.key()])
    row[4] = str(int(row[4]) + 1)
    drifted = tmp_path / "drifted.tsv"
    figures_tool.write([tuple(row)], drifted)
    monkeypatch.setattr(figures_tool, "DATA", drifted)
    monkeypatch.setattr(figures_tool, "CASES", (case,))
    assert figures_tool.main([]) == 1
    assert f"was {row[4]}" in capsys.readouterr().out
