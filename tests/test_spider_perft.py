"""Perft: move-tree leaf counts from fixed positions (tests/data/spider_perft.txt).

The engine must reproduce every stored count, and so must the plain
reference (test_spider_reference.py), so the table is not just the engine
agreeing with itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import load_spider_reference

from game.perft import perft
from game.spider import Position

DATA = Path(__file__).with_name("data") / "spider_perft.txt"
# The reference copies the whole state per node: keep its work small.
REFERENCE_LEAVES = 100_000


ref = load_spider_reference()


@dataclass
class Case:
    name: str
    text: str
    counts: dict[int, int]


def load_cases() -> list[Case]:
    cases = []
    lines = [ln for ln in DATA.read_text(encoding="utf-8").splitlines() if not ln.startswith("#")]
    blocks = "\n".join(lines).strip().split("\n\n")
    for block in blocks:
        rows = block.strip().split("\n")
        assert rows[0].startswith("id "), rows[0]
        counts = {}
        for row in rows[13:]:
            word, depth, count = row.split()
            assert word == "perft"
            counts[int(depth)] = int(count)
        cases.append(Case(rows[0][3:], "\n".join(rows[1:13]), counts))
    return cases


CASES = load_cases()


def test_the_table_covers_start_middle_end_and_the_deal_exception() -> None:
    names = {c.name for c in CASES}
    assert len(CASES) >= 5 and all(len(c.counts) == 3 for c in CASES)
    assert {"game-1-1-suit", "game-1-4-suits", "game-1-1-suit-endgame", "deal-exception-4-suits"} <= names


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_engine_perft(case: Case) -> None:
    pos = Position.parse(case.text)
    assert str(pos) == case.text
    for depth, count in case.counts.items():
        assert perft(pos, depth) == count, f"depth {depth}"
    assert str(pos) == case.text  # perft leaves the position as it found it


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_reference_perft(case: Case) -> None:
    state = ref.parse(case.text)
    checked = 0
    for depth, count in sorted(case.counts.items()):
        if count > REFERENCE_LEAVES:
            break
        assert ref.perft(state, depth) == count, f"depth {depth}"
        checked += 1
    assert checked == len(case.counts)
