"""How long the game window stays on screen after the player closes it (issue 61).

    python tools/bench_close.py [--runs 5] [--load 0 2] [--how wm keys] [--game spider freecell]
                                [--baseline CHECKOUT] [--display :N]

Each run starts the game (``python -m game play spider 3 --suits 2``, or
``play freecell 617``; a fresh data folder) in a real X11 window, lets the cards
rest for a few seconds (the solver workers have started by then: the live
check's; FreeCell's par search too, still running), and closes it the way a
player does:

- ``wm``: the title bar's close button (``wmctrl -i -c``, the window manager's
  close request);
- ``keys``: Ctrl+Q, then Right and Enter on the question (the menu's Quit asks
  the same question).

It reports, medians (and the slowest) over the runs, from the close request
(for ``keys``: from the Enter that confirms) to

- gone: the window unmapped or destroyed on the X server (an ``xev`` watching
  the window sees it), which is when the player sees it go;
- exit: the game's process exited;

and checks each time that the save file was written and reads as JSON, and that
no process the game started (solver workers, multiprocessing's resource
tracker) outlives it.

``--load N`` runs N busy loops (one per core: ``--load 2`` on a two-core
machine) beside the game, as a benchmark or a build would; several values run
one after another. ``--baseline CHECKOUT`` (another checkout of the game, e.g.
a ``git worktree`` of an older commit) runs that checkout's game the same way,
run by run alternating with ours, so both sides meet the same load.

Without ``--display`` it starts its own Xvfb (the server picks a free display)
with openbox on it; needs ``Xvfb``, ``openbox``, ``xdotool``, ``wmctrl`` and ``xev``.
"""

from __future__ import annotations

import argparse
import json
import os
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Seconds the cards rest before the close (the workers start and settle meanwhile).
REST = 4.0
#: Seconds any one wait may last before the run counts as failed.
WAIT = 60.0

BUSY = "while True:\n    pass\n"


