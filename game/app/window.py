"""The game in a window: events, the fixed-step loop, and drawing.

::

    App("freecell", number=617).run()

The arrows point one way: pygame events become :class:`game.input.Action`
values (keys, gamepad, the control bar) or pointer gestures
(:mod:`game.input.pointer`) here; :class:`game.play.Play` carries them out
(it owns the game's lifecycle and the table controllers, which ask the
session, which asks the rules engine); the renderer reads the position,
with card flights as view state on top. No rule is decided here.

The loop is fixed-step (:class:`game.loop.FixedStep`) on an injected clock;
nothing is drawn when nothing changed; the game clock pauses while the
window is unfocused or minimised.
"""

from __future__ import annotations

import time
from typing import Any, Callable

import moderngl
import pygame

from game import speeds
from game.app.capabilities import Refusals, display_key, to_stderr
from game.input.actions import Act, Action
from game.input.keys import translate_controller, translate_key
from game.input.pointer import Click, Drop, Pointer
from game.loop import FixedStep
from game.play import Play
from game.play.flights import Key
from game.play.menu import Settings
from game.render.layout import CardTransform, PileKind
from game.render.picking import Pick, column_under, pick
from game.render.scene import Renderer, View
from game.sound import quiet_alsa
from game.ui.overlay import Overlay

__all__ = ["App"]

#: Milliseconds the idle loop sleeps when nothing moves and no input comes
#: (the clock, the solver's answers and the message line are looked at this
#: often: the clock may show its new second up to a quarter second late), and
#: how often it looks for input meanwhile (input wakes it within that).
IDLE_WAIT_MS = 250
IDLE_LOOK_MS = 25

#: The window's size when the display refuses the one asked for.
FALLBACK_SIZE = (800, 600)


def open_window(size: tuple[int, int], refusals: Refusals) -> pygame.Surface:
    """The OpenGL window at ``size``, or at :data:`FALLBACK_SIZE` when the
    display refuses that size (said once, remembered for the display). A
    display that gives no OpenGL window at all raises: that is no window."""
    flags = pygame.OPENGL | pygame.DOUBLEBUF | pygame.RESIZABLE
    if refusals.remembered("size"):
        return pygame.display.set_mode(FALLBACK_SIZE, flags)
    try:
        return pygame.display.set_mode(size, flags)
    except pygame.error as exc:
        refused = exc
    try:
        window = pygame.display.set_mode(FALLBACK_SIZE, flags)
    except pygame.error:
        raise refused from None  # no size works: not the size's fault, so nothing is remembered
    refusals.refuse("size", refused, want=f"{size[0]}×{size[1]}", got=f"{FALLBACK_SIZE[0]}×{FALLBACK_SIZE[1]}")
    return window


def _window_context() -> moderngl.Context:
    """The moderngl context of the window SDL just made current."""
    return moderngl.create_context()


