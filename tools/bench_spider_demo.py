"""Benchmark: how soon Spider's demo plays its first move, through the real solver worker.

    python tools/bench_spider_demo.py [--suits 1 2 4] [--games 40] [--seed 27]
                                      [--seconds 60] [--shorter] [--verbose]

For each suit count, a sample of random game numbers (seeded: the same
sample every run) is asked for a demo line exactly as the Demo button asks
(``SolverService("spider").ask_line`` from the deal's start, the worker's
quick search order and its limits). The time to the first move is the wall
clock from the ask to the answer, plus the playback's wait before its
first move (``game.playback.DEFAULT_SPEED``). Printed per suit count: the
median and 95th percentile of that time, the share of games within 5 s
(the goal: 95% at four suits on a 2-core machine), the slowest, the games
left without a line, the worker's CPU seconds (median; less inflated by a
busy machine than the wall clock) and the median line length. Every line
is replayed through the rules engine here as well.

The worker is started before the first game, as it is once a player has
used the demo; ``--cold`` prints the first start's cost too. With
``--shorter``, each game is also asked for a shorter ending from where the
demo would be after a few seconds, as the demo does while it plays: the
median number of moves it saves.

Figures are wall-clock: quote them with the machine and its load.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.play.demo import SHORTER_MARGIN, SHORTER_SECONDS
from game.playback import DEFAULT_SPEED
from game.solver import Answer, SolverService, Verdict
from game.solver.api import spider_line
from game.spider import deal
from game.spider.deals import FIRST_GAME, LAST_GAME

#: The goal: the first move within this many seconds.
GOAL_SECONDS = 5.0


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    s = sorted(values)
    return s[min(len(s) - 1, max(0, math.ceil(share * len(s)) - 1))] if s else 0.0


def cpu_seconds(pid: int | None) -> float | None:
    """A process's CPU seconds so far (Linux /proc; None elsewhere)."""
    if pid is None:
        return None
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def wait(service: SolverService, request: int, timeout: float) -> Answer | None:
    end = time.perf_counter() + timeout
    while time.perf_counter() < end:
        for event in service.poll(request):
            if isinstance(event, Answer):
                return event
        time.sleep(0.002)
    service.cancel(request)
    return None


def replays(position, line) -> bool:
    pos = position.copy()
    try:
        for move in line:
            pos.push(move)
    except ValueError:
        return False
    return pos.is_won()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suits", type=int, nargs="+", default=[1, 2, 4], choices=[1, 2, 4])
    ap.add_argument("--games", type=int, default=40, help="random games per suit count")
    ap.add_argument("--seed", type=int, default=27, help="the sample's seed")
    ap.add_argument("--seconds", type=float, default=60.0, help="give up on a game after this long")
    ap.add_argument("--cold", action="store_true", help="also time the worker's first start")
    ap.add_argument("--shorter", action="store_true", help="also ask for a shorter ending, as the demo does")
    ap.add_argument("--verbose", action="store_true", help="one line per game")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    rng = random.Random(args.seed)
    service = SolverService("spider")
    try:
        started = time.perf_counter()
        warm = service.ask_line(deal(1, 1), budget=1)  # starts the worker
        wait(service, warm, 60)
        if args.cold:
            print(f"worker start (spawn and imports): {time.perf_counter() - started:.2f} s")
        bad = 0
        for suits in args.suits:
            firsts: list[float] = []
            cpus: list[float] = []
            lengths: list[int] = []
            saved: list[int] = []
            missing = 0
            for _ in range(args.games):
                number = rng.randint(FIRST_GAME, LAST_GAME)
                pos = deal(number, suits)
                cpu = cpu_seconds(service.pid)
                t0 = time.perf_counter()
                answer = wait(service, service.ask_line(pos), args.seconds)
                first = time.perf_counter() - t0 + DEFAULT_SPEED
                after = cpu_seconds(service.pid)
                if cpu is not None and after is not None:
                    cpus.append(after - cpu)
                line = list(spider_line(answer.line)) if answer is not None and answer.verdict is Verdict.SOLVED else []
                if not line:
                    missing += 1
                    firsts.append(math.inf)
                elif not replays(pos, line):
                    bad += 1
                    print(f"game {number} at {suits} suits: the line did not replay", file=sys.stderr)
                    firsts.append(math.inf)
                else:
                    firsts.append(first)
                    lengths.append(len(line))
                note = ""
                if args.shorter and line:
                    at = math.ceil(SHORTER_SECONDS / DEFAULT_SPEED) + SHORTER_MARGIN
                    if len(line) - at >= 20:
                        later = pos.copy()
                        for move in line[:at]:
                            later.push(move)
                        short = wait(service, service.ask_shorter(later, len(line) - at), SHORTER_SECONDS + 30)
                        rest = list(short.line) if short is not None and short.verdict is Verdict.SOLVED else []
                        if rest and not replays(later, rest):
                            bad += 1
                            print(f"game {number} at {suits} suits: the shorter ending did not replay", file=sys.stderr)
                            rest = []
                        saved.append(len(line) - at - len(rest) if rest else 0)
                        note = f", {saved[-1]} moves saved"
                if args.verbose:
                    shown = "no line" if math.isinf(firsts[-1]) else f"{firsts[-1]:.2f} s, {len(line)} moves"
                    if cpus and cpu is not None:
                        shown += f" (worker CPU {cpus[-1]:.2f} s)"
                    print(f"  {suits} suits, game {number}: {shown}{note}", flush=True)
            done = [f for f in firsts if not math.isinf(f)]
            within = sum(1 for f in firsts if f <= GOAL_SECONDS)
            print(f"{suits} suit{'s' * (suits > 1)}: {len(firsts)} games, first move median "
                  f"{statistics.median(firsts):.2f} s, p95 {percentile(firsts, 0.95):.2f} s, "
                  f"slowest {max(done, default=math.inf):.2f} s; within {GOAL_SECONDS:g} s: "
                  f"{within}/{len(firsts)} ({100 * within / len(firsts):.0f}%); no line: {missing}"
                  + (f"; worker CPU median {statistics.median(cpus):.2f} s, p95 {percentile(cpus, 0.95):.2f} s"
                     if cpus else "")
                  + (f"; median line {statistics.median(lengths):.0f} moves" if lengths else "")
                  + (f"; shorter ending saves median {statistics.median(saved):.0f} moves" if saved else ""),
                  flush=True)
        return 1 if bad else 0
    finally:
        service.close()


if __name__ == "__main__":
    raise SystemExit(main())
