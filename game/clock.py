"""The game's clock: seconds of play that pause while the player is away,
and how a time reads (``m:ss``) wherever the game shows one.

::

    >>> t = [100.0]
    >>> clock = GameClock(lambda: t[0])
    >>> clock.start(); t[0] += 30; clock.pause("menu"); t[0] += 600; clock.resume("menu"); t[0] += 5
    >>> clock_text(clock.elapsed)
    '0:35'
"""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["GameClock", "clock_text"]


def clock_text(seconds: float) -> str:
    """A game time as players read it, whole seconds rounded down (the same everywhere).

    >>> clock_text(59.9), clock_text(349.6), clock_text(3725)
    ('0:59', '5:49', '1:02:05')
    """
    total = int(seconds) if seconds == seconds and 0 <= seconds < 10**9 else 0
    h, rest = divmod(total, 3600)
    m, sec = divmod(rest, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"


class GameClock:
    """Seconds of play. It starts with the first move and runs only while
    nothing pauses it: each pause has a reason ("focus", "minimised", "menu")
    and the clock runs again when the last reason is lifted.
    """

    def __init__(self, now: Callable[[], float] = time.monotonic, elapsed: float = 0.0,
                 started: bool = False) -> None:
        self._now = now
        self._base = elapsed
        self._since: float | None = None
        self._started = started
        self._pauses: set[str] = set()
        self._sync()

    def _sync(self) -> None:
        should_run = self._started and not self._pauses
        if should_run and self._since is None:
            self._since = self._now()
        elif not should_run and self._since is not None:
            self._base += self._now() - self._since
            self._since = None

    @property
    def started(self) -> bool:
        return self._started

    @property
    def running(self) -> bool:
        return self._since is not None

    @property
    def elapsed(self) -> float:
        return self._base + (self._now() - self._since if self._since is not None else 0.0)

    def start(self) -> None:
        self._started = True
        self._sync()

    def stop(self) -> None:
        """Freeze the time (a won or abandoned game)."""
        self._sync()
        if self._since is not None:
            self._base += self._now() - self._since
            self._since = None
        self._started = False

    def pause(self, reason: str) -> None:
        self._pauses.add(reason)
        self._sync()

    def resume(self, reason: str) -> None:
        self._pauses.discard(reason)
        self._sync()

    def reset(self) -> None:
        self._base = 0.0
        self._since = None
        self._started = False
        self._sync()
