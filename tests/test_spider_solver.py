"""The full-knowledge Spider solver (issues 5 and 17): verdicts, budget, cancel, replay,
the beam search and its pruning, line shortening, CLI."""

from __future__ import annotations

import functools
import random

import pytest
from conftest import run_game
from spider_helpers import build

from game.cards import Card
from game.commands import UsageError
from game.commands.spider import solve_command
from game.numbers import NumberError
from game.spider import DEAL, Move, Position, deal
from game.spider import beam as beam_mod
from game.spider import solver as solver_mod
from game.spider.shorten import _cut_loops, _merge_hops, shorten
from game.spider.solver import SolverError, Verdict, replay_line, solve
from game.spider.states import BOTH, FIRST, SECOND, apply, children, key, legal, pruned_children, root, wins

# A small position (6 sets removed, stock empty) with a few legal moves and no
# win: found by the solver, checked below by an independent engine search.
DEAD_END = """\
stock:
1: (8C) (9C) 5C 9D
2: 3C
3: (2C) KD
4: (AD) 6D 8D TD
5: 7C QC
6: KC
7: 7D
8: (6C) (QD) (JC) 4D TC
9: 3D
10: (2D) (5D) JD 4C AC
removed: 6
"""


def test_game_1_with_one_suit_is_winnable_and_the_line_replays():
    # SPEC §2.2: the first start is 1-suit game #1, shown winnable by a full-knowledge search.
    pos = deal(1, suits=1)
    result = solve(pos, budget=200_000)
    assert result.verdict is Verdict.SOLVED and result.replayed
    assert pos == deal(1, suits=1) and not pos.move_stack  # solve() works on a copy
    for move in result.moves:
        pos.push(move)
    assert pos.is_won()
    assert result.moves.count(DEAL) == 5
    assert result.length == len(result.moves) and result.column_moves == result.length - 5


def test_a_tiny_budget_gives_unknown_never_a_false_verdict():
    result = solve(deal(1, suits=4), budget=10)
    assert result.verdict is Verdict.UNKNOWN and result.reason == "budget"
    assert result.states == 10 and not result.moves and not result.replayed
    with pytest.raises(ValueError):
        solve(deal(1, suits=4), budget=0)


def test_cancel_is_polled_and_stops_the_search():
    calls = []

    def cancel() -> bool:
        calls.append(1)
        return len(calls) >= 3

    result = solve(deal(2, suits=4), budget=1_000_000, cancel=cancel)
    assert result.verdict is Verdict.UNKNOWN and result.reason == "cancelled"
    assert len(calls) == 3 and result.states <= 3 * 64 + 1


def test_progress_reports_and_time_limit():
    seen: list[tuple[int, int]] = []
    result = solve(deal(2, suits=4), budget=1000, progress=lambda n, best: seen.append((n, best)))
    assert seen and all(n % 64 == 0 for n, _ in seen)
    assert result.verdict is Verdict.UNKNOWN
    timed = solve(deal(2, suits=4), budget=10**9, time_limit=0.0)
    assert timed.verdict is Verdict.UNKNOWN and timed.reason == "time"


def _reachable_wins(pos: Position) -> tuple[int, bool]:
    """Independent check with the plain engine: every reachable position, any won?"""
    seen = {pos.key()}
    stack = [pos.copy(stack=False)]
    won = False
    while stack:
        p = stack.pop()
        won = won or p.is_won()
        for m in p.legal_moves():
            q = p.copy(stack=False)
            q.push(m)
            if q.key() not in seen:
                seen.add(q.key())
                stack.append(q)
    return len(seen), won


def test_an_exhausted_search_proves_a_small_position_unsolvable():
    pos = Position.parse(DEAD_END)
    assert pos.legal_moves()  # not a trivial dead end: there are moves, just no win
    result = solve(pos, budget=100_000)
    assert result.verdict is Verdict.UNSOLVABLE and not result.moves
    count, won = _reachable_wins(pos)
    assert count > 5 and not won


def test_the_complete_search_makes_second_class_moves_before_it_says_unsolvable():
    # One suit: the only move splits the run 9♠ 8♠ 7♠, 7♠ onto column 2's 8♠ (and then back),
    # a second-class move, made when the position comes round again. Leaving those moves out
    # would still call this position lost, but as a proof it would not be complete.
    pos = build({1: "9S 8S 7S", 2: "(AS) 8S", 3: "KS", 4: "KS", 5: "JS", 6: "JS", 7: "5S", 8: "5S", 9: "3S",
                 10: "3S"}, removed="SSSSSS", suits=1, junk=1)
    assert [str(m) for m in pos.legal_moves()] == ["move 1 2 1"]
    result = solve(pos, budget=10_000)
    assert result.verdict is Verdict.UNSOLVABLE
    assert (result.generated, False) == _reachable_wins(pos) == (2, False)


