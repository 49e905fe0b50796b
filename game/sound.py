"""Short sound effects, synthesised at start-up and played through pygame.mixer.

The game ships no audio files: every effect is a fraction of a second of
noise or sine waves, so building them in code at start-up costs a few tens
of milliseconds and keeps the repository free of binary assets and their
licences. Synthesis is deterministic (each sound seeds its own PRNG), so
tests can check the buffers without a sound card::

    >>> samples = synthesise("place")
    >>> samples.typecode, 0 < len(samples) < 44100 // 5
    ('h', True)
    >>> synthesise("place") == samples
    True

:class:`Sound` wraps the buffers for the mixer. Sound is a nicety, never a
requirement: on a machine with no audio device the mixer fails to start,
:attr:`Sound.available` is ``False`` and :meth:`Sound.play` does nothing.
The mixer starts with SDL's own choice of audio driver (the game never sets
``SDL_AUDIODRIVER``; tests set ``dummy`` in their own environment), so a
player hears the effects on whatever device the desktop uses. Muting (the S
key) is the setting ``muted``: the controller sets volume 0 and keeps the
chosen volume for when the sound comes back.

No numpy: the samples are built with plain floats and stored in
:mod:`array` buffers, which pygame.mixer.Sound accepts directly.
"""

from __future__ import annotations

import math
import os
import random
import sys
from array import array
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pygame

__all__ = ["AUDIO_BUFFER", "DEFAULT_RATE", "NAMES", "Sound", "quiet_audio", "synthesise"]

#: Rate the synthesiser assumes unless told otherwise; also what Sound asks
#: the mixer for.
DEFAULT_RATE = 44100
#: Frames per mixer buffer (see :class:`Sound`).
AUDIO_BUFFER = 1024

#: Full scale of a signed 16-bit sample.
_FULL = 32767


# --- synthesis -------------------------------------------------------------
#
# Each voice writes floats in roughly -1..1 into a list; _finish() fades the
# tail and normalises to a fixed peak well below full scale. Normalising by
# the measured peak (rather than trusting the recipe's arithmetic) is what
# guarantees no clipping whatever the filter settings, and a fixed peak per
# sound keeps their relative loudness a design choice instead of an accident.


def _lowpass(signal: list[float], cutoff: float, rate: int) -> list[float]:
    """One-pole low-pass: cheap, and enough to take the hiss out of noise."""
    # Coefficient of the exact exponential-smoothing form of an RC filter.
    a = 1.0 - math.exp(-2.0 * math.pi * cutoff / rate)
    out: list[float] = []
    y = 0.0
    for x in signal:
        y += a * (x - y)
        out.append(y)
    return out


def _bandpass(signal: list[float], low: float, high: float, rate: int) -> list[float]:
    """Low-pass at ``high`` minus low-pass at ``low``: a soft band of noise.

    A card snap is mostly mid-range; removing the lows stops it sounding like
    a knock and removing the highs stops it sounding like static.
    """
    hi = _lowpass(signal, high, rate)
    lo = _lowpass(signal, low, rate)
    return [a - b for a, b in zip(hi, lo)]


def _noise(count: int, seed: int) -> list[float]:
    """White noise in -1..1 from a seeded PRNG, so every run is identical."""
    # random.Random with an int seed is documented to reproduce its random()
    # sequence across Python versions.
    rng = random.Random(seed)
    return [rng.random() * 2.0 - 1.0 for _ in range(count)]


def _finish(signal: list[float], rate: int, peak: float) -> array[int]:
    """Fade out the last few ms, scale to ``peak`` of full scale, quantise."""
    fade = min(len(signal), max(1, int(0.004 * rate)))
    # A linear fade to exactly zero so the sound never ends on a step (a click).
    for i in range(fade):
        signal[len(signal) - fade + i] *= (fade - 1 - i) / fade
    top = max((abs(x) for x in signal), default=0.0)
    scale = peak * _FULL / top if top > 0 else 0.0
    return array("h", (round(x * scale) for x in signal))


