"""Starting the solver's worker processes safely from any program.

The workers are started with multiprocessing's *spawn* method (a fresh
interpreter: the parent may hold an OpenGL context and threads, which fork
would copy). Spawn normally re-runs the parent's main script in the child so
that pickled functions from it resolve; a script without an
``if __name__ == "__main__":`` guard would then start a second game, or fail
with "an attempt has been made to start a new process before the current
process has finished its bootstrapping phase". The workers need nothing
from ``__main__`` (their target lives in the ``game`` package), so the main
module's name and path are hidden from spawn while a worker starts.
"""

from __future__ import annotations

import multiprocessing as mp
import queue
import sys
from multiprocessing.process import BaseProcess
from typing import Any, Callable

__all__ = ["start_worker", "WorkerService"]


def start_worker(process: BaseProcess) -> None:
    """``process.start()``, without the child importing the parent's main module."""
    main = sys.modules.get("__main__")
    if main is None:
        process.start()
        return
    saved = {name: main.__dict__[name] for name in ("__file__", "__spec__") if name in main.__dict__}
    main.__dict__.pop("__file__", None)
    main.__spec__ = None  # spawn reads the attribute: None means "no module to import"
    try:
        process.start()
    finally:
        main.__dict__.pop("__spec__", None)
        main.__dict__.update(saved)


class WorkerService:
    """A long-lived worker process that answers one request at a time.

    Each request gets an id; a shared value holds the id that still counts,
    so a new request or :meth:`cancel` supersedes the running one at once
    (the worker's search polls it) and stale answers are dropped. The
    process starts on the first request. Subclasses say what a job is and
    which event ends a request.
    """

    def __init__(self, target: Callable[..., None], name: str) -> None:
        # spawn, not fork: the parent may hold an OpenGL context and threads.
        self._ctx = mp.get_context("spawn")
        self._target = target
        self._name = name
        self._current = self._ctx.Value("q", 0, lock=False)
        self._requests: Any = None
        self._events: Any = None
        self._process: Any = None
        self._next = 0

    @property
    def busy(self) -> bool:
        return self._current.value != 0

    def _submit(self, job: tuple[Any, ...]) -> int:
        """Send ``(request id, *job)`` to the worker; returns the id."""
        if self._process is None or not self._process.is_alive():
            self._requests = self._ctx.Queue()
            self._events = self._ctx.Queue()
            self._process = self._ctx.Process(target=self._target,
                                              args=(self._requests, self._events, self._current),
                                              name=self._name, daemon=True)
            start_worker(self._process)
        self._next += 1
        rid = self._next
        self._current.value = rid
        self._requests.put((rid, *job))
        return rid

    def _drain(self, final: Callable[[Any], bool]) -> list[Any]:
        """Events of the current request that have arrived (never blocks);
        one that ``final`` accepts ends the request."""
        out: list[Any] = []
        if self._events is None:
            return out
        while True:
            try:
                event = self._events.get_nowait()
            except queue.Empty:
                return out
            if event.request == self._current.value:
                out.append(event)
                if final(event):
                    self._current.value = 0

    def cancel(self) -> None:
        """Drop the running request; the worker stops within milliseconds."""
        self._current.value = 0

    def close(self) -> None:
        self.cancel()
        if self._process is not None:
            self._requests.put(None)
            self._process.join(timeout=2)
            if self._process.is_alive():
                self._process.terminate()
            self._process = None

    def __enter__(self) -> Any:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
