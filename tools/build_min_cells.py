"""Build assets/freecell-min-cells.tsv: the exact difficulty of deals 1..32,000.

    python tools/build_min_cells.py                    # resume where the file stops
    python tools/build_min_cells.py --jobs 2 --budget 200000 --first 1 --last 32000
    python tools/build_min_cells.py --unsolvable       # prove the eight known-unsolvable deals
    python tools/build_min_cells.py --upper --jobs 1   # re-rate only the "upper" rows
    python tools/build_min_cells.py --upper --from 5000  # ... resuming after deal 4999
    python tools/build_min_cells.py --upper --cells 2 --budget 1000000  # the upper 2s, deeper
    python tools/build_min_cells.py --upper --cells 2 --deep --budget 3000000  # proofs only, fastest
    python tools/build_min_cells.py --upper --deals 5597,5901 --budget 2000000  # just these rows

Difficulty is Keller's measure: the fewest free cells (0..4) with which the
deal can be won. For each deal the tool searches with 0, 1, 2, ... cells in
turn. A proven *unsolvable* verdict (search exhausted) with k cells and a
winning line (replayed through the rules engine) with k + 1 cells make the
line ``deal<TAB>k+1<TAB>exact``. When the search with one cell fewer than
the first solved count reaches the state budget without a verdict, the row
is ``deal<TAB>cells<TAB>upper``: winnable with that many, fewer not ruled out.
A deal with no win even with four cells is ``deal<TAB>-<TAB>exact``.

The file is the tool's memory: it is rewritten sorted (atomically, through a
temporary file) every few dozen deals and at the end, and a new run skips
the deals already in it, except any still "unknown" (no verdict even with
four cells), which it tries again: give those a larger ``--budget``.
Budgets are in states, not seconds, so a result does not depend on how fast
or busy the machine was.

``--upper`` re-rates only the ``upper`` rows with the current search, top
down (see :func:`rerate`): a row only ever gets a lower number backed by a
replayed line, or turns ``exact`` with a proof; otherwise it stays as it was.
It writes the table every few rows and prints the deal to resume from.
With ``--deep`` each search is the complete search alone, depth first
(``solve(deep=True)``): the same positions at about 1.6 times the speed and
no budget spent on beams, so a proof comes soonest; it rarely finds a line
with fewer cells, so use it on rows a beam pass has already been over.
"""

from __future__ import annotations

import argparse
import fcntl
import multiprocessing as mp
import os
import signal
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.freecell import KNOWN_UNSOLVABLE, deal  # noqa: E402
from game.freecell.solver import Verdict, solve  # noqa: E402

TABLE = ROOT / "assets" / "freecell-min-cells.tsv"


def rate(number: int, budget: int) -> tuple[int, str, str, int, float]:
    """(deal, cells, exactness, states, seconds) for one deal.

    A win with k - 1 cells is a win with k (the spare cell is never used), so
    a search exhausted with k - 1 cells rules out every smaller count too:
    ``exact`` needs only that one search, whatever became of those below it.
    """
    start = time.perf_counter()
    states = 0
    below = Verdict.UNSOLVABLE  # no win with -1 cells
    for cells in range(5):
        # With four cells the question is only "is there a win": give it room.
        r = solve(deal(number), free_cells=cells, budget=budget * (10 if cells == 4 else 1), prove=True)
        states += r.states
        if r.verdict is Verdict.SOLVED:
            kind = "exact" if below is Verdict.UNSOLVABLE else "upper"
            return number, str(cells), kind, states, time.perf_counter() - start
        below = r.verdict
    if below is Verdict.UNKNOWN:
        # Not even four cells gave a verdict: nothing proven, say so plainly.
        return number, "?", "unknown", states, time.perf_counter() - start
    return number, "-", "exact", states, time.perf_counter() - start


