"""Sound effects: the synthesised buffers, and playback through a dummy mixer.

The mixer runs on SDL's dummy audio driver, so these tests need no sound card
and make no noise; it is shut down after every test so no state leaks.
"""

from __future__ import annotations

import os
from array import array

import pygame
import pytest

from game.sound import NAMES, Sound, _to_mixer_format, synthesise

RATE = 44100


@pytest.fixture
def dummy_audio(monkeypatch: pytest.MonkeyPatch):
    """A dummy SDL audio driver, set before any mixer init; mixer stopped after."""
    pygame.mixer.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    yield
    pygame.mixer.quit()


# --- synthesis -----------------------------------------------------------


def test_the_five_sounds_exist():
    assert set(NAMES) == {"place", "deal", "home", "refuse", "win"}


@pytest.mark.parametrize("name", NAMES)
def test_every_sound_is_non_empty_16_bit_and_does_not_clip(name):
    samples = synthesise(name)
    assert isinstance(samples, array) and samples.typecode == "h"
    assert len(samples) > 0
    peak = max(abs(s) for s in samples)
    # Audible, but with headroom: nothing near full scale, so mixing two
    # effects at once will not clip either.
    assert 0.2 * 32767 < peak <= 0.6 * 32767
    assert all(-32768 <= s <= 32767 for s in samples)


@pytest.mark.parametrize("name", NAMES)
def test_every_sound_ends_in_silence(name):
    # A sound that stops on a non-zero sample ends with a click.
    assert synthesise(name)[-1] == 0


def test_lengths_are_sensible():
    seconds = {name: len(synthesise(name)) / RATE for name in NAMES}
    assert seconds["place"] < 0.2
    assert seconds["deal"] <= seconds["place"]
    assert seconds["home"] < 0.2
    assert seconds["refuse"] < 0.3
    assert 0.3 < seconds["win"] < 1.2


def test_synthesis_is_deterministic():
    for name in NAMES:
        assert synthesise(name) == synthesise(name)


def test_synthesis_follows_the_rate():
    assert len(synthesise("win", 22050)) == pytest.approx(len(synthesise("win", 44100)) / 2, abs=2)


def test_the_snaps_have_a_fast_attack_and_decay():
    # A flick is loud at once and nearly gone in a few tens of milliseconds.
    for name in ("place", "deal"):
        samples = synthesise(name)
        early = max(abs(s) for s in samples[: int(0.01 * RATE)])
        late = max(abs(s) for s in samples[int(0.03 * RATE):])
        assert early == max(abs(s) for s in samples)
        assert late < early / 10


def test_win_rises_in_three_notes():
    # Energy arrives in three steps: each note's onset adds a new peak later on.
    samples = synthesise("win")
    onsets = [int(t * RATE) for t in (0.0, 0.14, 0.28)]
    for start in onsets:
        window = samples[start + int(0.005 * RATE): start + int(0.02 * RATE)]
        assert max(abs(s) for s in window) > 0.1 * 32767


def test_unknown_sound_is_a_value_error():
    with pytest.raises(ValueError, match="unknown sound"):
        synthesise("boing")


@pytest.mark.parametrize("size,channels,bytes_per_frame", [
    (-16, 1, 2), (-16, 2, 4), (16, 2, 4), (-8, 1, 1), (8, 2, 2), (-32, 2, 8),
])
def test_mixer_format_conversion_sizes(size, channels, bytes_per_frame):
    mono = array("h", [0, 1000, -1000, 32767, -32768])
    assert len(_to_mixer_format(mono, size, channels)) == len(mono) * bytes_per_frame


def test_mixer_format_conversion_interleaves_identical_channels():
    mono = array("h", [5, -7])
    out = array("h")
    out.frombytes(_to_mixer_format(mono, -16, 2))
    assert list(out) == [5, 5, -7, -7]
    unsigned = array("H")
    unsigned.frombytes(_to_mixer_format(mono, 16, 1))
    assert list(unsigned) == [32773, 32761]


# --- playback ------------------------------------------------------------


def test_sound_starts_the_mixer_in_a_matching_format(dummy_audio):
    sound = Sound()
    assert sound.available
    while sound.prepare():
        pass
    frequency, size, channels = pygame.mixer.get_init()
    assert frequency == 44100 and size == -16
    # Each pygame Sound holds exactly the synthesised frames, in the mixer's
    # channel layout: no resampling, no stretched or squeezed effects.
    raw = sound._sounds["place"].get_raw()
    assert len(raw) == len(synthesise("place", frequency)) * 2 * channels


