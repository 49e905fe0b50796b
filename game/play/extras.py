"""The extras beyond the peers: Rewind, the demo, export and import of move lists.

:class:`Extras` is a part of :class:`game.play.controller.Play` kept in its
own module (the controller stays readable); its methods use the
controller's table, solver workers and messages::

    play.start_demo()      # the solver plays from here; Esc stops it
    play.rewind()          # back to the latest winnable position
    play.export()          # the move list to the clipboard
"""

from __future__ import annotations

from typing import Any

from game import speeds
from game.play.demo import Demo
from game.play.freecell_table import FreeCellTable
from game.play.spider_table import SpiderTable
from game.session import FreeCellSession
from game.solver import Answer

__all__ = ["Extras"]


class Extras:
    """Rewind, demo, export/import and copy-deal: mixed into :class:`Play`, whose
    table, solver workers (``solver()``), ``say()`` and ``position_changed()``
    these methods use."""

    #: A demo line or a Rewind target being searched for: (what, request id).
    waiting: tuple[str, int] | None
    #: The Spider game the winnable-deal search is proving: (game, suits).
    candidate: tuple[int, int] | None
    found_winnable: frozenset[tuple[int, int]]
    demo: Demo | None
    demo_touched: bool

    def rewind(self) -> None:
        """Undo back to the latest position still winnable, naming the move that lost.

        The search runs in the solver's worker; the table stays live meanwhile
        ("Rewind: searching...", Esc cancels) and the undo happens on its answer.
        """
        from game.freecell.winnability import WinState

        table = self.table
        win = self.winnability
        if table.game != "freecell" or win is None or win.state is not WinState.LOST:
            self.say("rewind needs a position proven lost (the indicator says so)")
            return
        rid = self.solver("freecell").ask_rewind(table.position, known=win.verdicts, known_lost=True)
        self.waiting = ("rewind", rid)

    def _rewound(self, answer: Answer) -> None:
        target = answer.rewind
        if target is None:
            self.say("no winnable position was found in this game's history")
            return
        table = self.table
        table.flights.land()
        before = table.layout_now()
        for _ in range(target.steps):
            table.session.undo()
        table.selection = None
        table.hint_marks = []
        table.animate(before, table.card_key, lambda k: k, {}, speeds.UNDO_FLIGHT)
        self.say(target.message)
        self.position_changed()

    def start_demo(self) -> None:
        """The solver plays from here as card flights; Esc stops, leaving the player in control.

        The line comes from the live check when it has one for this position,
        else from the solver's worker (the table stays live while it searches).
        """
        from game.freecell.winnability import WinState

        win = self.winnability
        if self.table.game == "freecell" and win is not None and win.state is WinState.WINNABLE and win.line:
            self._play_demo(list(win.line))  # the live check already has one
            return
        self.stop_demo()
        if self.proven_unsolvable:
            self.say(f"no winning line exists: deal #{self.table.session.number} is proven unsolvable")
            return
        rid = self.solver(self.table.game).ask_line(self.table.position)
        self.waiting = ("demo", rid)

    def _play_demo(self, line: list[Any]) -> None:
        self.demo = Demo.start(self.table, line)
        if self.demo is not None:
            self.demo_touched = True

    def cancel_wait(self, say: str = "") -> None:
        """Stop waiting for a demo line, a Rewind target or a winnable deal (Esc, or the position changed)."""
        if self.waiting is not None:
            what, rid = self.waiting
            self.waiting = None
            solver = self.solvers.get(self._waiting_game(what))
            if solver is not None:
                solver.cancel(rid)
            if say:
                self.say({"demo": "demo", "rewind": "rewind"}.get(what, "the search for a winnable deal") + " cancelled")

    def _waiting_game(self, what: str) -> str:
        # The winnable-deal search may run while the other game is still on the table.
        return "spider" if what == "winnable" else self.table.game

    def waiting_label(self) -> str:
        """The status line's part while the solver searches for the player."""
        if self.waiting is not None and self.waiting[0] == "winnable":
            return "finding a winnable deal\u2026 (Esc cancels)"
        return ("Demo" if self.waiting and self.waiting[0] == "demo" else "Rewind") + ": the solver is searching (Esc cancels)"

    def find_winnable(self, suits: int) -> None:
        """Search random Spider games in the background until one is proven winnable, then deal it.

        For when the shipped list at ``suits`` is used up; each candidate gets
        the demo's budget, and one the search cannot prove is passed over.
        """
        from game.play.dealer import random_candidate
        from game.spider import deal

        number = random_candidate(suits)
        self.candidate = (number, suits)
        self.waiting = ("winnable", self.solver("spider").ask_line(deal(number, suits)))

    def _found(self, answer: Answer) -> None:
        assert self.candidate is not None
        number, suits = self.candidate
        if not answer.line:
            self.find_winnable(suits)  # not proven (unknown or unsolvable): the next candidate
            return
        self.found_winnable = self.found_winnable | {(number, suits)}
        self.abandon()
        self._replace_table(SpiderTable(self.env, number, suits))
        self.say(f"game #{number}: the solver proved it winnable")

    def _poll_wait(self) -> None:
        if self.waiting is None:
            return
        what, rid = self.waiting
        solver = self.solvers.get(self._waiting_game(what))
        if solver is None:
            self.waiting = None
            return
        for event in solver.poll(rid):
            if not isinstance(event, Answer):
                continue
            self.waiting = None
            if what == "rewind":
                self._rewound(event)
            elif what == "winnable":
                self._found(event)
            elif event.line:
                self._play_demo(list(event.line))
            elif event.verdict.name == "UNSOLVABLE":
                self.say("no winning line exists from here: the solver examined every position")
            else:
                self.say("the solver found no line from here in time")
            return

    def stop_demo(self) -> None:
        if self.demo is not None:
            self.demo.stop()
            self.demo = None
            self.position_changed()

    def export(self) -> None:
        """Copy the game's moves in standard notation (every card movement, fc-solve style)."""
        from game.freecell.export import export_moves

        if self.table.game != "freecell":
            self.say("move lists are FreeCell's")
            return
        text = export_moves(self.table.position)
        if self.host.clipboard_put(text) is False:  # the window has no system clipboard
            self.say(f"{len(text.split())} moves copied, for this window only: there is no system clipboard")
        else:
            self.say(f"{len(text.split())} moves copied to the clipboard")

    def import_moves(self) -> None:
        """Replay a pasted move list from the deal's start."""
        from game.bounded import TEXT_MAX_BYTES, bounded_text
        from game.freecell.export import replay

        text = self.host.clipboard_get()
        if not text or not text.strip():
            self.say("the clipboard holds no move list")
            return
        table = self.table
        try:
            # Held to what --check reads from a file; each word it quotes is cut (game.quoting).
            pos = replay(table.session.number, bounded_text(text, TEXT_MAX_BYTES, "move list"))
        except ValueError as exc:  # Refused (too long), or a move that is not one or not legal
            self.say(str(exc))
            return
        self.abandon()
        session = FreeCellSession(table.session.number, auto_foundation=False, now=self.now)
        for move in pos.move_stack:
            session.push_plain(move)
        session.set_auto_level(self.settings.auto_moves)
        session.clock.start()
        self._replace_table(FreeCellTable(self.env, session.number, session))
        self.say(f"replayed {len(pos.move_stack)} moves of deal #{session.number}")

    def copy_deal(self) -> None:
        """Put the deal's number on the clipboard (it pastes into the number box)."""
        number = str(self.table.session.number)
        if self.host.clipboard_put(number) is False:
            self.say(f"#{number} copied, for this window only: there is no system clipboard")
        else:
            self.say(f"#{number} copied to the clipboard")

