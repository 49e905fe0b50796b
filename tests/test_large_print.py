"""Large print: the rank and suit in a card's corner read on the 45 px cards of a small window.

The deck is drawn as a player's window draws it, by ``tools/screenshot.py --deck --card-width``
(the atlas the renderer picks for that size, scaled down to it); each card's top-left
index is cut out of the picture and measured.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from statistics import median

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from conftest import ROOT, egl_available

from game.render import theme

pytestmark = pytest.mark.skipif(not egl_available(), reason="no EGL (offscreen OpenGL) on this machine")

#: The face size the usual deck is known to read at (issue 60: "crisp down to 60 px wide").
CRISP_PX = 60
#: The card width of a small window that large print must serve.
SMALL_PX = 45


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


def deck(tmp_path: Path, card_w: int, *sets: str) -> pygame.Surface:
    out = tmp_path / f"deck-{card_w}-{'-'.join(sets) or 'plain'}.png"
    args = [a for s in sets for a in ("--set", s)]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "screenshot.py"), "--deck", "--card-width",
                           str(card_w), *args, "--out", str(out)], check=False, capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    return pygame.image.load(str(out))


def corners(img: pygame.Surface, card_w: int) -> list[pygame.Surface]:
    """The top-left index region of each of the 52 cards (the grid of ``deck_sheet``), in deck order
    by rows (clubs, diamonds, hearts, spades; A..K): the card's left 60 % and top 26 %."""
    w, h = img.get_size()
    card_h = round(card_w * theme.CARD_H / theme.CARD_W)
    out = []
    for row in range(4):
        for col in range(13):
            x0, x1 = col * w // 13, (col + 1) * w // 13
            y0, y1 = row * h // 4, (row + 1) * h // 4
            x, y = (x0 + x1 - card_w) // 2, (y0 + y1 - card_h) // 2
            out.append(img.subsurface((x, y, round(card_w * 0.6), round(card_h * 0.26))).copy())
    return out


def is_ink(p: tuple[int, ...]) -> bool:
    """A pixel of the printed index: darker or more coloured than paper, and not the felt that
    shows at the rounded corner nor the card's grey edge line."""
    felt = tuple(round(c * 255) for c in theme.FELT)
    if max(abs(a - b) for a, b in zip(p[:3], felt)) < 30:
        return False
    return min(p[:3]) < 110


def rank_height(crop: pygame.Surface) -> int:
    """The rendered height in pixels of the rank glyph: the leftmost blob of ink in the corner."""
    mask = pygame.mask.Mask(crop.get_size())
    for y in range(crop.get_height()):
        for x in range(crop.get_width()):
            if is_ink(tuple(crop.get_at((x, y)))):
                mask.set_at((x, y))
    blobs = list(mask.connected_components(minimum=3))
    assert blobs, "no ink in the corner"
    rank = min(blobs, key=lambda m: m.get_bounding_rects()[0].left)
    return max(r.bottom for r in rank.get_bounding_rects()) - min(r.top for r in rank.get_bounding_rects())


@pytest.mark.parametrize("four", [False, True])
def test_large_print_index_at_45px_is_as_tall_as_the_usual_one_at_60px(tmp_path, four):
    """Every rank, 45 px wide in large print, stands at least as tall (less a pixel of
    rounding) as the usual deck's median rank at 60 px, the size it is known to read at;
    the usual deck at 45 px does not: that is why large print is there."""
    extra = ("four_colour=true",) if four else ()
    crisp = median(rank_height(c) for c in corners(deck(tmp_path, CRISP_PX, *extra), CRISP_PX))
    small = [rank_height(c) for c in corners(deck(tmp_path, SMALL_PX, *extra), SMALL_PX)]
    large = [rank_height(c) for c in corners(deck(tmp_path, SMALL_PX, "large_print=true", *extra), SMALL_PX)]
    assert crisp >= 12, crisp
    assert min(large) >= crisp - 1, (crisp, large)
    assert median(small) < crisp - 1, (crisp, small)


@pytest.mark.parametrize("four", [False, True])
def test_large_print_corners_are_52_different_pictures_and_not_the_usual_deck(tmp_path, four):
    """At 45 px, no two cards' corners look alike (the rank and suit both show), and each
    differs from the usual deck's."""
    extra = ("four_colour=true",) if four else ()
    large = [pygame.image.tobytes(c, "RGB") for c in corners(deck(tmp_path, SMALL_PX, "large_print=true", *extra),
                                                             SMALL_PX)]
    usual = [pygame.image.tobytes(c, "RGB") for c in corners(deck(tmp_path, SMALL_PX, *extra), SMALL_PX)]
    assert len(set(large)) == 52
    assert all(a != b for a, b in zip(large, usual))
