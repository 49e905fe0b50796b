"""What the controller needs from the window around it, and a stand-in.

:class:`Host` is the window's side of :class:`game.play.Play`: the clipboard,
sounds, and the look of the table. :class:`NullHost` is a host with no
window, for tests and tools::

    >>> host = NullHost()
    >>> host.clipboard_put("617"); host.clipboard_get()
    '617'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.play.menu import Settings

__all__ = ["Host", "NullHost"]


class Host(Protocol):
    """What the controller needs from the window around it."""

    size: tuple[int, int]

    def clipboard_get(self) -> str: ...

    def clipboard_put(self, text: str) -> bool | None:
        """Copy ``text``; False when only the game holds it (the platform has no clipboard)."""

    def apply_look(self, settings: Settings) -> None:
        """Table colour, card back, deck colours, fullscreen: show them now."""

    def resize(self, size: tuple[int, int]) -> None:
        """Lay everything out again for ``size`` (the text size changed: so did the HUD band)."""

    def switch_fullscreen(self) -> bool:
        """F11: full screen on or off; whether the player now wants it."""

    def play_sound(self, name: str) -> None: ...

    def set_volume(self, volume: float) -> None: ...

    def desktop_motion(self) -> bool | None:
        """The desktop's "reduce animation" setting: True to reduce; None where it does not say
        (yet): :func:`game.motion.desktop_reduces_motion`. It never waits."""


class NullHost:
    """A host with no window: a clipboard of its own, no sound (tests, tools)."""

    def __init__(self, size: tuple[int, int] = (1280, 720)) -> None:
        self.size = size
        self.clipboard = ""
        self.sounds: list[str] = []
        self.looks = 0
        self.fullscreen = False
        #: The last volume the controller set (None: never set).
        self.volume: float | None = None
        #: What the desktop says about reduced motion (None: nothing, as on a desktop that does not say).
        self.reduce_motion: bool | None = None

    def clipboard_get(self) -> str:
        return self.clipboard

    def clipboard_put(self, text: str) -> None:
        self.clipboard = text

    def apply_look(self, settings: Settings) -> None:
        self.looks += 1
        self.fullscreen = settings.fullscreen

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size

    def switch_fullscreen(self) -> bool:
        self.fullscreen = not self.fullscreen
        return self.fullscreen

    def play_sound(self, name: str) -> None:
        self.sounds.append(name)

    def set_volume(self, volume: float) -> None:
        self.volume = volume

    def desktop_motion(self) -> bool | None:
        return self.reduce_motion
