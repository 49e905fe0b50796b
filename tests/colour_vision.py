"""Colour vision deficiencies simulated, and colour differences measured (for tests).

The simulation is Machado, Oliveira & Fernandes (2009), "A Physiologically-based
Model for Simulation of Color Vision Deficiency", IEEE TVCG 15(6):1291-1298: one
3x3 matrix per deficiency, here at severity 1.0 (protanopia, deuteranopia,
tritanopia: the dichromacies, the strongest case), applied to linear RGB (the
sRGB curve removed first, as the paper's matrices expect).

The difference is CIEDE2000 (CIE 142-2001) in CIELAB under D65, as
implemented by Sharma, Wu & Dalal (2005), "The CIEDE2000 Color-Difference
Formula: Implementation Notes, Supplementary Test Data, and Mathematical
Observations", Color Res. Appl. 30(1):21-30; two of their test pairs::

    >>> round(delta_e2000((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485)), 4)
    2.0425
    >>> round(delta_e2000((50.0, 2.5, 0.0), (73.0, 25.0, -18.0)), 4)
    27.1492
    >>> [round(v) for v in lab(simulate((255, 0, 0), "normal"))]
    [53, 80, 67]
"""

from __future__ import annotations

import math

#: Machado et al. (2009), Table 1, severity 1.0: linear RGB in, linear RGB out (rows: R', G', B').
MACHADO_2009 = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("normal", *MACHADO_2009)

Rgb = tuple[float, float, float]


def linear(c: float) -> float:
    """One sRGB channel 0..255 as linear light 0..1 (IEC 61966-2-1)."""
    c /= 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def simulate(rgb: tuple[float, float, float], vision: str) -> Rgb:
    """An sRGB colour (0..255) as ``vision`` sees it, in linear RGB 0..1 (clipped to the gamut)."""
    v = tuple(linear(c) for c in rgb)
    if vision == "normal":
        return v  # type: ignore[return-value]
    m = MACHADO_2009[vision]
    seen = (min(1.0, max(0.0, sum(m[i][j] * v[j] for j in range(3)))) for i in range(3))
    return tuple(seen)  # type: ignore[return-value]


def lab(v: Rgb) -> Rgb:
    """Linear sRGB (D65) as CIELAB."""
    x = 0.4124564 * v[0] + 0.3575761 * v[1] + 0.1804375 * v[2]
    y = 0.2126729 * v[0] + 0.7151522 * v[1] + 0.0721750 * v[2]
    z = 0.0193339 * v[0] + 0.1191920 * v[1] + 0.9503041 * v[2]

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x / 0.95047), f(y / 1.0), f(z / 1.08883)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e2000(lab1: Rgb, lab2: Rgb) -> float:
    """CIEDE2000 between two CIELAB colours (kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    dh = 0.0
    if c1p * c2p:
        dh = h2p - h1p
        dh = dh - 360 if dh > 180 else dh + 360 if dh < -180 else dh
    big_dh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if not c1p * c2p:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    else:
        h_mean = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6)) - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    d_theta = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cp_mean**7 / (cp_mean**7 + 25**7))
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc, sh = 1 + 0.045 * cp_mean, 1 + 0.015 * cp_mean * t
    rt = -math.sin(math.radians(2 * d_theta)) * rc
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (big_dh / sh) ** 2 + rt * (dc / sc) * (big_dh / sh))


def difference(a: tuple[float, float, float], b: tuple[float, float, float], vision: str) -> float:
    """CIEDE2000 between two sRGB colours as ``vision`` sees them."""
    return delta_e2000(lab(simulate(a, vision)), lab(simulate(b, vision)))
