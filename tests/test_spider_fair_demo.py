"""Spider's Demo offers "Play fair" beside the full-knowledge demo (issue 36): the
fair hint plays, asked of the worker before each move, labelled on the status line."""

from __future__ import annotations

import time

from test_spider_hint_table import FakeSolver, table_with

from game.input.actions import Act, Action
from game.play.fair_demo import FairDemo
from game.play.panels import Command


def test_the_demo_button_offers_both_demos_in_spider(play_for):
    play = play_for("spider", 1, 1)
    play.button(Command.DEMO)
    panel = play.panel()
    assert panel is not None and [b.action for b in panel.buttons] == [Command.DEMO_FULL, Command.DEMO_FAIR,
                                                                       Command.CLOSE]
    assert play.round.demo is None and play.jobs.waiting is None  # nothing starts before the choice
    play.button(Command.DEMO_FAIR)
    assert isinstance(play.round.demo, FairDemo) and play.table.session.assisted
    assert "Play fair (sees only what you see) 0" in play.status()
    # The real worker answers; the demo plays moves as flights.
    end = time.monotonic() + 90
    while play.round.demo is not None and play.round.demo.played < 3 and time.monotonic() < end:
        play.update(1 / 30)
        time.sleep(0.01)
    assert play.round.demo is not None and play.round.demo.played >= 3
    assert play.table.session.moves + (5 - play.table.position.deals_left) >= 3
    play.act(Action(Act.CANCEL))
    assert play.round.demo is None and play.message == "Demo stopped: your move"


def test_freecells_demo_button_starts_its_demo_at_once(play_for):
    play = play_for("freecell", 1)
    play.button(Command.DEMO)
    assert play.panel() is None  # no choice of demos: FreeCell's has none
    # It starts at once: the demo's line is asked of the worker (the solver plays when it comes).
    assert play.round.demo is None and play.jobs.waiting is not None and play.jobs.waiting[0] == "demo"


def test_the_fair_demo_never_shows_a_table_twice_and_keys_pause_and_step():
    solver = FakeSolver()
    table = table_with(solver, number=2, suits=1)
    demo = FairDemo(table, lambda: solver)
    views = [table.position.visible()]
    for _ in range(12):
        demo.update(1.0)
        if solver.asked and not solver.ready and demo.hints.waiting:
            solver.answer()
        table.flights.land()
        if table.position.visible() != views[-1]:
            views.append(table.position.visible())
    assert demo.played >= 4 and len(views) == len(set(views)) == demo.played + 1
    assert "Play fair (sees only what you see)" in demo.status()
    demo.action(Action(Act.SELECT))
    assert demo.paused and "paused" in demo.status()
    played = demo.played
    demo.action(Action(Act.FOCUS_LEFT))  # one back
    assert demo.played == played - 1 and table.position.visible() == views[-2]
    demo.action(Action(Act.FOCUS_UP))
    assert demo.speed < 0.35 and table.message.startswith("Demo speed")
