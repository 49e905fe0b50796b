"""FreeCell and Spider Solitaire: rules engines, solvers and a 3D-look table."""

import os as _os

# pygame prints a banner on import; the command line keeps stdout for its output.
_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

__version__ = "0.1.0"