def _click(rate: int, *, seconds: float, decay: float, low: float, high: float,
           seed: int) -> list[float]:
    """A burst of band-limited noise that dies away exponentially."""
    count = int(seconds * rate)
    band = _bandpass(_noise(count, seed), low, high, rate)
    return [x * math.exp(-i / (decay * rate)) for i, x in enumerate(band)]


def _place(rate: int) -> array[int]:
    # A soft snap: ~6 ms decay of mid-band noise, with a faint low "body" so
    # it reads as a card landing on felt rather than a tick.
    snap = _click(rate, seconds=0.07, decay=0.006, low=400.0, high=3500.0, seed=1)
    body = [0.35 * math.sin(2 * math.pi * 190.0 * i / rate) * math.exp(-i / (0.012 * rate))
            for i in range(len(snap))]
    return _finish([s + b for s, b in zip(snap, body)], rate, 0.55)


def _deal(rate: int) -> array[int]:
    # Lighter than place: shorter, higher and quieter, because deals come in
    # quick runs and must not become a drum roll.
    flick = _click(rate, seconds=0.045, decay=0.003, low=1200.0, high=6000.0, seed=2)
    return _finish(flick, rate, 0.35)


def _home(rate: int) -> array[int]:
    # A bright tick: two high partials (a fifth apart, so it sounds pitched
    # and pleasant) with a quick decay, over a tiny noise transient for attack.
    count = int(0.09 * rate)
    tick = _click(rate, seconds=0.09, decay=0.002, low=2000.0, high=8000.0, seed=3)
    out = []
    for i in range(count):
        t = i / rate
        env = math.exp(-t / 0.018)
        tone = math.sin(2 * math.pi * 1760.0 * t) + 0.4 * math.sin(2 * math.pi * 2640.0 * t)
        out.append(env * tone + 0.5 * tick[i])
    return _finish(out, rate, 0.4)


def _refuse(rate: int) -> array[int]:
    # A low soft thud: a sine that sags in pitch (like a muted knock), with a
    # short attack so it is felt rather than heard as a click, plus some
    # low-passed noise for texture. Deliberately dull: it says "no" politely.
    count = int(0.18 * rate)
    attack = 0.006 * rate
    murmur = _lowpass(_noise(count, 4), 300.0, rate)
    out = []
    phase = 0.0
    for i in range(count):
        t = i / rate
        freq = 80.0 + 50.0 * math.exp(-t / 0.03)  # 130 Hz sagging to 80 Hz
        phase += 2 * math.pi * freq / rate
        env = min(1.0, i / attack) * math.exp(-t / 0.045)
        out.append(env * (math.sin(phase) + 2.0 * murmur[i]))
    return _finish(out, rate, 0.5)


#: C5, E5, G5: a major arpeggio, the conventional "you did it".
_CHIME = (523.25, 659.26, 783.99)


def _win(rate: int) -> array[int]:
    # Three rising notes, each struck 0.14 s after the last and ringing with a
    # bell-ish decay; a soft octave partial brightens them. 0.85 s in all, so
    # it is over before the win panel has finished appearing.
    count = int(0.85 * rate)
    out = [0.0] * count
    step = 0.14
    for n, freq in enumerate(_CHIME):
        start = int(n * step * rate)
        attack = 0.004 * rate
        # The tone and its decay by recurrence (a turning phasor, a shrinking
        # envelope) instead of two sines and an exp per sample: the win chime
        # was a fifth of the start-up time. sin(2x) = 2 sin x cos x.
        turn = complex(math.cos(2 * math.pi * freq / rate), math.sin(2 * math.pi * freq / rate))
        fade = math.exp(-1.0 / (0.2 * rate))
        z, env = 1 + 0j, 1.0
        for j in range(count - start):
            level = env if j >= attack else env * j / attack
            out[start + j] += level * z.imag * (1.0 + 0.5 * z.real)
            z *= turn
            env *= fade
    return _finish(out, rate, 0.45)


