#!/usr/bin/env python3
"""Render a deal offscreen (no window) and save it as a PNG.

    python tools/screenshot.py --game freecell --deal 1 --size 1280x720 --out shot.png
    python tools/screenshot.py --game spider --deal 1 --suits 4 --out spider.png
    python tools/screenshot.py --game freecell --deal 1 --portrait --out tall.png
    python tools/screenshot.py --game spider --suits 4 --deals 5 --portrait --out long.png

Uses moderngl's EGL backend, so it runs on a machine without a display
(Mesa's software renderer included). ``--portrait`` swaps width and height,
as a rotated screen does.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import moderngl  # noqa: E402
import pygame  # noqa: E402

from game.render.layout import layout  # noqa: E402
from game.render.scene import Mark, Renderer, View  # noqa: E402


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1280x720") from None
    if w < 16 or h < 16:
        raise argparse.ArgumentTypeError("a size needs at least 16x16 pixels")
    return w, h


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=("freecell", "spider"), default="freecell")
    ap.add_argument("--deal", type=int, default=1, help="deal / game number")
    ap.add_argument("--suits", type=int, choices=(1, 2, 4), default=1, help="Spider suits")
    ap.add_argument("--deals", type=int, default=0,
                    help="Spider: deal this many rows from the stock first (long columns)")
    ap.add_argument("--size", type=parse_size, default=(1280, 720), help="WIDTHxHEIGHT in pixels")
    ap.add_argument("--portrait", action="store_true", help="swap width and height (a rotated window)")
    ap.add_argument("--four-colour", action="store_true", help="the four-colour deck")
    ap.add_argument("--demo-highlights", action="store_true",
                    help="show a selection, a legal target, a hint and the focus ring")
    ap.add_argument("--out", type=Path, required=True, help="PNG file to write")
    args = ap.parse_args(argv)

    w, h = args.size
    if args.portrait and w > h:
        w, h = h, w
    if args.game == "freecell":
        from game.freecell.deals import deal as fc_deal
        position = fc_deal(args.deal)
    else:
        from game.spider.deals import deal as sp_deal
        position = sp_deal(args.deal, args.suits)
        if args.deals:
            from game.spider.moves import DEAL
            for _ in range(args.deals):
                if not (position.deals_left and position.can_deal()):
                    break
                position.push(DEAL)

    ctx = moderngl.create_standalone_context(backend="egl")
    # No MSAA: the shaders antialias every edge themselves (signed distances).
    renderer = Renderer(ctx, (w, h), four_colour=args.four_colour)
    marks: list[Mark] = []
    focus = None
    if args.demo_highlights:
        marks = [Mark("column", 0, None, "selected"), Mark("column", 3, None, "target"),
                 Mark("column", 5, None, "hint")]
        focus = Mark("column", 6, None)
    renderer.render(View(layout(position, w, h), marks, focus))
    surface = renderer.snapshot()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(args.out))
    print(f"wrote {args.out} ({w}x{h}, {ctx.info['GL_RENDERER']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
