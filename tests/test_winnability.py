"""Live winnability: the indicator's state machine, the real checker, and rewind."""

from __future__ import annotations

import time
from dataclasses import dataclass

import pytest

from game.freecell import Move, Position, deal
from game.freecell.hints import HintKind
from game.freecell.solver import SolveResult, Verdict, solve
from game.freecell.winnability import (
    Checked,
    RewindTarget,
    StubChecker,
    Winnability,
    WinState,
    rewind_target,
)
from game.solver import SolverChecker

# A near-end position with ONE free cell (found by a search over random
# endgames, then pinned here): 75 and 81 keep it winnable, 7a loses it
# (the last free cell is taken and nothing can ever move off it in time).
LOST_AT_3 = (
    "Foundations: H-6 C-6 D-6 S-6\n"
    "QH 9S 9H\n"
    "TH 9C KS KD KH 8H\n"
    "7C TC JS\n"
    "JC TS JH\n"
    "QS\n"
    "TD QD 7D 9D\n"
    "7H 8D QC JD\n"
    "8S KC 7S 8C\n"
)
LINE = ["75", "81", "7a", "16"]  # move 3 (7a) loses; move 4 plays on in the lost game


def lost_game() -> Position:
    pos = Position.parse(LOST_AT_3, free_cells=1)
    for text in LINE:
        pos.push(pos.parse_move(text), auto=False)
    return pos


@dataclass
class Progress:  # an event with no verdict, like the hint service's progress
    request: int
    states: int = 0


# --- the state machine, with a stubbed solver -------------------------------------


def test_checking_then_each_verdict():
    stub = StubChecker()
    win = Winnability(stub)
    assert win.state is WinState.UNKNOWN and not stub.asked
    pos = deal(1)
    win.position_changed(pos)
    assert win.state is WinState.CHECKING and win.label == "checking…"
    assert len(stub.asked) == 1 and stub.asked[0] == pos
    assert win.poll() is False  # nothing yet: never waits
    stub.answer(Verdict.SOLVED, moves=[Move.parse("2a")])
    assert win.poll() is True
    assert win.state is WinState.WINNABLE and win.label == "winnable"
    assert win.line == (Move.parse("2a"),)

    pos.push(Move.parse("2a"))
    win.position_changed(pos)
    assert win.state is WinState.CHECKING and win.line == ()
    stub.answer(Verdict.UNKNOWN)
    win.poll()
    assert win.state is WinState.UNKNOWN and win.label == "unknown"

    pos.push(Move.parse("8b"))
    win.position_changed(pos)
    stub.answer(Verdict.UNSOLVABLE)
    win.poll()
    assert win.state is WinState.LOST and win.label == "no longer winnable"


def test_next_move_cancels_and_stale_answers_are_ignored():
    stub = StubChecker()
    win = Winnability(stub)
    pos = deal(1)
    win.position_changed(pos)
    first = stub.last
    pos.push(Move.parse("2a"))
    win.position_changed(pos)
    assert stub.cancels == 1 and stub.last == first + 1
    # The first position's answer arrives late: it says nothing about this one.
    stub.answer(Verdict.UNSOLVABLE, request=first)
    assert win.poll() is False and win.state is WinState.CHECKING
    stub.send(Progress(stub.last))
    stub.answer(Verdict.SOLVED)
    assert win.poll() is True and win.state is WinState.WINNABLE


def test_progress_events_and_hint_kinds():
    stub = StubChecker()
    win = Winnability(stub)
    win.position_changed(deal(5))
    stub.send(Progress(stub.last))
    assert win.poll() is False and win.state is WinState.CHECKING
    stub.send(Checked(stub.last, HintKind.NO_WIN))  # a HintService answer works too
    assert win.poll() is True and win.state is WinState.LOST


def test_known_positions_answer_at_once():
    stub = StubChecker()
    win = Winnability(stub)
    pos = deal(1)
    win.position_changed(pos)
    stub.answer(Verdict.SOLVED)
    win.poll()
    pos.push(Move.parse("2a"))
    win.position_changed(pos)
    pos.pop()  # undo: back to a position proven winnable
    win.position_changed(pos)
    assert win.state is WinState.WINNABLE and len(stub.asked) == 2
    # The UNKNOWN answer is not remembered: the same position is asked again.
    pos.push(Move.parse("2a"))
    win.position_changed(pos)
    stub.answer(Verdict.UNKNOWN)
    win.poll()
    pos.pop()
    pos.push(Move.parse("2a"))
    win.position_changed(pos)
    assert win.state is WinState.CHECKING and len(stub.asked) == 4


def test_a_lost_game_stays_lost_without_searching():
    stub = StubChecker()
    win = Winnability(stub)
    pos = Position.parse(LOST_AT_3, free_cells=1)
    for text in LINE[:3]:
        pos.push(pos.parse_move(text), auto=False)
    win.position_changed(pos)
    stub.answer(Verdict.UNSOLVABLE)
    win.poll()
    asked = len(stub.asked)
    pos.push(pos.parse_move("16"), auto=False)  # any move on from a lost position is lost
    win.position_changed(pos)
    assert win.state is WinState.LOST and len(stub.asked) == asked
    # ... but another game (an empty history too) is checked afresh.
    win.position_changed(deal(2))
    assert win.state is WinState.CHECKING and len(stub.asked) == asked + 1


