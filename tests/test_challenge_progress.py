"""Following a challenge in play (met, out of reach, missed, restart), and the
player's record of challenges: badges, the daily streak, the file on disk
(hostile copies set aside, two games counting a challenge once)."""

from __future__ import annotations

import datetime
import json

import pytest

from game import schema
from game.challenges.days import challenges_for
from game.challenges.goals import Goal, Status, Tracker
from game.challenges.progress import BADGES, SLOTS, ChallengeProgress, NotPlayable, badge_for, playable
from game.challenges.sentences import SENTENCES, say
from game.session import FreeCellSession
from game.store import Store

D = datetime.date


# --- tracking a game ----------------------------------------------------------------------


def test_a_move_limited_goal_is_met_on_a_win_within_it():
    t = Tracker(Goal("freecell", 1, max_moves=3, auto="safe"))
    t.moved(1, cells=1)
    assert t.status is Status.PLAYING and t.progress() == ["moves 1 / 3"]
    t.moved(2)
    t.moved(3, won=True)
    assert t.status is Status.MET and t.progress() == ["challenge complete"]
    t.undone()  # met is final
    assert t.status is Status.MET


def test_past_the_limit_undo_brings_it_back_and_without_undo_it_is_missed():
    goal = Goal("freecell", 1, max_moves=2, auto="safe")
    t = Tracker(goal)
    t.moved(1)
    t.moved(2)  # the limit is used and the game is not won
    assert t.status is Status.OVER and "undo or restart" in t.reason
    t.undone()
    assert t.status is Status.PLAYING and t.reason == ""
    t.moved(2, won=True)
    assert t.status is Status.MET
    strict = Tracker(Goal("freecell", 1, max_moves=2, no_undo=True, auto="safe"))
    strict.moved(1)
    strict.moved(2)
    assert strict.status is Status.MISSED and strict.reason == say("missed.moves", limit=2)


def test_a_win_past_the_limit_is_missed_and_restart_is_a_fresh_try():
    t = Tracker(Goal("freecell", 1, max_moves=2, auto="safe"))
    t.moved(1)
    t.moved(2)
    t.moved(3, won=True)
    assert t.status is Status.MISSED and t.reason == "The game was won in 3 moves; the goal was 2"
    t.moved(1)  # nothing changes a final word but a restart
    assert t.status is Status.MISSED
    t.restart()
    assert t.status is Status.PLAYING and t.progress() == ["moves 0 / 2"]


def test_undo_misses_a_no_undo_goal_at_once():
    t = Tracker(Goal("spider", 7, suits=1, no_undo=True))
    t.moved(1)
    assert t.progress() == ["no Undo"]
    t.undone()
    assert t.status is Status.MISSED and "Undo was used" in t.reason


def test_the_free_cell_limit_counts_the_most_cards_in_the_cells_at_once():
    t = Tracker(Goal("freecell", 1, cells=1, auto="safe"))
    t.moved(1, cells=1)
    assert t.progress() == ["free cells: 1 / 1"]
    t.moved(2, cells=2)
    assert t.status is Status.OVER and t.reason.startswith("2 cards were in the free cells")
    t.undone()
    t.moved(2, cells=0)
    t.moved(3, cells=0, won=True)
    assert t.status is Status.MET
    strict = Tracker(Goal("freecell", 1, cells=0, no_undo=True, auto="safe"))
    strict.moved(1, cells=1)
    assert strict.status is Status.MISSED and strict.reason == say("missed.cells.zero")


def test_changing_the_automatic_level_misses_the_goal():
    t = Tracker(Goal("freecell", 1, auto="off"))
    t.level_set("off")
    assert t.status is Status.PLAYING
    t.level_set("safe")
    assert t.status is Status.MISSED and t.reason == "Automatic moves were set to Safe; this challenge is played with Off"


def test_a_suits_goal_is_met_when_the_suits_are_done_in_time():
    t = Tracker(Goal("spider", 3, suits=2, sets=2, max_moves=10))
    t.moved(4, sets=1)
    assert t.progress() == ["moves 4 / 10", "suits 1 / 2"]
    t.moved(9, sets=2)
    assert t.status is Status.MET
    late = Tracker(Goal("spider", 3, suits=2, sets=2, max_moves=10, no_undo=True))
    late.moved(10, sets=1)
    assert late.status is Status.MISSED


