"""The fixed-step game loop (Nystrom, *Game Programming Patterns*, "Game Loop").

Updates run in fixed steps of simulated time, however fast frames come;
rendering gets the leftover fraction to interpolate. Time comes from an
injected clock so tests can step it::

    >>> t = [0.0]
    >>> loop = FixedStep(step=0.01, now=lambda: t[0])
    >>> updates = []
    >>> t[0] = 0.035
    >>> alpha = loop.tick(updates.append)
    >>> len(updates), round(alpha, 2)
    (3, 0.5)

After a long stall (a dragged window, a debugger) the loop catches up at
most ``max_steps`` steps and drops the rest, so it never spirals.
"""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["UPDATE_HZ", "FixedStep"]

#: Updates per second of simulated time (card flights are interpolated between).
UPDATE_HZ = 120


class FixedStep:
    def __init__(self, step: float = 1.0 / UPDATE_HZ, max_steps: int = 12,
                 now: Callable[[], float] = time.perf_counter) -> None:
        self.step = step
        self.max_steps = max_steps
        self._now = now
        self._last = now()
        self._acc = 0.0
        self.updates = 0  # total updates run, for tests and the benchmark
        self.dropped = 0.0  # simulated seconds dropped by the catch-up cap

    def reset(self) -> None:
        """Forget time that passed while the loop was not ticking (e.g. minimised)."""
        self._last = self._now()
        self._acc = 0.0

    def tick(self, update: Callable[[float], None], *, still: bool = False) -> float:
        """Run the updates that are due; return the fraction of a step left (0..1).

        ``still``: nothing moves and no input came (the table waits), so the
        steps due are run as one update of their whole length: the same time
        passes, for a twelfth of the work after an idle wait::

            >>> t = [0.0]
            >>> loop = FixedStep(step=0.01, now=lambda: t[0])
            >>> seen = []
            >>> t[0] = 0.035
            >>> round(loop.tick(seen.append, still=True), 2), [round(dt, 3) for dt in seen], loop.updates
            (0.5, [0.03], 3)
        """
        now = self._now()
        self._acc += max(0.0, now - self._last)
        self._last = now
        steps = min(int(self._acc / self.step), self.max_steps)
        if still and steps > 1:
            update(self.step * steps)
            self._acc -= self.step * steps
            self.updates += steps
            if steps == self.max_steps and self._acc >= self.step:
                self.dropped += self._acc - (self._acc % self.step)
                self._acc %= self.step
            return self._acc / self.step
        steps = 0
        while self._acc >= self.step:
            if steps == self.max_steps:
                self.dropped += self._acc - (self._acc % self.step)
                self._acc %= self.step
                break
            update(self.step)
            self._acc -= self.step
            steps += 1
            self.updates += 1
        return self._acc / self.step
