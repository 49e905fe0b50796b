"""The game in a window: ``App("freecell", number=617).run()``.

``window`` holds :class:`App` (events, the fixed-step loop, drawing,
saving), ``tables`` the per-game controllers that turn input into session
calls, ``flights`` the card animations (view state).
"""

from game.app.flights import Flights
from game.app.tables import FreeCellTable, SpiderTable, Table
from game.app.window import App

__all__ = ["App", "Flights", "FreeCellTable", "SpiderTable", "Table"]
