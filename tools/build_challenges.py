"""Build assets/challenge-lines.tsv: the proven lines the daily challenges are made from.

    python tools/build_challenges.py                          # resume up to the default pool
    python tools/build_challenges.py --freecell 300 --spider 100
    python tools/build_challenges.py --check                  # replay every row, print figures

The challenges of a day (``game.challenges``) are cut from these lines, so a
goal is only ever offered with a line that meets it. Per FreeCell deal:

* a short line with four cells (the solver's ``improve`` pass on a state
  budget), behind "win", "within P moves", "without Undo", "automatic moves
  Off" and "at most K free cells" (K: the most the line has in use at once);
* when the difficulty table rates the deal exactly at K < 4 cells, a line
  found with K cells: the tightest "at most K free cells" goal there is.

Per Spider game (taken from the proven list ``assets/spider-winnable.tsv``)
at 1, 2 and 4 suits: the full-knowledge solver's line.

Deals and games are picked spread out over the tables by a fixed stride, so
the pool is the same on every run and a larger pool extends a smaller one.
Every line is replayed through the rules engine (``game.challenges.lines``)
before it is written; the file is rewritten atomically every few rows and at
the end (Ctrl+C keeps what is done). Budgets are states, never seconds, so
the pool does not depend on how fast or busy the machine was.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.challenges.lines import (  # noqa: E402
    FILE_NAME,
    LineRow,
    ProofError,
    format_lines,
    parse_lines,
    replay_freecell,
    replay_spider,
)
from game.freecell import deal as freecell_deal  # noqa: E402
from game.freecell.difficulty import load_table  # noqa: E402
from game.freecell.solver import solve as solve_freecell  # noqa: E402
from game.spider import deal as spider_deal  # noqa: E402
from game.spider.solver import solve as solve_spider  # noqa: E402
from game.spider.winnable import load as load_winnable  # noqa: E402
from game.verdict import Verdict  # noqa: E402

TABLE = ROOT / "assets" / FILE_NAME
#: The stride through the deal and game tables (prime, so it visits every entry).
STRIDE = 7919
#: States for the short four-cell line (the improve pass included): about a second.
SHORT_BUDGET = 30_000
#: States for the line with the table's fewest cells.
CELLS_BUDGET = 200_000
SPIDER_BUDGET = 1_000_000


def read(path: Path) -> dict[tuple[str, int, int], LineRow]:
    try:
        return {(r.game, r.number, r.variant): r for r in parse_lines(path.read_text(encoding="utf-8"))}
    except OSError:
        return {}


def write(path: Path, rows: dict[tuple[str, int, int], LineRow]) -> None:
    tmp = path.with_suffix(".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(format_lines(rows.values()))
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def freecell_deals(count: int) -> list[int]:
    """The first ``count`` deals of the stride walk that the table rates exactly."""
    table = load_table()
    out: list[int] = []
    for i in range(32000):
        n = 1 + (i * STRIDE) % 32000
        rating = table.get(n)
        if rating is not None and rating.exact and rating.cells is not None:
            out.append(n)
            if len(out) == count:
                break
    return out


def spider_games(suits: int, count: int) -> list[int]:
    """``count`` proven games at ``suits``, spread over the proven list by the stride."""
    games = load_winnable().games(suits)
    if not games:
        return []
    picked: list[int] = []
    for i in range(len(games)):
        g = games[(i * STRIDE) % len(games)]
        if g not in picked:
            picked.append(g)
        if len(picked) == count:
            break
    return picked


def freecell_jobs(number: int) -> list[tuple[int, int]]:
    """(cells, budget) of the lines wanted for a deal."""
    rating = load_table()[number]
    jobs = [(4, SHORT_BUDGET)]
    if rating.cells is not None and rating.cells < 4:
        jobs.append((rating.cells, CELLS_BUDGET))
    return jobs


def make_freecell(number: int, cells: int, budget: int) -> LineRow | None:
    result = solve_freecell(freecell_deal(number), free_cells=cells, budget=budget, improve=cells == 4)
    if result.verdict is not Verdict.SOLVED:
        return None
    row = LineRow("freecell", number, cells, tuple(str(m) for m in result.moves))
    steps = replay_freecell(number, row.moves)
    if max(s.cells for s in steps) > cells:
        raise ProofError(f"deal {number}: the {cells}-cell line has more cards in the cells")
    return row


def make_spider(number: int, suits: int) -> LineRow | None:
    result = solve_spider(spider_deal(number, suits), budget=SPIDER_BUDGET)
    if result.verdict is not Verdict.SOLVED:
        return None
    row = LineRow("spider", number, suits, tuple(str(m) for m in result.moves))
    replay_spider(number, suits, row.moves)
    return row


def check(path: Path) -> int:
    """Replay every row; print how many and the median line lengths (exit 1 if one fails)."""
    rows = read(path)
    failed = 0
    lengths: dict[str, list[int]] = {}
    for (game, number, variant), row in sorted(rows.items()):
        try:
            steps = (replay_freecell(number, row.moves) if game == "freecell"
                     else replay_spider(number, variant, row.moves))
        except ProofError as exc:
            print(f"FAILED: {exc}")
            failed += 1
            continue
        lengths.setdefault(f"{game} {variant}", []).append(steps[-1].moves)
    for key, values in sorted(lengths.items()):
        print(f"{key}: {len(values)} lines, median {statistics.median(values):g} player moves")
    return 1 if failed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--freecell", type=int, default=160, help="FreeCell deals in the pool")
    parser.add_argument("--spider", type=int, default=50, help="Spider games per suit count")
    parser.add_argument("--check", action="store_true", help="replay every row and print figures")
    args = parser.parse_args()
    if args.check:
        return check(TABLE)
    rows = read(TABLE)
    jobs: list[tuple[str, int, int, int]] = []
    for n in freecell_deals(args.freecell):
        jobs += [("freecell", n, cells, budget) for cells, budget in freecell_jobs(n)]
    for suits in (1, 2, 4):
        jobs += [("spider", g, suits, SPIDER_BUDGET) for g in spider_games(suits, args.spider)]
    todo = [j for j in jobs if j[:3] not in rows]
    print(f"{len(rows)} rows so far; {len(todo)} lines to find", file=sys.stderr)
    start, missed = time.time(), 0
    try:
        for i, (game, number, variant, budget) in enumerate(todo, 1):
            row = make_freecell(number, variant, budget) if game == "freecell" else make_spider(number, variant)
            if row is None:
                missed += 1
            else:
                rows[(game, number, variant)] = row
            if i % 10 == 0:
                write(TABLE, rows)
                print(f"{i}/{len(todo)} in {time.time() - start:.0f} s ({missed} not found)", file=sys.stderr)
    except KeyboardInterrupt:
        pass
    write(TABLE, rows)
    print(f"{len(rows)} rows; {missed} lines not found within the budget", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
