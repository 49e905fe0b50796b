"""The game's lifecycle without a window: which table is up, and what reacts to
what happens on it (statistics and the save, the live check, the solver's
jobs, the demo, help, the menu, the questions before a game is lost).

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

Its parts report what happened as events or values and never call it: the
tables (:mod:`game.play.table`, which answer every per-game question), the
solver's jobs (:mod:`game.play.jobs`) and the record (:mod:`game.play.record`).
This class wires each event to its reaction.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from game import speeds
from game.input.actions import Act, Action
from game.play.demo import Demo
from game.play.frame import Frame, control_bar, status_line
from game.play.games import GAMES, LIVE_CHECK, Game, game_of, next_table, restored_table
from game.play.help import HelpBook
from game.play.host import Host, NullHost
from game.play.jobs import Jobs, LineFound, Rewound, Said, WinnableFound
from game.play.menu import Menu, Settings
from game.play.panels import Button, Command, Panel
from game.play.record import Record
from game.places import PileKind
from game.play.table import NewDealWanted, Played, Refused, Table, TableEnv, Undone
from game.session import FreeCellSession, restore_saved
from game.solver import SolverChecker
from game.stats import Statistics
from game.store import Store

__all__ = ["Play", "Host", "NullHost"]  # Host and NullHost live in game.play.host

#: The keys that walk an open panel's buttons, and which way.
_WALK = {Act.FOCUS_UP: -1, Act.FOCUS_LEFT: -1, Act.FOCUS_PREV: -1,
         Act.FOCUS_DOWN: 1, Act.FOCUS_RIGHT: 1, Act.FOCUS_NEXT: 1}


class Play:
    """One game at a time on one table, and everything around it."""

    def __init__(self, host: Host, game: str = "freecell", number: int | None = None, suits: int = 1, *,
                 now: Callable[[], float] = time.perf_counter, restore: bool = True,
                 store: Store | None = None, fullscreen: bool = False) -> None:
        self.host = host
        self.now = now
        self.running = True
        self.store = store if store is not None else Store()
        self.stats = Statistics.load(self.store)
        self.record = Record(self.store, self.stats)
        self.settings = Settings.load(self.store)
        if fullscreen:
            self.settings.fullscreen = True
        self.menu = Menu(self.settings, self.stats)
        self.jobs = Jobs()
        self.env = TableEnv(size=host.size, now=now, solver=self.jobs.solver)
        self._sync_env()
        #: The live winnability check (while the setting is on) and a running demo.
        self.winnability: Any = None
        self.demo: Demo | None = None
        #: What a confirmation panel on the table will do when the player says yes.
        self._pending: Callable[[], None] | None = None
        #: The engine's last refusal, for F1 (the message line itself clears).
        self.last_refusal = ""
        self.help = HelpBook(())
        restored = restore_saved(self.store, now=self.now) if number is None and restore else None
        if restored is not None:
            table = restored_table(self.env, restored)
        else:
            kind = GAMES.get(game, GAMES["freecell"])
            table = kind.table(self.env, number or kind.first_number(), suits)
        self.table = self._install(table)
        if restored is None:
            table.fly_deal()
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

    def say_store_warnings(self) -> None:
        """Show what the data folder had to say (a file set aside, a folder not writable)."""
        line = self.record.warning()
        if line:
            self.say(line)

    @property
    def demo_touched(self) -> bool:
        """Whether a demo played any of this game (then it does not count)."""
        return self.record.demo_touched

    # --- reactions to what happened -----------------------------------------------------

    def position_changed(self) -> None:
        """The position changed (move, undo, restart, new deal): re-check winnability."""
        if self.winnability is not None and self.table.live_check_applies:
            self.winnability.position_changed(self.table.position)

    def changed(self) -> None:
        """After every move: the record (a win counted once, the save); the live check."""
        if self.table.session.won:
            self.table.session.clock.stop()  # any win, the demo's too
        if self.demo is None and self.jobs.for_position:
            self.jobs.cancel()  # a line or a Rewind for the old position no longer fits
        self.position_changed()
        won = self.record.changed(self.table)
        if won is not None:
            self.table.celebrate()
            if won.counted:
                self.host.play_sound("win")
        self.say_store_warnings()

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
                noun = self.table.noun
                self.confirm_loss(f"Start a new {noun}?", f"New {noun}", self.new_deal)
        self.table.settle()

    def _react(self, events: list[Any]) -> None:
        """React to the solver's answers for the player (:mod:`game.play.jobs`)."""
        for event in events:
            if isinstance(event, LineFound):
                self.play_demo(list(event.line))
            elif isinstance(event, Rewound):
                self.table.rewind(event.steps)
                self.say(event.message)
                self.position_changed()
            elif isinstance(event, WinnableFound):
                self.abandon()
                self._start(GAMES[event.game].table(self.env, event.number, event.suits))
                self.say(f"game #{event.number}: the solver proved it winnable")
            elif isinstance(event, Said):
                self.say(event.text)

    # --- games and tables -------------------------------------------------------------

    def abandon(self) -> None:
        """A new game replaces one in progress: that one counts as played and lost."""
        self.record.abandon(self.table)
        self.say_store_warnings()
        self.stop_demo()

    def save_game(self) -> None:
        self.record.save(self.table)
        self.say_store_warnings()

    def new_deal(self) -> None:
        """A new deal of the same game, by its own policy (proven winnable where the
        player asked for that: :mod:`game.play.dealer`)."""
        self.deal_next(game_of(self.table), self.table.suits)

    def deal_next(self, game: Game, suits: int) -> None:
        """The next deal of ``game`` at ``suits``: when "Winnable deals only" has used
        up the proven list, a background search finds one (it is dealt on its answer)."""
        before = self.settings.to_dict()
        number = game.next_number(self.settings, suits)
        if self.settings.to_dict() != before:
            self.save_settings()  # the list's cursor moved
        if number is None:
            self.jobs.find_winnable(suits)
            return
        self.abandon()
        self.table.panel = None  # a result panel belongs to the game it ended
        self._start(next_table(game, self.table, number, suits))

    def _install(self, table: Table) -> Table:
        """Give a new table what it shares with the rest of the game."""
        if table.has_suit_choice:
            self.settings.spider_suits = table.suits  # the menu names the game's suit count
        return table

    def _start(self, table: Table) -> None:
        """Put ``table`` up (a new one replaces the old), with the settings in force."""
        if table is not self.table:
            self.table.close()
            self.table = self._install(table)
        self.apply_settings()
        self.position_changed()

    def restart(self) -> None:
        self.table.restart()
        self.table.fly_deal()
        self.position_changed()

    def give_up(self) -> None:
        self.record.give_up(self.table)
        self.say_store_warnings()
        self.new_deal()
        self.say("given up: a new deal")

    # --- the solver's jobs and the demo ---------------------------------------------

    def rewind(self) -> None:
        """Undo back to the latest position still winnable, naming the move that lost
        (searched in the solver's worker: the table stays live, Esc cancels)."""
        self._react(self.jobs.rewind(self.table, self.winnability))

    def start_demo(self) -> None:
        """The solver plays from here as card flights; Esc stops, leaving the player in control."""
        self.stop_demo()
        self._react(self.jobs.demo(self.table, self.winnability))

    def play_demo(self, line: list[Any]) -> None:
        """Play ``line`` (valid from the position on the table) as the demo."""
        self.demo = Demo.start(self.table, line)
        if self.demo is not None:
            self.record.demo_touched = True

    def stop_demo(self) -> None:
        if self.demo is not None:
            self.demo.stop()
            self.demo = None
            self.position_changed()

    def export(self) -> None:
        """Copy the game's moves in standard notation (every card movement, fc-solve style)."""
        text = self.table.export_moves()
        if text is None:
            self.say("move lists are FreeCell's")
            return
        self.host.clipboard_put(text)
        self.say(f"{len(text.split())} moves copied to the clipboard")

    def import_moves(self) -> None:
        """Replay a pasted move list from the deal's start."""
        try:
            table, moves = self.table.replayed(self.host.clipboard_get(), self.settings.auto_moves)
        except ValueError as exc:
            self.say(str(exc))
            return
        self.abandon()
        self._start(table)
        self.say(f"replayed {moves} moves of deal #{table.session.number}")

    def copy_deal(self) -> None:
        """Put the deal's number on the clipboard (it pastes into the number box)."""
        number = str(self.table.session.number)
        self.host.clipboard_put(number)
        self.say(f"#{number} copied to the clipboard")

    # --- asking before a game is lost (issue 14) ----------------------------------------

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
        self.table.panel = Panel(question, lines, (Button("Keep playing", Command.KEEP), Button(yes, Command.CONFIRMED)),
                                 focus=0)

    def quit(self) -> None:
        """Quit after asking; the game in progress is saved and comes back next time."""
        def stop() -> None:
            self.running = False

        self.ask("Quit Solitaire?", ("Your game is saved and comes back when you start again.",)
                 if self.in_progress else (), "Quit", stop)

    # --- settings ---------------------------------------------------------------------

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
        if self.table.set_auto_level(st.auto_moves):
            if self.winnability is not None:
                self.winnability.forget()  # "all" may lose where "safe" wins
            self.position_changed()
        if st.live_winnability and self.winnability is None:
            from game.freecell.winnability import Winnability

            self.winnability = Winnability(SolverChecker(service=self.jobs.solver(LIVE_CHECK)))
            self.position_changed()
        elif not st.live_winnability and self.winnability is not None:
            self.winnability.close()
            self.winnability = None

    def save_settings(self) -> None:
        self.store.save("settings", self.settings.to_dict())
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

    # --- the menu and help ----------------------------------------------------------------

    def carry_out(self, request: Any) -> None:
        """What the menu asked for."""
        if request is None:
            return
        if request.kind in ("help", "quit"):
            self.open_help() if request.kind == "help" else self.quit()
        elif request.setting == "clear-stats":
            self.stats.clear_all(store=self.store)
            self.say_store_warnings()
            self.say("statistics cleared")
        elif request.kind == "setting":
            self.apply_settings()
            self.save_settings()
            again = self.table.with_suits(self.settings.spider_suits) if request.setting == "spider_suits" else None
            if again is not None:
                # SPEC 2.2: changing difficulty restarts the current game number.
                number, suits = again.session.number, again.suits
                said = f"game #{number} again with {suits} suit{'s' * (suits > 1)}"

                def play_again() -> None:
                    self.abandon()
                    self._start(again)
                    self.say(said)

                self.confirm_loss(f"Play {said}?", "Start it", play_again)
        elif request.kind not in GAMES:
            return
        elif request.number is None:
            self.confirm_loss("Start a new game?", "Start it",
                              lambda: self.deal_next(GAMES[request.kind], request.suits))
        else:
            game = GAMES[request.kind]

            def deal_it() -> None:
                self.abandon()
                self._start(game.table(self.env, request.number or 1, request.suits))
                self.table.fly_deal()
                if request.setting:
                    self.save_settings()  # e.g. the first Spider game has been given
                if request.notice:
                    self.say(request.notice)

            self.confirm_loss(f"Start {game.noun} #{request.number}?", "Start it", deal_it)

    @property
    def typing(self) -> bool:
        """The number box has the keyboard: keys are text, not actions."""
        return self.menu.is_open and self.menu.entry is not None

    def type_text(self, text: str) -> None:
        """Typed characters (the menu's number box)."""
        if self.typing:
            self.menu.type_text("".join(ch for ch in text if ch.isprintable()))

    def backspace(self) -> None:
        if self.typing:
            self.menu.backspace()

    def paste(self) -> None:
        """Ctrl+V in the number box: a deal identifier copied from the result panel."""
        if self.typing:
            self.menu.type_text(self.host.clipboard_get().strip().lstrip("#"))

    def open_help(self, for_message: bool = False) -> None:
        """How to play (F1, or the menu): the page, or the part that explains
        the last refusal when F1 follows one."""
        self.help = HelpBook.open(self.game, self.last_refusal if for_message else "")
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
        noun = table.noun
        handlers: dict[str, Callable[[], None]] = {
            "copy": self.copy_deal, "help": self.open_help, "rewind": self.rewind, "demo": self.start_demo,
            "export": self.export,
            "import": lambda: self.confirm_loss("Replay the moves from the clipboard?", "Replay", self.import_moves),
            "restart": lambda: self.confirm_loss(f"Restart this {noun}?", "Restart", self.restart, counts=False),
            "giveup": lambda: self.confirm_loss("Give up this game?", "Give up", self.give_up),
            "menu": self.menu.open, "quit": self.quit,
            "help-prev": lambda: self._help_turn(-1), "help-next": lambda: self._help_turn(1),
        }
        acts = {"undo": Act.UNDO, "hint": Act.HINT, "new": Act.NEW_DEAL, "autocomplete": Act.AUTOCOMPLETE,
                "deal": Act.DEAL}
        then = None
        if name in ("confirmed", "close", "keep"):
            then, self._pending = (self._pending if name == "confirmed" else None), None
        if name != "copy":
            table.panel = None
        if name in ("close", "keep"):
            return
        if then is not None:
            then()
        elif name in handlers:
            handlers[name]()
        elif not table.own_button(name) and name in acts:
            self.act(Action(acts[name]))
        self._events()

    def key(self, action: Action) -> None:
        """A key or gamepad action: the focus ring shows; F11 is the window's fullscreen."""
        self.env.keyboard_used = True
        if action.act is Act.FULLSCREEN:
            self.settings.fullscreen = not self.settings.fullscreen
            self.host.apply_look(self.settings)
            return
        self.act(action)

    def act(self, action: Action) -> None:
        """A keyboard, gamepad or control-bar action."""
        self._act(action.act)
        self._events()

    def _skip_cascade(self, act: Act | None = None) -> bool:
        """Input during an auto-complete cascade skips it to the end (F stops it
        instead); True when the input was spent on that."""
        if not self.table.cascading or act is Act.AUTOCOMPLETE:
            return False
        self.table.finish_cascade()
        self._events()
        return True

    def _act(self, act: Act) -> None:
        if self._skip_cascade(act):
            return
        table = self.table
        if act is not Act.HELP and not self.typing:
            table.message = ""  # a message lasts until the next action
        panel = table.panel
        if act is Act.QUIT:
            self.quit()
        elif act is Act.MUTE:
            self.toggle_sound()
        elif self.menu.is_open:
            self.carry_out(self.menu.act(act))
        elif self.jobs.waiting is not None and act is Act.CANCEL:
            self.say(self.jobs.cancel())
        elif self.demo is not None and self.demo.action(Action(act)):
            if self.demo.over:
                self.stop_demo()
        elif act is Act.REWIND:
            self.rewind()
        elif act is Act.MENU:
            table.panel = None
            self.menu.open()
        elif table.own_panel_key(act):
            pass
        elif panel is not None and panel.buttons and act in _WALK:
            table.panel = panel.walked(_WALK[act])
        elif panel is not None and panel.buttons and act is Act.SELECT:
            self.button(panel.buttons[max(panel.focus, 0)].action)
        elif panel is not None and panel.buttons and act is Act.CANCEL:
            table.panel = self._pending = None
        elif act is Act.HELP:
            self.open_help(for_message=True)
        elif act is Act.CANCEL and table.selection is None and not table.hint_marks:
            self.menu.open()  # Esc with nothing open: the menu
        else:
            table.flights.land()
            table.action(Action(act))

    @property
    def blocked(self) -> bool:
        """A panel or the menu is up: the table waits for its answer."""
        return self.table.panel is not None or self.menu.is_open

    # --- pointer gestures, already resolved to places by the window ----------------------

    def press(self) -> bool:
        """The button went down on the table: cards in flight land. False while a
        panel or the menu waits for an answer (the table does not take it)."""
        self.env.keyboard_used = False
        self.table.flights.land()
        return not self.blocked

    def draggable(self, where: Any) -> bool:
        """May a drag start on ``where`` (a Pick)? Spider's face-down cards stay put."""
        return self.table.draggable(where)

    def move(self, source: tuple[PileKind, int, int] | None, offset: tuple[float, float] = (0.0, 0.0)) -> None:
        """The run from ``source`` is dragged ``offset`` away on the table plane (None: let go of nothing)."""
        self.table.hold_run(source, offset)

    def release(self, click: Any = None, target: tuple[PileKind, int] | None = None) -> None:
        """The button came up: a ``click`` (a :class:`game.input.pointer.Click`), or
        the held run let go over ``target`` (it flies back when the move is refused)."""
        if click is not None and self._skip_cascade():
            return
        self.table.message = ""
        if click is not None:
            self.table.click(click.where, click.double)
        else:
            self.table.let_go(target)
        self._events()

    def holdable(self, where: Any) -> bool:
        """Does press-and-hold on ``where`` open a panel? FreeCell's run panel, on a column card."""
        return self.table.holdable(where)

    def hold(self, column: int, index: int) -> None:
        self.table.hold(column, index)

    def pause(self, reason: str, paused: bool = True) -> None:
        """The window lost (or got back) the player: the game clock pauses for ``reason``."""
        clock = self.table.session.clock
        clock.pause(reason) if paused else clock.resume(reason)

    def frame(self, size: tuple[int, int] | None = None) -> Frame:
        """What the window draws now, as a read-only value (building it changes nothing)."""
        t = self.table
        return Frame(t.layout_now(size=size), t.shown_layout(size), tuple(t.marks(t.held and t.held[0])),
                     t.focus_mark(), self.status(), t.message, self.buttons(), self.panel(),
                     self.env.anim_time, self.busy)

    # --- each step, and what the window shows -------------------------------------------

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
        self.table.settle()
        if self.winnability is not None:
            self.winnability.poll()
        self._react(self.jobs.poll())
        if self.demo is not None:
            if self.demo.update(dt):
                self.changed()
            if self.demo.over:
                self.stop_demo()
        self._events()

    def status(self) -> str:
        return status_line(self.table, self.winnability, self.demo, self.jobs)

    def buttons(self) -> tuple[Button, ...]:
        return control_bar(self.table, self.winnability)

    def panel(self) -> Panel | None:
        return self.menu.panel() if self.menu.is_open else self.table.current_panel()

    @property
    def busy(self) -> bool:
        """Cards are flying (the window draws every frame)."""
        return self.table.flights.busy()

    def close(self) -> None:
        """Save the game and stop the solver processes."""
        self.save_game()
        self.jobs.cancel()
        self.stop_demo()
        if self.winnability is not None:
            self.winnability.close()
            self.winnability = None
        self.table.close()
        self.jobs.close()
