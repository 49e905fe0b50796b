"""The one-folder bundle (tools/build_bundle.py) runs without Python and without the checkout.

Slow (a PyInstaller build): CI runs it, locally ``--runslow``. It needs
PyInstaller (``pip install '.[bundle]'``, as ``.ci/run`` does) and, for the
window, Xvfb, openbox, xdotool and xprop (``.ci/run`` installs them): in CI a
missing one fails the test, elsewhere it skips it.

The bundle runs with an environment that names no Python (no PYTHONPATH or
PYTHONHOME, a PATH of the system's folders only) from a folder outside the
checkout, so what it reads can only be its own copy.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ROOT, load_tool
from test_window_xvfb import x_display  # noqa: F401 - the fixture

pytestmark = pytest.mark.slow


def _need(ok: bool, what: str) -> None:
    if not ok:
        message = f"needs {what} (.ci/run installs it)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


@pytest.fixture(scope="module")
def bundle(tmp_path_factory) -> Path:
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        _need(False, "PyInstaller (pip install '.[bundle]')")
    out = tmp_path_factory.mktemp("bundle")
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "build_bundle.py"), "--dist", str(out / "dist"),
                           "--work", str(out / "work")], check=False, capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "MiB in" in done.stdout and "--version says 'solitaire " in done.stdout  # the build's size, printed
    app = out / "dist" / "solitaire"
    # Only the bundle: the checkout's folders are nowhere near it.
    moved = out / "elsewhere" / "solitaire"
    shutil.move(str(app), str(moved))
    return moved / ("solitaire.exe" if os.name == "nt" else "solitaire")


def _bare_env(tmp: Path, **extra: str) -> dict[str, str]:
    return {"PATH": "/usr/bin:/bin", "HOME": str(tmp), "LANG": "C.UTF-8", "SOLITAIRE_DATA_DIR": str(tmp / "data"),
            "SDL_AUDIODRIVER": "dummy", **extra}


def test_the_bundle_runs_its_commands_with_its_own_data(bundle, tmp_path):
    env = _bare_env(tmp_path)
    run = lambda *args: subprocess.run([str(bundle), *args], cwd=tmp_path, env=env, check=False, capture_output=True,  # noqa: E731
                                       text=True, timeout=120)
    assert run("--version").stdout.strip() == "solitaire 0.1.0"
    # The catalogs: Russian help; the assets: the daily deal's difficulty from its table.
    assert run("--lang", "ru", "help", "spider").stdout.startswith("Как играть в «Паука»")
    # Babel's CLDR data for the game's languages is there (the rest is pruned): Russian groups digits.
    assert "1\u00a0000\u00a0000" in run("--lang", "ru", "deal", "freecell", "0").stderr
    here = subprocess.run([sys.executable, "-m", "game", "daily", "2026-11-29"], cwd=ROOT, check=True, capture_output=True, text=True)
    assert run("daily", "2026-11-29").stdout == here.stdout != ""
    # Its launcher starts the bundle itself, with the icons it carries.
    env["XDG_DATA_HOME"] = str(tmp_path / "share")
    assert run("install-launcher").returncode == 0
    from game.desktop import APP_ID

    entry = (tmp_path / "share" / "applications" / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    assert f"\nExec={bundle}\n" in entry and "\nPath=" not in entry
    assert (tmp_path / "share" / "icons" / "hicolor" / "512x512" / "apps" / f"{APP_ID}.png").is_file()
    assert run("uninstall-launcher").returncode == 0 and not (tmp_path / "share" / "applications").exists()
    assert run("deal", "freecell", "617").stdout == subprocess.run(
        [sys.executable, "-m", "game", "deal", "freecell", "617"], cwd=ROOT, check=True, capture_output=True, text=True).stdout


def test_the_bundle_opens_its_window_with_the_icon_and_closes_cleanly(bundle, x_display, tmp_path):
    _need(shutil.which("xprop") is not None and shutil.which("wmctrl") is not None, "xprop and wmctrl")
    env = _bare_env(tmp_path, DISPLAY=x_display)
    game = subprocess.Popen([str(bundle)], cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        window = None
        end = time.monotonic() + 60
        while window is None and time.monotonic() < end and game.poll() is None:
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(game.pid)], env=env,
                                   check=False, capture_output=True, text=True, timeout=10)
            window = found.stdout.split()[0] if found.stdout.split() else None
            time.sleep(0.2)
        assert window is not None, "no window: " + (game.stdout.read().decode(errors="replace")[-2000:] if game.poll() is not None else "")
        props = subprocess.run(["xprop", "-id", window, "WM_CLASS", "_NET_WM_ICON"], env=env, check=True, capture_output=True,
                               text=True, timeout=10).stdout
        from game.desktop import APP_ID

        assert f'"{APP_ID}"' in props and "Icon (128 x 128)" in props, props[:400]  # the menu entry's class, our icon
        time.sleep(3)  # the table is up and the solver's workers started
        subprocess.run(["wmctrl", "-c", "Solitaire"], env=env, timeout=10, check=False)  # the title bar's close button
        assert game.wait(60) == 0
        out = game.stdout.read().decode(errors="replace")
        assert "Traceback" not in out, out[-3000:]
        assert (tmp_path / "data" / "savegame.json").is_file()  # it saved the game as it closed
    finally:
        if game.poll() is None:
            game.kill()
            game.wait(10)


def test_build_bundle_names_everything_the_game_reads():
    tool = load_tool("build_bundle")
    args = tool.pyinstaller_args(Path("/d"), Path("/w"))
    added = {a.split(os.pathsep)[1] for a, flag in zip(args[1:], args) if flag == "--add-data"}
    assert added == {"assets", "shaders", "game/locale"}
    # Every folder the game reads from, by resources.data_dir and i18n's catalog path.
    from game import i18n, resources

    assert {resources.data_dir("assets").name, resources.data_dir("shaders").name} <= added
    assert i18n.compiled_path("ja").parents[2].relative_to(ROOT).as_posix() in added
