"""Spider's Hint on the table (issue 36): asked of the worker, never searched on the
main thread; "thinking…" after a few frames; presses cycle; a lost game offers
Undo and Restart; the heuristic answers only when the worker cannot."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from spider_helpers import build

from game.input.actions import Act
from game.play.spider_hint import THINKING_FRAMES
from game.play.spider_table import SpiderTable
from game.play.table import TableEnv
from game.solver.answers import Answer, Ask, Verdict
from game.spider.advice import advise_view
from game.spider.masked import MaskedView, mask
from game.spider.moves import Move
from game.spider.position import Position

if TYPE_CHECKING:
    from game.solver import SolverService


class FakeSolver:
    """A solver service that answers only when the test says so (no process)."""

    def __init__(self, advice: bool = True) -> None:
        self.asked: list[tuple[int, MaskedView]] = []
        self.ready: list[Answer] = []
        self.cancelled: list[int] = []
        self.advice = advice

    def ask_hint(self, view: MaskedView) -> int:
        assert isinstance(view, MaskedView), "the table sends the player's view, never the position"
        self.asked.append((len(self.asked) + 1, view))
        return len(self.asked)

    def answer(self) -> None:
        request, view = self.asked[-1]
        advice = advise_view(view, budget=1_500) if self.advice else None
        self.ready.append(Answer(request, Ask.HINT, Verdict.UNKNOWN, advice=advice,
                                 reason="" if advice else "the solver process stopped"))

    def poll(self, request: int | None = None) -> list[Answer]:
        out = [a for a in self.ready if request is None or a.request == request]
        self.ready = [a for a in self.ready if a not in out]
        return out

    def cancel(self, request: int | None = None) -> None:
        self.cancelled.append(request or 0)

    def close(self) -> None:
        pass


def table_with(solver: FakeSolver, number: int = 3, suits: int = 2) -> SpiderTable:
    # The table's env hands out the game's SolverService; a Spider table only makes the
    # hint's four calls on it (game.play.spider_hint.HintSolver), which the fake answers.
    return SpiderTable(TableEnv(solver=lambda game: cast("SolverService", solver)), number, suits)


def test_hint_asks_the_worker_and_says_thinking_only_after_a_few_frames():
    solver = FakeSolver()
    table = table_with(solver)
    table.command(Act.HINT)
    assert len(solver.asked) == 1 and table.message == "" and not table.hint_marks
    for _ in range(THINKING_FRAMES - 1):
        table.update(1 / 60)
        assert "thinking" not in table.status()
    table.update(1 / 60)
    assert "Hint: thinking..." in table.status()
    solver.answer()
    table.update(1 / 60)
    assert "thinking" not in table.status()
    assert table.message.startswith("Hint: Move ") and any(
        hope in table.message for hope in ("sampled layout", "ways the face-down cards may lie",
                                           "turns over on this line", "turn over on this line"))
    assert [m.style for m in table.hint_marks] == ["hint", "hint"]


def test_pressing_again_cycles_the_answer_without_asking_again():
    solver = FakeSolver()
    table = table_with(solver)
    table.command(Act.HINT)
    solver.answer()
    table.update(1 / 60)
    first = table.message
    table.command(Act.HINT)
    second = table.message
    assert len(solver.asked) == 1 and second != first and second.startswith("Hint: ")
    # A move changes the table: the next press asks afresh.
    table.play(table.position.legal_moves()[0])
    table.command(Act.HINT)
    assert len(solver.asked) == 2


def test_an_answer_for_a_table_changed_since_is_dropped():
    solver = FakeSolver()
    table = table_with(solver)
    table.command(Act.HINT)
    solver.answer()
    table.play(table.position.legal_moves()[0])
    table.update(1 / 60)
    assert table.message == "" and not table.hint_marks


def test_the_heuristic_answers_when_the_worker_cannot():
    solver = FakeSolver(advice=False)
    table = table_with(solver, number=1, suits=1)
    table.command(Act.HINT)
    solver.answer()
    table.update(1 / 60)
    # The old hint's words (no "sampled layout", no "ways ... may lie").
    assert table.message == "Hint: Move 10♠ from column 6 to column 5 (onto J♠) — turns a face-down card"


def test_a_lost_game_says_so_and_offers_undo_and_restart():
    solver = FakeSolver()
    pos = build(dict(enumerate(["KS", "KS", "JS", "JS", "9S", "9S", "7S", "7S", "5S", "5S"], 1)),
                removed="SSSSSS", suits=1, junk=1)
    table = table_with(solver, number=1, suits=1)
    table.session.position = pos  # type: ignore[misc]
    table.command(Act.HINT)
    solver.answer()
    table.update(1 / 60)
    assert "looks lost" in table.message
    assert table.panel is not None and table.panel.title == "This game looks lost"
    assert {b.label for b in table.panel.buttons} >= {"Undo", "Restart"}


def test_a_game_proven_lost_in_sight_says_it_is_lost_not_that_it_looks_lost():
    from test_spider_fair import PROVEN_LOST

    solver = FakeSolver()
    table = table_with(solver, number=1, suits=1)
    table.session.position = Position.parse(PROVEN_LOST)  # type: ignore[misc]
    table.command(Act.HINT)
    solver.answer()
    table.update(1 / 60)
    assert table.message == "Hint: This game is lost: every card is in sight and no line of play wins"
    assert table.panel is not None and table.panel.title == "This game is lost"
    assert {b.label for b in table.panel.buttons} >= {"Undo", "Restart"}


# --- thinking ahead: the hint starts on each new table before H is pressed ------------

def pondering_table(main: FakeSolver, ponder: FakeSolver, number: int = 3, suits: int = 2) -> SpiderTable:
    return SpiderTable(TableEnv(solver=lambda game: cast("SolverService", main),
                                ponder=lambda game: cast("SolverService", ponder)), number, suits)


def test_the_hint_thinks_ahead_and_h_shows_its_answer_at_once():
    main, ponder = FakeSolver(), FakeSolver()
    table = pondering_table(main, ponder)
    table.think_ahead()
    assert [view for _rid, view in ponder.asked] == [mask(table.position)]  # the player's view only
    table.think_ahead()  # asked once for a table, however many steps pass
    assert len(ponder.asked) == 1 and not main.asked
    ponder.answer()
    table.update(1 / 60)
    assert table.message == "" and not table.thinking  # kept for H, not shown unasked
    table.command(Act.HINT)
    thought = table.message
    assert thought.startswith("Hint: Move ") and not main.asked and not table.thinking
    # The very hint a table without thinking ahead shows after its wait.
    plain = FakeSolver()
    other = table_with(plain)
    other.command(Act.HINT)
    plain.answer()
    other.update(1 / 60)
    assert other.message == thought and plain.asked[0][1] == ponder.asked[0][1]
    # Pressing again cycles that answer, as it does any other.
    table.command(Act.HINT)
    other.command(Act.HINT)
    assert table.message == other.message != thought and not main.asked


def test_h_pressed_while_it_thinks_ahead_waits_for_that_search():
    main, ponder = FakeSolver(), FakeSolver()
    table = pondering_table(main, ponder)
    table.think_ahead()
    table.command(Act.HINT)
    assert not main.asked and table.thinking  # no second search: H waits for that one
    assert "thinking" not in table.status()  # (said only after a few frames, as ever)
    for _ in range(THINKING_FRAMES):
        table.update(1 / 60)
        table.think_ahead()
    assert "Hint: thinking..." in table.status() and len(ponder.asked) == 1
    ponder.answer()
    table.update(1 / 60)
    assert table.message.startswith("Hint: Move ") and not table.thinking and not main.asked


def test_a_move_drops_what_it_thought_and_it_thinks_about_the_new_table():
    main, ponder = FakeSolver(), FakeSolver()
    table = pondering_table(main, ponder)
    table.think_ahead()
    table.play(table.position.legal_moves()[0])
    assert ponder.cancelled == [1]
    table.think_ahead()
    assert len(ponder.asked) == 2 and ponder.asked[1][1] != ponder.asked[0][1]
    # An answer for the table before is never shown for this one.
    ponder.ready.append(Answer(1, Ask.HINT, Verdict.UNKNOWN, advice=advise_view(ponder.asked[0][1], budget=1_500)))
    table.update(1 / 60)
    assert table.message == "" and table.hints.answer(table.position) == ()


def test_an_answer_it_cannot_use_leaves_h_to_ask_the_hints_worker():
    main, ponder = FakeSolver(), FakeSolver(advice=False)
    table = pondering_table(main, ponder)
    table.think_ahead()
    table.command(Act.HINT)  # waits for the search under way...
    ponder.answer()  # ...which could not answer: H asks its own worker
    table.update(1 / 60)
    assert len(main.asked) == 1 and main.asked[0][1] == ponder.asked[0][1]
    main.answer()
    table.update(1 / 60)
    assert table.message.startswith("Hint: Move ")


def test_it_does_not_think_ahead_without_the_worker_on_a_won_game_or_while_the_review_shows_a_move():
    solver = FakeSolver()
    table = table_with(solver)  # no thinking-ahead worker: H asks as it always did
    table.think_ahead()
    assert not solver.asked
    main, ponder = FakeSolver(), FakeSolver()
    won = pondering_table(main, ponder, number=1, suits=1)
    won.session.position = build({1: "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S", 2: "AS"},
                                 removed="SSSSSSS", suits=1)  # type: ignore[misc]
    won.play(Move.of(1, 0, 1))  # the ace completes the last set
    assert won.session.position.is_won()
    won.think_ahead()
    assert not ponder.asked
    shown = pondering_table(main, ponder)
    shown.coach_position = lambda: shown.session.position.copy()  # type: ignore[method-assign]
    shown.think_ahead()
    assert not ponder.asked
