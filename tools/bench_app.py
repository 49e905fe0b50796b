"""Startup and input latency of the window (issue 7's speed figures).

    python tools/bench_app.py [--runs 5]

Each run starts a fresh Python process that opens the game (SDL's offscreen
driver: a real OpenGL window through EGL, Mesa's software renderer here) and
reports, medians over the runs:

- startup: from the process starting to the first frame drawn;
- input to frame: from a key press being posted to the frame that shows it;
- the frame time of an auto-complete cascade (cards flying home one by one),
  at 1280x720: median, p95 and the slowest frame;
- idle CPU: the main process's CPU time over 10 s of the real loop with no
  input and nothing moving, as a share of one core.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import time
t0 = time.perf_counter()
import json, os, sys
sys.path.insert(0, sys.argv[1])
import pygame
from game.app import App
from game.freecell import deal
from game.freecell.solver import solve
app = App("freecell", 617, restore=False, size=(1280, 720))
app.step()
startup = time.perf_counter() - t0
app.play.table.flights.land()  # the deal's flight
# Input to frame: a key that changes the picture (focus ring moves).
lat = []
for _ in range(10):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
    t = time.perf_counter()
    while not app.step():
        pass
    app.ctx.finish()
    lat.append(time.perf_counter() - t)
# An auto-complete cascade: play the solver's line until auto-complete can run.
# With automatic moves off, many cards are left for the cascade to send home.
from game.input import Act, Action
app.play.table.position.auto_foundation = False
for m in solve(deal(617)).moves:
    if app.play.table.position.can_autocomplete():
        break
    app.play.table.session.push_plain(m)
app.play.table.flights.land()
app.play.act(Action(Act.AUTOCOMPLETE))
frames = []
while (app.play.table.cascade or app.play.table.flights.busy()) and len(frames) < 4000:
    t = time.perf_counter()
    if app.step():
        # Offscreen, nothing waits for a frame to be finished: the driver queues
        # the work and a later call pays for all of it at once. Finishing each
        # frame makes its time its own (a window's buffer swap throttles the same way).
        app.ctx.finish()
        frames.append(time.perf_counter() - t)
    else:
        time.sleep(0.002)
# Idle: the real loop's body (draw only when something changed, else sleep)
# for 10 s with nothing moving; the live check has settled by then.
app.play.table.panel = None
while app.play.busy:
    app.step()
# Let the live check of the new position answer first: its answer redraws the status line.
from game.freecell.winnability import WinState
settle = time.perf_counter() + 60
while (app.play.round.winnability is not None and app.play.round.winnability.state is WinState.CHECKING
       and time.perf_counter() < settle):
    app.step()
    pygame.time.wait(30)
for _ in range(30):
    app.step()
    pygame.time.wait(30)
import threading
threading.Timer(10.0, lambda: setattr(app.play, "running", False)).start()
c0, w0 = time.process_time(), time.perf_counter()
app.run()  # the real loop; it closes the app when the timer stops it
idle = (time.process_time() - c0) / (time.perf_counter() - w0)
print(json.dumps({"startup": startup, "latency": statistics.median(lat), "cascade_frames": frames, "idle": idle}))
""".replace("statistics.median", "__import__('statistics').median")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    env = {**os.environ, "SDL_VIDEODRIVER": "offscreen", "SDL_AUDIODRIVER": "dummy",
           "SOLITAIRE_DATA_DIR": tempfile.mkdtemp()}
    results = []
    for _ in range(args.runs):
        out = subprocess.run([sys.executable, "-c", CHILD, str(ROOT)], capture_output=True, text=True, env=env,
                             timeout=300)
        if out.returncode != 0:
            print(out.stderr.strip().splitlines()[-1] if out.stderr.strip() else "the child failed")
            return
        results.append(json.loads(out.stdout.strip().splitlines()[-1]))
    startup = statistics.median(r["startup"] for r in results)
    latency = statistics.median(r["latency"] for r in results)
    frames = sorted(f for r in results for f in r["cascade_frames"])
    print(f"runs: {args.runs} (SDL offscreen window, Mesa llvmpipe)")
    print(f"startup to first frame: median {startup * 1000:.0f} ms")
    print(f"key press to the frame that shows it: median {latency * 1000:.1f} ms")
    if frames:
        print(f"auto-complete cascade frames: median {statistics.median(frames) * 1000:.1f} ms, "
              f"p95 {frames[int(0.95 * (len(frames) - 1))] * 1000:.1f} ms, max {frames[-1] * 1000:.1f} ms "
              f"({len(frames)} frames, 1280x720)")
    idle = statistics.median(r["idle"] for r in results)
    print(f"idle CPU: {idle * 100:.1f}% of a core (10 s of the loop with nothing moving)")


if __name__ == "__main__":
    main()
