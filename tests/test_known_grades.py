""""Show which moves keep the win": a move the game already knows to win is green at
once, with no search: the hint's own move, the next move of the line the live check
proved, the review's line in a "Try again from here" game; and every target that is
the same position (any empty free cell, any empty column) gets the same grade."""

from __future__ import annotations

import time

import pytest
from freecell_helpers import make
from test_coach_table import LOSING_GAME, finish_review

from game.freecell import HOME, Move, Position
from game.freecell.solver import solve
from game.i18n import set_language
from game.input.actions import Act
from game.places import PileKind


def step_until(play, done, seconds: float = 60.0) -> None:
    """Step the controller until ``done()`` (the solver's workers run meanwhile)."""
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "no answer came"
        play.update(0.02)
        time.sleep(0.01)


def select_source(table, move: Move) -> None:
    """Select the card (or run) ``move`` takes, as a click on it does."""
    if move.source < 8:
        table.activate(PileKind.COLUMN, move.source, len(table.position.columns[move.source]) - move.count)
    else:
        table.activate(PileKind.CELL, move.source - 8, 0)


def target_of(position: Position, move: Move) -> tuple[PileKind, int]:
    """The place the table marks for ``move``'s destination (a free cell: the first empty one)."""
    if move.dest < 8:
        return PileKind.COLUMN, move.dest
    if move.dest < HOME:
        return PileKind.CELL, position.cells.index(None)
    card = position.columns[move.source][-1] if move.source < 8 else position.cells[move.source - 8]
    assert card is not None
    return PileKind.FOUNDATION, int(card) % 4


def styles_now(play) -> dict[tuple[PileKind, int], str]:
    """The targets' styles after one step, before any search can have answered."""
    play.update(0.0)
    return {(m.kind, m.pile): m.style for m in play.table.marks() if m.style in ("keeps", "loses", "undecided")}


def test_the_hints_move_is_green_at_once(play_for):
    """Deal 617: the hint says K♠ to a free cell wins (its line shortened for a moment,
    so its first move is read from the hint's marks); selecting the card marks that
    target green at once, and no search is asked (the grader never starts)."""
    set_language("en")
    play = play_for("freecell", 617, move_grades=True)
    table = play.table
    table.command(Act.HINT)
    step_until(play, lambda: not table.thinking)
    assert "a winning line of" in table.message
    source, dest = table.hint_marks[:2]
    assert source.kind is PileKind.COLUMN and dest.kind is not PileKind.FOUNDATION
    count = len(table.position.columns[source.pile]) - source.start
    hint = Move.of(source.pile, dest.pile if dest.kind is PileKind.COLUMN else 8 + dest.pile, count)
    select_source(table, hint)
    assert styles_now(play)[target_of(table.position, hint)] == "keeps"
    assert table.grader is None


def test_the_live_lines_next_move_is_green_at_once_whatever_free_cell_it_names(play_for):
    """The live check's proven line: its first move is green as soon as the line comes;
    after it is played to another free cell than the line names, the line's next move
    still is (the same position, whichever cell holds the card)."""
    play = play_for("freecell", 617, move_grades=True, live_winnability=True)
    table, live = play.table, play.round.winnability
    step_until(play, lambda: bool(live.line))
    first = live.line[0]
    select_source(table, first)
    assert styles_now(play)[target_of(table.position, first)] == "keeps"
    # 617's line starts "2a 2b": K♠ and 10♠ to free cells; K♠ goes to the last cell instead.
    assert [str(m) for m in live.line[:2]] == ["2a", "2b"]
    table.activate(PileKind.COLUMN, 1, len(table.position.columns[1]) - 1)  # deselect
    table.play(table.position.parse_move("2d"))
    play.update(0.0)
    second = table.position.parse_move("2b")
    select_source(table, second)
    assert styles_now(play)[(PileKind.CELL, 0)] == "keeps"  # the line names cell b; cell a is the first empty


def test_every_empty_column_a_known_move_could_take_is_green(play_for):
    """A run known to win when moved to one empty column wins moved to any: each is green."""
    play = play_for("freecell", 1, move_grades=True)
    table = play.table
    pos = make(["JH KS", "JS KH", "QH", "", "", "", "", ""], cells="QS", found="C-K D-K H-T S-T", auto=True)
    table.session.position = pos
    to_fourth = Move.of(0, 3, 1)  # K♠ to column 4, then the solver's line from there
    after = pos.copy(stack=False)
    after.push(to_fourth, auto=False)
    result = solve(after, auto="safe")
    table.learn_line(pos, [to_fourth, *result.moves])
    select_source(table, to_fourth)
    styles = styles_now(play)
    assert {place for place, style in styles.items() if style == "keeps"} >= {(PileKind.COLUMN, c) for c in range(3, 8)}


@pytest.mark.usefixtures("quick_review")  # the review's flow, not how short its lines are
def test_a_try_again_game_knows_the_reviews_line(play_for):
    """"Try again from here" at a mistake: the better move, on the review's winning line, is green at once."""
    set_language("en")
    play = play_for("freecell", 6, move_grades=True)
    for token in LOSING_GAME.split():
        play.button(f"play:{token}")
    play.button("giveup")
    play.button("review")
    finish_review(play)
    better = play.table.coach.graded[4].better
    play.button("review-try:5")
    table = play.table
    assert table.session.assisted
    select_source(table, better)
    assert styles_now(play)[target_of(table.position, better)] == "keeps"
