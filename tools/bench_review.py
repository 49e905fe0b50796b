"""How long the coach's game review takes: deals played by a mediocre bot, then reviewed.

    nice -n 10 python tools/bench_review.py [--first 1] [--deals 50] [--auto safe]
                                           [--slip 0.25] [--most 120]

The bot (:func:`mediocre_game`) plays each deal from its start at the
automatic foundation level: mostly it follows a winning line the solver
found (a small search, 20,000 positions), but with probability ``slip``
each move it plays a legal move at random instead (and searches afresh
after). So its games wander, waste moves, and now and then lose, as a
middling player's do. It stops when the game is won, when no move is left,
or after ``most`` moves. Playing is not timed; the review
(:func:`game.freecell.review.review_game`, with the game's own budgets) is.

One line per deal (moves, won or not, review seconds, the summary), then
the median and the slowest review and the seconds per move.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.freecell import Move, Position, deal
from game.freecell.review import review_game
from game.freecell.solver import Verdict, solve

#: The bot's search when it wants a line (small: it is a mediocre player).
BOT_STATES = 20_000


def mediocre_game(number: int, seed: int, *, level: str = "safe", slip: float = 0.25,
                  most: int = 120) -> tuple[Position, list[Move], bool]:
    """The start position, the bot's moves and whether it won (see the module notes)."""
    pos = deal(number)
    pos.auto_level = level
    pos.settle(level)
    start = pos.copy(stack=False)
    rng = random.Random(seed)
    line: list[Move] = []
    moves: list[Move] = []
    while not pos.is_won() and len(moves) < most:
        legal = pos.distinct_moves()
        if not legal:
            break
        if rng.random() < slip:
            move = rng.choice(legal)
            line = []
        else:
            if not line:
                found = solve(pos, budget=BOT_STATES, auto=level)
                line = list(found.player_moves) if found.verdict is Verdict.SOLVED else []
            move = line.pop(0) if line else rng.choice(legal)
        pos.push(move, auto=level)
        moves.append(move)
    return start, moves, pos.is_won()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--auto", default="safe", choices=("off", "safe", "all"))
    parser.add_argument("--slip", type=float, default=0.25)
    parser.add_argument("--most", type=int, default=120)
    args = parser.parse_args(argv)
    times: list[float] = []
    per_move: list[float] = []
    for number in range(args.first, args.first + args.deals):
        start, moves, won = mediocre_game(number, number, level=args.auto, slip=args.slip, most=args.most)
        began = time.perf_counter()
        review = review_game(start, moves, args.auto)
        seconds = time.perf_counter() - began
        times.append(seconds)
        per_move.append(seconds / max(len(moves), 1))
        print(f"deal {number:6d}: {len(moves):3d} moves, {'won ' if won else 'lost'}, "
              f"review {seconds:6.2f} s, {review.states:7d} states  {review.summary()}", flush=True)
    print(f"{len(times)} reviews: median {statistics.median(times):.2f} s, slowest {max(times):.2f} s, "
          f"median {1000 * statistics.median(per_move):.1f} ms per move")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
