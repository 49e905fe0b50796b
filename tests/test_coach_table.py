"""The coach on the table: Review opens the graded list, grades arrive from the
worker while the table stays live, a move shows the position before it, and
"Try again from here" starts a game from there that does not count."""

from __future__ import annotations

import time

import pytest

from game.freecell import deal
from game.freecell.review import Grade
from game.i18n import set_language
from game.input.actions import Act, Action
from game.play.coach import PAGE
from game.stats import Statistics

#: The review's flow on the table is what these tests check, not how short its lines are:
#: its searches are quick ones (conftest.quick_review).
pytestmark = pytest.mark.usefixtures("quick_review")

#: Deal 6 played into a loss (see tests/test_freecell_review.py): the fifth move loses it.
LOSING_GAME = "8a 25 6b 4c 1d 52 61"


def finish_review(play, seconds: float = 60.0) -> None:
    """Step the controller until the review's answer has come (the worker runs meanwhile)."""
    end = time.monotonic() + seconds
    coach = play.table.coach
    while coach.running and time.monotonic() < end:
        play.update(0.02)
        time.sleep(0.01)
    assert not coach.running, "the review did not finish"


def labels(panel) -> list[str]:
    return [b.label for b in panel.buttons]


def test_give_up_offers_review_and_the_list_grades_every_move(play_for):
    set_language("en")
    play = play_for("freecell", 6)
    for token in LOSING_GAME.split():
        play.button(f"play:{token}")
    play.button("giveup")
    assert "Review" in labels(play.panel()) and "Give up" in labels(play.panel())
    play.button("review")
    panel = play.panel()
    assert panel.title == "Game review" and panel.sections[0].rows[0].detail.startswith("Reviewing: ")
    # The frame never waits: right after asking, nothing is graded yet.
    assert all("not graded yet" in b.label for b in panel.buttons[:len(LOSING_GAME.split())])
    finish_review(play)
    panel = play.panel()
    summary = panel.sections[0].rows[0].detail
    assert summary.startswith("7 moves: ") and "1 mistake (move 5: 9♣ to a free cell)" in summary
    assert labels(panel)[4] == "5. 9♣ to a free cell \u2014 mistake"
    assert labels(panel)[5].endswith("already lost")
    # The game was not given up: it is still on the table, not counted.
    assert play.table.session.moves == 7
    assert Statistics.load(play.store)["freecell"].played == 0


def test_a_move_shows_the_position_before_it_and_try_again_starts_there_uncounted(play_for):
    set_language("en")
    play = play_for("freecell", 6)
    for token in LOSING_GAME.split():
        play.button(f"play:{token}")
    play.button("moves")
    assert "Review this game: every move graded" in labels(play.panel())
    play.button("review")
    finish_review(play)
    played = play.table.session.position.layout()
    play.button("review-move:5")
    panel = play.panel()
    assert panel.title == "Move 5: 9♣ to a free cell"
    assert panel.lines[0].startswith("Mistake: the game was winnable before it")
    assert panel.lines[1].startswith("Better: ")
    # The table shows the position before move 5, with the move and the better move marked.
    before = deal(6, auto_foundation="safe")
    before.settle("safe")
    for token in LOSING_GAME.split()[:4]:
        before.push(before.parse_move(token))
    assert play.table.position.layout() == before.layout()
    styles = {m.style for m in play.table.marks()}
    assert styles == {"selected", "hint"}
    # Closing the panel gives the game back as it was.
    play.button("close")
    assert play.table.position.layout() == played
    play.button("review")
    assert play.table.coach.graded[4].grade is Grade.MISTAKE  # the same review, not a new one
    play.button("review-try:5")
    table = play.table
    assert table.session.position.layout() == before.layout() and table.session.assisted
    assert "does not count" in table.message
    assert Statistics.load(play.store)["freecell"].played == 1  # the abandoned game, as by a new deal
    play.button("play:c2")
    assert Statistics.load(play.store)["freecell"].played == 1


def test_a_long_game_is_listed_a_page_at_a_time(play_for):
    set_language("en")
    play = play_for("freecell", 6)
    for _ in range(PAGE + 3):
        play.button(f"play:{play.table.session.position.distinct_moves()[0]}")
    play.button("moves")
    play.button("review")
    first = play.panel()
    assert len([b for b in first.buttons if b.action.startswith("review-move:")]) == PAGE
    assert "Later moves" in labels(first) and "Earlier moves" not in labels(first)
    play.button("review-page:1")
    second = play.panel()
    assert next(b.action for b in second.buttons if b.action.startswith("review-move:")) == f"review-move:{PAGE + 1}"
    assert "Earlier moves" in labels(second)
    play.table.coach.close()