def start_display() -> tuple[str, list[subprocess.Popen]]:
    """A fresh Xvfb with openbox on it: (display, processes to stop)."""
    read_fd, write_fd = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1600x1000x24",
                             "-nolisten", "tcp", "-noreset"], pass_fds=(write_fd,),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    number = b""
    while not number.endswith(b"\n"):
        ready, _, _ = select.select([read_fd], [], [], WAIT)
        chunk = os.read(read_fd, 16) if ready else b""
        if not chunk:
            xvfb.kill()
            raise SystemExit("Xvfb did not start")
        number += chunk
    os.close(read_fd)
    display = ":" + number.decode().strip()
    wm = subprocess.Popen(["openbox", "--sm-disable"], env=dict(os.environ, DISPLAY=display),
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    end = time.monotonic() + WAIT
    while subprocess.run(["xdotool", "get_num_desktops"], env=dict(os.environ, DISPLAY=display),
                         capture_output=True, check=False).returncode != 0:
        if time.monotonic() > end:
            raise SystemExit("openbox did not start")
        time.sleep(0.1)
    return display, [wm, xvfb]


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (direct children)."""
    out = subprocess.run(["ps", "--ppid", str(pid), "-o", "pid="], capture_output=True, text=True, check=False)
    return [int(p) for p in out.stdout.split()]


def alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie waiting for its reaper counts as gone)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, IndexError):
        return False
    return state not in ("Z", "X")


@dataclass(frozen=True)
class Close:
    """One close: seconds from the request until the window went and the process
    exited, whether the save reads back, the game's children still alive after it."""

    gone: float
    exit: float
    saved: bool
    left: list[int]
    children: int


#: The command line of each game the bench opens.
GAMES = {"spider": ["spider", "3", "--suits", "2"], "freecell": ["freecell", "617"]}


def one_run(checkout: Path, display: str, how: str, which: str) -> Close:
    """Start the game, let it rest, close it; the figures of this close."""
    data = Path(tempfile.mkdtemp(prefix="bench-close-"))
    env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
               SOLITAIRE_DATA_DIR=str(data), PYTHONPATH=str(checkout))
    env.pop("WAYLAND_DISPLAY", None)
    watch: subprocess.Popen | None = None
    game = subprocess.Popen([sys.executable, "-m", "game", "play", *GAMES[which]],
                            cwd=checkout, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        end = time.monotonic() + WAIT
        window = ""
        while not window:
            if time.monotonic() > end or game.poll() is not None:
                raise RuntimeError("the game window did not open")
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(game.pid)], env=env,
                                   capture_output=True, text=True, check=False)
            window = found.stdout.split()[0] if found.stdout.split() else ""
            time.sleep(0.1)
        time.sleep(REST)
        started = children(game.pid)
        watch = subprocess.Popen(["xev", "-id", window, "-event", "structure"], env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=0)
        time.sleep(0.5)  # xev has asked for the window's structure events
        if how == "keys":
            subprocess.run(["xdotool", "windowactivate", "--sync", window, "key", "--delay", "80",
                            "ctrl+q", "Right"], env=env, check=True)
            time.sleep(0.5)  # the question is up, its Quit button focused
            asked = time.monotonic()
            subprocess.run(["xdotool", "key", "Return"], env=env, check=True)
        else:
            asked = time.monotonic()
            subprocess.run(["wmctrl", "-i", "-c", window], env=env, check=True)
        gone = None
        buffer = b""
        assert watch.stdout is not None
        while gone is None and time.monotonic() < asked + WAIT:
            ready, _, _ = select.select([watch.stdout], [], [], 0.5)
            if not ready:
                continue
            chunk = os.read(watch.stdout.fileno(), 4096)
            if not chunk:
                break  # xev ended: the window is gone (xev exits on the X error)
            buffer += chunk
            if b"UnmapNotify" in buffer or b"DestroyNotify" in buffer:
                gone = time.monotonic() - asked
        if gone is None:
            gone = time.monotonic() - asked
        game.wait(WAIT)
        exited = time.monotonic() - asked
        time.sleep(0.2)  # a reparented child's last moment
        left = [p for p in started if alive(p)]
        try:
            saved = isinstance(json.loads((data / "savegame.json").read_text()), dict)
        except (FileNotFoundError, ValueError):
            saved = False
        return Close(gone, exited, saved, left, len(started))
    finally:
        for process in (game, watch):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait()
        shutil.rmtree(data, ignore_errors=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--load", type=int, nargs="+", default=[0, 2], help="busy loops beside the game")
    ap.add_argument("--how", nargs="+", choices=("wm", "keys"), default=["wm"])
    ap.add_argument("--game", nargs="+", choices=tuple(GAMES), default=["spider"])
    ap.add_argument("--baseline", type=Path, help="another checkout of the game, run alternating with ours")
    ap.add_argument("--display", help="an X display with a window manager (default: start Xvfb + openbox)")
    args = ap.parse_args()
    stop: list[subprocess.Popen] = []
    display = args.display
    if display is None:
        display, stop = start_display()
    sides = {"this": ROOT} | ({"baseline": args.baseline.resolve()} if args.baseline else {})
    rows = []
    try:
        for load in args.load:
            busy = [subprocess.Popen([sys.executable, "-c", BUSY]) for _ in range(load)]
            try:
                for which in args.game:
                    for how in args.how:
                        runs: dict[str, list[Close]] = {side: [] for side in sides}
                        for _ in range(args.runs):
                            for side, checkout in sides.items():
                                runs[side].append(one_run(checkout, display, how, which))
                        for side, got in runs.items():
                            gone, exited = [r.gone for r in got], [r.exit for r in got]
                            rows.append((side, which, load, how, statistics.median(gone), max(gone),
                                         statistics.median(exited), max(exited), all(r.saved for r in got),
                                         sum(len(r.left) for r in got), statistics.median(r.children for r in got)))
            finally:
                for p in busy:
                    p.kill()
                    p.wait()
    finally:
        for p in stop:
            p.terminate()
            p.wait()
    print(f"{len(os.sched_getaffinity(0))} cores, {args.runs} runs a row; seconds from the close request")
    print(f"{'side':9} {'game':8} {'load':>4} {'how':4} {'gone med':>8} {'gone max':>8} {'exit med':>8} {'exit max':>8}"
          f" {'saved':>5} {'left':>4} {'children':>8}")
    for side, which, load, how, gm, gx, em, ex, saved, left, kids in rows:
        print(f"{side:9} {which:8} {load:4d} {how:4} {gm:8.3f} {gx:8.3f} {em:8.3f} {ex:8.3f}"
              f" {'yes' if saved else 'NO':>5} {left:4d} {kids:8.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
