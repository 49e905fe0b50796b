#!/usr/bin/env python3
"""Frame times of the renderer: a full Spider table with 20 cards in flight.

    python tools/bench_render.py                 # 300 frames at 1280x720 and 1920x1080
    python tools/bench_render.py --frames 100 --sizes 1280x720

Spider 4-suit game 1 with all five deals made (104 cards on the table);
twenty cards (the top two of every column) fly in arcs, so every frame
changes and is really drawn. For each size it prints the median and 95th
percentile of the whole frame (layout + instance data + GL, waited for with
``ctx.finish()``) and of the Python part alone, offscreen (EGL) and, where a
window can be opened (SDL's offscreen video driver with an OpenGL context),
in a window too. It also times an idle frame (nothing moved: no draw).
This is a benchmark, not a test: numbers depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import moderngl

from game.places import PileKind
from game.render.layout import CardTransform, layout
from game.render.scene import Mark, Renderer, View
from game.spider.deals import deal
from game.spider.moves import DEAL


def full_table():
    pos = deal(1, 4)
    while pos.deals_left and pos.can_deal():
        pos.push(DEAL)
    return pos


def flights(pos, w: int, h: int, t: float) -> dict:
    """Twenty overrides: the top two cards of each column on arcs across the table."""
    base = layout(pos, w, h)
    by_pile: dict[int, list] = {}
    for c in base.cards:
        if str(c.kind) == "column":
            by_pile.setdefault(c.pile, []).append(c)
    out = {}
    for i, col in by_pile.items():
        for k, c in enumerate(col[-2:]):
            phase = (t * 0.7 + i * 0.1 + k * 0.05) % 1.0
            dest = by_pile[(i + 3) % len(by_pile)][0]
            x = c.x + (dest.x - c.x) * phase
            y = c.y + (dest.y - c.y) * phase
            z = 0.05 + 0.6 * math.sin(math.pi * phase)
            out[c.key] = CardTransform(x, y, z, yaw=0.3 * math.sin(phase * 6.28), flip=0.0)
    return out


def run(ctx: moderngl.Context, size: tuple[int, int], frames: int, target=None, swap=None) -> dict:
    pos = full_table()
    r = Renderer(ctx, size, target=target)
    w, h = size
    totals, pys = [], []
    marks = [Mark(PileKind.COLUMN, 2, None, "selected"), Mark(PileKind.COLUMN, 5, None, "target")]
    for f in range(frames + 5):
        t0 = time.perf_counter()
        view = View(layout(pos, w, h, flights(pos, w, h, f / 60.0)), marks, Mark(PileKind.COLUMN, 7))
        r.frame_data(view)  # the Python part, timed on its own below
        t1 = time.perf_counter()
        r.render(view)
        if swap is not None:
            swap()
        ctx.finish()
        t2 = time.perf_counter()
        if f >= 5:  # warm-up: atlas, table texture, shader compiles
            totals.append(t2 - t0 - (t1 - t0) / 2)  # instance data is built twice: count once
            pys.append(t1 - t0)
    # idle: the same view again draws nothing
    view = View(layout(pos, w, h), marks)
    r.render(view)
    ctx.finish()
    idle = []
    for _ in range(50):
        t0 = time.perf_counter()
        drew = r.render(View(layout(pos, w, h), marks))
        idle.append(time.perf_counter() - t0)
        assert not drew
    r.release()
    return {"total": totals, "python": pys, "idle": idle}


def q(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(p * (len(s) - 1)))]


def report(label: str, res: dict) -> None:
    tot, py, idle = res["total"], res["python"], res["idle"]
    print(f"{label:34s} frame median {statistics.median(tot) * 1e3:6.1f} ms  p95 {q(tot, 0.95) * 1e3:6.1f} ms"
          f" | python median {statistics.median(py) * 1e3:5.2f} ms  p95 {q(py, 0.95) * 1e3:5.2f} ms"
          f" | idle frame {statistics.median(idle) * 1e3:5.2f} ms")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=300)
    ap.add_argument("--sizes", default="1280x720,1920x1080")
    ap.add_argument("--no-window", action="store_true", help="offscreen only")
    args = ap.parse_args(argv)
    sizes = [(int(s.split("x")[0]), int(s.split("x")[1])) for s in args.sizes.split(",")]

    ctx = moderngl.create_standalone_context(backend="egl")  # type: ignore[arg-type]  # the stub types each keyword as a dict
    print(f"renderer: {ctx.info['GL_RENDERER']}  ({os.cpu_count()} CPUs; medians, the machine may be busy)")
    for size in sizes:
        report(f"offscreen EGL {size[0]}x{size[1]}", run(ctx, size, args.frames))
    ctx.release()

    if args.no_window:
        return 0
    try:
        os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
        import pygame
        pygame.display.init()
    except Exception as exc:  # noqa: BLE001  # pragma: no cover - depends on the machine
        print(f"window: not measured ({exc})")
        return 0
    for size in sizes:
        try:
            pygame.display.gl_set_attribute(pygame.GL_CONTEXT_MAJOR_VERSION, 3)
            pygame.display.gl_set_attribute(pygame.GL_CONTEXT_MINOR_VERSION, 3)
            pygame.display.gl_set_attribute(pygame.GL_CONTEXT_PROFILE_MASK, pygame.GL_CONTEXT_PROFILE_CORE)
            pygame.display.set_mode(size, pygame.OPENGL | pygame.DOUBLEBUF)
            wctx = moderngl.create_context()
        except Exception as exc:  # noqa: BLE001  # pragma: no cover - depends on the machine
            print(f"window {size[0]}x{size[1]}: not measured ({exc})")
            continue
        driver = pygame.display.get_driver()
        report(f"window ({driver}) {size[0]}x{size[1]}", run(wctx, size, args.frames, swap=pygame.display.flip))
        wctx.release()
    pygame.display.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
