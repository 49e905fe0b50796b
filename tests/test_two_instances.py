"""Two games on one data folder (issue 18, item 7): statistics are merged
under a file lock, so no game is lost; the saved game belongs to the last
to save, and the game whose save it replaced is told."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from game.freecell import Move
from game.session import FreeCellSession, restore_saved
from game.stats import RECENT_LIMIT, Statistics
from game.store import REPLACED_NOTICE, Store


def test_two_games_in_turn_lose_nothing(tmp_path):
    # Each game read the statistics at its start, as the app does.
    a_store, b_store = Store(tmp_path), Store(tmp_path)
    a, b = Statistics.load(a_store), Statistics.load(b_store)
    a.record_loss("freecell", moves=11, seconds=5.0, store=a_store)
    assert Statistics.load(Store(tmp_path))["freecell"].played == 1
    b.record_win("freecell", 100.0, 22, store=b_store)
    assert Statistics.load(Store(tmp_path))["freecell"].played == 2
    a.record_loss("freecell", moves=33, give_up=True, store=a_store)
    on_disk = Statistics.load(Store(tmp_path))["freecell"]
    assert (on_disk.played, on_disk.won, on_disk.given_up) == (3, 1, 1)
    assert [r.moves for r in on_disk.recent] == [11, 22, 33]  # recent keeps both games'
    # Each game now shows what is on disk, its own games and the other's.
    assert a["freecell"] == on_disk and a_store.warnings == [] and b_store.warnings == []
    b.clear_all(store=b_store)
    assert Statistics.load(Store(tmp_path)) == Statistics()


def test_a_damaged_file_between_updates_keeps_what_this_game_knows(tmp_path):
    store = Store(tmp_path)
    stats = Statistics.load(store)
    stats.record_win("spider-1", 300.0, 120, store=store)
    (tmp_path / "statistics.json").write_text("{damaged")
    stats.record_loss("spider-1", store=store)
    assert Statistics.load(Store(tmp_path))["spider-1"].played == 2
    assert any("set aside" in w for w in store.warnings)


def test_an_unwritable_folder_keeps_statistics_in_memory(tmp_path):
    blocker = tmp_path / "data"
    blocker.write_text("not a folder")
    store = Store(blocker)
    stats = Statistics.load(store)
    stats.record_loss("freecell", store=store)
    stats.record_win("freecell", 50.0, 80, store=store)
    assert stats["freecell"].played == 2 and len(store.take_warnings()) == 1


WORKER = textwrap.dedent("""
    import sys, time
    from game.stats import Statistics
    from game.store import Store

    folder, tag, go = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    store = Store(folder)
    stats = Statistics.load(store)  # read once at start, like a game
    while time.time() < go:
        time.sleep(0.001)
    for i in range({n}):
        stats.record_loss("freecell", moves=tag + i, store=store)
    print(stats["freecell"].played)
""")


def test_two_processes_recording_at_once_lose_no_game(tmp_path):
    n = RECENT_LIMIT // 2  # every game of both fits in "recent"
    script = tmp_path / "worker.py"
    script.write_text(WORKER.format(n=n))
    import time

    go = time.time() + 1.0  # both start recording at the same moment
    root = Path(__file__).resolve().parent.parent
    procs = [subprocess.Popen([sys.executable, str(script), str(tmp_path / "data"), str(tag), str(go)],
                              cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env={**__import__("os").environ, "PYTHONPATH": str(root)})
             for tag in (1000, 2000)]
    outs = [p.communicate(timeout=120) for p in procs]
    assert all(p.returncode == 0 for p in procs), outs
    fc = Statistics.load(Store(tmp_path / "data"))["freecell"]
    assert fc.played == 2 * n
    assert sorted(r.moves for r in fc.recent) == list(range(1000, 1000 + n)) + list(range(2000, 2000 + n))
    # The last game to finish saw every game of both.
    assert max(int(out.strip()) for out, _ in outs) == 2 * n


def test_the_last_game_to_save_owns_the_saved_game_and_the_other_is_told(tmp_path):
    first, second = FreeCellSession(1), FreeCellSession(2)
    first.play(Move.parse("6a"))
    second.play(Move.parse("1a"))
    a, b = Store(tmp_path), Store(tmp_path)
    assert restore_saved(a) is None and restore_saved(b) is None
    assert a.save("savegame", first.to_dict())
    assert b.save("savegame", second.to_dict())
    assert b.take_warnings() == [REPLACED_NOTICE]
    assert a.save("savegame", first.to_dict())  # a quits last
    assert a.take_warnings() == [REPLACED_NOTICE]
    back = restore_saved(Store(tmp_path))
    assert back is not None and back.number == 1 and back.moves == 1
    assert json.loads((tmp_path / "savegame.json").read_text())["writer"]["instance"] == a.instance


HOLDER = textwrap.dedent("""
    import sys, time
    from game.store import Store
    with Store().locked("statistics") as held:  # the folder: $SOLITAIRE_DATA_DIR
        print("held" if held else "not held", flush=True)
        time.sleep(600)
""")


def test_a_game_killed_while_holding_the_lock_does_not_block_the_next(tmp_path, monkeypatch):
    """kill -9 leaves no chance to clean up: the lock is the system's (filelock), so it goes with the process."""
    import os
    import signal
    import time

    import game.store

    folder = tmp_path / "data"
    root = Path(__file__).resolve().parent.parent
    holder = subprocess.Popen([sys.executable, "-c", HOLDER], cwd=root, stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": str(root), "SOLITAIRE_DATA_DIR": str(folder)})
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        assert (folder / ".statistics.lock").exists()  # SOLITAIRE_DATA_DIR named the folder
        monkeypatch.setattr(game.store, "LOCK_WAIT_SECONDS", 0.3)
        with Store(folder).locked("statistics") as held:
            assert not held  # another game holds it: this one waited, then went on without
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait(timeout=60)
    assert holder.returncode == -signal.SIGKILL
    monkeypatch.setattr(game.store, "LOCK_WAIT_SECONDS", 10.0)
    start = time.monotonic()
    with Store(folder).locked("statistics") as held:
        assert held
    assert time.monotonic() - start < 1.0  # at once, not after a wait for a stale lock
