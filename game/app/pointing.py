"""The mouse and the fingers on the window: their gestures resolved to places for Play.

:mod:`game.input.pointer` turns presses, motion and releases into gestures
and :mod:`game.input.touch` picks the finger that points; here a gesture
meets the window: what lies under a pixel (picking against the camera), the
control bar and panels (the overlay), and where a dragged run lands. The
mouse and the finger each have a :class:`Pointer` (a finger needs more travel
before a press is a drag, and its taps and drops reach half a card further);
SDL's mouse copies of touches are dropped, so nothing acts twice.

A press held on a column opens the run panel; the pointer still down may
slide onto its up and down arrows (each arrival is one step) and its release
confirms the run (over the panel's Close it closes it instead). A window
resized or turned mid-drag sends the dragged run home (the camera under the
finger changed); a hold, its panel and a press still waiting go on.

For hands that cannot hold a button down (the settings): with "click to pick up
and drop" a click lifts the cards it chose and they follow the pointer until the
next click puts them down (on felt, or where they cannot go, they fly back); a
right-click puts back what is held, dragged or selected; "how far a drag must go"
sets each press's travel before it is a drag, so a shaky click stays a click.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from game import speeds
from game.input.actions import Act, Action
from game.input.pointer import Click, Drop, HoldLift, Pointer, drag_slop
from game.input.touch import Fingers, synthesised, to_pixels
from game.places import PileKind
from game.play import Play, rest_layout
from game.play.panels import Command
from game.render.layout import Layout
from game.render.picking import Pick, column_under, pick, target_near

if TYPE_CHECKING:
    from game.render.camera import Camera
    from game.render.scene import Renderer
    from game.ui.overlay import Overlay

__all__ = ["SLIDE_STEPS", "Host", "Pointing"]

#: The run panel's buttons a held pointer presses by sliding onto them.
SLIDE_STEPS = (Command.HOLD_UP, Command.HOLD_DOWN)

_MOUSE = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
_FINGER = (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP)


class Host(Protocol):
    """What the pointers use of their window (:class:`game.app.window.App`), named here
    so that the window imports its pointers and not the other way round."""

    play: Play
    overlay: Overlay
    renderer: Renderer
    size: tuple[int, int]
    now: Callable[[], float]


class Pointing:
    """The window's pointers; ``handle(event)`` takes the mouse and finger events."""

    def __init__(self, app: Host) -> None:
        self.app = app  # its play, overlay, renderer, size and clock
        self.mouse: Pointer[Pick] = Pointer()
        self.finger: Pointer[Pick] = Pointer(speeds.FINGER_DRAG_START_PX)
        self.fingers = Fingers()
        self._button: str | None = None  # the bar or panel button pressed, answered on release
        self._slid: str | None = None  # the panel button a held pointer is over
        self._size: tuple[int, int] = app.size  # the window's size the pointers' pixels belong to

    @property
    def dragging(self) -> bool:
        return self.mouse.drag is not None or self.finger.drag is not None

    def handle(self, event: pygame.event.Event) -> bool:
        """Take a mouse or finger event (True), or leave it to the window (False)."""
        t = event.type
        if t == pygame.MOUSEWHEEL:
            return self._wheel(event.y)
        if t in _MOUSE:
            if synthesised(event):
                return True  # SDL's copy of a touch: the finger events act for it
            if t == pygame.MOUSEMOTION:
                self._motion(self.mouse, event.pos)
            elif event.button == 1:
                (self._down if t == pygame.MOUSEBUTTONDOWN else self._up)(self.mouse, event.pos)
            elif event.button == 3 and t == pygame.MOUSEBUTTONDOWN:
                self._put_back()
            return True
        if t not in _FINGER:
            if t == pygame.WINDOWFOCUSLOST:  # a finger's lift may never come: its gesture ends here
                self.fingers.reset()
                self._cancel(self.finger)
            return False
        if synthesised(event):
            return True  # SDL's copy of the mouse: the mouse events act for it
        finger = (event.touch_id, event.finger_id)
        pos = to_pixels(event.x, event.y, self.app.size)
        if t == pygame.FINGERDOWN:
            got = self.fingers.down(finger)
            if got == "first":
                self._down(self.finger, pos)
            elif got == "cancel":
                self._cancel(self.finger)
        elif not self.fingers.owns(finger):
            if t == pygame.FINGERUP:
                self.fingers.up(finger)
        elif t == pygame.FINGERMOTION:
            self._motion(self.finger, pos)
        else:
            self.fingers.up(finger)
            self._up(self.finger, pos)
        return True

    def _wheel(self, notches: int) -> bool:
        """The wheel over a screen that scrolls (large text) scrolls it, three lines a notch
        (the keyboard's focus brings the view back to it); elsewhere the wheel does nothing."""
        screen = self.app.overlay.screen
        if screen is None or not (screen.above or screen.below) or not notches:
            return False
        self.app.overlay.scroll_by(-notches * 3 * screen.px)
        return True

    def poll(self, now: float) -> None:
        """Each fixed step: a press held long enough on a column opens its run panel."""
        play = self.app.play
        for p in (self.mouse, self.finger):
            hold = p.poll(now, play.holdable)
            if hold is not None:
                self._slid = None
                play.hold(hold.column, hold.index)

    def resized(self) -> None:
        """The window changed size or turned: a dragged run goes home (the table under it
        moved); a press still waiting counts its travel from where the pointer is now.
        The same size again (SDL says so on other occasions too) changes nothing."""
        if self.app.size == self._size:
            return
        self._size = self.app.size
        for p in (self.mouse, self.finger):
            if p.drag is not None or p.carry is not None:
                self._cancel(p)
            elif p.pressed:
                p.rebase()

    # --- one pointer's press, motion and release --------------------------------------

    def _down(self, p: Pointer[Pick], pos: tuple[int, int]) -> None:
        play, overlay = self.app.play, self.app.overlay
        if p.carry is not None and play.round.carried is None:
            p.carry = None  # put back meanwhile (Esc, a key): this press is a fresh one
        p.slop = drag_slop(play.settings.drag_distance, self.app.size, finger=p is self.finger)
        taken = play.press()
        if overlay.covers(pos):
            self._cancel(p)  # carried cards go back before a button acts on the table
            self._button = overlay.hit(pos, self._reach(p))
        elif not taken:
            p.cancel()  # a panel is up: the table waits for its answer
        else:
            p.down(pos, self.pick(pos) or (self._near(pos) if p is self.finger else None), self.app.now())

    def _motion(self, p: Pointer[Pick], pos: tuple[int, int]) -> None:
        p.move(pos, self.app.play.draggable)
        if p is self.mouse and not p.pressed:
            self.app.play.hover(lambda: self._place(pos))
        if p.holding:
            self._slide(pos)
        else:
            self._follow(p)

    def _up(self, p: Pointer[Pick], pos: tuple[int, int]) -> None:
        play = self.app.play
        button, self._button = self._button, None
        if button is not None and self.app.overlay.hit(pos, self._reach(p)) == button:
            play.button(button)
            return
        gesture = p.up(pos, self.app.now())
        if isinstance(gesture, Click):
            play.release(gesture)
            carried = play.round.carried
            if carried is not None and p.drag is None:
                p.carry_from(carried, pos)  # click to pick up: the cards now follow the pointer
        elif isinstance(gesture, Drop):
            play.release(target=self._target(gesture.end, speeds.FINGER_REACH if p is self.finger else 0.0))
        elif isinstance(gesture, HoldLift):
            self._lift(gesture.end)

    def _reach(self, p: Pointer[Pick]) -> int:
        """How far beside a button ``p`` still presses it: a fingertip is wider than its point."""
        return speeds.FINGER_BUTTON_REACH_PX if p is self.finger else 0

    def _cancel(self, p: Pointer[Pick]) -> None:
        """End ``p``'s gesture with nothing done: a dragged or carried run flies back where it came from."""
        if p.drag is not None or p.carry is not None:
            self.app.play.release(target=None)
        p.carry = None
        p.cancel()

    def _put_back(self) -> None:
        """A right-click: what the mouse drags or carries flies back; else a selection ends (as [Esc])."""
        play = self.app.play
        if self.mouse.drag is not None or self.mouse.carry is not None:
            self._cancel(self.mouse)
        elif play.round.selected and not play.blocked:
            play.act(Action(Act.CANCEL))

    def _slide(self, pos: tuple[int, int]) -> None:
        """A held pointer over the run panel: arriving on an arrow steps the head card once."""
        over = self.app.overlay.hit(pos)
        if over != self._slid and over in SLIDE_STEPS:
            self.app.play.button(over)
        self._slid = over

    def _lift(self, pos: tuple[int, int]) -> None:
        """The pointer let go after a hold: over one of the panel's other buttons (Close,
        Select) that button, anywhere else the run is confirmed (SPEC §1.6)."""
        self._slid = None
        panel = self.app.play.panel()
        actions = {b.action for b in panel.buttons} if panel is not None else set()
        over = self.app.overlay.hit(pos)
        if over in actions and over not in SLIDE_STEPS:
            self.app.play.button(over)
        elif Command.HOLD_OK in actions:
            self.app.play.button(Command.HOLD_OK)

    # --- places under a pixel ----------------------------------------------------------

    def _camera(self) -> tuple[Layout, Camera]:
        """The cards at rest and the camera that shows them (for picking)."""
        lay = rest_layout(self.app.play, self.app.size)
        return lay, self.app.renderer.camera_for(lay)

    def pick(self, pos: tuple[int, int]) -> Pick | None:
        lay, cam = self._camera()
        return pick(lay, cam, pos[0], pos[1])

    def _place(self, pos: tuple[int, int]) -> tuple[PileKind, int] | None:
        hit = self.pick(pos)
        return None if hit is None else (hit.kind, hit.pile)

    def _near(self, pos: tuple[int, int]) -> Pick | None:
        """For a finger on bare felt: the place within half a card of it, as a pick of its
        top card (or of the empty slot), so a tap beside a place selects or fills it."""
        lay, cam = self._camera()
        near = target_near(lay, cam, pos[0], pos[1], speeds.FINGER_REACH)
        if near is None:
            return None
        cards = [c for c in lay.pile(*near) if not c.hidden and not c.in_flight]
        return Pick(near[0], near[1], cards[-1].index, cards[-1].card) if cards else Pick(near[0], near[1], None, None)

    def _target(self, at: tuple[int, int], reach: float = 0.0) -> tuple[PileKind, int] | None:
        """The place a run let go at ``at`` lands on: the column under it, else a cell or
        foundation, else (``reach`` > 0: a finger) the nearest of them within ``reach``."""
        lay, cam = self._camera()
        col = column_under(lay, cam, at[0], at[1])
        if col is not None:
            return (PileKind.COLUMN, col)
        hit = pick(lay, cam, at[0], at[1])
        if hit is not None and hit.kind in (PileKind.CELL, PileKind.FOUNDATION, PileKind.COLUMN):
            return (hit.kind, hit.pile)
        return target_near(lay, cam, at[0], at[1], reach) if reach > 0 else None

    def _follow(self, p: Pointer[Pick]) -> None:
        """The dragged or carried run follows the pointer on the table plane."""
        if p.carry is not None and self.app.play.round.carried is None:
            p.carry = None  # put back meanwhile (Esc, a key, a new game)
        drag = p.drag or p.carry
        if drag is None:
            return
        _, cam = self._camera()
        gx, gy = cam.table_point(drag.start[0], drag.start[1], 0.0)
        x, y = cam.table_point(p.position[0], p.position[1], 0.0)
        self.app.play.move(drag.source, (x - gx, y - gy))
