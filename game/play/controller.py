"""The game's lifecycle without a window: which table is up, statistics, the saved
game, settings, the live check, hints, the demo, Rewind, export/import, help, the menu.

:class:`Play` takes actions (from keys, the gamepad and the control bar),
pointer gestures already resolved to places, and fixed-step updates; the
window only turns events into those calls and draws what :class:`Play`
shows. What the window must do for it (the clipboard, fullscreen, the look
of the table) goes through a small :class:`Host`::

    play = Play(host, game="freecell", number=617, store=Store(folder))
    play.act(Action(Act.HINT))
    play.update(1 / 60)            # each fixed step
    play.status(), play.message, play.buttons(), play.panel()
    play.close()                   # saves the game

Tables report what happened as events (:mod:`game.play.table`); this class
reacts (statistics, save, live check, sound), so nothing below it calls up.
"""

from __future__ import annotations

import dataclasses
import time
from typing import Any, Callable

from game import speeds
from game.freecell.difficulty import difficulty
from game.input.actions import Act, Action
from game.play import dealer
from game.play.demo import Demo
from game.play.extras import Extras
from game.play.freecell_table import FreeCellTable
from game.play.host import Host, NullHost
from game.play.help import HelpBook
from game.play.menu import Menu, Settings
from game.play.panels import Button, Panel
from game.play.spider_table import SpiderTable
from game.play.table import NewDealWanted, Played, Refused, Table, TableEnv, Undone
from game.session import FreeCellSession, SpiderSession, restore_saved
from game.solver import HintService, SolverChecker, SolverService
from game.stats import Statistics, game_key
from game.store import Store

__all__ = ["Play", "Host", "NullHost"]  # Host and NullHost live in game.play.host


