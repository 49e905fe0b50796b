"""A capability the display refuses never stops the game (issue 32).

SDL's offscreen driver opens a real OpenGL window but says "That operation
is not supported" to full screen: the game must play on in that window, say
so once, not retry at every start, and keep the setting. The window size, a
game controller and the clipboard are refused by hand (monkeypatched pygame).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame
import pytest
from fake_time import FakeTime

from game.app import App
from game.app.capabilities import MESSAGES, Refusals
from game.i18n.lines import as_sentence
from game.store import Store

ROOT = Path(__file__).resolve().parents[1]
FULLSCREEN_LINE = MESSAGES["fullscreen"].split(" (")[0]  # "full screen is not available on this display"


@pytest.fixture
def data(offscreen_window, monkeypatch, tmp_path) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("SOLITAIRE_DATA_DIR", str(folder))
    folder.mkdir()
    (folder / "settings.json").write_text(json.dumps({"fullscreen": True, "live_winnability": False}))
    return folder


@pytest.fixture
def make_app(data):
    apps: list[App] = []

    def make(**kwargs) -> App:
        app = App("freecell", 617, now=FakeTime(), data_folder=str(data), **kwargs)
        apps.append(app)
        return app

    def close(app: App) -> None:  # a start after this one: close the window first
        apps.remove(app)
        app.close()

    make.close = close  # type: ignore[attr-defined]
    yield make
    for app in apps:
        app.close()


def count_toggles(monkeypatch) -> list[int]:
    calls: list[int] = []
    real = pygame.display.toggle_fullscreen

    def toggle():
        calls.append(1)
        return real()

    monkeypatch.setattr(pygame.display, "toggle_fullscreen", toggle)
    return calls


def test_full_screen_remembered_on_the_offscreen_driver_plays_in_a_window(make_app, data, capsys, monkeypatch):
    toggles = count_toggles(monkeypatch)
    app = make_app()
    assert app.window is not None and app.play.settings.fullscreen  # the setting stays
    assert not pygame.display.get_surface().get_flags() & pygame.FULLSCREEN
    assert app.play.message.startswith(as_sentence(FULLSCREEN_LINE)) and "not supported" in app.play.message
    assert len(toggles) == 1
    said = [line for line in capsys.readouterr().err.splitlines() if FULLSCREEN_LINE in line]
    assert len(said) == 1
    app.step()  # it plays
    # The next start on this display neither tries again nor says it again.
    make_app.close(app)
    again = make_app()
    assert len(toggles) == 1 and FULLSCREEN_LINE not in again.play.message
    assert FULLSCREEN_LINE not in capsys.readouterr().err
    assert again.play.settings.fullscreen
    # Changing another setting does not retry it either.
    again.play.settings.four_colour = True
    again.play.round.apply_settings()
    assert len(toggles) == 1


def test_f11_asks_again_and_says_it_again(make_app, monkeypatch):
    app = make_app()
    toggles = count_toggles(monkeypatch)
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    assert len(toggles) == 1 and app.play.message.startswith(as_sentence(FULLSCREEN_LINE))
    assert app.play.settings.fullscreen  # what the player asked for, kept for a display that can


def test_a_display_that_can_again_gets_full_screen_and_forgets_the_refusal(make_app, data, monkeypatch):
    make_app.close(make_app())
    assert "fullscreen" in json.loads((data / "display.json").read_text())["refused"]["offscreen"]
    # The player turns it on again (off, then on), and this time the display can.
    app = make_app()
    monkeypatch.setattr(pygame.display, "toggle_fullscreen", lambda: 1)
    app.play.settings.fullscreen = False
    app.play.round.apply_settings()
    app.play.settings.fullscreen = True
    app.play.round.apply_settings()
    assert not app.refusals.remembered("fullscreen")
    assert json.loads((data / "display.json").read_text())["refused"] == {}


def test_another_display_is_tried(data):
    store = Store(data)
    Refusals(store, "offscreen").refuse("fullscreen", RuntimeError("no"))
    assert Refusals(Store(data), "offscreen").remembered("fullscreen")
    assert not Refusals(Store(data), "x11 :0").remembered("fullscreen")


@pytest.mark.parametrize("content", ['{"refused": {"offscreen": ["launch missiles"]}}', "[" * 100_000,
                                     '{"refused": {"' + "k" * 500 + '": []}}'])
def test_a_damaged_display_file_is_set_aside(data, content):
    (data / "display.json").write_text(content)
    store = Store(data)
    refusals = Refusals(store, "offscreen")
    assert not refusals.remembered("fullscreen")
    assert any("display.json" in w and "set aside" in w for w in store.warnings)


def test_a_refused_window_size_opens_a_smaller_window(make_app, monkeypatch):
    real = pygame.display.set_mode

    asked = []

    def picky(size=(0, 0), flags=0, *args, **kwargs):
        if tuple(size) != (800, 600):  # the first size (fitted to this display) is refused
            asked.append(tuple(size))
            raise pygame.error("Window too large")
        return real(size, flags, *args, **kwargs)

    monkeypatch.setattr(pygame.display, "set_mode", picky)
    app = make_app()
    assert app.size == (800, 600)
    w, h = asked[0]
    assert f"The window could not open at {w}×{h} (Window too large); it opened at 800×600" in app.play.message
    app.step()


def test_no_window_at_all_is_still_no_window(data, monkeypatch):
    def never(*args, **kwargs):
        raise pygame.error("Could not create GL context")

    monkeypatch.setattr(pygame.display, "set_mode", never)
    with pytest.raises(pygame.error):
        App("freecell", 617, now=FakeTime(), data_folder=str(data))
    pygame.quit()
    assert not Refusals(Store(data), "offscreen").remembered("size")  # not the size's fault


def test_a_game_controller_that_fails_to_open_is_said_once(make_app, capsys):
    app = make_app()
    if app._controller_mod is None:
        pytest.skip("SDL without game controller support")
    for _ in range(3):
        app.handle(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=99))
    assert app.play.message.startswith("A game controller could not be opened")
    assert capsys.readouterr().err.count("a game controller could not be opened") == 1
    app.step()


def test_a_refused_clipboard_keeps_the_moves_in_the_window(make_app, monkeypatch, capsys):
    def refuse(*args):
        raise pygame.error("no clipboard here")

    monkeypatch.setattr(pygame.scrap, "put_text", refuse)
    monkeypatch.setattr(pygame.scrap, "get_text", refuse)
    app = make_app()
    app.play.button("play:1a")
    app.play.round.export()
    assert app.play.message.endswith("for this window only: there is no system clipboard")
    app.play.round.export()
    app.play.round.import_moves()  # from the game's own copy
    assert app.play.table.position.move_count == 1
    assert capsys.readouterr().err.count("the system clipboard is not available (no clipboard here)") == 1


def test_a_huge_pasted_move_list_is_one_short_line(make_app):
    app = make_app()
    app.clipboard_put("x" * 10_000_000)
    app.play.round.import_moves()
    assert app.play.message == ("The move list is 10,000,000 characters; "
                                "a move list is at most 1,000,000 (1 MB)")
    app.clipboard_put("8a " + "y" * 900_000 + "\u202e")
    app.play.round.import_moves()
    assert app.play.message.startswith("Move 2 of 2: 'yyyy") and len(app.play.message) < 200


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SDL's offscreen driver is tested on Linux")
def test_the_command_with_full_screen_remembered_opens_the_window(data):
    """The whole path, as a player starts it: no "no display", the window runs."""
    env = {**os.environ, "SDL_VIDEODRIVER": "offscreen", "SDL_AUDIODRIVER": "dummy",
           "SOLITAIRE_DATA_DIR": str(data)}
    proc = subprocess.Popen([sys.executable, "-m", "game", "play", "--fullscreen"], cwd=ROOT, env=env,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    watchdog = threading.Timer(90, proc.kill)  # a silent child must not hang the suite
    watchdog.start()
    try:
        lines: list[str] = []
        while True:
            line = proc.stderr.readline()
            if not line:
                break
            lines.append(line)
            if FULLSCREEN_LINE in line:
                break
        time.sleep(0.5)
        assert proc.poll() is None, "".join(lines)  # still playing, in its window
    finally:
        proc.terminate()
        out, err = proc.communicate(timeout=30)
        watchdog.cancel()
    text = "".join(lines) + err
    assert "no display" not in text and "Traceback" not in text
    assert sum(FULLSCREEN_LINE in line for line in text.splitlines()) == 1
    assert "FreeCell in the terminal" not in out
