"""Settings, statistics and the saved game on disk: atomic, and never a crash.

Files live in the user's data directory, :func:`game.folders.data_dir`:
``$SOLITAIRE_DATA_DIR`` when set (tests, portable installs), else
``solitaire3d`` in the platform's application-data folder (platformdirs:
``$XDG_DATA_HOME`` when absolute, else ``~/.local/share`` on Linux,
``%APPDATA%`` on Windows, ``~/Library/Application Support`` on macOS).

Every write goes to a temporary file in the same folder, is flushed and
fsynced, then renamed over the old file, so a crash or power loss leaves
either the old file or the new one, never a truncated mix. A file that is
not what this program writes -- not JSON, larger than
:data:`game.schema.MAX_FILE_BYTES`, ``NaN`` or ``1e999`` in it, nested
thousands deep, a folder where the file belongs, or failing the reader's
check (:mod:`game.schema`) -- is renamed aside
(``settings.json.damaged-20261129-153000``) with a one-line warning, a clean
file is written at once when the caller gives one, and the caller starts
clean::

    >>> import tempfile, os
    >>> folder = tempfile.mkdtemp()
    >>> store = Store(folder)
    >>> store.save("settings", {"auto_foundation": True})
    True
    >>> store.load("settings")
    {'auto_foundation': True}
    >>> _ = open(os.path.join(folder, "settings.json"), "w").write("{broken")
    >>> store.load("settings", default={}), len(store.warnings)
    ({}, 1)

Nothing here raises for a disk problem. A write that fails returns False and
adds a one-line warning -- once per problem, not at every save -- and the
game plays on without saving. :meth:`Store.take_warnings` hands the
warnings not shown yet to the game, which shows them.

At start a store removes temporary files that a killed game left behind
(older than a minute, or written by a process that is gone), and warns when
the folder cannot be written.

Two games may share the folder. :meth:`Store.locked` is a file lock around a
read-modify-write (the statistics use it, see
:meth:`game.stats.Statistics.update`). The saved game belongs to whichever
game saved last; when a save replaces one that another running game wrote
since this one started, the save goes ahead and a warning says so.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import secrets
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TypeVar, overload

import filelock

from game.bounded import Refused, read_bytes
from game.folders import APP_DIR_NAME, data_dir
from game.i18n import N_, _
from game.i18n.formats import grouped
from game.schema import JSON, MAX_FILE_BYTES, SchemaError, parse

__all__ = ["APP_DIR_NAME", "LOCK_WAIT_SECONDS", "REPLACED_NOTICE", "STALE_SECONDS", "Store", "data_dir"]

#: How long a game waits for another game's lock on a file before it goes on unlocked: a game
#: holds one for milliseconds, so a minute means something is wrong. The lock is the operating
#: system's (filelock: flock on POSIX, msvcrt on Windows), so a game that is killed, even
#: with kill -9, lets go of it at once and never blocks the next start.
LOCK_WAIT_SECONDS = 60.0

#: A temporary file older than this is left over from a game that died mid-write.
STALE_SECONDS = 60.0

#: What a game says when its save replaces one another running game made.
REPLACED_NOTICE = N_("another window saved its game in this folder; this window's game replaces it")

T = TypeVar("T")
Default = TypeVar("Default")

# .savegame.json.<pid>.<random>.tmp (this version) or .savegame.json.<random>.tmp (older ones).
_TEMP = re.compile(r"\.[\w-]+\.json\.(?:(\d{1,9})\.)?[\w-]+\.tmp")


def _why(exc: OSError) -> str:
    """The reason an OS call failed, short and on one line."""
    text = " ".join(str(exc.strerror or exc).split())
    return text[:80] or type(exc).__name__


def _pid_alive(pid: int) -> bool:
    """Whether a process with this id runs (POSIX); elsewhere assume it does (age decides)."""
    if os.name != "posix":
        return True  # os.kill(pid, 0) would send CTRL_C_EVENT on Windows
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists but is not ours
    return True


class Store:
    """JSON documents by name (``settings``, ``statistics``, ``savegame``, ``display``) in one folder."""

    #: Documents that carry who saved them (to tell when another game replaced them).
    STAMPED = frozenset({"savegame"})

    def __init__(self, folder: str | os.PathLike[str] | None = None, *, tidy: bool = True) -> None:
        self.folder = Path(folder) if folder is not None else data_dir()
        #: One-line warnings about files set aside and writes that failed, oldest first.
        self.warnings: list[str] = []
        self._shown = 0
        self._said: set[str] = set()
        #: This running game, as written beside its saved game.
        self.instance = secrets.token_hex(8)
        # To the millisecond, rounded down, as the saves write their time.
        self.started_at = math.floor(time.time() * 1000) / 1000
        # Who had written each stamped document when this game last read or wrote it.
        self._seen: dict[str, object] = {}
        self._told: set[str] = set()
        if tidy:
            self.tidy()

    # --- warnings ---------------------------------------------------------------------

    def _warn(self, line: str, key: str | None = None) -> None:
        """Add a warning; one with a ``key`` already said is not repeated."""
        if key is not None:
            # Once the folder is known unwritable, each failed read or write is that same news.
            if key in self._said or (key != "folder" and "folder" in self._said):
                return
            self._said.add(key)
        self.warnings.append(line)

    def take_warnings(self) -> list[str]:
        """The warnings not taken yet, for the game to show (each is one line)."""
        new = self.warnings[self._shown:]
        self._shown = len(self.warnings)
        return new

    # --- start ------------------------------------------------------------------------

    def tidy(self, *, now: float | None = None) -> None:
        """Remove temporary files a killed game left, and warn if the folder cannot be written.

        A temporary file is removed when it is older than :data:`STALE_SECONDS`
        or the process named in it is gone, so a second game writing right now
        is never disturbed.
        """
        now = time.time() if now is None else now
        try:
            entries = list(os.scandir(self.folder))
        except OSError:
            entries = []  # no folder yet, or not readable: the probe below tells
        for entry in entries:
            m = _TEMP.fullmatch(entry.name)
            if not m:
                continue
            try:
                if not entry.is_file(follow_symlinks=False):
                    continue
                old = now - entry.stat(follow_symlinks=False).st_mtime > STALE_SECONDS
                dead = m.group(1) is not None and not _pid_alive(int(m.group(1)))
                if old or dead:
                    os.unlink(entry.path)
            except OSError:
                pass  # gone already, or not ours to remove: harmless
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, probe = tempfile.mkstemp(prefix=f".probe.json.{os.getpid()}.", suffix=".tmp", dir=self.folder)
            os.close(fd)
            os.unlink(probe)
        except OSError as exc:
            self._warn(_("the data folder {folder} cannot be written ({why}); the game plays on without saving").format(
                folder=self.folder, why=_why(exc)), key="folder")

    # --- reading ----------------------------------------------------------------------

    def path(self, name: str) -> Path:
        return self.folder / f"{name}.json"

    # Read with a check, the document is what the check makes of it; without one,
    # any JSON value at all (None too); either way ``default`` when there is none.
    @overload
    def load(self, name: str, default: None = None, *, check: Callable[[JSON], T],
             fresh: Mapping[str, object] | None = None) -> T | None: ...
    @overload
    def load(self, name: str, default: Default, *, check: Callable[[JSON], T],
             fresh: Mapping[str, object] | None = None) -> T | Default: ...
    @overload
    def load(self, name: str, default: None = None, *, check: None = None,
             fresh: Mapping[str, object] | None = None) -> JSON: ...
    @overload
    def load(self, name: str, default: Default, *, check: None = None,
             fresh: Mapping[str, object] | None = None) -> JSON | Default: ...

    def load(self, name: str, default: object = None, *, check: Callable[[JSON], object] | None = None,
             fresh: Mapping[str, object] | None = None) -> object:
        """The document (passed through ``check`` when given), or ``default``
        when there is none or it was set aside.

        ``check`` reads the parsed JSON and raises ``ValueError`` (or
        ``TypeError``) when it is not right; ``fresh`` is a clean document
        written at once in place of a file set aside.
        """
        path = self.path(name)
        try:
            raw = read_bytes(path, MAX_FILE_BYTES)
        except Refused as exc:
            if exc.kind == "missing":
                self._note_seen(name, None)
            elif exc.kind in _SET_ASIDE:
                self._set_aside(name, _(_SET_ASIDE[exc.kind]).format(limit=grouped(MAX_FILE_BYTES)), fresh)
            else:
                self._warn(_("could not read {file} ({why}); using defaults").format(
                    file=path.name, why=exc.detail or exc), key=f"read {name}")
            return default
        try:
            data = parse(raw)
            self._note_seen(name, data)
            return check(data) if check is not None else data
        except SchemaError as exc:
            why = str(exc) if exc.whole else _("it did not hold {what} ({why})").format(
                what=_what(name), why=exc)
        except (ValueError, TypeError, KeyError, RecursionError, OverflowError) as exc:
            # A reader's own complaint; never a crash for what a file holds.
            why = _("it did not hold {what} ({why})").format(what=_what(name), why=exc)
        self._set_aside(name, _one_line(why), fresh)
        return default

    def set_aside(self, name: str, why: str, fresh: Mapping[str, object] | None = None) -> None:
        """Rename a bad file out of the way (kept for the curious) and warn once;
        write ``fresh`` in its place at once when given."""
        self._set_aside(name, _one_line(why), fresh)

    def _set_aside(self, name: str, why: str, fresh: Mapping[str, object] | None) -> None:
        path = self.path(name)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"{path.name}.damaged-{stamp}")
        n = 1
        while aside.exists() or aside.is_symlink():
            n += 1
            aside = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
        try:
            os.replace(path, aside)
        except FileNotFoundError:
            return
        except OSError as exc:
            self._warn(_("{file}: {why}, and it could not be set aside ({error})").format(
                file=path.name, why=why, error=_why(exc)))
            return
        self._note_seen(name, None)
        if fresh is not None:
            self.save(name, fresh)
        self._warn(_("{file}: {why}; it was set aside as {aside} and a fresh one started").format(
            file=path.name, why=why, aside=aside.name))

    # --- writing ----------------------------------------------------------------------

    def save(self, name: str, document: Mapping[str, object]) -> bool:
        """Write ``document`` as JSON atomically (temporary file, fsync, rename).

        True when written. A disk problem leaves the old file, returns False
        and warns once; a document that is not JSON raises ``TypeError`` /
        ``ValueError`` (a bug, not a disk problem) and changes nothing.
        """
        path = self.path(name)
        if name in self.STAMPED and isinstance(document, dict):
            document = {**document, "writer": {"instance": self.instance, "pid": os.getpid(),
                                               "saved_at": round(time.time(), 3)}}
        text = json.dumps(document, indent=1, sort_keys=True, allow_nan=False)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            if path.is_dir():
                self._set_aside(name, _("it was a folder, not a file"), None)
            if name in self.STAMPED:
                self._check_owner(name)
            self._write(path, text)
        except OSError as exc:
            self._warn(_("could not save {file} ({why}); the game plays on without saving it").format(
                file=path.name, why=_why(exc)),
                       key=f"save {name} {type(exc).__name__}")
            return False
        if name in self.STAMPED:
            self._seen[name] = document.get("writer") if isinstance(document, dict) else None
        return True

    def _write(self, path: Path, text: str) -> None:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp", dir=self.folder)
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

    def delete(self, name: str) -> bool:
        """Remove a document; True unless it could not be removed (warned once)."""
        path = self.path(name)
        try:
            path.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            self._warn(_("could not remove {file} ({why})").format(file=path.name, why=_why(exc)), key=f"delete {name}")
            return False
        self._seen[name] = None
        return True

    # --- two games on one folder ----------------------------------------------------------

    def _note_seen(self, name: str, data: JSON) -> None:
        if name in self.STAMPED:
            self._seen[name] = data.get("writer") if isinstance(data, dict) else None

    def _check_owner(self, name: str) -> None:
        """Warn (once per other game) when the file was replaced by another running game."""
        try:
            on_disk = parse(read_bytes(self.path(name), MAX_FILE_BYTES))
        except ValueError:  # Refused and SchemaError are ValueErrors
            return
        writer = on_disk.get("writer") if isinstance(on_disk, dict) else None
        if not isinstance(writer, dict) or writer == self._seen.get(name):
            return
        other, saved_at = writer.get("instance"), writer.get("saved_at")
        if (isinstance(other, str) and other != self.instance and other not in self._told
                and isinstance(saved_at, (int, float)) and saved_at >= self.started_at):
            self._told.add(other)
            self._warn(_(REPLACED_NOTICE))

    @contextlib.contextmanager
    def locked(self, name: str) -> Iterator[bool]:
        """Hold the lock of document ``name`` (other games wait); yields whether
        it is held. Without a writable folder there is nothing to protect, and
        the body runs unlocked.

        >>> import tempfile
        >>> with Store(tempfile.mkdtemp()).locked("statistics") as held:
        ...     held
        True
        """
        lock = filelock.FileLock(self.folder / f".{name}.lock", timeout=LOCK_WAIT_SECONDS)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            lock.acquire()
        except (OSError, NotImplementedError, filelock.Timeout):
            # No folder, a file system without locks (filelock says NotImplementedError), or
            # a minute of waiting: go on unlocked rather than freeze the game.
            held = False
        else:
            held = True
        try:
            yield held
        finally:
            if held:
                lock.release()


#: Why a file the bounded reader refused is set aside (the rest are read errors: warned, kept).
_SET_ASIDE = {
    "folder": N_("it was a folder, not a file"),
    "special": N_("it was not a plain file"),
    "large": N_("it is larger than {limit} bytes"),
}


def _what(name: str) -> str:
    return _("a saved game") if name == "savegame" else name


def _one_line(text: str) -> str:
    line = " ".join(text.split())
    return line if len(line) <= 200 else line[:197] + "..."
