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
    assert s.save("savegame", {"ok": True})
    assert s.load("savegame")["ok"] is True


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
    assert s.save("settings", {"version": 2, "padding": "x" * 100_000}) is False
    assert s.save("settings", {"version": 3}) is False
    monkeypatch.undo()
    assert s.load("settings") == {"version": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]  # no temporary left
    # One line said once, not at every failed save.
    assert s.take_warnings() == ["could not save settings.json (power cut); the game plays on without saving it"]


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
    if os.name == "posix" and os.uname().sysname != "Darwin":
        assert data_dir() == tmp_path / "xdg" / "solitaire3d"


# --- start: stale temporary files, folders that cannot be written ----------------------


def _dead_pid() -> int:
    import subprocess
    import sys

    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid  # reaped: no process has this id now (reuse within the test is unlikely)


def test_stale_temporary_files_are_removed_at_start_and_live_ones_kept(tmp_path):
    import time

    old = tmp_path / ".savegame.json.abc123.tmp"          # an older version's name, an hour old
    dead = tmp_path / f".statistics.json.{_dead_pid()}.xyz.tmp"  # fresh, but its writer is gone
    live = tmp_path / f".savegame.json.{os.getpid()}.qqq.tmp"    # a second game writing right now
    other = tmp_path / "notes.tmp"                        # not ours
    odd = tmp_path / (".savegame.json." + "9" * 200 + ".tmp")  # a "pid" no process could have
    for p in (old, dead, live, other, odd):
        p.write_text("{")
    hour_ago = time.time() - 3600
    os.utime(old, (hour_ago, hour_ago))
    os.utime(other, (hour_ago, hour_ago))
    s = Store(tmp_path)
    assert not old.exists() and not dead.exists()
    assert live.exists() and other.exists() and odd.exists()  # odd: no pid in it, and fresh
    assert s.warnings == []
    # Once old, any of ours is stale whoever wrote it.
    for p in (live, odd):
        os.utime(p, (hour_ago, hour_ago))
    Store(tmp_path)
    assert not live.exists() and not odd.exists() and other.exists()


def test_a_data_folder_that_cannot_be_written_warns_once_and_play_goes_on(tmp_path):
    blocker = tmp_path / "data"
    blocker.write_text("a file where the folder belongs")
    s = Store(blocker)
    assert len(s.warnings) == 1 and "cannot be written" in s.warnings[0] and "\n" not in s.warnings[0]
    assert s.take_warnings() == s.warnings
    assert s.load("settings", default={"d": 1}) == {"d": 1}
    for _ in range(5):
        assert s.save("savegame", {"game": "freecell"}) is False
    assert s.take_warnings() == []  # the folder warning said it: no line per failed save
    assert blocker.read_text() == "a file where the folder belongs"


def test_a_folder_in_place_of_a_file_is_set_aside_and_saving_works(tmp_path):
    (tmp_path / "settings.json").mkdir()
    (tmp_path / "settings.json" / "keep.txt").write_text("mine")
    s = Store(tmp_path)
    assert s.load("settings", default={}, fresh={"clean": True}) == {}
    assert len(s.warnings) == 1 and "folder" in s.warnings[0] and "set aside" in s.warnings[0]
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("settings.json.damaged-")]
    assert len(aside) == 1 and (aside[0] / "keep.txt").read_text() == "mine"
    assert json.loads((tmp_path / "settings.json").read_text()) == {"clean": True}
    # A folder that appears in place of a file while playing is moved aside by the save.
    (tmp_path / "statistics.json").mkdir()
    assert s.save("statistics", {"played": 1}) is True
    assert s.load("statistics") == {"played": 1}


def test_a_pipe_in_place_of_a_file_is_set_aside_without_blocking(tmp_path):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes on this platform")
    os.mkfifo(tmp_path / "savegame.json")
    s = Store(tmp_path)
    assert s.load("savegame") is None
    assert "not a plain file" in s.warnings[0]


def test_a_file_over_the_size_cap_is_set_aside_unread(tmp_path):
    from game.schema import MAX_FILE_BYTES

    (tmp_path / "statistics.json").write_text('{"pad": "' + "x" * MAX_FILE_BYTES + '"}')
    s = Store(tmp_path)
    assert s.load("statistics", default="none", fresh={"version": 1}) == "none"
    assert "larger than 1,000,000 bytes" in s.warnings[0]
    assert s.load("statistics") == {"version": 1}


def test_set_aside_twice_in_one_second_keeps_both_copies(tmp_path):
    s = Store(tmp_path)
    for text in ("{", "[", "nul"):
        (tmp_path / "settings.json").write_text(text)
        s.load("settings")
    aside = sorted(p.read_text() for p in tmp_path.iterdir() if ".damaged-" in p.name)
    assert aside == sorted(["{", "[", "nul"])


# --- two games on one folder ------------------------------------------------------------


def test_the_lock_excludes_a_second_holder(tmp_path):
    import threading

    a, b = Store(tmp_path), Store(tmp_path)
    order: list[str] = []
    with a.locked("statistics") as held:
        assert held
        t = threading.Thread(target=lambda: (b.locked("statistics").__enter__(), order.append("b")))
        t.start()
        t.join(0.3)
        assert order == []  # b waits while a holds the lock
        order.append("a")
    t.join(5)
    assert order == ["a", "b"]


def test_a_save_that_replaces_another_running_games_save_says_so_once(tmp_path):
    first, second = Store(tmp_path), Store(tmp_path)
    assert first.save("savegame", {"game": "freecell", "deal": 1}) and first.take_warnings() == []
    assert second.save("savegame", {"game": "freecell", "deal": 2})  # last to save owns the file
    assert second.take_warnings() == [store_mod.REPLACED_NOTICE]
    assert second.save("savegame", {"game": "freecell", "deal": 2})
    assert second.take_warnings() == []  # its own save: nothing to say
    assert first.save("savegame", {"game": "freecell", "deal": 1})
    assert first.take_warnings() == [store_mod.REPLACED_NOTICE]
    assert second.save("savegame", {"game": "freecell", "deal": 2})
    assert second.take_warnings() == []  # said once per other game, not at every save
    assert Store(tmp_path).load("savegame")["deal"] == 2


def test_a_save_left_by_an_earlier_run_is_replaced_silently(tmp_path):
    earlier = Store(tmp_path)
    earlier.save("savegame", {"game": "freecell", "deal": 1})
    later = Store(tmp_path)
    later.started_at += 1  # it started after that save (the clock's resolution aside)
    assert later.save("savegame", {"game": "freecell", "deal": 5})
    assert later.take_warnings() == []
    # ...and so is one it restored and goes on with.
    again = Store(tmp_path)
    again.load("savegame")
    assert again.save("savegame", {"game": "freecell", "deal": 5}) and again.take_warnings() == []
