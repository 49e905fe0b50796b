"""The difficulty table beside fc-solve: a benchmark and a cross-check.

    python tools/check_min_cells.py --upper                   # every "upper" row
    python tools/check_min_cells.py --exact --sample 400      # 400 "exact" rows, spread evenly
    python tools/check_min_cells.py --upper --jobs 2 --max-iters 2000000
    python tools/check_min_cells.py --cli 1 --sample 400 --jobs 2  # the solve command with one cell

For a row ``deal  K  exact|upper`` the question put to ``fc-solve -l lg``
(Debian's freecell-solver-bin) is: can the deal be won with K - 1 free
cells? Its answer is trusted only when it is a win, and only after its
moves (``-m -snx``) have been replayed through our rules engine with K - 1
cells until every card is home; "could not solve" from ``lg`` is no proof
(its soft threads prune), so it is counted as "no win found".

* An ``exact`` row rests on our exhausted search with K - 1 cells: a
  replayed fc-solve win there would be a wrong row, a bug in the search. The
  tool prints every such row and exits with status 1.
* An ``upper`` row where fc-solve wins with K - 1 cells is a deal our table
  build (a budget of 1,000,000 positions, under 60 s on one core) did not
  solve with the fewest cells it can be won with. The tool counts them per
  K - 1 and prints, for each cell count, the share of the deals known to be
  winnable with that many cells (the table's rows at that count or below,
  plus these) that the build did solve with it: the figure the solver's
  "solves what is winnable with K cells" goal is judged by.

* ``--cli K`` measures ``solitaire solve freecell N --freecells K`` itself
  (its search and default budget) on the deals known
  to be winnable with K cells: a sample of those the table rates K or
  fewer, and every K + 1 upper row fc-solve wins with K (the hardest
  known). It prints both shares and the estimate for all of them.

fc-solve is a benchmark here, never a dependency: without it the tool says
so and stops. Nothing it says is written into the table.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.commands import FREECELL_BUDGET  # noqa: E402
from game.freecell import deal  # noqa: E402
from game.freecell.difficulty import load_table  # noqa: E402
from game.freecell.position import IllegalMoveError  # noqa: E402
from game.freecell.solver import solve  # noqa: E402


def fc_solve_win(number: int, cells: int, max_iters: int, seconds: float) -> tuple[int, str, float]:
    """(deal, "win" | "none" | "bad line", seconds): does ``fc-solve -l lg``
    win deal ``number`` with ``cells`` free cells, by a line our engine replays?"""
    start = time.perf_counter()
    pos = deal(number, free_cells=cells)
    try:
        out = subprocess.run(["fc-solve", "--freecells-num", str(cells), "-l", "lg", "-mi", str(max_iters),
                              "-m", "-snx", "-"], input=pos.board(), check=False, capture_output=True, text=True,
                             timeout=seconds)
    except subprocess.TimeoutExpired:
        return number, "none", time.perf_counter() - start
    if "This game is solveable" not in out.stdout:
        return number, "none", time.perf_counter() - start
    tokens = [t for line in out.stdout.splitlines() if line[:1] in "12345678abcd" and ":" not in line
              for t in line.split()]
    try:
        for t in tokens:
            pos.push(pos.parse_move(t), auto=False)
    except (IllegalMoveError, ValueError):
        return number, "bad line", time.perf_counter() - start
    won = all(f == 13 for f in pos.foundations)
    return number, "win" if won else "bad line", time.perf_counter() - start


def _check(args: tuple[int, int, int, float]) -> tuple[int, str, float]:
    return fc_solve_win(*args)


def _spread(items: list, sample: int) -> list:
    """``sample`` of ``items`` spread evenly over them (all of them for 0 or more than there are)."""
    if not 0 < sample < len(items):
        return items
    return [items[i * len(items) // sample] for i in range(sample)]


def _ours(args: tuple[int, int, int]) -> tuple[int, str, int, float]:
    """(deal, verdict, states, seconds) of ``solve freecell N --freecells K`` (the command's search)."""
    number, cells, budget = args
    start = time.perf_counter()
    result = solve(deal(number), free_cells=cells, budget=budget)
    return number, result.verdict.value, result.states, time.perf_counter() - start


def cli_share(cells: int, sample: int, jobs: int, max_iters: int, seconds: float, budget: int) -> int:
    """How many deals winnable with ``cells`` free cells the command solves.

    Known winnable: the table's rows rated ``cells`` or fewer, and the
    ``cells + 1`` upper rows fc-solve wins with ``cells``. Of the first,
    ``sample`` evenly spread; the second (the hardest known) all of them.
    """
    table = load_table()
    rated = [n for n, d in sorted(table.items()) if d.cells is not None and d.cells <= cells]
    above = [n for n, d in sorted(table.items()) if d.cells == cells + 1 and not d.exact]
    room = f"{cells} cell" + ("" if cells == 1 else "s")
    picked = _spread(rated, sample)
    print(f"{len(rated):,} deals rated {room} or fewer ({len(picked)} sampled); "
          f"{len(above)} upper rows at {cells + 1}: fc-solve -l lg tries them with {cells}", flush=True)
    with mp.Pool(jobs) as pool:
        witnessed = sorted(n for n, answer, _ in pool.imap_unordered(
            _check, [(n, cells, max_iters, seconds) for n in above]) if answer == "win")
        print(f"fc-solve wins {len(witnessed)} of them: {witnessed}", flush=True)
        runs: dict[str, list[tuple[int, str, int, float]]] = {"sample": [], "fc-solve only": []}
        for part, numbers in (("sample", picked), ("fc-solve only", witnessed)):
            for i, row in enumerate(pool.imap_unordered(_ours, [(n, cells, budget) for n in numbers]), 1):
                runs[part].append(row)
                if row[1] != "solved" or i % 50 == 0:
                    print(f"  {part} {i}/{len(numbers)}: deal {row[0]} {row[1]}, {row[2]:,} states, "
                          f"{row[3]:.1f} s", flush=True)
    print(f"\nsolve freecell N --freecells {cells} (budget {budget:,} states), one core each:")
    share = {}
    for part, rows in runs.items():
        won = sum(1 for r in rows if r[1] == "solved")
        share[part] = won / len(rows) if rows else 1.0
        secs = [r[3] for r in rows]
        missed = sorted(r[0] for r in rows if r[1] != "solved")
        if rows:
            print(f"  {part}: {won} of {len(rows)} solved; seconds median {statistics.median(secs):.2f}, "
                  f"p95 {sorted(secs)[int(0.95 * (len(secs) - 1))]:.1f}, max {max(secs):.1f}"
                  + (f"; not solved: {missed}" if missed else ""))
    known = len(rated) + len(witnessed)
    solved = share["sample"] * len(rated) + share["fc-solve only"] * len(witnessed)
    print(f"  estimated: {solved:,.0f} of the {known:,} deals known winnable with {room} "
          f"({100 * solved / known:.2f}%)")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description="The difficulty table beside fc-solve")
    kind = ap.add_mutually_exclusive_group(required=True)
    kind.add_argument("--upper", action="store_true",
                      help="the upper rows: how many does fc-solve win with fewer cells")
    kind.add_argument("--exact", action="store_true", help="exact rows: fc-solve must not win with fewer cells")
    kind.add_argument("--cli", type=int, metavar="K",
                      help="share of the deals winnable with K cells that the solve command solves")
    ap.add_argument("--sample", type=int, default=0, help="only N rows, spread evenly over the table")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--max-iters", type=int, default=1_000_000, help="fc-solve's iteration limit per deal")
    ap.add_argument("--seconds", type=float, default=60.0, help="wall-clock limit per fc-solve run")
    ap.add_argument("--budget", type=int, default=FREECELL_BUDGET,
                    help="with --cli: our search's states per deal (default: the command's)")
    args = ap.parse_args()
    if shutil.which("fc-solve") is None:
        print("fc-solve is not installed (Debian package freecell-solver-bin): nothing to compare with")
        return 2
    if args.cli is not None:
        if not 0 <= args.cli <= 3:
            ap.error("--cli takes 0..3")
        return cli_share(args.cli, args.sample, args.jobs, args.max_iters, args.seconds, args.budget)
    table = load_table()
    want = "upper" if args.upper else "exact"
    todo = [(n, d.cells) for n, d in sorted(table.items()) if d.exact == args.exact and d.cells]
    todo = _spread(todo, args.sample)
    print(f"{len(todo)} {want} rows; fc-solve -l lg with one cell fewer, up to {args.max_iters:,} iterations "
          f"or {args.seconds:g} s each, {args.jobs} at a time", flush=True)
    work = [(n, c - 1, args.max_iters, args.seconds) for n, c in todo]
    cells_of = dict(todo)
    wins: dict[int, list[int]] = {}
    bad: list[int] = []
    start = time.time()
    with mp.Pool(args.jobs) as pool:
        for i, (number, answer, secs) in enumerate(pool.imap_unordered(_check, work), 1):
            if answer == "win":
                wins.setdefault(cells_of[number] - 1, []).append(number)
            elif answer == "bad line":
                bad.append(number)
            if answer != "none" or i % 25 == 0 or i == len(work):
                print(f"{i}/{len(work)} deal {number} ({cells_of[number]} {want}): fc-solve with "
                      f"{cells_of[number] - 1} cells: {answer} ({secs:.1f}s); "
                      f"{sum(map(len, wins.values()))} wins so far, {time.time() - start:.0f}s", flush=True)
    if bad:
        print(f"fc-solve lines our engine refused (not counted): {sorted(bad)}")
    if args.exact:
        wrong = sorted(n for ns in wins.values() for n in ns)
        if wrong:
            print(f"WRONG ROWS: fc-solve wins these with one cell fewer than the table's exact number: {wrong}")
            return 1
        print(f"no wrong row: fc-solve won none of the {len(todo)} exact rows with one cell fewer")
        return 0
    print("\ndeals winnable with K cells that the table's build solved with K cells:")
    for k in range(4):
        rated = sum(1 for d in table.values() if d.cells is not None and d.cells <= k)
        missed = len(wins.get(k, []))
        known = rated + missed
        print(f"  K = {k}: {rated:,} solved, {missed} more won by fc-solve only "
              f"({100 * rated / known:.2f}% of {known:,})" + (f": {sorted(wins[k])}" if missed else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
