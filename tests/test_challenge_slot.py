"""The daily challenge's part of a round (issue 58), driven alone: the slot is asked for a
challenge, follows it from its deal, and speaks only through its teller, with no round,
table or window (a round's whole play of a challenge is tests/test_challenge_play.py).

Run alone: ``python3 -m pytest -q tests/test_challenge_slot.py``.
"""

from __future__ import annotations

import datetime

from game.challenges import ChallengeProgress, Status, challenges_for
from game.freecell.daily import today_in_japan
from game.play.challenge import SAVE_NAME
from game.play.challenge_slot import ChallengeSlot
from game.play.panels import Command
from game.session import FreeCellSession
from game.store import Store


class Teller:
    """A stand-in for the round's message line: it keeps what was said."""

    def __init__(self) -> None:
        self.said: list[str] = []
        self.warned = 0

    def say(self, text: str) -> None:
        self.said.append(text)

    def say_store_warnings(self) -> None:
        self.warned += 1


def test_a_plain_game_leaves_the_table_to_settings_and_says_nothing(tmp_path):
    teller = Teller()
    slot = ChallengeSlot(Store(tmp_path), teller)
    slot.moved(FreeCellSession(1))
    slot.undone(3)
    slot.spoil()
    assert slot.attempt is None and not slot.restart("safe")
    assert slot.auto_level("all") == "all" and slot.held("all") is None and not slot.shows_grades
    assert slot.status_text() == "" and slot.result_lines() == ()
    assert teller.said == []


def test_a_closed_challenge_is_said_and_an_open_one_is_asked_and_dealt_by_the_caller(tmp_path):
    teller = Teller()
    slot = ChallengeSlot(Store(tmp_path), teller)
    future = challenges_for(today_in_japan() + datetime.timedelta(days=1))[0]
    assert slot.asked(future.id, lambda c: None) is None
    assert teller.said == [f"The challenge {future.id} cannot be played today: only on its day and later that month"]
    medium = challenges_for(today_in_japan())[1]
    dealt = []
    asked = slot.asked(medium.id, dealt.append)
    assert asked is not None and asked[:2] == (f"Start the {medium.level_name()} challenge?", "Start it")
    assert dealt == [] and slot.attempt is None  # nothing is dealt before the player says yes
    asked[2]()
    assert dealt == [medium]


def test_from_its_deal_to_a_missed_goal_and_its_end(tmp_path):
    store = Store(tmp_path)
    teller = Teller()
    slot = ChallengeSlot(store, teller)
    days = (today_in_japan() - datetime.timedelta(days=n) for n in range(400))
    no_undo = next(c for day in days for c in challenges_for(day) if c.game == "freecell" and c.goal.no_undo)
    slot.today = lambda: no_undo.date  # the slot's date is injected: the challenge is played on its own day
    slot.begin(no_undo, "safe")
    slot.tie()
    assert slot.attempt is not None and slot.attempt.challenge == no_undo and store.path(SAVE_NAME).exists()
    assert slot.opening().startswith(f"{no_undo.level_name()} challenge: ")
    assert slot.status_text().startswith(f"{no_undo.level_name()} challenge")
    session = FreeCellSession(no_undo.goal.number)
    session.play(session.position.parse_move("1a"))
    slot.moved(session)
    assert slot.follow(won=False) is None and teller.said == []
    assert ChallengeProgress.load(store).state(no_undo) == "tried"  # marked on its first step, on its day
    slot.undone()
    panel = slot.follow(won=False)
    assert slot.attempt.tracker.status is Status.MISSED
    assert panel is not None and panel.lines[0] == slot.attempt.tracker.reason
    assert [b.action for b in panel.buttons] == [Command.RETRY, Command.CLOSE]
    assert slot.restart("safe") and slot.attempt.tracker.status is Status.PLAYING
    slot.end()
    assert slot.attempt is None and not store.path(SAVE_NAME).exists()
