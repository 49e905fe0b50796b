"""Settings, statistics and the saved game on disk: atomic, and never a crash.

Files live in the user's data directory: ``$SOLITAIRE_DATA_DIR`` when set
(tests, portable installs), else ``$XDG_DATA_HOME/solitaire3d`` (by default
``~/.local/share/solitaire3d``) on Linux, ``%APPDATA%\\solitaire3d`` on
Windows and ``~/Library/Application Support/solitaire3d`` on macOS.

Every write goes to a temporary file in the same folder, is flushed and
fsynced, then renamed over the old file, so a crash or power loss leaves
either the old file or the new one, never a truncated mix. A file that does
not parse is renamed aside (``settings.json.damaged-20261129-153000``) with
a one-line warning and the caller starts clean::

    >>> import tempfile, os
    >>> folder = tempfile.mkdtemp()
    >>> store = Store(folder)
    >>> store.save("settings", {"auto_foundation": True})
    >>> store.load("settings")
    {'auto_foundation': True}
    >>> _ = open(os.path.join(folder, "settings.json"), "w").write("{broken")
    >>> store.load("settings", default={}), len(store.warnings)
    ({}, 1)
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

__all__ = ["Store", "data_dir", "APP_DIR_NAME"]

APP_DIR_NAME = "solitaire3d"


def data_dir() -> Path:
    """The folder the game keeps its files in (see the module docstring)."""
    override = os.environ.get("SOLITAIRE_DATA_DIR")
    if override:
        return Path(override).expanduser()
    if sys.platform.startswith("win"):
        base = os.environ.get("APPDATA") or str(Path.home() / "AppData" / "Roaming")
        return Path(base) / APP_DIR_NAME
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / APP_DIR_NAME
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / APP_DIR_NAME


class Store:
    """JSON documents by name (``settings``, ``statistics``, ``savegame``) in one folder."""

    def __init__(self, folder: str | os.PathLike[str] | None = None) -> None:
        self.folder = Path(folder) if folder is not None else data_dir()
        #: One-line warnings about files set aside, for the game to show once.
        self.warnings: list[str] = []

    def path(self, name: str) -> Path:
        return self.folder / f"{name}.json"

    def load(self, name: str, default: Any = None) -> Any:
        """The document, or ``default`` when there is none or it was damaged."""
        path = self.path(name)
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return default
        except OSError as exc:
            self.warnings.append(f"could not read {path.name} ({exc.strerror or exc}); using defaults")
            return default
        try:
            return json.loads(raw.decode("utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError):
            self.set_aside(name, "it was damaged")
            return default

    def set_aside(self, name: str, why: str) -> None:
        """Rename a bad file out of the way (kept for the curious) and warn once."""
        path = self.path(name)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"{path.name}.damaged-{stamp}")
        try:
            os.replace(path, aside)
            self.warnings.append(f"{path.name}: {why}; it was set aside as {aside.name} and a fresh one started")
        except OSError as exc:
            self.warnings.append(f"{path.name}: {why}, and it could not be set aside ({exc.strerror or exc})")

    def save(self, name: str, document: Any) -> None:
        """Write ``document`` as JSON atomically (temporary file, fsync, rename)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.path(name)
        text = json.dumps(document, indent=1, sort_keys=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=self.folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        # The rename itself is durable only once the folder is synced.
        try:
            dir_fd = os.open(self.folder, os.O_RDONLY)
        except OSError:
            return
        try:
            os.fsync(dir_fd)
        except OSError:
            pass
        finally:
            os.close(dir_fd)

    def delete(self, name: str) -> None:
        try:
            self.path(name).unlink()
        except FileNotFoundError:
            pass
