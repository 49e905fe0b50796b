"""The game without a window: the controller and the table controllers.

``controller`` holds :class:`Play` (the game's lifecycle: statistics, the
saved game, settings, the live check, hints, demo, Rewind, export, help and
the menu); ``table`` what both games' table controllers share (selection,
focus, messages, card flights) and the events they report;
``freecell_table`` / ``spider_table`` what each game adds; ``flights`` the
card animations (view state); ``demo`` the solver's line played on the
table; ``menu`` the menu screens and settings; ``panels`` the plain values
the overlay draws. Nothing here imports pygame or moderngl.
"""

from game.play.controller import Host, NullHost, Play

__all__ = ["Play", "Host", "NullHost"]
