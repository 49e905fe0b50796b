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

import sys
from multiprocessing.process import BaseProcess

__all__ = ["start_worker"]


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
