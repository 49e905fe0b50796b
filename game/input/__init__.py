"""Input becomes actions here, and only here: mouse, keyboard and gamepad all
produce the same small set of :class:`Action` values; no rule is decided in
an input handler."""

from game.input.actions import Action, Act, KEYMAPS, translate_key, translate_controller

__all__ = ["Action", "Act", "KEYMAPS", "translate_key", "translate_controller"]
