"""tools/bench_solver.py: its position files (written from play lines, read back)."""

from __future__ import annotations

import pytest
from conftest import load_tool

from game.freecell import Position


def test_written_positions_are_tight_and_read_back(tmp_path):
    bench = load_tool("bench_solver")
    out = tmp_path / "tight.txt"
    count = bench.write_positions(str(out), [1, 2])
    positions = bench.read_positions(str(out))
    assert count == len(positions) > 0
    for pos in positions:
        assert isinstance(pos, Position)
        assert sum(c is None for c in pos.cells) <= 2 and not pos.is_won()


def test_a_bad_position_file_is_one_line_message(tmp_path):
    bench = load_tool("bench_solver")
    bad = tmp_path / "bad.txt"
    bad.write_text("# a comment\nKH KH\n")
    with pytest.raises(SystemExit) as info:
        bench.read_positions(str(bad))
    assert "position 1" in str(info.value) and "\n" not in str(info.value)
    with pytest.raises(SystemExit, match="cannot read"):
        bench.read_positions(str(tmp_path / "missing.txt"))