def test_an_already_won_position_is_solved_with_no_moves():
    won = Position([[] for _ in range(10)], [0] * 10, [], [3] * 8)
    result = solve(won)
    assert result.verdict is Verdict.SOLVED and result.moves == [] and result.replayed


def test_a_position_without_stock_is_solved_with_its_real_columns(monkeypatch):
    # Once the stock is empty the search sorts columns; the line must still
    # name the real columns of the position.
    pos = deal(3, suits=1)
    line = solve(pos, budget=200_000).moves
    last_deal = max(i for i, m in enumerate(line) if m is DEAL)
    for m in line[: last_deal + 1]:
        pos.push(m)
    assert pos.stock_size == 0
    rest = solve(pos, budget=200_000)
    assert rest.verdict is Verdict.SOLVED
    # The beam keeps the real columns; the complete search alone (every beam failing at
    # once) finds its line among sorted ones, and must name the real columns too.
    class NoBeam(beam_mod.Beam):
        def run(self, state):
            self.truncated = self.stopped = False
            return None

    monkeypatch.setattr(solver_mod, "Beam", NoBeam)
    alone = solve(pos, budget=200_000)  # replayed through the rules engine, or SolverError
    assert alone.verdict is Verdict.SOLVED and alone.replayed and alone.generated > 1
    for m in rest.moves:
        pos.push(m)
    assert pos.is_won()


def test_replay_refuses_a_bad_line():
    with pytest.raises(SolverError):
        replay_line(deal(1, suits=1), [DEAL, DEAL])  # legal, but does not win
    with pytest.raises(SolverError):
        replay_line(deal(1, suits=1), [DEAL] * 6)  # a sixth deal is illegal


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_the_solver_move_generator_is_the_engine_move_for_move(suits):
    """Completeness behind UNSOLVABLE: both move classes together are exactly
    the engine's legal moves, and each child is the engine's position."""
    rng = random.Random(suits)
    for number in range(1, 6):
        pos = deal(number, suits)
        for _ in range(150):
            state, deals = root(pos)
            ours = dict(children(state, deals, BOTH, canon=False))
            engine = pos.legal_moves()
            assert set(ours) == set(engine) and len(ours) == len(engine)
            first = {m for m, _ in children(state, deals, FIRST, canon=False)}
            second = {m for m, _ in children(state, deals, SECOND, canon=False)}
            assert not first & second
            for m in engine:
                q = pos.copy(stack=False)
                q.push(m)
                assert ours[m] == root(q)[0]
                assert key(ours[m]) == key(root(q)[0])
            if not engine:
                break
            pos.push(rng.choice(engine))


# --- command line --------------------------------------------------------------------


run = run_game


def test_cli_solves_game_1_and_deal_check_replays_the_line(tmp_path):
    out = run("solve", "spider", "1", "--suits", "1", "--budget", "200000")
    assert out.returncode == 0, out.stderr
    assert out.stderr.startswith("solved game 1 with 1 suit:") and "states" in out.stderr
    lines = out.stdout.splitlines()
    assert lines.count("deal") == 5 and all(x == "deal" or x.startswith("move ") for x in lines)
    moves = tmp_path / "line.moves"
    moves.write_text(out.stdout)
    check = run("deal", "spider", "1", "--suits", "1", "--check", str(moves))
    assert check.returncode == 0 and "removed: 8" in check.stdout


def test_cli_exit_codes_for_budget_and_bad_input():
    budget = run("solve", "spider", "2", "--suits", "4", "--budget", "50")
    assert budget.returncode == 3 and budget.stdout == ""
    assert budget.stderr.startswith("unknown: budget reached")
    for args in (["0"], ["1000000"], ["x"], ["1", "--suits", "3"], ["1", "--budget", "0"],
                 ["1", "--budget", "-5"], ["1", "--budget", "lots"]):
        bad = run("solve", "spider", *args)
        assert bad.returncode == 2 and bad.stdout == "" and len(bad.stderr.splitlines()) == 1, args


def test_solve_command_verdicts(capsys, monkeypatch):
    assert solve_command("1", "1", "200000") == 0
    out = capsys.readouterr()
    assert out.out.count("deal") == 5 and out.err.startswith("solved")
    assert solve_command("2", "4", "20") == 3
    assert capsys.readouterr().out == ""
    import game.commands.spider as commands

    monkeypatch.setattr(commands, "deal", lambda n, s: Position.parse(DEAD_END))
    assert solve_command("5", "4", "1000") == 1
    out = capsys.readouterr()
    assert out.out == "" and out.err.startswith("unsolvable: no winning line")
    with pytest.raises((UsageError, NumberError)):
        solve_command("1", "1", "1.5")