def test_the_tracker_follows_a_real_session():
    """The window's own counters fed in: a run moved at once counts one, autos nothing."""
    session = FreeCellSession(617)
    t = Tracker(Goal("freecell", 617, max_moves=40, auto="safe"))
    roomy = Tracker(Goal("freecell", 617, cells=2, auto="safe"))
    t.level_set(session.auto_level)
    for text in ["8a", "8b", "8c", "87"]:
        session.play(session.position.parse_move(text))
        for tracker in (t, roomy):
            tracker.moved(session.moves, sum(c is not None for c in session.position.cells), 0, session.won)
    assert t.progress() == ["moves 4 / 40"]
    assert roomy.progress() == ["free cells: 3 / 2"] and roomy.status is Status.OVER
    session.undo()
    t.undone()
    assert t.progress()[0] == "moves 3 / 40" and session.moves == 3
    session.set_auto_level("all")
    t.level_set(session.auto_level)
    assert t.status is Status.MISSED


def test_goals_refuse_what_no_challenge_asks():
    for bad in ({"game": "freecell", "number": 1, "auto": "fast"}, {"game": "freecell", "number": 1, "auto": "off", "cells": 1},
                {"game": "freecell", "number": 1, "auto": "safe", "cells": 4}, {"game": "spider", "number": 1, "suits": 1, "sets": 3},
                {"game": "spider", "number": 0, "suits": 1}, {"game": "klondike", "number": 1},
                {"game": "freecell", "number": 1, "auto": "safe", "max_moves": 0}):
        with pytest.raises(ValueError):
            Goal(**bad)


def test_every_sentence_is_in_the_table_and_fills_its_placeholders():
    for date in (D(2026, 12, d) for d in range(1, 32)):
        for c in challenges_for(date):
            assert c.goal.kind in SENTENCES
            text = c.sentence()
            assert "{" not in text and str(c.goal.number) in text
            if c.goal.max_moves:
                assert f"{c.goal.max_moves} moves" in text


# --- the record: badges and streak -----------------------------------------------------------


def december(day: int) -> tuple:
    return challenges_for(D(2026, 12, day))


def test_challenges_are_playable_on_their_day_and_later_that_month_only():
    assert playable(D(2026, 12, 1), D(2026, 12, 31)) and playable(D(2026, 12, 5), D(2026, 12, 5))
    assert not playable(D(2026, 12, 6), D(2026, 12, 5)) and not playable(D(2026, 11, 30), D(2026, 12, 1))
    p = ChallengeProgress()
    with pytest.raises(NotPlayable):
        p.record_done(december(9)[0], today=D(2026, 12, 8))
    with pytest.raises(NotPlayable):
        p.record_tried(challenges_for(D(2026, 11, 30))[0], today=D(2026, 12, 1))
    assert p.days == {}


def test_done_counts_once_and_beats_tried():
    p = ChallengeProgress()
    c = december(3)[4]
    assert p.record_tried(c, D(2026, 12, 3)) and p.state(c) == "tried"
    assert p.record_done(c, D(2026, 12, 3)) and p.state(c) == "done"
    assert not p.record_done(c, D(2026, 12, 4)) and not p.record_tried(c, D(2026, 12, 3))
    assert p.state(c) == "done" and p.month_done(2026, 12) == 1 and p.state(december(3)[0]) == "none"
    assert p.days == {"2026-12-03": "----d-"}


def test_the_streak_counts_days_done_on_the_day_and_a_late_one_does_not_mend_it():
    p = ChallengeProgress()
    for day in (1, 2, 3):
        p.record_done(december(day)[day % 6], D(2026, 12, day))
    assert p.streak(D(2026, 12, 3)) == 3
    assert p.streak(D(2026, 12, 4)) == 3  # today is not over yet
    assert p.streak(D(2026, 12, 5)) == 0  # the 4th was missed
    p.record_done(december(4)[0], D(2026, 12, 5))  # played late: counts for the badge only
    assert p.state(december(4)[0]) == "late" and say("state.late") == "done later"
    assert p.streak(D(2026, 12, 5)) == 0 and p.month_done(2026, 12) == 4
    p.record_done(december(5)[1], D(2026, 12, 5))
    assert p.streak(D(2026, 12, 5)) == 1 and p.best_streak == 3
    assert p.streak_line(D(2026, 12, 5)) == "daily streak: 1 day"


