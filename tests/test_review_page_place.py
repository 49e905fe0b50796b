"""The review's page of a move leaves the move's cards in view (issue 62): in the real
window (SDL's offscreen driver, as tests/test_app.py), in every language and window
shape, the page's box covers none of the cards the table lights for it: the move
played (its cards, where they came from, where they went) and the better move's.
A red target's note stays inside the window by a margin, below its place when the
window's top edge leaves no room above it."""

from __future__ import annotations

from functools import cache

import pytest
from conftest import QUICK_LANGUAGES
from fake_time import FakeTime

from game import i18n
from game.app import App
from game.i18n import set_language
from game.places import PileKind
from game.play.coach import FREECELL, Coach
from game.render.scene import View
from game.ui.hud import inside, overlaps

#: Deal 617 as the issue played it: move 3 puts 10♠ in a free cell where 10♠ onto J♥
#: was better, and its page covered both cards in Russian at 1024x768.
ISSUE_GAME = "2a 1b 2c"
#: A longer game of the same deal (docs/screenshot-left-handed.png): pages of moves all
#: over the table, columns grown long.
LONGER_GAME = "2a 2b 2c 26 83 8d 83 72 82 b1 8b b8 3b c8 18v2 7c b3 7b 71"
SIZES = [(1280, 720), (1024, 768), (720, 1280)]


@pytest.fixture
def clock(offscreen_window, monkeypatch, tmp_path):
    monkeypatch.setenv("SOLITAIRE_DATA_DIR", str(tmp_path / "data"))
    return FakeTime()


@cache
@cache
def review_of(game: str):
    """The review of deal 617 played as ``game`` (graded here, as the game's worker does;
    once per process: several tests read it). The issue's own game gets 30,000
    positions a search (the budget it was graded with when the issue was filed); the
    longer one, whose pages' places are the subject, the small budgets of
    conftest.quick_review. Par's search is a small one with no clock for both, so each
    gives the same grades on a busy machine."""
    from game.freecell.review import review_game
    from game.limits import Limit
    from game.play.coach import FREECELL
    from game.session import FreeCellSession

    session = FreeCellSession(617, auto_foundation="safe", now=lambda: 0.0)
    for token in game.split():
        session.play(session.position.parse_move(token))
    start, moves, level, known_lost = FREECELL.played(session)
    states = 30_000 if game == ISSUE_GAME else 10_000
    return review_game(start, moves, level, known_lost=known_lost, states=states, par_limit=Limit(20_000, None),
                       total_seconds=float("inf"))


def lit_boxes(app: App) -> list[tuple[float, float, float, float]]:
    """The screen boxes of the cards and empty places the renderer lights with a mark's glow
    (read from its instance data: 12 floats each, x y z yaw first, the glow's alpha last)."""
    frame = app.play.frame(app.size)
    data = app.renderer.frame_data(View(frame.shown, marks=list(frame.marks)))
    cam = app.renderer.camera_for(frame.shown)
    boxes = []
    for floats in (data.lit, data.slots):
        for k in range(0, len(floats), 12):
            x, y, z, yaw = floats[k:k + 4]
            if floats[k + 11] > 0:
                boxes.append(cam.box(x, y, z, yaw))
    return boxes


def step(app: App, clock: FakeTime, n: int = 2) -> None:
    for _ in range(n):
        clock.t += 1 / 60
        app.step()


def _cases() -> list[object]:
    """Each game, language and window shape. On every run: the issue's own case (Russian at
    1024x768) and the longer game in the quick languages at every shape; the rest in CI."""
    cases: list[object] = []
    for game, name in ((ISSUE_GAME, "issue"), (LONGER_GAME, "longer")):
        for language in i18n.LANGUAGES:
            for size in SIZES:
                fast = language in QUICK_LANGUAGES and (name == "longer" or (language, size) == ("ru", (1024, 768)))
                case_id = f"{name}-{language}-{size[0]}x{size[1]}"
                cases.append(pytest.param(game, language, size, id=case_id,
                                          marks=() if fast else pytest.mark.slow))
    return cases


@pytest.mark.parametrize("game, language, size", _cases())
def test_a_moves_review_page_covers_none_of_the_cards_it_talks_about(clock, size, language, game):
    app = App("freecell", 617, size=size, now=clock, language=language)
    try:
        for token in game.split():
            app.play.button(f"play:{token}")
        table = app.play.table
        table.coach = Coach(table.coach_rules)
        table.coach.load(617, review_of(game), table.session)
        for n in range(1, len(game.split()) + 1):
            app.play.button(f"review-move:{n}")
            step(app, clock)
            page = app.overlay.question
            assert page is not None
            lit = lit_boxes(app)
            assert len(lit) >= 2  # the move's source and target at least
            covered = [box for box in lit if overlaps(page.box, box)]
            assert covered == [], (n, app.play.panel().title, page.box, covered)
            assert inside(page.box, (0, 0, *size))
            assert not overlaps(page.box, app.overlay.geometry.band)  # the status line and buttons stay too
    finally:
        app.close()
        set_language("en")


def test_the_page_names_the_glow_only_where_a_better_move_glows():
    set_language("en")
    coach = Coach(FREECELL)
    coach.load(617, review_of(ISSUE_GAME))
    best, better = coach.detail(1), coach.detail(3)  # K♠ to a free cell is best; 10♠ onto J♥ beats move 3
    assert best.lines[0].startswith("Best:") and not any("glows" in line for line in best.lines)
    assert {m.style for m in coach.marks()} == {"selected", "hint"}
    assert better.lines[-1].endswith("the better move glows.")
    coach.detail(1)
    assert {m.style for m in coach.marks()} == {"selected"}


@pytest.mark.parametrize("size", SIZES + [(640, 480)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_red_targets_note_stays_inside_the_window_below_a_free_cell_at_the_top(clock, size):
    """Deal 6 four moves in, 9♣ selected: to the last free cell it loses the win (as in
    tests/test_coach_table.py); the mouse on that cell shows why, in a note edged in red."""
    from game.freecell.moves import Move
    from game.freecell.review import grade_targets

    set_language("en")
    app = App("freecell", 6, size=size, now=clock)
    try:
        for token in ["8a", "25", "6b", "4c"]:
            app.play.button(f"play:{token}")
        step(app, clock, 120)  # the cards have landed
        table = app.play.table
        table.activate("column", 0, len(table.position.columns[0]) - 1)
        source, count = table._source()
        places = table.targets()
        moves = [Move.of(source, table._place(kind, pile), count) for kind, pile in places]
        table.target_grades = dict(zip(places, grade_targets(table.session.position, moves)))
        assert table.target_grades[("cell", 3)].name == "UNSOLVABLE"
        table.hovered = (PileKind.CELL, 3)
        step(app, clock)
        # The note as drawn: the box its red edge makes on the overlay's picture.
        import pygame

        mask = pygame.mask.from_threshold(app.overlay._surface, (230, 90, 80, 255), (1, 1, 1, 255))
        edge = mask.get_bounding_rects()
        assert edge, "no note drawn"
        note = edge[0].unionall(edge[1:])
        margin = 4
        assert inside(tuple(note), (margin, margin, size[0] - 2 * margin, size[1] - 2 * margin)), note
        layout = app.play.frame(size).layout
        slot = layout.slot(PileKind.CELL, 3)  # empty: the red target is the slot itself
        cell = app.renderer.camera_for(layout).box(slot.x, slot.y)
        assert not overlaps(tuple(note), cell)  # the place stays in view: the note is below it
    finally:
        app.close()
