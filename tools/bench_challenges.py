"""Benchmark making a day's challenges: seconds per date, from a cold cache.

    python tools/bench_challenges.py [--dates 50]

Each date of a sample spread over 2020..2099 is made with every cache of
``game.challenges.days`` emptied first except the parsed lines file (read
once at start, as the game does), so every figure includes the proof
replays and the goal judging a player's first look at the day costs. The
goal (issue 29) is a few seconds at most on the 2-core development
machine; prints the median and the slowest, and the time to read the lines
file once. Exit code 1 if the slowest day takes over 3 s.
"""

from __future__ import annotations

import argparse
import datetime
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.challenges import days
from game.challenges.lines import load_lines
from game.freecell.difficulty import load_table

LIMIT_SECONDS = 3.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dates", type=int, default=50)
    args = parser.parse_args()
    start = time.perf_counter()
    rows = load_lines()
    load_table()
    days._pool()
    read = time.perf_counter() - start
    span = (days.LAST_DATE - days.FIRST_DATE).days
    times = []
    for i in range(args.dates):
        date = days.FIRST_DATE + datetime.timedelta(days=span * i // max(1, args.dates - 1))
        days.challenges_for.cache_clear()
        t = time.perf_counter()
        made = days.challenges_for(date)
        times.append(time.perf_counter() - t)
        if len(made) != 6:
            print(f"{date}: only {len(made)} challenges", file=sys.stderr)
    print(f"lines file: {len(rows)} rows read in {read:.2f} s (with the difficulty table)")
    print(f"a day's challenges over {len(times)} dates: median {statistics.median(times) * 1000:.0f} ms, "
          f"slowest {max(times) * 1000:.0f} ms")
    return 0 if max(times) <= LIMIT_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
