"""The game in a window: events, the fixed-step loop, and drawing::

    App("freecell", number=617).run()

The arrows point one way: pygame events become :class:`game.input.Action`
values (keys, gamepad) or pointer gestures (mouse, fingers) resolved to
places by :class:`game.app.pointing.Pointing`, and go
to :class:`game.play.Play`; the window draws Play's read-only
:class:`game.play.frame.Frame` and never reaches past it. No rule is decided here.

The loop is fixed-step (:class:`game.loop.FixedStep`) on an injected clock;
nothing is drawn when nothing changed; the game clock pauses while the
window is unfocused or minimised.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING

import moderngl
import pygame

from game import speeds
from game.app.capabilities import (
    Clipboard,
    FullScreen,
    Refusals,
    controller_module,
    current_window,
    desktop_size,
    display_key,
    name_the_app,
    open_window,
    restored_window,
    to_stderr,
)
from game.app.pointing import Pointing
from game.app.sdl import hide_window
from game.app.textentry import TextEntry
from game.app.waiting import LOOK_MS, RESTING_S, EventWaiter, look_for_input
from game.i18n import formats_warm, warm_formats
from game.input.keys import translate_controller, translate_key
from game.loop import FixedStep
from game.motion import FollowsDesktop
from game.play import Play
from game.play.menu import Settings
from game.play.round import QUIET_LOOK
from game.render.picking import Pick, marked_boxes, pile_boxes, place_box
from game.render.scene import Renderer, View, show_felt, swap_keeps_frame
from game.solver.service import answer_pipes
from game.sound import AUDIO_BUFFER, DEFAULT_RATE, quiet_audio
from game.ui.overlay import Overlay

if TYPE_CHECKING:
    from pygame._sdl2.controller import Controller

    from game.render.marks import Mark

__all__ = ["App"]

#: Milliseconds the idle loop sleeps at most when nothing moves and no input
#: comes (a quarter second while an answer or a press is pending; until the clock's
#: next second while it runs; a few seconds when nothing can change:
#: :meth:`game.play.round.Round.quiet_for`); input wakes it (where SDL cannot wait
#: for input, within :data:`game.app.waiting.LOOK_MS`).
IDLE_WAIT_MS = 5000


class App(FollowsDesktop):
    """One window, one table. ``step()`` runs one frame; ``run()`` loops until quit."""

    def __init__(self, game: str = "freecell", number: int | None = None, suits: int = 1,
                 size: tuple[int, int] | None = None, *, now: Callable[[], float] = time.perf_counter,
                 fullscreen: bool = False, restore: bool = True,
                 data_folder: str | None = None, language: str | None = None) -> None:
        name_the_app()
        # pygame.init() opens the mixer: with the buffer Sound wants, not pygame's own.
        pygame.mixer.pre_init(DEFAULT_RATE, -16, 2, AUDIO_BUFFER)
        with quiet_audio():  # no sound card: play silently, without ALSA's sixteen lines on stderr
            pygame.init()
        self.now = now
        from game.sound import Sound
        from game.store import Store

        store = Store(data_folder) if data_folder is not None else Store()
        #: What this display refused (full screen, a size, ...): said once, the game plays on.
        self.refusals = Refusals(store, display_key(pygame.display.get_driver()), to_stderr)
        self.text_entry = TextEntry()  # the number box's typing, an IME's included; the title
        # No size asked for: the window comes back where and as big as it was, fitted to this display.
        settings = Settings.load(store)
        remembered, where = restored_window(settings.window, desktop_size())
        self.window = open_window(size or remembered, self.refusals, None if size else where)
        self.ctx = moderngl.create_context()  # the window SDL just made current
        self.size = pygame.display.get_window_size()
        self.ctx.viewport = (0, 0, *self.size)
        show_felt(self.ctx, settings.table_colour, settings.high_contrast)  # at once: never black while it builds
        self.renderer = Renderer(self.ctx, self.size)
        self.renderer.keeps_frame = swap_keeps_frame(self.ctx, settings.table_colour)
        self.overlay = Overlay(self.ctx, self.size)
        self.loop = FixedStep(now=now)
        self.controllers: dict[int, Controller] = {}
        self.stick: dict[int, int] = {}
        self.pointing = Pointing(self)  # the mouse and the fingers
        self.clipboard = Clipboard(self.refusals)
        self.frames_drawn = 0
        self._pulse: tuple[tuple[Mark, ...], float] = ((), 0.0)  # the hint marks shown, since when
        self.fullscreen = FullScreen(self.refusals, lambda: self.resize(pygame.display.get_window_size()))
        self.sound = Sound(0.0)
        #: One-off costs paid while the table rests, one a step, not before the first frame:
        #: the renderer's first clipped frame (Renderer.warm_up), then the sound effects.
        self._warm_ups: list[Callable[[], bool]] = [self._warm_renderer, self.sound.prepare]
        self.play = Play(self, game, number, suits, now=now, restore=restore, store=store, language=language,
                         fullscreen=fullscreen)
        self.refusals.report_to(self.play.say, self.play.message)
        self._controller_mod: ModuleType | None = controller_module()  # None: SDL has no game controllers
        self._waiter = EventWaiter.find()  # None: the idle loop looks for input itself
        self._event_at = now()  # when the last event came (a table left alone looks less often)

    @property
    def running(self) -> bool:
        return self.play.running

    # --- what the controller asks of the window (game.play.Host) -----------------------

    def clipboard_put(self, text: str) -> bool:
        """Copy ``text``; False when only this window holds it (no system clipboard)."""
        return self.clipboard.put(text)

    def clipboard_get(self) -> str:
        return self.clipboard.get()

    def apply_look(self, settings: Settings) -> None:
        self.renderer.set_faces(settings.four_colour, large_print=settings.large_print, contrast=settings.high_contrast)
        self.renderer.set_table_colour(settings.table_colour)
        self.overlay.set_table_colour(settings.table_colour, high_contrast=settings.high_contrast)
        self.renderer.set_card_back(settings.card_back)
        self.overlay.set_mirror(settings.left_handed)
        self.fullscreen.apply(settings.fullscreen)

    def switch_fullscreen(self) -> bool:
        return self.fullscreen.switch()

    def play_sound(self, name: str) -> None:
        self.sound.play(name)

    def set_volume(self, volume: float) -> None:
        self.sound.set_volume(volume)

    def resize(self, size: tuple[int, int]) -> None:
        # moderngl's default framebuffer keeps its creation size: set the viewport.
        self.size = (max(1, size[0]), max(1, size[1]))
        if self.renderer.keeps_frame:
            # llvmpipe reads the window's size at the first draw after a swap (see Renderer.keeps_frame).
            pygame.display.flip()
        self.ctx.viewport = (0, 0, *self.size)
        self.renderer.resize(self.size)
        self.overlay.resize(self.size)
        self.pointing.resized()  # a run dragged over a resized or turned table goes home

    # --- events: SDL's become actions and gestures ------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        t = event.type
        play = self.play
        if t == pygame.QUIT:
            play.running = False
        elif t == pygame.WINDOWSIZECHANGED:
            self.resize(pygame.display.get_window_size())
        elif self.pointing.handle(event):
            pass  # the mouse, the fingers
        elif t in (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED):
            play.pause("focus", t == pygame.WINDOWFOCUSLOST)
        elif t == pygame.WINDOWMINIMIZED:
            play.pause("minimised")
        elif t in (pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            play.pause("minimised", False)
            self.loop.reset()
            self.renderer.forget_frame()
        elif t == pygame.WINDOWEXPOSED:
            self.renderer.forget_frame()
        elif self.text_entry.take(event, play):
            pass
        elif t == pygame.KEYDOWN and play.typing and event.key not in (
                pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            if event.key == pygame.K_BACKSPACE:
                play.backspace()
            elif event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:
                play.paste()
        elif t in (pygame.KEYDOWN, pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERAXISMOTION):
            action = (translate_key(play.game, event.key, event.mod) if t == pygame.KEYDOWN
                      else translate_controller(event, self.stick, play.game))
            if action is not None:
                play.key(action)
        elif t == pygame.CONTROLLERDEVICEADDED and self._controller_mod is not None:
            try:
                self.controllers[event.device_index] = self._controller_mod.Controller(event.device_index)
            except Exception as exc:  # noqa: BLE001  # not a game controller SDL can open: the keys still play
                self.refusals.refuse("controller", exc)
        elif t == pygame.CONTROLLERDEVICEREMOVED:
            for k, c in list(self.controllers.items()):
                if not c.attached():
                    del self.controllers[k]

    def pick(self, pos: tuple[int, int]) -> Pick | None:
        """The card or slot under window pixel ``pos``."""
        return self.pointing.pick(pos)

    # --- the frame ---------------------------------------------------------------------

    def _update(self, dt: float) -> None:
        self.play.update(dt)
        self.pointing.poll(self.now())

    def step(self) -> bool:
        """One frame: events, fixed-step updates, and a redraw if anything changed."""
        events = pygame.event.get()
        if events:
            self._event_at = self.now()
        for event in events:
            self.handle(event)
        if not self.running:
            return False  # closing: no last frame (the window goes at once, in close)
        self.text_entry.sync(self.play.typing)
        # After an idle wait (nothing moving, no input) the steps due run as one.
        self.loop.tick(self._update, still=not events and not self.play.busy and not self.pointing.dragging)
        frame = self.play.frame(self.size)
        view = View(frame.shown, marks=list(frame.marks), focus=frame.focus,
                    time=self._pulse_time(frame.marks, frame.time))
        cam = self.renderer.camera_for(frame.layout)
        tip = None if frame.tip is None else (frame.tip[2], place_box(frame.layout, cam, *frame.tip[:2]))
        # A page about the marked cards leaves them in view, over bare felt where there is some.
        clear, table = ((marked_boxes(frame.layout, cam, frame.marks), pile_boxes(frame.layout, cam))
                        if frame.panel is not None and frame.panel.beside_marks else ((), ()))
        text_changed = self.overlay.update(frame.status, frame.message, frame.buttons, frame.panel,
                                           tip=tip, clear=clear, table=table)
        drew = self.renderer.render(view, dirty=[self.overlay.changed] if text_changed else (),
                                    over=self.overlay.draw)
        if drew:
            pygame.display.flip()
            self.frames_drawn += 1
        else:
            self._pay_one_off()
        return drew

    def _pay_one_off(self) -> None:
        """A moment nothing moves pays one one-off cost, if one is left (not a first drag,
        not the first frame): the language's number formats first (again after Settings
        changes the language), then the renderer's warm-up, then each sound effect."""
        if warm_formats():
            return
        if self._warm_ups and not self._warm_ups[0]():
            self._warm_ups.pop(0)  # each says True while it has more to do

    def _warm_renderer(self) -> bool:
        self.renderer.warm_up()
        return False  # done in one

    @property
    def warm(self) -> bool:
        """Whether every one-off cost was paid (the formats loaded, the renderer warmed up, every sound built)."""
        return not self._warm_ups and formats_warm()

    def _pulse_time(self, marks: tuple[Mark, ...], now: float) -> float:
        """The hint glow's clock: it pulses a while, then holds still (an idle table stops redrawing)."""
        hints = tuple(m for m in marks if m.style == "hint")
        if not hints:
            self._pulse = ((), 0.0)
            return 0.0
        if hints != self._pulse[0]:
            self._pulse = (hints, now)
        return min(now, self._pulse[1] + speeds.HINT_PULSE)

    def run(self) -> int:
        try:
            while self.running:
                drew = self.step()
                if drew or not self.running:
                    continue
                if self.play.busy or self.pointing.dragging or self.renderer.busy:
                    pygame.time.wait(8)  # cards fly (or an atlas is drawn): the next frame is due soon
                    continue
                # Nothing moves: until input, or the next look (soon while one-off costs are left).
                self._idle_wait(self._quiet_ms() if self.warm else LOOK_MS)
        finally:
            self.close()
        return 0

    def _sleeper(self) -> EventWaiter | None:
        """SDL's own wait where the idle wait sleeps in it (input or an answer arriving wakes it)."""
        return self._waiter if self._waiter is not None and self._waiter.usable() else None

    def _quiet_ms(self) -> int:
        """How long the table may sleep: a press held still may become a hold (a quarter second)."""
        pressed = self.pointing.mouse.pressed or self.pointing.finger.pressed
        quiet = QUIET_LOOK if pressed else self.play.round.quiet_for(self._sleeper() is not None)
        return max(LOOK_MS, min(IDLE_WAIT_MS, int(quiet * 1000)))

    def _idle_wait(self, ms: int) -> None:
        """Sleep up to ``ms`` or until input (or, in SDL's wait, an answer) comes; where SDL
        cannot sleep (:mod:`game.app.waiting`) the loop looks for input itself."""
        if (waiter := self._sleeper()) is not None:
            waiter.wait(ms, answer_pipes() or ())
        else:
            look_for_input(ms, resting=self.now() - self._event_at >= RESTING_S)

    def close(self) -> None:
        """Take the window off the screen at once, then save the game, stop the solver
        processes, free the GL objects and close the window.

        The player sees the window go first: what is left may take a while on a
        busy machine (the GL context's end, the save's fsync, the workers' exit)."""
        where = current_window(FullScreen.now())  # where the window was, read while it is there
        hide_window()  # gone from the screen now; pygame.quit() below destroys it
        self.play.close(where)  # the game and the window's place saved; the workers stopped
        self.sound.close()
        if self._waiter is not None:
            self._waiter.close()
        self.overlay.release()
        self.renderer.release()
        self.ctx.release()
        pygame.quit()
