"""The game in a window: events, the fixed-step loop, and drawing.

::

    App("freecell", number=617).run()

The arrows point one way: pygame events become :class:`game.input.Action`
values or pointer gestures here; a table controller turns them into calls on
the session (which asks the rules engine); the renderer reads the session's
position, with card flights as view state on top. No rule is decided here:
every move goes to the engine, and a refusal comes back as its one-line
reason.

The loop is fixed-step (:class:`game.loop.FixedStep`) on an injected clock;
nothing is drawn when nothing changed; the game clock pauses while the
window is unfocused or minimised.
"""


from __future__ import annotations

import dataclasses
import math
import os
import time
from typing import Any, Callable

import moderngl
import pygame

from game import speeds
from game.app.demo import Demo
from game.app.flights import Key
from game.app.freecell_table import FreeCellTable
from game.app.spider_table import SpiderTable
from game.app.table import Table
from game.freecell.winnability import WinState
from game.input import Act, Action, translate_controller, translate_key
from game.loop import FixedStep
from game.render.layout import CardTransform, PileKind
from game.render.picking import Pick, column_under, pick
from game.render.scene import Renderer, View
from game.session import FreeCellSession, SpiderSession
from game.ui.overlay import Button, Overlay, Panel

__all__ = ["App"]


def _window_context() -> moderngl.Context:
    """The moderngl context of the window SDL just made current."""
    return moderngl.create_context()


