"""Build a one-folder application that runs without Python, with PyInstaller.

    python3 -m pip install '.[bundle]'      # PyInstaller: a build dependency only
    python3 tools/build_bundle.py           # -> dist/solitaire/solitaire (solitaire.exe on Windows)
    dist/solitaire/solitaire --version

The folder holds the interpreter, pygame-ce's SDL, moderngl and the game with
everything it reads at run time: ``assets/`` (fonts, icons, card art, tables),
``shaders/`` and the message catalogs (``game/locale/``), laid out as in a
checkout, so :mod:`game.resources` and :mod:`game.i18n` find them unchanged,
and Babel's CLDR data for the game's languages only (:func:`prune_cldr`).
Copy the folder anywhere and run ``solitaire`` in it; ``solitaire
install-launcher`` from there puts the bundle itself in the application menu.
The build's size is printed at the end.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's game (its languages), not an installed copy
NAME = "solitaire"
SEP = os.pathsep  # PyInstaller's --add-data joins source and destination with it

#: What the game reads at run time, as (source under the checkout, folder in the bundle).
DATA = (("assets", "assets"), ("shaders", "shaders"), ("game/locale", "game/locale"))


def size_of(folder: Path) -> int:
    """Bytes in every file under ``folder``."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def pyinstaller_args(dist: Path, work: Path) -> list[str]:
    args = ["--noconfirm", "--clean", "--onedir", "--name", NAME, "--distpath", str(dist),
            "--workpath", str(work), "--specpath", str(work), "--paths", str(ROOT),
            # Modules imported inside functions (each command's handler, the solver
            # workers) are found by PyInstaller's scan; the whole package is named to be sure.
            "--collect-submodules", "game",
            # Nothing of these is used; PyInstaller would otherwise carry them if installed.
            "--exclude-module", "tkinter", "--exclude-module", "pytest", "--exclude-module", "numpy",
            # filelock's read-write locks need sqlite3 (imported on first use); the game takes plain locks only.
            "--exclude-module", "sqlite3"]
    for source, inside in DATA:
        args += ["--add-data", f"{ROOT / source}{SEP}{inside}"]
    if sys.platform in ("win32", "darwin"):  # their executables carry an icon (converted from the PNG)
        args += ["--icon", str(ROOT / "assets" / "icons" / "solitaire3d-256.png"), "--windowed"]
    return args + [str(ROOT / "tools" / "bundle_main.py")]


def cldr_files_needed() -> set[str]:
    """The names of Babel's CLDR data files (``babel/locale-data/<name>.dat``) the game's
    languages read: each language's locale and its parents down to ``root``.

    >>> sorted(n for n in cldr_files_needed() if n.startswith(("en", "ru")))
    ['en', 'en_001', 'en_GB', 'ru', 'ru_RU']
    """
    from babel.core import get_global

    from game.i18n import LANGUAGES, PSEUDO, cldr_locale

    parents = get_global("parent_exceptions")
    needed = {"root"}
    for code in (*LANGUAGES, PSEUDO):
        name = str(cldr_locale(code))
        while name != "root":
            needed.add(name)
            name = parents.get(name) or (name.rsplit("_", 1)[0] if "_" in name else "root")
    return needed


def prune_cldr(app: Path) -> int:
    """Remove the CLDR data of every locale the game does not speak from the bundle
    (PyInstaller's hook for Babel carries all of them, some 35 MB); the bytes removed."""
    removed = 0
    keep = cldr_files_needed()
    for folder in app.rglob("locale-data"):
        if folder.parent.name != "babel":
            continue
        for dat in folder.glob("*.dat"):
            if dat.stem not in keep:
                removed += dat.stat().st_size
                dat.unlink()
    return removed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", default=str(ROOT / "dist"), help="where the app folder goes (default: dist/)")
    parser.add_argument("--work", default=str(ROOT / "build" / "bundle"), help="PyInstaller's scratch folder")
    args = parser.parse_args(argv)
    try:
        import PyInstaller.__main__ as pyinstaller
    except ImportError:
        print("build_bundle: PyInstaller is not installed: python3 -m pip install '.[bundle]'", file=sys.stderr)
        return 2
    dist, work = Path(args.dist).resolve(), Path(args.work).resolve()
    started = time.monotonic()
    try:
        pyinstaller.run(pyinstaller_args(dist, work))
    except SystemExit as exc:  # PyInstaller ends a failed build this way
        if exc.code:
            print(f"build_bundle: PyInstaller failed ({exc.code})", file=sys.stderr)
            return 1
    app = dist / NAME
    exe = app / (NAME + (".exe" if os.name == "nt" else ""))
    if not exe.is_file():
        print(f"build_bundle: no {exe} after the build", file=sys.stderr)
        return 1
    pruned = prune_cldr(app)
    version = subprocess.run([str(exe), "--version"], check=False, capture_output=True, text=True, timeout=120)
    files = sum(1 for p in app.rglob("*") if p.is_file())
    print(f"built {exe} in {time.monotonic() - started:.0f} s: {size_of(app) / 2**20:.1f} MiB in {files} files "
          f"(less {pruned / 2**20:.1f} MiB of CLDR data for languages the game does not speak); "
          f"--version says {version.stdout.strip() or version.stderr.strip()!r}")
    if shutil.which(NAME) is None:
        print(f"run it: {exe}")
    return 0 if version.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
