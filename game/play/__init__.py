"""The game without a window: the controller, the game on the table, and the
table controllers.

``controller`` holds :class:`Play` (input, gestures and the read-only
``frame``; the questions before a game is lost, the menu, help); ``round``
the game on the table and every reaction to it (``record``: statistics and
the save; ``jobs``: the solver's demo line, Rewind and winnable-deal search;
``demo``); ``table`` what both games' table controllers share and the events
they report, ``freecell_table`` / ``spider_table`` what each game adds and
answers, ``games`` the two games as objects; ``flights`` the card
animations (view state); ``menu`` the menu screens and settings; ``panels``
and ``frame`` the plain values the window draws. Nothing here imports pygame
or moderngl.
"""

from game.play.controller import Host, NullHost, Play
from game.play.frame import rest_layout

__all__ = ["Host", "NullHost", "Play", "rest_layout"]
