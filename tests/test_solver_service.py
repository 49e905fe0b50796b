"""The solver service: every kind of request for both games, one search per
position, supersede and cancel, and a worker that dies mid-search.

No timing assertions: waits are polling loops that fail after a generous timeout.
"""

from __future__ import annotations

import os
import signal
import time

import pytest
from test_winnability import lost_game

from game.freecell import Move, deal
from game.freecell.winnability import RewindTarget, Winnability, WinState
from game.solver import (
    SUPERSEDED,
    Answer,
    Ask,
    HintService,
    Progress,
    SolverChecker,
    SolverService,
    Verdict,
    wait_for_answers,
)
from game.solver.worker import run_job
from game.spider import deal as spider_deal
from game.spider.masked import mask

# A deal no search of this size decides: keeps the worker busy until told otherwise.
HARD = 11982


def replays(position, line) -> bool:
    pos = position.copy()
    for move in line:
        if isinstance(move, Move):
            pos.push(move, auto=False)
        else:
            pos.push(move)
    return pos.is_won()


def events_until(service: SolverService, request: int, timeout: float = 60.0) -> list:
    """Everything polled until ``request``'s answer (included)."""
    seen: list = []
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for event in service.poll():
            seen.append(event)
            if isinstance(event, Answer) and event.request == request:
                return seen
        time.sleep(0.005)
    raise AssertionError(f"no answer to request {request}")


@pytest.fixture
def freecell():
    with SolverService("freecell") as service:
        yield service


@pytest.fixture
def spider():
    with SolverService("spider") as service:
        yield service


# --- each kind, each game ----------------------------------------------------------------


def test_freecell_check_hint_and_line(freecell):
    pos = deal(1)
    check = freecell.ask_check(pos)
    [answer] = wait_for_answers(freecell, {check})
    assert (answer.kind, answer.verdict, answer.shared) == (Ask.CHECK, Verdict.SOLVED, False)
    assert answer.move == answer.line[0] and replays(pos, answer.line) and answer.states > 0

    # Another position: the hint runs a search of its own (its line is shortened a while).
    two = deal(2)
    hint = freecell.ask_hint(two)
    line = freecell.ask_line(two)  # rides on the hint: same position
    h, ln = wait_for_answers(freecell, {hint, line})
    assert (h.kind, h.verdict, h.shared) == (Ask.HINT, Verdict.SOLVED, False)
    assert two.is_legal(h.move) and replays(two, h.line)
    assert (ln.kind, ln.verdict, ln.shared, ln.line) == (Ask.LINE, Verdict.SOLVED, True, h.line)
    assert freecell.searches == 2 and not freecell.busy


def test_freecell_unknown_still_names_a_sensible_move(freecell):
    rid = freecell.ask_hint(deal(HARD), budget=300)
    [a] = wait_for_answers(freecell, {rid})
    assert a.verdict is Verdict.UNKNOWN and a.reason == "budget" and a.line == ()
    assert deal(HARD).is_legal(a.move)


def test_freecell_rewind_in_the_worker(freecell):
    pos = lost_game()
    before = pos.board()
    rid = freecell.ask_rewind(pos)
    [a] = wait_for_answers(freecell, {rid})
    assert a.kind is Ask.REWIND and a.verdict is Verdict.SOLVED
    assert a.rewind == RewindTarget(2, Move.parse("7a"), 3, True) and a.move == Move.parse("7a")
    assert a.states > 0 and pos.board() == before and pos.move_count == 4
    # Verdicts known from play answer the walk without a search (only the
    # positions of this game's history travel to the worker).
    known = {}
    walk = pos.copy()
    known[walk.key()] = Verdict.UNSOLVABLE
    walk.pop()
    known[walk.key()] = Verdict.UNSOLVABLE
    walk.pop()
    known[walk.key()] = Verdict.SOLVED
    known[deal(5).key()] = Verdict.SOLVED  # another game's: ignored
    rid = freecell.ask_rewind(pos, known=known, known_lost=True)
    [b] = wait_for_answers(freecell, {rid})
    assert b.rewind == a.rewind and b.states == 0


def test_spider_check_line_and_hint(spider):
    pos = spider_deal(1, suits=1)
    check = spider.ask_check(pos, budget=100_000, time_limit=None)
    line = spider.ask_line(pos, budget=100_000, time_limit=None)  # rides on the check
    c, ln = wait_for_answers(spider, {check, line})
    assert c.verdict is Verdict.SOLVED and replays(pos, c.line)
    assert ln.kind is Ask.LINE and ln.shared and ln.line == c.line
    # The Spider hint sees only what the player sees: never from the solver's line, and
    # never a position (its hidden cards would cross to the worker).
    with pytest.raises(TypeError, match="player's view"):
        spider.ask_hint(pos)
    hint = spider.ask_hint(mask(pos))
    [h] = wait_for_answers(spider, {hint})
    # The fair hint (its layouts cut off by the worker's safety clock on a busy machine
    # count as open, so the words may differ from an unhurried search: the move is legal).
    from game.spider.advice import FairHint

    assert isinstance(h.move, FairHint) and pos.is_legal(h.move.move) and h.move.index == 0
    assert h.verdict is Verdict.UNKNOWN and not h.shared
    assert spider.searches == 2
    with pytest.raises(ValueError, match="FreeCell"):
        spider.ask_rewind(pos)