class App:
    """One window, one table. ``step()`` runs one frame; ``run()`` loops until quit."""

    def __init__(self, game: str = "freecell", number: int | None = None, suits: int = 1,
                 size: tuple[int, int] = (1280, 720), *, now: Callable[[], float] = time.perf_counter,
                 fullscreen: bool = False, restore: bool = True,
                 data_folder: str | None = None) -> None:
        quiet_alsa()  # no sound card: play silently, without ALSA's sixteen lines on stderr
        pygame.init()
        self.now = now
        from game.store import Store

        store = Store(data_folder) if data_folder is not None else Store()
        #: What this display refused (full screen, a size, ...): said once, the game plays on.
        self.refusals = Refusals(store, display_key(pygame.display.get_driver()), to_stderr)
        pygame.display.set_caption("Solitaire")
        self.window = open_window(size, self.refusals)
        self.ctx = _window_context()
        self.size = pygame.display.get_window_size()
        self.ctx.viewport = (0, 0, *self.size)
        self.renderer = Renderer(self.ctx, self.size)
        self.overlay = Overlay(self.ctx, self.size)
        self.loop = FixedStep(now=now)
        self.controllers: dict[int, Any] = {}
        self.stick: dict[int, int] = {}
        self.pointer = Pointer()
        self._button: str | None = None
        self._clipboard = ""
        self.frames_drawn = 0
        self._pulse: tuple[tuple[Any, ...], float] = ((), 0.0)  # the hint marks shown, since when
        self._fullscreen_wanted: bool | None = None
        self._system_clipboard = True
        from game.sound import Sound

        self.sound = Sound(0.0)
        self.play = Play(self, game, number, suits, now=now, restore=restore, store=store,
                         fullscreen=fullscreen)
        self._say_refusals()
        pygame.key.start_text_input()
        self._init_controllers()

    @property
    def running(self) -> bool:
        return self.play.running

    # --- what the controller asks of the window (game.play.Host) -----------------------

    def clipboard_put(self, text: str) -> bool:
        """Copy ``text``; False when only this window holds it (no system clipboard)."""
        self._clipboard = text  # kept in the game too: there may be no system clipboard
        if self._system_clipboard:
            self._system_clipboard = self.refusals.attempt("clipboard", lambda: pygame.scrap.put_text(text))
        return self._system_clipboard

    def clipboard_get(self) -> str:
        got: list[str] = []
        if self._system_clipboard:
            self._system_clipboard = self.refusals.attempt("clipboard", lambda: got.append(pygame.scrap.get_text()))
        return got[0] if got and got[0] else self._clipboard

    def apply_look(self, settings: Settings) -> None:
        self.renderer.set_four_colour(settings.four_colour)
        self.renderer.set_table_colour(settings.table_colour)
        self.overlay.set_table_colour(settings.table_colour)
        self.renderer.set_card_back(settings.card_back)
        self.overlay.set_mirror(settings.left_handed)
        # Tried at start unless this display refused it before; tried anew when the player turns it on.
        asked = self._fullscreen_wanted is not None and settings.fullscreen != self._fullscreen_wanted
        self._fullscreen_wanted = settings.fullscreen
        if self._fullscreen_now() != settings.fullscreen:
            self.toggle_fullscreen(asked=asked)

    def play_sound(self, name: str) -> None:
        self.sound.play(name)

    def set_volume(self, volume: float) -> None:
        self.sound.set_volume(volume)

    # --- window ------------------------------------------------------------------

    def _init_controllers(self) -> None:
        try:
            from pygame._sdl2 import controller

            controller.init()
            self._controller_mod = controller
        except Exception:  # pragma: no cover - SDL without game controller support
            self._controller_mod = None

    def resize(self, size: tuple[int, int]) -> None:
        # moderngl's default framebuffer keeps its creation size: set the viewport.
        self.size = (max(1, size[0]), max(1, size[1]))
        self.ctx.viewport = (0, 0, *self.size)
        self.renderer.resize(self.size)
        self.overlay.resize(self.size)

    def _fullscreen_now(self) -> bool:
        return bool(pygame.display.get_surface().get_flags() & pygame.FULLSCREEN)

    def toggle_fullscreen(self, asked: bool = True) -> None:
        """Switch full screen on or off; a display that refuses says so once, and the game plays on."""
        if self.refusals.attempt("fullscreen", pygame.display.toggle_fullscreen, asked=asked):
            self.resize(pygame.display.get_window_size())

    def _say_refusals(self) -> None:
        """From now on a refusal goes to the message line too; those said while
        the window opened go there now (after what the data folder had to say)."""
        def say(line: str) -> None:
            to_stderr(line)
            self.play.say(line)

        self.refusals.report = say
        if self.refusals.lines:
            self.play.say("; ".join(([self.play.message] if self.play.message else []) + self.refusals.lines))

    # --- events ----------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        t = event.type
        play = self.play
        clock = play.table.session.clock
        if t == pygame.QUIT:
            play.running = False
        elif t == pygame.WINDOWSIZECHANGED:
            self.resize(pygame.display.get_window_size())
        elif t == pygame.WINDOWFOCUSLOST:
            clock.pause("focus")
        elif t == pygame.WINDOWFOCUSGAINED:
            clock.resume("focus")
        elif t == pygame.WINDOWMINIMIZED:
            clock.pause("minimised")
        elif t in (pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            clock.resume("minimised")
            self.loop.reset()
        elif t == pygame.TEXTINPUT:
            play.type_text(event.text)
        elif t == pygame.KEYDOWN and play.typing and event.key not in (
                pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            if event.key == pygame.K_BACKSPACE:
                play.backspace()
            elif event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:
                play.paste()
        elif t == pygame.KEYDOWN:
            self._action(translate_key(play.game, event.key, event.mod))
        elif t in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERAXISMOTION):
            self._action(translate_controller(event, self.stick))
        elif t == pygame.CONTROLLERDEVICEADDED and self._controller_mod is not None:
            try:
                self.controllers[event.device_index] = self._controller_mod.Controller(event.device_index)
            except Exception as exc:  # not a game controller SDL can open: the keys still play
                self.refusals.refuse("controller", exc)
        elif t == pygame.CONTROLLERDEVICEREMOVED:
            for k, c in list(self.controllers.items()):
                if not c.attached():
                    del self.controllers[k]
        elif t == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._mouse_down(event.pos)
        elif t == pygame.MOUSEMOTION:
            self.pointer.move(event.pos, self._draggable)
        elif t == pygame.MOUSEBUTTONUP and event.button == 1:
            self._mouse_up(event.pos)

    def _action(self, action: Action | None) -> None:
        if action is None:
            return
        self.play.env.keyboard_used = True
        if action.act is Act.FULLSCREEN:
            # From what the window is, not the setting: a display that refused leaves them apart.
            self.play.settings.fullscreen = self._fullscreen_wanted = not self._fullscreen_now()
            self.toggle_fullscreen()
            return
        self.play.act(action)

    def _mouse_down(self, pos: tuple[int, int]) -> None:
        self.play.env.keyboard_used = False
        self.play.table.flights.land()
        if self.overlay.covers(pos):
            self.pointer.cancel()
            self._button = self.overlay.hit(pos)
            return
        if self.play.blocked:
            self.pointer.cancel()
            return  # a panel is up: the table waits for its answer
        self.pointer.down(pos, self.pick(pos), self.now())

    def _mouse_up(self, pos: tuple[int, int]) -> None:
        button, self._button = self._button, None
        if button is not None and self.overlay.hit(pos) == button:
            self.play.button(button)
            return
        gesture = self.pointer.up(pos, self.now())
        if isinstance(gesture, Click):
            self.play.click(gesture.where, gesture.double)
        elif isinstance(gesture, Drop):
            self._drop(gesture)

    def _draggable(self, where: Pick) -> bool:
        return self.play.draggable(where)

    def pick(self, pos: tuple[int, int]) -> Pick | None:
        lay = self.play.table.layout_now()
        return pick(lay, self.renderer.camera_for(lay), pos[0], pos[1])

    def _drop(self, drop: Drop) -> None:
        table = self.play.table
        lay = table.layout_now()
        cam = self.renderer.camera_for(lay)
        target: tuple[str, int] | None = None
        col = column_under(lay, cam, drop.end[0], drop.end[1])
        if col is not None:
            target = ("column", col)
        else:
            hit = pick(lay, cam, drop.end[0], drop.end[1])
            if hit is not None and hit.kind in ("cell", "foundation", "column"):
                target = (hit.kind, hit.pile)
        held = self._held(drop.source, drop.start, drop.end)
        if self.play.drop(drop.source, target):
            return
        # Fly the run back from where it was let go.
        now = self.play.env.anim_time
        kind, pile, index = drop.source
        for p in lay.pile(PileKind(kind), pile):
            if p.index >= index and p.key in held:
                table.flights.add(table.card_key(p), held[p.key], CardTransform(p.x, p.y, p.z, p.yaw, p.flip),
                                  now, speeds.RETURN_FLIGHT * self.play.env.speed, 0.0)

    def _held(self, source: tuple[str, int, int], start: tuple[int, int],
              at: tuple[int, int]) -> dict[Key, CardTransform]:
        """Where the dragged run is drawn with the pointer at ``at``: it follows the pointer on the table plane."""
        kind, pile, index = source
        lay = self.play.table.layout_now()
        cam = self.renderer.camera_for(lay)
        gx, gy = cam.table_point(start[0], start[1], 0.0)
        x, y = cam.table_point(at[0], at[1], 0.0)
        return {p.key: CardTransform(p.x + x - gx, p.y + y - gy, p.z + 0.3, p.yaw, p.flip)
                for p in lay.pile(PileKind(kind), pile) if p.index >= index}

    def drag_overrides(self) -> dict[Key, CardTransform]:
        drag = self.pointer.drag
        if drag is None:
            return {}
        return self._held(drag.source, drag.start, self.pointer.position)

    # --- the frame ---------------------------------------------------------------------

    def _update(self, dt: float) -> None:
        self.play.update(dt)
        hold = self.pointer.poll(self.now(), self.play.holdable)
        if hold is not None:
            self.play.hold(hold.column, hold.index)

    def step(self) -> bool:
        """One frame: events, fixed-step updates, and a redraw if anything changed."""
        for event in pygame.event.get():
            self.handle(event)
        self.loop.tick(self._update)
        play = self.play
        table = play.table
        lay = table.layout_now({**table.overrides(), **self.drag_overrides()})
        drag = self.pointer.drag
        marks = table.marks(drag.source if drag is not None else None)
        view = View(lay, marks=marks, focus=table.focus_mark(), time=self._pulse_time(marks))
        text_changed = self.overlay.update(play.status(), play.message, play.buttons(), play.panel())
        drew = self.renderer.render(view, force=text_changed)
        if drew:
            self.overlay.draw()
            pygame.display.flip()
            self.frames_drawn += 1
        return drew

    def _pulse_time(self, marks: list[Any]) -> float:
        """The hint glow's clock: it pulses for a while after the hint appears,
        then holds still, so an idle table with a hint on it stops redrawing."""
        hints = tuple(m for m in marks if m.style == "hint")
        if not hints:
            self._pulse = ((), 0.0)
            return 0.0
        now = self.play.env.anim_time
        if hints != self._pulse[0]:
            self._pulse = (hints, now)
        return min(now, self._pulse[1] + speeds.HINT_PULSE)

    def run(self) -> int:
        try:
            while self.running:
                drew = self.step()
                if drew:
                    continue
                if self.play.busy or self.pointer.drag:
                    pygame.time.wait(8)  # cards are flying: the next frame is due soon
                    continue
                # Nothing moves: sleep until input arrives (it wakes the loop at
                # once), or a tenth of a second has passed for the clock, the
                # solver's answers and the message line.
                self._idle_wait()
        finally:
            self.close()
        return 0

    def _idle_wait(self) -> None:
        """Sleep up to IDLE_WAIT_MS, looking for input every IDLE_LOOK_MS: input
        wakes the loop within a few ms, and an idle table costs almost nothing
        (SDL's own timed wait polls, so it is not used)."""
        slept = 0
        while slept < IDLE_WAIT_MS:
            pygame.time.wait(IDLE_LOOK_MS)
            slept += IDLE_LOOK_MS
            if pygame.event.peek():
                return

    def close(self) -> None:
        """Save the game, stop the solver processes, free the GL objects, close the window."""
        self.play.close()
        self.sound.close()
        self.overlay.release()
        self.renderer.release()
        self.ctx.release()
        pygame.quit()