class Play(Extras):
    """One game at a time on one table, and everything around it."""

    def __init__(self, host: Host, game: str = "freecell", number: int | None = None, suits: int = 1, *,
                 now: Callable[[], float] = time.perf_counter, restore: bool = True,
                 store: Store | None = None, fullscreen: bool = False) -> None:
        self.host = host
        self.now = now
        self.running = True
        self.store = store if store is not None else Store()
        self.stats = Statistics.load(self.store)
        self.settings = Settings.load(self.store)
        if fullscreen:
            self.settings.fullscreen = True
        self.menu = Menu(self.settings, self.stats)
        self.env = TableEnv(size=host.size, now=now)
        self._sync_env()
        #: Live winnability (FreeCell), the demo, and whether a demo touched this game.
        self.winnability: Any = None
        self.demo: Demo | None = None
        self.demo_touched = False
        #: One solver worker per game: the live check, hints, demo lines and Rewind all ask it.
        self.solvers: dict[str, SolverService] = {}
        #: A demo line or a Rewind target being searched for: (what, request id).
        self.waiting: tuple[str, int] | None = None
        #: Spider games this session's background search proved winnable: (game, suits).
        self.found_winnable: frozenset[tuple[int, int]] = frozenset()
        self.candidate: tuple[int, int] | None = None
        #: What a confirmation panel on the table will do when the player says yes.
        self._pending: Callable[[], None] | None = None
        #: The engine's last refusal, for F1 (the message line itself clears).
        self.last_refusal = ""
        self.help = HelpBook(())
        self._recorded = False
        self._saved_at = 0
        restored = self._restore() if number is None and restore else None
        if isinstance(restored, SpiderSession):
            table: Table = SpiderTable(self.env, restored.number, restored.suits, restored)
        elif restored is not None:
            table = FreeCellTable(self.env, restored.number, restored)
        elif game == "spider":
            table = SpiderTable(self.env, number or 1, suits)
        else:
            from game.freecell.daily import daily_deal

            table = FreeCellTable(self.env, number or daily_deal())
        self.table = self._install(table)
        if restored is None:
            self._fly_deal()
        self.say_store_warnings()
        self.apply_settings()
        self.position_changed()

    @property
    def game(self) -> str:
        return self.table.game

    @property
    def message(self) -> str:
        return self.table.message

    def say(self, text: str) -> None:
        self.table.say(text)

    # --- the saved game and the statistics (SPEC §3) -------------------------------

    def _restore(self) -> FreeCellSession | SpiderSession | None:
        """The saved game, or None (a damaged one is set aside with a warning)."""
        return restore_saved(self.store, now=self.now)

    def say_store_warnings(self) -> None:
        """Show what the data folder had to say (a file set aside, a folder not writable)."""
        lines = self.store.take_warnings()
        if lines:
            self.say(lines[-1])

    def _stats_key(self) -> str:
        t = self.table
        return game_key("spider", t.session.suits) if t.game == "spider" else "freecell"

    def _level_key(self) -> str | None:
        """FreeCell's second bucket: the deal's difficulty (Easy/Normal/Hard), when the table rates it."""
        if self.table.game != "freecell":
            return None
        rating = difficulty(self.table.session.number)
        if rating is None or rating.cells is None:
            return None  # unrated, or proven unsolvable: counted under FreeCell only
        return f"freecell-{rating.level.lower()}"  # the level shown in the title, "?" or not

    def _daily(self) -> str | None:
        if self.table.game != "freecell":
            return None
        from game.freecell.daily import daily_deal, today_in_japan

        today = today_in_japan()
        return today.isoformat() if daily_deal(today) == self.table.session.number else None

    @property
    def proven_unsolvable(self) -> bool:
        """A FreeCell deal on the shipped proof list: no position of it is winnable."""
        from game.freecell.deals import is_known_unsolvable

        return self.table.game == "freecell" and is_known_unsolvable(self.table.session.number)

    @property
    def proven_winnable(self) -> bool:
        """The deal on the table was proven winnable by the project's solver (its list or table)."""
        session = self.table.session
        return dealer.proven_winnable(self.game, session.number, getattr(session, "suits", 1), self.found_winnable)

    def position_changed(self) -> None:
        """The position changed (move, undo, restart, new deal): re-check winnability."""
        if self.winnability is not None and self.table.game == "freecell" and not self.proven_unsolvable:
            self.winnability.position_changed(self.table.position)

    def changed(self) -> None:
        """After every move: record a win once; save the game every few moves."""
        if self.table.session.won:
            self.table.session.clock.stop()  # any win, the demo's too
        if self.demo is None and self.waiting is not None and self.waiting[0] != "winnable":
            self.cancel_wait()  # a line or a Rewind for the old position no longer fits
        self.position_changed()
        s = self.table.session
        if s.won and not self._recorded:
            self._recorded = True
            self.table.celebrate()
            if not self.demo_touched:  # a game the demo played does not count
                self.host.play_sound("win")
                self._record(won=True)
                self.store.delete("savegame")
        elif not s.won and abs(s.moves - self._saved_at) >= 5:
            self.save_game()

    def _record(self, *, won: bool, give_up: bool = False) -> None:
        """The game on the table in the statistics (FreeCell: also under its difficulty)."""
        s = self.table.session
        for key, daily in ((self._stats_key(), self._daily()), (self._level_key(), None)):
            if key is None:
                continue
            if won:
                self.stats.record_win(key, s.clock.elapsed, s.moves, daily=daily, store=self.store)
            else:
                self.stats.record_loss(key, give_up=give_up, seconds=s.clock.elapsed, moves=s.moves,
                                       daily=daily, store=self.store)
        self.say_store_warnings()

    def abandon(self) -> None:
        """A new game replaces one in progress: that one counts as played and lost."""
        s = self.table.session
        if not s.won and s.clock.started and not self.demo_touched:
            self._record(won=False)
        self._recorded = False
        self._saved_at = 0
        self.demo_touched = False
        self.stop_demo()

    def save_game(self) -> None:
        s = self.table.session
        self._saved_at = s.moves
        if s.won:
            self.store.delete("savegame")
        else:
            self.store.save("savegame", s.to_dict())
        self.say_store_warnings()

    def toggle_sound(self) -> None:
        """S: sound off / on, said on the message line and remembered (the volume is kept)."""
        muted = self.settings.toggle_mute()
        self.host.set_volume(self.settings.sound_volume)
        self.save_settings()
        if muted:
            self.say("Sound off")
        else:
            self.say("Sound on" if self.settings.volume > 0 else "Sound on (the volume is 0%: raise it in Settings)")

    def save_settings(self) -> None:
        self.store.save("settings", self.settings.to_dict())
        self.say_store_warnings()

    # --- tables ---------------------------------------------------------------------

    def _events(self) -> None:
        """React to what the table did: sound, statistics, save, the live check."""
        for event in self.table.take_events():
            if isinstance(event, Played):
                self.host.play_sound(event.sound)
                self.changed()
            elif isinstance(event, Undone):
                self.changed()
            elif isinstance(event, Refused):
                self.host.play_sound("refuse")
                self.last_refusal = event.reason
            elif isinstance(event, NewDealWanted):
                self.confirm_loss(f"Start a new {self.noun}?", f"New {self.noun}", self.new_deal)

    def new_deal(self, number: int | None = None) -> None:
        """A new deal of the same game (FreeCell: a random deal; Spider: a random
        game), proven winnable where the player asked for that (game.play.dealer)."""
        if number is None and isinstance(self.table, SpiderTable):
            self.deal_spider(self.table.session.suits)
            return
        self.abandon()
        self.table.panel = None  # a result panel belongs to the game it ended
        if isinstance(self.table, FreeCellTable):
            self.table.new_deal(number if number is not None else dealer.next_freecell(self.settings) or 1)
            self.table.fly_deal()
        elif isinstance(self.table, SpiderTable):
            self.table.new_deal(number if number is not None else 1)
        self.apply_settings()
        self.position_changed()

    def deal_spider(self, suits: int) -> None:
        """A new Spider game at ``suits``: the next proven game when "Winnable deals
        only" is on (a background search once the list is used up), else a random one."""
        number = dealer.next_spider(self.settings, suits)
        self.save_settings()  # the list's cursor moved
        if number is None:
            self.find_winnable(suits)
            return
        self.abandon()
        self._replace_table(SpiderTable(self.env, number, suits))

    def solver(self, game: str) -> SolverService:
        """The game's solver worker (started on its first request)."""
        if game not in self.solvers:
            self.solvers[game] = SolverService(game)
        return self.solvers[game]

    def _install(self, table: Table) -> Table:
        """Give a new table what it shares with the rest of the game."""
        if isinstance(table, FreeCellTable):
            table.hints = HintService(service=self.solver("freecell"))
        elif isinstance(table, SpiderTable):
            # The menu names the suit count of the game on the table.
            self.settings.spider_suits = table.session.suits
        return table

    def _replace_table(self, table: Table) -> None:
        self.table.close()
        self.table = self._install(table)
        self.apply_settings()
        self.position_changed()

    def restart(self) -> None:
        self.table.restart()
        self._fly_deal()
        self.position_changed()

    def _fly_deal(self) -> None:
        if isinstance(self.table, FreeCellTable):
            self.table.fly_deal()

    # --- asking before a game is lost (issue 14) ----------------------------------------

    @property
    def noun(self) -> str:
        """What the table's own buttons call one game: FreeCell deals, Spider games."""
        return "game" if isinstance(self.table, SpiderTable) else "deal"

    @property
    def in_progress(self) -> bool:
        """A game with at least one move and not won: ending it loses something."""
        s = self.table.session
        return not s.won and s.moves > 0

    def confirm_loss(self, question: str, yes: str, then: Callable[[], None], *,
                     counts: bool = True) -> None:
        """Do ``then`` at once when nothing is at stake, else ask first ("Keep playing" is the default)."""
        if not self.in_progress:
            then()
            return
        if counts and not self.demo_touched:
            note = "This game will count as lost in your statistics."
        else:
            note = "The moves of this game will be lost."
        self.ask(question, (note,), yes, then)

    def ask(self, question: str, lines: tuple[str, ...], yes: str, then: Callable[[], None]) -> None:
        """A yes/no panel; Esc, B or "Keep playing" leaves everything as it was."""
        self.menu.close()
        self._pending = then
        self.table.panel = Panel(question, lines, (Button("Keep playing", "keep"), Button(yes, "confirmed")),
                                 focus=0)

    def quit(self) -> None:
        """Quit after asking; the game in progress is saved and comes back next time."""
        def stop() -> None:
            self.running = False

        self.ask("Quit Solitaire?", ("Your game is saved and comes back when you start again.",)
                 if self.in_progress else (), "Quit", stop)

    def give_up(self) -> None:
        s = self.table.session
        if not s.won:
            self._record(won=False, give_up=True)
            s.clock.reset()  # counted: the new deal must not count it again
        self.new_deal()
        self.say("given up: a new deal")

    # --- settings and the menu -------------------------------------------------------

    def _sync_env(self) -> None:
        st = self.settings
        self.env.speed = speeds.SPEED_FACTORS[st.animation_speed]
        self.env.auto_foundation = st.auto_moves  # a level: "off", "safe" or "all"
        self.env.one_click_home = st.one_click_home
        self.env.last_move = st.last_move_outline
        self.env.left_handed = st.left_handed

    def apply_settings(self) -> None:
        """Every setting takes effect at once."""
        st = self.settings
        if st.left_handed != self.env.left_handed:
            self.table.flights.land()  # a card in the air would finish where the old layout had it
        self._sync_env()
        self.host.set_volume(st.sound_volume)
        self.host.apply_look(st)
        if self.table.game == "freecell" and self.table.session.auto_level != st.auto_moves:
            self.table.set_auto_level(st.auto_moves)
            if self.winnability is not None:
                self.winnability.forget()  # "all" may lose where "safe" wins
            self.position_changed()
        if st.live_winnability and self.winnability is None:
            from game.freecell.winnability import Winnability

            self.winnability = Winnability(SolverChecker(service=self.solver("freecell")))
            self.position_changed()
        elif not st.live_winnability and self.winnability is not None:
            self.winnability.close()
            self.winnability = None

    def carry_out(self, request: Any) -> None:
        """What the menu asked for."""
        if request is None:
            return
        if request.kind == "help":
            self.open_help()
            return
        if request.kind == "quit":
            self.quit()
            return
        if request.kind == "setting":
            if request.setting == "clear-stats":
                self.stats.clear_all(store=self.store)
                self.say_store_warnings()
                self.say("statistics cleared")
                return
            self.apply_settings()
            self.save_settings()
            if request.setting == "spider_suits" and self.table.game == "spider":
                # SPEC 2.2: changing difficulty restarts the current game number.
                number = self.table.session.number
                suits = self.settings.spider_suits

                def again() -> None:
                    self.abandon()
                    self._replace_table(SpiderTable(self.env, number, suits))
                    self.say(f"game #{number} again with {suits} suit{'s' * (suits > 1)}")

                self.confirm_loss(f"Play game #{number} again with {suits} suit{'s' * (suits > 1)}?",
                                  "Start it", again)
            return
        if request.kind == "spider" and request.number is None:
            self.confirm_loss("Start a new game?", "Start it", lambda: self.deal_spider(request.suits))
            return
        if request.kind in ("freecell", "spider"):
            def deal_it() -> None:
                self.abandon()
                if request.kind == "spider":
                    self._replace_table(SpiderTable(self.env, request.number or 1, request.suits))
                else:
                    self._replace_table(FreeCellTable(self.env, request.number or 1))
                    self._fly_deal()
                if request.setting:
                    self.save_settings()  # e.g. the first Spider game has been given
                if request.notice:
                    self.say(request.notice)

            what = "deal" if request.kind == "freecell" else "game"
            self.confirm_loss(f"Start {what} #{request.number}?", "Start it", deal_it)

    def menu_action(self, action: Action) -> None:
        menu = self.menu
        act = action.act
        moves = {Act.FOCUS_UP: (0, -1), Act.FOCUS_DOWN: (0, 1), Act.FOCUS_LEFT: (-1, 0), Act.FOCUS_RIGHT: (1, 0)}
        if act in moves:
            menu.move_focus_2d(*moves[act])  # the menu's screens are rows of buttons
        elif act in (Act.FOCUS_PREV, Act.FOCUS_NEXT):
            menu.move_focus(-1 if act is Act.FOCUS_PREV else 1)
        elif act is Act.SELECT:
            self.carry_out(menu.confirm_entry() if menu.entry is not None else menu.press())
        elif act is Act.CANCEL:
            menu.back()
        elif act is Act.MENU:
            menu.close()

    def type_text(self, text: str) -> None:
        """Typed characters (the menu's number box)."""
        if self.menu.is_open and self.menu.entry is not None:
            self.menu.type_text("".join(ch for ch in text if ch.isprintable()))

    def backspace(self) -> None:
        if self.menu.is_open and self.menu.entry is not None:
            self.menu.backspace()

    def paste(self) -> None:
        """Ctrl+V in the number box: a deal identifier copied from the result panel."""
        if self.menu.is_open and self.menu.entry is not None:
            # A deal number is a few characters: the rest of a pasted megabyte is not looked at.
            pasted = self.host.clipboard_get().strip()[:32].lstrip("#")
            self.menu.type_text("".join(ch for ch in pasted if ch.isprintable()))

    @property
    def typing(self) -> bool:
        """The number box has the keyboard: keys are text, not actions."""
        return self.menu.is_open and self.menu.entry is not None

    # --- help -------------------------------------------------------------------------------

    def open_help(self, for_message: bool = False) -> None:
        """How to play (F1, or the menu): the page, or the part that explains
        the last refusal when F1 follows one."""
        self.help = HelpBook.open(self.table.game, self.last_refusal if for_message else "")
        self.menu.close()
        self.table.panel = self.help.panel()

    def _help_turn(self, step: int) -> None:
        self.help = self.help.turn(step)
        self.table.panel = self.help.panel()

    # --- input ------------------------------------------------------------------------------

    def button(self, name: str) -> None:
        """A control-bar, panel or menu button."""
        if self.menu.is_open and name in {b.action for b in self.menu.buttons()}:
            self.carry_out(self.menu.choose(name))
            self._events()
            return
        table = self.table
        handlers: dict[str, Callable[[], None]] = {
            "copy": self.copy_deal, "help": self.open_help, "rewind": self.rewind, "demo": self.start_demo,
            "export": self.export,
            "import": lambda: self.confirm_loss("Replay the moves from the clipboard?", "Replay", self.import_moves),
            "restart": lambda: self.confirm_loss(f"Restart this {self.noun}?", "Restart", self.restart, counts=False),
            "giveup": lambda: self.confirm_loss("Give up this game?", "Give up", self.give_up),
            "menu": self.menu.open, "quit": self.quit,
            "help-prev": lambda: self._help_turn(-1), "help-next": lambda: self._help_turn(1),
        }
        if name in ("close", "keep"):
            table.panel = None
            self._pending = None
            return
        if name == "confirmed":
            then, self._pending = self._pending, None
            table.panel = None
            if then is not None:
                then()
            self._events()
            return
        if name != "copy":
            table.panel = None
        if name in handlers:
            handlers[name]()
        elif name.startswith("hold-") and isinstance(table, FreeCellTable):
            table.hold_action(name)
        elif name.startswith("play:") and isinstance(table, FreeCellTable):
            table.play(table.position.parse_move(name[5:]))
        elif name == "moves" and isinstance(table, FreeCellTable):
            table.panel = table.move_list()
        else:
            act = {"undo": Act.UNDO, "hint": Act.HINT, "new": Act.NEW_DEAL,
                   "autocomplete": Act.AUTOCOMPLETE, "deal": Act.DEAL}.get(name)
            if act is not None:
                self.act(Action(act))
        self._events()

    def act(self, action: Action) -> None:
        """A keyboard, gamepad or control-bar action."""
        self._act(action)
        self._events()

    def _skip_cascade(self, action: Action | None = None) -> bool:
        """Input during an auto-complete cascade skips it to the end (F stops it
        instead); True when the input was spent on that."""
        table = self.table
        if not (isinstance(table, FreeCellTable) and table.cascade) or (
                action is not None and action.act is Act.AUTOCOMPLETE):
            return False
        table.finish_cascade()
        self._events()
        return True

    def _act(self, action: Action) -> None:
        if self._skip_cascade(action):
            return
        if action.act is not Act.HELP and not self.typing:
            self.table.message = ""  # a message lasts until the next action
        if action.act is Act.QUIT:
            self.quit()
            return
        if action.act is Act.MUTE:
            self.toggle_sound()
            return
        if self.menu.is_open:
            self.menu_action(action)
            return
        if self.waiting is not None and action.act is Act.CANCEL:
            self.cancel_wait(say="cancelled")
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
        if panel is not None and panel.buttons and self._panel_action(panel, action.act):
            return
        if action.act is Act.HELP:
            self.open_help(for_message=True)
            return
        table = self.table
        if action.act is Act.CANCEL and table.selection is None and not table.hint_marks:
            self.menu.open()  # Esc with nothing open: the menu
            return
        table.flights.land()
        table.action(action)

    def _panel_action(self, panel: Panel, act: Act) -> bool:
        """Keys walk an open panel's buttons; True when the key was the panel's."""
        n = len(panel.buttons)
        if act in (Act.FOCUS_UP, Act.FOCUS_LEFT, Act.FOCUS_PREV, Act.FOCUS_DOWN, Act.FOCUS_RIGHT, Act.FOCUS_NEXT):
            step = -1 if act in (Act.FOCUS_UP, Act.FOCUS_LEFT, Act.FOCUS_PREV) else 1
            self.table.panel = dataclasses.replace(panel, focus=(max(panel.focus, 0) + step) % n)
            return True
        if act is Act.SELECT:
            self.button(panel.buttons[max(panel.focus, 0)].action)
            return True
        if act is Act.CANCEL:
            self.table.panel = None
            self._pending = None
            return True
        return False

    @property
    def blocked(self) -> bool:
        """A panel or the menu is up: the table waits for its answer."""
        return self.table.panel is not None or self.menu.is_open

    def draggable(self, where: Any) -> bool:
        """May a drag start on ``where`` (a Pick)? Spider's face-down cards stay put."""
        if self.table.game == "spider":
            return bool(self.table.position.is_face_up(where.pile, where.index))
        return True

    def click(self, where: Any, double: bool) -> None:
        if self._skip_cascade():
            return
        self.table.message = ""
        self.table.click(where, double)
        self._events()

    def drop(self, source: tuple[str, int, int], target: tuple[str, int] | None) -> bool:
        """A dragged run let go over ``target``; True if a move was made."""
        self.table.message = ""
        moved = self.table.drop(source, target)
        self._events()
        return moved

    def holdable(self, where: Any) -> bool:
        """Does press-and-hold on ``where`` open a panel? FreeCell's run panel, on a column card."""
        return isinstance(self.table, FreeCellTable) and where.kind == "column"

    def hold(self, column: int, index: int) -> None:
        """Press and hold on a column card: FreeCell's run panel."""
        if isinstance(self.table, FreeCellTable):
            self.table.hold(column, index)

    # --- each step, and what the window draws ---------------------------------------------

    def update(self, dt: float) -> None:
        self.env.anim_time += dt
        self.env.size = self.host.size
        # The clock stops while a panel or the menu covers the table.
        clock = self.table.session.clock
        if self.blocked:
            clock.pause("panel")
        else:
            clock.resume("panel")
        table = self.table
        if table.message and self.env.anim_time - table.message_at > speeds.MESSAGE_SECONDS:
            table.message = ""
        self.table.update(dt)
        if self.winnability is not None:
            self.winnability.poll()
        self._poll_wait()
        if self.demo is not None:
            if self.demo.update(dt):
                self.changed()
            if self.demo.over:
                self.stop_demo()
        self._events()

    def status(self) -> str:
        extra = []
        if self.proven_unsolvable:
            extra.append("not winnable: this deal is proven unsolvable")
        elif self.winnability is not None and self.table.game == "freecell" and not self.table.session.won:
            extra.append(self.winnability.label)
        elif (self.proven_winnable and not self.table.session.won and self.demo is None
              and (self.winnability is None or self.game == "spider")):
            # (A demo shows the deal winnable by playing it, and its keys need the room.)
            extra.append("winnable deal")
        if self.demo is not None:
            extra.append(self.demo.status())
        if self.waiting is not None:
            extra.append(self.waiting_label())
        return self.table.status(tuple(extra))

    def buttons(self) -> tuple[Button, ...]:
        from game.freecell.winnability import WinState

        win = self.winnability
        lost = win is not None and self.table.game == "freecell" and win.state is WinState.LOST
        return self.table.buttons(lost)

    def panel(self) -> Panel | None:
        return self.menu.panel() if self.menu.is_open else self.table.current_panel()

    @property
    def busy(self) -> bool:
        """Cards are flying (the window draws every frame)."""
        return self.table.flights.busy()

    def close(self) -> None:
        """Save the game and stop the solver processes."""
        self.save_game()
        self.cancel_wait()
        self.stop_demo()
        if self.winnability is not None:
            self.winnability.close()
            self.winnability = None
        self.table.close()
        for solver in self.solvers.values():
            solver.close()
