"""The game on the desktop: its icon, and the launcher install-launcher writes.

The launcher's files are checked by the desktop's own validators,
``desktop-file-validate`` and ``appstreamcli`` (Debian's desktop-file-utils
and appstream; ``.ci/run`` installs them): in CI a missing one fails the
test, elsewhere it skips that test.
"""

from __future__ import annotations

import configparser
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pygame
import pytest
from conftest import load_tool, run_game

from game import desktop
from game.desktop import APP_ID, ICON_SIZES, MANIFEST, install_launcher, uninstall_launcher
from game.i18n import _, set_language
from game.store import Store


def _need(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        message = f"needs {tool} (.ci/run installs it)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


def _rgba(path: Path) -> tuple[tuple[int, int], bytes]:
    surf = pygame.image.load(str(path))
    return surf.get_size(), pygame.image.tobytes(surf, "RGBA")


def test_the_icon_ships_at_every_size_as_the_tool_draws_it():
    draw = load_tool("draw_icon")
    for size in ICON_SIZES:
        (w, h), data = _rgba(desktop.icon_file(size))
        assert (w, h) == (size, size)
        def px(x, y, data=data, size=size):
            return data[(y * size + x) * 4:(y * size + x) * 4 + 4]
        assert px(0, 0)[3] == 0 and px(size - 1, size - 1)[3] == 0  # rounded tile: the corners see through
        middle = [px(x, y) for y in range(size // 4, 3 * size // 4) for x in range(size // 4, 3 * size // 4)]
        paper = sum(1 for p in middle if min(p[:3]) > 200) / len(middle)
        red = sum(1 for p in middle if p[0] > 150 and p[1] < 90 and p[2] < 90) / len(middle)
        assert paper > 0.3 and red > 0.03, (size, paper, red)  # white cards, a red heart on one
        edge = px(size // 2, max(1, size // 20))
        assert edge[3] == 255 and edge[1] > edge[0] and edge[1] > edge[2]  # felt green at the top edge
        fresh = pygame.image.tobytes(draw.draw_icon(size), "RGBA")
        assert sum(abs(a - b) for a, b in zip(fresh, data)) / len(data) < 1.0, size  # the PNG is the tool's


def test_the_window_shows_the_icon(offscreen_window, monkeypatch, tmp_path):
    monkeypatch.setenv("SOLITAIRE_DATA_DIR", str(tmp_path))
    shown: list[pygame.Surface] = []
    real = pygame.display.set_icon
    monkeypatch.setattr(pygame.display, "set_icon", lambda surf: (shown.append(surf), real(surf)))
    from game.app import App

    app = App("freecell", 1, size=(640, 480))
    try:
        assert len(shown) == 1
        assert pygame.image.tobytes(shown[0], "RGBA") == _rgba(desktop.window_icon())[1]
        assert os.environ["SDL_VIDEO_X11_WMCLASS"] == APP_ID  # the taskbar groups it under the entry
    finally:
        app.close()


def _entry(root: Path) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    # Keys keep their case (Name[ko]): configparser's documented hook, which typeshed declares a method.
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(root / "applications" / f"{APP_ID}.desktop", encoding="utf-8")
    return parser


def test_install_writes_a_menu_entry_icons_and_metainfo_and_uninstall_removes_exactly_them(tmp_path, capsys,
                                                                                             monkeypatch):
    root = tmp_path / "share"
    theirs = root / "applications" / "someone-else.desktop"  # another program's file beside ours
    theirs.parent.mkdir(parents=True)
    theirs.write_text("[Desktop Entry]\n")
    monkeypatch.setenv("XDG_DATA_HOME", str(root))
    monkeypatch.setenv("HOME", str(tmp_path))
    assert install_launcher("linux") == 0
    assert capsys.readouterr().out == f"Added Solitaire to the application menu: 10 files in {root}\n"
    entry = _entry(root)["Desktop Entry"]
    assert entry["Categories"] == "Game;CardGame;" and entry["Icon"] == APP_ID and entry["Type"] == "Application"
    for code in ("ko", "ja", "ru", "zh_CN"):  # each language's own words, from its catalog
        set_language(code)
        assert entry[f"Name[{code}]"] == _("Solitaire") != entry["Name"]
        assert entry[f"Comment[{code}]"] == _(desktop.COMMENT) != entry["Comment"]
    set_language("en")
    for size in ICON_SIZES:
        icon = root / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        assert icon.read_bytes() == desktop.icon_file(size).read_bytes()
    info = ET.parse(root / "metainfo" / f"{APP_ID}.metainfo.xml").getroot()
    assert info.findtext("id") == APP_ID and info.find("launchable").text == f"{APP_ID}.desktop"
    langs = {e.get("{http://www.w3.org/XML/1998/namespace}lang") for e in info.findall("summary")}
    assert langs == {None, "ko", "ja", "ru", "zh_CN"}

    # The Exec line starts this very game (here from the checkout: python -m game in its folder).
    argv = shlex.split(entry["Exec"].replace("\\\\", "\\"))
    done = subprocess.run(argv + ["--version"], cwd=entry.get("Path"), check=False, capture_output=True, text=True, timeout=60)
    assert done.stdout.startswith("solitaire "), done.stderr

    # Installing again changes nothing; uninstalling removes our files and the folders we made.
    assert install_launcher("linux") == 0
    assert uninstall_launcher("linux") == 0
    assert capsys.readouterr().out.splitlines()[-1] == f"Removed 10 files of the launcher from {root}"
    left = sorted(p.relative_to(root).as_posix() for p in root.rglob("*"))
    assert left == ["applications", "applications/someone-else.desktop"]
    assert uninstall_launcher("linux") == 0
    assert capsys.readouterr().out.startswith("No launcher to remove")


def test_a_changed_file_and_a_hostile_manifest_are_left_alone(tmp_path, capsys, monkeypatch):
    root = tmp_path / "share"
    monkeypatch.setenv("XDG_DATA_HOME", str(root))
    assert install_launcher("linux") == 0
    entry = root / "applications" / f"{APP_ID}.desktop"
    entry.write_text(entry.read_text() + "NoDisplay=true\n")  # the player edited it
    assert uninstall_launcher("linux") == 0
    assert entry.is_file() and not (root / "metainfo").exists()
    assert f"{entry} changed after it was installed; it stays" in capsys.readouterr().err

    victim = tmp_path / "precious.txt"
    victim.write_text("mine")
    manifest = root / MANIFEST
    escape = json.dumps({"files": {"../precious.txt": hashlib.sha256(b"mine").hexdigest()}})
    for bad in (escape.encode(), b"[1, 2", b'{"files": 3}', b"\xff"):
        manifest.parent.mkdir(parents=True, exist_ok=True)
        manifest.write_bytes(bad)
        assert uninstall_launcher("linux") == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "nothing was removed" in err
        assert victim.read_text() == "mine" and manifest.is_file()


def test_other_systems_get_one_line_and_windows_a_start_menu_shortcut(tmp_path, capsys, monkeypatch):
    assert install_launcher("darwin") == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no application menu" in err

    calls = []

    def powershell(argv, **kwargs):  # stands in for Windows' shell object: it writes the .lnk
        calls.append(argv)
        Path(re.search(r"CreateShortcut\('([^']+)'\)", argv[-1])[1]).write_bytes(b"L\0\0\0 a shortcut")
        return subprocess.CompletedProcess(argv, 0)

    monkeypatch.setattr(desktop, "data_home", lambda: tmp_path)  # platformdirs' %APPDATA% on Windows
    assert install_launcher("win32", powershell) == 0
    assert calls[0][0] == "powershell" and "CreateShortcut" in calls[0][-1]
    link = tmp_path / "Microsoft/Windows/Start Menu/Programs/Solitaire.lnk"
    assert link.read_bytes() == b"L\0\0\0 a shortcut"
    assert capsys.readouterr().out == f"Added Solitaire to the Start menu: {link}\n"
    assert uninstall_launcher("win32") == 0
    assert not (tmp_path / "Microsoft").exists() and not (tmp_path / "solitaire3d").exists()


def test_the_launcher_files_pass_the_desktops_validators(tmp_path):
    dfv, asc = _need("desktop-file-validate"), _need("appstreamcli")
    root = tmp_path / "share"
    done = run_game("install-launcher", env={"XDG_DATA_HOME": str(root)})
    assert done.returncode == 0, done.stderr
    check = subprocess.run([dfv, str(root / "applications" / f"{APP_ID}.desktop")], check=False, capture_output=True, text=True)
    assert check.returncode == 0 and check.stdout.strip() == "", check.stdout + check.stderr
    check = subprocess.run([asc, "validate", "--no-net", "--pedantic", str(root / "metainfo" / f"{APP_ID}.metainfo.xml")],
                           check=False, capture_output=True, text=True)
    assert check.returncode == 0 and "E:" not in check.stdout and "W:" not in check.stdout, check.stdout
    done = run_game("uninstall-launcher", env={"XDG_DATA_HOME": str(root)})
    assert done.returncode == 0 and not (root / "applications").exists(), done.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG_DATA_HOME is read on Linux")
def test_a_relative_xdg_data_home_is_ignored_by_the_launcher_and_the_store_alike(monkeypatch, tmp_path, capsys):
    """The XDG spec says a relative $XDG_DATA_HOME is invalid and ignored; the store and the
    launcher both take ~/.local/share then (they once disagreed), and SOLITAIRE_DATA_DIR wins."""
    monkeypatch.delenv("SOLITAIRE_DATA_DIR")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", "share")
    default = tmp_path / "home" / ".local" / "share"
    assert Store().folder == default / "solitaire3d"
    assert install_launcher("linux") == 0 and (default / MANIFEST).is_file() and not (tmp_path / "share").exists()
    assert uninstall_launcher("linux") == 0
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "d"))
    assert Store().folder == tmp_path / "d" / "solitaire3d"
    monkeypatch.setenv("SOLITAIRE_DATA_DIR", str(tmp_path / "mine"))
    assert Store().folder == tmp_path / "mine"
    capsys.readouterr()


def test_exec_quotes_what_the_desktop_spec_reserves():
    assert desktop.exec_line(["/usr/bin/solitaire"]) == "/usr/bin/solitaire"
    # A space and a $ in the folder: quoted, $ escaped, then every backslash doubled.
    assert desktop.exec_line(["/home/a b/$x/python3", "-m", "game"]) == '"/home/a b/\\\\$x/python3" -m game'


def test_every_file_the_game_reads_ships_in_the_package():
    """pyproject's data-files name every file of assets/ and shaders/ (an icon left out
    would leave an installed game's window and launcher without it)."""
    import tomllib
    from pathlib import PurePosixPath

    from conftest import ROOT

    table = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["data-files"]
    shipped = {PurePosixPath(p.relative_to(ROOT).as_posix()) for patterns in table.values()
               for pattern in patterns for p in ROOT.glob(pattern)}
    present = {PurePosixPath(p.relative_to(ROOT).as_posix()) for folder in ("assets", "shaders")
               for p in (ROOT / folder).rglob("*") if p.is_file()}
    assert present - shipped == set()
    assert {f"assets/icons/solitaire3d-{n}.png" for n in ICON_SIZES} <= {str(p) for p in shipped}
