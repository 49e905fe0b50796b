"""Solver figures on fixed deals, perft-style: the lengths of the lines the
searches find and the positions they expand, pinned in a data file.

    python tools/solver_figures.py              # compute, compare with the file, print the drift
    python tools/solver_figures.py --write      # rewrite tests/data/solver-figures.tsv (on purpose)
    python tools/solver_figures.py --slow       # also the heavier rows

Every search here is deterministic (fixed deals, budgets in positions, no
clock), so any change to the move generators, the scores, a beam's pruning,
the probes' orders or a shortener's passes moves some figure: one move more
or fewer fails ``tests/test_solver_figures.py``. A change that means to move
them (a better shortener) rewrites the file with ``--write`` and says in its
commit which figures moved and why.

Rows (``kind``, the deal, ``size``: FreeCell's cells or Spider's suits,
``setting``):

* ``fc-solve``: ``solve()``'s line (``setting`` = budget, ``improve:B``
  with the improve phase on budget B): player moves (``line``), states
  (``expanded``) and card moves as fc-solve counts them (``tidied``: the
  solver's line is tidied already);
* ``fc-beam``: one :class:`~game.freecell.beam.BeamRun` (``width/cost``):
  move codes of its line, positions expanded, and the line tidied by
  :func:`~game.freecell.shorten.shorten` (its move codes);
* ``fc-probe``: the depth-first :class:`~game.freecell.probe.Probes`: the
  same three figures;
* ``fc-short-beam``: one :class:`~game.freecell.beam.ShortBeam` (``width``)
  bounded by the greedy line's non-home moves: its line, expanded, tidied;
* ``sp-beam``: one Spider :class:`~game.spider.beam.Beam` (``width``): moves
  and deals of its line, expanded, and the line after
  :func:`game.spider.shorten.shorten` (no clock);
* ``sp-shorten``: the width-20 beam's line with detours added (``pad:SEED:N``:
  N moves each undone a few moves later, placed by a fixed generator), then
  shortened: the padded length, the beam's expansions, the shortened length.
  Its passes interact there (one pass of them leaves moves a second removes).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

DATA = ROOT / "tests" / "data" / "solver-figures.tsv"
HEADER = ("kind", "deal", "size", "setting", "line", "expanded", "tidied", "weight")


class Case(NamedTuple):
    kind: str
    deal: int
    size: int
    setting: str
    slow: bool = False

    def key(self) -> tuple[str, str, str, str]:
        return (self.kind, str(self.deal), str(self.size), self.setting)


#: The rows of the file, in order. Fast rows (the default test run) cost a few
#: seconds together; rows marked slow run with --runslow and in CI.
CASES: tuple[Case, ...] = (
    Case("fc-solve", 1, 4, "200000"),
    Case("fc-solve", 617, 4, "200000"),
    Case("fc-solve", 2000, 4, "200000"),
    Case("fc-solve", 21119, 1, "200000"),
    Case("fc-solve", 2000, 4, "improve:20000"),
    Case("fc-solve", 21119, 2, "improve:100000", slow=True),
    Case("fc-beam", 21119, 1, "256/room"),
    Case("fc-beam", 11878, 1, "1024/beam"),
    Case("fc-beam", 5, 1, "256/room"),
    Case("fc-beam", 21119, 1, "1024/room", slow=True),
    Case("fc-probe", 3711, 1, "probes"),
    Case("fc-probe", 2000, 2, "probes"),
    Case("fc-short-beam", 2000, 4, "256"),
    Case("fc-short-beam", 1, 4, "1024", slow=True),
    Case("sp-beam", 1, 1, "20"),
    Case("sp-beam", 1, 2, "20"),
    Case("sp-beam", 1, 4, "20"),
    Case("sp-shorten", 1, 1, "pad:4:12"),
    Case("sp-beam", 2, 4, "20", slow=True),
    Case("sp-beam", 3, 4, "50", slow=True),
)


# --- FreeCell ------------------------------------------------------------------------


def _fc_root(number: int):
    from game.freecell import deal
    from game.freecell.states import initial_state

    return initial_state(deal(number))[0]


def _fc_tidied(root, line: list[int] | None, cells: int) -> str:
    from game.freecell.shorten import shorten
    from game.freecell.states import child_states, evaluate_state

    return "-" if line is None else str(len(shorten(root, line, cells, child_states, evaluate_state)))


def fc_solve(case: Case) -> tuple[str, str, str]:
    """(player moves, states, card moves) of ``solve()``."""
    from game.freecell import deal
    from game.freecell.solver import solve

    improve = case.setting.startswith("improve:")
    budget = int(case.setting.removeprefix("improve:"))
    result = solve(deal(case.deal), free_cells=case.size, budget=budget, improve=improve)
    if not result.replayed:
        return "-", str(result.states), result.verdict.value
    return str(len(result.player_moves)), str(result.states), str(len(result.moves))


def fc_beam(case: Case) -> tuple[str, str, str]:
    from game.freecell.beam import BeamRun, beam_cost, room_cost
    from game.freecell.states import child_states, evaluate_state

    width, cost = case.setting.split("/")
    root = _fc_root(case.deal)
    run = BeamRun(root, case.size, int(width), children=child_states, evaluate=evaluate_state,
                  cost={"beam": beam_cost, "room": room_cost}[cost])
    while run.step(10_000) is not None:
        pass
    line = run.line
    return ("-" if line is None else str(len(line))), str(run.expanded), _fc_tidied(root, line, case.size)


def fc_probe(case: Case) -> tuple[str, str, str]:
    from game.freecell.probe import Probes
    from game.freecell.states import child_states

    root = _fc_root(case.deal)
    probes = Probes(root, case.size, child_states)
    while probes.line is None and not probes.exhausted and probes.expanded < 500_000:
        probes.step(512)
    line = probes.line
    return ("-" if line is None else str(len(line))), str(probes.expanded), _fc_tidied(root, line, case.size)


def fc_short_beam(case: Case) -> tuple[str, str, str]:
    from game.freecell import deal
    from game.freecell.beam import ShortBeam
    from game.freecell.moves import HOME
    from game.freecell.solver import solve
    from game.freecell.states import child_states, evaluate_state

    first = solve(deal(case.deal), free_cells=case.size)
    bound = sum(1 for m in first.moves if m.dest != HOME)
    root = _fc_root(case.deal)
    beam = ShortBeam(root, case.size, int(case.setting), bound, children=child_states, evaluate=evaluate_state)
    expanded = 0
    while (n := beam.step(10_000)) is not None:
        expanded += n
    line = beam.line
    return ("-" if line is None else str(len(line))), str(expanded), _fc_tidied(root, line, case.size)


# --- Spider ------------------------------------------------------------------------


def sp_beam(case: Case) -> tuple[str, str, str]:
    from game.spider.beam import Beam
    from game.spider.deals import deal
    from game.spider.shorten import shorten
    from game.spider.states import root, wins

    state, deals = root(deal(case.deal, suits=case.size))
    search = Beam(deals, int(case.setting))
    line = search.run(state)
    if line is None:
        return "-", str(search.expanded), "-"
    tidied = shorten(state, deals, line)
    assert wins(state, deals, tidied), "the tidied Spider line does not win"
    return str(len(line)), str(search.expanded), str(len(tidied))


def _detours(state, deals, line: list, seed: int, count: int) -> list:
    """``line`` with ``count`` detours: a move at a pseudo-random place, undone
    0-3 moves later, kept only when the line still wins. A fixed LCG (not
    ``random``, whose methods may change between Python versions) places them."""
    from game.spider.moves import MOVE_TABLE
    from game.spider.states import apply, pruned_children, wins

    x = seed

    def below(n: int) -> int:
        nonlocal x
        x = (x * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        return (x >> 33) % n

    line = list(line)
    tries = 0
    while count and tries < 500:
        tries += 1
        i = below(len(line))
        here = state
        for m in line[:i]:
            here = apply(here, m, deals)
        moves = [m for m, _ in pruned_children(here, deals) if m.count]
        if not moves:
            continue
        m = moves[below(len(moves))]
        j = i + below(4)
        trial = line[:i] + [m] + line[i:j] + [MOVE_TABLE[m.dest][m.source][m.count]] + line[j:]
        if wins(state, deals, trial):
            line = trial
            count -= 1
    return line


def sp_shorten(case: Case) -> tuple[str, str, str]:
    from game.spider.beam import Beam
    from game.spider.deals import deal
    from game.spider.shorten import shorten
    from game.spider.states import root, wins

    _, seed, count = case.setting.split(":")
    state, deals = root(deal(case.deal, suits=case.size))
    search = Beam(deals, 20)
    found = search.run(state)
    if found is None:  # (as sp_beam: no line to put detours in)
        return "-", str(search.expanded), "-"
    line = _detours(state, deals, found, int(seed), int(count))
    tidied = shorten(state, deals, line)
    assert wins(state, deals, tidied), "the tidied Spider line does not win"
    return str(len(line)), str(search.expanded), str(len(tidied))


KINDS: dict[str, Callable[[Case], tuple[str, str, str]]] = {
    "fc-solve": fc_solve, "fc-beam": fc_beam, "fc-probe": fc_probe, "fc-short-beam": fc_short_beam,
    "sp-beam": sp_beam, "sp-shorten": sp_shorten,
}


def figures(case: Case) -> tuple[str, ...]:
    """The row of the file for ``case``: its key, the three figures, its weight."""
    return case.key() + KINDS[case.kind](case) + ("slow" if case.slow else "fast",)


def read(path: Path | None = None) -> list[tuple[str, ...]]:
    """The rows of the file (the header checked and left out)."""
    path = path or DATA
    lines = [line for line in path.read_text().splitlines() if line and not line.startswith("#")]
    if tuple(lines[0].split("\t")) != HEADER:
        raise ValueError(f"{path.name}: the header must be {' '.join(HEADER)}")
    return [tuple(line.split("\t")) for line in lines[1:]]


def write(rows: list[tuple[str, ...]], path: Path | None = None) -> None:
    path = path or DATA
    text = ["# Solver figures on fixed deals: written by tools/solver_figures.py --write; read by",
            "# tests/test_solver_figures.py (fields: see the tool's docstring).", "\t".join(HEADER)]
    text += ["\t".join(row) for row in rows]
    path.write_text("\n".join(text) + "\n")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--write", action="store_true", help="rewrite the data file (every row, slow ones too)")
    ap.add_argument("--slow", action="store_true", help="also compute the slow rows")
    args = ap.parse_args(argv)
    pinned = {row[:4]: row for row in read()} if DATA.exists() else {}
    rows = []
    drift = 0
    for case in CASES:
        if case.slow and not (args.slow or args.write):
            continue
        row = figures(case)
        rows.append(row)
        old = pinned.get(case.key())
        mark = "" if old == row else "   (new)" if old is None else f"   was {' '.join(old[4:7])}"
        drift += bool(mark)
        print("\t".join(row) + mark, flush=True)
    if args.write:
        write(rows)
        print(f"wrote {DATA.name}: {len(rows)} rows")
        return 0
    print(f"{drift} of {len(rows)} rows differ from {DATA.name}" if drift else "no drift")
    return 1 if drift else 0


if __name__ == "__main__":
    raise SystemExit(main())