def rerate(number: int, cells: int, budget: int, deep: bool = False) -> tuple[int, str, str, int, float]:
    """(deal, cells, exactness, states, seconds) for an ``upper`` row.

    The row says: a win with ``cells`` exists, fewer not ruled out. Going
    down from ``cells - 1``, each win found (replayed by the solver) lowers
    the number; the first count without a win decides: a proof (search
    exhausted) makes the row ``exact`` one above it, since a win with fewer
    cells would be a win with that count too; a budget stop leaves it
    ``upper``. For an ``exact`` row with the old number the old win is found
    again, so every number written rests on a line found in this run or the
    build's.
    """
    start = time.perf_counter()
    states = 0
    best = cells
    for c in range(cells - 1, -1, -1):
        r = solve(deal(number), free_cells=c, budget=budget, prove=not deep, deep=deep)
        states += r.states
        if r.verdict is Verdict.SOLVED:
            best = c
            continue
        if r.verdict is Verdict.UNSOLVABLE:
            if best == cells:
                again = solve(deal(number), free_cells=cells, budget=budget * 10)
                states += again.states
                if again.verdict is not Verdict.SOLVED:
                    return number, str(cells), "upper", states, time.perf_counter() - start
            return number, str(best), "exact", states, time.perf_counter() - start
        return number, str(best), "upper", states, time.perf_counter() - start
    # Solved with no free cell at all: nothing lies below zero.
    return number, "0", "exact", states, time.perf_counter() - start


def _rework(args: tuple[int, int, int, bool]) -> tuple[int, str, str, int, float]:
    return rerate(*args)


def build_upper(first: int, last: int, jobs: int, budget: int, cells: int | None = None,
                deep: bool = False, deals: set[int] | None = None) -> None:
    """Re-rate the ``upper`` rows from ``first`` to ``last`` (resumable with
    ``--from``); ``cells``: only the rows with that number; ``deals``: only
    those rows (say, the ones another solver wins with fewer cells)."""
    done = read_table(TABLE)
    todo = [(n, int(done[n][0]), budget, deep) for n in sorted(done)
            if first <= n <= last and done[n][1] == "upper" and done[n][0].isdigit()
            and (cells is None or int(done[n][0]) == cells) and (deals is None or n in deals)]
    print(f"{len(todo)} upper rows in {first}..{last}, {jobs} processes, "
          f"budget {budget:,} states per search{' (depth-first, no beams)' if deep else ''}", file=sys.stderr)
    if not todo:
        return
    start = time.time()
    changed: dict[int, tuple[str, str]] = {}
    finished = exact = lower = 0
    pending = sorted(n for n, _, _, _ in todo)
    # One job runs in this process: Ctrl+C (or SIGTERM) then stops it at
    # once, and the table, written after every row, loses nothing.
    pool = mp.Pool(jobs) if jobs > 1 else None
    results = pool.imap_unordered(_rework, todo) if pool else map(_rework, todo)
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        try:
            for number, found, kind, states, secs in results:
                old = done[number]
                if int(found) < int(old[0]) or kind == "exact":
                    done[number] = changed[number] = (found, kind)
                exact += kind == "exact"
                lower += int(found) < int(old[0])
                finished += 1
                pending.remove(number)
                if pool is None or finished % 5 == 0 or finished == len(todo):
                    done = merge_table(TABLE, changed)
                elapsed = time.time() - start
                eta = (len(todo) - finished) * elapsed / finished
                resume = pending[0] if pending else last + 1
                print(f"{finished}/{len(todo)} deal {number}: {old[0]} upper -> {found} {kind} "
                      f"({states:,} states, {secs:.1f}s); {exact} exact, {lower} lower so far; "
                      f"ETA {_fmt(eta)}; resume with --upper --from {resume}", file=sys.stderr, flush=True)
        finally:
            merge_table(TABLE, changed)
            if pool is not None:
                pool.terminate()
    except KeyboardInterrupt:
        resume = pending[0] if pending else last + 1
        print(f"stopped: {finished} rows re-rated, {exact} exact, {lower} lowered; "
              f"resume with --upper --from {resume}", file=sys.stderr)
        return
    print(f"done in {_fmt(time.time() - start)}: {exact} rows exact, {lower} lowered", file=sys.stderr)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def read_table(path: Path) -> dict[int, tuple[str, str]]:
    """Deals already rated; a damaged or partial line is ignored (it is redone)."""
    done: dict[int, tuple[str, str]] = {}
    if not path.exists():
        return done
    for line in path.read_text().splitlines():
        parts = line.split("\t")
        if len(parts) == 3 and parts[0].isdigit() and parts[2] in ("exact", "upper", "unknown"):
            done[int(parts[0])] = (parts[1], parts[2])
    return done


