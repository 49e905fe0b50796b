"""The game session: clock, undo steps, counters and the save round trip."""

from __future__ import annotations

import pytest

from game.clock import GameClock
from game.freecell import IllegalMoveError, Move, deal
from game.freecell.solver import solve
from game.session import FreeCellSession
from game.store import Store


class FakeTime:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def test_clock_starts_at_first_move_and_pauses_for_each_reason():
    t = FakeTime()
    c = GameClock(t)
    t.t += 5
    assert c.elapsed == 0 and not c.running
    c.start()
    t.t += 2
    c.pause("focus")
    c.pause("minimised")
    t.t += 100
    c.resume("focus")
    t.t += 100
    assert c.elapsed == pytest.approx(2) and not c.running  # still minimised
    c.resume("minimised")
    t.t += 3
    assert c.elapsed == pytest.approx(5) and c.running
    c.stop()
    t.t += 50
    assert c.elapsed == pytest.approx(5)


def test_a_whole_deal_played_through_the_session():
    t = FakeTime()
    s = FreeCellSession(617, now=t)
    line = solve(deal(617, auto_foundation=True)).player_moves
    for move in line:
        t.t += 1
        s.play(move)
    while not s.won:
        assert s.autocomplete_step() is not None
    assert s.won and s.moves >= len(line)
    frozen = s.clock.elapsed
    t.t += 30
    assert s.clock.elapsed == frozen


def test_undo_takes_back_a_move_with_its_automatic_cards():
    s = FreeCellSession(1)
    before = s.position.copy()
    step = s.play(Move.parse("6a"))  # uncovers... nothing home yet on deal 1
    assert step.move == Move.parse("6a")
    undone = s.undo()
    assert undone is not None and undone.undone and s.position == before
    assert s.undo() is None and s.undo_count == 1


def test_illegal_moves_change_nothing_and_keep_the_clock_still():
    t = FakeTime()
    s = FreeCellSession(1, now=t)
    with pytest.raises(IllegalMoveError):
        s.play(Move.parse("12"))
    t.t += 10
    assert s.moves == 0 and s.clock.elapsed == 0


def test_save_and_restore_a_mid_game_with_its_undo_history(tmp_path):
    t = FakeTime()
    s = FreeCellSession(617, now=t)
    for move in solve(deal(617, auto_foundation=True)).player_moves[:25]:
        t.t += 2
        s.play(move)
    s.undo()
    store = Store(tmp_path)
    store.save("savegame", s.to_dict())
    back = FreeCellSession.from_dict(store.load("savegame"), now=t)
    assert back.position == s.position and back.moves == s.moves
    assert back.position.undo_steps() == s.position.undo_steps()
    assert back.clock.elapsed == pytest.approx(s.clock.elapsed) and back.undo_count == 1
    # The history is really there: undo all the way back to the deal.
    while back.undo():
        pass
    fresh = deal(617, auto_foundation=True)
    fresh.settle()
    assert back.position == fresh


@pytest.mark.parametrize("damage", [
    {"deal": 0}, {"deal": "x"}, {"steps": [["zz", False]]}, {"steps": [["12", False]]},
    {"game": "spider"}, {"steps": "nope"},
])
def test_a_damaged_save_is_a_one_line_value_error(damage):
    s = FreeCellSession(1)
    s.play(Move.parse("6a"))
    data = {**s.to_dict(), **damage}
    with pytest.raises(ValueError) as info:
        FreeCellSession.from_dict(data)
    assert "\n" not in str(info.value)


def test_missing_keys_are_reported_not_crashed():
    with pytest.raises(ValueError, match="missing"):
        FreeCellSession.from_dict({"game": "freecell"})


def test_spider_session_scores_saves_and_restores(tmp_path):
    from game.session import SpiderSession
    from game.spider import DEAL

    t = FakeTime()
    s = SpiderSession(1, 2, now=t)
    assert s.score == 500 and s.clock.elapsed == 0
    for _ in range(3):
        t.t += 1
        s.play(s.position.legal_moves()[0])
    s.play(DEAL)
    s.undo()
    assert s.score == 500 - 4 - 1 and s.undo_count == 1
    store = Store(tmp_path)
    store.save("savegame", s.to_dict())
    back = SpiderSession.from_dict(store.load("savegame"), now=t)
    assert back.position == s.position and back.score == s.score and back.moves == s.moves
    assert back.clock.elapsed == pytest.approx(s.clock.elapsed)
    assert back.position.move_stack == s.position.move_stack
    with pytest.raises(ValueError):
        SpiderSession.from_dict({**s.to_dict(), "steps": ["move 1 2 9"]})


def test_both_sessions_play_returns_a_step_naming_what_moved_and_what_completed():
    """One API above the rules: Spider's step names the columns whose set went to its place."""
    from spider_helpers import build

    from game.session import SpiderSession, Step
    from game.spider import DEAL
    from game.spider import Move as SpiderMove

    fc = FreeCellSession(25, auto_foundation="safe")
    step = fc.play(Move.parse("4a"))
    assert isinstance(step, Step) and str(step.move) == "4a" and step.completed == ()
    assert [str(m) for m in step.automatic] == ["4h", "4h"]

    s = SpiderSession(1, 4)
    run = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    s.position = build({1: "(3D) KS QS JS TS 9S 8S 7S", 2: "(5C) 6S 5S 4S 3S 2S AS", 3: "QH"})
    step = s.play(SpiderMove.of(1, 0, 6))
    assert isinstance(step, Step) and step.move == SpiderMove.of(1, 0, 6) and step.completed == (0,)
    assert step.automatic == () and not step.undone
    undone = s.undo()
    assert isinstance(undone, Step) and undone.undone and undone.move == SpiderMove.of(1, 0, 6)
    s.position = build({1: run, 2: "4D", 3: run, 4: "4D", 5: "4H", 6: "4H", 7: "4C", 8: "4C", 9: "3D",
                        10: "3H"}, stock="AS 9C AS 9D 9H 9C 9D 9H 8C 8D")
    assert s.play(DEAL).completed == (0, 2)  # two sets, in the order removed