class App:
    """One window, one table. ``step()`` runs one frame; ``run()`` loops until quit."""

    def __init__(self, game: str = "freecell", number: int | None = None, suits: int = 1,
                 size: tuple[int, int] = (1280, 720), *, now: Callable[[], float] = time.perf_counter,
                 fullscreen: bool = False, restore: bool = True,
                 data_folder: str | None = None) -> None:
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        pygame.init()
        self.now = now
        self.size = size
        flags = pygame.OPENGL | pygame.DOUBLEBUF | pygame.RESIZABLE
        pygame.display.set_caption("Solitaire")
        self.window = pygame.display.set_mode(size, flags)
        self.ctx = _window_context()
        self.size = pygame.display.get_window_size()
        self.ctx.viewport = (0, 0, *self.size)
        self.renderer = Renderer(self.ctx, self.size)
        self.overlay = Overlay(self.ctx, self.size)
        self.loop = FixedStep(now=now)
        self.anim_time = 0.0
        self.speed = 1.0  # the animation-speed setting replaces it below
        self.keyboard_used = False
        self.running = True
        self.focused = True
        self.controllers: dict[int, Any] = {}
        self.stick: dict[int, int] = {}
        self._press: tuple[float, float, Pick | None, float] | None = None
        self._drag: tuple[tuple[str, int, int], float, float] | None = None
        self._drag_pos = (0.0, 0.0)
        self._last_click: tuple[Any, float] | None = None
        self._button: str | None = None
        self.help_lines: list[str] = []
        self.help_page = 0
        #: Live winnability (FreeCell), the demo, and whether a demo touched this game.
        self.winnability: Any = None
        self.demo: Demo | None = None
        self.demo_touched = False
        self.frames_drawn = 0
        from game.stats import Statistics
        from game.store import Store

        self.store = Store(data_folder) if data_folder is not None else Store()
        self.stats = Statistics.load(self.store)
        from game.ui.menu import Menu, Settings

        self.settings = Settings.load(self.store)
        if fullscreen:
            self.settings.fullscreen = True
        self.menu = Menu(self.settings, self.stats)
        self._recorded = False
        self._saved_at = 0
        restored = self._restore() if number is None and restore else None
        if restored is not None:
            if isinstance(restored, SpiderSession):
                self.table: Table = SpiderTable(self, restored.number, restored.suits, restored)
            else:
                self.table = FreeCellTable(self, restored.number, restored)
        elif game == "spider":
            self.table = SpiderTable(self, number or 1, suits)
        else:
            from game.freecell.daily import daily_deal

            self.table = FreeCellTable(self, number or daily_deal())
        self.say_store_warnings()
        from game.sound import Sound

        self.sound = Sound(self.settings.volume)
        self.apply_settings()
        self.position_changed()
        pygame.key.start_text_input()
        self._init_controllers()

    def clock_now(self) -> float:
        return self.now()

    # --- the saved game and the statistics (SPEC §3) -------------------------------

    def _restore(self) -> FreeCellSession | SpiderSession | None:
        from game.session import restore_saved

        return restore_saved(self.store, now=self.clock_now)

    def _stats_key(self) -> str:
        from game.stats import game_key

        t = self.table
        return game_key("spider", t.session.suits) if t.game == "spider" else "freecell"

    def _daily(self) -> str | None:
        if self.table.game != "freecell":
            return None
        from game.freecell.daily import daily_deal, today_in_japan

        today = today_in_japan()
        return today.isoformat() if daily_deal(today) == self.table.session.number else None

    def position_changed(self) -> None:
        """The position changed (move, undo, restart, new deal): re-check winnability."""
        if self.winnability is not None and self.table.game == "freecell":
            self.winnability.position_changed(self.table.position)

    def changed(self) -> None:
        """After every move: record a win once; save the game every few moves."""
        self.position_changed()
        s = self.table.session
        if s.won and not self._recorded and self.demo_touched:
            self._recorded = True  # a game the demo played does not count
            self.table.celebrate()
        elif s.won and not self._recorded:
            self._recorded = True
            self.table.celebrate()
            self.sound.play("win")
            self.stats.record_win(self._stats_key(), s.clock.elapsed, s.moves, daily=self._daily(),
                                  store=self.store)
            self._write_stats()
            self.store.delete("savegame")
        elif not s.won and abs(s.moves - self._saved_at) >= 5:
            self.save_game()

    def abandon(self) -> None:
        """A new game replaces one in progress: that one counts as played and lost."""
        s = self.table.session
        if not s.won and s.clock.started and not self.demo_touched:
            self.stats.record_loss(self._stats_key(), seconds=s.clock.elapsed, moves=s.moves,
                                   daily=self._daily(), store=self.store)
            self._write_stats()
        self._recorded = False
        self._saved_at = 0
        self.demo_touched = False
        self.stop_demo()

    def _write_stats(self) -> None:
        # Recording with store= already wrote them, under the lock.
        self.say_store_warnings()

    def say_store_warnings(self) -> None:
        """Show what the store has to say (a file set aside, a failed write), once."""
        lines = self.store.take_warnings()
        if lines:
            self.table.say(lines[-1])

    def save_game(self) -> None:
        s = self.table.session
        self._saved_at = s.moves
        if s.won:
            self.store.delete("savegame")
        else:
            self.store.save("savegame", s.to_dict())
        self.say_store_warnings()

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

    # --- events ----------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        t = event.type
        table = self.table
        if t == pygame.QUIT:
            self.running = False
        elif t == pygame.WINDOWSIZECHANGED:
            self.resize(pygame.display.get_window_size())
        elif t == pygame.WINDOWFOCUSLOST:
            self.focused = False
            table.session.clock.pause("focus")
        elif t == pygame.WINDOWFOCUSGAINED:
            self.focused = True
            table.session.clock.resume("focus")
        elif t == pygame.WINDOWMINIMIZED:
            table.session.clock.pause("minimised")
        elif t in (pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            table.session.clock.resume("minimised")
            self.loop.reset()
        elif t == pygame.TEXTINPUT:
            if self.menu.is_open and self.menu.entry is not None:
                self.menu.type_text("".join(ch for ch in event.text if ch.isprintable()))
        elif t == pygame.KEYDOWN and self.menu.is_open and self.menu.entry is not None and event.key not in (
                pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            if event.key == pygame.K_BACKSPACE:
                self.menu.backspace()
            elif event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:
                # A deal identifier copied from the result panel pastes here.
                self.menu.type_text(self.clipboard_get().strip().lstrip("#"))
        elif t == pygame.KEYDOWN:
            action = translate_key(table.game, event.key, event.mod)
            if action is not None:
                self.keyboard_used = True
                self.act(action)
        elif t in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERAXISMOTION):
            action = translate_controller(event, self.stick)
            if action is not None:
                self.keyboard_used = True
                self.act(action)
        elif t == pygame.CONTROLLERDEVICEADDED and self._controller_mod is not None:
            try:
                self.controllers[event.device_index] = self._controller_mod.Controller(event.device_index)
            except Exception:
                pass  # not a game controller SDL knows
        elif t == pygame.CONTROLLERDEVICEREMOVED:
            for k, c in list(self.controllers.items()):
                if not c.attached():
                    del self.controllers[k]
        elif t == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.keyboard_used = False
            self.table.flights.land()
            if self.overlay.covers(event.pos):
                self._press = None
                self._button = self.overlay.hit(event.pos)
                return
            if self.table.panel is not None or self.menu.is_open:
                return  # a panel is up: the table waits for its answer
            where = self.pick(event.pos)
            self._press = (event.pos[0], event.pos[1], where, self.now())
        elif t == pygame.MOUSEMOTION:
            self._motion(event.pos)
        elif t == pygame.MOUSEBUTTONUP and event.button == 1:
            button, self._button = self._button, None
            if button is not None and self.overlay.hit(event.pos) == button:
                self.button(button)
                return
            self._release(event.pos)

    def button(self, name: str) -> None:
        """A control-bar, panel or menu button."""
        if self.menu.is_open and name in {b.action for b in self.menu.buttons()}:
            self.carry_out(self.menu.choose(name))
            return
        table = self.table
        if name == "close":
            table.panel = None
            return
        if name == "copy":
            self.copy_deal()
            return
        table.panel = None
        if name in ("help-prev", "help-next"):
            pages = max(1, (len(self.help_lines) + self.HELP_LINES - 1) // self.HELP_LINES)
            self.help_page = max(0, min(pages - 1, self.help_page + (1 if name == "help-next" else -1)))
            table.panel = self._help_panel()
            return
        if name == "help":
            self.open_help()
            return
        if name in ("rewind", "demo", "export", "import"):
            table.panel = None
            {"rewind": self.rewind, "demo": self.start_demo, "export": self.export,
             "import": self.import_moves}[name]()
            return
        if name.startswith("hold-") and isinstance(table, FreeCellTable):
            table.hold_action(name)
            return
        if name.startswith("play:") and isinstance(table, FreeCellTable):
            table.play(table.position.parse_move(name[5:]))
            return
        if name == "moves" and isinstance(table, FreeCellTable):
            table.panel = table.move_list()
            return
        if name == "restart":
            table.restart()
        elif name == "giveup":
            s = table.session
            if not s.won:
                self.stats.record_loss(self._stats_key(), give_up=True, seconds=s.clock.elapsed,
                                       moves=s.moves, daily=self._daily(), store=self.store)
                self._write_stats()
                s.clock.reset()  # counted: the new deal must not count it again
            self.act(Action(Act.NEW_DEAL))
            table.say("given up: a new deal")
        elif name == "menu":
            self.menu.open()
        else:
            act = {"undo": Act.UNDO, "hint": Act.HINT, "new": Act.NEW_DEAL,
                   "autocomplete": Act.AUTOCOMPLETE, "deal": Act.DEAL}.get(name)
            if act is not None:
                self.act(Action(act))

    def apply_settings(self) -> None:
        """Every setting takes effect at once."""
        st = self.settings
        self.speed = speeds.SPEED_FACTORS[st.animation_speed]
        self.sound.set_volume(st.volume)
        self.renderer.set_four_colour(st.four_colour)
        self.renderer.set_table_colour(st.table_colour)
        self.renderer.set_card_back(st.card_back)
        if self.table.game == "freecell":
            self.table.session.position.auto_foundation = st.auto_foundation
        if st.live_winnability and self.winnability is None:
            from game.freecell.winnability import SolverChecker, Winnability

            self.winnability = Winnability(SolverChecker())
            self.position_changed()
        elif not st.live_winnability and self.winnability is not None:
            self.winnability.close()
            self.winnability = None
        if bool(pygame.display.get_surface().get_flags() & pygame.FULLSCREEN) != st.fullscreen:
            pygame.display.toggle_fullscreen()
            self.resize(pygame.display.get_window_size())

    def save_settings(self) -> None:
        self.store.save("settings", self.settings.to_dict())
        self.say_store_warnings()

    def carry_out(self, request: Any) -> None:
        """What the menu asked for."""
        if request is None:
            return
        if request.kind == "help":
            self.open_help()
            return
        if request.kind == "setting":
            if request.setting == "clear-stats":
                self.stats.clear_all(store=self.store)
                self._write_stats()
                self.table.say("statistics cleared")
            else:
                self.apply_settings()
                self.save_settings()
                if request.setting == "spider_suits" and self.table.game == "spider":
                    # SPEC 2.2: changing difficulty restarts the current game number.
                    number = self.table.session.number
                    self.abandon()
                    self.table.close()
                    self.table = SpiderTable(self, number, self.settings.spider_suits)
                    self.table.say(f"game #{number} again with {self.settings.spider_suits} "
                                   f"suit{'s' * (self.settings.spider_suits > 1)}")
                    self.position_changed()
            return
        if request.kind in ("freecell", "spider"):
            self.abandon()
            self.table.close()
            if request.kind == "spider":
                self.table = SpiderTable(self, request.number or 1, request.suits)
            else:
                self.table = FreeCellTable(self, request.number or 1)
            self.apply_settings()
            if request.setting:
                self.save_settings()  # e.g. the first Spider game has been given
            if request.notice:
                self.table.say(request.notice)

    def menu_action(self, action: Action) -> None:
        menu = self.menu
        act = action.act
        if act in (Act.FOCUS_UP, Act.FOCUS_LEFT, Act.FOCUS_PREV):
            menu.move_focus(-1)
        elif act in (Act.FOCUS_DOWN, Act.FOCUS_RIGHT, Act.FOCUS_NEXT):
            menu.move_focus(1)
        elif act is Act.SELECT:
            if menu.entry is not None:
                self.carry_out(menu.confirm_entry())
            else:
                self.carry_out(menu.press())
        elif act in (Act.CANCEL, Act.MENU):
            menu.back() if act is Act.CANCEL else menu.close()

    # --- beyond the peers: rewind, demo, export (issue 9) -----------------------------------

    def rewind(self) -> None:
        """Undo back to the latest position still winnable, naming the move that lost."""
        from game.freecell.winnability import rewind_target

        table = self.table
        win = self.winnability
        if table.game != "freecell" or win is None or win.state is not WinState.LOST:
            table.say("rewind needs a position proven lost (the indicator says so)")
            return
        target = rewind_target(table.position, known=win.verdicts, known_lost=True)
        if target is None:
            table.say("no winnable position was found in this game's history")
            return
        table.flights.land()
        before = table.layout_now()
        for _ in range(target.steps):
            table.session.undo()
        table.selection = None
        table.animate(before, table.card_key, lambda k: k, {}, speeds.UNDO_FLIGHT)
        table.say(target.message)
        self.position_changed()

    def start_demo(self) -> None:
        """The solver plays from here as card flights; Esc stops, leaving the player in control."""
        line = None
        win = self.winnability
        if self.table.game == "freecell" and win is not None and win.state is WinState.WINNABLE and win.line:
            line = list(win.line)  # the live check already has one
        self.demo = Demo.start(self.table, line)
        if self.demo is not None:
            self.demo_touched = True

    def stop_demo(self) -> None:
        if self.demo is not None:
            self.demo.stop()
            self.demo = None
            self.position_changed()

    def export(self) -> None:
        """Copy the game's moves in standard notation (every card movement, fc-solve style)."""
        from game.freecell.export import export_moves

        if self.table.game != "freecell":
            self.table.say("move lists are FreeCell's")
            return
        text = export_moves(self.table.position)
        self.clipboard_put(text)
        self.table.say(f"{len(text.split())} moves copied to the clipboard")

    def import_moves(self) -> None:
        """Replay a pasted move list from the deal's start."""
        from game.freecell.export import replay

        text = self.clipboard_get()
        if not text or not text.strip():
            self.table.say("the clipboard holds no move list")
            return
        table = self.table
        try:
            pos = replay(table.session.number, text)
        except ValueError as exc:
            table.say(str(exc))
            return
        self.abandon()
        session = FreeCellSession(table.session.number, auto_foundation=False, now=self.clock_now)
        for move in pos.move_stack:
            session.push_plain(move)
        session.auto_foundation = self.settings.auto_foundation
        session.clock.start()
        self.table = FreeCellTable(self, session.number, session)
        self.table.say(f"replayed {len(pos.move_stack)} moves of deal #{session.number}")
        self.position_changed()

    def clipboard_put(self, text: str) -> None:
        try:
            pygame.scrap.put_text(text)
        except Exception:
            self._clipboard = text  # no system clipboard here: keep it in the game
        else:
            self._clipboard = text

    def clipboard_get(self) -> str:
        try:
            text = pygame.scrap.get_text()
            if text:
                return text
        except Exception:
            pass
        return getattr(self, "_clipboard", "")

    #: Lines of the how-to page shown at once.
    HELP_LINES = 18

    def open_help(self, for_message: bool = False) -> None:
        """How to play (F1, or the menu): the page, or the part that explains
        the last refusal when there is one on the message line."""
        from game.howto import as_text, section_for_refusal

        game = self.table.game
        anchor = None
        if for_message and self.table.message and not self.table.message.startswith("Hint"):
            game, anchor = section_for_refusal(game, self.table.message)
        text = as_text(game, width=72, anchor=anchor)
        self.help_lines = text.splitlines()
        self.help_page = 0
        self.menu.close()
        self.table.panel = self._help_panel()

    def _help_panel(self) -> Panel:
        n = self.HELP_LINES
        pages = max(1, (len(self.help_lines) + n - 1) // n)
        lines = tuple(self.help_lines[self.help_page * n:(self.help_page + 1) * n])
        return Panel(f"How to play ({self.help_page + 1}/{pages})", lines,
                     (Button("Previous page", "help-prev"), Button("Next page", "help-next"), Button("Close", "close")),
                     focus=1)

    def copy_deal(self) -> None:
        """Put the deal's number on the clipboard (it pastes into the number box)."""
        number = str(self.table.session.number)
        self.clipboard_put(number)
        self.table.say(f"#{number} copied to the clipboard")

    def act(self, action: Action) -> None:
        if action.act is Act.FULLSCREEN:
            pygame.display.toggle_fullscreen()
            self.resize(pygame.display.get_window_size())
            return
        if self.menu.is_open:
            self.menu_action(action)
            return
        if self.demo is not None and self.demo.action(action):
            if self.demo.over:
                self.stop_demo()
            return
        if action.act is Act.REWIND:
            self.rewind()
            return
        if action.act is Act.MENU:
            self.table.panel = None
            self.menu.open()
            return
        panel = self.table.panel
        if (panel is not None and isinstance(self.table, FreeCellTable) and panel.buttons
                and panel.buttons[0].action == "hold-up"):
            hold = {Act.FOCUS_UP: "hold-up", Act.FOCUS_DOWN: "hold-down", Act.SELECT: "hold-ok"}.get(action.act)
            if hold is not None:
                self.button(hold)
                return
            if action.act is Act.CANCEL:
                self.table.panel = None
                return
        if panel is not None and panel.buttons:
            n = len(panel.buttons)
            act = action.act
            if act in (Act.FOCUS_UP, Act.FOCUS_LEFT, Act.FOCUS_PREV, Act.FOCUS_DOWN, Act.FOCUS_RIGHT, Act.FOCUS_NEXT):
                step = -1 if act in (Act.FOCUS_UP, Act.FOCUS_LEFT, Act.FOCUS_PREV) else 1
                self.table.panel = dataclasses.replace(panel, focus=(max(panel.focus, 0) + step) % n)
                return
            if act is Act.SELECT:
                self.button(panel.buttons[max(panel.focus, 0)].action)
                return
            if act is Act.CANCEL:
                self.table.panel = None
                return
        if action.act is Act.HELP:
            self.open_help(for_message=True)
            return
        self.table.flights.land()
        self.table.action(action)

    def pick(self, pos: tuple[int, int]) -> Pick | None:
        lay = self.table.layout_now()
        return pick(lay, self.renderer.camera_for(lay), pos[0], pos[1])

    def _motion(self, pos: tuple[int, int]) -> None:
        if self._press is None:
            return
        x0, y0, where, _ = self._press
        if self._drag is None:
            if where is None or where.index is None or math.hypot(pos[0] - x0, pos[1] - y0) < speeds.DRAG_START_PX:
                return
            if where.kind not in ("column", "cell"):
                return
            if self.table.game == "spider" and not self.table.position.is_face_up(where.pile, where.index):
                return
            lay = self.table.layout_now()
            cam = self.renderer.camera_for(lay)
            gx, gy = cam.table_point(x0, y0, 0.0)
            self._drag = ((where.kind, where.pile, where.index), gx, gy)
        self._drag_pos = pos

    def drag_overrides(self) -> dict[Key, CardTransform]:
        if self._drag is None:
            return {}
        (kind, pile, index), gx, gy = self._drag
        lay = self.table.layout_now()
        cam = self.renderer.camera_for(lay)
        x, y = cam.table_point(self._drag_pos[0], self._drag_pos[1], 0.0)
        out: dict[Key, CardTransform] = {}
        for p in lay.pile(PileKind(kind), pile):
            if p.index >= index:
                out[p.key] = CardTransform(p.x + x - gx, p.y + y - gy, p.z + 0.3, p.yaw, p.flip)
        return out

    def _release(self, pos: tuple[int, int]) -> None:
        press, self._press = self._press, None
        drag, self._drag = self._drag, None
        if press is None:
            return
        table = self.table
        if drag is not None:
            lay = table.layout_now()
            cam = self.renderer.camera_for(lay)
            target: tuple[str, int] | None = None
            col = column_under(lay, cam, pos[0], pos[1])
            if col is not None:
                target = ("column", col)
            else:
                hit = pick(lay, cam, pos[0], pos[1])
                if hit is not None and hit.kind in ("cell", "foundation", "column"):
                    target = (hit.kind, hit.pile)
            moved = table.drop(drag[0], target)
            if not moved:
                # Fly the run back from where it was let go.
                held = self.drag_from(drag, pos)
                now = self.anim_time
                for p in lay.pile(PileKind(drag[0][0]), drag[0][1]):
                    if p.index >= drag[0][2] and p.key in held:
                        table.flights.add(table.card_key(p), held[p.key],
                                          CardTransform(p.x, p.y, p.z, p.yaw, p.flip), now,
                                          speeds.RETURN_FLIGHT * self.speed, 0.0)
            return
        where = press[2]
        now = self.now()
        double = (self._last_click is not None and where is not None and self._last_click[0] == (where.kind, where.pile, where.index)
                  and now - self._last_click[1] <= speeds.DOUBLE_CLICK)
        self._last_click = None if double else (((where.kind, where.pile, where.index) if where else None), now)
        table.click(where, double)

    def drag_from(self, drag: tuple[tuple[str, int, int], float, float], pos: tuple[int, int]) -> dict[Key, CardTransform]:
        saved = self._drag, self._drag_pos
        self._drag, self._drag_pos = drag, pos
        try:
            return self.drag_overrides()
        finally:
            self._drag, self._drag_pos = saved

    # --- the frame ---------------------------------------------------------------------

    def _update(self, dt: float) -> None:
        self.anim_time += dt
        self.table.update(dt)
        if self.winnability is not None:
            self.winnability.poll()
        if self.demo is not None:
            if self.demo.update(dt):
                self.changed()
            if self.demo.over:
                self.stop_demo()
        press = self._press
        if (press is not None and self._drag is None and isinstance(self.table, FreeCellTable)
                and press[2] is not None and press[2].kind == "column" and press[2].index is not None
                and self.now() - press[3] >= speeds.HOLD):
            self._press = None  # the release will not count as a click
            self.table.hold(press[2].pile, press[2].index)

    def step(self) -> bool:
        """One frame: events, fixed-step updates, and a redraw if anything changed."""
        for event in pygame.event.get():
            self.handle(event)
        self.loop.tick(self._update)
        overrides = {**self.table.overrides(), **self.drag_overrides()}
        lay = self.table.layout_now(overrides)
        view = View(lay, marks=self.table.marks(), focus=self.table.focus_mark(),
                    time=self.anim_time if any(m.style == "hint" for m in self.table.marks()) else 0.0)
        panel = self.menu.panel() if self.menu.is_open else self.table.current_panel()
        text_changed = self.overlay.update(self.table.status(), self.table.message, self.table.buttons(), panel)
        drew = self.renderer.render(view, force=text_changed)
        if drew:
            self.overlay.draw()
            pygame.display.flip()
            self.frames_drawn += 1
        return drew

    def run(self) -> int:
        try:
            while self.running:
                drew = self.step()
                if not drew:
                    # Nothing moved: sleep instead of spinning (idle CPU near zero).
                    pygame.time.wait(8 if self.table.flights.busy() or self._drag else 30)
        finally:
            self.close()
        return 0

    def close(self) -> None:
        """Save the game, stop the hint process, free the GL objects, close the window."""
        self.save_game()
        self.stop_demo()
        if self.winnability is not None:
            self.winnability.close()
        self.table.close()
        self.sound.close()
        self.overlay.release()
        self.renderer.release()
        self.ctx.release()
        pygame.quit()
