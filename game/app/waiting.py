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

A solver's answer comes through a pipe, not SDL's queue. While one is
awaited, an :class:`AnswerWaker` thread sleeps on those pipes and pushes an
event when one is readable, so the wait needs no quarter-second looks for
it and the answer shows the moment it arrives::

    waiter.wait(1000, pipes)         # also returns when a pipe has something
"""

from __future__ import annotations

import ctypes
import threading
import time
from collections.abc import Callable, Sequence
from multiprocessing import Pipe
from multiprocessing.connection import Connection
from multiprocessing.connection import wait as wait_for_pipes
from typing import Never, TypeAlias

import pygame

from game.app.sdl import sdl_function

__all__ = ["LOOK_MS", "LOOK_RESTING_MS", "RESTING_S", "SLEEPING_DRIVERS", "AnswerWaker", "EventWaiter",
           "look_for_input"]

#: Video drivers whose SDL_WaitEventTimeout sleeps until an event (SDL 2.0.16 and later).
SLEEPING_DRIVERS = frozenset({"x11", "wayland", "windows", "cocoa"})

#: A pipe end these waits only watch and read, never send on: any of the
#: service's answer pipes (whatever they send) fits it.
ReadEnd: TypeAlias = "Connection[Never, object]"


#: Where SDL cannot sleep until input (a driver with no wait of its own, or a game
#: controller connected, when SDL's wait polls every millisecond), the loop looks for
#: input itself: every LOOK_MS while the player is at it, every LOOK_RESTING_MS once
#: nothing has come for RESTING_S. Each look wakes the process: on the project's
#: machine forty a second cost about 0.6% of a core by themselves, twenty half that,
#: and the first press after a rest shows at most 25 ms later than it would.
LOOK_MS = 25
LOOK_RESTING_MS = 50
RESTING_S = 2.0


def look_for_input(milliseconds: int, resting: bool = False) -> bool:
    """Sleep about ``milliseconds`` (one look at least), looking for input every
    :data:`LOOK_MS` (:data:`LOOK_RESTING_MS` when ``resting``); True as soon as some is queued::

        if not look_for_input(250, resting=True):
            ...  # a quarter second went by with no input
    """
    step = LOOK_RESTING_MS if resting else LOOK_MS
    slept = 0
    while slept < milliseconds:
        pygame.time.wait(step)
        slept += step
        if pygame.event.peek():
            return True
    return False


class EventWaiter:
    """SDL_WaitEventTimeout of pygame's own SDL, for a driver that sleeps in it."""

    def __init__(self, function: Callable[[None, int], int]) -> None:
        self._wait = function
        self._waker: AnswerWaker | None = None

    @classmethod
    def find(cls) -> EventWaiter | None:
        """The waiter for the window pygame opened, or None (the caller polls)."""
        try:
            driver = pygame.display.get_driver()
        except pygame.error:
            return None
        if driver not in SLEEPING_DRIVERS or pygame.get_sdl_version() < (2, 0, 16):
            return None
        function = sdl_function("SDL_WaitEventTimeout")
        if function is None:
            return None
        function.argtypes = [ctypes.c_void_p, ctypes.c_int]
        function.restype = ctypes.c_int
        return cls(function)

    def usable(self) -> bool:
        """False while a game controller is connected (SDL then polls every millisecond)."""
        return not (pygame.joystick.get_init() and pygame.joystick.get_count())

    def wait(self, milliseconds: int, pipes: Sequence[ReadEnd] = ()) -> bool:
        """Sleep until an event is queued, one of ``pipes`` has something to read, or
        ``milliseconds`` pass; True if an event is queued."""
        if not pipes:
            return bool(self._wait(None, int(milliseconds)))
        if self._waker is None:
            self._waker = AnswerWaker()
        self._waker.arm(pipes)
        try:
            return bool(self._wait(None, int(milliseconds)))
        finally:
            self._waker.disarm()

    def close(self) -> None:
        """Stop the waker's thread, if one started."""
        if self._waker is not None:
            self._waker.close()
            self._waker = None


#: The event an :class:`AnswerWaker` pushes (nothing handles it: it only ends SDL's wait).
WAKE = pygame.event.custom_type()
#: Seconds between two wakes at least.
PACE = 0.03


class AnswerWaker:
    """A thread that pushes a :data:`WAKE` event when one of the armed pipes has something to read.

    Armed before the main thread sleeps in SDL's wait, disarmed when it wakes; it
    wakes SDL at most once per arming and never reads the pipes (their owner does,
    in the main thread, after the wait)."""

    def __init__(self, post: Callable[[], None] | None = None) -> None:
        self._post = post or (lambda: pygame.event.post(pygame.event.Event(WAKE)))
        self._lock = threading.Condition()
        self._pipes: list[ReadEnd] | None = None
        self._arming = 0
        self._closed = False
        self._posted = -PACE
        # A disarm writes here to end the thread's wait on the pipes (a Connection, which
        # multiprocessing's wait takes on every platform, where an os.pipe is not).
        self._stop_in, self._stop_out = Pipe(duplex=False)
        self._thread = threading.Thread(target=self._run, name="answer-waker", daemon=True)
        self._thread.start()

    def arm(self, pipes: Sequence[ReadEnd]) -> None:
        with self._lock:
            self._pipes = list(pipes)
            self._arming += 1
            self._lock.notify()

    def disarm(self) -> None:
        with self._lock:
            if self._pipes is not None:
                self._pipes = None
                self._stop_out.send_bytes(b"")

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._pipes = None
            self._stop_out.send_bytes(b"")
            self._lock.notify()
        self._thread.join(timeout=1.0)
        if not self._thread.is_alive():
            self._stop_in.close()
            self._stop_out.close()

    def _run(self) -> None:
        while True:
            with self._lock:
                while self._pipes is None and not self._closed:
                    self._lock.wait()
                if self._closed or self._pipes is None:
                    return
                pipes, arming = list(self._pipes), self._arming
            # At most one wake per PACE: a pipe its owner leaves unread stays readable, and
            # waking for it at once, again and again, would spin the loop.
            pause = self._posted + PACE - time.monotonic()
            try:
                ready = wait_for_pipes([self._stop_in], pause) if pause > 0 else []
                if not ready:
                    ready = wait_for_pipes([*pipes, self._stop_in])
            except (OSError, ValueError):  # a pipe closed under it: the owner finds out when it looks
                ready = [*pipes]
            if self._stop_in in ready:
                self._stop_in.recv_bytes()
                continue
            with self._lock:
                if self._pipes is None or self._arming != arming:
                    continue
                self._pipes = None  # once per arming
            self._posted = time.monotonic()
            try:
                self._post()
            except pygame.error:  # the window went away first
                return
