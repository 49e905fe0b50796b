"""The real game started on hostile data files (issue 18): it opens its
window (never falls back to the terminal), sets the file aside, shows the
one-line warning, and plays on."""

from __future__ import annotations

import json

import pygame
import pytest
from fake_time import FakeTime

from game.app import App
from game.freecell import Move
from game.session import FreeCellSession, SpiderSession


@pytest.fixture
def clock(monkeypatch, tmp_path):
    monkeypatch.setenv("SDL_VIDEODRIVER", "offscreen")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("SOLITAIRE_DATA_DIR", str(tmp_path / "elsewhere"))  # data_folder wins
    return FakeTime()


def frames(app: App, clock: FakeTime, n: int = 3) -> None:
    for _ in range(n):
        clock.t += 1 / 60
        app.step()


def key(app: App, clock: FakeTime, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    frames(app, clock, 2)


def _spider() -> dict:
    s = SpiderSession(3, 1)
    s.play(s.position.legal_moves()[0])
    return dict(s.to_dict())  # a plain dict: the tests spoil its fields


def _freecell() -> dict:
    s = FreeCellSession(5)
    s.play(Move.parse("1a"))
    return dict(s.to_dict())  # a plain dict: the tests spoil its fields


CASES = {
    "nan elapsed": ("savegame", json.dumps({**_freecell(), "elapsed": "@"}).replace('"@"', "NaN")),
    "negative elapsed": ("savegame", json.dumps({**_freecell(), "elapsed": -1e9})),
    "spider negative moves and score": ("savegame", json.dumps({**_spider(), "moves": -100, "score": -99999999})),
    "deal 1e999": ("savegame", json.dumps({**_freecell(), "deal": "@"}).replace('"@"', "1e999")),
    "five million characters": ("savegame", json.dumps({**_freecell(), "steps": [["x" * 5_000_000, False]]})),
    "deeply nested statistics": ("statistics", "[" * 100_000),
    "deeply nested settings": ("settings", "[" * 100_000),
    "spider suits 2.0": ("settings", '{"spider_suits": 2.0, "live_winnability": false}'),
    "spider suits true": ("settings", '{"spider_suits": true, "live_winnability": false}'),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_game_starts_on_a_hostile_file_and_sets_it_aside(clock, tmp_path, case):
    name, text = CASES[case]
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / f"{name}.json").write_text(text)
    app = App(now=clock, data_folder=str(folder))
    try:
        frames(app, clock)  # draws the status line: the clock shows sane time
        assert f"{name}.json" in app.play.table.message and "set aside" in app.play.table.message
        assert "\n" not in app.play.table.message
        assert len([p for p in folder.iterdir() if p.name.startswith(f"{name}.json.damaged-")]) == 1
        if name != "savegame":  # a clean file in its place at once
            assert json.loads((folder / f"{name}.json").read_text())
        assert app.play.table.session.clock.elapsed >= 0 and app.play.table.session.moves >= 0
        assert app.play.settings.spider_suits in (1, 2, 4) and type(app.play.settings.spider_suits) is int
        key(app, clock, pygame.K_n)  # a new deal: the restored nonsense is not recorded anywhere
    finally:
        app.close()
    from game.stats import Statistics
    from game.store import Store

    again = Store(folder)
    Statistics.load(again)
    assert again.warnings == []


def test_a_folder_in_place_of_the_save_is_set_aside_and_the_game_saves(clock, tmp_path):
    folder = tmp_path / "data"
    (folder / "savegame.json").mkdir(parents=True)
    app = App("freecell", 5, now=clock, data_folder=str(folder))
    try:
        app.play.table.play(Move.parse("1a"))
        frames(app, clock)
    finally:
        app.close()
    assert (folder / "savegame.json").is_file()
    assert any(p.name.startswith("savegame.json.damaged-") and p.is_dir() for p in folder.iterdir())


def test_an_unwritable_data_folder_warns_once_and_the_game_plays_on(clock, tmp_path):
    folder = tmp_path / "data"
    folder.write_text("a file where the folder belongs")
    app = App("freecell", 5, now=clock, data_folder=str(folder))
    try:
        assert "cannot be written" in app.play.table.message and "without saving" in app.play.table.message
        app.play.table.say("")
        session = app.play.table.session
        for _ in range(6):  # past the every-five-moves save
            session.play(session.position.legal_moves()[0])
            app.play.round.changed()
            frames(app, clock)
        app.play.round.save_game()
        assert session.moves == 6 and app.play.table.message == ""  # no line per failed save
        assert app.play.store.take_warnings() == []
    finally:
        app.close()
    assert folder.read_text() == "a file where the folder belongs"


def test_another_window_replacing_the_save_is_told(clock, tmp_path):
    folder = tmp_path / "data"
    app = App("freecell", 5, now=clock, data_folder=str(folder))
    try:
        from game.i18n.lines import as_sentence
        from game.store import REPLACED_NOTICE, Store

        other = Store(folder)  # a second game on the same folder saves its game
        other.save("savegame", _spider())
        app.play.round.save_game()
        assert app.play.table.message == as_sentence(REPLACED_NOTICE)
    finally:
        app.close()
    assert json.loads((folder / "savegame.json").read_text())["game"] == "freecell"
