"""Is there a screen to open the table on? Decided before any window is made.

``solitaire`` with no display must not open an invisible window and run
until killed (SDL falls back to its ``offscreen`` driver when nothing else
works): it says so in one line and plays in the terminal instead. The
decision reads the environment first and only then asks SDL which video
driver it would pick, which initialises the display subsystem but makes no
window::

    >>> no_display_reason({}, "linux")
    'no DISPLAY or WAYLAND_DISPLAY is set'
    >>> no_display_reason({"SDL_VIDEODRIVER": "offscreen"}, "linux") is None  # asked for: honoured
    True
    >>> no_display_reason({"DISPLAY": ":0"}, "linux", driver=lambda: "offscreen")
    "SDL's video driver would be offscreen"
    >>> no_display_reason({"DISPLAY": ":0"}, "linux", driver=lambda: "x11") is None
    True

A missing OpenGL 3.3 context is only found out by trying; the caller falls
back to the terminal in the same way when the window cannot be made.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping

from game.i18n import _

__all__ = ["HEADLESS_DRIVERS", "no_display_reason"]

#: SDL video drivers that draw nowhere a player can see.
HEADLESS_DRIVERS = frozenset({"offscreen", "dummy"})


def _sdl_driver() -> str:
    """The video driver SDL picks on its own (initialises, then shuts, the display module)."""
    import pygame

    pygame.display.init()
    try:
        return pygame.display.get_driver()
    finally:
        pygame.display.quit()


def no_display_reason(environ: Mapping[str, str] | None = None, platform: str | None = None,
                      driver: Callable[[], str] | None = None) -> str | None:
    """Why no window can be seen here, in a few words; ``None`` when one can.

    ``environ`` and ``platform`` default to the process's own; ``driver``
    names the video driver SDL would pick (by default SDL is asked). A
    driver the user chose with ``SDL_VIDEODRIVER`` is always honoured, even
    ``offscreen`` or ``dummy``: tests and tools ask for those on purpose.
    """
    env = os.environ if environ is None else environ
    plat = sys.platform if platform is None else platform
    if env.get("SDL_VIDEODRIVER", "").strip():
        return None
    if plat.startswith("linux") and not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        return _("no DISPLAY or WAYLAND_DISPLAY is set")
    try:
        name = (driver or _sdl_driver)()
    except Exception as exc:  # noqa: BLE001  # pygame.error, or whatever a broken SDL raises: no video driver works at all
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        return _("no video driver works ({why})").format(why=first)
    if name.lower() in HEADLESS_DRIVERS:
        return _("SDL's video driver would be {name}").format(name=name)
    return None
