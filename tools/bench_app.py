"""Startup, input latency and frame times of the window (issues 7 and 40's speed figures).

    python tools/bench_app.py [--runs 3] [--size 1280x720] [--baseline CHECKOUT ...]
                              [--driver offscreen|x11] [--set NAME=VALUE ...]

Each run starts a fresh Python process that opens the game (SDL's offscreen
driver: a real OpenGL window through EGL, Mesa's software renderer here;
``--driver x11``: a window on ``$DISPLAY``, as on a desktop, e.g. under Xvfb) on
FreeCell deal 617 with the default settings (the live check and par's
search on, as a player has them) and reports, medians over the runs:

- startup: from the process starting to the first frame drawn (with the
  game's modules compiled beforehand, as an installed game has them, and
  each side started once, untimed, so that no side alone pays for reading
  the libraries from disk);
- input to frame: from a key press being posted to the frame that shows it;
- a drop: a card dragged from a column to a free cell by posted mouse events
  and let go; the time from the button's release to the first frame drawn
  after it (median and p95 over every drop), and how far that frame draws
  the card from where it was let go (0: it flies from the release point; a
  card drawn back in its column first jumps by about the drag's length);
- the frame time of an auto-complete cascade (cards flying home one by one):
  median, p95 and the slowest frame;
- idle CPU: the main process's CPU time over 10 s of the real loop with no
  input and nothing moving, as a share of one core (up to the loop's end:
  closing the game after it is not counted).

``--baseline CHECKOUT`` (repeatable; another checkout of this game, e.g. a
``git worktree`` of an older commit) runs that checkout's game the same
way, run by run between ours (fresh processes, alternating), so both sides
are measured on the same machine at the same time; the table prints them
side by side. The child checks that the game it imports is the checkout's
own (an installed copy must not stand in for it).

``--set NAME=VALUE`` (repeatable) starts our side with that setting in its
settings file (``--set high_contrast=true``; the value read as JSON, else as
text); a baseline keeps the defaults, so the table compares a look with the
usual one (a baseline without the setting would only set it aside).

``--profile FILE`` runs one more child of ours under cProfile during the
cascade and the drops and writes the statistics to FILE (``python -m pstats``).
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
import json, math, os, pathlib, statistics, sys
sys.path.insert(0, sys.argv[1])
import game
where = pathlib.Path(game.__file__).resolve().parents[1]
assert where == pathlib.Path(sys.argv[1]).resolve(), f"the game comes from {where}"
W, H = (int(v) for v in sys.argv[2].split("x"))
PROFILE = sys.argv[3] if len(sys.argv) > 3 else ""
import pygame
from game.app import App
from game.freecell import deal
from game.freecell.solver import solve
from game.render import theme
from game.render.layout import PileKind
app = App("freecell", 617, restore=False, size=(W, H))
app.step()
startup = time.perf_counter() - t0
if PROFILE == "--warm-only":
    raise SystemExit(0)
prof = None
if PROFILE:
    import cProfile
    prof = cProfile.Profile()
table = lambda: app.play.table
table().flights.land()  # the deal's flight
def run_for(seconds):
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        if not app.step():
            time.sleep(0.004)
# Input to frame: a key that changes the picture (focus ring moves).
lat = []
for _ in range(10):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
    t = time.perf_counter()
    while not app.step():
        pass
    app.ctx.finish()
    lat.append(time.perf_counter() - t)
# Drops: the last card of columns 1..4 dragged to free cells 1..4 (always legal), at a
# pointer's pace, through the real loop; timed from the release to the next frame drawn.
def on_screen(kind, pile, index):
    lay = table().layout_now()
    cam = app.renderer.camera_for(lay)
    if index is None:
        s = lay.slot(kind, pile)
        return cam.project(s.x, s.y, 0.0)
    c = next(p for p in lay.pile(kind, pile) if p.index == index)
    return cam.project(c.x, c.y + theme.CARD_H / 2 - 0.08, c.z)
def drawn(card):
    for p in getattr(app.renderer, "drawn", ()):
        if getattr(p, "card", None) is not None and int(p.card) == int(card):
            return p
    return None
drops, jumps = [], []
run_for(0.3)
for col in range(4):
    pile = table().position.columns[col]
    card = pile[-1]
    start = tuple(int(round(v)) for v in on_screen(PileKind.COLUMN, col, len(pile) - 1))
    end = tuple(int(round(v)) for v in on_screen(PileKind.CELL, col, None))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.step()
    for i in range(1, 11):
        p = (start[0] + (end[0] - start[0]) * i // 10, start[1] + (end[1] - start[1]) * i // 10)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
        app.step()
        app.ctx.finish()
        time.sleep(0.012)
    held = drawn(card)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    if prof: prof.enable()
    t = time.perf_counter()
    while not app.step():
        pass
    app.ctx.finish()
    drops.append(time.perf_counter() - t)
    if prof: prof.disable()
    first = drawn(card)
    if held is not None and first is not None:
        jumps.append(math.hypot(first.x - held.x, first.y - held.y) / theme.CARD_H)
    run_for(0.6)
# Undo the drops (the cascade's line starts from the deal).
for _ in range(4):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u", scancode=0))
    app.step()
    table().flights.land()
run_for(0.2)
# An auto-complete cascade: play the solver's line until auto-complete can run.
# With automatic moves off, many cards are left for the cascade to send home.
from game.input import Act, Action
table().position.auto_foundation = False
for m in solve(deal(617)).moves:
    if table().position.can_autocomplete():
        break
    table().session.push_plain(m)
table().flights.land()
app.step()
# Reached in one jump, the table has not been drawn at this size yet: a second of frames
# lets it settle (its card atlas, its resting layer) as it would have over a game's moves,
# so the cascade's frames time the cascade, not the jump.
run_for(1.0)
app.play.act(Action(Act.AUTOCOMPLETE))
frames = []
if prof: prof.enable()
while (table().cascade or table().flights.busy()) and len(frames) < 4000:
    t = time.perf_counter()
    if app.step():
        # Offscreen, nothing waits for a frame to be finished: the driver queues
        # the work and a later call pays for all of it at once. Finishing each
        # frame makes its time its own (a window's buffer swap throttles the same way).
        app.ctx.finish()
        frames.append(time.perf_counter() - t)
    else:
        time.sleep(0.002)
if prof:
    prof.disable()
    prof.dump_stats(PROFILE)
# Idle: the real loop's body (draw only when something changed, else sleep)
# for 10 s with nothing moving; the live check has settled by then.
table().panel = None
while app.play.busy:
    app.step()
# Let the live check of the new position answer first: its answer redraws the status line.
from game.freecell.winnability import WinState
owner = getattr(app.play, "round", app.play)
settle = time.perf_counter() + 60
while (owner.winnability is not None and owner.winnability.state is WinState.CHECKING
       and time.perf_counter() < settle):
    app.step()
    pygame.time.wait(30)
for _ in range(30):
    app.step()
    pygame.time.wait(30)
import threading
threading.Timer(10.0, lambda: setattr(app.play, "running", False)).start()
# The loop's CPU up to the moment the timer stops it: closing the game after it
# (saving, stopping the solver processes, freeing the window: tens of ms) is not idling.
closing = app.close
stopped = []
def close():
    stopped.append((time.process_time(), time.perf_counter()))
    closing()
app.close = close
c0, w0 = time.process_time(), time.perf_counter()
app.run()  # the real loop; it closes the app when the timer stops it
c1, w1 = stopped[0] if stopped else (time.process_time(), time.perf_counter())
idle = (c1 - c0) / (w1 - w0)
print(json.dumps({"startup": startup, "latency": statistics.median(lat), "drops": drops, "jumps": jumps,
                  "cascade_frames": frames, "idle": idle}))
"""


