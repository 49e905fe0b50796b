"""Fingers on a touch screen become the same pointer gestures as the mouse.

SDL reports each finger (FINGERDOWN, FINGERMOTION, FINGERUP) with its
device and finger ids and a position normalised to the window (0..1). For
programs that know no fingers it also makes mouse events from the first
touch; those carry ``touch`` (pygame-ce) or the mouse id
:data:`TOUCH_MOUSE_ID`, and :func:`synthesised` picks them out so that the
window ignores them: nothing acts twice.

One finger at a time drives the table, through a
:class:`game.input.pointer.Pointer` of its own (a tap is a click, two taps a
double click, a slide a drag, a long press the run panel). A second finger
while the first is down cancels the first one's gesture (a dragged run flies
home); nothing more happens until every finger is up::

    >>> f = Fingers()
    >>> f.down((1, 10)), f.owns((1, 10))
    ('first', True)
    >>> f.down((1, 11)), f.owns((1, 10))
    ('cancel', False)
    >>> f.up((1, 11)), f.up((1, 10)), f.down((1, 12))
    (False, False, 'first')
    >>> to_pixels(0.5, 1.0, (800, 600))
    (400, 599)
"""

from __future__ import annotations

from typing import Literal

__all__ = ["MOUSE_TOUCH_ID", "TOUCH_MOUSE_ID", "Fingers", "synthesised", "to_pixels"]

#: SDL_TOUCH_MOUSEID: the mouse id SDL gives the mouse events it makes from a touch.
TOUCH_MOUSE_ID = 0xFFFFFFFF
#: SDL_MOUSE_TOUCHID: the touch device id of finger events SDL makes from the mouse
#: (the hint SDL_MOUSE_TOUCH_EVENTS; on by default on phones): the mouse acts for them.
MOUSE_TOUCH_ID = -1

Finger = tuple[int, int]  # (touch device id, finger id)


def synthesised(event: object) -> bool:
    """Whether a mouse event is SDL's copy of a touch (the finger events already said it),
    or a finger event SDL's copy of the mouse (the mouse events say it).

    >>> from types import SimpleNamespace as E
    >>> synthesised(E(touch=True)), synthesised(E(which=0)), synthesised(E(touch_id=MOUSE_TOUCH_ID))
    (True, False, True)
    """
    return (bool(getattr(event, "touch", False)) or getattr(event, "which", None) == TOUCH_MOUSE_ID
            or getattr(event, "touch_id", None) in (MOUSE_TOUCH_ID, 2**64 - 1))


def to_pixels(x: float, y: float, size: tuple[int, int]) -> tuple[int, int]:
    """A finger's normalised position as a window pixel (clamped inside the window)."""
    w, h = size
    return (min(w - 1, max(0, int(x * w))), min(h - 1, max(0, int(y * h))))


class Fingers:
    """Which finger is the pointer: the first one down, until a second one spoils it."""

    def __init__(self) -> None:
        self._down: set[Finger] = set()
        self._lead: Finger | None = None

    def down(self, finger: Finger) -> Literal["first", "cancel", "ignore"]:
        """A finger touched: the pointer's press ("first"), the end of the lead finger's
        gesture ("cancel"), or nothing ("ignore": the gesture was already cancelled)."""
        self._down.add(finger)
        if len(self._down) == 1:
            self._lead = finger
            return "first"
        if self._lead is not None:
            self._lead = None
            return "cancel"
        return "ignore"

    def owns(self, finger: Finger) -> bool:
        """Whether ``finger``'s motion and release are the pointer's."""
        return finger == self._lead

    def up(self, finger: Finger) -> bool:
        """A finger lifted; True when it was the pointer (its release ends the gesture)."""
        self._down.discard(finger)
        lead = finger == self._lead
        if lead:
            self._lead = None
        return lead

    def reset(self) -> None:
        """Forget every finger (the window lost the touch screen, e.g. its focus): no
        finger whose lift never came can block the next touch."""
        self._down.clear()
        self._lead = None
