"""The game in a window: ``App("freecell", number=617).run()``.

``window`` holds :class:`App`: pygame events turned into actions and
pointer gestures for :class:`game.play.Play`, the fixed-step loop, and the
drawing. Everything else about a game lives in :mod:`game.play`.
"""

from game.app.window import App

__all__ = ["App"]
