"""Whether the desktop asks for less motion (its own "reduce animation" setting).

Where the player has not chosen in Settings, the game follows the desktop.
SDL 2 (and so pygame) exposes no such setting, so the desktop is asked
directly where it can be: GNOME (and the desktops built on its settings:
Budgie, Cinnamon, Pantheon, Unity) keeps it in
``org.gnome.desktop.interface enable-animations`` (false: reduce).

The answer comes from a ``gsettings`` process on a thread of its own, with a
short timeout, so the first frame never waits for it; a missing ``gsettings``,
a slow or failing one, or any other platform is simply no answer (None), and
the game moves as usual::

    >>> slow = threading.Event()
    >>> d = DesktopMotion(ask=lambda: slow.wait(5.0)); d.answer() is None  # asked, not answered yet
    True
    >>> slow.set(); d.wait(1.0); d.answer()
    True
    >>> parse_gsettings("false\\n"), parse_gsettings("true"), parse_gsettings("No such key")
    (True, False, None)
"""

from __future__ import annotations

import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Protocol

__all__ = ["DesktopMotion", "FollowsDesktop", "ask_gsettings", "desktop_reduces_motion", "parse_gsettings"]

#: Seconds ``gsettings`` may take before the question is given up (it answers in milliseconds).
TIMEOUT = 2.0
GSETTINGS = ["gsettings", "get", "org.gnome.desktop.interface", "enable-animations"]


def parse_gsettings(text: str) -> bool | None:
    """``gsettings``' answer about animations as "reduce motion": True, False, or None (no answer)."""
    word = text.strip().lower()
    return {"false": True, "true": False}.get(word)


class Run(Protocol):
    """How :func:`ask_gsettings` runs gsettings (:func:`subprocess.run`, or a test's stand-in)."""

    def __call__(self, args: Sequence[str], *, capture_output: bool, text: bool, timeout: float, check: bool,
                 stdin: int) -> subprocess.CompletedProcess[str]: ...


def ask_gsettings(run: Run = subprocess.run,
                  platform: str = sys.platform) -> bool | None:
    """Ask GNOME's settings (blocking, at most :data:`TIMEOUT` seconds); None where there is no answer."""
    if platform.startswith(("win", "darwin", "cygwin")):
        return None  # no gsettings there (see the README: Windows and macOS are not followed)
    try:
        done = run(GSETTINGS, capture_output=True, text=True, timeout=TIMEOUT, check=False,
                   stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError, ValueError):
        return None  # no gsettings, or it hung
    return parse_gsettings(done.stdout) if done.returncode == 0 else None


class DesktopMotion:
    """The desktop's answer, asked once on a background thread (:meth:`answer` never waits)."""

    def __init__(self, ask: Callable[[], bool | None] = ask_gsettings) -> None:
        self._ask = ask
        self._answer: bool | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Ask, in the background (once)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="desktop-motion", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        try:
            self._answer = self._ask()
        except Exception:  # noqa: BLE001  # a desktop question must never stop the game
            self._answer = None

    def wait(self, seconds: float) -> None:
        """Wait up to ``seconds`` for the answer (tests)."""
        if self._thread is not None:
            self._thread.join(seconds)

    def answer(self) -> bool | None:
        """True: the desktop asks for reduced motion; False: it does not; None: no answer (yet)."""
        self.start()
        return self._answer


_DESKTOP = DesktopMotion()


def desktop_reduces_motion() -> bool | None:
    """The desktop's "reduce animation" setting as far as it is known now (never blocks)."""
    return _DESKTOP.answer()


class FollowsDesktop:
    """A window's answer to the controller's question (:meth:`game.play.host.Host.desktop_motion`)."""

    @staticmethod
    def desktop_motion() -> bool | None:
        return desktop_reduces_motion()
