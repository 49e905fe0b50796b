"""Spider's demo: a first line soon (the quick search order), progress on the
status line while it searches, and a shorter ending spliced in while it plays."""

from __future__ import annotations

import functools
import math
import time

import pytest

from game.play import Play
from game.play.demo import SHORTER_MARGIN, SHORTER_SECONDS
from game.playback import DEFAULT_SPEED, Playback
from game.session import SpiderSession
from game.solver import Answer, Ask, Progress, Verdict
from game.spider import deal
from game.spider.lines import shorter_line
from game.spider.solver import solve


def _wins(position, line) -> bool:
    pos = position.copy()
    for move in line:
        pos.push(move)
    return pos.is_won()


@functools.cache
def quick(number: int, suits: int):
    """The quick search's answer for a new game, searched once per test process (the tests only read it)."""
    return solve(deal(number, suits), quick=True)


def test_the_quick_search_returns_a_line_the_rules_engine_wins_with():
    for number, suits in ((1, 1), (3, 2), (503193, 4)):
        r = quick(number, suits)
        assert r.verdict is Verdict.SOLVED and r.replayed
        assert _wins(deal(number, suits), r.moves)


@pytest.mark.slow  # two searches of a hard four-suit deal (9 s): a strength figure, checked in CI
def test_the_quick_order_wins_sooner_where_another_flavour_helps():
    # 4-suit game 351395: the plain beams fail at widths 20 and 50 and win at
    # 125; the quick order's beam of width 20 that counts empty columns
    # twice wins first: within its work, the plain order has no line yet.
    pos = deal(351395, 4)
    quick = solve(pos, quick=True)
    assert quick.verdict is Verdict.SOLVED and quick.replayed
    plain = solve(pos, budget=quick.states)
    assert plain.verdict is Verdict.UNKNOWN and plain.reason == "budget"


def test_the_quick_order_keeps_honest_verdicts():
    assert solve(deal(1, 4), quick=True, budget=50).verdict is Verdict.UNKNOWN
    # The default order is untouched: the plain beams alone, each width in turn; the quick
    # order tries its other flavours one width behind, from the second width on.
    from itertools import islice

    from game.spider.solver import BEAM_WIDTHS, QUICK_FLAVOURS, _beams

    n = len(BEAM_WIDTHS)
    assert list(islice(_beams(False), n)) == [(w, (1, 1)) for w in BEAM_WIDTHS]
    assert list(islice(_beams(True), 2 + len(QUICK_FLAVOURS))) == (
        [(BEAM_WIDTHS[0], (1, 1)), (BEAM_WIDTHS[1], (1, 1))] + [(BEAM_WIDTHS[0], f) for f in QUICK_FLAVOURS])


def test_a_shorter_line_is_shorter_and_replays_or_is_unknown():
    pos = deal(1, 2)
    first = quick(1, 2).moves
    r = shorter_line(pos, len(first) + 40, budget=60_000)
    assert r.verdict is Verdict.SOLVED and r.replayed and len(r.moves) < len(first) + 40
    assert _wins(pos, r.moves)
    # Five moves before the first line's end, no line of one move wins: the lines found are longer.
    near_end = pos.copy()
    for move in first[:-5]:
        near_end.push(move)
    none = shorter_line(near_end, 2, budget=60_000)
    assert none.verdict is Verdict.UNKNOWN and none.reason == "no shorter line" and not none.moves
    # At the boundary: a line as long as ``than`` is not shorter; one move more allowed, it is.
    end = shorter_line(near_end, 100, budget=60_000)
    assert end.verdict is Verdict.SOLVED and 2 <= len(end.moves) <= 5
    same = shorter_line(near_end, len(end.moves), budget=60_000)
    assert same.verdict is Verdict.UNKNOWN and same.reason == "no shorter line"
    assert shorter_line(near_end, len(end.moves) + 1, budget=60_000).moves == end.moves
    stopped = shorter_line(pos, 500, cancel=lambda: True)
    assert stopped.verdict is Verdict.UNKNOWN and stopped.reason == "cancelled" and not stopped.moves
    with pytest.raises(ValueError):
        shorter_line(pos, 0)


def test_playback_splices_a_winning_ending_only_before_it_gets_there():
    pos = deal(1, 1)
    line = quick(1, 1).moves
    at = 10
    later = pos.copy()
    for move in line[:at]:
        later.push(move)
    rest = solve(later, quick=True).moves  # another winning ending from there
    assert rest and list(rest) != list(line[at:])
    demo = Playback(pos, line)
    assert not demo.splice(at, rest[:-1])  # does not win
    assert not demo.splice(at, list(reversed(rest)))  # not legal
    assert demo.line == list(line)
    for _ in range(at + 1):
        demo.step_forward()
    assert not demo.splice(at, rest)  # already past it
    demo.step_back()
    assert demo.splice(at, rest) and demo.line == list(line[:at]) + list(rest)
    while demo.step_forward():
        pass
    assert pos.is_won()


