"""Spider's game review on the table, knowing every card: Review on the give-up
question, the result panels and L; the list fills from the worker while the
table stays live; a move shows the position before it; "Try again from here"
starts a game from there that does not count."""

from __future__ import annotations

import pygame
import pytest
from test_coach_table import finish_review, labels

from game.grading import Grade
from game.i18n import set_language
from game.input.actions import Act, Action
from game.input.keys import translate_key
from game.spider import deal
from game.spider.solver import solve
from game.stats import Statistics

#: The solver's first moves of game 3 (1 suit): each is best, knowing every card.
PLAYED = 6


@pytest.fixture(autouse=True)
def review_without_a_clock(monkeypatch):
    # The review searches each position with its positions budget alone: its 3 s safety
    # clock would cut a search short on a busy machine and grade a best move "inaccuracy",
    # which says how loaded the machine was, not how the review grades.
    from game.play.coach import _SpiderRules

    def ask(self, service, start, moves, *, known_lost, par, shown):
        return service.ask_review(start, moves, known_lost=known_lost, time_limit=None)

    monkeypatch.setattr(_SpiderRules, "ask_review", ask)


def solver_moves(n: int = PLAYED) -> list:
    return list(solve(deal(3, 1), budget=50_000).moves[:n])


def played(play_for, **settings):
    set_language("en")
    play = play_for("spider", 3, 1, **settings)
    for move in solver_moves():
        assert play.table.play(move)
        play._events()
    return play


def test_give_up_offers_review_and_the_list_says_knowing_every_card(play_for):
    play = played(play_for)
    play.button("giveup")
    assert "Review" in labels(play.panel()) and "Give up" in labels(play.panel())
    play.button("review")
    # Knowing every card, mid-game: it asks first, and says what it costs.
    question = play.panel()
    assert question.title == "Which review?" and not play.table.session.assisted
    assert labels(question) == ["Fair review", "Knowing every card; the game stops counting", "Cancel"]
    play.button("review-peek")
    assert play.table.session.assisted
    panel = play.panel()
    assert panel.title == "Game review, knowing every card"
    assert panel.sections[0].rows[0].detail.startswith("Reviewing: ")
    # The frame never waits: right after asking, nothing is graded yet.
    assert all("not graded yet" in b.label for b in panel.buttons[:PLAYED])
    finish_review(play)
    panel = play.panel()
    assert panel.sections[0].rows[0].detail == f"{PLAYED} moves: {PLAYED} best (knowing every card)"
    assert all(label.endswith("\u2014 best") for label in labels(panel)[:PLAYED])
    assert play.table.session.moves == PLAYED  # not given up: the game is still on the table
    assert Statistics.load(play.store)["spider-1"].played == 0


def test_a_move_shows_the_position_before_it_and_try_again_starts_there_uncounted(play_for):
    play = played(play_for)
    own = str(play.table.session.position)
    play.key(translate_key("spider", pygame.K_l, 0))  # Spider's L: the review, asked first
    assert play.panel().title == "Which review?"
    play.button("review-peek")
    assert play.panel().title == "Game review, knowing every card"
    finish_review(play)
    play.button("review-move:4")
    panel = play.panel()
    moves = solver_moves()
    before = deal(3, 1)
    for m in moves[:3]:
        before.push(m)
    assert panel.title.startswith("Move 4: ") and panel.lines[0].startswith("Best: ")
    assert str(play.table.position) == str(before)
    assert {m.style for m in play.table.marks()} == {"selected"}  # best: no better move to show
    # The bar and the status line keep the game's figures (Undo, the deals left), not the shown position's.
    bar = {b.action: b for b in play.table.buttons()}
    assert bar["undo"].enabled and play.table.figures().deals_left == play.table.session.position.deals_left
    assert play.table.coach.graded[3].grade is Grade.BEST
    play.button("close")
    assert str(play.table.position) == own
    play.button("review")
    play.button("review-try:4")
    table = play.table
    assert str(table.session.position) == str(before) and table.session.assisted
    assert table.session.moves == 3 and "does not count" in table.message
    assert table.game == "spider"
    # The abandoned game was helped by the review: it never counts; nor does the try-again.
    assert Statistics.load(play.store)["spider-1"].played == 0
    play.table.play(play.table.position.legal_moves()[0])
    play._events()
    assert Statistics.load(play.store)["spider-1"].played == 0


def test_the_result_panels_offer_review(play_for):
    play = played(play_for)
    class Lost:  # the panels read only whether the game was won
        won = False

    class Won:
        won = True

    assert "Review" in labels(play.table.outcome_panel(Lost()))
    assert "Review" in labels(play.table.outcome_panel(Won()))


def test_a_review_before_any_move_says_so(play_for):
    set_language("en")
    play = play_for("spider", 3, 1)
    play.act(Action(Act.MOVE_LIST))
    assert play.table.panel is None and play.table.message == "No move to review yet"
