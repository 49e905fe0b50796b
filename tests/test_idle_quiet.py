"""How long an idle table may sleep (issue 40: idle at most 1% of a core): until the
clock shows its next second, a quarter second while something may change it unasked."""

from __future__ import annotations

import itertools
import time

from game import speeds
from game.freecell import deal
from game.play.round import QUIET_LOOK, QUIET_STILL
from game.solver.service import SolverService, answer_pipes, awaiting


def test_an_idle_table_sleeps_until_the_clock_shows_its_next_second(play_for):
    play = play_for("freecell", 6)
    rnd = play.round
    rnd.table.message = ""
    # Nothing can change before a move: it sleeps a few seconds at a time.
    assert not rnd.table.session.clock.running and rnd.quiet_for() == QUIET_STILL > 1.0
    play.button("play:8a")
    play.update(0.01)
    rnd.table.message = ""
    clock = rnd.table.session.clock
    assert clock.running
    now = play.round.env.now
    now.t += 0.3  # 0.3 s into the game: the next second shows in 0.7 s
    assert abs(rnd.quiet_for() - (1.0 - clock.elapsed % 1.0 + 0.005)) < 1e-9
    assert 0.0 < rnd.quiet_for() <= 1.0 and abs((clock.elapsed + rnd.quiet_for()) % 1.0 - 0.005) < 1e-6
    # The clock stopped (a game won): a message shown sleeps until it clears, then a few seconds.
    clock.stop()
    play.say("hello")
    rnd.env.anim_time = rnd.table.message_at + 2.0
    assert abs(rnd.quiet_for() - (speeds.MESSAGE_SECONDS - 2.0 + 0.005)) < 1e-9
    play.update(rnd.quiet_for())
    assert not rnd.table.message and rnd.quiet_for() == QUIET_STILL


def test_an_answer_on_its_way_keeps_the_looks_a_quarter_second_apart(play_for):
    play = play_for("freecell", 6)
    play.round.table.message = ""
    service = SolverService("freecell")
    try:
        service.ask_check(deal(6))
        assert awaiting() and play.round.quiet_for() == QUIET_LOOK
        # A wait that an answer's arrival also ends (game.app.waiting.AnswerWaker) need not look.
        assert answer_pipes() == [service._worker.conn] and play.round.quiet_for(answers_wake=True) > QUIET_LOOK
        end = time.monotonic() + 60
        while service.busy and time.monotonic() < end:
            service.poll()
            time.sleep(0.01)
        service.poll()
        assert not awaiting()
    finally:
        service.close()


def test_the_answer_waker_wakes_once_when_a_pipe_has_something_and_never_reads_it():
    from multiprocessing import Pipe

    from game.app.waiting import PACE, AnswerWaker

    posts: list[float] = []
    waker = AnswerWaker(lambda: posts.append(time.monotonic()))
    here, there = Pipe()
    try:
        waker.arm([here])
        time.sleep(0.1)
        assert posts == []  # nothing to read: no wake
        there.send("answer")
        end = time.monotonic() + 5
        while not posts and time.monotonic() < end:
            time.sleep(0.005)
        assert len(posts) == 1 and here.poll()  # woken, and the answer left for its owner
        waker.disarm()
        # Disarmed: what comes next wakes nobody.
        assert here.recv() == "answer"
        there.send("later")
        time.sleep(0.1)
        assert len(posts) == 1
        # A pipe its owner leaves unread wakes at most once per PACE, however often armed.
        start = time.monotonic()
        while time.monotonic() - start < 10 * PACE:
            waker.arm([here])
            time.sleep(0.001)
            waker.disarm()
        assert 1 < len(posts) - 1 <= 12
        gaps = [b - a for a, b in itertools.pairwise(posts[1:])]
        assert min(gaps) >= PACE * 0.9
    finally:
        waker.close()
    assert not waker._thread.is_alive()
