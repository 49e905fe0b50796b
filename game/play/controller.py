"""The controller: actions (keys, gamepad, control bar), pointer gestures resolved to places
(``press``, ``move``, ``release``, ``hold``) and fixed steps in; one read-only
:class:`game.play.frame.Frame` out. It asks before a game is lost and runs the menu and help; the
game on the table and every reaction to it is :class:`game.play.round.Round`'s, and the tables
answer every per-game question. The window's side is a small :class:`Host`::

    play = Play(host, game="freecell", number=617, store=Store(folder))
    play.act(Action(Act.HINT))
    play.update(1 / 60)            # each fixed step
    frame = play.frame((1280, 720))
    play.close()                   # saves the game
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.i18n import _, pgettext
from game.input.actions import Act, Action
from game.places import PileKind
from game.play.frame import Frame
from game.play.games import GAMES, asks
from game.play.help import HelpBook
from game.play.host import Host, NullHost
from game.play.menu import Request, Settings
from game.play.panels import ACTS, PANEL_KEYS, WALK, Button, Command, Panel
from game.play.round import Round
from game.play.table import Table
from game.stats import Statistics
from game.store import Store

if TYPE_CHECKING:
    from game.input.pointer import Click
    from game.render.picking import Pick

__all__ = ["Host", "NullHost", "Play"]  # Host and NullHost live in game.play.host


class Play:
    """One game at a time on one table, and everything the player does to it."""

    def __init__(self, host: Host, game: str = "freecell", number: int | None = None, suits: int = 1, *,
                 now: Callable[[], float] = time.perf_counter, restore: bool = True,
                 store: Store | None = None, fullscreen: bool = False, language: str | None = None) -> None:
        self.host = host
        self.running = True
        self.store = store if store is not None else Store()
        self.stats = Statistics.load(self.store)
        self.settings = Settings.load(self.store)
        self.settings.fullscreen = self.settings.fullscreen or fullscreen  # a fullscreen start turns it on
        #: What a confirmation panel on the table will do when the player says yes.
        self._pending: Callable[[], None] | None = None
        self.help = HelpBook(())
        self.round = Round(host, self.store, self.settings, self.stats, game, number, suits, now=now,
                           restore=restore, language=language)
        self.jobs, self.env, self.record = self.round.jobs, self.round.env, self.round.record
        self.menu = self.round.menu()

    @property
    def table(self) -> Table:
        return self.round.table

    @property
    def game(self) -> str:
        return self.round.game

    @property
    def message(self) -> str:
        return self.round.message

    def say(self, text: str) -> None:
        self.round.say(text)

    def status(self) -> str:
        return self.round.status()

    def buttons(self) -> tuple[Button, ...]:
        return self.round.buttons(ring=not self.blocked)  # one focus ring at a time

    @property
    def busy(self) -> bool:
        """Cards are flying (the window draws every frame)."""
        return self.round.busy

    def _events(self) -> None:
        """Let the game react to what happened; ask the player what it cannot decide."""
        self.round.events()
        for _wanted in self.round.take_wanted():
            self.confirm_loss(asks(self.table.noun, "new"), asks(self.table.noun, "new-yes"), self.round.new_deal)

    # --- asking before a game is lost (issue 14) ----------------------------------------

    @property
    def in_progress(self) -> bool:
        """A game with a move on the table (or one that would count), not won: ending it loses something."""
        s = self.table.session
        return not s.won and (s.moves > 0 or self.round.at_stake)

    def confirm_loss(self, question: str, yes: str, then: Callable[[], None], *,
                     counts: bool = True, extra: tuple[Button, ...] = ()) -> None:
        """Do ``then`` at once when nothing is at stake, else ask first ("Keep playing" is the
        default), saying what the statistics make of it (:meth:`game.play.record.Record.at_stake`)."""
        if not self.in_progress:
            then()
            return
        self.ask(question, (self.round.loss_note(counts),), yes, then, extra)

    def ask(self, question: str, lines: tuple[str, ...], yes: str, then: Callable[[], None],
            extra: tuple[Button, ...] = ()) -> None:
        """A yes/no panel; Esc, B or "Keep playing" leaves everything as it was."""
        self.menu.close()
        self._pending = then
        buttons = (Button(_("Keep playing"), Command.KEEP), Button(yes, Command.CONFIRMED)) + extra
        self.table.panel = Panel(question, lines, buttons, focus=0)

    def quit(self) -> None:
        """Quit after asking; the game in progress is saved and comes back next time."""
        self.ask(_("Quit Solitaire?"), (_("Your game is saved and comes back when you start again."),)
                 if self.in_progress else (), _("Quit"), lambda: setattr(self, "running", False))

    # --- the menu and help ----------------------------------------------------------------

    def carry_out(self, request: Request | None) -> None:
        """What the menu asked for."""
        if request is None:
            return
        if request.kind in ("help", "quit"):
            self.open_help() if request.kind == "help" else self.quit()
        elif request.setting == "clear-stats":
            self.stats.clear_all(store=self.store)
            self.round.say_store_warnings()
            self.say(_("Statistics cleared"))
        elif request.kind == "setting":
            self.round.apply_settings()
            self.round.save_settings()
            found = self.table.with_suits(self.settings.spider_suits) if request.setting == "spider_suits" else None
            if found is not None:
                again, question, said = found  # SPEC 2.2: changing difficulty restarts the game number.

                def play_again() -> None:
                    self.round.abandon()
                    self.round.start(again)
                    self.say(said)

                self.confirm_loss(question, _("Start it"), play_again)
        elif request.kind == "challenge" and (asked := self.round.challenge_named(request.setting)):
            self.confirm_loss(*asked)  # the question, its yes, and the challenge dealt (None: said why not)
        elif request.kind not in GAMES:
            return
        elif request.number is None:
            self.confirm_loss(_("Start a new game?"), _("Start it"),
                              lambda: self.round.deal_next(GAMES[request.kind], request.suits))
        else:
            game = GAMES[request.kind]

            def deal_it() -> None:
                self.round.abandon()
                self.round.start(game.table(self.env, request.number or 1, request.suits))
                self.table.fly_deal()
                if request.setting:
                    self.round.save_settings()  # e.g. the first Spider game has been given
                if request.notice:
                    self.say(request.notice)

            self.confirm_loss(asks(game.noun, "start").format(number=request.number), _("Start it"), deal_it)

    @property
    def typing(self) -> bool:
        """The number box has the keyboard: keys are text, not actions."""
        return self.menu.typing

    def type_text(self, text: str) -> None:
        self.menu.type_text(text)

    def backspace(self) -> None:
        if self.typing:
            self.menu.backspace()

    def paste(self) -> None:
        self.menu.paste(self.host.clipboard_get())

    def open_help(self, for_message: bool = False) -> None:
        """How to play (F1, the menu): the page, or the part on the last refusal after one."""
        self.help = HelpBook.open(self.game, self.round.last_refusal if for_message else "")
        self.menu.close()
        self.table.panel = self.help.panel()

    def _help_turn(self, step: int) -> None:
        self.help = self.help.turn(step)
        self.table.panel = self.help.panel()

    # --- input ------------------------------------------------------------------------------

    def button(self, name: Command | str) -> None:
        """A control-bar, panel or menu button."""
        if self.menu.is_open and name in {b.action for b in self.menu.buttons()}:
            self.carry_out(self.menu.choose(name))
            self._events()
            return
        table = self.table
        noun = table.noun
        r = self.round
        handlers: dict[str, Callable[[], None]] = {
            Command.COPY: r.copy_deal, Command.HELP: self.open_help, Command.REWIND: r.rewind, Command.EXPORT: r.export,
            Command.DEMO: r.demo_button, Command.DEMO_FULL: r.start_demo, Command.DEMO_FAIR: r.start_fair_demo,
            Command.IMPORT: lambda: self.confirm_loss(_("Replay the moves from the clipboard?"),
                                                      pgettext("replay pasted moves", "Replay"), r.import_moves),
            Command.RESTART: lambda: self.confirm_loss(asks(noun, "restart"), _("Restart"), r.restart, counts=False),
            Command.GIVE_UP: lambda: self.confirm_loss(_("Give up this game?"), _("Give up"), r.give_up,
                                                       extra=table.give_up_extras()),
            Command.MENU: self.menu.open, Command.QUIT: self.quit, Command.RETRY: r.restart,
            Command.HELP_PREV: lambda: self._help_turn(-1), Command.HELP_NEXT: lambda: self._help_turn(1),
        }
        then = None
        if name in (Command.CONFIRMED, Command.CLOSE, Command.KEEP):
            then, self._pending = (self._pending if name == Command.CONFIRMED else None), None
        if name != Command.COPY:
            table.panel = None
        if name in (Command.CLOSE, Command.KEEP):
            return
        if then is not None:
            then()
        elif name in handlers:
            handlers[name]()
        elif not table.own_button(name) and name in ACTS:
            self.act(Action(ACTS[name]))
        self._events()

    def key(self, action: Action) -> None:
        """A key or gamepad action: the focus ring shows (not for a key a panel up ignores);
        F11 is the window's fullscreen."""
        self.env.keyboard_used = self.env.keyboard_used or not self.blocked or action.act in PANEL_KEYS
        if action.act is Act.FULLSCREEN:
            self.settings.fullscreen = self.host.switch_fullscreen()
        elif self.blocked or not self.round.bar_key(action.act, self.button):  # F6, the shoulders, the ring's keys
            self.act(action)

    def act(self, action: Action) -> None:
        """A keyboard, gamepad or control-bar action."""
        self._act(action.act)
        self._events()

    def _skip_cascade(self, act: Act | None = None) -> bool:
        """Input during a cascade skips it to the end (F stops it); True when spent on that."""
        if not self.table.cascading or act is Act.AUTOCOMPLETE:
            return False
        self.table.finish_cascade()
        self._events()
        return True

    def _act(self, act: Act) -> None:
        table = self.table
        if table.panel is not None and not self.menu.is_open:
            return self._answer(table.panel, act)  # a panel waits for its answer: no key acts behind it
        if self._skip_cascade(act):
            return
        if act is not Act.HELP and not self.typing:
            table.message = ""  # a message lasts until the next action
        if act in (Act.QUIT, Act.MUTE):
            self.quit() if act is Act.QUIT else self.round.toggle_sound()
        elif self.menu.is_open:
            self.carry_out(self.menu.act(act))
        elif self.jobs.waiting is not None and act is Act.CANCEL:
            self.say(self.jobs.cancel())
        elif self.round.demo is not None and self.round.demo.action(Action(act)):
            if self.round.demo.over:
                self.round.stop_demo()
        elif act is Act.REWIND:
            self.round.rewind()
        elif act in (Act.MENU, Act.HELP):
            self.menu.open() if act is Act.MENU else self.open_help(for_message=True)
        elif act is Act.CANCEL and table.selection is None and table.held is None and not table.hint_marks:
            self.menu.open()  # Esc with nothing open, picked up or marked: the menu
        else:
            table.flights.land()
            table.action(Action(act))

    def _answer(self, panel: Panel, act: Act) -> None:
        """A key while ``panel`` is up: only its own keys act (Tab, arrows, Enter, Esc, A, B); others do nothing."""
        if act not in PANEL_KEYS:
            return
        self.table.message = ""  # a message lasts until the next action
        if self.table.own_panel_key(act):
            return
        if act is Act.CANCEL:
            self.table.panel = self._pending = None
        elif panel.buttons and act is Act.SELECT:
            self.button(panel.buttons[max(panel.focus, 0)].action)
        elif panel.buttons:
            self.table.panel = panel.walked(WALK[act])

    @property
    def blocked(self) -> bool:
        """A panel or the menu is up: the table waits for its answer."""
        return self.table.panel is not None or self.menu.is_open

    # --- pointer gestures, already resolved to places by the window ----------------------

    def press(self) -> bool:
        """The button went down: cards in flight land; False while a panel or the menu waits."""
        self.round.mouse_used()
        self.table.flights.land()
        return not self.blocked

    def hover(self, find: Callable[[], tuple[PileKind, int] | None]) -> None:
        self.table.hover(find)  # the mouse moved, no button down: ``find()`` picks the place under it

    def draggable(self, where: Pick) -> bool:
        return self.table.draggable(where)

    def move(self, source: tuple[PileKind, int, int] | None, offset: tuple[float, float] = (0.0, 0.0)) -> None:
        """The run from ``source`` is dragged ``offset`` away on the table plane (None: let go of nothing)."""
        self.table.hold_run(source, offset)

    def release(self, click: Click[Pick] | None = None, target: tuple[PileKind, int] | None = None) -> None:
        """A ``click`` (:class:`game.input.pointer.Click`), or the held run let go over ``target``."""
        if click is not None and self._skip_cascade():
            return
        self.table.message = ""
        if click is not None:
            self.table.click(click.where, click.double)
        else:
            self.table.let_go(target)
        self._events()

    def holdable(self, where: Pick) -> bool:
        return self.table.holdable(where)

    def hold(self, column: int, index: int) -> None:
        self.table.hold(column, index)

    def pause(self, reason: str, paused: bool = True) -> None:
        """The window lost (or got back) the player: the game clock pauses for ``reason``."""
        (self.table.session.clock.pause if paused else self.table.session.clock.resume)(reason)

    def frame(self, size: tuple[int, int] | None = None) -> Frame:
        """What the window draws now, as a read-only value (building it changes nothing)."""
        t = self.table
        return Frame(t.layout_now(size=size), t.shown_layout(size), tuple(t.marks(t.held and t.held[0])),
                     None if self.blocked else self.round.focus_mark(), self.status(), t.message, self.buttons(),
                     self.panel(), self.round.glow(), self.busy, t.flights.celebrating(self.env.anim_time), t.tip())

    def panel(self) -> Panel | None:
        return self.menu.panel() if self.menu.is_open else self.table.current_panel()

    def update(self, dt: float) -> None:
        self.round.update(dt, self.blocked)
        self._events()

    def close(self, window: dict[str, int] | None = None) -> None:
        """Save the game (and ``window``, where the window closed) and stop the solver processes."""
        self.round.close(window)
