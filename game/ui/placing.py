"""Where a note or a page about the table goes: inside the window, clear of what it is about.

A red target's reason (:func:`note_box`) stands just above its place, or just
below it when the window's top edge is too near; the review's page of a move
(:func:`beside`) moves from the middle to where it covers the cards the move
lights least. Pure functions of window pixels (y down), checked without a GL
context::

    >>> note_box((800, 600), (120, 18), (300, 200, 70, 100), 14)  # a column's card: above it
    (271, 174, 128, 22)
    >>> note_box((800, 600), (120, 18), (300, 8, 70, 100), 14)  # a free cell at the top: below it
    (271, 112, 128, 22)
    >>> beside((800, 600), (200, 100, 400, 300), [(100, 150, 70, 100)], 560, 14)  # clear already
    (200, 100, 400, 300)
"""

from __future__ import annotations

from collections.abc import Sequence

from game.ui.hud import Rect

__all__ = ["beside", "covered", "note_box"]

#: Positions tried along each axis besides those the boxes to keep clear suggest.
STEPS = 16


def _margin(px: int) -> int:
    """The gap kept to the window's edges and around what must stay in view."""
    return max(4, px // 2)


def note_box(size: tuple[int, int], text: tuple[int, int], place: Sequence[float], px: int) -> Rect:
    """The box of a note whose text measures ``text`` (w, h) about the place whose screen
    box is ``place``: centred just above it; just below it when that would come nearer
    the window's top edge than the margin; always inside the window by the margin."""
    w, h = size
    pad, margin = max(3, px // 3), _margin(px)
    bw, bh = text[0] + 2 * pad, text[1] + pad
    x, y, pw, ph = place
    left = round(x + pw / 2 - bw / 2)
    top = round(y) - pad - bh
    if top < margin:  # no room above: under the place, which stays in view
        top = round(y + ph) + pad
    left = max(margin, min(left, w - margin - bw))
    top = max(margin, min(top, h - margin - bh))
    return (left, top, bw, bh)


def covered(box: Rect, clear: Sequence[Rect], px: int) -> int:
    """How many pixels of the boxes ``clear``, each with a margin round it, ``box`` covers
    (where they overlap, counted each time).

    >>> covered((0, 0, 100, 100), [(90, 90, 50, 50)], 14), covered((0, 0, 80, 80), [(90, 90, 50, 50)], 14)
    (289, 0)
    """
    margin = _margin(px)
    return _covered(box, [(x - margin, y - margin, cw + 2 * margin, ch + 2 * margin) for x, y, cw, ch in clear])


def _covered(box: Rect, clear: Sequence[Rect]) -> int:
    x, y, w, h = box
    total = 0
    for cx, cy, cw, ch in clear:
        dx = min(x + w, cx + cw) - max(x, cx)
        dy = min(y + h, cy + ch) - max(y, cy)
        if dx > 0 and dy > 0:
            total += dx * dy
    return total


def _spots(low: int, high: int, at: int, edges: list[int]) -> list[int]:
    """The positions tried along one axis: ``at`` (where the box is laid out), evenly
    spaced ones from ``low`` to ``high``, and each edge that falls between them."""
    if high <= low:
        return [at]
    even = [low + (high - low) * k // STEPS for k in range(STEPS + 1)]
    return [at, *even, *(e for e in edges if low <= e <= high)]


def beside(size: tuple[int, int], box: Rect, clear: Sequence[Rect], floor: int, px: int,
           table: Sequence[Rect] = ()) -> Rect:
    """``box`` (laid out in the middle of a window of ``size``) moved to where it covers the
    boxes ``clear`` (and a margin round each) least, then the least of the boxes ``table``
    (the piles: bare felt is the best place for a page about the table), then as near its
    place as that allows; above ``floor`` (the control bar's top) and inside the window by
    a margin.

    >>> beside((800, 600), (200, 100, 400, 300), [(365, 120, 70, 100)], 560, 14)  # under the card
    (200, 227, 400, 300)
    >>> beside((800, 600), (200, 100, 400, 300), [(600, 150, 70, 100)], 560, 14)  # a step aside
    (193, 100, 400, 300)
    >>> beside((800, 600), (200, 100, 400, 300), [(600, 150, 70, 100)], 560, 14, [(100, 50, 600, 150)])
    (193, 206, 400, 300)
    """
    w, _h = size
    margin = _margin(px)
    kept = [(x - margin, y - margin, cw + 2 * margin, ch + 2 * margin) for x, y, cw, ch in clear]
    bx, by, bw, bh = box
    if not kept or (_covered(box, kept) == 0 and _covered(box, table) == 0):
        return box
    xs = _spots(margin, w - margin - bw, bx, [e for x, _y, cw, _ch in kept for e in (x - bw, x + cw)])
    # Its own place too, lifted above the floor where a tall page (large text) would reach the bar.
    own_y = max(margin, min(by, floor - margin - bh))
    ys = _spots(margin, floor - margin - bh, own_y, [e for _x, y, _cw, ch in kept for e in (y - bh, y + ch)]
                + [y + ch + margin for _x, y, _cw, ch in table])
    best = min(((_covered((x, y, bw, bh), kept), _covered((x, y, bw, bh), table), abs(x - bx) + abs(y - by)), (x, y))
               for x in set(xs) for y in set(ys))
    x, y = best[1]
    return (x, y, bw, bh)