def test_the_months_badge_follows_its_thresholds():
    assert [needed for _, needed in BADGES] == sorted(needed for _, needed in BADGES)
    assert badge_for(0) is None
    for (name, needed), _nxt in zip(BADGES, list(BADGES[1:]) + [None]):
        assert badge_for(needed - 1) != name and badge_for(needed) == name
    p = ChallengeProgress()
    done = 0
    for day in range(1, 32):
        for c in december(day):
            p.record_done(c, D(2026, 12, day))
            done += 1
            assert p.month_done(2026, 12) == done and p.badge(2026, 12) == badge_for(done)
            if done == BADGES[0][1] - 1:
                assert p.badge_line(2026, 12) == f"{done} of {BADGES[0][1]} challenges for Bronze"
    assert done == 186 and p.badge(2026, 12) == "diamond" and p.badge(2026, 11) is None
    assert p.badge_line(2026, 12).endswith("Diamond, the highest badge")
    assert p.best_streak == 31


# --- on disk ------------------------------------------------------------------------------------


def progress_doc() -> schema.ChallengesFile:
    p = ChallengeProgress()
    p.record_done(december(1)[0], D(2026, 12, 1))
    p.record_tried(december(1)[5], D(2026, 12, 1))
    p.record_done(december(2)[3], D(2026, 12, 9))
    return p.to_dict()


def test_progress_is_kept_in_the_store(tmp_path):
    store = Store(tmp_path)
    p = ChallengeProgress.load(store)
    assert p.update(store, lambda q: q.record_done(december(7)[2], D(2026, 12, 7)))
    again = ChallengeProgress.load(Store(tmp_path))
    assert again == p and again.state(december(7)[2]) == "done" and store.warnings == []
    assert json.loads((tmp_path / "challenges.json").read_text())["days"] == {"2026-12-07": "--d---"}


def test_two_games_open_count_a_challenge_once_and_lose_nothing(tmp_path):
    a_store, b_store = Store(tmp_path), Store(tmp_path)
    a, b = ChallengeProgress.load(a_store), ChallengeProgress.load(b_store)
    c = december(10)[1]
    assert a.update(a_store, lambda p: p.record_done(c, D(2026, 12, 10)))
    assert not b.update(b_store, lambda p: p.record_done(c, D(2026, 12, 10)))
    b.update(b_store, lambda p: p.record_tried(december(10)[4], D(2026, 12, 10)))
    on_disk = ChallengeProgress.load(Store(tmp_path))
    assert on_disk.month_done(2026, 12) == 1 and on_disk.days == {"2026-12-10": "-d--t-"} and b == on_disk


HOSTILE = {
    "not json": b"{damaged",
    "a list": b"[1, 2]",
    "null": b"null",
    "not utf-8": b"\xff\xfe\x81",
    "over the size cap": b" " * (schema.MAX_FILE_BYTES + 1) + b"{}",
    "nested deep": b"[" * 100_000,
    "marks too long": json.dumps({"version": 1, "days": {"2026-12-01": "d" * 7}}).encode(),
    "unknown mark": json.dumps({"version": 1, "days": {"2026-12-01": "dx----"}}).encode(),
    "marks a number": json.dumps({"version": 1, "days": {"2026-12-01": 5}}).encode(),
    "not a date": json.dumps({"version": 1, "days": {"2026-02-30": "d-----"}}).encode(),
    "before the challenges": json.dumps({"version": 1, "days": {"2019-12-31": "d-----"}}).encode(),
    "late on a last day": json.dumps({"version": 1, "days": {"2026-11-30": "l-----"}}).encode(),
    "days a list": json.dumps({"version": 1, "days": ["2026-12-01"]}).encode(),
    "version true": json.dumps({"version": True, "days": {}}).encode(),
    "a newer version": json.dumps({"version": 2, "days": {}}).encode(),
    "a huge key": json.dumps({"version": 1, "days": {"9" * 5000: "d-----"}}).encode(),
    "NaN": b'{"version": NaN, "days": {}}',
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_damaged_progress_file_is_set_aside_with_one_line_and_never_trusted(tmp_path, case):
    (tmp_path / "challenges.json").write_bytes(HOSTILE[case])
    store = Store(tmp_path)
    assert ChallengeProgress.load(store) == ChallengeProgress()
    assert len(store.warnings) == 1
    line = store.warnings[0]
    assert "\n" not in line and len(line) <= 400 and "challenges.json" in line and "set aside" in line
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("challenges.json.damaged-")]
    assert len(aside) == 1 and aside[0].read_bytes() == HOSTILE[case]
    # A clean file is written at once, and loads without a word.
    again = Store(tmp_path)
    assert ChallengeProgress.load(again) == ChallengeProgress() and again.warnings == []


