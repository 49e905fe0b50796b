"""Build assets/spider-winnable.tsv: Spider games proven winnable, per suit count.

    python tools/build_spider_winnable.py                      # resume; 1,000 per suit count
    python tools/build_spider_winnable.py --target 1500 --jobs 2 --suits 1 2 4
    python tools/build_spider_winnable.py --budget 1000000     # states per game (default)

Games are searched in order from 1 with the full-knowledge solver
(``game.spider.solver.solve``, which replays every line it returns through
the rules engine); a solved game becomes a row ``game<TAB>suits<TAB>moves``.
A game the search leaves unknown (budget reached) or proves unsolvable is
simply not listed: the list claims only what was proven.

The file is the tool's memory. Its ``# tried`` comment says, per suit count,
up to which game every game has been searched; a new run starts after it.
The file is rewritten (atomically, through a temporary file) every few games
and when the run stops, also on Ctrl+C or SIGTERM, so nothing finished is
lost. Progress lines give the count so far and an ETA per suit count.
Budgets are in states, not seconds, so the list does not depend on how fast
or busy the machine was.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.spider import deal  # noqa: E402
from game.spider.solver import solve  # noqa: E402
from game.spider.winnable import FILE_NAME, SUIT_COUNTS, WinnableRows, format_rows, parse_rows  # noqa: E402
from game.verdict import Verdict  # noqa: E402

TABLE = ROOT / "assets" / FILE_NAME


def search(job: tuple[int, int, int]) -> tuple[int, int, str, int, float]:
    """(game, suits, verdict, moves, CPU seconds) for one game."""
    game, suits, budget = job
    cpu = time.process_time()
    r = solve(deal(game, suits), budget=budget)
    return game, suits, r.verdict.value, r.length if r.verdict is Verdict.SOLVED else 0, time.process_time() - cpu


def read(path: Path) -> WinnableRows:
    try:
        return parse_rows(path.read_text(encoding="utf-8"))
    except OSError:
        return WinnableRows()


def write(path: Path, rows: WinnableRows) -> None:
    tmp = path.with_suffix(".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(format_rows(rows))
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def _fmt(seconds: float) -> str:
    seconds = int(seconds)
    if seconds >= 3600:
        return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"
    return f"{seconds // 60}m{seconds % 60:02d}s"


class Frontier:
    """Per suit count: the next game to hand out and the contiguous run searched so far."""

    def __init__(self, tried: int) -> None:
        self.next = tried + 1
        self.tried = tried
        self.finished: set[int] = set()

    def done(self, game: int) -> None:
        self.finished.add(game)
        while self.tried + 1 in self.finished:
            self.tried += 1
            self.finished.discard(self.tried)


def build(path: Path, suit_counts: list[int], target: int, jobs: int, budget: int) -> None:
    rows = read(path)
    fronts = {s: Frontier(rows.tried.get(s, 0)) for s in suit_counts}
    need = {s: max(0, target - len(rows.games(s))) for s in suit_counts}
    print("proven so far: " + ", ".join(f"{s} suit{'s' * (s > 1)} {len(rows.games(s)):,}" for s in suit_counts)
          + f"; target {target:,} each, {jobs} processes, budget {budget:,} states per game", file=sys.stderr)
    if not any(need.values()):
        return
    start = time.time()
    found = dict.fromkeys(suit_counts, 0)
    searched = dict.fromkeys(suit_counts, 0)
    cpu = dict.fromkeys(suit_counts, 0.0)
    pending: dict[Future, tuple[int, int]] = {}
    since_write = 0

    def in_flight(s: int) -> int:
        return sum(1 for (_, suits) in pending.values() if suits == s)

    def wanted(s: int) -> bool:
        # Keep handing out games until the target is met with what is in flight.
        return found[s] + in_flight(s) < need[s]

    def eta() -> str:
        parts = []
        for s in suit_counts:
            left = need[s] - found[s]
            if left <= 0:
                parts.append(f"{s}: done")
                continue
            rate = found[s] / cpu[s] if cpu[s] else 0.0  # proven games per CPU second
            share = jobs / max(1, sum(1 for x in suit_counts if need[x] > found[x]))
            parts.append(f"{s}: {_fmt(left / rate / share) if rate else '?'}")
        return "ETA " + ", ".join(parts)

    pool = ProcessPoolExecutor(jobs, initializer=_worker_signals)
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        try:
            while True:
                while len(pending) < 2 * jobs and any(wanted(s) for s in suit_counts):
                    # The suit count furthest from its target goes next, so
                    # all of them reach it at about the same time.
                    s = min((x for x in suit_counts if wanted(x)), key=lambda x: found[x] + in_flight(x) - need[x])
                    game = fronts[s].next
                    fronts[s].next += 1
                    pending[pool.submit(search, (game, s, budget))] = (game, s)
                if not pending:
                    break
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for fut in finished:
                    pending.pop(fut)
                    game, suits, verdict, moves, secs = fut.result()
                    searched[suits] += 1
                    cpu[suits] += secs
                    if verdict == Verdict.SOLVED.value:
                        rows.add(game, suits, moves)
                        found[suits] += 1
                    fronts[suits].done(game)
                    rows.tried[suits] = fronts[suits].tried
                    since_write += 1
                    print(f"game {game} ({suits} suit{'s' * (suits > 1)}): {verdict}"
                          f"{f' in {moves} moves' if moves else ''} ({secs:.1f}s); "
                          f"{len(rows.games(suits)):,} proven; {eta()}", file=sys.stderr, flush=True)
                if since_write >= 10:
                    write(path, rows)
                    since_write = 0
        finally:
            write(path, rows)
            # shutdown() alone would let the searches in flight run on.
            workers = list((getattr(pool, "_processes", None) or {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for proc in workers:
                proc.terminate()
    except KeyboardInterrupt:
        print("stopped; the list keeps every game finished. Run again to resume.", file=sys.stderr)
        return
    for s in suit_counts:
        rate = searched[s] and found[s] / searched[s]
        print(f"{s} suit{'s' * (s > 1)}: {len(rows.games(s)):,} proven ({found[s]} new of {searched[s]} searched, "
              f"{rate:.0%}), mean CPU {cpu[s] / max(1, searched[s]):.2f}s a game", file=sys.stderr)
    print(f"done in {_fmt(time.time() - start)}", file=sys.stderr)


def _worker_signals() -> None:
    # The build stops its workers itself: Ctrl+C in the terminal and its own
    # terminate() must end a search quietly, not raise inside it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suits", type=int, nargs="+", default=list(SUIT_COUNTS), choices=SUIT_COUNTS)
    ap.add_argument("--target", type=int, default=1000, help="proven games wanted per suit count")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--budget", type=int, default=1_000_000, help="states per game")
    ap.add_argument("--out", type=Path, default=TABLE, help="the list to extend (default: the shipped one)")
    args = ap.parse_args(argv)
    if args.target < 0 or args.jobs < 1 or args.budget < 1:
        ap.error("--target must be >= 0, --jobs and --budget >= 1")
    build(args.out, args.suits, args.target, args.jobs, args.budget)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
