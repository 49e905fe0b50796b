"""The game on the table and what reacts to what happens on it: the record
(statistics and the save), the live check, the solver's jobs, the demo, the
daily challenge being played, the settings in force.

:class:`Round` wires the parts' events to their reactions: the table's
(:mod:`game.play.table`: a move, an undo, a refusal), the solver's
(:mod:`game.play.jobs`), the record's (:mod:`game.play.record`) and the
challenge's (:mod:`game.play.challenge_slot`, which the round tells what
happened and which says what the player reads about the challenge). None of
them calls it, and it never calls :class:`game.play.Play` above it: what
needs the player's answer (a new deal asked for with a game in progress)
waits in :attr:`Round.wanted` for the controller::

    round = Round(host, store, settings, stats, "freecell", 617, 1, now=clock, restore=False)
    round.table.action(Action(Act.UNDO)); round.events()
    round.update(1 / 60, blocked=False)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game import speeds
from game.freecell.position import Position
from game.i18n import _, ngettext, set_language
from game.i18n.detect import detect_language
from game.places import PileKind
from game.play.bar import BarFocus
from game.play.challenge import Attempt
from game.play.challenge_slot import ChallengeSlot
from game.play.demo import Demo
from game.play.fair_demo import FairDemo
from game.play.frame import control_bar, status_line
from game.play.games import GAMES, LIVE_CHECK, Game, asks, game_of, next_table, not_counted, restored_table
from game.play.host import Host
from game.play.jobs import JobEvent, Jobs, LineFound, Rewound, Said, WinnableFound
from game.play.menu import Menu, Settings
from game.play.panels import Button
from game.play.par import Par
from game.play.record import Record
from game.play.table import GameMove, Helped, NewDealWanted, Played, Refused, Table, TableEnv, TableWanted, Undone
from game.render.camera import set_text_scale
from game.session import restore_saved
from game.solver import SolverChecker
from game.solver.service import answer_pipes
from game.stats import Statistics
from game.store import Store

if TYPE_CHECKING:  # the challenges and the live check load with their first use
    from game.challenges import Challenge
    from game.freecell.winnability import Winnability
    from game.input.actions import Act
    from game.render.marks import Mark

__all__ = ["QUIET_LOOK", "QUIET_STILL", "Round"]

#: Seconds an idle table waits between looks while something may change it with no
#: input (an answer coming, a message to clear): see :meth:`Round.quiet_for`.
QUIET_LOOK = 0.25
#: Seconds an idle table sleeps when nothing on it can change without input (no clock
#: running, no answer coming, no message to clear): a won game, a deal not started.
QUIET_STILL = 5.0


class Round:
    """The game on the table, its record, its solver jobs, its demo and live check."""

    def __init__(self, host: Host, store: Store, settings: Settings, stats: Statistics, game: str,
                 number: int | None, suits: int, *, now: Callable[[], float], restore: bool,
                 language: str | None = None) -> None:
        # ``language`` (solitaire --lang) for this run; else the one chosen in Settings, else the system's.
        set_language(language or settings.language or detect_language())
        self._spoken = settings.language  # Settings -> Language changes it at once (apply_settings)
        self.host = host
        self.now = now
        self.store = store
        self.stats = stats
        self.record = Record(store, stats)
        self.settings = settings
        #: The daily challenge on the table, if one is (:attr:`challenge`), told what happens to the game.
        self.challenge_slot = ChallengeSlot(store, self)
        self.jobs = Jobs()
        #: The shortest line found for the deal on the table (its own worker).
        self.par = Par(self.jobs)
        self.env = TableEnv(size=host.size, now=now, solver=self.jobs.solver, yardstick=self.jobs.yardstick_solver,
                            ponder=self.jobs.ponder_solver)
        #: The control-bar button the keyboard or gamepad ring is on (F6, the pad's shoulders).
        self.bar = BarFocus()
        self._sync_env()
        #: The live winnability check (while the setting is on) and a running demo.
        self.winnability: Winnability | None = None
        self.demo: Demo | FairDemo | None = None
        #: The engine's last refusal, for F1 (the message line itself clears).
        self.last_refusal = ""
        #: What the table asked of the player's side (a new deal, after asking).
        self.wanted: list[NewDealWanted] = []
        #: A counted win's sound waits for its celebration (after the last landing).
        self._win_sound = False
        restored = restore_saved(self.store, now=self.now) if number is None and restore else None
        if restored is not None:
            table = restored_table(self.env, restored)
        else:
            kind = GAMES.get(game, GAMES["freecell"])
            table = kind.table(self.env, number or kind.first_number(), suits)
        self.table = self._install(table)
        if restored is None:
            table.fly_deal()
        else:
            self.challenge_slot.restore(restored, settings.auto_moves)
        self.say_store_warnings()
        self.apply_settings()
        self.position_changed()

    def take_wanted(self) -> list[NewDealWanted]:
        """What the table asked of the player's side since the last call (oldest first)."""
        out, self.wanted = self.wanted, []
        return out

    @property
    def game(self) -> str:
        return self.table.game

    @property
    def challenge(self) -> Attempt | None:
        """The daily challenge being played on the table (None: a plain game)."""
        return self.challenge_slot.attempt

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
        """Whether anything helped play this game: the demo, Rewind, a try-again (then it never counts)."""
        return self.table.session.assisted

    @property
    def at_stake(self) -> bool:
        """Ending the game on the table now counts it as played and lost."""
        return self.record.at_stake(self.table)

    def loss_note(self, counts: bool = True) -> str:
        """What a question about ending the game says the statistics will make of it
        (``counts``: the ending would count a game at stake; Restart never does)."""
        s = self.table.session
        if counts and self.at_stake:
            # All its moves taken back (Undo, Restart), a game begun still counts: the question says so.
            return (_("This game will count as lost in your statistics.") if s.moves else
                    _("Every move was taken back, but the game was begun: it will count as lost in your statistics."))
        if counts and s.assisted:
            return not_counted(s.helped)
        return _("The moves of this game will be lost.")

    # --- reactions to what happened -----------------------------------------------------

    def position_changed(self) -> None:
        """The position changed (move, undo, restart, new deal): re-check winnability."""
        position = self.table.position
        # The live check is FreeCell's (its table's ``live_check_applies``): a FreeCell position.
        if self.winnability is not None and self.table.live_check_applies and isinstance(position, Position):
            self.winnability.position_changed(position)
        if self.settings.find_par:
            self.par.follow(self.table)  # a new deal (or level) starts its par search

    def changed(self) -> None:
        """After every move: the record (a win counted once, the save); the live check."""
        if self.table.session.won:
            self.table.session.clock.stop()  # any win, the demo's too
        if self.demo is None and self.jobs.for_position:
            self.jobs.cancel()  # a line or a Rewind for the old position no longer fits
        self.position_changed()
        won = self.record.changed(self.table)
        if won is not None:
            self.table.result_notes = self._notes()
            self.table.celebrate()  # once the last card has landed, with its sound
            self._win_sound = won.counted
        self.say_store_warnings()

    def events(self) -> None:
        """React to what the table did: sound, statistics, save, the live check."""
        for event in self.table.take_events():
            if isinstance(event, Played):
                self.host.play_sound(event.sound)
                self.changed()
                self.challenge_slot.moved(self.table.session)
                self._follow_challenge()
            elif isinstance(event, Undone):
                self.changed()
                self.challenge_slot.undone()
                self._follow_challenge()
            elif isinstance(event, Refused):
                self.host.play_sound("refuse")
                self.last_refusal = event.reason
            elif isinstance(event, NewDealWanted):
                self.wanted.append(event)  # the controller asks first
            elif isinstance(event, TableWanted):
                self.abandon()
                self.start(event.table)
                self.say(event.message)
            elif isinstance(event, Helped):
                self.challenge_slot.spoil()
        self.table.settle()
        # The win's sound comes with its celebration, or as the last card lands where there is none.
        if self._win_sound and (self.table.celebrating or (self.env.reduced_motion and self.table.win_shown)):
            self._win_sound = False
            self.host.play_sound("win")

    def _react(self, events: list[JobEvent]) -> None:
        """React to the solver's answers for the player (:mod:`game.play.jobs`)."""
        for event in events:
            if isinstance(event, LineFound):
                self.play_demo(list(event.line))
            elif isinstance(event, Rewound):
                self.table.session.help_with("rewind")  # the solver chose where to go back to
                self.table.rewind(event.steps)
                self.say(event.message)
                self.position_changed()
                self.challenge_slot.undone(event.steps)
                self._follow_challenge()
            elif isinstance(event, WinnableFound):
                self.abandon()
                self.start(GAMES[event.game].table(self.env, event.number, event.suits))
                self.say(_("Game #{number}: the solver proved it winnable").format(number=event.number))
            elif isinstance(event, Said):
                self.say(event.text)

    # --- games and tables -------------------------------------------------------------

    def abandon(self) -> None:
        """A new game replaces one in progress: that one counts as played and lost."""
        self.record.abandon(self.table)
        self.say_store_warnings()
        self.stop_demo()
        self.challenge_slot.end()
        self.table.result_notes, self.table.moves_text = (), ""

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
        self.start(next_table(game, self.table, number, suits))

    def _install(self, table: Table) -> Table:
        """Give a new table what it shares with the rest of the game."""
        if table.has_suit_choice:
            self.settings.spider_suits = table.suits  # the menu names the game's suit count
        return table

    def start(self, table: Table) -> None:
        """Put ``table`` up (a new one replaces the old), with the settings in force."""
        if table is not self.table:
            self.table.close()
            self.table = self._install(table)
            self._win_sound = False  # the sound was the old game's
        self.apply_settings()
        self.position_changed()

    def restart(self) -> None:
        """The same deal again: the game goes on (nothing is counted), but a won
        one replayed is a new game, which counts on its own (even if the demo won it)."""
        if self.table.session.won:
            self.record.forget()
            self.table.session.helped = ""
        else:
            self.record.restarting(self.table)  # begun, it stays at stake from its deal again
        if self.challenge_slot.restart(self.settings.auto_moves):
            # The goal's level first: the deal's opening cards go home (or stay) as the goal says.
            self.table.set_auto_level(self._auto_level())
        self.table.restart()
        self.table.result_notes, self.table.moves_text = (), ""
        self.table.fly_deal()
        self.position_changed()

    def menu(self) -> Menu:
        """The menu over this round: it asks the challenge slot for the player's marks and the
        level a challenge holds, and the round for the game on the table (the statistics open on its tab)."""
        slot = self.challenge_slot
        return Menu(self.settings, self.stats, marks=slot.marks, held=lambda: slot.held(self.settings.auto_moves),
                    playing=lambda: self.table.stats_key(), desktop=self.host.desktop_motion)

    # --- daily challenges ----------------------------------------------------------------

    def challenge_named(self, name: str) -> tuple[str, str, Callable[[], None]] | None:
        """For the challenge ``name`` (an id): the question to ask before it replaces a game
        in progress, its yes, and what deals it; None, said on the message line, when it
        cannot be played today."""
        return self.challenge_slot.asked(name, self.start_challenge)

    def start_challenge(self, challenge: Challenge) -> None:
        """Deal ``challenge``'s game (at its automatic level or suits) and follow it."""
        goal = challenge.goal
        self.abandon()
        self.table.panel = None
        self.challenge_slot.begin(challenge, self.settings.auto_moves)
        self._sync_env()  # the deal's opening automatic moves are made at the goal's level
        self.start(GAMES[goal.game].table(self.env, goal.number, goal.suits or 1))
        self.challenge_slot.tie()
        self.table.fly_deal()
        self.say(self.challenge_slot.opening())

    def _notes(self) -> tuple[str, ...]:
        """The result panel's lines beyond the table's own (the challenge's); its moves
        line says par beside them once par is known."""
        moves, demo = self.table.session.moves, self.demo_touched
        self.table.moves_text = self.par.sentence(moves, demo) if self.settings.find_par else ""
        return self.challenge_slot.result_lines()

    def _auto_level(self) -> str:
        return self.challenge_slot.auto_level(self.settings.auto_moves)

    def _follow_challenge(self) -> None:
        """After a step or a step taken back, with a challenge on the table: say at once what
        changed about it (met, missed, out of reach), its lines on a won game's panel, and put up
        the panel it asks for (missed: Restart offered; a Spider suits goal met before the end)."""
        if self.challenge is None:
            return
        won = self.table.session.won
        panel = self.challenge_slot.follow(won)
        if won:
            self.table.result_notes = self._notes()
        if panel is not None:
            self.table.panel = panel

    def give_up(self) -> None:
        """Give up: counted as given up when a move was made (and neither the demo
        nor Rewind played any of it); then a new deal."""
        counted = self.record.give_up(self.table)
        noun, helped = self.table.noun, self.table.session.helped
        self.say_store_warnings()
        self.new_deal()
        self.say(asks(noun, "given-up") if counted else not_counted(helped, noun) if helped else asks(noun, "no-move"))

    # --- the solver's jobs and the demo ---------------------------------------------

    def rewind(self) -> None:
        """Undo back to the latest position still winnable, naming the move that lost
        (searched in the solver's worker: the table stays live, Esc cancels)."""
        self._react(self.jobs.rewind(self.table, self.winnability))

    def start_demo(self) -> None:
        """The solver plays from here as card flights; Esc stops, leaving the player in control."""
        self.stop_demo()
        rest = self.par.rest_from(self.table.position) if self.settings.find_par else None
        if rest:
            self.play_demo(list(rest))  # the game stands on the par line: the demo plays the shortest known
            return
        self._react(self.jobs.demo(self.table, self.winnability))

    def demo_button(self) -> None:
        """The Demo button: the table's choice of demos (Spider: full knowledge or fair), else the demo."""
        panel = self.table.demo_panel()
        if panel is None:
            self.start_demo()
        else:
            self.table.panel = panel

    def start_fair_demo(self) -> None:
        """Spider's "Play fair": the fair hint plays from here, seeing only what the player sees."""
        self.stop_demo()
        self.jobs.cancel()
        game = self.table.game
        self.demo = FairDemo(self.table, lambda: self.jobs.solver(game))
        self.table.session.help_with("demo")
        self.table.session.redo_list.clear()
        self.challenge_slot.spoil()

    def play_demo(self, line: list[GameMove]) -> None:
        """Play ``line`` (valid from the position on the table) as the demo."""
        # The game's worker also seeks a shorter ending while a full-knowledge
        # (Spider) demo plays; the demo leaves it alone otherwise.
        self.demo = Demo.start(self.table, line, self.jobs.solver(self.table.game))
        if self.demo is not None:
            self.table.session.help_with("demo")
            self.table.session.redo_list.clear()  # the demo's moves are new ones
            self.challenge_slot.spoil()

    def stop_demo(self) -> None:
        if self.demo is not None:
            self.demo.stop()
            self.demo = None
            self.position_changed()

    def export(self) -> None:
        """Copy the game's moves in standard notation (every card movement, fc-solve style)."""
        text = self.table.export_moves()
        if text is None:
            self.say(_("Move lists are FreeCell's"))
            return
        # The text writes every card movement (fc-solve's form, automatic moves too); the
        # count said is the game's, as the status line shows it and the readers count it.
        n = self.table.session.moves
        if self.host.clipboard_put(text) is False:  # the window has no system clipboard
            self.say(ngettext("{n} move copied, for this window only: there is no system clipboard",
                              "{n} moves copied, for this window only: there is no system clipboard", n).format(n=n))
        else:
            self.say(ngettext("{n} move copied to the clipboard", "{n} moves copied to the clipboard", n).format(n=n))

    def import_moves(self) -> None:
        """Replay a pasted move list from the deal's start."""
        try:
            table, moves = self.table.replayed(self.host.clipboard_get(), self.settings.auto_moves)
        except ValueError as exc:
            self.say(str(exc))
            return
        self.abandon()
        self.start(table)
        number = table.session.number
        self.say(ngettext("Replayed {moves} move of deal #{number}", "Replayed {moves} moves of deal #{number}",
                          moves).format(moves=moves, number=number))

    def copy_deal(self) -> None:
        """Put the deal's number on the clipboard (it pastes into the number box)."""
        number = str(self.table.session.number)
        if self.host.clipboard_put(number) is False:
            self.say(_("#{number} copied, for this window only: there is no system clipboard").format(number=number))
        else:
            self.say(_("#{number} copied to the clipboard").format(number=number))

    # --- settings ---------------------------------------------------------------------

    def _sync_env(self) -> None:
        st = self.settings
        self.env.speed = speeds.SPEED_FACTORS[st.animation_speed]
        self.env.reduced_motion = st.calm(self.host.desktop_motion())
        self.env.auto_foundation = self._auto_level()  # a level: "off", "safe" or "all"
        self.env.one_click_home = st.one_click_home
        self.env.last_move = st.last_move_outline
        self.env.left_handed = st.left_handed
        self.env.click_to_move = st.click_to_move
        # The Easy challenge's first game shows the grades whatever the setting (which stays the player's).
        self.env.move_grades = st.move_grades or self.challenge_slot.shows_grades

    def apply_settings(self) -> None:
        """Every setting takes effect at once."""
        st = self.settings
        if st.language != self._spoken:
            self._spoken = st.language
            set_language(st.language or detect_language())
        if st.left_handed != self.env.left_handed:
            self.table.flights.land()  # a card in the air would finish where the old layout had it
        if set_text_scale(st.text_size / 100):
            # The HUD band grows with its text, so the table's area and its layout change.
            self.table.flights.land()
            self.host.resize(self.host.size)
        self._sync_env()
        self.host.set_volume(st.sound_volume)
        self.host.apply_look(st)
        if self.table.set_auto_level(self._auto_level()):
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
        if not st.find_par:
            self.par.forget()
        elif not self.par.searching and self.par.found is None:
            self.par.follow(self.table)

    def save_settings(self) -> None:
        self.store.save("settings", self.settings.to_dict())
        self.say_store_warnings()

    def toggle_sound(self) -> None:
        """S: sound off / on, said on the message line and remembered (the volume is kept)."""
        muted = self.settings.toggle_mute()
        self.host.set_volume(self.settings.sound_volume)
        self.save_settings()
        if muted:
            self.say(_("Sound off"))
        else:
            if self.settings.volume > 0:
                self.say(_("Sound on"))
            else:
                self.say(_("Sound on (the volume is 0%: raise it in Settings)"))

    # --- each step, and what the status line and the control bar say ------------------

    def glow(self) -> float:
        """The clock the hint's glow pulses on: animation time, or 0 under reduced motion (it holds still)."""
        return 0.0 if self.env.reduced_motion else self.env.anim_time

    def update(self, dt: float, blocked: bool) -> None:
        """One fixed step; ``blocked``: a panel or the menu covers the table (its clock stops)."""
        self.env.anim_time += dt
        old, self.env.size = self.env.size, self.host.size
        if self.settings.reduced_motion is None:  # the desktop's answer may come after the first frame
            self.env.reduced_motion = self.settings.calm(self.host.desktop_motion())
        if old != self.env.size:
            self.table.resized(old)
        clock = self.table.session.clock
        if blocked:
            clock.pause("panel")
        else:
            clock.resume("panel")
        table = self.table
        if table.message and self.env.anim_time - table.message_at > speeds.MESSAGE_SECONDS:
            table.message = ""
        self.table.update(dt)
        if self.demo is None and not blocked:  # (the player is not at the table)
            self.table.think_ahead()
        self.table.settle()
        if not self.table.flights.moving(self.env.anim_time):
            self.record.settled(self.table)
        live = self.winnability
        if live is not None and live.poll() and live.line:
            # The line proven from the position on the table: its moves are green at once.
            self.table.learn_line(self.table.position, live.line)
        self.par.poll()
        self.table.par_found = self.par.found_for(self.table) if self.settings.find_par else None
        self._react(self.jobs.poll(self.env.anim_time))
        if self.demo is not None:
            if self.demo.update(dt):
                self.changed()
            if self.demo.over:
                self.stop_demo()
        self.events()

    def quiet_for(self, answers_wake: bool = False) -> float:
        """Seconds the table may stay as it is, without input, before it must be looked at
        again: until the clock shows its next second, or the message line clears, else
        :data:`QUIET_STILL`; a quarter second while a solver's answer is coming, unless
        ``answers_wake`` (the wait also ends when an answer arrives: :func:`answer_pipes`).
        The window's idle wait: ``waiter.wait(int(round_.quiet_for() * 1000))``."""
        pipes = answer_pipes()  # ([]: no answer coming; None: one only a look can see)
        if pipes is None or (pipes and not answers_wake):
            return QUIET_LOOK
        quiet = QUIET_STILL
        table = self.table
        if table.message:  # (a little past its time, so that it is gone when looked at)
            quiet = max(0.0, table.message_at + speeds.MESSAGE_SECONDS - self.env.anim_time) + 0.005
        clock = table.session.clock
        if clock.running:  # (a little past the second, so that the new one shows)
            quiet = min(quiet, 1.0 - clock.elapsed % 1.0 + 0.005)
        return min(quiet, QUIET_STILL)

    def status(self) -> str:
        return status_line(self.table, self.winnability, self.demo, self.jobs, self.challenge_slot.status_text())

    def buttons(self, ring: bool = False) -> tuple[Button, ...]:
        """The control bar; ``ring``: the button the keyboard's ring is on marked, while keys are in use."""
        bar = control_bar(self.table, self.winnability)
        return self.bar.marked(bar) if ring and self.env.keyboard_used else bar

    def bar_key(self, act: Act, press: Callable[[str], None]) -> bool:
        """F6 or a shoulder onto the bar, or a key while the ring is on it (:meth:`BarFocus.key`);
        True when spent. A panel up has the keys first (the caller asks only when none is)."""
        return self.bar.key(act, self.buttons(), press, self.say, self.env.left_handed)

    def mouse_used(self) -> None:
        """The pointer took over: no focus ring, on the table or the bar."""
        self.env.keyboard_used = False
        self.bar.leave()

    @property
    def carried(self) -> tuple[PileKind, int, int] | None:
        """The run the pointer holds (dragged, or picked up by a click), as (kind, pile, index):
        the window's pointer follows it, and lets it go when something else put it back."""
        return None if self.table.held is None else self.table.held[0]

    @property
    def selected(self) -> bool:
        """Cards are selected (a right-click, as [Esc], clears them)."""
        return self.table.selection is not None

    def focus_mark(self) -> Mark | None:
        """The table's focus ring, unless the ring is on the bar."""
        return None if self.bar.at is not None else self.table.focus_mark()

    @property
    def busy(self) -> bool:
        """Cards are flying (the window draws every frame)."""
        return self.table.flights.busy()

    def close(self, window: dict[str, int] | None = None) -> None:
        """Save the game (and the window's place, ``window``) and stop the solver processes."""
        if self.settings.keep_window(window):
            self.save_settings()
        self.save_game()
        self.jobs.cancel()
        self.stop_demo()
        if self.winnability is not None:
            self.winnability.close()
            self.winnability = None
        self.table.close()
        self.jobs.close()

