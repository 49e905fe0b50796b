"""``python -m game`` does exactly what the ``solitaire`` command does."""

import sys

from game.commands import main

if __name__ == "__main__":
    sys.exit(main())