def test_the_valid_document_loads_as_it_is(tmp_path):
    store = Store(tmp_path)
    store.save("challenges", progress_doc())
    assert ChallengeProgress.load(store).to_dict() == progress_doc() and store.warnings == []
    assert progress_doc()["days"] == {"2026-12-01": "d----t", "2026-12-02": "---l--"}
    assert len(SLOTS) == 6


WORKER = """
import datetime, sys, time
from game.challenges import ChallengeProgress, challenges_for
from game.store import Store

folder, first, go = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
store = Store(folder)
progress = ChallengeProgress.load(store)  # read once at start, like a game
while time.time() < go:
    time.sleep(0.001)
new = 0
# Both games finish days 1..20; each also tries its own days' last challenge.
for day in range(1, 21):
    date = datetime.date(2026, 12, day)
    challenge = challenges_for(date)[day % 3]
    new += progress.update(store, lambda p: p.record_done(challenge, date))
    progress.update(store, lambda p: p.record_tried(challenges_for(date)[first], date))
print(new)
"""


def test_two_processes_at_once_count_each_challenge_once(tmp_path):
    import os
    import subprocess
    import sys
    import time
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    script = tmp_path / "worker.py"
    script.write_text(WORKER)
    go = time.time() + 1.0
    procs = [subprocess.Popen([sys.executable, str(script), str(tmp_path / "data"), str(slot), str(go)],
                              cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": str(root)})
             for slot in (4, 5)]
    outs = [p.communicate(timeout=120) for p in procs]
    assert all(p.returncode == 0 for p in procs), outs
    # Twenty challenges done between them, each counted by exactly one game.
    assert sum(int(out.strip()) for out, _ in outs) == 20
    on_disk = ChallengeProgress.load(Store(tmp_path / "data"))
    assert on_disk.month_done(2026, 12) == 20 and on_disk.streak(D(2026, 12, 20)) == 20
    assert all(on_disk.marks(D(2026, 12, d))[4:] == "tt" for d in range(1, 21))


def test_a_game_under_way_gets_the_tracker_it_would_have_had():
    from game.challenges.goals import snapshot_of, tracker_for
    from game.session import SpiderSession

    session = FreeCellSession(617)
    goals = [Goal("freecell", 617, cells=2, auto="safe"), Goal("freecell", 617, max_moves=5, auto="safe"),
             Goal("freecell", 617, no_undo=True, auto="safe"), Goal("freecell", 617, auto="off")]
    live = [Tracker(g) for g in goals]
    for t in live:
        t.level_set(session.auto_level)
    for text in ["8a", "8b", "8c", "87"]:
        session.play(session.position.parse_move(text))
        for t in live:
            t.moved(*snapshot_of(session))
    session.undo()
    for t in live:
        t.undone()
    restored = FreeCellSession.from_dict(session.to_dict())
    for goal, t in zip(goals, live):
        again = tracker_for(goal, restored)
        assert (again.status, again.reason, again.progress()) == (t.status, t.reason, t.progress())
    assert [t.status for t in live] == [Status.OVER, Status.PLAYING, Status.MISSED, Status.MISSED]
    spider = SpiderSession(5, 1)
    from game.spider import DEAL
    spider.play(spider.position.legal_moves()[0])
    spider.play(DEAL)
    assert tracker_for(Goal("spider", 5, suits=1, sets=1, max_moves=3), spider).progress() == ["moves 2 / 3", "suits 0 / 1"]