def test_a_won_position_needs_no_search():
    stub = StubChecker()
    win = Winnability(stub)
    won = Position.parse("Foundations: H-K C-K D-K S-K\n")
    win.position_changed(won)
    assert win.state is WinState.WINNABLE and not stub.asked


def test_off_asks_nothing_and_turning_on_checks():
    stub = StubChecker()
    win = Winnability(stub, enabled=False)
    assert win.state is WinState.OFF and win.label == ""
    pos = deal(1)
    win.position_changed(pos)
    assert not stub.asked and win.poll() is False
    win.set_enabled(True, pos)
    assert win.state is WinState.CHECKING and len(stub.asked) == 1
    win.set_enabled(False)
    assert win.state is WinState.OFF and stub.cancels == 1
    stub.answer(Verdict.SOLVED)
    assert win.poll() is False and win.state is WinState.OFF


# --- the real checker ------------------------------------------------------------------


def test_real_checker_answers_in_the_background():
    with SolverChecker(budget=50_000, time_limit=10.0) as checker:
        win = Winnability(checker)
        pos = deal(1)
        win.position_changed(pos)
        # Never stalls a frame: position_changed returned before any answer existed.
        assert win.state is WinState.CHECKING and checker.busy
        pos.push(Move.parse("2a"))  # moved on at once: the first search is cancelled
        win.position_changed(pos)
        end = time.monotonic() + 60
        while win.state is WinState.CHECKING and time.monotonic() < end:
            win.poll()
            time.sleep(0.01)
        assert win.state is WinState.WINNABLE
        # The line it sent replays from the position checked.
        replay = pos.copy()
        for move in win.line:
            replay.push(move, auto=False)
        assert replay.is_won()


# --- rewind -----------------------------------------------------------------------------


def test_the_constructed_position_is_lost_at_move_3():
    pos = Position.parse(LOST_AT_3, free_cells=1)
    verdicts = []
    for text in LINE:
        verdicts.append(solve(pos, budget=200_000).verdict)
        pos.push(pos.parse_move(text), auto=False)
    verdicts.append(solve(pos, budget=200_000).verdict)
    S, U = Verdict.SOLVED, Verdict.UNSOLVABLE
    assert verdicts == [S, S, S, U, U]


def test_rewind_names_the_losing_move():
    pos = lost_game()
    before = pos.board()
    target = rewind_target(pos)
    assert target == RewindTarget(2, Move.parse("7a"), 3, True)
    assert target.message == "7a at move 3 lost it"
    assert pos.board() == before and pos.move_count == 4  # worked on a copy
    for _ in range(target.steps):
        pos.pop()
    assert solve(pos).verdict is Verdict.SOLVED


def test_rewind_uses_the_verdicts_found_during_play():
    pos = lost_game()
    calls = []

    def counting(p: Position, **kw: object) -> SolveResult:
        calls.append(p.board())
        return solve(p, **kw)  # type: ignore[arg-type]

    stub = StubChecker()
    win = Winnability(stub)
    walk = Position.parse(LOST_AT_3, free_cells=1)
    for text in LINE:
        walk.push(walk.parse_move(text), auto=False)
        win.position_changed(walk)
        stub.answer(solve(walk).verdict)
        win.poll()
    assert win.state is WinState.LOST
    target = rewind_target(pos, counting, known=win.verdicts, known_lost=True)
    assert target is not None and target.message == "7a at move 3 lost it"
    assert calls == []


def test_unknown_is_never_lost():
    pos = lost_game()

    def undecided(p: Position, **kw: object) -> SolveResult:
        return SolveResult(Verdict.UNKNOWN, reason="budget")

    assert rewind_target(pos, undecided) is None
    # An undecided position between the winnable one and the proven loss:
    # rewind still goes back to the winnable one, but claims no proof.
    real = {}
    p = Position.parse(LOST_AT_3, free_cells=1)
    for i, text in enumerate(LINE):
        p.push(p.parse_move(text), auto=False)
        real[p.key()] = Verdict.UNKNOWN if i == 2 else solve(p).verdict
    target = rewind_target(pos, known=real)
    assert target is not None and (target.steps, str(target.losing_move), target.proven) == (2, "7a", False)
    assert "or a later move" in target.message


def test_no_rewind_when_nothing_before_was_winnable():
    pos = deal(11982)  # known unsolvable from the deal
    start_key = pos.key()
    pos.push(pos.legal_moves()[0])
    verdicts = {pos.key(): Verdict.UNSOLVABLE, start_key: Verdict.UNSOLVABLE}
    assert rewind_target(pos, known=verdicts) is None


@pytest.mark.parametrize("bad", [Verdict.SOLVED, Verdict.UNKNOWN])
def test_no_rewind_unless_the_position_is_proven_lost(bad: Verdict):
    pos = lost_game()
    assert rewind_target(pos, lambda p, **kw: SolveResult(bad)) is None
