"""Perft counts for the FreeCell engine (python-chess ``examples/perft`` style).

    python tools/freecell_perft.py                 # print the table
    python tools/freecell_perft.py --write         # rewrite tests/data/freecell-perft.txt
    python tools/freecell_perft.py --verify        # also count with tests/reference_freecell.py

For each position: depth, perft (move paths of that length) and the number of
distinct layouts reached (column and cell order kept, no automatic moves).
The table is data for ``tests/test_freecell_perft.py``; ``--verify`` checks
every figure against the separate, deliberately naive reference rules first.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.freecell import Position, deal  # noqa: E402

DATA = ROOT / "tests" / "data"


def solution_prefix(number: int, moves: int) -> Position:
    """Deal ``number`` after the first ``moves`` moves of fc-solve's solution in tests/data."""
    pos = deal(number)
    tokens = (DATA / f"fcsolve-{number}-solution.txt").read_text().split()
    for t in tokens[:moves]:
        pos.push(pos.parse_move(t), auto=False)
    return pos.copy(stack=False)


#: (name, position, deepest depth)
POSITIONS = [
    ("deal-1", lambda: deal(1), 3),
    ("deal-617-after-20", lambda: solution_prefix(617, 20), 3),
    ("deal-22-after-59", lambda: solution_prefix(22, 59), 3),
]


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
    level = {pos.layout(): pos}
    for _ in range(depth):
        nxt: dict = {}
        for p in level.values():
            for m in p.legal_moves():
                p.push(m, auto=False)
                key = p.layout()
                if key not in nxt:
                    nxt[key] = p.copy(stack=False)
                p.pop()
        level = nxt
    return len(level)


def load_reference():
    spec = importlib.util.spec_from_file_location("reference_freecell", ROOT / "tests" / "reference_freecell.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    sys.modules["reference_freecell"] = module
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def main() -> None:
    ap = argparse.ArgumentParser(description="FreeCell perft table")
    ap.add_argument("--write", action="store_true", help="rewrite tests/data/freecell-perft.txt")
    ap.add_argument("--verify", action="store_true", help="check each count with the reference rules")
    args = ap.parse_args()
    ref = load_reference() if args.verify else None
    lines = ["# FreeCell perft: made by tools/freecell_perft.py; checked by tests/test_freecell_perft.py",
             "# 'perft DEPTH PATHS DISTINCT' after each board (fc-solve format, lines joined by '|')"]
    for name, make, depth in POSITIONS:
        pos = make()
        lines.append(f"id {name}")
        lines.append("board " + "|".join(pos.board().splitlines()))
        for d in range(1, depth + 1):
            paths, layouts = perft(pos, d), distinct(pos, d)
            if ref is not None:
                state = ref.parse_board(pos.board())
                assert ref.reference_perft(state, d) == paths, (name, d)
                assert ref.reference_reachable(state, d) == layouts, (name, d)
            lines.append(f"perft {d} {paths} {layouts}")
            print(name, d, paths, layouts, "(verified)" if ref else "", flush=True)
    if args.write:
        (DATA / "freecell-perft.txt").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
