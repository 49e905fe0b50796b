"""Draw the game's icon (two cards fanned on a felt tile) into assets/icons/.

    python3 tools/draw_icon.py            # writes assets/icons/solitaire3d-<N>.png
    python3 tools/draw_icon.py --check    # exit 1 if a shipped PNG differs from a fresh drawing

Every size is drawn from the same shapes at four times its size and scaled
down (smooth edges without an anti-aliasing library); the smallest sizes drop
the corner indices, which would be a grey smear at 16 px, and keep the two
suit marks that say "cards" at any size.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # drawing needs no window
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.desktop import ICON_SIZES, icon_file

FELT = (28, 110, 62)
FELT_EDGE = (14, 66, 36)
PAPER = (250, 248, 240)
INK = (30, 30, 36)
RED = (200, 32, 44)
SCALE = 4  # drawn this many times larger, then smoothed down


def _outer_tangent(p: tuple[float, float], c: tuple[float, float], radius: float) -> tuple[float, float]:
    """Where a line from ``p`` touches the circle (``c``, ``radius``) on its outer side (away
    from the middle): the heart's sides meet its lobes without a kink."""
    dx, dy = c[0] - p[0], c[1] - p[1]
    d = math.hypot(dx, dy)
    reach = math.sqrt(max(d * d - radius * radius, 0.0))
    base, spread = math.atan2(dy, dx), math.asin(min(1.0, radius / d))
    touches = [(p[0] + reach * math.cos(base + s * spread), p[1] + reach * math.sin(base + s * spread))
               for s in (-1, 1)]
    return max(touches, key=lambda t: abs(t[0] - p[0]))


def _lobes(surf: pygame.Surface, cx: float, cy: float, r: float, colour: tuple[int, int, int], flip: int) -> None:
    """Two round lobes and the point below (``flip`` -1: above) them: a heart, or a spade's blade."""
    tip = (cx, cy + flip * r * 1.05)
    centres = [(cx + side * r * 0.5, cy - flip * r * 0.25) for side in (-1, 1)]
    radius = r * 0.55
    for c in centres:
        pygame.draw.circle(surf, colour, c, radius)
    left, right = (_outer_tangent(tip, c, radius) for c in centres)
    pygame.draw.polygon(surf, colour, [tip, left, centres[0], centres[1], right])


def _heart(surf: pygame.Surface, cx: float, cy: float, r: float, colour: tuple[int, int, int]) -> None:
    """A heart ``r`` wide on each side of ``cx``, its point at ``cy + r``."""
    _lobes(surf, cx, cy, r, colour, 1)


def _spade(surf: pygame.Surface, cx: float, cy: float, r: float, colour: tuple[int, int, int]) -> None:
    """A spade: an upside-down heart with a stem."""
    _lobes(surf, cx, cy, r, colour, -1)
    stem = [(cx, cy + r * 0.2), (cx - r * 0.45, cy + r * 1.05), (cx + r * 0.45, cy + r * 1.05)]
    pygame.draw.polygon(surf, colour, stem)


def _card(w: int, h: int, suit: str, detail: bool) -> pygame.Surface:
    """One face-up ace: white with a thin edge, a big pip, and (when ``detail``) an A in the corner."""
    card = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(1, w // 9)
    pygame.draw.rect(card, (120, 120, 120), card.get_rect(), border_radius=radius)
    pygame.draw.rect(card, PAPER, card.get_rect().inflate(-max(2, w // 40), -max(2, w // 40)), border_radius=radius)
    colour = RED if suit == "heart" else INK
    pip = _heart if suit == "heart" else _spade
    pip(card, w / 2, h / 2, w * (0.26 if detail else 0.34), colour)
    if detail:
        # An "A" of three strokes: no font needed, the same on every machine.
        s = w * 0.13
        x, y = w * 0.2, h * 0.2
        width = max(2, int(w * 0.035))
        pygame.draw.line(card, colour, (x - s * 0.5, y + s * 0.7), (x, y - s * 0.7), width)
        pygame.draw.line(card, colour, (x, y - s * 0.7), (x + s * 0.5, y + s * 0.7), width)
        pygame.draw.line(card, colour, (x - s * 0.28, y + s * 0.15), (x + s * 0.28, y + s * 0.15), width)
    return card


def draw_icon(size: int) -> pygame.Surface:
    """The icon at ``size`` x ``size`` pixels (with an alpha channel)."""
    big = size * SCALE
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    tile = surf.get_rect().inflate(-big // 16, -big // 16)
    radius = big // 6
    pygame.draw.rect(surf, FELT_EDGE, tile, border_radius=radius)
    # The felt lighter toward the middle, as the table's light falls on it.
    for step in range(12):
        k = step / 12
        shade = tuple(int(e + (f - e) * (0.6 + 0.4 * k)) for e, f in zip(FELT_EDGE, FELT))
        inner = tile.inflate(-int(tile.w * 0.06 * (1 + step * 0.5)), -int(tile.h * 0.06 * (1 + step * 0.5)))
        pygame.draw.rect(surf, shade, inner, border_radius=max(1, radius - step * big // 160))
    detail = size >= 48
    cw, ch = int(big * 0.42), int(big * 0.58)
    shadow = pygame.Surface((cw, ch), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 70), shadow.get_rect(), border_radius=max(1, cw // 9))
    for suit, angle, dx in (("spade", 14, -0.13), ("heart", -10, 0.11)):
        for layer, offset in ((shadow, 0.025), (_card(cw, ch, suit, detail), 0.0)):
            turned = pygame.transform.rotate(layer, angle)
            centre = (big / 2 + big * (dx + offset), big / 2 + big * (0.02 + offset))
            surf.blit(turned, turned.get_rect(center=centre))
    return pygame.transform.smoothscale(surf, (size, size))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped PNGs instead of writing")
    args = parser.parse_args(argv)
    pygame.display.init()  # image saving only; no sound device is opened
    stale = []
    for size in ICON_SIZES:
        path = icon_file(size)
        drawn = draw_icon(size)
        if args.check:
            shipped = pygame.image.load(str(path)) if path.is_file() else None
            if shipped is None or pygame.image.tobytes(shipped, "RGBA") != pygame.image.tobytes(drawn, "RGBA"):
                stale.append(path.name)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(drawn, str(path))
        print(f"{path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path}: {size}x{size}, "
              f"{math.ceil(path.stat().st_size / 1024)} KiB")
    if stale:
        print("out of date (run python3 tools/draw_icon.py): " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
