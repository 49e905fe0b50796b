"""A legal drop flies from where the card was let go, in the very next frame (issue 38, item 2).

The real window (SDL's offscreen driver) is driven by posted mouse events;
the frame drawn by the step that takes the release is read back from the
renderer's list of what it drew.
"""

from __future__ import annotations

import math

import pygame
import pytest
from fake_time import FakeTime

from game.app import App
from game.render import theme
from game.render.layout import PileKind


@pytest.fixture
def clock(monkeypatch, tmp_path):
    monkeypatch.setenv("SDL_VIDEODRIVER", "offscreen")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("SOLITAIRE_DATA_DIR", str(tmp_path / "data"))
    pygame.quit()  # a test before may have left pygame up on another video driver
    return FakeTime()


@pytest.fixture
def make_app(clock):
    apps: list[App] = []

    def make(*args, **kwargs) -> App:
        app = App(*args, now=clock, **kwargs)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.close()


def step(app: App, clock: FakeTime) -> bool:
    clock.t += 1 / 60
    return app.step()


def point_of(app: App, kind: PileKind, pile: int, index: int | None) -> tuple[int, int]:
    """A window pixel on the card's visible top strip, or on the empty slot."""
    lay = app.play.table.layout_now()
    cam = app.renderer.camera_for(lay)
    if index is None:
        s = lay.slot(kind, pile)
        x, y, z = s.x, s.y, 0.0
    else:
        c = next(p for p in lay.pile(kind, pile) if p.index == index)
        x, y, z = c.x, c.y + theme.CARD_H / 2 - 0.08, c.z
    sx, sy = cam.project(x, y, z)
    return round(sx), round(sy)


def drawn_at(app: App, where: tuple[PileKind, int, int]):
    """The card the last frame drew for the layout place ``where`` (kind, pile, index)."""
    return next(p for p in app.renderer.drawn if getattr(p, "key", None) == where)


def drag_and_let_go(app: App, clock: FakeTime, source: tuple[PileKind, int, int], target: tuple[PileKind, int],
                    landing: tuple[PileKind, int, int]) -> tuple:
    """Drag the card at ``source`` over ``target`` and let go; the card as drawn in the
    last frame of the drag, at rest before it, and in the frame the release drew."""
    app.play.table.flights.land()
    while step(app, clock):
        pass
    rest = drawn_at(app, source)
    start = point_of(app, *source)
    dest = app.play.table.layout_now().pile(*target)
    end = point_of(app, *target, dest[-1].index if dest else None)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    step(app, clock)
    for i in range(1, 7):
        p = (start[0] + (end[0] - start[0]) * i // 6, start[1] + (end[1] - start[1]) * i // 6)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
        step(app, clock)
    held = drawn_at(app, source)
    assert held.in_flight and math.hypot(held.x - rest.x, held.y - rest.y) > theme.CARD_H
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    drew = step(app, clock)
    # The step that took the release drew the flight: no frame shows anything else first.
    assert drew
    return held, rest, drawn_at(app, landing)


def close_to(a, b, tolerance: float) -> bool:
    return math.hypot(a.x - b.x, a.y - b.y) < tolerance


def test_a_card_let_go_on_a_free_cell_flies_on_from_where_it_was_let_go(clock, make_app):
    app = make_app("freecell", 617, restore=False, size=(1280, 720))
    column = app.play.table.position.columns[2]
    card = column[-1]
    held, rest, first = drag_and_let_go(app, clock, (PileKind.COLUMN, 2, len(column) - 1), (PileKind.CELL, 1),
                                        (PileKind.CELL, 1, 0))
    assert app.play.table.position.cells[1] == card  # the move was made
    assert int(first.card) == int(card) and first.in_flight
    # A sixtieth of a second into its flight: where it was let go, not back in its column.
    assert close_to(first, held, 0.1 * theme.CARD_H)
    assert not close_to(first, rest, theme.CARD_H)


def test_a_spider_run_let_go_on_a_column_flies_on_from_where_it_was_let_go(clock, make_app):
    app = make_app("spider", 3, suits=1, restore=False, size=(1280, 720))
    pos = app.play.table.position
    move = next(m for m in pos.legal_moves() if not m.is_deal and m.count == 1)
    src, dst = pos.columns[move.source], pos.columns[move.dest]
    held, rest, first = drag_and_let_go(app, clock, (PileKind.COLUMN, move.source, len(src) - 1),
                                        (PileKind.COLUMN, move.dest), (PileKind.COLUMN, move.dest, len(dst)))
    assert app.play.table.session.moves == 1
    assert first.in_flight
    assert close_to(first, held, 0.1 * theme.CARD_H)
    assert not close_to(first, rest, theme.CARD_H)
