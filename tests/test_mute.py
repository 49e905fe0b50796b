"""Sound on by default, and the mute key S (issue 14, item 6)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from conftest import ROOT

from game.input import Act, Action
from game.input.keys import KEYMAPS, translate_key
from game.play import NullHost, Play
from game.play.menu import Menu, Settings
from game.schema import SETTINGS
from game.stats import Statistics
from game.store import Store


def make_play(folder: Path, game: str = "freecell", **settings) -> Play:
    store = Store(str(folder))
    if settings:
        store.save("settings", {"live_winnability": False, **settings})
    return Play(NullHost(), game, 1, 1, now=lambda: 0.0, store=store)


@pytest.mark.parametrize("game", ["freecell", "spider"])
def test_s_is_the_mute_key_in_both_games(game):
    assert translate_key(game, pygame.K_s, 0) == Action(Act.MUTE)
    assert translate_key(game, pygame.K_s, pygame.KMOD_CTRL) is None  # a system shortcut stays one
    assert [k for k, act in KEYMAPS[game].items() if act is Act.MUTE] == [pygame.K_s]


def test_sound_is_on_by_default():
    st = Settings()
    assert not st.muted and st.volume > 0 and st.sound_volume == st.volume


@pytest.mark.parametrize("game", ["freecell", "spider"])
def test_s_mutes_and_unmutes_keeping_the_volume(tmp_path, game):
    play = make_play(tmp_path / "data", game, volume=0.3)
    try:
        assert play.host.volume == 0.3
        play.act(Action(Act.MUTE))
        assert play.settings.muted and play.settings.volume == 0.3
        assert play.host.volume == 0.0
        assert play.message == "Sound off"
        play.act(Action(Act.MUTE))
        assert not play.settings.muted and play.host.volume == 0.3
        assert play.message == "Sound on"
    finally:
        play.close()


def test_muting_is_remembered(tmp_path):
    folder = tmp_path / "data"
    play = make_play(folder, volume=1.0)
    play.act(Action(Act.MUTE))
    play.close()
    assert Store(str(folder)).load("settings")["muted"] is True
    again = make_play(folder)
    try:
        assert again.settings.muted and again.settings.volume == 1.0
        assert again.host.volume == 0.0  # silent from the first frame
    finally:
        again.close()


def test_mute_works_with_the_menu_open(tmp_path):
    play = make_play(tmp_path / "data", volume=0.7)
    try:
        play.act(Action(Act.MENU))
        assert play.menu.is_open
        play.act(Action(Act.MUTE))
        assert play.settings.muted and play.host.volume == 0.0 and play.menu.is_open
    finally:
        play.close()


def test_unmuting_at_volume_zero_says_where_to_raise_it(tmp_path):
    play = make_play(tmp_path / "data", volume=0.0, muted=True)
    try:
        play.act(Action(Act.MUTE))
        assert play.message.startswith("Sound on") and "Settings" in play.message
    finally:
        play.close()


def test_the_settings_file_checks_muted():
    assert SETTINGS.clean({"muted": True}) == ({"muted": True}, [])
    good, bad = SETTINGS.clean({"muted": "yes"})
    assert good == {} and len(bad) == 1 and "muted" in bad[0]
    assert Settings.from_dict({"muted": 1}).muted is False


def test_choosing_a_volume_while_muted_unmutes_and_the_switch_shows_it():
    st = Settings(volume=0.3, muted=True)
    menu = Menu(st, Statistics())
    menu.open()
    menu.choose("settings")
    sound = next(s for s in menu.panel().sections if s.title == "Sound")
    buttons = menu.buttons()
    switch, volume = sound.rows
    assert [buttons[i].label for i in switch.buttons] == ["Off (S)"] and switch.selected == ()
    assert [buttons[i].label for i in volume.selected] == ["30%"]  # the volume is kept while muted
    menu.choose("set-volume=30")
    assert not st.muted and st.volume == 0.3
    menu.choose("set-volume=70")
    assert st.volume == 0.7 and not st.muted
    menu.choose("set-muted")
    assert st.muted and st.volume == 0.7


def test_the_game_never_forces_an_audio_driver():
    # Sound must come out of the player's own device: SDL picks its default.
    for path in (ROOT / "game").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"(environ|putenv|setdefault)\b[^\n]*SDL_AUDIODRIVER", text), \
            f"{path} sets SDL_AUDIODRIVER"


def test_without_an_audio_device_the_sound_is_silent_not_an_error():
    code = ("from game.sound import Sound; s = Sound(0.7); "
            "print(s.available, s.play('place')); s.close()")
    env = {**os.environ, "SDL_AUDIODRIVER": "no-such-driver"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=False, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["False", "None"]
