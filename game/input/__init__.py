"""Input becomes actions here, and only here: mouse, touch, keyboard and gamepad
all produce the same small set of :class:`Action` values or pointer gestures;
no rule is decided in an input handler.

``actions`` (the values), ``pointer`` (the gestures of a mouse or a finger)
and ``touch`` (which finger points; SDL's mouse copies of touches) need no pygame;
``keys`` (keyboard and gamepad bindings) reads pygame's key and button codes.
"""

from game.input.actions import Act, Action

__all__ = ["Act", "Action"]
