"""Touch: SDL finger events posted into the real window's event handling.

The window is real (SDL's offscreen driver, OpenGL through EGL) and time is
the test's clock, as in tests/test_app.py. Fingers arrive as SDL sends them:
FINGERDOWN / FINGERMOTION / FINGERUP with positions normalised to the
window, optionally followed by the mouse events SDL makes from them
(``touch=True``), which must change nothing. A window turned between
landscape and portrait is resized through SDL (its WINDOWSIZECHANGED event).
"""

from __future__ import annotations

import warnings

import pygame
import pytest
from fake_time import FakeTime
from test_app import button_pos, clock, frames, make_app, screen_of  # noqa: F401 - fixtures

from game.app import App
from game.freecell import HOME, deal
from game.freecell.solver import solve
from game.render import theme
from game.render.layout import PileKind
from game.render.picking import column_under, pick

TID = 3  # the touch screen's device id


def _post(app: App, kind: int, pos: tuple[int, int], finger: int, copies: bool, device: int = TID) -> None:
    w, h = app.size
    pygame.event.post(pygame.event.Event(kind, touch_id=device, finger_id=finger, x=(pos[0] + 0.5) / w,
                                         y=(pos[1] + 0.5) / h, dx=0.0, dy=0.0, pressure=1.0))
    if copies:  # what SDL makes of the first finger for mouse-only programs
        mouse = {pygame.FINGERDOWN: pygame.MOUSEBUTTONDOWN, pygame.FINGERUP: pygame.MOUSEBUTTONUP}.get(kind)
        extra = {"button": 1} if mouse else {"rel": (0, 0), "buttons": (1, 0, 0)}
        pygame.event.post(pygame.event.Event(mouse or pygame.MOUSEMOTION, pos=pos, touch=True, which=0xFFFFFFFF, **extra))


def down(app, clock, pos, finger=1, copies=False):
    _post(app, pygame.FINGERDOWN, pos, finger, copies)
    frames(app, clock, 1)


def slide(app, clock, pos, finger=1, copies=False):
    _post(app, pygame.FINGERMOTION, pos, finger, copies)
    frames(app, clock, 1)


def lift(app, clock, pos, finger=1, copies=False):
    _post(app, pygame.FINGERUP, pos, finger, copies)
    frames(app, clock, 2)


def tap(app, clock, pos, copies=False, device=TID):
    _post(app, pygame.FINGERDOWN, pos, 1, copies, device)
    _post(app, pygame.FINGERUP, pos, 1, copies, device)
    frames(app, clock, 2)


def swipe(app, clock, start, end, copies=False):
    down(app, clock, start, copies=copies)
    slide(app, clock, ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2), copies=copies)
    slide(app, clock, end, copies=copies)
    lift(app, clock, end, copies=copies)


