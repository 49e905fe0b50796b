"""Benchmark and verify the full-knowledge Spider solver over a range of games.

    python tools/bench_spider_solver.py [--suits 1 2 4] [--first 1] [--last 100]
                                        [--budget 1000000] [--seconds 60] [--jobs 1]

For each suit count: how many games are solved / proven unsolvable / left
unknown within the budget (positions expanded per game) and the time limit
(``--seconds``, wall clock, off by default), the median, p90 and slowest CPU
seconds per game (the solving process's own time, so a busy shared machine
does not inflate them), and the median and longest solution length (moves
and deals). Every solution is replayed by the rules engine inside
``solve()``. The default budget is that of ``solitaire solve spider``
(1,000,000 states).

Issue 5 asks that 1-suit games 1..12 are all solved: when the range covers
them at 1 suit and one is not, the exit code is 1 (so this doubles as the
deal verifier). Seconds are CPU time per game in its worker process and
depend on the machine; quote medians.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.spider import deal
from game.spider.solver import solve

#: 1-suit games that must be solved (issue 5: the first games a new player sees).
MUST_SOLVE = range(1, 13)


def one(job: tuple[int, int, int, float | None]) -> tuple[int, int, str, float, int, int]:
    number, suits, budget, seconds = job
    cpu = time.process_time()
    r = solve(deal(number, suits), budget=budget, time_limit=seconds)
    return number, suits, r.verdict.value, time.process_time() - cpu, r.length, r.states


def p90(values: list[float]) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(0.9 * len(s)))] if s else 0.0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suits", type=int, nargs="+", default=[1, 2, 4], choices=[1, 2, 4])
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--last", type=int, default=100)
    ap.add_argument("--budget", type=int, default=1_000_000, help="positions expanded per game")
    ap.add_argument("--seconds", type=float, default=0.0,
                    help="wall-clock limit per game (default 0: none, the budget alone stops a search)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--verbose", action="store_true", help="one line per game")
    args = ap.parse_args(argv)
    failed_must = []
    limit = args.seconds if args.seconds > 0 else None
    print(f"games {args.first}..{args.last}, budget {args.budget:,} positions and "
          f"{f'{limit:g} s' if limit else 'no time limit'} per game, {args.jobs} job(s)")
    print(f"{'suits':>5} {'solved':>7} {'unsolv.':>7} {'unknown':>7} {'med s':>7} {'p90 s':>7} "
          f"{'max s':>7} {'med len':>7} {'max len':>7} {'med states':>10}")
    for suits in args.suits:
        jobs = [(n, suits, args.budget, limit) for n in range(args.first, args.last + 1)]
        pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
        results = pool.map(one, jobs) if pool is not None else map(one, jobs)
        counts = {"solved": 0, "unsolvable": 0, "unknown": 0}
        rows = []
        for row in results:  # in game order, each printed (--verbose) as it comes
            rows.append(row)
            number, _s, verdict, seconds, length, states = row
            counts[verdict] += 1
            if args.verbose:
                print(f"  game {number} ({suits} suits): {verdict}, {seconds:.2f} s, {length} moves, "
                      f"{states:,} states", flush=True)
            if suits == 1 and number in MUST_SOLVE and verdict != "solved":
                failed_must.append(number)
        if pool is not None:
            pool.shutdown()
        secs = [r[3] for r in rows]
        lengths = [r[4] for r in rows if r[2] == "solved"]
        print(f"{suits:>5} {counts['solved']:>7} {counts['unsolvable']:>7} {counts['unknown']:>7} "
              f"{statistics.median(secs):>7.2f} {p90(secs):>7.2f} {max(secs):>7.2f} "
              f"{(statistics.median(lengths) if lengths else 0):>7.0f} {max(lengths, default=0):>7} "
              f"{statistics.median(r[5] for r in rows):>10,.0f}", flush=True)
    if failed_must:
        print(f"FAILED: 1-suit games {failed_must} must be solved", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