def merge_table(path: Path, changed: dict[int, tuple[str, str]]) -> dict[int, tuple[str, str]]:
    """Write ``changed`` rows into the table on disk, keeping every other row
    as the file has it now; returns the merged table.

    Under a lock: two re-rating runs (say ``--cells 2`` and ``--cells 3``)
    can share the file without one writing back the other's old rows.
    """
    with open(path.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = read_table(path)
        done.update(changed)
        write_table(path, done)
    return done


def write_table(path: Path, done: dict[int, tuple[str, str]]) -> None:
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    with open(tmp, "w") as f:
        for n in sorted(done):
            cells, kind = done[n]
            f.write(f"{n}\t{cells}\t{kind}\n")
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def _work(args: tuple[int, int]) -> tuple[int, str, str, int, float]:
    return rate(*args)


def _fmt(seconds: float) -> str:
    seconds = int(seconds)
    if seconds >= 3600:
        return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"
    return f"{seconds // 60}m{seconds % 60:02d}s"


def build(first: int, last: int, jobs: int, budget: int) -> None:
    done = read_table(TABLE)
    # An "unknown" row rates nothing: it is tried again (give a larger --budget).
    todo = [n for n in range(first, last + 1) if done.get(n, ("?", "unknown"))[1] == "unknown"]
    total = last - first + 1
    print(f"{total - len(todo)} of {total} deals already rated; {len(todo)} to go, "
          f"{jobs} processes, budget {budget:,} states per search", file=sys.stderr)
    if not todo:
        return
    start = time.time()
    finished = 0
    with mp.Pool(jobs) as pool:
        try:
            for number, cells, kind, states, secs in pool.imap_unordered(_work, [(n, budget) for n in todo]):
                done[number] = (cells, kind)
                finished += 1
                if finished % 25 == 0 or finished == len(todo):
                    write_table(TABLE, done)
                elapsed = time.time() - start
                rate_ = finished / elapsed
                eta = (len(todo) - finished) / rate_ if rate_ else 0
                bar = int(30 * (total - len(todo) + finished) / total)
                print(f"\r[{'#' * bar}{'.' * (30 - bar)}] {total - len(todo) + finished}/{total} "
                      f"deal {number}: {cells} {kind} ({states:,} states, {secs:.1f}s)  "
                      f"{rate_:.2f} deals/s  ETA {_fmt(eta)}   ", end="", file=sys.stderr, flush=True)
        finally:
            write_table(TABLE, done)
    print(f"\ndone in {_fmt(time.time() - start)}", file=sys.stderr)


def prove_unsolvable(budget: int) -> None:
    # positions: the distinct positions of the search that ran dry (the whole
    # reachable space, up to symmetry); expanded: all the portfolio's work.
    print("deal\tverdict\tpositions\texpanded\tseconds")
    for n in sorted(KNOWN_UNSOLVABLE):
        r = solve(deal(n), budget=budget, prove=True)
        print(f"{n}\t{r.verdict.value}\t{r.generated}\t{r.states}\t{r.seconds:.1f}", flush=True)


def _deal_list(text: str) -> set[int]:
    """``--deals 5597,5901``: a set of deal numbers (argparse says what is wrong)."""
    try:
        numbers = {int(t) for t in text.split(",") if t.strip()}
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of deal numbers: {text!r}") from None
    if not numbers or not all(1 <= n <= 32000 for n in numbers):
        raise argparse.ArgumentTypeError("deal numbers run from 1 to 32000")
    return numbers


def main() -> None:
    ap = argparse.ArgumentParser(description="Rate FreeCell deals by the fewest free cells that win them.")
    ap.add_argument("--first", "--from", type=int, default=1)
    ap.add_argument("--last", type=int, default=32000)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--budget", type=int, default=200_000, help="states per search (x10 with four cells)")
    ap.add_argument("--unsolvable", action="store_true", help="prove the eight known-unsolvable deals instead")
    ap.add_argument("--upper", action="store_true", help="re-rate only the rows marked upper")
    ap.add_argument("--cells", type=int, choices=range(1, 5), help="with --upper: only the rows with this number")
    ap.add_argument("--deals", type=_deal_list, help="with --upper: only these deals (comma-separated)")
    ap.add_argument("--deep", action="store_true",
                    help="with --upper: depth-first complete searches only (no beams), for rows the beams had a go at")
    args = ap.parse_args()
    if args.unsolvable:
        prove_unsolvable(max(args.budget, 50_000_000))
    elif args.upper:
        build_upper(args.first, args.last, args.jobs, args.budget, args.cells, args.deep, args.deals)
    else:
        build(args.first, args.last, args.jobs, args.budget)


if __name__ == "__main__":
    main()
