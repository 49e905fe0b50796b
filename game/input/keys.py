"""The keyboard and gamepad bindings: pygame events become :class:`Action` values.

SPEC §1.6 (FreeCell) and §2.4 (Spider)::

    >>> import pygame
    >>> translate_key("freecell", pygame.K_u, 0)
    Action(act=<Act.UNDO: 'undo'>)
    >>> translate_key("spider", pygame.K_z, 0).act, translate_key("spider", pygame.K_z, pygame.KMOD_CTRL).act
    (<Act.UNDO: 'undo'>, <Act.UNDO: 'undo'>)
    >>> translate_key("freecell", pygame.K_y, pygame.KMOD_CTRL).act
    <Act.REDO: 'redo'>
    >>> translate_key("spider", pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT).act
    <Act.REDO: 'redo'>
    >>> translate_key("freecell", pygame.K_RETURN, pygame.KMOD_ALT).act
    <Act.FULLSCREEN: 'fullscreen'>
    >>> translate_key("spider", pygame.K_s, 0).act, translate_key("spider", pygame.K_n, 0).act
    (<Act.MUTE: 'mute'>, <Act.NEW_DEAL: 'new deal'>)
    >>> translate_key("freecell", pygame.K_F6, pygame.KMOD_SHIFT).act, translate_key("freecell", pygame.K_c, 0).act
    (<Act.BAR_PREV: 'bar previous'>, <Act.TO_CELL: 'to a free cell'>)
"""

from __future__ import annotations

import pygame

from game.input.actions import Act, Action

__all__ = ["KEYMAPS", "translate_controller", "translate_key"]


_COMMON = {
    pygame.K_LEFT: Act.FOCUS_LEFT,
    pygame.K_RIGHT: Act.FOCUS_RIGHT,
    pygame.K_UP: Act.FOCUS_UP,
    pygame.K_DOWN: Act.FOCUS_DOWN,
    pygame.K_RETURN: Act.SELECT,
    pygame.K_KP_ENTER: Act.SELECT,
    pygame.K_SPACE: Act.SELECT,
    pygame.K_ESCAPE: Act.CANCEL,
    pygame.K_h: Act.HINT,
    pygame.K_F1: Act.HELP,
    pygame.K_F11: Act.FULLSCREEN,
    pygame.K_m: Act.MENU,
    pygame.K_s: Act.MUTE,
    # F6 moves between the table and the control bar, as it moves between a
    # window's panes in most programs; Tab walks an open dialog's buttons.
    pygame.K_F6: Act.BAR_NEXT,
    pygame.K_TAB: Act.FOCUS_NEXT,
}

#: Per game: plain key -> act (Ctrl+Z and Alt+Enter are handled for both).
KEYMAPS: dict[str, dict[int, Act]] = {
    "freecell": {**_COMMON, pygame.K_u: Act.UNDO, pygame.K_n: Act.NEW_DEAL, pygame.K_f: Act.AUTOCOMPLETE,
                 pygame.K_l: Act.MOVE_LIST, pygame.K_r: Act.REWIND, pygame.K_c: Act.TO_CELL},
    # Spider has no move list: its L opens the game review (FreeCell's list offers it too).
    "spider": {**_COMMON, pygame.K_z: Act.UNDO, pygame.K_a: Act.AUTO_MOVE, pygame.K_d: Act.DEAL,
               pygame.K_n: Act.NEW_DEAL, pygame.K_l: Act.MOVE_LIST},
}


def translate_key(game: str, key: int, mod: int) -> Action | None:
    """The action of a key press in ``game`` ("freecell" or "spider")."""
    if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and mod & pygame.KMOD_ALT:
        return Action(Act.FULLSCREEN)
    if key == pygame.K_z and mod & pygame.KMOD_CTRL:
        return Action(Act.REDO if mod & pygame.KMOD_SHIFT else Act.UNDO)
    if key == pygame.K_y and mod & pygame.KMOD_CTRL:
        return Action(Act.REDO)
    if key == pygame.K_q and mod & pygame.KMOD_CTRL:
        return Action(Act.QUIT)
    if key in (pygame.K_TAB, pygame.K_F6) and mod & pygame.KMOD_SHIFT:
        return Action(Act.FOCUS_PREV if key == pygame.K_TAB else Act.BAR_PREV)
    if mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
        return None  # leave system shortcuts alone
    act = KEYMAPS[game].get(key)
    return Action(act) if act is not None else None