_RECIPES: dict[str, Callable[[int], array[int]]] = {
    "place": _place,
    "deal": _deal,
    "home": _home,
    "refuse": _refuse,
    "win": _win,
}

#: Every sound name :func:`synthesise` and :meth:`Sound.play` accept.
NAMES: tuple[str, ...] = tuple(_RECIPES)


def synthesise(name: str, rate: int = DEFAULT_RATE) -> array[int]:
    """The mono 16-bit samples (``array('h')``) of sound ``name`` at ``rate`` Hz.

    Pure and deterministic: the same name and rate always give the same
    buffer, and no mixer is needed.

    >>> len(synthesise("win", rate=8000)) / 8000 < 1.0
    True
    >>> synthesise("boing")
    Traceback (most recent call last):
    ...
    ValueError: unknown sound 'boing'; expected one of place, deal, home, refuse, win
    """
    try:
        recipe = _RECIPES[name]
    except KeyError:
        raise ValueError(f"unknown sound {name!r}; expected one of {', '.join(NAMES)}") from None
    if rate <= 0:
        raise ValueError(f"sample rate must be positive, not {rate}")
    return recipe(rate)


def _to_mixer_format(mono: array[int], size: int, channels: int) -> bytes:
    """Convert mono int16 samples to the raw bytes the mixer expects.

    ``size`` is pygame.mixer.get_init()'s format: -16/16 signed/unsigned
    16-bit, -8/8 signed/unsigned 8-bit, and -32 float32 (the only 32-bit
    format pygame-ce opens). The mixer takes raw native-endian frames with
    the channels interleaved, which is exactly what array.tobytes() gives.
    """
    # The same signal in every channel (these effects have no position), interleaved.
    frames = [s for s in mono for _ in range(channels)] if channels > 1 else mono
    out: array[int] | array[float]
    if size == -16:
        out = array("h", frames)
    elif size == 16:
        out = array("H", (s + 32768 for s in frames))
    elif size == -8:
        out = array("b", (s >> 8 for s in frames))
    elif size == 8:
        out = array("B", ((s >> 8) + 128 for s in frames))
    elif size in (32, -32):
        out = array("f", (s / 32768.0 for s in frames))
    else:
        raise ValueError(f"unsupported mixer sample format {size}")
    return out.tobytes()


# --- playback --------------------------------------------------------------

# ALSA's C library prints its own errors straight to stderr (eight lines each
# time SDL probes a machine with no sound card, and SDL probes twice). They
# are muted at the file-descriptor level while SDL opens audio: an error
# handler written in Python would need the interpreter's lock from SDL's own
# device threads while the main thread holds it inside pygame.init(), which
# can deadlock. The game then simply plays without sound.


