"""Benchmark par's lines against the macroxue/freecell anchor (issue 29, "Shorter lines, measured").

    python tools/bench_par.py --anchor DIR [--deals 1-20] [--seconds 10] [--also 2] [--baseline CHECKOUT]

macroxue/freecell publishes near-optimal lines for deals 1..1,000,000 under
maximum automatic moves, in files ``solutions/block.N`` of lines
``DEAL:MOVES`` (two characters a move). That table is GPL: it is never
shipped here; clone the repository (or copy a block) and point ``--anchor``
at its ``solutions`` folder or at one block file.

For each deal of the sample this runs par's own search in this process
(:func:`game.play.par.par_here`: the anytime search at automatic level
"all", ``--seconds`` of it, the line replayed and counted as the status line
counts moves) and prints our moves beside the anchor's, then the means and
their ratio. ``--also S`` runs the same search at S seconds too (the issue's
``--anytime 2`` baseline), so both figures come from one run on one
machine. The goal: mean <= 1.03 x the anchor at par's default time.
``--baseline CHECKOUT`` (another checkout of this game, e.g. a ``git
worktree`` of the commit before a solver change) runs that checkout's par
search at the same times, deal by deal between ours, so "never worse than
before" is measured in the same run. Each search runs in a fresh child
process, ours too, so neither side gains from the other's warm caches.
Costs about (seconds + also) x deals (x 2 with a baseline) of one core.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game import limits

GOAL = 1.03
HERE = Path(__file__).resolve().parents[1]
# One search in a child process: the checkout's own par_here, its count on stdout (-1: no line).
# (An installed copy of the game must not stand in for a checkout that lacks it.)
_CHILD = ("import sys, pathlib; sys.path.insert(0, sys.argv[1]); import game; "
          "where = pathlib.Path(game.__file__).resolve().parents[1]; "
          "assert where == pathlib.Path(sys.argv[1]).resolve(), f'the game comes from {where}'; "
          "from game.play.par import par_here; "
          "p = par_here('freecell', int(sys.argv[2]), level='all', seconds=float(sys.argv[3])); "
          "print(p.moves if p is not None else -1)")


def par_moves(checkout: Path, deal: int, seconds: float) -> int:
    """The par line's length from ``checkout``'s search (a child process), or -1."""
    done = subprocess.run([sys.executable, "-c", _CHILD, str(checkout), str(deal), str(seconds)],
                          check=False, capture_output=True, text=True, timeout=seconds * 10 + 60, cwd=checkout)
    try:
        return int(done.stdout.split()[-1])
    except (IndexError, ValueError):
        print(f"bench_par: {checkout}: deal {deal}: {done.stderr.strip()[-200:]}", file=sys.stderr)
        return -1


def read_anchor(path: Path, wanted: set[int]) -> dict[int, int]:
    """The anchor's move count per wanted deal, from a block file or a folder of them
    (a line that is not ``DEAL:MOVES`` is passed over)."""
    files = sorted(path.glob("block.*")) if path.is_dir() else [path]
    out: dict[int, int] = {}
    for f in files:
        with f.open(encoding="ascii", errors="replace") as fh:
            for line in fh:
                deal, _, moves = line.strip().partition(":")
                if deal.isdigit() and int(deal) in wanted and moves.isalnum() and len(moves) % 2 == 0:
                    out[int(deal)] = len(moves) // 2
        if len(out) == len(wanted):
            break
    return out


def parse_range(text: str) -> list[int]:
    first, _, last = text.partition("-")
    lo, hi = int(first), int(last or first)
    if not 1 <= lo <= hi <= 1_000_000:
        raise argparse.ArgumentTypeError(f"{text!r} is not a range of deals like 1-20")
    return list(range(lo, hi + 1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--anchor", type=Path, required=True,
                        help="macroxue/freecell's solutions folder or a block file")
    parser.add_argument("--deals", type=parse_range, default=parse_range("1-20"))
    parser.add_argument("--seconds", type=float, default=limits.PAR.seconds, help="par's search time per deal")
    parser.add_argument("--also", type=float, default=None, help="a second search time to compare")
    parser.add_argument("--baseline", type=Path, default=None,
                        help="another checkout of the game whose par search runs beside ours")
    args = parser.parse_args()
    if not args.anchor.exists():
        print(f"bench_par: {args.anchor}: no such file or folder", file=sys.stderr)
        return 2
    if args.baseline is not None and not (args.baseline / "game" / "play" / "par.py").is_file():
        print(f"bench_par: {args.baseline}: not a checkout of this game with par", file=sys.stderr)
        return 2
    anchor = read_anchor(args.anchor, set(args.deals))
    deals = [d for d in args.deals if d in anchor]
    if not deals:
        print(f"bench_par: {args.anchor} holds none of the deals asked for", file=sys.stderr)
        return 2
    times = [args.seconds] + ([args.also] if args.also is not None else [])
    sides = [("ours", HERE)] + ([("base", args.baseline.resolve())] if args.baseline is not None else [])
    runs = [(name, where, t) for name, where in sides for t in times]
    found: dict[tuple[str, float], list[int]] = {(name, t): [] for name, _, t in runs}
    print("deal  anchor  " + "  ".join(f"{name}@{t:g}s" for name, _, t in runs))
    for d in deals:
        row = []
        for name, where, t in runs:
            moves = par_moves(where, d, t)
            found[name, t].append(moves)
            row.append(f"{moves:>{len(name) + len(f'{t:g}') + 2}}")
        print(f"{d:>4}  {anchor[d]:>6}  " + "  ".join(row), flush=True)
    base = statistics.mean(anchor[d] for d in deals)
    print(f"\n{len(deals)} deals; anchor mean {base:.2f} moves")
    for name, _, t in runs:
        counts = found[name, t]
        lines = [m for m in counts if m >= 0]
        if len(lines) < len(deals):
            print(f"{name} at {t:g} s: {len(deals) - len(lines)} deal(s) without a line")
        if lines:
            mean = statistics.mean(lines)
            paired = statistics.mean(anchor[d] for d, m in zip(deals, counts) if m >= 0)
            print(f"{name} at {t:g} s: mean {mean:.2f} moves, {mean / paired:.3f} x the anchor "
                  f"(goal <= {GOAL} at par's default {limits.PAR.seconds:g} s)")
    if args.baseline is not None:
        for t in times:
            pairs = [(o, b) for o, b in zip(found["ours", t], found["base", t]) if o >= 0 and b >= 0]
            shorter = sum(o < b for o, b in pairs)
            longer = sum(o > b for o, b in pairs)
            print(f"at {t:g} s against the baseline: {shorter} deal(s) shorter, {longer} longer, "
                  f"{len(pairs) - shorter - longer} the same")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
