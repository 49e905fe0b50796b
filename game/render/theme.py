"""Named sizes and colours of the table, in one place.

World units: a card is 1.0 wide and 1.4 tall (the 63 x 88 mm poker card);
the table is the plane z = 0 with x to the right and y away from the player.
Colours are linear-ish RGB floats 0..1 as the shaders take them.
"""

from __future__ import annotations

import math

# --- card geometry (world units) ---------------------------------------------
CARD_W = 1.0
CARD_H = 1.4
CORNER_RADIUS = 0.075
#: Drawn thickness of a card slab: thicker than paper so that the tilted
#: camera shows the near edge as a line of a pixel or two.
CARD_THICKNESS = 0.03
#: Height between cards stacked in a pile; only their order matters (the
#: renderer paints back to front), so it stays small to avoid parallax.
Z_STEP = 0.002

# --- table layout (world units) ----------------------------------------------
SIDE_MARGIN = 0.32
TOP_MARGIN = 0.28
BOTTOM_MARGIN = 0.22
#: Between the top row (cells, foundations, stock) and the columns.
ROW_GAP = 0.38
FREECELL_GAP = 0.2
SPIDER_GAP = 0.12
#: Fan steps when a column has room: face-up cards show their whole index
#: strip (rank and suit side by side), face-down cards a thinner band.
FAN_UP = 0.33
FAN_DOWN = 0.16
#: Spider's stock: one pile of backs per deal left, each this far right of the last.
STOCK_STEP = 0.14
#: Removed Spider sets are shown overlapping like a hand of kings.
REMOVED_STEP = 0.28
#: The table is never shorter than the top row plus this many card heights.
MIN_COLUMN_CARDS = 2.6
#: Portrait windows: the columns set the card size, so the gaps and side
#: margins shrink to these, and the fans may spread (both steps by up to
#: FAN_SPREAD_MAX) into the height that a tall window leaves below them.
#: A window is fully portrait at width/height <= PORTRAIT_ASPECT and fully
#: landscape (the values above) at >= 1; in between the values blend.
PORTRAIT_ASPECT = 0.75
PORTRAIT_SIDE_MARGIN = 0.12
PORTRAIT_FREECELL_GAP = 0.08
PORTRAIT_SPIDER_GAP = 0.06
FAN_SPREAD_MAX = 2.2

# --- camera ------------------------------------------------------------------
#: Angle between the view direction and straight down: tilted toward the player.
TILT = math.radians(24.0)
#: The tilt in a portrait window (blended in as for the layout, see PORTRAIT_ASPECT):
#: a tall table seen at TILT shrinks its far end, where all the cards lie, by a quarter.
PORTRAIT_TILT = math.radians(14.0)
#: Vertical field of view: narrow, so that far cards are not much smaller.
FOV_Y = math.radians(30.0)
#: Free space kept around the table, as a fraction of the half viewport.
VIEW_MARGIN = 0.025

# --- colours -----------------------------------------------------------------
FELT = (0.085, 0.37, 0.205)
FELT_DARK = (0.03, 0.16, 0.09)
#: The table colours a player can pick: felt under the lamp and at the rim.
THEMES: dict[str, tuple[tuple[float, float, float], tuple[float, float, float]]] = {
    "green": (FELT, FELT_DARK),
    "blue": ((0.07, 0.215, 0.40), (0.02, 0.07, 0.16)),
    "red": ((0.40, 0.065, 0.085), (0.15, 0.02, 0.03)),
    "grey": ((0.25, 0.27, 0.28), (0.085, 0.095, 0.105)),
}
#: Names of the table colours, for the settings menu (the first is the default).
TABLE_COLOURS: tuple[str, ...] = tuple(THEMES)
DEFAULT_TABLE_COLOUR = "green"
SLOT_LINE = (0.85, 0.95, 0.88, 0.32)
SLOT_FILL = (0.0, 0.0, 0.0, 0.16)
CARD_EDGE = (0.80, 0.79, 0.74)
CARD_BORDER = (0.52, 0.52, 0.50)
SHADOW_ALPHA = 0.42

