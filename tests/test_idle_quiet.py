"""How long an idle table may sleep (issue 40: idle at most 1% of a core): until the
clock shows its next second, a quarter second while something may change it unasked."""

from __future__ import annotations

import time

from game.freecell import deal
from game.play.round import QUIET_LOOK
from game.solver.service import SolverService, awaiting


def test_an_idle_table_sleeps_until_the_clock_shows_its_next_second(play_for):
    play = play_for("freecell", 6)
    rnd = play.round
    rnd.table.message = ""
    assert not rnd.table.session.clock.running and rnd.quiet_for() == 1.0  # nothing to show before a move
    play.button("play:8a")
    play.update(0.01)
    rnd.table.message = ""
    clock = rnd.table.session.clock
    assert clock.running
    now = play.round.env.now
    now.t += 0.3  # 0.3 s into the game: the next second shows in 0.7 s
    assert abs(rnd.quiet_for() - (1.0 - clock.elapsed % 1.0 + 0.005)) < 1e-9
    assert 0.0 < rnd.quiet_for() <= 1.0 and abs((clock.elapsed + rnd.quiet_for()) % 1.0 - 0.005) < 1e-6
    # A message waits to be cleared: a quarter second.
    play.say("hello")
    assert rnd.quiet_for() == QUIET_LOOK


def test_an_answer_on_its_way_keeps_the_looks_a_quarter_second_apart(play_for):
    play = play_for("freecell", 6)
    play.round.table.message = ""
    service = SolverService("freecell")
    try:
        service.ask_check(deal(6))
        assert awaiting() and play.round.quiet_for() == QUIET_LOOK
        end = time.monotonic() + 60
        while service.busy and time.monotonic() < end:
            service.poll()
            time.sleep(0.01)
        service.poll()
        assert not awaiting()
    finally:
        service.close()
