"""The system's text input for the number box, input methods included.

Text input (and with it the system's input method, IME) is on only while the
number box takes typing: with a Korean or Japanese IME on, the game's keys
stay keys (U, H, N ...) everywhere else. While the IME composes a word
(``TEXTEDITING``), Enter, Backspace, Esc and the arrows are its own; what it
commits comes as ``TEXTINPUT``. The window's title follows the language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _

if TYPE_CHECKING:
    from game.play.controller import Play

__all__ = ["TextEntry"]


class TextEntry:
    """What the window does with text input; :meth:`take` sees each event first."""

    def __init__(self) -> None:
        pygame.key.stop_text_input()
        #: Text input is on (the number box takes typing).
        self.on = False
        #: What the input method is composing: its keys are not the game's meanwhile.
        self.composing = ""
        self._caption = ""
        self.sync(False)

    def take(self, event: pygame.event.Event, play: Play) -> bool:
        """Handle ``event`` when it is text input's; True when it was (the window skips it)."""
        if event.type == pygame.TEXTEDITING:
            self.composing = event.text
        elif event.type == pygame.TEXTINPUT:
            self.composing = ""
            play.type_text(event.text)
        elif not (event.type == pygame.KEYDOWN and self.composing):
            return False
        return True

    def sync(self, typing: bool) -> None:
        """Once a frame: text input on exactly while ``typing``; the title in the language."""
        if typing != self.on:
            self.on, self.composing = typing, ""
            pygame.key.start_text_input() if typing else pygame.key.stop_text_input()
        caption = _("Solitaire")
        if caption != self._caption:
            self._caption = caption
            pygame.display.set_caption(caption)