class FakeSpiderSolver:
    """A Spider solver service that reports progress, answers a line, and
    records the shorter-ending requests (answered when the test says)."""

    def __init__(self, line) -> None:
        self.line = tuple(line)
        self.events: list = []
        self.shorter: list[tuple[int, object, int]] = []
        self.cancelled: list[int] = []
        self._next = 0

    def ask_line(self, position, **limits) -> int:
        self._next += 1
        self.line_request = self._next
        return self._next

    def ask_shorter(self, position, than, **limits) -> int:
        self._next += 1
        self.shorter.append((self._next, position.copy(), than))
        return self._next

    def poll(self, request=None):
        out = [e for e in self.events if request is None or e.request == request]
        self.events = [e for e in self.events if e not in out]
        return out

    def cancel(self, request=None) -> None:
        self.cancelled.append(request)

    def close(self) -> None:
        pass


@pytest.fixture
def spider_play(play_for):
    """Spider controllers (conftest's ``play_for``) with par's search on, as a player has it."""
    return lambda number, suits: play_for("spider", number, suits, find_par=True)


def test_the_status_shows_the_search_going_on_then_the_demo_plays(spider_play):
    play = spider_play(1, 1)
    line = quick(1, 1).moves
    fake = play.jobs.solvers["spider"] = FakeSpiderSolver(line)
    play.round.start_demo()
    assert play.jobs.waiting is not None and "searching" in play.status()
    rid = fake.line_request
    fake.events.append(Progress(rid, Ask.LINE, 12_345, 0.1))
    play.update(0.05)
    assert "Demo: searching\u2026 12,345 positions" in play.status()
    # The figure moves at most twice a second (each change redraws the window).
    fake.events.append(Progress(rid, Ask.LINE, 23_456, 0.2))
    play.update(0.1)
    assert "12,345 positions" in play.status()
    fake.events.append(Progress(rid, Ask.LINE, 34_567, 0.7))
    play.update(0.5)
    assert "34,567 positions" in play.status()
    fake.events.append(Answer(rid, Ask.LINE, Verdict.SOLVED, tuple(line)))
    play.update(0.05)
    assert play.round.demo is not None and play.jobs.waiting is None and "searching" not in play.status()
    # At once, it asks for a shorter ending from where it will be in a few seconds.
    (request, later, than), = fake.shorter
    at = math.ceil(SHORTER_SECONDS / DEFAULT_SPEED) + SHORTER_MARGIN
    assert than == len(line) - at and str(later) == _after(play, line, at)
    # The answer: a shorter ending from there, spliced in, and said.
    rest = shorter_line(later, than, budget=80_000).moves
    assert rest and len(rest) < than
    fake.events.append(Answer(request, Ask.SHORTER, Verdict.SOLVED, tuple(rest)))
    play.update(0.05)
    demo = play.round.demo
    assert demo.playback.line == list(line[:at]) + list(rest)
    assert "shorter way" in play.message and f"{than - len(rest)} moves fewer" in play.message
    for _ in range(5000):
        play.update(0.25)
        if play.round.demo is None:
            break
    assert play.table.session.won
    assert fake.shorter == [(request, later, than)]  # asked once


def _after(play: Play, line, at: int) -> str:
    session = play.table.session
    assert isinstance(session, SpiderSession)
    pos = deal(session.number, session.suits)
    for move in line[:at]:
        pos.push(move)
    return str(pos)


def test_stopping_or_passing_the_point_drops_the_search_for_a_shorter_ending(spider_play):
    play = spider_play(1, 1)
    line = quick(1, 1).moves
    fake = play.jobs.solvers["spider"] = FakeSpiderSolver(line)
    play.round.play_demo(list(line))
    play.update(0.05)
    (request, _, _), = fake.shorter
    play.round.stop_demo()
    assert request in fake.cancelled and play.round.demo is None
    # Sped on past the point before the answer came: the search is dropped too.
    play.round.play_demo(list(line[play.table.position.move_count:]))
    play.update(0.05)
    request, at = play.round.demo.seeking
    for _ in range(at + 1):
        play.round.demo.playback.step_forward()
    play.update(0.05)
    assert request in fake.cancelled and play.round.demo.seeking is None


def test_the_demo_through_the_real_worker_plays_a_replayed_line_to_a_win(spider_play):
    play = spider_play(1, 1)
    play.round.start_demo()
    end = time.monotonic() + 60
    while play.round.demo is None and time.monotonic() < end:
        play.update(0.02)
        time.sleep(0.01)
    assert play.round.demo is not None and play.round.demo.playback.full_knowledge
    for _ in range(2_000):
        play.update(0.2)
        if play.table.session.won or play.round.demo is None:
            break
    assert play.table.session.won and play.round.demo_touched


def test_the_worker_answers_a_shorter_ending_that_replays_and_only_for_spider():
    from game.solver import SolverService, wait_for_answers

    pos = deal(3, 2)
    line = quick(3, 2).moves
    later = pos.copy()
    for move in line[:20]:
        later.push(move)
    with SolverService("spider") as spider:
        rid = spider.ask_shorter(later, len(line) - 20 + 30, budget=40_000, time_limit=None)
        (answer,) = wait_for_answers(spider, {rid}, timeout=120)
    assert answer.kind is Ask.SHORTER and answer.verdict is Verdict.SOLVED, answer.reason
    assert len(answer.line) < len(line) - 20 + 30 and _wins(later, answer.line)
    with pytest.raises(ValueError, match="Spider"):
        SolverService("freecell").ask_shorter(pos, 10)
