"""The game in a window: ``App("freecell", number=617).run()``.

``window`` holds :class:`App` (events, the fixed-step loop, drawing,
saving); ``table`` the controller both games share, which turns input into
session calls, and ``freecell_table`` / ``spider_table`` what each game
adds; ``flights`` the card animations (view state); ``demo`` the solver's
line played on the table.
"""

from game.app.flights import Flights
from game.app.freecell_table import FreeCellTable
from game.app.spider_table import SpiderTable
from game.app.table import Table
from game.app.window import App

__all__ = ["App", "Flights", "FreeCellTable", "SpiderTable", "Table"]
