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

# --- camera ------------------------------------------------------------------
#: Angle between the view direction and straight down: tilted toward the player.
TILT = math.radians(24.0)
#: Vertical field of view: narrow, so that far cards are not much smaller.
FOV_Y = math.radians(30.0)
#: Free space kept around the table, as a fraction of the half viewport.
VIEW_MARGIN = 0.025

# --- colours -----------------------------------------------------------------
FELT = (0.085, 0.37, 0.205)
FELT_DARK = (0.03, 0.16, 0.09)
SLOT_LINE = (0.85, 0.95, 0.88, 0.32)
SLOT_FILL = (0.0, 0.0, 0.0, 0.16)
CARD_EDGE = (0.80, 0.79, 0.74)
CARD_BORDER = (0.52, 0.52, 0.50)
SHADOW_ALPHA = 0.42

#: Highlight colours (RGB + strength) the game asks for by name.
SELECTED = (1.0, 0.84, 0.08, 1.0)
TARGET = (0.22, 0.95, 0.38, 0.95)
HINT = (0.45, 0.86, 1.0, 1.0)
FOCUS = (0.30, 0.62, 1.0, 1.0)

# --- card faces (RGB 0..255 for pygame) --------------------------------------
FACE_PAPER = (252, 251, 246)
RED_INK = (206, 22, 32)
BLACK_INK = (22, 22, 26)
#: Four-colour deck: clubs green, diamonds blue (hearts red, spades black).
CLUB_GREEN = (18, 128, 48)
DIAMOND_BLUE = (24, 82, 208)
BACK_BLUE = (28, 58, 140)
BACK_LIGHT = (70, 110, 200)
#: Where a card's contact shadow falls (world units): away from a lamp above
#: the far side of the table, so it shows under each card's near edge.
SHADOW_DIR = (0.022, -0.05)