def test_positions_of_the_other_game_are_refused():
    with pytest.raises(ValueError, match="no solver"):
        SolverService("klondike")
    service = SolverService("spider")
    with pytest.raises(TypeError, match="spider position"):
        service.ask_check(deal(1))
    assert service.pid is None  # nothing started for a refused request


def test_run_job_in_process():
    pos = spider_deal(3, suits=1)
    a = run_job(Ask.LINE, pos, {"budget": 100_000})
    assert a.verdict is Verdict.SOLVED and replays(pos, a.line)
    lost = run_job(Ask.CHECK, lost_game(), {"budget": 200_000})
    assert lost.verdict is Verdict.UNSOLVABLE and lost.move is None and lost.line == ()


# --- one search per position ----------------------------------------------------------------


def test_hint_rides_on_the_running_check(freecell):
    pos = deal(1)
    check = freecell.ask_check(pos)
    hint = freecell.ask_hint(pos)  # the check cannot have been answered: nothing polled yet
    c, h = wait_for_answers(freecell, {check, hint})
    assert freecell.searches == 1
    assert h.shared and h.kind is Ask.HINT and h.verdict is Verdict.SOLVED
    assert h.move == c.line[0] and h.line == c.line


def test_hint_after_the_check_is_answered_from_memory(freecell):
    pos = deal(1)
    check = freecell.ask_check(pos)
    [c] = wait_for_answers(freecell, {check})
    pid = freecell.pid
    hint = freecell.ask_hint(pos)
    # Answered at once, on the very next poll: no search.
    [h] = [e for e in freecell.poll() if isinstance(e, Answer)]
    assert (h.request, h.shared, h.move) == (hint, True, c.line[0])
    assert freecell.searches == 1 and freecell.pid == pid
    # A different layout (even one that only moves a card) is searched afresh.
    moved = pos.copy()
    moved.push(c.line[0], auto=False)
    hint = freecell.ask_hint(moved)
    [h2] = wait_for_answers(freecell, {hint})
    assert not h2.shared and freecell.searches == 2 and moved.is_legal(h2.move)


def test_a_line_whose_shared_check_ran_out_gets_its_own_search(freecell):
    pos = deal(1)
    check = freecell.ask_check(pos, budget=5)
    line = freecell.ask_line(pos)
    c, ln = wait_for_answers(freecell, {check, line})
    assert c.verdict is Verdict.UNKNOWN and c.reason == "budget"
    assert ln.verdict is Verdict.SOLVED and not ln.shared and replays(pos, ln.line)
    assert freecell.searches == 2


def test_live_check_and_hints_share_one_worker():
    solver = SolverService("freecell")
    win = Winnability(SolverChecker(service=solver))
    hints = HintService(service=solver)
    try:
        pos = deal(1)
        win.position_changed(pos)
        rid = hints.ask(pos)
        hint = None
        end = time.monotonic() + 60
        while (hint is None or win.checking) and time.monotonic() < end:
            win.poll()
            hint = next((e for e in hints.poll() if getattr(e, "kind", None) is not None), hint)
            time.sleep(0.005)
        assert win.state is WinState.WINNABLE and hint is not None and hint.request == rid
        assert hint.move == win.line[0] and solver.searches == 1
    finally:
        win.close()
        hints.close()
        solver.close()


# --- supersede and cancel ---------------------------------------------------------------------


def test_a_new_request_supersedes_the_running_one(freecell):
    first = freecell.ask_check(deal(HARD), budget=10**9, time_limit=None)
    second = freecell.ask_check(deal(1))
    seen = events_until(freecell, second)
    answers = [e for e in seen if isinstance(e, Answer)]
    assert [(a.request, a.verdict, a.reason) for a in answers[:1]] == [(first, Verdict.UNKNOWN, SUPERSEDED)]
    assert answers[0].superseded and answers[-1].request == second
    assert answers[-1].verdict is Verdict.SOLVED and len(answers) == 2
    # Whatever the worker did with the first request, nothing more comes of it.
    assert freecell.wait()
    assert all(e.request != first for e in freecell.poll())


def test_cancel_drops_the_request_and_its_answer(freecell):
    first = freecell.ask_check(deal(1))
    assert freecell.wait()  # the answer has arrived, not yet polled
    freecell.cancel()
    assert freecell.poll() == [] and not freecell.busy
    # Cancelling a running search: the worker stops it and stays usable.
    freecell.ask_check(deal(HARD), budget=10**9, time_limit=None)
    freecell.cancel()
    assert freecell.wait() and freecell.poll() == []
    again = freecell.ask_check(deal(2))
    assert [a.request for a in wait_for_answers(freecell, {again})] == [again] and again > first


