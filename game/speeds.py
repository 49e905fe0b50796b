"""Every animation duration in one place (kpat keeps its in ``speeds.h``).

Seconds at the normal animation speed; the speed setting scales them all
(``SPEED_FACTORS``), and "instant" makes every flight land at once.
"""

from __future__ import annotations

#: A card or run flying from where it was to where it lands.
FLIGHT = 0.24
#: Each automatic foundation card after the move that set it off, one after another.
AUTO_GAP = 0.07
#: Auto-complete: one card after another (each with its own flight), this far apart.
AUTOCOMPLETE_GAP = 0.08
#: Undo flies the cards back a little quicker than they came.
UNDO_FLIGHT = 0.18
#: An illegal drop returns the cards to where they were.
RETURN_FLIGHT = 0.20
#: Spider's deal: ten cards, one after another.
DEAL_GAP = 0.04
#: A fresh FreeCell deal: 52 cards flying out one after another from the pack.
DEAL_CARD_GAP = 0.022
#: Cards re-fanning when a column grows or shrinks.
GLIDE = 0.16
#: How high a flying card lifts at the top of its arc (table units; a card is 1 wide).
LIFT = 0.35
#: Two clicks within this many seconds on one card are a double-click.
DOUBLE_CLICK = 0.35
#: Press and hold on a column this long to open the run selection panel.
HOLD = 0.55
#: Pixels the pointer must travel before a press becomes a drag.
DRAG_START_PX = 5
#: The same for a finger: a fingertip rolls a few pixels in a tap.
FINGER_DRAG_START_PX = 14
#: The "how far a drag must go" setting: name -> pixels a mouse press must travel
#: before it is a drag, in a window 720 pixels tall (a bigger window scales them up,
#: as its cards are bigger). "short" is the plain :data:`DRAG_START_PX`.
DRAG_DISTANCES = {"short": DRAG_START_PX, "medium": 16, "long": 32}
#: A finger's drop this near a place (table units: half a card's width) lands on it.
FINGER_REACH = 0.5
#: A finger's tap this many pixels beside a button (in the bar's or a panel's gaps) presses it.
FINGER_BUTTON_REACH_PX = 10

#: The animation-speed setting: name -> factor on every duration above.
SPEED_FACTORS = {"slow": 1.6, "normal": 1.0, "fast": 0.55, "instant": 0.0}

#: The win celebration: the kings leap and spin, one after another, starting
#: this long after the last card lands, each this long after the previous.
CELEBRATE_DELAY = 0.5
CELEBRATE_GAP = 0.15
#: Seconds one king's spin takes, and how high it leaps (table units).
CELEBRATE_SPIN = 0.9
CELEBRATE_LIFT = 1.2
#: How far down the table (world units) a celebrating king drifts at the top of its leap,
#: so that the lifted card stays inside the window (the top row is near its edge).
CELEBRATE_DIP = 1.0
#: How much larger a king looks at the top of its leap (it is nearer the camera).
CELEBRATE_GROWTH = 1.25

#: Seconds a message stays on the message line when nothing else clears it.
MESSAGE_SECONDS = 6.0

#: Seconds a hint's glow pulses before it holds still (nothing redraws after).
HINT_PULSE = 3.0
