"""The bundle's entry point (tools/build_bundle.py freezes it): exactly what ``solitaire`` does.

A solver worker is a *spawned* process: in a frozen app it starts this same
program, and ``freeze_support`` turns that start into the worker instead of
a second game.
"""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from game.commands import main

    sys.exit(main())
