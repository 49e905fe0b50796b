"""Spider's "Play fair" demo: the fair hint plays, seeing only what you see.

Beside the full-knowledge demo (:mod:`game.play.demo`, a line found knowing
every card), this one asks the solver's worker for the fair hint
(:mod:`game.spider.advice`) before each move and plays its first move as a
card flight, so it shows how an expert plays without peeking. It never
plays into a table the game has already shown (its own, the player's before
it, undone ones: the hints' memory, :class:`~game.play.spider_hint.Shown`;
a hint may walk back and forth): it takes the next hint instead, and stops
when none is left.

    demo = FairDemo(table, lambda: solver)
    demo.update(dt)              # each frame: True when a move was played
    demo.status()                # 'Play fair (sees only what you see) 3: Enter pause, ...'
    if demo.over: ...            # stopped, won, or out of moves

Keys as the other demo's: Enter pauses, → plays the next move now, ← takes
the last one back, ↑/↓ change the speed, Esc stops.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.i18n import N_, _
from game.input.actions import Act, Action
from game.play.spider_hint import HintSolver, SpiderHints
from game.playback import DEFAULT_SPEED, MAX_SPEED, MIN_SPEED

if TYPE_CHECKING:
    from game.play.table import Table
    from game.spider.advice import FairHint
    from game.spider.hints import Hint
    from game.spider.moves import Move

__all__ = ["FAIR_STATUS", "FairDemo"]

#: The status line part, running and paused (the keys as the other demo prints them).
FAIR_STATUS: dict[bool, str] = {
    # TRANSLATORS: the fair demo's status: it sees only what the player sees; {n} moves played.
    False: N_("Play fair (sees only what you see) {n}: Enter pause, \u2190/\u2192 step, \u2191/\u2193 speed, "
              "Esc stop"),
    True: N_("Play fair (sees only what you see) {n} paused: Enter play, \u2190/\u2192 step, Esc stop"),
}


class FairDemo:
    """The fair hint playing on ``table``; ``update`` each frame until ``over``."""

    #: The other demo's playback, which this one has none of (callers test for it).
    playback = None

    def __init__(self, table: Table, solver: Callable[[], HintSolver]) -> None:
        from game.play.spider_table import SpiderTable

        if not isinstance(table, SpiderTable):
            raise TypeError(f"Play fair is Spider's: not for a {table.game} table")
        self.table = table
        self.hints = SpiderHints(solver)
        self.paused = False
        self.speed = DEFAULT_SPEED
        self.played = 0
        self._wait = 0.0
        self._stopped = False
        self._step = False  # → pressed: play the next move even while paused
        self._ready: FairHint | Hint | None = None  # the hint for the table as it is, once answered
        table.selection = None
        table.say(_("Play fair: the hint plays, seeing only what you see"))

    @property
    def over(self) -> bool:
        return self._stopped or self.table.session.won

    def status(self) -> str:
        return _(FAIR_STATUS[self.paused]).format(n=self.played)

    def update(self, dt: float) -> bool:
        """Ask for the hint, and play its first new move when due; True when a move was played."""
        if self.over:
            return False
        self._wait -= dt
        if self.table.flights.busy() or (self.paused and not self._step):
            return False
        if self._ready is None:
            pos = self.table.position
            # Asked already: the answer, once it comes; else ask (None until answered).
            self._ready = self.hints.poll(pos) if self.hints.waiting else self.hints.press(pos)
            if self._ready is None:
                return False
        if self._wait > 0 and not self._step:
            return False
        return self._play(self._ready)

    def _play(self, first: FairHint | Hint) -> bool:
        self._ready = None
        self._step = False
        move = self._new_move(first)
        if move is None or not self.table.play(move):
            self.stop(_("Play fair stopped: no move is left that leads to a new table"))
            return False
        self.played += 1
        self._wait = self.speed
        return True

    def _new_move(self, first: FairHint | Hint) -> Move | None:
        """The answer's first move (or deal) that leads to a table this game has not shown
        yet (the demo's tables, the player's before it, undone ones too: the hints' own
        memory), else None."""
        pos = self.table.position
        shown = self.hints.shown
        shown.update(pos)
        for hint in self.hints.answer(pos) or (first,):
            move = hint.move
            if move is not None and pos.is_legal(move) and not shown.returns(pos, move):
                return move
        return None

    def action(self, action: Action) -> bool:
        """Keys while the demo runs; True when the key was the demo's."""
        act = action.act
        if act is Act.SELECT:
            self.paused = not self.paused
        elif act in (Act.FOCUS_RIGHT, Act.FOCUS_NEXT):
            self.paused = True
            self._step = True
        elif act in (Act.FOCUS_LEFT, Act.FOCUS_PREV):
            self.paused = True
            if self.played:
                self.hints.cancel()
                self._ready = None
                self.table.undo()
                self.played -= 1
        elif act in (Act.FOCUS_UP, Act.FOCUS_DOWN):
            before = self.speed
            faster = act is Act.FOCUS_UP
            self.speed = max(MIN_SPEED, min(MAX_SPEED, self.speed / 1.5 if faster else self.speed * 1.5))
            every = f"{self.speed:.2g}"
            if self.speed == before:
                text = (_("Demo speed: a move every {seconds} s, the fastest") if faster
                        else _("Demo speed: a move every {seconds} s, the slowest"))
            else:
                text = _("Demo speed: a move every {seconds} s")
            self.table.say(text.format(seconds=every))
        elif act is Act.CANCEL:
            self.stop(_("Demo stopped: your move"))
        else:
            return False
        return True

    def stop(self, why: str = "") -> None:
        if self._stopped:
            return
        self._stopped = True
        self.hints.close(own=False)
        if why:
            self.table.say(why)
