"""How often the visible-information Spider hint wins when followed blindly (a fair-hint figure).

    python tools/bench_spider_hint_bot.py [--suits 1 2 4] [--first 1] [--games 200]
                                          [--solver-budget 0] [--seconds 60]

A bot plays each game taking the first hint every time (``game.spider.hints``:
it sees only what a player sees), deals when the hint says "deal", and never
undoes: the game is lost when the hint says "undo" (no useful move and no
deal). Beside it plays a simpler rule that also sees only the table: a build
onto the same suit, else any build onto a card, else deal. A third bot is the hint that, where the hint says "undo" only because
an empty column forbids the deal, fills that column instead (what a player
would do; the hint does not suggest it). No bot may
return to a position it has already been in (a hint cycle would never end):
it takes its next choice instead, and a bot with none left has lost.

It prints, per suit count, each bot's wins out of the games, and, with
``--solver-budget N``, the full-knowledge solver's on the same games (the
solver sees every card, so it bounds what any player could win).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.spider import DEAL, Move, Position, deal  # noqa: E402
from game.spider.hints import HintKind, hints  # noqa: E402
from game.spider.solver import Verdict, solve  # noqa: E402

#: Actions a bot may take in one game before it counts as lost (no game needs this many).
MAX_ACTIONS = 2000

Policy = Callable[[Position], list[Move]]


def hint_choices(pos: Position) -> list[Move]:
    """The hint's moves in the order Hint shows them, then the deal if the hint says so."""
    found = hints(pos)
    if found[0].kind is HintKind.MOVE:
        moves = [h.move for h in found if h.move is not None]
        if pos.can_deal():
            moves.append(DEAL)  # only when every move would repeat a position
        return moves
    return [DEAL] if found[0].kind is HintKind.DEAL else []


def simple_choices(pos: Position) -> list[Move]:
    """Same-suit builds, then other builds onto a card, then the deal (the visible table only).

    A build here moves a column's whole same-suit end run onto a card one rank
    higher, unless the run already lies on one (that would only trade places).
    """
    columns, _stock = pos.visible()
    same: list[Move] = []
    other: list[Move] = []
    for m in pos.legal_moves():
        if m.is_deal or m.count != pos.run_length(m.source):
            continue
        target = columns[m.dest][1]
        if not target:
            continue  # into an empty column: not a build
        up = columns[m.source][1]
        head = up[-m.count]
        if len(up) > m.count and (up[-m.count - 1] >> 2) == (head >> 2) + 1:
            continue  # already on the next rank
        (same if target[-1] == head + 4 else other).append(m)
    moves = same + other
    if pos.can_deal():
        moves.append(DEAL)
    return moves


def fill_choices(pos: Position) -> list[Move]:
    """Moves that fill the first empty column when it is all that stops a deal
    (longest run first; never a whole column, which would leave one empty)."""
    empty = pos.empty_columns()
    if not pos.stock_size or not empty or pos.can_deal():
        return []
    out = []
    for s in range(10):
        run = pos.run_length(s)
        whole = len(pos.face_up(s)) if not pos.face_down[s] else 0
        out += [Move.of(s, empty[0], k) for k in range(run, 0, -1) if k != whole]
    return out


def hint_fill_choices(pos: Position) -> list[Move]:
    """The hint, but where it says "undo" because an empty column blocks the deal, fill it."""
    return hint_choices(pos) + fill_choices(pos)


def play(pos: Position, choices: Policy) -> bool:
    """Play ``pos`` to the end with ``choices``; True if the bot wins."""
    seen = {pos.key()}
    for _ in range(MAX_ACTIONS):
        if pos.is_won():
            return True
        for move in choices(pos):
            pos.push(move)
            key = pos.key()
            if key not in seen:
                seen.add(key)
                break
            pos.pop()
        else:
            return False
    return False


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suits", type=int, nargs="+", default=[1, 2, 4], choices=[1, 2, 4])
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--solver-budget", type=int, default=0,
                    help="also run the full-knowledge solver with this many states (0: no)")
    ap.add_argument("--seconds", type=float, default=60.0,
                    help="the solver's wall-clock limit per game (0: none)")
    args = ap.parse_args(argv)
    games = range(args.first, args.first + args.games)
    print(f"games {games.start}..{games.stop - 1}: first hint, no undo; simple rule; "
          f"{'solver ' + format(args.solver_budget, ',') + ' states' if args.solver_budget else 'no solver'}")
    print(f"{'suits':>5} {'hint bot':>12} {'simple rule':>12} {'hint+fill':>12} {'solver':>12} {'bot s/game':>10}")
    for suits in args.suits:
        start = time.perf_counter()
        by_hint = sum(play(deal(n, suits), hint_choices) for n in games)
        by_rule = sum(play(deal(n, suits), simple_choices) for n in games)
        by_fill = sum(play(deal(n, suits), hint_fill_choices) for n in games)
        per_game = (time.perf_counter() - start) / (3 * len(games))
        solved = "-"
        if args.solver_budget:
            wins = sum(solve(deal(n, suits), budget=args.solver_budget,
                             time_limit=args.seconds or None).verdict is Verdict.SOLVED for n in games)
            solved = f"{wins}/{len(games)}"
        print(f"{suits:>5} {f'{by_hint}/{len(games)}':>12} {f'{by_rule}/{len(games)}':>12} "
              f"{f'{by_fill}/{len(games)}':>12} "
              f"{solved:>12} {per_game:>10.3f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
