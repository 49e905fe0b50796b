"""Honest by construction (issue 57): only the player's view crosses to the solver's
worker, so two games with the same visible table and different face-down cards and
stock get the same hint, the same Play-fair move and the same mid-game review panel,
through the real service and worker process."""

from __future__ import annotations

import time

import pytest

from game import limits
from game.input.actions import Act
from game.play.fair_demo import FairDemo
from game.play.spider_table import SpiderTable
from game.play.table import Helped, TableEnv
from game.solver import SolverService
from game.solver import service as service_module
from game.solver.answers import Ask
from game.spider import deal
from game.spider.position import Position


def twins(number: int, suits: int, moves: int) -> tuple[Position, Position]:
    """Game ``number`` ``moves`` moves on, and a twin with the same history and the same
    table whose still-hidden cards (face down and in the stock) lie in another order."""
    import random

    a = deal(number, suits)
    start = a.copy(stack=False)
    for _ in range(moves):
        a.push(next(m for m in a.legal_moves() if not m.is_deal))
    # The cards still hidden now are the deepest of each column's face-down cards at
    # the start, and the stock: dealt again among those places, the history plays the same.
    places = [(j, i) for j in range(10) for i in range(a.face_down[j])]
    hidden = [start.column(j)[i] for j, i in places] + list(start.stock)
    order = hidden[:]
    random.Random(number).shuffle(order)
    cols = [list(start.column(j)) for j in range(10)]
    for (j, i), card in zip(places, order):
        cols[j][i] = card
    b = Position(cols, list(start.face_down), order[len(places):], [])
    for m in a.move_stack:
        b.push(m)
    assert a.visible() == b.visible() and str(a) != str(b)
    return a, b


def table_on(service: SolverService, position: Position) -> SpiderTable:
    table = SpiderTable(TableEnv(solver=lambda game: service), 1, position.suits)
    table.session.position = position  # type: ignore[misc]
    return table