#: Highlight colours (RGB + strength) the game asks for by name.
SELECTED = (1.0, 0.84, 0.08, 1.0)
TARGET = (0.22, 0.95, 0.38, 0.95)
HINT = (1.0, 0.38, 0.92, 1.0)  # magenta: apart from the yellow selection, green targets, blue focus ring
FOCUS = (0.30, 0.62, 1.0, 1.0)
#: "Show which moves keep the win": a target after which no winning line exists
#: (red), and one the search has not decided (plain: a pale outline, no verdict).
LOSES = (1.0, 0.16, 0.12, 1.0)
UNDECIDED = (0.86, 0.88, 0.86, 0.55)
#: The last move's cards: a soft, steady ivory outline (no pulse), calmer than the
#: four above and apart from them in hue, so it reads as "this is where it went".
LAST_MOVE = (1.0, 0.97, 0.86, 0.85)

# --- high contrast (the setting, for low vision) -----------------------------
#: A plain, nearly black table (felt and rim alike: no lamp to speak of), whatever the table colour.
CONTRAST_FELT = (0.03, 0.03, 0.035)
#: The empty slots' outline: a clear grey line on the dark table.
CONTRAST_SLOT_LINE = (1.0, 1.0, 1.0, 0.7)
#: White paper, and a black outline round every card: its border (the usual grey one, about a
#: pixel) black, and a rim CONTRAST_OUTLINE_PX pixels wide just outside the edge, which parts
#: the white cards of a fan without covering their corner indices. The slab's near edge is a
#: light grey, apart from both paper and table.
CONTRAST_PAPER = (255, 255, 255)
CONTRAST_BORDER = (0.0, 0.0, 0.0)
CONTRAST_EDGE = (0.62, 0.62, 0.62)
CONTRAST_OUTLINE_PX = 2.5
#: The focus ring: bright cyan, and (world units outside the card's edge) from/to, against the
#: usual FOCUS_RING: twice as thick.
CONTRAST_FOCUS = (0.0, 0.95, 1.0, 1.0)
FOCUS_RING = (0.035, 0.075)
CONTRAST_FOCUS_RING = (0.065, 0.145)
#: High contrast marks each highlighted card with a solid line of its colour this wide (world
#: units, just outside the edge) under the glow, in full-strength colours.
CONTRAST_MARK_LINE = 0.05
CONTRAST_STYLES: dict[str, tuple[float, float, float, float]] = {
    "selected": (1.0, 1.0, 0.0, 1.0),
    "target": (0.1, 1.0, 0.25, 1.0),
    "keeps": (0.1, 1.0, 0.25, 1.0),
    "hint": (1.0, 0.25, 1.0, 1.0),
    "loses": (1.0, 0.2, 0.1, 1.0),
    "undecided": (1.0, 1.0, 1.0, 0.8),
    "last": (1.0, 1.0, 1.0, 0.9),
}

