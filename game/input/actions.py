"""The actions every input becomes: keys, gamepad buttons, the control bar.

The bindings that produce them live in :mod:`game.input.keys` (keyboard and
gamepad, through pygame) and :mod:`game.input.pointer` (mouse gestures);
everything above input sees only these values::

    >>> Action(Act.UNDO).act.value
    'undo'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

__all__ = ["Act", "Action"]


class Act(enum.Enum):
    FOCUS_LEFT = "focus left"
    FOCUS_RIGHT = "focus right"
    FOCUS_UP = "focus up"
    FOCUS_DOWN = "focus down"
    FOCUS_NEXT = "focus next"  # Tab: the stock and the columns in turn (Spider)
    FOCUS_PREV = "focus previous"
    SELECT = "select"  # select, place, or send home
    CANCEL = "cancel"
    UNDO = "undo"
    REDO = "redo"  # Ctrl+Y, Ctrl+Shift+Z: the last undone step again
    HINT = "hint"
    NEW_DEAL = "new deal"
    AUTOCOMPLETE = "auto-complete"
    AUTO_MOVE = "auto-move"  # Spider's A: the double-click move of the focused card
    DEAL = "deal"  # Spider's stock
    MENU = "menu"
    MOVE_LIST = "move list"  # FreeCell: every legal move as a button
    REWIND = "rewind"  # FreeCell: back to the last winnable position
    HELP = "help"
    FULLSCREEN = "fullscreen"
    QUIT = "quit"  # Ctrl+Q, the menu's Quit, the gamepad's Back: asks first
    MUTE = "mute"  # S: sound off / on (the volume setting is kept)
    TO_CELL = "to a free cell"  # FreeCell's C: the focused card to the first empty free cell
    BAR_NEXT = "bar next"  # F6, the pad's RB: the focus ring onto the control bar, one button on
    BAR_PREV = "bar previous"  # Shift+F6, the pad's LB: one button back


@dataclass(frozen=True)
class Action:
    act: Act