def test_a_deal_that_completes_a_set_is_the_engine_s_deal():
    spades = [r * 4 + 3 for r in range(13)]  # AS..KS card numbers
    pool = [c for c in spades for _ in range(8)]
    col1 = spades[:0:-1]  # KS..2S
    for c in col1:
        pool.remove(c)
    pool.remove(spades[0])
    stock = [spades[0]] + pool[:9]
    rest = pool[9:]
    cols = [col1] + [rest[i::9] for i in range(9)]
    pos = Position(cols, [0] + [len(c) - 1 for c in cols[1:]], stock)
    state, deals = root(pos)
    ours = dict(children(state, deals, BOTH, canon=False))
    after = pos.copy(stack=False)
    after.push(DEAL)
    assert after.removed == 1 and ours[DEAL] == root(after)[0]


# --- the beam search (issue 17) --------------------------------------------------------


def _engine_wins(pos: Position, moves) -> bool:
    q = pos.copy(stack=False)
    for m in moves:
        q.push(m)  # raises IllegalMoveError on a bad move
    return q.is_won()


@pytest.mark.parametrize("suits,number", [(1, 1), (1, 2), (2, 1), (2, 3), (4, 1), (4, 3)])
def test_the_beam_wins_fixed_games_and_its_lines_replay(suits, number):
    pos = deal(number, suits)
    state, deals = root(pos)
    b = beam_mod.Beam(deals, width=20)
    line = b.run(state)
    assert line is not None and line.count(DEAL) == 5
    assert _engine_wins(pos, line)
    assert b.expanded > 0 and not b.stopped


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_solve_wins_with_the_beam_and_a_shortened_line(suits):
    pos = deal(2, suits)
    result = solve(pos, budget=200_000)
    assert result.verdict is Verdict.SOLVED and result.replayed
    assert _engine_wins(pos, result.moves)
    # The solver's line is the beam's, shortened: never longer.
    state, deals = root(pos)
    assert result.length <= len(beam_mod.Beam(deals, solver_mod.BEAM_WIDTHS[0]).run(state))


def test_the_demo_shortens_its_line_for_less_time_than_a_plain_solve(monkeypatch):
    # The demo's quick order wants a line soon: it shortens for QUICK_SHORTEN_SECONDS, a
    # plain solve for SHORTEN_SECONDS, and neither past its own time limit. A frozen clock
    # makes each deadline exact.
    class Clock:
        now = 1_000.0

        @staticmethod
        def perf_counter() -> float:
            return Clock.now

    deadlines: list[float | None] = []

    def recorded(state, deals, line, *, deadline=None):
        deadlines.append(None if deadline is None else deadline - Clock.now)
        return line

    monkeypatch.setattr(solver_mod, "time", Clock)
    monkeypatch.setattr(solver_mod, "shorten", recorded)
    pos = deal(1, suits=1)
    for quick, limit in ((True, None), (False, None), (False, 0.5), (True, 0.1)):
        assert solve(pos, budget=200_000, quick=quick, time_limit=limit).verdict is Verdict.SOLVED
    assert solve(pos, budget=200_000, shorten_line=False).verdict is Verdict.SOLVED  # no shortening at all
    assert deadlines == pytest.approx([solver_mod.QUICK_SHORTEN_SECONDS, solver_mod.SHORTEN_SECONDS, 0.5, 0.1])
    assert solver_mod.QUICK_SHORTEN_SECONDS < solver_mod.SHORTEN_SECONDS


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_beam_children_are_engine_moves_and_positions(suits):
    """The beam's move set is a subset of the engine's legal moves, each child is
    the engine's position after that move, and apply()/legal() agree with the engine."""
    rng = random.Random(10 + suits)
    for number in range(1, 5):
        pos = deal(number, suits)
        for _ in range(120):
            state, deals = root(pos)
            engine = pos.legal_moves()
            ours = pruned_children(state, deals)
            assert len({m for m, _ in ours}) == len(ours)
            for m, child in ours:
                assert m in engine
                q = pos.copy(stack=False)
                q.push(m)
                assert child == root(q)[0]
            for m in engine:
                assert legal(state, m)
                q = pos.copy(stack=False)
                q.push(m)
                assert apply(state, m, deals) == root(q)[0]
            for m in (Move.of(0, 1, 1), Move.of(3, 7, 2), Move.of(5, 5, 1), DEAL):
                assert legal(state, m) == (m in engine)
            if not engine:
                break
            pos.push(rng.choice(engine))


