"""Benchmark the FreeCell solver over a deal range, beside fc-solve when present.

    python tools/bench_solver.py --first 1 --last 1000
    python tools/bench_solver.py --first 1 --last 100 --anytime 2

For each deal, from the start position with four free cells, one core:
verdict, seconds to the first solution, states, and the solution length in
both countings (the game's: player moves with safe auto-foundation free;
fc-solve's: every card movement). With ``--anytime S`` it also runs the
anytime search for S seconds per deal and reports those lengths.

When ``fc-solve`` (Debian's freecell-solver-bin) is on PATH, the same deals
go through ``fc-solve -l lg`` (speed) and ``fc-solve -l video-editing``
(short solutions) and the ratios are printed; without it the benchmark says
so and runs alone. fc-solve's times include starting its process.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.freecell import deal  # noqa: E402
from game.freecell.solver import Verdict, solve  # noqa: E402


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))] if s else float("nan")


def fc_solve(number: int, preset: str) -> tuple[float, int | None]:
    board = deal(number).board()
    start = time.perf_counter()
    out = subprocess.run(["fc-solve", "-l", preset, "-m", "-snx", "-"], input=board,
                         capture_output=True, text=True, timeout=600)
    secs = time.perf_counter() - start
    moves = [t for line in out.stdout.splitlines() if line[:1] in "12345678abcd"
             for t in line.split()]
    return secs, (len(moves) if "solveable" in out.stdout.lower() and moves else None)


def cancel_latency(trials: int = 7) -> list[float]:
    """Seconds from setting a cancel flag to solve() returning (another thread sets it)."""
    import threading

    out = []
    for _ in range(trials):
        flag = threading.Event()
        when = [0.0]

        def stop() -> None:
            time.sleep(0.3)
            when[0] = time.perf_counter()
            flag.set()

        t = threading.Thread(target=stop)
        t.start()
        solve(deal(11982), budget=10**9, cancel=flag.is_set)
        out.append(time.perf_counter() - when[0])
        t.join()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description="FreeCell solver benchmark")
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--last", type=int, default=1000)
    ap.add_argument("--budget", type=int, default=2_000_000)
    ap.add_argument("--anytime", type=float, default=0.0, help="seconds of anytime search per deal")
    ap.add_argument("--no-fc-solve", action="store_true")
    args = ap.parse_args()
    deals = range(args.first, args.last + 1)

    verdicts: dict[str, int] = {"solved": 0, "unsolvable": 0, "unknown": 0}
    times: list[float] = []
    states = 0
    total_secs = 0.0
    card_len: list[int] = []
    game_len: list[int] = []
    slow: list[tuple[float, int]] = []
    for n in deals:
        r = solve(deal(n), budget=args.budget)
        verdicts[r.verdict.value] += 1
        states += r.states
        total_secs += r.seconds
        if r.verdict is Verdict.SOLVED:
            times.append(r.seconds)
            card_len.append(r.card_moves)
            game_len.append(r.game_moves)
        else:
            print(f"deal {n}: {r.verdict.value} after {r.states:,} states, {r.seconds:.2f} s", flush=True)
        slow.append((r.seconds, n))
    print(f"\nour solver, deals {args.first}..{args.last}, 4 free cells, first solution, one core")
    print(f"  solved {verdicts['solved']}, unsolvable {verdicts['unsolvable']}, unknown {verdicts['unknown']}")
    print(f"  seconds per solved deal: median {statistics.median(times):.4f}, p90 {pct(times, .9):.3f}, "
          f"p99 {pct(times, .99):.3f}, max {max(times):.3f}")
    print(f"  slowest: {', '.join(f'{n} ({s:.2f} s)' for s, n in sorted(slow)[-5:][::-1])}")
    print(f"  states per second: {states / total_secs:,.0f}")
    print(f"  length, fc-solve counting: median {statistics.median(card_len):.0f}, p90 {pct(card_len, .9):.0f}")
    print(f"  length, game counting:     median {statistics.median(game_len):.0f}, p90 {pct(game_len, .9):.0f}")

    lat = cancel_latency()
    print(f"  cancel latency: median {statistics.median(lat) * 1000:.1f} ms, max {max(lat) * 1000:.1f} ms")

    any_card: list[int] = []
    any_game: list[int] = []
    if args.anytime > 0:
        for n in deals:
            r = solve(deal(n), budget=args.budget, improve=True, improve_seconds=args.anytime)
            if r.verdict is Verdict.SOLVED:
                any_card.append(r.card_moves)
                any_game.append(r.game_moves)
        print(f"  with {args.anytime:g} s anytime search: length median {statistics.median(any_card):.0f} "
              f"(fc-solve counting), {statistics.median(any_game):.0f} (game counting); "
              f"p90 {pct(any_card, .9):.0f}")

    if args.no_fc_solve:
        return
    if shutil.which("fc-solve") is None:
        print("\nfc-solve is not installed (Debian package freecell-solver-bin): no side-by-side figures")
        return
    for preset in ("lg", "video-editing"):
        f_times: list[float] = []
        f_len: list[int] = []
        for n in deals:
            secs, length = fc_solve(n, preset)
            f_times.append(secs)
            if length is not None:
                f_len.append(length)
        print(f"\nfc-solve -l {preset}: solved {len(f_len)} of {len(deals)}")
        print(f"  seconds per deal (with process start): median {statistics.median(f_times):.4f}, "
              f"p90 {pct(f_times, .9):.3f}, p99 {pct(f_times, .99):.3f}, max {max(f_times):.3f}")
        print(f"  length (card movements): median {statistics.median(f_len):.0f}, p90 {pct(f_len, .9):.0f}")
        print(f"  ratio ours/fc-solve: median time {statistics.median(times) / statistics.median(f_times):.2f}, "
              f"median length {statistics.median(card_len) / statistics.median(f_len):.2f}"
              + (f", anytime length {statistics.median(any_card) / statistics.median(f_len):.2f}" if any_card else ""))


if __name__ == "__main__":
    main()
