"""An injected clock for the game's loop and sessions: the test moves ``t``."""

from __future__ import annotations


class FakeTime:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t
