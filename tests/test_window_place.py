"""The window comes back where and as big as it was (issue 27, point 10), on
any display: never bigger than it, never even partly off it; fullscreen is
its own setting and leaves the remembered windowed place alone."""

from __future__ import annotations

import itertools

import pytest

from game.app.capabilities import DEFAULT_SIZE, FRAME, SMALLEST, restored_window
from game.play.menu import Settings
from game.store import Store


@pytest.mark.parametrize("frame", [FRAME, (1, 20, 1, 5), (0, 0, 0, 0)], ids=["estimate", "openbox", "none"])
@pytest.mark.parametrize("desktop", [(1024, 768), (1920, 1080), (900, 1600), (640, 480)])
def test_a_remembered_window_always_opens_whole_on_the_display_title_bar_and_all(desktop, frame):
    spots = (-100_000, -1920, -1, 0, 37, 900, 1919, 5000, 100_000)
    sizes = (1, 200, 800, 1280, 1920, 4000)
    left, top, right, bottom = frame
    for x, y, w, h in itertools.product(spots, spots, sizes, sizes):
        (ow, oh), where = restored_window({"x": x, "y": y, "w": w, "h": h}, desktop, frame)
        assert where is not None
        px, py = where
        # The frame's edges, the title bar's top among them, lie on the display.
        assert px - left >= 0 and py - top >= 0, (x, y, w, h)
        assert px + ow + right <= desktop[0] and py + oh + bottom <= desktop[1], (x, y, w, h)
        assert ow == min(desktop[0] - left - right, max(SMALLEST[0], w))
        assert oh == min(desktop[1] - top - bottom, max(SMALLEST[1], h))


def test_a_window_taller_than_the_display_keeps_its_title_bar_on_it():
    # Closed on a taller display, it comes back shortened by its frame, not with the title bar above the top.
    (w, h), (x, y) = restored_window({"x": 0, "y": 0, "w": 1280, "h": 1200}, (1280, 800))
    left, top, right, bottom = FRAME
    assert y - top == 0 and y + h + bottom == 800 and x - left == 0 and x + w + right == 1280


def test_a_window_that_fits_comes_back_exactly():
    assert restored_window({"x": 200, "y": 120, "w": 1100, "h": 700}, (1920, 1080)) == ((1100, 700), (200, 120))


def test_nothing_remembered_or_no_display_known():
    assert restored_window(None, (1920, 1080)) == (DEFAULT_SIZE, None)
    assert restored_window({"x": 50, "y": 50, "w": 1000, "h": 600}, None) == ((1000, 600), None)


@pytest.mark.parametrize("desktop", [(1920, 1080), (1280, 720), (1024, 600), (720, 1280), (1080, 1920), (640, 480)])
def test_the_first_window_fits_the_display_and_stands_as_it_does(desktop):
    # Nothing remembered yet (a first start): never wider or taller than the display, title bar and all.
    (w, h), where = restored_window(None, desktop)
    left, top, right, bottom = FRAME
    x, y = where if where is not None else ((desktop[0] - w) // 2, (desktop[1] - h) // 2)
    assert x - left >= 0 and y - top >= 0
    assert x + w + right <= desktop[0] and y + h + bottom <= desktop[1]
    assert (w >= h) == (desktop[0] >= desktop[1])  # an upright display gets an upright table
    assert max(w, h) == min(max(DEFAULT_SIZE), max(desktop) - (top + bottom if h > w else left + right))


def test_closing_remembers_the_window_and_fullscreen_keeps_it(play_for):
    play = play_for("freecell", 1)
    play.close({"x": 10, "y": 20, "w": 1000, "h": 700})
    assert Settings.load(play.store).window == {"x": 10, "y": 20, "w": 1000, "h": 700}
    play.close(None)  # closed in fullscreen: the windowed place is kept
    play.close({"x": 10, "y": 20, "w": 0, "h": 700})  # a size the file would refuse: not written
    assert Settings.load(play.store).window == {"x": 10, "y": 20, "w": 1000, "h": 700}


@pytest.mark.parametrize("bad", [[1, 2, 3, 4], {"x": 1, "y": 2, "w": 3}, {"x": "1", "y": 2, "w": 3, "h": 4},
                                 {"x": 1.5, "y": 2, "w": 300, "h": 400}, "big", {"x": 10**9, "y": 0, "w": 9, "h": 9}])
def test_a_damaged_window_field_is_dropped_and_the_rest_kept(tmp_path, bad):
    store = Store(tmp_path)
    store.save("settings", {"window": bad, "table_colour": "blue", "left_handed": True})
    settings = Settings.load(store)
    assert settings.window is None and settings.left_handed and settings.table_colour == "blue"
    assert any("window" in line for line in store.take_warnings())
