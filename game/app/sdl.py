"""SDL calls pygame does not expose, made through ctypes on the SDL library
pygame itself loaded (the same window, the same event queue)::

    hide_window()                                    # the GL window off the screen, now
    wait = sdl_function("SDL_WaitEventTimeout")      # None where SDL's library is not found

Each is looked for where it may be missing (another build of SDL, another
platform): a caller finds None or False and does without.
"""

from __future__ import annotations

import ctypes
import os
import sys
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from _ctypes import CFuncPtr  # a foreign function: ctypes.CDLL gives these

__all__ = ["hide_window", "sdl_function", "sdl_library"]


def hide_window() -> bool:
    """Take the OpenGL window off the screen at once (one request to the display
    server); False where it cannot be found. For the quit: the player sees the
    window go before the game is saved, the solver processes stop and the GL
    context ends (Mesa joins its drawing threads then: a tenth of a second on a
    busy machine), and ``pygame.quit()`` destroys it after."""
    current, hide = sdl_function("SDL_GL_GetCurrentWindow"), sdl_function("SDL_HideWindow")
    if current is None or hide is None:
        return False
    current.restype = ctypes.c_void_p
    hide.argtypes = [ctypes.c_void_p]
    window = current()
    if not window:
        return False
    hide(window)
    return True


def sdl_function(name: str) -> CFuncPtr | None:
    """SDL's function ``name`` from pygame's own SDL library; None where there is none.
    Its ``argtypes`` and ``restype`` are the caller's to set before a call."""
    library = _loaded()
    return None if library is None else getattr(library, name, None)


@cache
def _loaded() -> ctypes.CDLL | None:
    path = sdl_library()
    if path is None:
        return None
    try:
        return ctypes.CDLL(path)
    except OSError:
        return None


def sdl_library() -> str | None:
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
