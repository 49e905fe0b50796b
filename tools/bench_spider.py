"""Benchmark the Spider rules engine: move generation and push+pop, per second.

    python tools/bench_spider.py [--games 20] [--repeat 7] [--seconds 0.3]

Positions come from real games: games 1..N at 1, 2 and 4 suits, each played
a seeded random number of random legal moves (deals included) from the deal,
plus every fifth position along the stored winning line of 1-suit game 1
(tests/data/spider_game1_1suit.moves), whose later positions have empty
columns and long runs, the crowded move lists a solver meets. Each figure is
the median of ``--repeat`` timed rounds:

- legal_moves() generations per second, over every sampled position;
- push(m) + pop() pairs per second, over every legal move of every position
  (deals included: the heaviest push).

A full-knowledge solver leans on both, so the target is 50,000/s each on
one core (issue 3). The exit code is 1 if either median misses it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.spider import Move, Position, deal

TARGET = 50_000


def sample_positions(games: int, seed: int = 1) -> list[Position]:
    rng = random.Random(seed)
    positions = []
    for number in range(1, games + 1):
        for suits in (1, 2, 4):
            pos = deal(number, suits)
            for _ in range(rng.randrange(0, 120)):
                moves = pos.legal_moves()
                if not moves:
                    break
                pos.push(rng.choice(moves))
            positions.append(pos.copy(stack=False))
    line = Path(__file__).resolve().parents[1] / "tests" / "data" / "spider_game1_1suit.moves"
    if line.exists():
        pos = deal(1, 1)
        for i, text in enumerate(t for t in line.read_text().splitlines() if t and t[0] != "#"):
            if i % 5 == 0:
                positions.append(pos.copy(stack=False))
            pos.push(Move.parse(text))
    return positions


def rate(work: Callable[[], None], units: int, seconds: float, repeat: int) -> float:
    """Median units per second over ``repeat`` rounds of at least ``seconds`` each."""
    rates = []
    for _ in range(repeat):
        done = 0
        start = time.perf_counter()
        while True:
            work()
            done += units
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                break
        rates.append(done / elapsed)
    return statistics.median(rates)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=0.3)
    args = parser.parse_args(argv)

    positions = sample_positions(args.games)
    pairs: list[tuple[Position, list[Move]]] = [(p, p.legal_moves()) for p in positions]
    n_moves = sum(len(ms) for _, ms in pairs)

    def generate() -> None:
        for p in positions:
            p.legal_moves()

    def push_pop() -> None:
        for p, ms in pairs:
            push = p.push
            pop = p.pop
            for m in ms:
                push(m)
                pop()

    gen = rate(generate, len(positions), args.seconds, args.repeat)
    pp = rate(push_pop, n_moves, args.seconds, args.repeat)
    print(f"positions: {len(positions)} from games 1..{args.games} x 1/2/4 suits and a winning line, "
          f"{n_moves / len(positions):.1f} legal moves each on average")
    print(f"legal_moves generations: {gen:12,.0f} /s (median of {args.repeat})")
    print(f"push+pop pairs:          {pp:12,.0f} /s (median of {args.repeat})")
    ok = gen >= TARGET and pp >= TARGET
    print(f"target {TARGET:,}/s each: {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
