"""Solution playback: stepping a solver line forward and back through the session."""

from __future__ import annotations

import pytest

from game.freecell import Move
from game.freecell.solver import Verdict, solve
from game.playback import MAX_SPEED, MAX_STEPS_PER_UPDATE, MIN_SPEED, Playback, solve_line
from game.session import FreeCellSession, SpiderSession


@pytest.fixture
def solved() -> tuple[FreeCellSession, list[Move]]:
    session = FreeCellSession(1, now=lambda: 0.0)
    session.play(Move.parse("2a"))  # the demo starts from a game in progress
    result = solve(session.position)
    assert result.verdict is Verdict.SOLVED
    return session, result.moves


def test_forward_to_the_win_and_back_to_the_exact_start(solved):
    session, line = solved
    start = session.position.copy()
    demo = Playback(session, line)
    played = []
    while (move := demo.step_forward()) is not None:
        played.append(move)
    # Each step is a move as a player makes it: the automatic moves the line makes
    # after it went with it (one undo step, counted none), as on the table by hand.
    assert played == solve(start).player_moves and len(played) < len(line)
    assert demo.finished and session.won and demo.index == len(line)
    assert session.position.move_count == start.move_count + len(played)
    assert list(demo.demo_plies) == list(range(1, 1 + len(played)))
    assert session.position.card_moves()[len(start.card_moves()):] == line
    undone = []
    while (move := demo.step_back()) is not None:
        undone.append(move)
    assert undone == played[::-1] and demo.index == 0
    assert session.position == start and session.position.undo_steps() == start.undo_steps()
    assert demo.touched  # the game was shown its solution: no statistics


def test_update_follows_speed_and_pause(solved):
    session, line = solved
    demo = Playback(session, line, speed=0.25)
    assert demo.update(0.1) == []
    assert demo.update(0.2) == line[:1]  # 0.3 s: one move, 0.05 s carried
    assert demo.update(0.2) == line[1:2]
    demo.paused = True
    assert demo.update(5.0) == [] and demo.index == 2
    demo.paused = False
    # A late frame plays at most a few moves; the rest of the time is dropped.
    assert demo.update(10.0) == line[2:2 + MAX_STEPS_PER_UPDATE]
    assert demo.update(0.0) == []
    demo.speed = 0.5
    assert demo.update(0.3) == [] and demo.update(0.3) == [line[2 + MAX_STEPS_PER_UPDATE]]
    demo.speed = 0
    assert demo.speed == MIN_SPEED
    demo.speed = 99
    assert demo.speed == MAX_SPEED


def test_steps_pause_and_stop_leaves_the_player_in_control(solved):
    session, line = solved
    demo = Playback(session, line, speed=0.1)
    demo.update(0.35)
    assert demo.index == 3
    assert demo.step_back() is line[2] and demo.paused
    assert demo.update(1.0) == []
    here = session.position.copy()
    demo.stop()
    assert session.position == here and demo.update(1.0) == [] and demo.step_forward() is None
    # The player plays on from there; the save holds every step and replays.
    session.play(session.position.legal_moves()[0])
    saved = FreeCellSession.from_dict(session.to_dict(), now=lambda: 0.0)
    assert saved.position == session.position


def test_a_player_move_during_the_demo_ends_it(solved):
    session, line = solved
    demo = Playback(session, line)
    demo.step_forward()
    session.undo()
    assert demo.step_forward() is None and demo.stopped


def test_nothing_played_means_untouched(solved):
    session, line = solved
    demo = Playback(session, line, paused=True)
    assert demo.update(1.0) == [] and not demo.touched and demo.step_back() is None


def test_spider_full_knowledge_line_forward_and_back():
    session = SpiderSession(1, suits=1, now=lambda: 0.0)
    line = solve_line(session.position, budget=100_000)
    assert line is not None
    start = session.position.copy()
    score = session.score
    demo = Playback(session, line)
    assert demo.full_knowledge
    while demo.step_forward() is not None:
        pass
    assert session.won and demo.finished
    while demo.step_back() is not None:
        pass
    assert session.position == start and session.score == score and session.moves == 0
