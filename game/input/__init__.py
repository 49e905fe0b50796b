"""Input becomes actions here, and only here: mouse, keyboard and gamepad all
produce the same small set of :class:`Action` values; no rule is decided in
an input handler.

``actions`` (the values) and ``pointer`` (mouse gestures) need no pygame;
``keys`` (keyboard and gamepad bindings) reads pygame's key and button codes.
"""

from game.input.actions import Act, Action

__all__ = ["Action", "Act"]