_BUTTONS = {
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: Act.FOCUS_LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: Act.FOCUS_RIGHT,
    pygame.CONTROLLER_BUTTON_DPAD_UP: Act.FOCUS_UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: Act.FOCUS_DOWN,
    pygame.CONTROLLER_BUTTON_A: Act.SELECT,
    pygame.CONTROLLER_BUTTON_B: Act.CANCEL,
    pygame.CONTROLLER_BUTTON_X: Act.HINT,
    pygame.CONTROLLER_BUTTON_Y: Act.UNDO,
    # Redo beside Undo's Y on the right-hand side: a click of the right stick
    # (it has no other use; the shoulders and the d-pad walk places).
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: Act.REDO,
    pygame.CONTROLLER_BUTTON_START: Act.MENU,
    pygame.CONTROLLER_BUTTON_BACK: Act.QUIT,
    # The shoulders walk the control bar (the d-pad then walks it too, A presses).
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: Act.BAR_PREV,
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: Act.BAR_NEXT,
}

#: The right trigger, per game: the one-press move of the focused card (what
#: a double click does): FreeCell's to a free cell, Spider's auto-move.
_TRIGGER = {"freecell": Act.TO_CELL, "spider": Act.AUTO_MOVE}

#: Stick deflection (of 32767) that counts as a push, and the release point
#: below which it must come back before the next push (no chatter).
STICK_PUSH = 20000
STICK_RELEASE = 8000


def translate_controller(event: pygame.event.Event, stick: dict[int, int], game: str = "freecell") -> Action | None:
    """The action of a CONTROLLERBUTTONDOWN or CONTROLLERAXISMOTION event in ``game``.

    ``stick`` remembers, per axis, the direction currently pushed (-1, 0, 1)
    so that holding the stick (or the trigger) gives one move, like a D-pad press.

    >>> pull = pygame.event.Event(pygame.CONTROLLERAXISMOTION, axis=pygame.CONTROLLER_AXIS_TRIGGERRIGHT, value=30000)
    >>> held = {}
    >>> translate_controller(pull, held, "freecell").act, translate_controller(pull, held, "freecell")
    (<Act.TO_CELL: 'to a free cell'>, None)
    """
    if event.type == pygame.CONTROLLERBUTTONDOWN:
        act = _BUTTONS.get(event.button)
        return Action(act) if act is not None else None
    if event.type == pygame.CONTROLLERAXISMOTION and event.axis == pygame.CONTROLLER_AXIS_TRIGGERRIGHT:
        pulled = stick.get(event.axis, 0)
        if event.value < STICK_RELEASE:
            stick[event.axis] = 0
        elif event.value >= STICK_PUSH and not pulled:
            stick[event.axis] = 1
            return Action(_TRIGGER.get(game, Act.TO_CELL))
        return None
    if event.type == pygame.CONTROLLERAXISMOTION and event.axis in (
            pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
        held = stick.get(event.axis, 0)
        direction = 1 if event.value >= STICK_PUSH else -1 if event.value <= -STICK_PUSH else 0
        if abs(event.value) < STICK_RELEASE:
            stick[event.axis] = 0
            return None
        if direction == 0 or direction == held:
            return None
        stick[event.axis] = direction
        if event.axis == pygame.CONTROLLER_AXIS_LEFTX:
            return Action(Act.FOCUS_RIGHT if direction > 0 else Act.FOCUS_LEFT)
        return Action(Act.FOCUS_DOWN if direction > 0 else Act.FOCUS_UP)
    return None