@contextmanager
def quiet_audio() -> Iterator[None]:
    """Standard error (file descriptor 2) sent to the null device for the block.

    Wrap what opens audio (``pygame.init()``, ``pygame.mixer.init()``) in it.
    Python's own ``sys.stderr`` is flushed first and works again after::

        >>> with quiet_audio():
        ...     os.write(2, b"ALSA lib: nobody sees this\\n") > 0
        True
    """
    try:
        sys.stderr.flush()
    except (AttributeError, OSError, ValueError):
        pass
    try:
        saved = os.dup(2)
    except OSError:  # no descriptor 2 at all (a windowed Windows build): nothing to mute
        yield
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, 2)
        finally:
            os.close(null)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class Sound:
    """The game's sound effects, ready to play.

    ``Sound(volume)`` starts pygame.mixer if nobody has (44100 Hz, signed
    16-bit, stereo, a small buffer for low latency); each effect is built in
    the format the mixer actually opened, by :meth:`prepare` while the table
    rests after the first frame (the five take some 150 ms of Python here, the
    win chime most, which the first frame need not wait for) or by
    :meth:`play` when one is wanted first. If the mixer cannot start, the
    object is silent: :attr:`available` is ``False`` and :meth:`play` does
    nothing, because a missing sound card must never stop the game.

        >>> import pygame; pygame.mixer.pre_init(22050); s = Sound(0.5)
        >>> while s.prepare():  # one effect a call: the window calls it at rest
        ...     pass
        >>> s.prepare(), s.volume
        (False, 0.5)
        >>> s.close()
    """

    def __init__(self, volume: float = 0.7) -> None:
        self._volume = _clamp(volume)
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._owns_mixer = False
        self._format: tuple[int, int, int] | None = None  # the mixer's (rate, size, channels); None: silent
        try:
            if not pygame.mixer.get_init():
                # A small buffer: 1024 frames is 23 ms, short enough that the snap
                # lands with the card (within a frame and a half) rather than after
                # it. Not smaller: the mixer's thread wakes once per buffer even in
                # silence, and at 512 frames those wakes were half an idle table's CPU.
                with quiet_audio():
                    pygame.mixer.init(frequency=DEFAULT_RATE, size=-16, channels=2, buffer=AUDIO_BUFFER)
                self._owns_mixer = True
            init = pygame.mixer.get_init()
            if init:
                self._format = init
        except (pygame.error, NotImplementedError):
            # pygame.error: no device / driver; NotImplementedError: pygame
            # built without its mixer module. Both mean "play nothing", not "crash".
            self._format = None

    def prepare(self) -> bool:
        """Build the next effect not built yet; False when there was none left to build
        (or the object is silent). Call it while nothing else waits: each takes up to
        a frame or a few of Python (the win chime about 0.1 s here)."""
        name = next((n for n in NAMES if n not in self._sounds), None)
        return name is not None and self._build(name) is not None

    def _build(self, name: str) -> pygame.mixer.Sound | None:
        """Effect ``name`` in the mixer's format, built now if it was not; None when silent."""
        if name in self._sounds:
            return self._sounds[name]
        if self._format is None:
            return None
        frequency, size, channels = self._format
        try:
            raw = _to_mixer_format(synthesise(name, frequency), size, channels)
            sound = pygame.mixer.Sound(buffer=raw)
            sound.set_volume(self._volume)
        except (pygame.error, ValueError):
            # pygame.error: the mixer went away; ValueError: a mixer format we cannot
            # write. Either way nothing can be heard: stay silent from now on.
            self._format, self._sounds = None, {}
            return None
        self._sounds[name] = sound
        return sound

    @property
    def available(self) -> bool:
        """Whether the mixer started, i.e. whether :meth:`play` can be heard."""
        return self._format is not None

    @property
    def volume(self) -> float:
        """The effects volume, 0 (muted) to 1."""
        return self._volume

    def set_volume(self, volume: float) -> None:
        """Set the effects volume, clamped to 0..1; applies to playing sounds too."""
        self._volume = _clamp(volume)
        for sound in self._sounds.values():
            try:
                sound.set_volume(self._volume)
            except pygame.error:
                pass  # the mixer went away under us; play() will stay silent

    def play(self, name: str) -> pygame.mixer.Channel | None:
        """Play effect ``name``; returns its Channel, or ``None`` if nothing played.

        Nothing plays when muted, when the mixer is unavailable or when every
        channel is busy. Device errors are swallowed; an unknown ``name`` is a
        programming error and raises ValueError.
        """
        if name not in _RECIPES:
            raise ValueError(f"unknown sound {name!r}; expected one of {', '.join(NAMES)}")
        if self._volume <= 0.0:
            return None
        sound = self._build(name)  # built already at rest, as a rule
        if sound is None:
            return None
        try:
            return sound.play()
        except pygame.error:
            return None

    def close(self) -> None:
        """Drop the sounds, and stop the mixer if this object started it."""
        self._sounds, self._format = {}, None
        if self._owns_mixer:
            self._owns_mixer = False
            try:
                pygame.mixer.quit()
            except pygame.error:
                pass


def _clamp(volume: float) -> float:
    """``volume`` as a float in 0..1 (NaN counts as muted)."""
    v = float(volume)
    if math.isnan(v):
        return 0.0
    return min(1.0, max(0.0, v))
