"""The game as a citizen of the desktop: its icon, and its entry in the application menu.

``solitaire install-launcher`` writes, into the user's data folder
(:func:`game.folders.data_home`: ``$XDG_DATA_HOME`` when it is an absolute
path, else ``~/.local/share``), a freedesktop ``.desktop``
entry, the icon at every hicolor size and AppStream metainfo, and a list of
what it wrote; ``solitaire uninstall-launcher`` removes exactly those files
(and the folders it made), leaving any file changed since. On Windows the
same pair makes and removes a Start-menu shortcut; elsewhere it says in one
line what it cannot do::

    >>> [Path(p).name for p in _icon_names()][:2]
    ['solitaire3d-16.png', 'solitaire3d-24.png']
    >>> exec_line(["/opt/my games/solitaire", "100%"])
    '"/opt/my games/solitaire" 100%%'
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol
from xml.sax.saxutils import escape

from game import RELEASED, __version__
from game.folders import data_home
from game.i18n import LANGUAGES, N_, _, language, ngettext, set_language
from game.resources import asset_path

__all__ = ["APP_ID", "ICON_SIZES", "MANIFEST", "desktop_entry", "exec_line", "icon_file", "install_launcher",
           "metainfo", "uninstall_launcher", "window_icon"]

#: The reverse-DNS name the menu, the icon theme, AppStream and the window manager know the game by.
APP_ID = "io.github.solitaire3d.solitaire3d"
#: The hicolor theme's usual sizes; assets/icons/ ships one PNG of each (tools/draw_icon.py).
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
#: The list of what install-launcher wrote, under the data folder.
MANIFEST = Path("solitaire3d") / "launcher-files.json"

NAME = N_("Solitaire")
GENERIC_NAME = N_("Card Game")
COMMENT = N_("Play FreeCell and Spider Solitaire, with hints from a real solver")
DESCRIPTION = N_("FreeCell with Microsoft's numbered deals and Spider with one, two or four suits, on a "
                 "three-dimensional table. A solver gives hints, tells whether a position can still be won "
                 "and grades your moves. Play with a mouse, a touch screen, a keyboard or a gamepad.")
KEYWORDS = N_("cards;patience;freecell;spider;")


def icon_file(size: int) -> Path:
    """The shipped PNG of the icon at ``size`` pixels."""
    return asset_path(f"icons/solitaire3d-{size}.png")


def _icon_names() -> list[str]:
    return [icon_file(size).name for size in ICON_SIZES]


def window_icon() -> Path:
    """The PNG the window shows in its title bar and the taskbar (big enough for a dock's)."""
    return icon_file(128)


def _each_language(message: str) -> dict[str, str]:
    """``message`` translated into every language the game speaks (English first)."""
    was = language()
    try:
        out = {}
        for code in LANGUAGES:
            set_language(code)
            out[code] = _(message)
        return out
    finally:
        set_language(was)


def launch_command() -> tuple[list[str], Path | None]:
    """The command that starts this copy of the game, and the folder to start it in (None: any).

    A bundle starts itself; an installed game its ``solitaire`` script; a checkout
    ``python -m game`` from the checkout's folder."""
    if getattr(sys, "frozen", False):
        return [str(Path(sys.executable).resolve())], None
    script = Path(sysconfig.get_path("scripts")) / ("solitaire.exe" if os.name == "nt" else "solitaire")
    if script.is_file():
        return [str(script)], None
    return [str(Path(sys.executable).resolve()), "-m", "game"], Path(__file__).resolve().parent.parent


_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


def exec_line(argv: list[str]) -> str:
    """``argv`` as a .desktop ``Exec`` value: an argument with a reserved character in
    double quotes (``"``, `````, ``$``, ``\\`` escaped), ``%`` doubled, then the
    key-file escape of every backslash."""
    words = []
    for arg in argv:
        arg = arg.replace("%", "%%")
        if any(c in _RESERVED for c in arg) or not arg:
            arg = '"' + "".join("\\" + c if c in '"`$\\' else c for c in arg) + '"'
        words.append(arg)
    return " ".join(words).replace("\\", "\\\\")


def _key_value(text: str) -> str:
    """A localestring value: no line breaks, backslashes escaped."""
    return text.replace("\\", "\\\\").replace("\n", " ").replace("\r", " ")


def desktop_entry(argv: list[str], folder: Path | None) -> str:
    """The ``.desktop`` entry that starts ``argv`` (in ``folder``), named in every language."""
    lines = ["[Desktop Entry]", "Type=Application", "Version=1.4"]
    for key, message in (("Name", NAME), ("GenericName", GENERIC_NAME), ("Comment", COMMENT), ("Keywords", KEYWORDS)):
        for code, text in _each_language(message).items():
            lines.append(f"{key}{'' if code == 'en' else f'[{code}]'}={_key_value(text)}")
    lines += [f"Exec={exec_line(argv)}", f"Icon={APP_ID}", "Terminal=false", "Categories=Game;CardGame;",
              f"StartupWMClass={APP_ID}"]
    if folder is not None:
        lines.append(f"Path={_key_value(str(folder))}")
    return "\n".join(lines) + "\n"


def _lang(code: str) -> str:
    """The xml:lang attribute of a translation (none on the English original)."""
    return "" if code == "en" else f' xml:lang="{code}"'


def metainfo() -> str:
    """The AppStream metainfo: what software centres show of the game."""
    def each(tag: str, message: str, wrap: Callable[[str], str] = lambda t: t) -> list[str]:
        return [f"  <{tag}{_lang(code)}>{wrap(escape(text))}</{tag}>"
                for code, text in _each_language(message).items()]

    paragraphs = [f"    <p{_lang(code)}>{escape(text)}</p>"
                  for code, text in _each_language(DESCRIPTION).items()]
    return "\n".join([
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<component type="desktop-application">',
        f"  <id>{APP_ID}</id>",
        "  <metadata_license>CC0-1.0</metadata_license>",
        "  <project_license>MIT</project_license>",
        *each("name", NAME),
        *each("summary", COMMENT),
        "  <description>", *paragraphs, "  </description>",
        f'  <launchable type="desktop-id">{APP_ID}.desktop</launchable>',
        "  <categories>", "    <category>Game</category>", "    <category>CardGame</category>", "  </categories>",
        '  <content_rating type="oars-1.1"/>',
        "  <supports>", "    <control>pointing</control>", "    <control>keyboard</control>",
        "    <control>touch</control>", "    <control>gamepad</control>", "  </supports>",
        "  <provides>", "    <binary>solitaire</binary>", "  </provides>",
        "  <releases>", f'    <release version="{__version__}" date="{RELEASED}"/>', "  </releases>",
        "</component>", ""])


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _freedesktop_files() -> dict[str, bytes]:
    """Each file install-launcher writes, by its path under the data folder."""
    argv, folder = launch_command()
    files = {f"applications/{APP_ID}.desktop": desktop_entry(argv, folder).encode(),
             f"metainfo/{APP_ID}.metainfo.xml": metainfo().encode()}
    for size in ICON_SIZES:
        files[f"icons/hicolor/{size}x{size}/apps/{APP_ID}.png"] = icon_file(size).read_bytes()
    return files


def _write_all(root: Path, files: dict[str, bytes]) -> None:
    """Write ``files`` under ``root`` with the manifest of what was written; on a failure
    remove this run's files again and raise OSError."""
    written: dict[str, str] = {}
    made: list[str] = []
    try:
        for rel, data in files.items():
            path = root / rel
            missing = [p for p in reversed(path.relative_to(root).parents) if str(p) != "." and not (root / p).exists()]
            path.parent.mkdir(parents=True, exist_ok=True)
            made += [p.as_posix() for p in missing]
            path.write_bytes(data)
            written[rel] = _digest(data)
        manifest = root / MANIFEST
        made += [p.as_posix() for p in reversed(MANIFEST.parents) if str(p) != "." and not (root / p).exists()]
        manifest.parent.mkdir(parents=True, exist_ok=True)
        old = _read_manifest(root) if manifest.exists() else None
        if old is not None:  # installed again: what the first install made is still ours
            written = {**old[0], **written}
            made = list(dict.fromkeys(old[1] + made))
        manifest.write_text(json.dumps({"files": written, "folders": made}, indent=1), encoding="utf-8")
    except OSError:
        for rel in written:
            (root / rel).unlink(missing_ok=True)
        _remove_empty(root, made)
        raise


class ManifestError(ValueError):
    """The launcher's list of files is not one install-launcher wrote."""


def _read_manifest(root: Path) -> tuple[dict[str, str], list[str]]:
    """The files (path -> digest) and folders a manifest lists, each checked to lie inside ``root``."""
    try:
        raw = (root / MANIFEST).read_bytes()
        if len(raw) > 100_000:
            raise ManifestError(_("it is too big to be one"))
        doc = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ManifestError(_("it is not JSON")) from exc
    if (not isinstance(doc, dict) or not isinstance(doc.get("files"), dict)
            or not isinstance(doc.get("folders", []), list)):
        raise ManifestError(_("it does not list files and folders"))
    names = list(doc["files"]) + list(doc.get("folders", []))
    for name in names:
        if (not isinstance(name, str) or not name or os.path.isabs(name) or "\\" in name
                or any(part in ("", ".", "..") for part in name.split("/"))):
            raise ManifestError(_("it names a path outside the data folder"))
    if not all(isinstance(d, str) and len(d) == 64 for d in doc["files"].values()):
        raise ManifestError(_("it does not list files and folders"))
    return dict(doc["files"]), list(doc.get("folders", []))


def _remove_empty(root: Path, folders: list[str]) -> None:
    """Remove each of ``folders`` (under ``root``) that is empty now, deepest first."""
    for rel in sorted(folders, key=lambda p: p.count("/"), reverse=True):
        try:
            (root / rel).rmdir()
        except OSError:
            pass  # not empty (other programs' files), or already gone: it stays


def _where(platform: str) -> tuple[str, Path] | None:
    """What kind of launcher this system takes, and the folder it goes in (None: none): the
    same data folder the store uses (:func:`game.folders.data_home`; %APPDATA% on Windows)."""
    if platform.startswith("win"):
        return "windows", data_home()
    if platform.startswith(("linux", "freebsd", "openbsd", "netbsd", "dragonfly", "sunos")):
        return "freedesktop", data_home()
    return None


class Run(Protocol):
    """How the launcher runs Windows' shell (:func:`subprocess.run`, or a test's stand-in)."""

    def __call__(self, args: Sequence[str], *, capture_output: bool, timeout: float) \
            -> subprocess.CompletedProcess[bytes]: ...


def _start_menu_shortcut(run: Run) -> dict[str, bytes]:
    """The Start-menu shortcut, made by Windows' own shell object in a scratch folder (then
    written in place like any other file, so the manifest knows the folders it made)."""
    argv, folder = launch_command()

    def quote(s: str) -> str:  # PowerShell's single-quoted string
        return "'" + s.replace("'", "''") + "'"

    with tempfile.TemporaryDirectory() as scratch:
        link = Path(scratch) / "Solitaire.lnk"
        script = (f"$s=(New-Object -ComObject WScript.Shell).CreateShortcut({quote(str(link))});"
                  f"$s.TargetPath={quote(argv[0])};$s.Arguments={quote(subprocess.list2cmdline(argv[1:]))};"
                  f"$s.WorkingDirectory={quote(str(folder or Path.home()))};"
                  f"$s.Description={quote(_(COMMENT))};$s.Save()")
        done = run(["powershell", "-NoProfile", "-NonInteractive", "-Command", script], capture_output=True, timeout=60)
        if done.returncode != 0 or not link.is_file():
            raise OSError(_("Windows' shell did not make the shortcut"))
        return {"Microsoft/Windows/Start Menu/Programs/Solitaire.lnk": link.read_bytes()}


def install_launcher(platform: str | None = None,
                     run: Run = subprocess.run) -> int:
    """``solitaire install-launcher``: 0 done, 1 the system refused (said in one line)."""
    where = _where(platform or sys.platform)
    if where is None:
        print(_("install-launcher: this system has no application menu the game knows how to add to; "
                "start it with the solitaire command"), file=sys.stderr)
        return 1
    kind, root = where
    try:
        if kind == "windows":
            files = _start_menu_shortcut(run)
            _write_all(root, files)
            print(_("Added Solitaire to the Start menu: {path}").format(path=root / next(iter(files))))
            return 0
        files = _freedesktop_files()
        _write_all(root, files)
    except (OSError, subprocess.SubprocessError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        print(_("install-launcher: could not write the launcher: {why}").format(why=why), file=sys.stderr)
        return 1
    # Nothing else is run: the menus notice a new entry by themselves, and a cache made
    # by gtk-update-icon-cache in a user's icon folder would hide icons added later.
    print(ngettext("Added Solitaire to the application menu: {count} file in {folder}",
                   "Added Solitaire to the application menu: {count} files in {folder}", len(files)).format(
        count=len(files), folder=root))
    return 0


def uninstall_launcher(platform: str | None = None) -> int:
    """``solitaire uninstall-launcher``: remove what install-launcher wrote. 0 done (or nothing
    to do), 1 a damaged list (nothing removed)."""
    where = _where(platform or sys.platform)
    if where is None:
        print(_("uninstall-launcher: this system has no application menu the game knows how to add to; "
                "there is nothing to remove"), file=sys.stderr)
        return 1
    root = where[1]
    if not (root / MANIFEST).is_file():
        print(_("No launcher to remove: {path} is not there").format(path=root / MANIFEST))
        return 0
    try:
        files, folders = _read_manifest(root)
    except (ManifestError, OSError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        print(_("uninstall-launcher: the list of the launcher's files ({path}) is damaged: {why}; "
                "nothing was removed").format(path=root / MANIFEST, why=why), file=sys.stderr)
        return 1
    removed = 0
    for rel, digest in files.items():
        path = root / rel
        try:
            if not path.is_file() or path.is_symlink():
                continue
            if _digest(path.read_bytes()) != digest:
                print(_("{path} changed after it was installed; it stays").format(path=path), file=sys.stderr)
                continue
            path.unlink()
            removed += 1
        except OSError as exc:
            print(_("Could not remove {path}: {why}").format(path=path, why=exc.strerror or exc), file=sys.stderr)
    (root / MANIFEST).unlink(missing_ok=True)
    _remove_empty(root, folders)
    print(ngettext("Removed {count} file of the launcher from {folder}",
                   "Removed {count} files of the launcher from {folder}", removed).format(count=removed, folder=root))
    return 0
