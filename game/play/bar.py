"""The keyboard's and gamepad's way onto the control bar: which bar button the
focus ring is on, if any.

F6 (and the pad's right shoulder) steps from the table onto the bar's first
button, then along it, then back to the table after the last; Shift+F6 (the
left shoulder) steps the other way. On the bar, Left/Right walk it, Enter or
the pad's A presses, and Esc, B, Up or Down hand the focus back to the table.
Greyed buttons are stepped over::

    >>> from game.play.panels import Button
    >>> bar = (Button("Menu", "menu"), Button("Undo", "undo", False), Button("Hint", "hint"))
    >>> ring = BarFocus()
    >>> ring.walk(bar, 1); ring.current(bar).label
    'Menu'
    >>> ring.walk(bar, 1); ring.current(bar).label  # Undo is greyed: stepped over
    'Hint'
    >>> ring.walk(bar, 1); ring.at is None  # past the last button: back on the table
    True
    >>> [b.focus for b in BarFocus(2).marked(bar)]
    [False, False, True]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from game.i18n import _
from game.input.actions import Act
from game.play.panels import Button

__all__ = ["BarFocus", "button_name"]

#: The keys that walk the control bar once the ring is on it (Left and Right as drawn).
_BAR_WALK = {Act.FOCUS_LEFT: -1, Act.FOCUS_PREV: -1, Act.FOCUS_RIGHT: 1, Act.FOCUS_NEXT: 1}



def button_name(label: str) -> str:
    """A bar button's name without its key, as a sentence names it: the label up to
    its key's parenthesis, with or without a space before it (a language's own
    typography decides), half- or full-width.

    >>> button_name("Undo (U)"), button_name("되돌리기(U)"), button_name("元に戻す（U）"), button_name("Deal (D) 5")
    ('Undo', '되돌리기', '元に戻す', 'Deal')
    """
    for i, ch in enumerate(label):
        if ch in "(（" and i:
            return label[:i].rstrip()
    return label.strip()

class BarFocus:
    """The bar button the ring is on (``at``, an index into the bar), or None: the table has it."""

    def __init__(self, at: int | None = None) -> None:
        self.at = at

    def _clamped(self, bar: Sequence[Button]) -> int | None:
        # The bar changes under the ring (Auto-complete takes New deal's place,
        # a won game has fewer buttons): it stays at its place, or the last one.
        if self.at is None or not bar:
            return None
        return min(self.at, len(bar) - 1)

    def walk(self, bar: Sequence[Button], step: int) -> None:
        """One enabled button on (``step`` 1) or back (-1); the table is the stop between the ends."""
        stops: list[int | None] = [None, *range(len(bar))]
        i = stops.index(self._clamped(bar))
        for _step in range(len(stops)):
            i = (i + step) % len(stops)
            at = stops[i]
            if at is None or bar[at].enabled:
                break
        self.at = stops[i]

    def leave(self) -> None:
        """The focus back on the table (Esc, B, Up, Down, or the mouse)."""
        self.at = None

    def current(self, bar: Sequence[Button]) -> Button | None:
        at = self._clamped(bar)
        return None if at is None else bar[at]

    def marked(self, bar: Sequence[Button]) -> tuple[Button, ...]:
        """The bar with the ring's button marked ``focus`` (what the overlay draws)."""
        at = self._clamped(bar)
        return tuple(replace(b, focus=True) if i == at else b for i, b in enumerate(bar))

    def key(self, act: Act, bar: Sequence[Button], press: Callable[[str], None], say: Callable[[str], None],
            mirrored: bool = False) -> bool:
        """A key or pad action for the bar: F6 / the shoulders onto and along it; with the
        ring on it, the arrows walk it, Select presses (``press``, as a click would),
        Esc and Up/Down go back to the table. ``mirrored``: the left-handed bar, drawn
        right to left. True when the action was the bar's."""
        if act in (Act.BAR_NEXT, Act.BAR_PREV):
            self.walk(bar, 1 if act is Act.BAR_NEXT else -1)
            return True
        chosen = self.current(bar)
        if chosen is None:
            return False
        if act in _BAR_WALK:
            step = _BAR_WALK[act]
            # The left-handed bar is drawn mirrored: Left still goes to the button on the left.
            self.walk(bar, -step if mirrored and act in (Act.FOCUS_LEFT, Act.FOCUS_RIGHT) else step)
            if self.at is None:
                self.walk(bar, -step if mirrored and act in (Act.FOCUS_LEFT, Act.FOCUS_RIGHT) else step)
        elif act is Act.SELECT and chosen.enabled:
            press(chosen.action)
        elif act is Act.SELECT:
            say(_("{button} cannot be used now").format(button=button_name(chosen.label)))
        elif act in (Act.CANCEL, Act.FOCUS_UP, Act.FOCUS_DOWN):
            self.leave()
        else:
            return False
        return True