def _size(text: str) -> str:
    w, _, h = text.partition("x")
    if not (w.isdigit() and h.isdigit() and 320 <= int(w) <= 7680 and 240 <= int(h) <= 4320):
        raise argparse.ArgumentTypeError(f"{text!r} is not a window size like 1280x720")
    return f"{int(w)}x{int(h)}"


def _pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[int(q * (len(s) - 1))]


def child(checkout: Path, size: str, env: dict[str, str], profile: str = "") -> dict | str:
    """One run of ``checkout``'s game: its figures, or the line that says why it failed."""
    args = [sys.executable, "-c", CHILD, str(checkout), size] + ([profile] if profile else [])
    try:
        out = subprocess.run(args, capture_output=True, text=True, env=env, timeout=300, cwd=checkout, check=False)
    except subprocess.TimeoutExpired:
        return "the run took over 300 s"
    if out.returncode != 0 or not out.stdout.strip():
        lines = out.stderr.strip().splitlines()
        return lines[-1] if lines else f"the child ended with {out.returncode}"
    return json.loads(out.stdout.strip().splitlines()[-1])


def summary(results: list[dict]) -> dict[str, str]:
    """One side's figures, as the table prints them (medians over the runs)."""
    def ms(v: float) -> str:
        return f"{v * 1000:.1f}"

    frames = [f for r in results for f in r["cascade_frames"]]
    drops = [d for r in results for d in r.get("drops", [])]
    jumps = [j for r in results for j in r.get("jumps", [])]
    out = {
        "startup to first frame (ms)": f"{statistics.median(r['startup'] for r in results) * 1000:.0f}",
        "key press to frame, median (ms)": ms(statistics.median(r["latency"] for r in results)),
        "drop: release to first flight frame, median (ms)": ms(statistics.median(drops)) if drops else "-",
        "drop: release to first flight frame, p95 (ms)": ms(_pct(drops, 0.95)) if drops else "-",
        "drop: jump in that frame, max (card heights)": f"{max(jumps):.2f}" if jumps else "-",
        "cascade frame, median (ms)": ms(statistics.median(frames)) if frames else "-",
        "cascade frame, p95 (ms)": ms(_pct(frames, 0.95)) if frames else "-",
        "cascade frame, max (ms)": ms(max(frames)) if frames else "-",
        "cascade frames counted": str(len(frames)),
        "idle CPU (% of a core)": f"{statistics.median(r['idle'] for r in results) * 100:.1f}",
    }
    return out


