"""Hands (issue 60): play with no button held down, and a shaky click never a drag.

Mouse events are posted into the real window's event handling (SDL's offscreen
driver, as tests/test_app.py): "click to pick up and drop" lifts the cards a click
chose and the next click puts them down, in FreeCell and in Spider; a right-click
or [Esc] puts them back; "how far a drag must go" keeps a press that shakes a few
pixels a click; FreeCell's run panel, which a press and hold opens, opens with no
hold too (a second click or [Enter] on the selected run).
"""

from __future__ import annotations

import pygame
import pytest
from fake_time import FakeTime
from test_app import button_pos, click, clock, frames, key, make_app, screen_of  # noqa: F401 - fixtures

from game.app import App
from game.freecell.position import Position as FreeCellPosition
from game.play.settings import Settings
from game.render.layout import PileKind
from game.spider.position import Position as SpiderPosition
from game.store import Store


def _mouse(app: App, clock: FakeTime, kind: int, pos: tuple[int, int], **extra) -> None:
    pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
    frames(app, clock, 1)


def press(app, clock, pos, button=1):
    _mouse(app, clock, pygame.MOUSEBUTTONDOWN, pos, button=button)


def let_up(app, clock, pos, button=1):
    _mouse(app, clock, pygame.MOUSEBUTTONUP, pos, button=button)


def glide(app, clock, pos, held=False):
    """The mouse moves to ``pos`` (the left button down or, for a carried run, up)."""
    _mouse(app, clock, pygame.MOUSEMOTION, pos, rel=(0, 0), buttons=(1 if held else 0, 0, 0))


def _with(**settings) -> None:
    Store().save("settings", settings)


def _freecell_column_move(app: App):
    """A column-to-column move on the table (deal 3 has one), its source card's pixel and the target's."""
    pos = app.play.table.position
    assert isinstance(pos, FreeCellPosition)
    move = next(m for m in pos.distinct_moves() if m.source < 8 and m.dest < 8 and pos.columns[m.dest])
    start = screen_of(app, PileKind.COLUMN, move.source, len(pos.columns[move.source]) - move.count)
    end = screen_of(app, PileKind.COLUMN, move.dest, len(pos.columns[move.dest]) - 1)
    return move, start, end


def _spider_column_move(app: App):
    pos = app.play.table.position
    assert isinstance(pos, SpiderPosition)
    move = next(m for m in pos.legal_moves() if not m.is_deal and pos.columns[m.dest])
    start = screen_of(app, PileKind.COLUMN, move.source, len(pos.columns[move.source]) - move.count)
    end = screen_of(app, PileKind.COLUMN, move.dest, len(pos.columns[move.dest]) - 1)
    return move, start, end


def _held_card_at(app: App, source: tuple[PileKind, int, int]) -> tuple[float, float]:
    """Where the carried run's head card is drawn, and where it rests (table units)."""
    frame = app.play.frame(app.size)
    kind, pile, index = source
    drawn = next(p for p in frame.shown.pile(kind, pile) if p.index == index)
    rest = next(p for p in frame.layout.pile(kind, pile) if p.index == index)
    return drawn.x - rest.x, drawn.y - rest.y


@pytest.mark.parametrize("game", ["freecell", "spider"])
def test_click_to_pick_up_and_click_to_drop(clock, make_app, game):
    _with(click_to_move=True, auto_moves="off")
    app = make_app(game, 3 if game == "freecell" else 1, now=clock)
    table = app.play.table
    move, start, end = (_freecell_column_move if game == "freecell" else _spider_column_move)(app)
    source = (PileKind.COLUMN, move.source, len(table.position.columns[move.source]) - move.count)
    before = table.session.moves
    click(app, clock, start)
    # Picked up: no button is down, and the run is held (not merely selected).
    assert table.held is not None and table.held[0] == source and table.selection is None
    halfway = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    glide(app, clock, halfway)
    dx, dy = _held_card_at(app, source)
    assert abs(dx) + abs(dy) > 0.3  # the run follows the pointer, with no button held
    assert (PileKind.COLUMN, move.dest) in table.targets(source)  # where it may go is marked
    glide(app, clock, end)
    click(app, clock, end)
    frames(app, clock, 30)
    assert table.session.moves == before + 1, table.message
    assert table.held is None and not app.pointing.mouse.carry


