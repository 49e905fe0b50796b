"""Spider's Hint button: the fair search runs in the solver's worker process,
never on the main thread; repeated presses cycle through its answer.

    hints = SpiderHints(lambda: env.solver("spider"))
    shown = hints.press(position)     # a hint now (cycling a known answer), or None: asked
    ...
    shown = hints.poll(position)      # each frame: the answer once it arrives, else None
    hints.thinking                    # True a few frames after asking, until answered

When the worker cannot answer (it could not start, or died), the old
heuristic (:class:`game.spider.hints.HintCycle`) answers instead: the
fallback SPEC §2.3 keeps.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.spider.hints import HintCycle

__all__ = ["THINKING_FRAMES", "SpiderHints"]

#: Frames a hint may take before "thinking…" shows (an answer inside them shows no sign).
THINKING_FRAMES = 3


class SpiderHints:
    """The fair hint's requests for one table (see the module docstring)."""

    def __init__(self, solver: Callable[[], Any]) -> None:
        self._solver = solver
        self._service: Any = None
        self._request = 0
        self._asked_for: Any = None  # the visible table the running request is for
        self._view: Any = None  # the visible table ``_hints`` answer
        self._hints: tuple[Any, ...] = ()
        self._next = 0
        self._frames = 0
        self.fallback = HintCycle()

    @property
    def waiting(self) -> bool:
        return self._request != 0

    @property
    def thinking(self) -> bool:
        """Say "thinking…": the answer has taken more than a few frames."""
        return self._request != 0 and self._frames >= THINKING_FRAMES

    def answer(self, position: Any) -> tuple[Any, ...]:
        """Every hint of the answer for the table as it is, best first (empty: none yet)."""
        return self._hints if position.visible() == self._view else ()

    def press(self, position: Any) -> Any:
        """Hint pressed: the next hint of a known answer for this table, else ask the worker (None)."""
        view = position.visible()
        if view == self._view and self._hints:
            hint = self._hints[self._next % len(self._hints)]
            self._next += 1
            return hint
        if self._request and view == self._asked_for:
            return None  # already asked: the answer is on its way
        self.cancel()
        try:
            if self._service is None:
                self._service = self._solver()
            self._request = self._service.ask_hint(position)
        except (OSError, RuntimeError):
            return self.fallback.next(position)
        self._asked_for = view
        self._frames = 0
        return None

    def poll(self, position: Any) -> Any:
        """Once a frame: the first hint of the answer when it has arrived (for the table as it
        is now; an answer for a table changed since is dropped), else None."""
        if not self._request:
            return None
        self._frames += 1
        for event in self._service.poll(self._request):
            if getattr(event, "request", None) != self._request or not hasattr(event, "verdict"):
                continue
            self._request = 0
            if position.visible() != self._asked_for:
                return None
            advice = getattr(event, "advice", None)
            if advice is None:
                # The worker could not answer: the heuristic does, at once.
                return self.fallback.next(position)
            self._view, self._hints, self._next = self._asked_for, advice.hints, 1
            return self._hints[0]
        return None

    def cancel(self) -> None:
        """Drop the running request (the table changed or closes)."""
        if self._request and self._service is not None:
            self._service.cancel(self._request)
        self._request = 0

    def close(self, own: bool) -> None:
        """Drop the request; stop the worker if this table started its own (``own``)."""
        self.cancel()
        if own and self._service is not None:
            self._service.close()