def test_the_beam_prunes_run_splits_that_do_not_lengthen_the_target():
    # Two suits, six sets removed: 5S-4S lies on KS in column 1, 6S ends
    # column 2 and 5H column 4.
    def cards(text: str) -> list[int]:
        return [int(Card.parse(t)) for t in text.split()]

    cols = [cards("KS 5S 4S"), cards("6S"), cards("6H"), cards("5H"), cards("QS JS TS"),
            cards("9S 8S 7S"), cards("3S 2S AS"), cards("KH QH JH TH"), cards("9H 8H 7H 4H"),
            cards("3H 2H AH")]
    down = [0, 0, 0, 0, 2, 2, 2, 3, 3, 2]
    pos = Position(cols, down, [], [2, 2, 2, 3, 3, 3])
    state, deals = root(pos)
    ours = {str(m) for m, _ in pruned_children(state, deals)}
    engine = {str(m) for m in pos.legal_moves()}
    assert "move 1 2 2" in ours  # the whole run 5S-4S onto 6S
    assert "move 1 4 1" in engine and "move 1 4 1" not in ours  # 4S split off 5S onto 5H: no gain
    assert ours < engine


def test_the_beam_never_gives_unsolvable_and_the_complete_search_decides(monkeypatch):
    # A beam that drops positions and fails is UNKNOWN, whatever its budget.
    monkeypatch.setattr(solver_mod, "BEAM_WIDTHS", (1,))
    result = solve(deal(8, suits=4), budget=3000)
    assert result.verdict is Verdict.UNKNOWN and result.reason == "budget"
    # The proof of DEAD_END comes from the complete search, run to the end after
    # a beam that ran dry without dropping anything.
    calls = []
    real = solver_mod._Search.complete

    def complete(self, root, limit=None):
        calls.append(limit)
        return real(self, root, limit)

    monkeypatch.setattr(solver_mod._Search, "complete", complete)
    assert solve(Position.parse(DEAD_END), budget=100_000).verdict is Verdict.UNSOLVABLE
    assert calls and calls[-1] is None


@functools.cache
def _beam_line() -> tuple[Move, ...]:
    """Two-suit deal 1's line from a beam 20 wide, unshortened (the shortening tests' input)."""
    state, deals = root(deal(1, suits=2))
    line = beam_mod.Beam(deals, width=20).run(state)
    assert line is not None
    return tuple(line)


def test_shortening_cuts_loops_and_keeps_the_line_winning():
    pos = deal(1, suits=2)
    state, deals = root(pos)
    line = _beam_line()
    # Pad the line with a move undone at once and made again, and with a run
    # carried on A->B->A (a loop through another column): the shortened line
    # must lose both and still win.
    padded = list(line)
    q = pos.copy(stack=False)
    inserted = 0
    for i, m in enumerate(line):
        before = q.copy(stack=False)
        q.push(m)
        back = None if m.is_deal else Move.of(m.dest, m.source, m.count)
        if back is not None and q.is_legal(back):
            undone = q.copy(stack=False)
            undone.push(back)
            if undone == before:  # nothing turned up, no set removed
                at = i + 1 + 2 * inserted  # after m, past the pairs already inserted
                padded[at:at] = [back, m]
                inserted += 1
                if inserted == 2:
                    break
    assert inserted == 2 and _engine_wins(pos, padded) and len(padded) == len(line) + 4
    short = shorten(state, deals, padded)
    assert len(short) <= len(line) and _engine_wins(pos, short)
    assert wins(state, deals, short)
    assert not wins(state, deals, short[:-1])
    # Each pass does its own part: the loops cut alone give the line back.
    assert _cut_loops(state, deals, padded) == list(line)


def test_shortening_merges_a_run_carried_in_two_hops():
    pos = deal(1, suits=2)
    state, deals = root(pos)
    line = _beam_line()
    # Carry one move's cards A->C by way of a third column B (A->B, then B->C).
    q = pos.copy(stack=False)
    hopped = None
    for i, m in enumerate(line):
        if not m.is_deal:
            for b in range(10):
                there = Move.of(m.source, b, m.count)
                if b in (m.source, m.dest) or not q.is_legal(there):
                    continue
                via = q.copy(stack=False)
                via.push(there)
                on = Move.of(b, m.dest, m.count)
                if via.is_legal(on):
                    hopped = list(line[:i]) + [there, on] + list(line[i + 1:])
                    break
        if hopped:
            break
        q.push(m)
    assert hopped and _engine_wins(pos, hopped) and len(hopped) == len(line) + 1
    # No position is met twice on a hop: cutting loops leaves it; merging hops takes it out.
    assert _cut_loops(state, deals, hopped) == hopped
    merged = _merge_hops(state, deals, hopped, None)  # (and any hop the beam's line had)
    assert len(merged) <= len(line) < len(hopped) and wins(state, deals, merged) and _engine_wins(pos, merged)