def test_progress_comes_before_the_answer(freecell):
    rid = freecell.ask_check(deal(HARD), budget=60_000, time_limit=None)
    seen = events_until(freecell, rid)
    progress = [e for e in seen if isinstance(e, Progress)]
    assert progress and all(p.request == rid and p.kind is Ask.CHECK for p in progress)
    assert [p.states for p in progress] == sorted(p.states for p in progress)
    assert seen[-1].verdict is Verdict.UNKNOWN and seen[-1].reason == "budget"


# --- a dead worker ----------------------------------------------------------------------------


def test_a_worker_killed_mid_search_is_answered_and_replaced(freecell):
    rid = freecell.ask_check(deal(HARD), budget=10**9, time_limit=None)
    hint = freecell.ask_hint(deal(HARD))  # rides on it: answered too
    end = time.monotonic() + 60
    while not any(isinstance(e, Progress) for e in freecell.poll()):  # the search is running
        assert time.monotonic() < end, "the search never started"
        time.sleep(0.01)
    dead = freecell.pid
    os.kill(dead, signal.SIGKILL)
    answers = wait_for_answers(freecell, {rid, hint})
    assert {a.request for a in answers} == {rid, hint}
    for a in answers:
        assert a.verdict is Verdict.UNKNOWN and "stopped" in a.reason
    assert not freecell.busy
    again = freecell.ask_check(deal(1))
    [a] = wait_for_answers(freecell, {again})
    assert a.verdict is Verdict.SOLVED and freecell.pid not in (None, dead)


def test_a_dead_idle_worker_is_replaced_on_the_next_request(freecell):
    first = freecell.ask_check(deal(1))
    wait_for_answers(freecell, {first})
    dead = freecell.pid
    os.kill(dead, signal.SIGKILL)
    end = time.monotonic() + 60
    while freecell.pid == dead:  # poll notices the death even with nothing asked
        assert freecell.poll() == [] and time.monotonic() < end
        time.sleep(0.01)
    rid = freecell.ask_check(deal(2))
    [a] = wait_for_answers(freecell, {rid})
    assert a.verdict is Verdict.SOLVED and freecell.pid != dead


def test_cancelling_one_request_leaves_the_one_sharing_its_search(freecell):
    pos = deal(1)
    check = freecell.ask_check(pos)
    hint = freecell.ask_hint(pos)
    freecell.cancel(check)  # the check's asker left; the hint still wants the search
    [h] = wait_for_answers(freecell, {hint})
    assert h.verdict is Verdict.SOLVED and h.shared
    assert freecell.wait() and freecell.poll() == [] and freecell.searches == 1
    # And the other way round: the rider leaves, the search answers its owner.
    two = deal(2)
    check = freecell.ask_check(two)
    hint = freecell.ask_hint(two)
    freecell.cancel(hint)
    seen = events_until(freecell, check)
    assert all(e.request == check for e in seen)
    assert freecell.wait() and freecell.poll() == []


def test_a_failing_search_is_answered_and_the_worker_lives_on(spider):
    pos = spider_deal(1, suits=1)
    bad = spider.ask_check(pos, budget=0)  # the solver refuses a budget under 1
    [a] = wait_for_answers(spider, {bad})
    assert a.verdict is Verdict.UNKNOWN and a.reason.startswith("solver error: budget")
    pid = spider.pid
    good = spider.ask_check(pos, budget=100_000, time_limit=None)
    [b] = wait_for_answers(spider, {good})
    assert b.verdict is Verdict.SOLVED and spider.pid == pid


def test_the_hint_service_answers_a_dead_worker_with_a_sensible_move():
    solver = SolverService("freecell")
    with HintService(budget=10**9, time_limit=None, service=solver) as service:
        rid = service.ask(deal(HARD))
        assert solver.busy and solver.pid is not None  # the worker started with the ask
        os.kill(solver.pid, signal.SIGKILL)  # at any point of its life: start-up or search
        end = time.monotonic() + 60
        hint = None
        while hint is None:
            assert time.monotonic() < end, "the dead worker's request was never answered"
            hint = next((e for e in service.poll() if getattr(e, "kind", None) is not None), None)
            time.sleep(0.01)
        assert hint.request == rid and hint.kind.value == "unfinished" and deal(HARD).is_legal(hint.move)
        assert not service.busy
    solver.close()


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="POSIX priorities")
def test_the_worker_runs_nicer_than_the_game(freecell):
    # The search takes only the CPU the window leaves (issue 40: at the game's own
    # priority, par's search took a core from the software renderer).
    from game.solver.worker import WORKER_NICE

    [a] = wait_for_answers(freecell, {freecell.ask_check(deal(1))})
    assert a.verdict is Verdict.SOLVED
    ours = os.getpriority(os.PRIO_PROCESS, 0)
    assert os.getpriority(os.PRIO_PROCESS, freecell.pid) == min(19, ours + WORKER_NICE)
