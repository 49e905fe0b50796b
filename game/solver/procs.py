"""Starting a solver worker process safely, and making it die with its parent.

The worker is started with multiprocessing's *spawn* method (a fresh
interpreter: the parent may hold an OpenGL context and threads, which fork
would copy). Spawn normally re-runs the parent's main script in the child so
that pickled functions from it resolve; a script without an
``if __name__ == "__main__":`` guard would then start a second game, or fail
with "an attempt has been made to start a new process before the current
process has finished its bootstrapping phase". The worker needs nothing
from ``__main__`` (its target lives in the ``game`` package), so the main
module's name and path are hidden from spawn while a worker starts.

Parent and worker talk over one :func:`multiprocessing.Pipe` and share
nothing else (no ``mp.Value``, no ``mp.Queue``: no feeder threads, no shared
memory). Only the parent holds its end of the pipe, so when the parent dies,
however it dies (``kill -9`` included), the worker reads end-of-file and
exits: that is the main way a worker notices. Two more layers back it up
(see :class:`ParentWatch`): the worker compares ``os.getppid()`` with the
parent it was started by, and on Linux it asks the kernel for a SIGTERM when
its parent dies (``prctl(PR_SET_PDEATHSIG)``), which also covers a worker
stuck where it does not look at the pipe.

Spawn on POSIX always starts multiprocessing's *resource tracker* too; the
tracker exits when every process holding its pipe has exited, so a worker
that dies with the game takes the tracker with it.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import signal
import sys
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:
    from game.solver.api import FromWorker, ToWorker

#: The pipe's two ends, by what each sends and what it receives (unchecked: ``object``).
ParentEnd: TypeAlias = "Connection[ToWorker, object]"
ChildEnd: TypeAlias = "Connection[FromWorker, object]"

__all__ = ["PDEATHSIG", "ParentWatch", "Worker", "start_worker"]

#: Ask the Linux kernel to SIGTERM the worker when the parent dies (an extra
#: layer on top of the pipe; tests turn it off to check the pipe alone).
PDEATHSIG = True

_PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def start_worker(process: BaseProcess) -> None:
    """``process.start()``, without the child importing the parent's main module."""
    main = sys.modules.get("__main__")
    if main is None:
        process.start()
        return
    saved: dict[str, object] = {name: main.__dict__[name] for name in ("__file__", "__spec__") if name in main.__dict__}
    main.__dict__.pop("__file__", None)
    main.__spec__ = None  # spawn reads the attribute: None means "no module to import"
    try:
        process.start()
    finally:
        main.__dict__.pop("__spec__", None)
        main.__dict__.update(saved)


class Worker:
    """The parent's side of one worker process: start it, talk to it, see it die.

    ``target(conn, watch)`` runs in the child with its end of the pipe and a
    :class:`ParentWatch`. The parent closes its copy of the child's end at
    once, so a dead worker reads as end-of-file here as well.
    """

    def __init__(self, target: Callable[[ChildEnd, ParentWatch], None], name: str) -> None:
        ctx = mp.get_context("spawn")
        parent, child = ctx.Pipe(duplex=True)
        #: The parent's end: it sends the service's messages; what comes back is read as
        #: ``object`` and narrowed (:meth:`game.solver.service.SolverService._take`).
        self.conn: ParentEnd = parent
        # PR_SET_PDEATHSIG fires when the *thread* that started the child
        # exits: only safe when that thread is the main one (which lives as
        # long as the process).
        deathsig = PDEATHSIG and threading.current_thread() is threading.main_thread()
        watch = ParentWatch(os.getpid(), deathsig)
        self.process = ctx.Process(target=target, args=(child, watch), name=name, daemon=True)
        try:
            start_worker(self.process)
        finally:
            child.close()

    @property
    def pid(self) -> int | None:
        return self.process.pid

    def alive(self) -> bool:
        return self.process.is_alive()

    def send(self, message: ToWorker) -> bool:
        """Send ``message``; False when the worker is gone."""
        try:
            self.conn.send(message)
        except (OSError, ValueError):
            return False
        return True

    def stop(self, timeout: float = 2.0) -> None:
        """End the worker and see it gone (SIGKILL after ``timeout`` seconds).

        A SIGTERM, not a request to end: the worker holds nothing to save (a
        search in progress is dropped), and at its low priority on a busy
        machine it could take a second to wind its interpreter down, which
        the game's quit would wait for."""
        if self.process.is_alive():
            self.process.terminate()
        self.process.join(timeout)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(timeout)
        self.conn.close()

    def kill(self) -> None:
        """End the worker at once (it does not answer what it was doing)."""
        if self.process.is_alive():
            self.process.kill()
        self.process.join(2.0)
        self.conn.close()


class ParentWatch:
    """The worker's ways of telling that its parent has died.

    Picklable (it travels to the child as a start argument). The child calls
    :meth:`arm` first thing, and :meth:`parent_gone` whenever it is not
    blocked on the pipe (the pipe's end-of-file is the main signal).
    """

    def __init__(self, parent_pid: int, deathsig: bool) -> None:
        self.parent_pid = parent_pid
        self.deathsig = deathsig

    def arm(self) -> None:
        """In the child: ask for SIGTERM on the parent's death where the system offers it."""
        if self.deathsig and sys.platform.startswith("linux"):
            try:
                import ctypes

                libc = ctypes.CDLL(None, use_errno=True)
                libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0)
            except (OSError, AttributeError):
                pass  # the pipe and the pid check still hold
        if self.parent_gone():  # it died before the request above took effect
            os._exit(0)

    def parent_gone(self) -> bool:
        """True when the process that started this one is no longer its parent."""
        return os.getppid() != self.parent_pid
