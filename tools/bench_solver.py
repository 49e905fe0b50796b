"""Benchmark the FreeCell solver over a deal range, beside fc-solve when present.

    python tools/bench_solver.py --first 1 --last 1000
    python tools/bench_solver.py --first 1 --last 100 --anytime 2
    python tools/bench_solver.py --deals 11878@1,21119@1,16259@2,25192@2 --budget 1000000
    python tools/bench_solver.py --first 1 --last 32000 --sample 200 --freecells 2
    python tools/bench_solver.py --sample 40 --write-positions /tmp/tight.txt
    python tools/bench_solver.py --positions /tmp/tight.txt

For each deal, from the start position with four free cells, one core:
verdict, seconds to the first solution, states, and the solution length in
both countings (the game's: player moves with safe auto-foundation free;
fc-solve's: every card movement). With ``--anytime S`` it also runs the
anytime search for S seconds per deal and reports those lengths.

``--freecells K`` plays the variant with K cells; ``--deals`` names deals
(``N@K``: deal N with K cells),
``--sample N`` takes N deals evenly spread over the range; ``--positions
FILE`` reads positions instead (fc-solve board text, blank-line separated,
``#`` comment lines); ``--write-positions FILE`` writes such a set: the
positions with 0-2 free cells left along the solver's lines of the deals.
Each line of the per-deal table shows our states and seconds beside
fc-solve's ``lg`` ones.

When ``fc-solve`` (Debian's freecell-solver-bin) is on PATH, the same deals
go through ``fc-solve -l lg`` (speed) and ``fc-solve -l video-editing``
(short solutions) and the ratios are printed; without it the benchmark says
so and runs alone. fc-solve's times include starting its process.
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.freecell import Position, deal
from game.freecell.position import BoardError
from game.freecell.solver import Verdict, solve


def pct(values: Sequence[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))] if s else float("nan")


def fc_solve(board: str, preset: str, cells: int = 4) -> tuple[float, int | None, int | None, str]:
    """(seconds, card movements or None, states checked or None, verdict) of one fc-solve run."""
    start = time.perf_counter()
    try:
        out = subprocess.run(["fc-solve", "--freecells-num", str(cells), "-l", preset, "-m", "-snx", "-"],
                             input=board, check=False, capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        return time.perf_counter() - start, None, None, "unknown"
    secs = time.perf_counter() - start
    text = out.stdout
    moves = [t for line in text.splitlines() if line[:1] in "12345678abcd" and ":" not in line
             for t in line.split()]
    m = re.search(r"Total number of states checked is (\d+)", text)
    states = int(m.group(1)) if m else None
    if "This game is solveable" in text:
        return secs, (len(moves) or None), states, "solved"
    return secs, None, states, "unsolvable" if "I could not solve" in text else "unknown"


def write_positions(path: str, numbers: list[int], tight: int = 2, every: int = 5) -> int:
    """Write mid-game positions with at most ``tight`` free cells left, taken
    every ``every`` moves along the solver's winning lines of ``numbers``
    (four cells; the game's counting, safe autos made), each after zero to
    two random moves off the line, as a player strays. Returns how many."""
    boards = []
    for n in numbers:
        r = solve(deal(n), budget=1_000_000)
        if r.verdict is not Verdict.SOLVED:
            continue
        pos = deal(n, auto_foundation=True)
        pos.settle()
        rng = random.Random(n)
        for i, m in enumerate(r.player_moves):
            pos.push(m)
            if i % every != every - 1 or pos.is_won():
                continue
            # A player strays from the winning line: one or two random moves
            # (some of these positions have no win left).
            strayed = 0
            for _ in range(rng.randint(0, 2)):
                moves = list(pos.distinct_moves())
                if moves:
                    pos.push(rng.choice(moves))
                    strayed += 1
            if sum(c is None for c in pos.cells) <= tight and not pos.is_won():
                boards.append(f"# deal {n}, after {i + 1} moves of the solver's line and {strayed} random\n"
                              + pos.board(always_headers=True))
            for _ in range(strayed):
                pos.pop()
    Path(path).write_text("\n".join(boards))
    return len(boards)


def read_positions(path: str) -> list[Position]:
    """Positions from a file of fc-solve boards separated by blank lines."""
    from game.bounded import Refused, read_text
    from game.quoting import shown_path

    try:
        text = read_text(path, 50_000_000, "file of boards")
    except Refused as exc:
        sys.exit(f"cannot read {shown_path(path)}: {exc}")
    out = []
    blocks = ["\n".join(ln for ln in b.splitlines() if not ln.lstrip().startswith("#"))
              for b in re.split(r"\n\s*\n", text)]
    blocks = [b for b in blocks if b.strip()]
    for i, block in enumerate(blocks, 1):
        try:
            out.append(Position.parse(block))
        except BoardError as exc:
            sys.exit(f"{path}: position {i}: {exc}")
    return out


def cancel_latency(trials: int = 7) -> list[float]:
    """Seconds from setting a cancel flag to solve() returning (another thread sets it)."""
    import threading

    out = []
    for _ in range(trials):
        flag = threading.Event()
        when = [0.0]

        def stop(flag: threading.Event = flag, when: list[float] = when) -> None:
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
    ap.add_argument("--deals", type=str, default="", help="comma-separated deal numbers instead of a range")
    ap.add_argument("--sample", type=int, default=0, help="N deals evenly spread over --first..--last")
    ap.add_argument("--positions", type=str, default="",
                    help="file of positions (fc-solve boards, blank-line separated)")
    ap.add_argument("--write-positions", type=str, default="",
                    help="write mid-game positions (0-2 free cells left) from the solver's lines of the deals, "
                         "then stop")
    ap.add_argument("--freecells", type=int, default=4, help="free cells (0..4)")
    ap.add_argument("--budget", type=int, default=2_000_000)
    ap.add_argument("--anytime", type=float, default=0.0, help="seconds of anytime search per deal")
    ap.add_argument("--no-fc-solve", action="store_true")
    ap.add_argument("--no-cancel", action="store_true", help="skip the cancel-latency measurement")
    args = ap.parse_args()
    if not 0 <= args.freecells <= 4:
        sys.exit(f"--freecells must be 0..4, not {args.freecells}")
    cells = args.freecells
    items: list[tuple[str, Position]]
    per_item: dict[str, int] = {}  # deal -> its own cell count (--deals N@K)
    if args.positions:
        items = [(f"#{i}", p) for i, p in enumerate(read_positions(args.positions), 1)]
        what = f"{len(items)} positions from {args.positions}"
    else:
        if args.deals:
            numbers = []
            for t in (t.strip() for t in args.deals.split(",")):
                number, at, k = t.partition("@")
                if not number.isdigit() or (at and not (k.isdigit() and int(k) <= 4)):
                    sys.exit(f"--deals: {t!r} is not a deal number, or a deal@cells like 11878@1")
                numbers.append(int(number))
                if at:
                    per_item[number] = int(k)
        elif args.sample:
            span = args.last - args.first + 1
            numbers = sorted({args.first + (i * span) // args.sample for i in range(args.sample)})
        else:
            numbers = list(range(args.first, args.last + 1))
        items = [(str(n), deal(n)) for n in numbers]
        what = f"{len(items)} deals ({numbers[0]}..{numbers[-1]})" if numbers else "no deals"
    if not items:
        sys.exit("nothing to benchmark")
    if args.write_positions:
        if args.positions:
            sys.exit("--write-positions takes deals, not --positions")
        count = write_positions(args.write_positions, [int(label) for label, _ in items])
        print(f"wrote {count} positions to {args.write_positions}")
        return
    fc = not args.no_fc_solve and shutil.which("fc-solve") is not None

    verdicts: dict[str, int] = {"solved": 0, "unsolvable": 0, "unknown": 0}
    times: list[float] = []
    all_times: list[float] = []
    states = 0
    total_secs = 0.0
    card_len: list[int] = []
    game_len: list[int] = []
    slow: list[tuple[float, str]] = []
    by: dict[str, int] = {}
    fc_rows: list[tuple[float, int | None, int | None, str]] = []
    print(f"{'item':>7} {'ours':>10} {'states':>10} {'seconds':>8} {'found by':>10}"
          + (f" | {'fc-solve lg':>11} {'states':>10} {'seconds':>8}" if fc else ""))
    for label, pos in items:
        k = per_item.get(label, cells)
        if label in per_item:
            label = f"{label}@{k}"
        r = solve(pos, free_cells=k, budget=args.budget)
        verdicts[r.verdict.value] += 1
        states += r.states
        total_secs += r.seconds
        all_times.append(r.seconds)
        if r.verdict is Verdict.SOLVED:
            times.append(r.seconds)
            card_len.append(r.card_moves)
            game_len.append(r.game_moves)
            by[r.found_by.split()[0]] = by.get(r.found_by.split()[0], 0) + 1
        slow.append((r.seconds, label))
        row = f"{label:>7} {r.verdict.value:>10} {r.states:>10,} {r.seconds:>8.3f} {r.found_by:>10}"
        if fc:
            f = fc_solve(pos.board(), "lg", k)
            fc_rows.append(f)
            row += f" | {f[3]:>11} {f[2] if f[2] is not None else '?':>10} {f[0]:>8.3f}"
        print(row, flush=True)
    print(f"\nour solver, {what}, {'the cells given per deal' if per_item else f'{cells} free cells'}, "
          "first solution, one core")
    print(f"  solved {verdicts['solved']}, unsolvable {verdicts['unsolvable']}, unknown {verdicts['unknown']}"
          f" (budget {args.budget:,} states); solved by {by}")
    print(f"  seconds per item: median {statistics.median(all_times):.4f}, p95 {pct(all_times, .95):.3f}, "
          f"max {max(all_times):.3f}")
    if times:
        print(f"  seconds per solved item: median {statistics.median(times):.4f}, p90 {pct(times, .9):.3f}, "
              f"p99 {pct(times, .99):.3f}, max {max(times):.3f}")
        print(f"  length, fc-solve counting: median {statistics.median(card_len):.0f}, p90 {pct(card_len, .9):.0f}")
        print(f"  length, game counting:     median {statistics.median(game_len):.0f}, p90 {pct(game_len, .9):.0f}")
    print(f"  slowest: {', '.join(f'{n} ({s:.2f} s)' for s, n in sorted(slow)[-5:][::-1])}")
    print(f"  states per second: {states / max(total_secs, 1e-9):,.0f}")
    if fc_rows:
        f_solved = [f for f in fc_rows if f[3] == "solved"]
        f_states = [f[2] for f in fc_rows if f[2] is not None]
        print(f"fc-solve --freecells-num {'(per item)' if per_item else cells} -l lg: solved {len(f_solved)}, "
              f"unsolvable {sum(f[3] == 'unsolvable' for f in fc_rows)}, "
              f"unknown {sum(f[3] == 'unknown' for f in fc_rows)}; "
              f"seconds median {statistics.median(f[0] for f in fc_rows):.4f} (with process start)"
              + (f", states median {statistics.median(f_states):,.0f}" if f_states else ""))

    if not args.no_cancel:
        lat = cancel_latency()
        print(f"  cancel latency: median {statistics.median(lat) * 1000:.1f} ms, max {max(lat) * 1000:.1f} ms")

    any_card: list[int] = []
    any_game: list[int] = []
    if args.anytime > 0:
        for label, pos in items:
            r = solve(pos, free_cells=per_item.get(label, cells), budget=args.budget, improve=True,
                      improve_seconds=args.anytime)
            if r.verdict is Verdict.SOLVED:
                any_card.append(r.card_moves)
                any_game.append(r.game_moves)
                print(f"  anytime {label:>7}: {r.card_moves} card moves (first line {r.first_solution_length}), "
                      f"{r.game_moves} game moves", flush=True)
        if any_card:
            print(f"  with {args.anytime:g} s anytime search: length median {statistics.median(any_card):.0f} "
                  f"(fc-solve counting), {statistics.median(any_game):.0f} (game counting); "
                  f"p90 {pct(any_card, .9):.0f}")

    if args.no_fc_solve:
        return
    if not fc:
        print("\nfc-solve is not installed (Debian package freecell-solver-bin): no side-by-side figures")
        return
    if args.anytime > 0:
        f_len = [f[1] for _, pos in items if (f := fc_solve(pos.board(), "video-editing", cells))[1] is not None]
        if f_len and any_card:
            print(f"fc-solve -l video-editing: length median {statistics.median(f_len):.0f}, "
                  f"p90 {pct(f_len, .9):.0f}; ours/fc-solve anytime length "
                  f"{statistics.median(any_card) / statistics.median(f_len):.2f}")
    f_len = [f[1] for f in fc_rows if f[1] is not None]
    if f_len and card_len:
        print(f"fc-solve -l lg length median {statistics.median(f_len):.0f}; ours/fc-solve first-line length "
              f"{statistics.median(card_len) / statistics.median(f_len):.2f}")


if __name__ == "__main__":
    main()