def test_volume_is_clamped(dummy_audio):
    sound = Sound(volume=3.0)
    while sound.prepare():
        pass
    assert set(sound._sounds) == set(NAMES)
    assert sound.volume == 1.0
    sound.set_volume(-0.5)
    assert sound.volume == 0.0
    sound.set_volume(0.25)
    assert sound.volume == 0.25
    assert all(s.get_volume() == pytest.approx(0.25, abs=0.01) for s in sound._sounds.values())
    sound.set_volume(float("nan"))
    assert sound.volume == 0.0


def test_effects_are_built_one_a_call_at_rest_or_when_first_played(dummy_audio):
    # The first frame does not wait for the synthesis (the win chime is a tenth of a
    # second of Python): the window builds one effect each time the table rests.
    sound = Sound(volume=0.5)
    assert sound.available and sound._sounds == {}
    assert sound.play("refuse") is not None  # wanted before the table rested: built now
    assert set(sound._sounds) == {"refuse"}
    built = []
    while sound.prepare():
        built.append(set(sound._sounds))
    assert [len(b) for b in built] == [2, 3, 4, 5] and built[-1] == set(NAMES)
    assert not sound.prepare()


def test_a_silent_sound_has_nothing_to_prepare(dummy_audio, monkeypatch):
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: (_ for _ in ()).throw(pygame.error("none")))
    sound = Sound()
    assert not sound.available and not sound.prepare()


def test_default_volume(dummy_audio):
    assert Sound().volume == pytest.approx(0.7)


def test_play_reaches_the_mixer(dummy_audio):
    sound = Sound(volume=0.5)
    channel = sound.play("place")
    assert isinstance(channel, pygame.mixer.Channel)
    assert pygame.mixer.get_busy()


def test_play_at_volume_zero_does_nothing(dummy_audio):
    sound = Sound(volume=0.0)
    assert sound.play("win") is None
    assert not pygame.mixer.get_busy()


def test_unmuting_plays_again(dummy_audio):
    sound = Sound(volume=0.0)
    sound.set_volume(0.6)
    assert sound.play("home") is not None


def test_play_unknown_name_is_a_value_error(dummy_audio):
    with pytest.raises(ValueError):
        Sound().play("boing")


def test_no_audio_device_means_silent_not_broken(dummy_audio, monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sound = Sound()
    assert not sound.available
    for name in NAMES:
        assert sound.play(name) is None
    sound.set_volume(0.9)  # still works on a silent Sound
    assert sound.volume == 0.9
    with pytest.raises(ValueError):
        sound.play("boing")  # a typo is still caught on a silent machine
    sound.close()


def test_device_errors_during_play_are_swallowed(dummy_audio, monkeypatch):
    sound = Sound()

    class Broken:
        def play(self):
            raise pygame.error("device lost")

        def set_volume(self, volume):
            raise pygame.error("device lost")

    monkeypatch.setitem(sound._sounds, "deal", Broken())
    assert sound.play("deal") is None
    sound.set_volume(0.3)


def test_an_existing_mixer_is_used_as_it_is(dummy_audio):
    pygame.mixer.init(frequency=22050, size=-16, channels=1)
    sound = Sound()
    assert pygame.mixer.get_init() == (22050, -16, 1)
    sound.play("win")
    assert len(sound._sounds["win"].get_raw()) == len(synthesise("win", 22050)) * 2
    sound.close()
    # Sound did not start this mixer, so it leaves it running.
    assert pygame.mixer.get_init()


def test_close_stops_a_mixer_it_started(dummy_audio):
    sound = Sound()
    sound.close()
    assert not pygame.mixer.get_init()
    assert not sound.available
    assert sound.play("place") is None


def test_no_sound_card_prints_nothing_and_the_game_plays_silently():
    # SDL's ALSA driver on a machine with no card: ALSA's C library used to
    # print eight lines per probe (sixteen at the game's start).
    import subprocess
    import sys

    code = ("from game.sound import Sound, quiet_audio\n"
            "import pygame, sys\n"
            "with quiet_audio(): pygame.init()\n"
            "s = Sound(0.5); s.play('place'); print('played on')\n"
            "print('stderr works again', file=sys.stderr)\n")
    env = dict(os.environ, SDL_AUDIODRIVER="alsa", ALSA_CONFIG_PATH="/nonexistent-alsa.conf")
    out = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True, text=True, timeout=60, env=env)
    assert out.returncode == 0 and "played on" in out.stdout, out.stderr
    assert "ALSA lib" not in out.stderr and "stderr works again" in out.stderr
