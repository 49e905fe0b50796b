"""Sleeping until input comes, with SDL's own wait where it truly sleeps.

An idle table should cost almost nothing. pygame's ``event.wait(timeout)``
polls every millisecond, and the window's fallback (sleep 25 ms, look,
again) still wakes forty times a second. SDL's ``SDL_WaitEventTimeout``
sleeps in the video driver (X11 and Wayland wait on the display's socket,
Windows and macOS on their message queues) and wakes for an event, a
pushed one included, or at the timeout. pygame does not expose it, so it is
called through ctypes on the SDL library pygame itself loaded (the same
event queue), and only where it sleeps: SDL polls instead while a game
controller is connected, and with drivers that have no wait of their own
(``offscreen``, ``dummy``)::

    waiter = EventWaiter.find()      # None where SDL's wait would poll
    if waiter is not None:
        waiter.wait(250)             # returns early when input comes

The event is left in the queue (a NULL event pointer): pygame reads it
as usual afterwards.
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Callable
from pathlib import Path

import pygame

__all__ = ["SLEEPING_DRIVERS", "EventWaiter"]

#: Video drivers whose SDL_WaitEventTimeout sleeps until an event (SDL 2.0.16 and later).
SLEEPING_DRIVERS = frozenset({"x11", "wayland", "windows", "cocoa"})


class EventWaiter:
    """SDL_WaitEventTimeout of pygame's own SDL, for a driver that sleeps in it."""

    def __init__(self, function: Callable[[None, int], int]) -> None:
        self._wait = function

    @classmethod
    def find(cls) -> EventWaiter | None:
        """The waiter for the window pygame opened, or None (the caller polls)."""
        try:
            driver = pygame.display.get_driver()
        except pygame.error:
            return None
        if driver not in SLEEPING_DRIVERS or pygame.get_sdl_version() < (2, 0, 16):
            return None
        path = _sdl_library()
        if path is None:
            return None
        try:
            function = ctypes.CDLL(path).SDL_WaitEventTimeout
        except (OSError, AttributeError):
            return None
        function.argtypes = [ctypes.c_void_p, ctypes.c_int]
        function.restype = ctypes.c_int
        return cls(function)

    def usable(self) -> bool:
        """False while a game controller is connected (SDL then polls every millisecond)."""
        return not (pygame.joystick.get_init() and pygame.joystick.get_count())

    def wait(self, milliseconds: int) -> bool:
        """Sleep until an event is queued or ``milliseconds`` pass; True if one is queued."""
        return bool(self._wait(None, int(milliseconds)))


def _sdl_library() -> str | None:
    """The file of the SDL 2 library this process loaded for pygame (not SDL_mixer and the like)."""
    maps = Path("/proc/self/maps")
    if maps.exists():  # Linux: the library already mapped, wherever the wheel put it
        try:
            text = maps.read_text(errors="replace")
        except OSError:
            return None
        for line in text.splitlines():
            name = line.rsplit("/", 1)[-1]
            if name.startswith(("libSDL2-2", "libSDL2.so")):  # not libSDL2_mixer and the like
                return line[line.index("/"):]
        return None
    # Windows and macOS wheels keep the library beside pygame or in a libs folder next to it.
    here = Path(pygame.__file__).resolve().parent
    names = ("SDL2.dll",) if sys.platform == "win32" else ("libSDL2-2.0.0.dylib", "libSDL2.dylib")
    for folder in (here, here / ".dylibs", here.parent / "pygame_ce.libs"):
        for name in names:
            candidate = folder / name
            if candidate.exists():
                return os.fspath(candidate)
    return None
