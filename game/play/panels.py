"""What a panel or the control bar shows, as plain values.

The controller decides what is on screen (a button's label, whether it is
enabled, which one has the keyboard focus); :mod:`game.ui.overlay` draws
it. Nothing here knows about pygame or OpenGL::

    >>> Panel("You won!", ("Deal #617",), (Button("New deal", "new"),)).buttons[0].action
    'new'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Button", "Panel"]


@dataclass(frozen=True)
class Button:
    label: str
    action: str
    enabled: bool = True


@dataclass(frozen=True)
class Panel:
    """A box in the middle of the table: a title, lines, and buttons."""

    title: str
    lines: tuple[str, ...] = ()
    buttons: tuple[Button, ...] = ()
    #: Buttons one under another (menus) instead of in a row (result panels).
    vertical: bool = False
    #: The button the keyboard or gamepad is on (-1: none).
    focus: int = -1
    #: A document instead of ``lines`` (:mod:`game.howto` Heading/Paragraph/Bullets
    #: blocks): the overlay sets headings large and wraps paragraphs to the box.
    blocks: tuple[Any, ...] = ()