@pytest.mark.parametrize("how", ["felt", "right", "escape"])
def test_a_carried_run_goes_back_on_felt_a_right_click_or_escape(clock, make_app, how):
    _with(click_to_move=True, auto_moves="off")
    app = make_app("freecell", 3, now=clock)
    table = app.play.table
    _, start, end = _freecell_column_move(app)
    layout = table.position.layout()
    click(app, clock, start)
    assert table.held is not None
    felt = (app.size[0] // 2, app.size[1] - 60)  # under the columns' cards: bare felt
    glide(app, clock, felt if how == "felt" else end)
    if how == "felt":
        click(app, clock, felt)
    elif how == "right":
        press(app, clock, end, button=3)
        let_up(app, clock, end, button=3)
    else:
        key(app, clock, pygame.K_ESCAPE)
    frames(app, clock, 60)
    assert table.held is None and table.position.layout() == layout and table.session.moves == 0
    assert not app.play.menu.is_open  # Esc put the cards back; it did not open the menu
    # The next click is a fresh one: it picks up again.
    click(app, clock, start)
    assert table.held is not None


def test_a_right_click_ends_a_plain_selection(clock, make_app):
    app = make_app("freecell", 3, now=clock)
    _, start, _ = _freecell_column_move(app)
    click(app, clock, start)
    assert app.play.table.selection is not None
    press(app, clock, start, button=3)
    let_up(app, clock, start, button=3)
    assert app.play.table.selection is None and not app.play.menu.is_open


def test_a_shaky_click_is_a_click_when_a_drag_must_go_far(clock, make_app):
    _with(drag_distance="long", auto_moves="off")
    app = make_app("freecell", 3, now=clock)
    table = app.play.table
    move, start, end = _freecell_column_move(app)
    # The press shakes 12 pixels (today's drag starts at 5) and comes up near where it went down.
    press(app, clock, start)
    glide(app, clock, (start[0] + 9, start[1] + 8), held=True)
    assert not app.pointing.dragging
    let_up(app, clock, (start[0] + 3, start[1] + 2))
    assert table.selection is not None and table.selection[1] == move.source
    # The second click shakes too, on the target: still a click, and the move is made.
    press(app, clock, end)
    glide(app, clock, (end[0] - 10, end[1] + 7), held=True)
    let_up(app, clock, end)
    frames(app, clock, 30)
    assert table.session.moves == 1, table.message
    # A real drag still drags.
    move, start, end = _freecell_column_move(app)
    press(app, clock, start)
    for t in (0.3, 0.7, 1.0):
        glide(app, clock, (round(start[0] + (end[0] - start[0]) * t), round(start[1] + (end[1] - start[1]) * t)),
              held=True)
    assert app.pointing.dragging
    let_up(app, clock, end)
    frames(app, clock, 30)
    assert table.session.moves == 2, table.message


def test_the_shortest_drag_distance_is_todays():
    from game.input.pointer import drag_slop
    from game.speeds import DRAG_START_PX

    assert drag_slop(Settings().drag_distance, (1280, 720)) == DRAG_START_PX
    assert drag_slop("short", (800, 600)) < drag_slop("medium", (800, 600)) < drag_slop("long", (800, 600))


def test_the_run_panel_opens_with_no_hold_by_mouse_and_by_keyboard(clock, make_app):
    app = make_app("freecell", 1, now=clock)
    table = app.play.table
    # Column 3 of deal 1 ends 8♦ 2♥: a run of two (the press-and-hold test's column).
    head = screen_of(app, PileKind.COLUMN, 2, 5)
    click(app, clock, head)
    assert table.selection == (PileKind.COLUMN, 2, 5)
    frames(app, clock, 30)  # apart from a double click
    click(app, clock, head)
    assert table.panel is not None and table.panel.title == "2 cards from 8♦"
    click(app, clock, button_pos(app, "hold-down"))
    assert table.panel.title == "1 card from 2♥"
    click(app, clock, button_pos(app, "hold-ok"))
    assert table.selection == (PileKind.COLUMN, 2, 6) and table.panel is None
    key(app, clock, pygame.K_ESCAPE)
    # The keyboard: the focus on column 3's 8♦, Enter twice.
    for k in (pygame.K_RIGHT,) * 10 + (pygame.K_UP,):
        key(app, clock, k)
    assert app.play.table.focus_places()[table.focus_index] == (PileKind.COLUMN, 2)
    key(app, clock, pygame.K_RETURN)
    key(app, clock, pygame.K_RETURN)
    assert table.panel is not None and table.panel.title == "2 cards from 8♦"


def test_the_hands_settings_are_in_settings_and_remembered(clock, make_app):
    app = make_app("spider", 1, now=clock)
    key(app, clock, pygame.K_m)
    click(app, clock, button_pos(app, "settings"))
    click(app, clock, button_pos(app, "set-click_to_move"))
    click(app, clock, button_pos(app, "set-drag_distance=medium"))
    assert app.play.env.click_to_move is True
    saved = app.play.store.load("settings")
    assert saved["click_to_move"] is True and saved["drag_distance"] == "medium"
    assert Settings.from_dict({"drag_distance": "huge", "click_to_move": "yes"}) == Settings()
    # Every choice the row offers is one the file keeps and the pointer knows.
    from game import speeds
    from game.play.settings import DRAG_DISTANCES

    assert set(DRAG_DISTANCES) == set(speeds.DRAG_DISTANCES)
    assert all(Settings.from_dict({"drag_distance": d}).drag_distance == d for d in DRAG_DISTANCES)


def test_a_double_click_still_sends_a_card_off_with_click_to_pick_up_on(clock, make_app):
    _with(click_to_move=True, auto_moves="off")
    app = make_app("freecell", 3, now=clock)
    table = app.play.table
    column = 1
    card = table.position.columns[column][-1]
    at = screen_of(app, PileKind.COLUMN, column, len(table.position.columns[column]) - 1)
    click(app, clock, at)
    assert table.held is not None
    click(app, clock, at)  # within the double-click time: the card goes to a free cell
    frames(app, clock, 30)
    assert table.position.cells[0] == card and table.held is None and not app.pointing.mouse.carry


def test_a_finger_taps_to_pick_up_and_taps_to_put_down(clock, make_app):
    from test_touch import tap

    _with(click_to_move=True, auto_moves="off")
    app = make_app("spider", 1, now=clock)
    table = app.play.table
    _, start, end = _spider_column_move(app)
    tap(app, clock, start, copies=True)  # with SDL's mouse copies, which must change nothing
    assert table.held is not None and app.pointing.finger.carry is not None
    assert app.pointing.mouse.carry is None
    tap(app, clock, end, copies=True)
    frames(app, clock, 30)
    assert table.session.moves == 1 and table.held is None, table.message