def until(what: str, done, step, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        step()
        time.sleep(0.01)


@pytest.fixture
def service(monkeypatch):
    # No clock on the hint (its 2 s safety net could cut one twin's search on a busy
    # machine): the node budget alone stops it, so the two searches are the same search.
    # (The service reads its per-ask table, so that is what is set.)
    monkeypatch.setitem(service_module.SPIDER_LIMITS, Ask.HINT, limits.Limit(3_000, None))
    with SolverService("spider") as s:
        yield s


@pytest.mark.parametrize("number,suits", [(5, 4), (8, 2)])
def test_two_games_that_look_the_same_get_the_same_hint_demo_move_and_review_panel(service, number, suits):
    a, b = twins(number, suits, 2)
    hinted, panels, demo_moves = [], [], []
    for pos in (a, b):
        table = table_on(service, pos)
        table.command(Act.HINT)
        assert service.busy  # asked of the worker, with the player's view only
        until("the hint", lambda t=table: t.message.startswith("Hint:"), lambda t=table: t.update(1 / 60))
        hinted.append((table.message, list(table.hint_marks), table.hints._hints))
        # The review knows every card: mid-game it asks first, and the question is all it shows.
        table.command(Act.MOVE_LIST)
        panels.append(table.panel)
        assert table.coach is None or not table.coach.running
        table.panel = None
        demo = FairDemo(table, lambda: service)
        until("the fair demo's first move", lambda d=demo: d.played == 1, lambda d=demo: d.update(1.0))
        demo_moves.append(table.position.move_stack[-1])
        demo.stop()
        table.close()
    assert hinted[0] == hinted[1]
    assert panels[0] == panels[1] and panels[0] is not None and panels[0].title == "Which review?"
    assert demo_moves[0] == demo_moves[1]


def test_the_worker_never_holds_a_hidden_card_when_asked_for_a_hint(service, monkeypatch):
    # What the service sends down the pipe for a hint: the view, whose cards are the
    # face-up ones and the sorted multiset of the unseen (no order, no place).
    sent = []
    a, _b = twins(3, 4, 1)
    table = table_on(service, a)
    real_start = service._start
    monkeypatch.setattr(service, "_start", lambda job: (sent.append(job.position), real_start(job)))
    table.command(Act.HINT)
    [view] = sent
    assert type(view).__name__ == "MaskedView"
    hidden = [c for j in range(10) for c in a.column(j)[:a.face_down[j]]] + list(a.stock)
    assert list(view.unseen) == sorted(hidden) != hidden
    table.close()


def test_the_review_of_a_game_in_play_asks_first_and_then_the_game_stops_counting(service):
    a, _b = twins(4, 2, 3)
    table = table_on(service, a)
    table.command(Act.MOVE_LIST)
    question = table.panel
    assert question is not None and [b.action for b in question.buttons][:2] == ["review-fair", "review-peek"]
    assert not table.session.assisted and (table.coach is None or not table.coach.running)
    assert any("would no longer count" in line for line in question.lines)
    table.own_button("review-peek")
    assert table.session.helped == "peek" and table.coach.running
    from game.play.games import not_counted

    assert "review knowing every card was opened during play" in not_counted(table.session.helped)
    assert any(isinstance(e, Helped) for e in table.take_events())
    assert table.panel is not None and table.panel.title == "Game review, knowing every card"
    table.close()


def test_a_won_game_reviews_at_once(service):
    # One move from the end of a one-suit game: A♠ onto 2♠ completes the last set.
    from spider_helpers import build

    pos = build({1: "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", 2: "AS"}, removed="SSSSSSS", suits=1)
    table = table_on(service, pos)
    from game.spider import Move

    assert table.play(Move.of(1, 0, 1)) and table.session.won
    table.command(Act.MOVE_LIST)
    assert table.panel is not None and table.panel.title == "Game review, knowing every card"
    assert not table.session.assisted
    table.close()


def fair_review_panels(service: SolverService, position: Position) -> tuple:
    """The fair review of ``position``'s game, asked mid-game: its list once judged, and
    the page of each move."""
    table = table_on(service, position)
    table.command(Act.MOVE_LIST)
    table.own_button("review-fair")
    assert table.session.helped == ""  # the fair review costs nothing: the game still counts
    coach = table.coach
    assert coach is not None
    until("the fair review", lambda: coach.review is not None, lambda: table.update(1 / 60))
    pages = tuple(coach.detail(i) for i in range(1, len(coach.moves) + 1))
    listed = coach.panel()
    table.close()
    return listed, pages


def test_the_fair_review_of_two_games_that_look_the_same_is_the_same_and_proves_nothing(service):
    a, b = twins(6, 2, 3)
    listed, pages = fair_review_panels(service, a)
    assert (listed, pages) == fair_review_panels(service, b)
    assert listed.title == "Fair review, judged by what you saw"
    assert listed.lines[0].startswith("3 moves: ")
    words = " ".join(line for page in pages for line in page.lines).lower()
    assert "mistake" not in words and "never as they really lie" in words


def test_the_fair_review_grades_a_move_against_the_searchs_choice_on_the_same_layouts():
    from test_spider_fair import ENDGAME

    from game.spider import Move
    from game.spider.fair_review import FairGrade, FairReviewRun
    from game.spider.masked import mask

    pos = Position.parse(ENDGAME)  # one suit, stock spent; 6♠… into the empty column 8 loses layouts
    view = mask(pos)
    choice, rash = Move.parse("move 9 5 3"), Move.parse("move 6 8 1")
    run = FairReviewRun([view, view], [choice, rash])
    while run.step():
        pass
    first, second = run.review().grades
    assert first.grade is FairGrade.CHOICE and first.better is None and first.played == first.choice
    assert second.grade is FairGrade.FEWER and second.better == choice
    assert second.played.dry > second.choice.dry == 0 and second.played.wins < second.choice.wins
    assert run.review().summary() == "2 moves: 1 the hint's choice, 1 with fewer wins"


@pytest.mark.parametrize("played, grade", [
    # (wins, open, dry) of the move played, against the choice's 6 won, 16 open, 2 dry.
    ((6, 16, 2), "EVEN"),  # the same counts
    ((7, 15, 2), "EVEN"),  # more wins, no more lost: not worse
    ((6, 15, 3), "FEWER"),  # the same wins, more layouts that look lost
    ((5, 18, 1), "FEWER"),  # fewer wins, fewer lost
    ((0, 0, 24), "LOOKS_LOST"),  # every layout looks lost where the choice has hope
])
def test_the_fair_review_grades_by_wins_and_by_layouts_that_look_lost(played, grade):
    from game.spider import Move
    from game.spider.fair import Ranked
    from game.spider.fair_review import FairGrade, judge

    choice, other = Move.parse("move 9 5 3"), Move.parse("move 6 8 1")
    wins, open_, dry = played
    ranked = [Ranked(choice, 3.0, True, 6, 16, 2), Ranked(other, 1.0, True, wins, open_, dry)]
    judged = judge(2, other, ranked, 24)
    assert judged.grade is FairGrade[grade] and judged.played == ranked[1] and judged.choice == ranked[0]
    assert judged.better == (choice if grade in ("FEWER", "LOOKS_LOST") else None)
    # The choice itself, and a move the search never checked (nothing to grade it by).
    assert judge(1, choice, ranked, 24).grade is FairGrade.CHOICE
    assert judge(3, other, [ranked[0], Ranked(other, 1.0)], 24).grade is FairGrade.UNKNOWN


def test_thinking_ahead_in_a_second_worker_gives_h_the_same_hint_at_once(service):
    # The round's thinking-ahead worker searches what H would ask, the player's view only:
    # pressed once it is in, H shows at once the hint a table without it shows after its wait.
    a, b = twins(5, 4, 3)
    with SolverService("spider") as ponder:
        table = SpiderTable(TableEnv(solver=lambda game: service, ponder=lambda game: ponder), 1, a.suits)
        table.session.position = a  # type: ignore[misc]
        until("the hint thought out ahead", lambda: table.hints.answer(table.position),
              lambda: (table.update(1 / 60), table.think_ahead()))
        searches = service.searches
        table.command(Act.HINT)
        thought = table.message
        assert thought.startswith("Hint: ") and not table.thinking and service.searches == searches
        assert ponder.searches == 1
    twin = table_on(service, b)  # the same table, other hidden cards, no thinking ahead
    twin.command(Act.HINT)
    until("the hint", lambda: not twin.thinking, lambda: twin.update(1 / 60))
    assert twin.message == thought
