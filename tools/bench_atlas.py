#!/usr/bin/env python3
"""Time to build the card atlas (52 faces, the back, the ghost suits) for a window size.

    python tools/bench_atlas.py                          # 1280x720, 800x600, 1920x1080, 3840x2160
    python tools/bench_atlas.py --sizes 1280x720 --runs 9

For each size it takes the atlas pixel size the renderer picks for FreeCell's
cards there (the atlas is built once per card size: at start-up whole, after a
large resize or a change of the table's scale a few cells a frame) and prints
the median and the slowest of ``--runs`` whole builds, two-colour and
four-colour. Each run starts cold for the art: the SVG files are read and
every face rasterised again. This is a benchmark, not a test: numbers depend
on the machine and its load.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.freecell.deals import deal
from game.render import atlas, atlas_texture, theme
from game.render.camera import Camera
from game.render.layout import layout


def atlas_px(size: tuple[int, int]) -> int:
    """The atlas pixel size CardAtlas.ensure picks for FreeCell at ``size`` (game/render/atlas_texture.py)."""
    lay = layout(deal(1), *size)
    return atlas_texture.atlas_px(Camera.frame(lay.rect, *size).pixels_per_unit(0.0, lay.rect[2]) * theme.CARD_W)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1280x720,800x600,1920x1080,3840x2160")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args(argv)
    pygame.init()
    for text in args.sizes.split(","):
        w, h = (int(v) for v in text.split("x"))
        px = atlas_px((w, h))
        for four in (False, True):
            times = []
            for _ in range(max(1, args.runs)):
                atlas._art_files.cache_clear()
                atlas._draw_art.cache_clear()
                atlas._glyph.cache_clear()
                t0 = time.perf_counter()
                atlas.draw_atlas(px, four_colour=four)
                times.append(time.perf_counter() - t0)
            print(f"{w}x{h}: atlas {px} px, {'four' if four else 'two'}-colour: "
                  f"median {statistics.median(times) * 1000:.0f} ms, slowest {max(times) * 1000:.0f} ms "
                  f"({len(times)} runs)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
