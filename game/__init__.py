"""FreeCell and Spider Solitaire: rules engines, solvers and a 3D-look table."""

import os as _os

# pygame prints a banner on import; the command line keeps stdout for its output.
_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# The release, as CHANGELOG.md names it; the AppStream metainfo and --version say the same
# (tests/test_docs.py holds the three and pyproject.toml together).
__version__ = "0.1.0"
#: The day this version was released (ISO), the metainfo's <release date>: the release's day,
#: never the day the launcher was installed.
RELEASED = "2026-12-06"
