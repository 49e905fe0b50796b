"""End to end: the game window goes the moment the player closes it (issue 61).

The game runs its real loop (``App.run``) in a real X11 window (Xvfb and
openbox, the fixture of tests/test_window_xvfb.py) and is closed as a player
closes it: the title bar's close button (``wmctrl -c``, the window manager's
request), Ctrl+Q, or the menu's Quit, each confirmed on the question.

Machines are noisy, so no wall-clock bound is asserted. The driver makes the
workers' end deliberately slow (each ``Worker.stop`` sleeps first) and notes,
at the save and at each worker's stop, whether the X server still has the
window mapped: the window must be off the screen by then, and gone from the screen
while the game is still stopping its workers. Afterwards the save loads, the
window's place is remembered, and no process the game started is left.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_window_xvfb import ROOT, WAIT, _stop, _wait_for, x_display  # noqa: F401 - x_display: the fixture

#: Seconds each worker's stop sleeps before it stops the worker (the slow shutdown).
SLOW = 2.0

DRIVER = r'''
import json, os, subprocess, sys, time
from pathlib import Path

control = Path(sys.argv[1])
slow = float(sys.argv[2])
deal = json.loads(sys.argv[3])


def window_state(window):
    """What the X server says of the game's window: viewable, unmapped or destroyed."""
    got = subprocess.run(["xwininfo", "-id", str(window)], capture_output=True, text=True)
    if got.returncode != 0:
        return "destroyed"
    return "viewable" if "IsViewable" in got.stdout else "unmapped"


# The solver processes are spawned: they import this file again as
# __mp_main__, and must not start a second game.
if __name__ == "__main__":
    import pygame

    from game.app import App
    from game.play.round import Round
    from game.solver import procs

    app = App(deal["game"], deal["number"], deal.get("suits", 1), size=(1280, 720))
    window = pygame.display.get_wm_info()["window"]

    def note(what):
        with open(control / "order.log", "a") as log:
            log.write(json.dumps([what, window_state(window)]) + "\n")

    real_save, real_stop = Round.save_game, procs.Worker.stop

    def save_game(self, *args, **kwargs):
        if not app.running:
            note("save")
        return real_save(self, *args, **kwargs)

    def stop(self, *args, **kwargs):
        note("stop")
        time.sleep(slow)  # a worker slow to end: the window must not wait for it
        return real_stop(self, *args, **kwargs)

    Round.save_game, procs.Worker.stop = save_game, stop
    (control / "ready.json").write_text(json.dumps({"window": window}))
    sys.exit(app.run())
'''


def _children(pid: int) -> list[int]:
    out = subprocess.run(["ps", "--ppid", str(pid), "-o", "pid="], capture_output=True, text=True, check=False)
    return [int(p) for p in out.stdout.split()]


def _alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie waiting to be reaped has ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, IndexError):
        return False
    return state not in ("Z", "X")


def _mapped(window: str, env: dict[str, str]) -> bool:
    got = subprocess.run(["xwininfo", "-id", window], env=env, capture_output=True, text=True, check=False)
    return got.returncode == 0 and "IsViewable" in got.stdout


#: How the player closes the window: in which game, the keys of the one move played
#: first, and the solver workers that game runs (Spider: D deals a row, and par's worker
#: and the hint's, which thinks ahead on each new table; FreeCell deal 1: its 10♣ to a
#: free cell, and par's worker beside the live check's, still searching when the window
#: closes).
CLOSES = {
    "title bar": ({"game": "spider", "number": 3, "suits": 2}, ["d"], 2),
    "ctrl+q": ({"game": "freecell", "number": 1}, ["Left", "Return", "Right", "Return"], 2),
    "menu": ({"game": "spider", "number": 3, "suits": 2}, ["d"], 2),
}


#: The usual way, the title bar's close, on every run; the keyboard's and the menu's, which
#: reach the same shutdown by other input, in CI (a real window each: some 7 s apiece).
WAYS = [how if how == "title bar" else pytest.param(how, marks=pytest.mark.slow) for how in CLOSES]


@pytest.mark.parametrize("how", WAYS)
def test_the_window_goes_before_the_save_and_the_workers_end(x_display, tmp_path, how):
    if shutil.which("wmctrl") is None or shutil.which("xwininfo") is None:
        message = "needs wmctrl and xwininfo (x11-utils): .ci/run installs them"
        pytest.fail(message) if os.environ.get("CI") else pytest.skip(message)
    (tmp_path / "driver.py").write_text(DRIVER)
    data = tmp_path / "data"
    env = dict(os.environ, DISPLAY=x_display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
               SOLITAIRE_DATA_DIR=str(data),
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    env.pop("WAYLAND_DISPLAY", None)
    log = open(tmp_path / "driver.log", "wb")  # noqa: SIM115  # the game writes to it until it exits
    deal, move, solvers = CLOSES[how]
    game = subprocess.Popen([sys.executable, str(tmp_path / "driver.py"), str(tmp_path), str(SLOW), json.dumps(deal)],
                            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        ready = _wait_for("the game window", lambda: (tmp_path / "ready.json").exists() or game.poll() is not None)
        assert game.poll() is None, (tmp_path / "driver.log").read_text(errors="replace")[-3000:]
        window = str(json.loads((tmp_path / "ready.json").read_text())["window"])
        assert ready and _wait_for("the window on screen", lambda: _mapped(window, env))
        # The cards rest with the live check's worker started (and the resource tracker beside it;
        # FreeCell's par worker too).
        workers = _wait_for("the solver workers", lambda: len(_children(game.pid)) > solvers and _children(game.pid))

        def xdotool(*args: str) -> None:
            subprocess.run(["xdotool", *args], env=env, check=True, timeout=10, stdout=subprocess.DEVNULL)

        # One move to keep, then the cards come to rest.
        xdotool("windowactivate", "--sync", window, "key", "--delay", "100", *move)
        time.sleep(2.5)
        if how == "title bar":
            subprocess.run(["wmctrl", "-i", "-c", window], env=env, check=True, timeout=10)
        else:
            # Ctrl+Q, or the menu (M) walked back to its last button, Quit; then the
            # question's Quit (Right from "Keep playing") and Enter.
            keys = ["ctrl+q"] if how == "ctrl+q" else ["m", "shift+Tab", "Return"]
            xdotool("key", "--delay", "150", *keys, "Right", "Return")

        # Gone from the screen while the game still ends its workers (each stop sleeps SLOW).
        _wait_for("the window to go", lambda: not _mapped(window, env) or game.poll() is not None, every=0.01)
        assert game.poll() is None, "the window stayed until the game had ended"
        assert game.wait(WAIT + 4 * SLOW) == 0, (tmp_path / "driver.log").read_text(errors="replace")[-3000:]
        order = [tuple(json.loads(line)) for line in (tmp_path / "order.log").read_text().splitlines()]
        # The save first, then each worker's stop; the window off the screen at each.
        assert [what for what, _ in order] == ["save"] + ["stop"] * solvers
        assert [state for _, state in order if state not in ("unmapped", "destroyed")] == []

        # The game and the window's place are saved, and a new start resumes the same game.
        from game.play.menu import Settings
        from game.store import Store

        store = Store(str(data))
        saved = store.load("savegame")
        assert saved is not None
        assert saved["game"] == deal["game"] and saved.get("number", saved.get("deal")) == deal["number"]
        assert len(saved["steps"]) == 1, saved["steps"]
        assert Settings.load(store).window is not None
        time.sleep(0.3)  # a reparented child's last moment
        assert [p for p in workers if _alive(p)] == []
    finally:
        _stop(game)
        log.close()