def turn(app: App, clock: FakeTime, size: tuple[int, int]) -> None:
    """Resize the real window (the device turned): SDL posts WINDOWSIZECHANGED."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # pygame-ce's note on surface rendering
        pygame.Window.from_display_module().size = size
    frames(app, clock, 2)
    assert app.size == size


def settled(app: App, clock: FakeTime) -> None:
    """Every flight lands, and every card is drawn where it rests: none is stuck."""
    frames(app, clock, 90, dt=1 / 30)
    frame = app.play.frame(app.size)
    rest = {p.key: (p.x, p.y, p.z) for p in frame.layout.cards}
    shown = {p.key: (p.x, p.y, p.z) for p in frame.shown.cards}
    assert shown == rest
    assert not app.play.table.flights.busy() and app.play.table.held is None


def _place_of_dest(app: App, pos, move) -> tuple[int, int]:
    if move.dest < 8:
        col = pos.columns[move.dest]
        return screen_of(app, PileKind.COLUMN, move.dest, len(col) - 1 if col else None)
    if move.dest < HOME:
        return screen_of(app, PileKind.CELL, move.dest - 8, None)
    suit = int(pos.columns[move.source][-1] if move.source < 8 else pos.cells[move.source - 8]) % 4
    return screen_of(app, PileKind.FOUNDATION, suit, None)


def test_freecell_moves_by_dragging_and_by_tap_tap_with_sdls_mouse_copies_ignored(clock, make_app):
    app = make_app("freecell", 617, now=clock)
    table = app.play.table
    for i, move in enumerate(solve(deal(617, auto_foundation=True)).player_moves[:10]):
        pos = table.position
        if move.source < 8:
            start = screen_of(app, PileKind.COLUMN, move.source, len(pos.columns[move.source]) - move.count)
        else:
            start = screen_of(app, PileKind.CELL, move.source - 8, 0)
        end = _place_of_dest(app, pos, move)
        before = table.session.moves
        if i % 2:  # tap the card (it is selected), tap where it goes
            tap(app, clock, start, copies=True)
            assert table.selection is not None, (str(move), table.message)
            tap(app, clock, end, copies=True)
        else:
            swipe(app, clock, start, end, copies=True)
        frames(app, clock, 30)
        assert table.session.moves == before + 1, (str(move), table.message)
    settled(app, clock)


def test_spider_moves_by_finger_and_a_tap_on_the_stock_deals(clock, make_app):
    from game.spider import deal as spider_deal
    from game.spider import solve as spider_solve

    app = make_app("spider", 1, 1, now=clock)
    table = app.play.table
    moves = list(spider_solve(spider_deal(1, 1)).moves)
    first_deal = next(i for i, m in enumerate(moves) if m.is_deal)
    for i, move in enumerate(moves[:min(first_deal, 8)]):
        pos = table.position
        n = len(pos.columns[move.source])
        start = screen_of(app, PileKind.COLUMN, move.source, n - move.count)
        col = pos.columns[move.dest]
        end = screen_of(app, PileKind.COLUMN, move.dest, len(col) - 1 if col else None)
        before = table.session.moves
        if i % 2:
            tap(app, clock, start)
            tap(app, clock, end)
        else:
            swipe(app, clock, start, end)
        frames(app, clock, 30)
        assert table.session.moves == before + 1, (str(move), table.message)
    left = table.position.deals_left
    tap(app, clock, screen_of(app, PileKind.STOCK, 0, None))
    frames(app, clock, 60)
    assert table.position.deals_left == left - 1, table.message


def test_double_tap_and_a_tap_on_the_bar(clock, make_app):
    app = make_app("freecell", 1, now=clock)
    table = app.play.table
    six = screen_of(app, PileKind.COLUMN, 0, 6)  # deal 1: 6♠ ends column 1; it cannot go home
    for _ in range(2):  # finger events SDL makes from the mouse (device -1): the mouse's own events act
        tap(app, clock, six, device=-1)
    frames(app, clock, 30)
    assert table.selection is None and all(c is None for c in table.position.cells)
    tap(app, clock, six)
    tap(app, clock, six)
    frames(app, clock, 30)
    assert [str(c) for c in table.position.cells if c is not None] == ["6S"], table.message
    # Beside Undo, in the bar's gap before it: the mouse presses nothing there, a finger Undo.
    rect = next(r for r, a in app.overlay._hits.rects if a == "undo")
    gap = next((rect.left - dx, rect.centery) for dx in range(1, 10) if app.overlay.hit((rect.left - dx, rect.centery)) is None)
    assert app.overlay.covers(gap)
    from test_app import click

    click(app, clock, gap)
    assert table.session.moves == 1
    tap(app, clock, gap)
    frames(app, clock, 30)
    assert table.session.moves == 0 and all(c is None for c in table.position.cells)


def test_a_finger_drop_within_half_a_card_of_a_free_cell_lands_there(clock, make_app):
    app = make_app("freecell", 1, now=clock)
    table = app.play.table
    lay = table.layout_now()
    cam = app.renderer.camera_for(lay)
    cell = lay.slot(PileKind.CELL, 0)
    # Left of the first free cell by a third of a card: bare felt to the mouse.
    sx, sy = cam.project(cell.x - theme.CARD_W / 2 - 0.3, cell.y, 0.0)
    beside = (round(sx), round(sy))
    assert pick(lay, cam, *beside) is None and column_under(lay, cam, *beside) is None
    six = screen_of(app, PileKind.COLUMN, 0, 6)
    from test_app import drag

    drag(app, clock, six, beside)  # the mouse: nothing there, the card flies back
    frames(app, clock, 30)
    assert table.session.moves == 0
    swipe(app, clock, six, beside)  # a finger: within reach of the cell
    frames(app, clock, 30)
    assert str(table.position.cells[0]) == "6S", table.message
    # A tap beside the next free cell places the selected card there, as a tap on it would.
    cell = lay.slot(PileKind.CELL, 1)
    sx, sy = cam.project(cell.x, cell.y - theme.CARD_H / 2 - 0.3, 0.0)  # below it, above the columns' tops
    below = (round(sx), round(sy))
    assert pick(lay, cam, *below) is None and column_under(lay, cam, *below) is None
    tap(app, clock, screen_of(app, PileKind.COLUMN, 1, 6))
    assert table.selection is not None
    tap(app, clock, below)
    frames(app, clock, 30)
    assert table.position.cells[1] is not None and table.session.moves == 2, table.message


def test_a_second_finger_cancels_a_drag_and_the_run_flies_home(clock, make_app):
    app = make_app("freecell", 1, now=clock)
    table = app.play.table
    before = table.position.copy()
    six = screen_of(app, PileKind.COLUMN, 0, 6)
    cell = screen_of(app, PileKind.CELL, 0, None)
    down(app, clock, six)
    slide(app, clock, ((six[0] + cell[0]) // 2, (six[1] + cell[1]) // 2))
    assert table.held is not None  # the card follows the finger
    down(app, clock, (10, 10), finger=2)
    assert table.held is None and table.flights.busy()  # on its way back
    slide(app, clock, cell)
    lift(app, clock, cell)  # the first finger lifts over a free cell: nothing moves
    lift(app, clock, (10, 10), finger=2)
    assert table.position == before and table.session.moves == 0
    settled(app, clock)
    down(app, clock, six)  # the window loses the touch screen mid-drag: no lift will come
    slide(app, clock, ((six[0] + cell[0]) // 2, (six[1] + cell[1]) // 2))
    assert table.held is not None
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    frames(app, clock, 1)
    assert table.held is None and table.flights.busy()
    settled(app, clock)
    swipe(app, clock, six, cell)  # the next touch plays again
    frames(app, clock, 30)
    assert str(table.position.cells[0]) == "6S"


def test_long_press_opens_the_run_panel_slide_to_the_arrows_lift_to_confirm(clock, make_app):
    app = make_app("freecell", 1, now=clock)
    table = app.play.table
    two = screen_of(app, PileKind.COLUMN, 2, 6)  # column 3's last card, 2♥
    down(app, clock, two)
    frames(app, clock, 60)  # a second: past the hold time
    assert table.panel is not None and table.panel.title == "1 card from 2♥"
    up_arrow = button_pos(app, "hold-up")
    slide(app, clock, up_arrow)
    assert table.panel.title == "2 cards from 8♦"
    slide(app, clock, (up_arrow[0] + 2, up_arrow[1]))  # resting on the arrow: no second step
    assert table.panel.title == "2 cards from 8♦"
    lift(app, clock, (app.size[0] // 2, app.size[1] - 5))  # let go off the panel: confirmed
    assert table.selection == ("column", 2, 5) and table.panel is None


def test_lifting_on_close_cancels_the_run_panel(clock, make_app):
    app = make_app("freecell", 1, now=clock)
    table = app.play.table
    down(app, clock, screen_of(app, PileKind.COLUMN, 2, 6))
    frames(app, clock, 60)
    close = button_pos(app, "close")
    slide(app, clock, close)
    lift(app, clock, close)
    assert table.panel is None and table.selection is None


@pytest.mark.parametrize("size", [(720, 1280)])
def test_turning_the_window_mid_drag_sends_the_card_home(clock, make_app, size):
    app = make_app("freecell", 1, size=(1280, 720), now=clock)
    table = app.play.table
    before = table.position.copy()
    six = screen_of(app, PileKind.COLUMN, 0, 6)
    down(app, clock, six)
    slide(app, clock, (six[0] + 120, six[1] - 200))
    assert table.held is not None
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1280, y=720))  # SDL repeating the size
    frames(app, clock, 2)
    assert table.held is not None  # the same size: the drag goes on
    turn(app, clock, size)
    assert table.held is None  # let go: it flies home on the turned table
    cell = screen_of(app, PileKind.CELL, 0, None)
    slide(app, clock, cell)
    lift(app, clock, cell)  # the rest of that touch does nothing
    assert table.position == before
    settled(app, clock)
    turn(app, clock, (1280, 720))  # and back, mid-drag with the mouse this time
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=six, button=1))
    frames(app, clock, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(six[0] + 100, six[1] - 150), rel=(0, 0), buttons=(1, 0, 0)))
    frames(app, clock, 1)
    assert table.held is not None
    turn(app, clock, (720, 1280))
    assert table.held is None
    settled(app, clock)


def test_turning_the_window_mid_long_press_keeps_the_panel_and_the_slide(clock, make_app):
    app = make_app("freecell", 1, size=(1280, 720), now=clock)
    table = app.play.table
    down(app, clock, screen_of(app, PileKind.COLUMN, 2, 6))
    frames(app, clock, 60)
    assert table.panel is not None
    turn(app, clock, (720, 1280))
    assert table.panel is not None and table.panel.title == "1 card from 2♥"
    slide(app, clock, button_pos(app, "hold-up"))  # the arrow where the turned panel shows it
    assert table.panel.title == "2 cards from 8♦"
    lift(app, clock, (5, app.size[1] - 5))
    assert table.selection == ("column", 2, 5) and table.panel is None
    settled(app, clock)
