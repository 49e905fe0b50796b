"""Atomic files: a damaged file is set aside, a failed write leaves the old one."""

from __future__ import annotations

import json
import os

import pytest

from game import store as store_mod
from game.store import Store, data_dir


def test_round_trip_and_missing_file(tmp_path):
    s = Store(tmp_path / "new")
    assert s.load("statistics", default={"played": 0}) == {"played": 0}
    s.save("statistics", {"played": 3, "won": [1, 2]})
    assert s.load("statistics") == {"played": 3, "won": [1, 2]}
    assert json.loads((tmp_path / "new" / "statistics.json").read_text())["played"] == 3


@pytest.mark.parametrize("content", ['{"played": 3', "", "\x00\x01garbage", '{"a": 1}{'])
def test_damaged_or_truncated_files_are_set_aside_with_one_warning(tmp_path, content):
    s = Store(tmp_path)
    (tmp_path / "savegame.json").write_text(content)
    assert s.load("savegame", default=None) is None
    assert len(s.warnings) == 1 and "\n" not in s.warnings[0]
    assert "set aside" in s.warnings[0]
    aside = [p.name for p in tmp_path.iterdir() if p.name.startswith("savegame.json.damaged-")]
    assert len(aside) == 1 and not (tmp_path / "savegame.json").exists()
    s.save("savegame", {"ok": True})
    assert s.load("savegame") == {"ok": True}


def test_binary_file_is_set_aside(tmp_path):
    (tmp_path / "settings.json").write_bytes(b"\xff\xfe\x00\x81")
    s = Store(tmp_path)
    assert s.load("settings", default={"x": 1}) == {"x": 1} and s.warnings


def test_a_write_that_dies_half_way_leaves_the_previous_file(tmp_path, monkeypatch):
    s = Store(tmp_path)
    s.save("settings", {"version": 1})

    def boom(fd: int) -> None:
        raise OSError("power cut")

    monkeypatch.setattr(store_mod.os, "fsync", boom)
    with pytest.raises(OSError):
        s.save("settings", {"version": 2, "padding": "x" * 100_000})
    monkeypatch.undo()
    assert s.load("settings") == {"version": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]  # no temporary left


def test_unserialisable_document_changes_nothing(tmp_path):
    s = Store(tmp_path)
    s.save("statistics", {"played": 1})
    with pytest.raises(TypeError):
        s.save("statistics", {"bad": object()})
    assert s.load("statistics") == {"played": 1}


def test_data_dir_override_and_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("SOLITAIRE_DATA_DIR", str(tmp_path / "mine"))
    assert data_dir() == tmp_path / "mine"
    monkeypatch.delenv("SOLITAIRE_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    if os.name == "posix" and not os.uname().sysname == "Darwin":
        assert data_dir() == tmp_path / "xdg" / "solitaire3d"
