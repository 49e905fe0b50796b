"""How often the fair Spider hint wins when followed blindly, beside today's heuristic hint.

    python tools/bench_spider_hint_bot.py [--suits 1 2 4] [--first 1] [--games 200]
                                          [--seconds S] [--jobs 1]
                                          [--solver-budget 0] [--solver-seconds 60]
                                          [--without RULE] [--no-clock]

The *fair hint* bot presses H: it plays exactly the code path of the game's
Hint button (:class:`game.play.spider_hint.SpiderHints`: the player's view
masked, the worker's own answer (``game.solver.worker.run_job``, here in the
bench's process), the game's seed, the game's budget and safety clock
(``game.limits.SPIDER_HINT``), and the hint's order, which puts last the
hints that lead back to a table this game has shown). It takes the first
hint every time, deals when the hint says deal, and never undoes. It prints
its wins per suit count with a 95% Wilson interval and the seconds each hint
took (median and 95th percentile). ``--seconds S`` searches a node budget of
about S seconds instead of the game's (for trying budgets: figures measured
so are not the game's).

``--without RULE`` switches off one rule written for named tuning games
(:data:`WITHOUT`), to see whether it holds on held-out games; ``--no-clock``
drops the 2 s safety clock, so that a run is one deterministic player whatever
else the machine runs (compare such runs with each other).

Report figures on games never used to choose the hint's rules or constants
(docs/solver-and-hints.md names the ranges): games 1..100 were looked at while tuning it.

A second bot plays the heuristic hint (``game.spider.hints``: it sees only
what a player sees), deals when the hint says "deal", and never
undoes: the game is lost when the hint says "undo" (no useful move and no
deal). Beside it plays a simpler rule that also sees only the table: a build
onto the same suit, else any build onto a card, else deal. A third bot is the
hint that, where the hint says "undo" only because an empty column forbids the
deal, fills that column instead (what a player would do; the hint does not
suggest it). No bot may
return to a position it has already been in (a hint cycle would never end):
it takes its next choice instead, and a bot with none left has lost.

It prints, per suit count, each bot's wins out of the games on the same
games, and, with ``--solver-budget N``, the full-knowledge solver's on the same games (the
solver sees every card, so it bounds what any player could win).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game import limits
from game.play.spider_hint import SpiderHints
from game.solver.answers import Answer, Ask
from game.solver.api import JobOptions
from game.solver.worker import run_job
from game.spider import DEAL, Move, Position, deal
from game.spider.fair import budget_for
from game.spider.hints import HintKind, hints
from game.spider.masked import MaskedView
from game.spider.solver import Verdict, solve

#: Actions a bot may take in one game before it counts as lost (no game needs this many).
MAX_ACTIONS = 2000
#: Actions in a row without progress (a card turned, a set completed, a deal) before a bot has lost.
MAX_IDLE = 150

Policy = Callable[[Position], list[Move]]

#: The rules ``--without`` switches off, each written for named games of the tuning range:
#: an open layout counting half a win at one suit (games 22, 51, 88), the endgame's
#: complete search at one suit (52, 70, 88), and the deal rule's breaks and turned cards
#: (38, 54); docs/solver-and-hints.md, "Rules written for one game, on held-out games".
WITHOUT = ("hope", "endgame", "deal")


def switch_off(rule: str) -> None:
    """Switch one of :data:`WITHOUT` off in this process (a bench's game process)."""
    from game.spider import fair, fair_beam

    if rule == "hope":
        fair.OPEN_HOPE = 0.0
    elif rule == "endgame":
        # (fair.py reads its own import of the share; the beam reads the module's.)
        setattr(fair, "ENDGAME_SHARE", 0.0)  # noqa: B010
        fair_beam.ENDGAME_SHARE = 0.0
    elif rule == "deal":
        fair.TIDY_TURNED = 0.0
        # No move takes a break away: only the older tests of progress count.
        setattr(fair, "breaks", lambda state: 0)  # noqa: B010
    else:
        raise ValueError(f"no rule {rule!r}: one of {', '.join(WITHOUT)}")


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


class HereSolver:
    """The solver service's hint, answered in this process by the worker's own code
    (a bench process may not start a worker of its own), with the game's limits."""

    def __init__(self, budget: int | None = None) -> None:
        self.limits: JobOptions = {"budget": limits.SPIDER_HINT.states if budget is None else budget,
                                   "time_limit": limits.SPIDER_HINT.seconds}
        self.answers: dict[int, Answer] = {}
        self.times: list[float] = []
        self._next = 0

    def ask_hint(self, view: MaskedView) -> int:
        if not isinstance(view, MaskedView):
            raise TypeError("the hint is asked with the player's view")
        self._next += 1
        start = time.perf_counter()
        self.answers[self._next] = run_job(Ask.HINT, view, self.limits.copy(), request=self._next)
        self.times.append(time.perf_counter() - start)
        return self._next

    def poll(self, request: int | None = None) -> list[Answer]:
        answer = self.answers.pop(request, None) if request is not None else None
        return [answer] if answer is not None else []

    def cancel(self, request: int | None = None) -> None:
        self.answers.pop(request or 0, None)

    def close(self) -> None:
        self.answers.clear()


class FairBot:
    """What H shows on each table of one game, in its order (the first is the hint),
    timing each search. ``seconds``: None for the game's budget; ``clock``: False for
    no safety clock."""

    def __init__(self, seconds: float | None = None, clock: bool = True) -> None:
        self.solver = HereSolver(None if seconds is None else budget_for(seconds))
        if not clock:
            self.solver.limits["time_limit"] = None
        self.hints = SpiderHints(lambda: self.solver)
        self.times = self.solver.times

    def __call__(self, pos: Position) -> list[Move]:
        first = self.hints.press(pos)  # asked: answered at once, here
        if first is None:
            first = self.hints.poll(pos)
        shown = self.hints.answer(pos) or ((first,) if first is not None else ())
        return [h.move for h in shown if h.move is not None]


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate, as fractions."""
    if not n:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def fair_game(job: tuple[int, int, float | None, str | None, bool]) -> tuple[int, bool, bool, list[float]]:
    """Play game ``n`` at ``suits`` with the fair hint and with the heuristic hint
    (``without``: a rule of :data:`WITHOUT` switched off; ``clock``: the safety clock)."""
    n, suits, seconds, without, clock = job
    if without is not None:
        switch_off(without)
    bot = FairBot(seconds, clock)
    won = play(deal(n, suits), bot)
    return n, won, play(deal(n, suits), hint_choices), bot.times


def play(pos: Position, choices: Policy) -> bool:
    """Play ``pos`` to the end with ``choices``; True if the bot wins.

    A bot that makes :data:`MAX_IDLE` actions in a row without turning a card,
    completing a set or dealing has lost: it only wanders between tables.
    """
    seen = {pos.key()}
    idle = 0
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
        idle = 0 if move.is_deal or pos.turned_up() or pos.completed_sets() else idle + 1
        if idle >= MAX_IDLE:
            return False
    return False


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suits", type=int, nargs="+", default=[1, 2, 4], choices=[1, 2, 4])
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=None,
                    help="the fair hint's search per move, as a node budget, instead of the game's "
                         "(0: skip the fair hint)")
    ap.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    ap.add_argument("--rules", action="store_true",
                    help="also play the simple rule and the hint that fills a blocking empty column")
    ap.add_argument("--solver-budget", type=int, default=0,
                    help="also run the full-knowledge solver with this many states (0: no)")
    ap.add_argument("--solver-seconds", type=float, default=60.0,
                    help="the solver's wall-clock limit per game (0: none)")
    ap.add_argument("--without", choices=WITHOUT, default=None,
                    help="switch off one rule written for named tuning games (the fair hint's)")
    ap.add_argument("--no-clock", action="store_true",
                    help="no 2 s safety clock on the fair hint: one deterministic player")
    args = ap.parse_args(argv)
    if args.games < 1 or args.first < 1 or (args.seconds is not None and args.seconds < 0) or args.jobs < 1:
        print("--games, --first and --jobs must be at least 1 and --seconds not negative", file=sys.stderr)
        return 2
    games = range(args.first, args.first + args.games)
    fair = args.seconds is None or args.seconds > 0
    budget = limits.SPIDER_HINT.states if args.seconds is None else budget_for(args.seconds)
    setting = "the game's H" if args.seconds is None else f"{args.seconds:g} s/move"
    setting += "" if args.without is None else f" without {args.without}"
    setting += ", no clock" if args.no_clock else ""
    print(f"games {games.start}..{games.stop - 1}: first hint, no undo; "
          f"fair hint: {setting} ({budget:,} nodes)" if fair else
          f"games {games.start}..{games.stop - 1}: first hint, no undo")
    print(f"{'suits':>5} {'fair hint':>10} {'95% interval':>13} {'s/hint med':>10} {'p95':>6}"
          f" {'heuristic':>10} {'simple rule':>12} {'hint+fill':>10} {'solver':>10}")
    for suits in args.suits:
        by_fair = by_hint = 0
        times: list[float] = []
        if fair:
            jobs = [(n, suits, args.seconds, args.without, not args.no_clock) for n in games]
            with Pool(args.jobs) as pool:
                for n, won, hinted, t in pool.imap(fair_game, jobs):
                    by_fair += won
                    by_hint += hinted
                    times += t
                    print(f"  game {n} suits {suits}: fair {'won' if won else 'lost'}, heuristic "
                          f"{'won' if hinted else 'lost'} ({len(t)} hints)", file=sys.stderr, flush=True)
        else:
            by_hint = sum(play(deal(n, suits), hint_choices) for n in games)
        total = len(games)
        by_rule = by_fill = "-"
        if args.rules:
            by_rule = f"{sum(play(deal(n, suits), simple_choices) for n in games)}/{total}"
            by_fill = f"{sum(play(deal(n, suits), hint_fill_choices) for n in games)}/{total}"
        solved = "-"
        if args.solver_budget:
            wins = sum(solve(deal(n, suits), budget=args.solver_budget,
                             time_limit=args.solver_seconds or None).verdict is Verdict.SOLVED for n in games)
            solved = f"{wins}/{total}"
        if fair:
            low, high = wilson(by_fair, total)
            times.sort()
            fair_cells = (f"{f'{by_fair}/{total}':>10} {f'{100 * low:.0f}-{100 * high:.0f}%':>13} "
                          f"{statistics.median(times) if times else 0:>10.2f} "
                          f"{times[int(0.95 * (len(times) - 1))] if times else 0:>6.2f}")
        else:
            fair_cells = f"{'-':>10} {'-':>13} {'-':>10} {'-':>6}"
        print(f"{suits:>5} {fair_cells} {f'{by_hint}/{total}':>10} {by_rule:>12} {by_fill:>10} {solved:>10}",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
