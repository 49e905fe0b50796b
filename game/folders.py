"""The folders the game keeps a player's files in: one answer for the store and the launcher.

:func:`data_home` is the platform's folder for a user's application data, as
`platformdirs <https://platformdirs.readthedocs.io>`_ knows it: on Linux
``$XDG_DATA_HOME`` when it is an absolute path (the XDG spec says to ignore a
relative one), else ``~/.local/share``; ``%APPDATA%`` on Windows;
``~/Library/Application Support`` on macOS. platformdirs follows each
platform's rules (and their changes) more carefully than a few lines of ours
did: the store and the launcher each had their own, and they disagreed.

:func:`data_dir` is the game's own folder under it, unless
``$SOLITAIRE_DATA_DIR`` names another (tests, portable installs)::

    >>> import os
    >>> os.environ["SOLITAIRE_DATA_DIR"] = "/tmp/mine"
    >>> data_dir()
    PosixPath('/tmp/mine')
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

__all__ = ["APP_DIR_NAME", "data_dir", "data_home"]

#: The game's folder under :func:`data_home`.
APP_DIR_NAME = "solitaire3d"


def data_home() -> Path:
    """The user's application-data folder on this platform (the launcher's files go under it)."""
    # roaming: %APPDATA% on Windows (a player's settings follow them between machines), as before.
    return platformdirs.user_data_path(roaming=True)


def data_dir() -> Path:
    """The folder the game keeps its settings, statistics and saved game in."""
    override = os.environ.get("SOLITAIRE_DATA_DIR")
    if override:
        return Path(override).expanduser()
    return data_home() / APP_DIR_NAME