def data_folder(settings: dict[str, object]) -> str:
    """A fresh data folder for one child: empty, or holding a settings file of ``settings``."""
    folder = tempfile.mkdtemp(prefix="bench_app_")
    if settings:
        (Path(folder) / "settings.json").write_text(json.dumps(settings))
    return folder


def parse_sets(pairs: list[str]) -> dict[str, object]:
    """``--set`` pairs as a settings document.

    >>> parse_sets(["high_contrast=true", "table_colour=blue"])
    {'high_contrast': True, 'table_colour': 'blue'}
    """
    out: dict[str, object] = {}
    for pair in pairs:
        name, _, text = pair.partition("=")
        try:
            out[name] = json.loads(text)
        except ValueError:
            out[name] = text
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--size", type=_size, default="1280x720", help="the window's size, WxH")
    ap.add_argument("--baseline", type=Path, action="append", default=[],
                    help="another checkout of the game, run beside ours (repeatable)")
    ap.add_argument("--driver", choices=("offscreen", "x11"), default="offscreen",
                    help="SDL's video driver: offscreen (no X needed) or x11 (a window on $DISPLAY, "
                         "e.g. Xvfb: where a desktop's idle loop sleeps in SDL's own wait)")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="start our side with this setting (repeatable): --set high_contrast=true")
    ap.add_argument("--profile", type=Path, default=None,
                    help="also profile our cascade and drops (cProfile) into this file")
    args = ap.parse_args()
    our_settings = parse_sets(args.set)
    if args.driver == "x11" and not os.environ.get("DISPLAY"):
        print("bench_app: --driver x11 needs DISPLAY (an X server, e.g. Xvfb :99 &)", file=sys.stderr)
        return 2
    for b in args.baseline:
        if not (b / "game" / "app").is_dir():
            print(f"bench_app: {b}: not a checkout of this game", file=sys.stderr)
            return 2
    sides = [("ours", ROOT)] + [(b.name or str(b), b.resolve()) for b in args.baseline]
    found: dict[str, list[dict]] = {name: [] for name, _ in sides}
    # A player's game starts from compiled modules (an install compiles them): each
    # side's are compiled once, untimed, into a cache of this run's own, even where
    # PYTHONDONTWRITEBYTECODE is set (compiling the game costs about a second).
    cache = tempfile.mkdtemp(prefix="bench_app_pyc_")
    base_env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    base_env.update(SDL_VIDEODRIVER=args.driver, SDL_AUDIODRIVER="dummy", PYTHONPYCACHEPREFIX=cache)
    for _, where in sides:
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(where / "game")], env=base_env,
                       capture_output=True, check=False)
    # Each side starts once, untimed: the first process after a quiet spell reads Python,
    # SDL and Mesa's libraries from disk (200-400 ms more to the first frame here), and
    # whichever side ran first paid it alone.
    for _, where in sides:
        child(where, args.size, {**base_env, "SOLITAIRE_DATA_DIR": tempfile.mkdtemp(prefix="bench_app_")},
              "--warm-only")
    for run in range(args.runs):
        for name, where in sides:
            env = {**base_env, "SOLITAIRE_DATA_DIR": data_folder(our_settings if where == ROOT else {})}
            got = child(where, args.size, env)
            if isinstance(got, str):
                print(f"bench_app: {name} ({where}): {got}", file=sys.stderr)
                return 1
            found[name].append(got)
            print(f"run {run + 1}/{args.runs} {name}: done", file=sys.stderr, flush=True)
    if args.profile is not None:
        env = {**base_env, "SOLITAIRE_DATA_DIR": data_folder(our_settings)}
        got = child(ROOT, args.size, env, str(args.profile.resolve()))
        if isinstance(got, str):
            print(f"bench_app: profile: {got}", file=sys.stderr)
    print(f"runs: {args.runs} per side, alternating (SDL {args.driver} window, Mesa llvmpipe, {args.size})"
          + (f"; ours with {', '.join(args.set)}" if args.set else ""))
    table = {name: summary(rs) for name, rs in found.items()}
    names = [name for name, _ in sides]
    rows = list(table["ours"])
    width = max(len(r) for r in rows)
    print(f"{'':{width}}  " + "  ".join(f"{n:>10}" for n in names))
    for row in rows:
        print(f"{row:{width}}  " + "  ".join(f"{table[n][row]:>10}" for n in names))
    ours = [f for r in found["ours"] for f in r["cascade_frames"]]
    for name in names[1:]:
        theirs = [f for r in found[name] for f in r["cascade_frames"]]
        if ours and theirs:
            print(f"cascade p95, ours / {name}: {_pct(ours, 0.95) / _pct(theirs, 0.95):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