def wait_for_grades(play, seconds: float = 60.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        play.update(0.02)
        if play.table.target_grades:
            return
        time.sleep(0.01)
    raise AssertionError("no grades came")


def nine_of_clubs_graded(play_for):
    """Deal 6 four moves in, the setting on, 9♣ (the end of column 1) selected and its
    targets graded: to the last free cell it loses the win (proven in
    tests/test_freecell_review.py); the solver decides each target in the worker."""
    set_language("en")
    play = play_for("freecell", 6, move_grades=True)
    for token in LOSING_GAME.split()[:4]:
        play.button(f"play:{token}")
    table = play.table
    table.activate("column", 0, len(table.position.columns[0]) - 1)
    wait_for_grades(play)
    return play, table


def test_grades_during_play_mark_each_target_and_say_why_red(play_for):
    """With the setting on, a selected card's targets are green (keeps the win), red
    (proven lost after it) or plain; the status line says what red means."""
    play, table = nine_of_clubs_graded(play_for)
    styles = {(m.kind, m.pile): m.style for m in table.marks() if m.style in ("keeps", "loses", "undecided")}
    assert styles[("cell", 3)] == "loses"
    assert set(styles) == set(table.targets())
    assert "Red: from there no winning line exists" in table.status()
    # Each verdict is the solver's: red only with a proof.
    from game.freecell import Move
    from game.freecell.review import grade_targets
    from game.freecell.solver import Verdict

    assert grade_targets(table.position, [Move.parse("1d")]) == [Verdict.UNSOLVABLE]
    # A new selection drops the old grades (a stale answer is never shown).
    table.activate("column", 0, len(table.position.columns[0]) - 1)  # deselect
    play.update(0.02)
    assert table.target_grades == {} and "Red:" not in table.status()


def test_a_red_targets_reason_is_drawn_on_it_while_the_mouse_or_the_keyboard_is_on_it(play_for):
    play, table = nine_of_clubs_graded(play_for)
    red = ("cell", 3)
    other = next(place for place in table.focus_places() if place != red and place not in table.target_grades)
    assert play.frame().tip is None  # nothing under the mouse, the keyboard unused
    table.hovered = other
    assert play.frame().tip is None
    table.hovered = red
    assert play.frame().tip == ("cell", 3, "From there no winning line exists")
    table.hovered = None
    table.env.keyboard_used = True
    table.focus_index = table.focus_places().index(red)
    assert play.frame().tip == ("cell", 3, "From there no winning line exists")
    # A new selection drops the grades, and the note with them.
    table.activate("column", 0, len(table.position.columns[0]) - 1)
    play.update(0.02)
    assert play.frame().tip is None


def test_without_the_setting_targets_stay_plain_green_and_nothing_is_asked(play_for):
    play = play_for("freecell", 6)
    table = play.table
    table.activate("column", 0, len(table.position.columns[0]) - 1)
    play.update(0.02)
    assert table.grader is None
    assert {m.style for m in table.marks()} <= {"selected", "target", "last"}


def test_the_keyboard_keeps_its_place_while_grades_arrive(play_for):
    play = play_for("freecell", 6)
    for token in LOSING_GAME.split():
        play.button(f"play:{token}")
    play.button("moves")
    play.button("review")
    for _ in range(3):
        play.act(Action(Act.FOCUS_DOWN))  # the keyboard walks the list's buttons
    finish_review(play)
    assert play.panel().focus == 3 and play.table.coach.review is not None
    # The summary came in after the keyboard moved: the list was refreshed under it.
    assert play.panel().sections[0].rows[0].detail.startswith("7 moves: ")


def test_the_position_before_a_move_stays_while_the_keyboard_walks_its_page(play_for):
    play = play_for("freecell", 6)
    for token in LOSING_GAME.split():
        play.button(f"play:{token}")
    play.button("moves")
    play.button("review")
    finish_review(play)
    play.button("review-move:2")
    shown = play.table.position.layout()
    assert shown != play.table.session.position.layout()
    play.act(Action(Act.FOCUS_RIGHT))
    assert play.table.position.layout() == shown and play.panel().focus == 2


def test_back_to_the_list_returns_to_the_move_looked_at(play_for):
    play = play_for("freecell", 6)
    for token in LOSING_GAME.split():
        play.button(f"play:{token}")
    play.button("moves")
    play.button("review")
    play.button("review-move:5")
    play.button("review")  # Back to the list
    panel = play.panel()
    assert panel.buttons[panel.focus].action == "review-move:5"
    assert play.table.position.layout() == play.table.session.position.layout()  # no move shown now
    play.table.coach.close()
