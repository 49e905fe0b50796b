"""A demo's status line and its speed keys (issue 27, point 10): pausing keeps the
clock and score on the line, and a speed change says the new pace."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from game.freecell.deals import deal
from game.freecell.solver import solve
from game.input.actions import Act, Action
from game.play.demo import Demo
from game.ui.hud import font_measure, hud_geometry


def spider_demo(play_for):
    from game.spider.moves import DEAL

    play = play_for("spider", 178114, 4)
    play.round.play_demo([DEAL] * 5)  # any legal line: the status is what is tested
    assert play.round.demo is not None
    return play


@pytest.mark.parametrize("size", [(1024, 768), (1280, 720), (1366, 768), (1920, 1080)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_paused_demo_keeps_the_clock_and_score_that_a_running_one_shows(play_for, size):
    play = spider_demo(play_for)
    running_line = play.status()
    running = hud_geometry(size, running_line, "", play.buttons(), font_measure).status_text
    play.act(Action(Act.SELECT))  # pause
    assert play.round.demo.playback.paused
    paused_line = play.status()
    assert "paused" in paused_line and len(paused_line) <= len(running_line)
    paused = hud_geometry(size, paused_line, "", play.buttons(), font_measure).status_text
    # Whatever the running line kept of the clock, score and moves, the paused one keeps too.
    for part in running.split("   ")[:-1]:
        assert part in paused.split("   "), (part, paused)
    assert "Enter play" in paused


def test_a_speed_change_says_the_pace_and_its_limit(play_for):
    play = play_for("freecell", 617)
    play.round.play_demo(list(solve(deal(617)).moves))
    demo = play.round.demo
    assert isinstance(demo, Demo)
    start = demo.playback.speed
    play.act(Action(Act.FOCUS_UP))  # faster
    assert demo.playback.speed < start
    assert play.message == demo.speed_text() and play.message.startswith("Demo speed: ")
    every = float(play.message.split()[5])
    play.act(Action(Act.FOCUS_DOWN))
    play.act(Action(Act.FOCUS_DOWN))  # slower than at the start
    assert float(play.message.split()[5]) > every
    for _ in range(40):
        play.act(Action(Act.FOCUS_UP))
    assert play.message.endswith(", the fastest")
    for _ in range(40):
        play.act(Action(Act.FOCUS_DOWN))
    assert play.message.endswith(", the slowest")


def test_the_freecell_demo_counts_moves_as_the_game_does(play_for):
    # Issue 62's one count: the demo of deal 617 said "Demo 38/88" (card movements, the
    # automatic foundation moves among them) and the game it played ended "40 moves".
    play = play_for("freecell", 617)
    line = list(solve(deal(617)).moves)
    play.round.play_demo(line)
    demo = play.round.demo
    assert isinstance(demo, Demo)
    session = play.table.session
    played, total = demo.playback.steps
    assert (played, f"Demo 0/{total}:") == (0, play.status().split("   ")[-1][:len(f"Demo 0/{total}:")])
    assert total < len(line)  # the automatic moves go with the move before them
    seen = []
    while demo.playback.step_forward() is not None:
        played, now_total = demo.playback.steps
        assert now_total == total and played == session.moves, (played, session.moves)
        seen.append(played)
    assert session.position.is_won() and seen[-1] == total == session.moves
