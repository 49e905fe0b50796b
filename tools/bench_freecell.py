"""Benchmark the FreeCell rules engine: move generation and push+pop speed.

    python tools/bench_freecell.py [--positions 200] [--repeat 7]

Positions come from real games: Microsoft deals 1..N played forward by a
seeded random walk that prefers constructive moves. Prints the median of
several repetitions (the machines are shared and noisy) for:

- legal-move generations per second (``Position.legal_moves``)
- push+pop pairs per second (every legal move of each position, with the
  legality check and the automatic foundation moves that ``push`` makes)
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.freecell import HOME, Position, deal


def sample_positions(count: int, seed: int = 1) -> list[Position]:
    rng = random.Random(seed)
    out: list[Position] = []
    number = 0
    while len(out) < count:
        number += 1
        pos = deal(number, auto_foundation=True)
        for _ in range(rng.randint(0, 60)):
            moves = pos.legal_moves()
            if not moves:
                break
            good = [m for m in moves if m.dest == HOME or m.dest < 8]
            pos.push(rng.choice(good or moves))
        out.append(pos.copy(stack=False))
    return out


def bench_generation(positions: list[Position], rounds: int) -> float:
    start = time.perf_counter()
    for _ in range(rounds):
        for p in positions:
            p.legal_moves()
    return rounds * len(positions) / (time.perf_counter() - start)


def bench_push_pop(positions: list[Position], moves: list[list]) -> float:
    pairs = 0
    start = time.perf_counter()
    for p, ms in zip(positions, moves):
        for m in ms:
            p.push(m)
            p.pop()
        pairs += len(ms)
    return pairs / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    positions = sample_positions(args.positions)
    moves = [p.legal_moves() for p in positions]
    avg = sum(map(len, moves)) / len(moves)
    gen = [bench_generation(positions, 20) for _ in range(args.repeat)]
    pp = [bench_push_pop(positions, moves) for _ in range(args.repeat)]
    print(f"positions: {len(positions)} from real deals, {avg:.1f} legal moves on average")
    print(f"legal-move generations/s: median {statistics.median(gen):,.0f} "
          f"(min {min(gen):,.0f}, max {max(gen):,.0f}, {args.repeat} runs)")
    print(f"push+pop pairs/s:         median {statistics.median(pp):,.0f} "
          f"(min {min(pp):,.0f}, max {max(pp):,.0f}, {args.repeat} runs)")


if __name__ == "__main__":
    main()
