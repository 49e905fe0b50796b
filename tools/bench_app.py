"""Startup and input latency of the window (issue 7's speed figures).

    python tools/bench_app.py [--runs 5]

Each run starts a fresh Python process that opens the game (SDL's offscreen
driver: a real OpenGL window through EGL, Mesa's software renderer here) and
reports, medians over the runs:

- startup: from the process starting to the first frame drawn;
- input to frame: from a key press being posted to the frame that shows it;
- the frame time of an auto-complete cascade (cards flying home one by one).
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
app = App("freecell", 617, restore=False)
app.step()
startup = time.perf_counter() - t0
# Input to frame: a key that changes the picture (focus ring moves).
lat = []
for _ in range(10):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
    t = time.perf_counter()
    while not app.step():
        pass
    lat.append(time.perf_counter() - t)
# An auto-complete cascade: play the solver's line until auto-complete can run.
# With automatic moves off, many cards are left for the cascade to send home.
app.play.table.position.auto_foundation = False
line = solve(deal(617)).moves
for m in line:
    app.play.table.play(m)
    app.play.table.flights.land()
    if app.play.table.position.can_autocomplete():
        break
app.play.act(__import__("game.input", fromlist=["Action"]).Action(__import__("game.input", fromlist=["Act"]).Act.AUTOCOMPLETE))
frames = []
while (app.play.table.cascade or app.play.table.flights.busy()) and len(frames) < 2000:
    t = time.perf_counter()
    if app.step():
        frames.append(time.perf_counter() - t)
app.close()
print(json.dumps({"startup": startup, "latency": statistics.median(lat), "cascade_frames": frames}))
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
              f"p95 {frames[int(0.95 * (len(frames) - 1))] * 1000:.1f} ms ({len(frames)} frames)")


if __name__ == "__main__":
    main()