# --- card faces (RGB 0..255 for pygame) --------------------------------------
FACE_PAPER = (252, 251, 246)
#: The inks are chosen so that every pair of suits stays apart under protanopia, deuteranopia
#: and tritanopia as well as in normal vision (tests/test_suit_colours.py measures the rendered
#: pips): a pure red (no green in it) keeps the hearts darker than the clubs for a red-blind eye.
RED_INK = (204, 6, 24)
BLACK_INK = (22, 22, 26)
#: Four-colour deck: clubs green, diamonds blue (hearts red, spades black). The green leans
#: to sea green and the blue to cobalt: a grass green and a red look alike to the red- and
#: green-blind (the old (18, 128, 48) did), and a bluer green must then be lighter than the
#: blue for the blue-blind.
CLUB_GREEN = (18, 132, 96)
DIAMOND_BLUE = (0, 66, 210)
#: The corner index, in a card's design units (the card is 100 wide, 140 tall):
#: the rank's ink this tall (24 units: 14 px on a card 60 px wide, readable in
#: a fanned column of the smallest window), the suit beside it, both this far
#: from the card's left and top edges. With the fan step FAN_UP (33 units) the
#: strip a covering card leaves shows the whole index.
INDEX_RANK = 24.0
INDEX_SUIT = 20.0
INDEX_MARGIN = 5.0
INDEX_TOP = 4.0
#: Large print (the setting): the rank 31 units tall (14 px on a card 45 px wide, as tall
#: as the usual index on a card 58 px wide) and the suit 27, nearer the corner, so that the
#: whole index still fits the 33-unit strip a fanned column leaves showing. The pips of
#: the number cards grow too (LARGE_PIP units, the program's own pips in place of the art's).
LARGE_INDEX_RANK = 31.0
LARGE_INDEX_SUIT = 27.0
LARGE_INDEX_MARGIN = 3.5
LARGE_INDEX_TOP = 1.5
LARGE_PIP = 21.0
BACK_BLUE = (28, 58, 140)
BACK_LIGHT = (70, 110, 200)
BACK_INK = (235, 238, 248)
#: The card backs a player can pick: panel, lattice and frame/emblem colours.
BACKS: dict[str, tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]] = {
    "blue": (BACK_BLUE, BACK_LIGHT, BACK_INK),
    "red": ((150, 26, 38), (212, 86, 92), (248, 236, 232)),
    "green": ((22, 98, 58), (78, 164, 112), (234, 246, 236)),
    "black": ((30, 30, 36), (150, 126, 64), (222, 196, 128)),
}
#: Names of the card backs, for the settings menu (the first is the default).
CARD_BACKS: tuple[str, ...] = tuple(BACKS)
DEFAULT_CARD_BACK = "blue"
#: Where a card's contact shadow falls (world units): away from a lamp above
#: the far side of the table, so it shows under each card's near edge.
SHADOW_DIR = (0.022, -0.05)


def shader_look(contrast: bool) -> dict[str, object]:
    """The card and effect shaders' colours and widths of the usual look, or of high contrast.

    ``u_border``: the card's border from/to (pixels inside its edge) and strength; ``u_rim``:
    pixels of border colour outside the edge; ``u_mark_line``: the marks' solid line (world units).

    >>> shader_look(False)["u_ring"] == FOCUS_RING, shader_look(True)["u_border_col"]
    (True, (0.0, 0.0, 0.0))
    """
    if contrast:
        return {"u_focus_col": CONTRAST_FOCUS, "u_ring": CONTRAST_FOCUS_RING, "u_edge_col": CONTRAST_EDGE,
                "u_border_col": CONTRAST_BORDER, "u_border": (0.6, 1.6, 1.0), "u_rim": CONTRAST_OUTLINE_PX,
                "u_mark_line": CONTRAST_MARK_LINE}
    return {"u_focus_col": FOCUS, "u_ring": FOCUS_RING, "u_edge_col": CARD_EDGE, "u_border_col": CARD_BORDER,
            "u_border": (0.6, 1.6, 0.85), "u_rim": -1.0, "u_mark_line": 0.0}


def _choice(kind: str, name: str, names: tuple[str, ...]) -> str:
    if name not in names:
        raise ValueError(f"unknown {kind} {name!r}; choose one of: {', '.join(names)}")
    return name


def table_colour(name: str) -> tuple[tuple[float, float, float], tuple[float, float, float]]:
    """The felt and its rim colour for a table colour of :data:`TABLE_COLOURS`.

    >>> table_colour("green") == (FELT, FELT_DARK)
    True
    >>> table_colour("pink")
    Traceback (most recent call last):
    ValueError: unknown table colour 'pink'; choose one of: green, blue, red, grey
    """
    return THEMES[_choice("table colour", name, TABLE_COLOURS)]


def card_back(name: str) -> tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]:
    """Panel, lattice and ink colours of a card back of :data:`CARD_BACKS`.

    >>> card_back("plaid")
    Traceback (most recent call last):
    ValueError: unknown card back 'plaid'; choose one of: blue, red, green, black
    """
    return BACKS[_choice("card back", name, CARD_BACKS)]
