"""The suits stay apart for colour-blind players (issue 60): measured on rendered pips.

The real renderer draws a table whose four tens (a card of pips only, no
picture) lie at the foot of the four middle columns, under the same light; each
ten's ink is read from its pixels (the median of its pips' dark pixels, the
paper and the table left out). Each pair of suits is then compared as normal
vision and as protanopia, deuteranopia and tritanopia see it (Machado, Oliveira
& Fernandes 2009, severity 1.0, in linear RGB: tests/colour_vision.py), by
CIEDE2000.

Why at least 15 (:data:`MIN_DE2000`): a CIEDE2000 of about 1 is a just
noticeable difference between two large patches side by side; a pip or a
corner index is a small mark, a fraction of a degree of the eye's field, and
small marks need several times the difference of large patches to be told
apart at all (Stone, Szafir & Setlur 2014, "An Engineering Model for Color
Difference as a Function of Size"). A suit has to be read at a glance on a
card among fifty others, so the bar is set an order of magnitude above the
large-patch step. The four-colour deck before this test had its clubs and
hearts 7.9 apart for a deuteranope (13 for a protanope): one brownish ink.
"""

from __future__ import annotations

import statistics
from itertools import combinations

import pytest
from colour_vision import VISIONS, difference

from game.cards import Card, Suit
from game.freecell.position import Position
from game.render.layout import layout
from game.render.scene import Renderer, View

#: The least CIEDE2000 between any two suits, in every vision (see the module docstring).
MIN_DE2000 = 15.0
SIZE = (1600, 1000)
SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


def tens_on_top() -> tuple[Position, list[Card]]:
    """A FreeCell table with the four tens on the four middle columns (under the same light)."""
    tens = [Card.make(10, s) for s in SUITS]
    rest = [c for c in (Card.make(r, s) for s in SUITS for r in range(1, 14)) if c not in tens]
    columns = [rest[i::8] for i in range(8)]
    for i, ten in enumerate(tens):
        columns[2 + i].append(ten)
    return Position(columns), tens


def rendered_inks(ctx, four_colour: bool) -> dict[str, tuple[float, float, float]]:
    """Each suit's ink as the renderer draws it: the median of the dark pixels in its ten's middle."""
    position, tens = tens_on_top()
    r = Renderer(ctx, SIZE, four_colour=four_colour)
    try:
        lay = layout(position, *SIZE)
        r.render(View(lay))
        assert r.camera is not None
        pixels, width = r.read_pixels(), SIZE[0]
        inks: dict[str, tuple[float, float, float]] = {}
        for ten in tens:
            c = next(p for p in lay.cards if p.card == ten)
            x, y, w, h = r.camera.box(c.x, c.y, c.z, c.yaw)
            dark = []
            for yy in range(int(y + 0.3 * h), int(y + 0.75 * h)):
                for xx in range(int(x + 0.25 * w), int(x + 0.75 * w)):
                    i = (yy * width + xx) * 3
                    px = pixels[i:i + 3]
                    if sum(px) < 3 * 170:  # ink, not the paper (the pips' antialiased rims are few)
                        dark.append(px)
            assert len(dark) > 500, (str(ten), len(dark))  # the pips were found
            red, green, blue = (statistics.median(p[k] for p in dark) for k in range(3))
            inks[ten.display] = (red, green, blue)
        return inks
    finally:
        r.release()


def closest(inks: dict[str, tuple[float, float, float]], pairs: list[tuple[str, str]]) -> dict[str, tuple]:
    """For each vision, the nearest pair of ``pairs`` and how far apart (CIEDE2000) it is."""
    out = {}
    for vision in VISIONS:
        a, b = min(pairs, key=lambda p: difference(inks[p[0]], inks[p[1]], vision))
        out[vision] = (a, b, round(difference(inks[a], inks[b], vision), 1))
    return out


def test_the_four_colour_decks_suits_stay_apart_in_every_vision(ctx):
    inks = rendered_inks(ctx, four_colour=True)
    nearest = closest(inks, list(combinations(inks, 2)))
    for vision, (a, b, de) in nearest.items():
        assert de >= MIN_DE2000, (vision, a, b, de, inks)


def test_the_two_colour_decks_red_and_black_stay_apart_in_every_vision(ctx):
    inks = rendered_inks(ctx, four_colour=False)
    red, black = ("10\u2665", "10\u2666"), ("10\u2663", "10\u2660")
    # Each red suit against each black one; the same colour's two suits are one ink.
    nearest = closest(inks, [(r, b) for r in red for b in black])
    for vision, (a, b, de) in nearest.items():
        assert de >= MIN_DE2000, (vision, a, b, de, inks)
    assert difference(inks[red[0]], inks[red[1]], "normal") < 2
    assert difference(inks[black[0]], inks[black[1]], "normal") < 2


@pytest.mark.parametrize("vision", ["protanopia", "deuteranopia", "tritanopia"])
def test_the_simulation_confuses_what_each_deficiency_confuses(vision):
    """The matrices do what the deficiencies do: red and green merge for the red- and
    green-blind (not for the blue-blind), blue and green for the blue-blind."""
    red, green, blue = (200, 30, 30), (60, 150, 40), (40, 60, 220)
    normal_rg = difference(red, green, "normal")
    if vision == "tritanopia":
        assert difference(green, blue, vision) < 0.6 * difference(green, blue, "normal")
        assert difference(red, green, vision) > 0.7 * normal_rg
    else:
        assert difference(red, green, vision) < 0.4 * normal_rg
