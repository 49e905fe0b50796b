"""The parts of the window a frame paints again when the window still holds the last one.

A frame over the cached resting layer draws a few instances (cards in
flight, their shadows, highlighted cards, glowing slots). Where the window
keeps its last frame between buffer swaps (an offscreen framebuffer; Mesa's
software renderer, whose swap copies out a back buffer it keeps), only the
boxes where an instance came, went or changed need the layer copied back and
the instances drawn again: a card flying home repaints about two card
areas, not the window (the window-sized copy was most of a cascade frame on
llvmpipe: its copy to the window's buffer is a shader pass, not a memcpy).

Boxes are window pixels, y down (``pygame.Rect``)::

    >>> from game.render.camera import Camera
    >>> from array import array
    >>> cam = Camera.frame((-5.0, 5.0, -3.0, 3.0), 640, 360)
    >>> card = array("f", (0.0, 0.0, 0.3, 0.0, 0.0, 1.0, -10.0, 0.0, 0.0, 0.0, 0.0, 0.0)).tobytes()
    >>> [r.w < 120 for r in changed_rects(cam, b"", card, "card", (640, 360))]
    [True]
    >>> changed_rects(cam, card, card, "card", (640, 360))
    []
    >>> merged([pygame.Rect(0, 0, 10, 10), pygame.Rect(4, 4, 10, 10), pygame.Rect(12, 12, 4, 4)], (640, 360))
    [Rect(0, 0, 14, 14), Rect(12, 12, 4, 4)]
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Iterable

import pygame

from game.render import theme
from game.render.camera import Camera

__all__ = ["FLOATS", "changed_rects", "gl_box", "merged", "resting_boxes"]

#: Floats per instance (as the renderer writes them).
FLOATS = 12
#: Pixels added around a box (edges are smoothed over a pixel or so).
_PAD = 3
#: More boxes than this, or boxes over this share of the window: the frame is painted whole.
MOST_BOXES = 8
MOST_AREA = 0.6


def _rect(cam: Camera, item: bytes, kind: str) -> pygame.Rect:
    """The window box of one instance: its quad as the vertex shader places it
    (``card.vert``: a margin of 0.2 when lit, 0.07 plain; ``effect.vert``: a
    shadow's blur margin and offset, a slot glow's 0.2)."""
    x, y, z, yaw, a, _, stretch, focus, _, _, _, glow = array("f", item)
    hw, hh = theme.CARD_W / 2, theme.CARD_H / 2
    if kind == "shadow":  # a flight's shadow on the felt (a = 1, the kind; a turn only narrows it)
        hh += stretch  # a fan's shadow is its cards' rectangles together
        m = 1.5 * (0.04 + 0.08 * z)
        dx, dy = theme.SHADOW_DIR
        k = 1.0 + 6.0 * z
        bx, by, bw, bh = cam.box(x + dx * k, y + dy * k, 0.0, yaw, hw + m, hh + m, 0.001)
    elif kind == "slot":
        bx, by, bw, bh = cam.box(x, y, 0.0, 0.0, hw + 0.2, hh + 0.2, 0.001)
    else:  # a card, a = its turn about the long axis: a turning card leans toward the eye
        m = 0.2 if glow > 0.0 or focus > 0.0 else 0.07
        lean = (hw + m) * abs(math.sin(a))
        bx, by, bw, bh = cam.box(x, y, z - lean, yaw, hw + m, hh + m, 2 * lean + theme.CARD_THICKNESS)
    return pygame.Rect(math.floor(bx) - _PAD, math.floor(by) - _PAD,
                       math.ceil(bw) + 2 * _PAD + 1, math.ceil(bh) + 2 * _PAD + 1)


def changed_rects(cam: Camera, old: bytes, new: bytes, kind: str,
                  size: tuple[int, int]) -> list[pygame.Rect]:
    """The boxes of the instances (``kind``: "card", "shadow" or "slot") that are in one
    frame's data and not the other's: where the old ones must be wiped and the new drawn."""
    if old == new:
        return []
    step = FLOATS * 4
    before = {old[i:i + step] for i in range(0, len(old), step)}
    after = {new[i:i + step] for i in range(0, len(new), step)}
    window = pygame.Rect(0, 0, *size)
    return [r for item in before ^ after if (r := _rect(cam, item, kind).clip(window)).w and r.h]


def merged(rects: Iterable[pygame.Rect], size: tuple[int, int]) -> list[pygame.Rect] | None:
    """``rects`` inside the window, those that share over a quarter of the smaller made
    one (each box is a pass of its own; boxes far apart stay apart, as their union
    would paint the table between them); None when they are so many or so large
    that painting the window whole costs less."""
    out: list[pygame.Rect] = []
    window = pygame.Rect(0, 0, *size)
    for r in rects:
        box = pygame.Rect(r).clip(window)
        if not box.w or not box.h:
            continue
        while (i := _sharing(box, out)) >= 0:
            box.union_ip(out.pop(i))
        out.append(box)
    if len(out) > MOST_BOXES or sum(b.w * b.h for b in out) > MOST_AREA * size[0] * size[1]:
        return None
    return out


def _sharing(box: pygame.Rect, boxes: list[pygame.Rect]) -> int:
    """The index of a box of ``boxes`` that shares over a quarter of the smaller one with ``box``, or -1."""
    for i, other in enumerate(boxes):
        common = box.clip(other)
        if common.w * common.h * 4 > min(box.w * box.h, other.w * other.h):
            return i
    return -1


def gl_box(rect: pygame.Rect, height: int) -> tuple[int, int, int, int]:
    """``rect`` as GL's scissor takes it (x, y from the bottom, w, h).

    >>> gl_box(pygame.Rect(10, 0, 20, 5), 100)
    (10, 95, 20, 5)
    """
    return (rect.x, height - rect.bottom, rect.w, rect.h)


#: How far (table units) a card's quad reaches past its edges at rest (``card.vert``'s margin).
_REST_MARGIN = 0.07


def resting_boxes(cam: Camera, old: bytes, new: bytes,
                   size: tuple[int, int]) -> list[tuple[int, int, int, int]] | None:
    """The window boxes (x, y, w, h, GL's y up) that hold every resting card that is
    new, gone or changed between two frames' instance data (overlapping boxes made
    one); None (all of the window) when the cards that stayed changed their order or
    the boxes cover most of the window.

    >>> cam = Camera.frame((-5.0, 5.0, -3.0, 3.0), 640, 360)
    >>> one = array("f", (0.0, 0.0, 0.0, 0.0, 0.0, 1.0, -10.0, 0.0, 0.0, 0.0, 0.0, 0.0))
    >>> two = one + array("f", (3.0, 0.0, 0.0, 0.0, 0.0, 2.0, -10.0, 0.0, 0.0, 0.0, 0.0, 0.0))
    >>> [(x > 320, w < 200) for x, y, w, h in resting_boxes(cam, one.tobytes(), two.tobytes(), (640, 360))]
    [(True, True)]
    """
    step = FLOATS * 4
    before = [old[i:i + step] for i in range(0, len(old), step)]
    after = [new[i:i + step] for i in range(0, len(new), step)]
    kept = set(before) & set(after)
    if [b for b in before if b in kept] != [a for a in after if a in kept]:
        return None
    if len(kept) < len(after) // 2:
        return None  # a new deal, a restart: most of the table is new
    # Cards taking off together (a column's run, a cascade's stream) change as many
    # cards as they leave at rest: their boxes, not their number, decide (below).
    changed = set(before) ^ set(after)
    rects: list[pygame.Rect] = []
    for item in changed:
        x, y, z, yaw = array("f", item)[:4]
        bx, by, bw, bh = cam.box(x, y, z, yaw, theme.CARD_W / 2 + _REST_MARGIN, theme.CARD_H / 2 + _REST_MARGIN)
        rects.append(pygame.Rect(math.floor(bx) - _PAD, math.floor(by) - _PAD,
                                 math.ceil(bw) + 2 * _PAD + 1, math.ceil(bh) + 2 * _PAD + 1))
    # Boxes that share over a quarter of the smaller one are painted as one (a fan's
    # cards, a pile's top two); boxes that only touch stay two passes; too many or too
    # large, and the whole layer is painted again (:func:`merged`, as for the window).
    boxes = merged(rects, size)
    if boxes is None:
        return None
    return [(b.x, size[1] - b.bottom, b.w, b.h) for b in boxes]
