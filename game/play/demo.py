"""The demo on the table: the solver's line played as card flights.

:class:`Demo` is the glue between :class:`game.playback.Playback` (which
plays the line through the session) and the window: it flies each change,
maps keys to pause, step and speed while it runs, and says where it stands.

    demo = Demo.start(table, line, solver)  # the worker's line; None (and a message) when empty
    demo.update(dt)              # each frame: True when a move was played
    demo.status()                # 'Demo 3/86: Enter pause, ←/→ step, ...'
    if demo.over: ...            # stopped, or played out and landed

Given the game's solver service (Spider), the demo asks it, while it
plays, for a shorter ending from a position a few seconds ahead on its
line, and switches to it there if it has not passed that point (the
ending replayed through the rules engine first).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game import limits, speeds
from game.i18n import N_, _, ngettext
from game.input.actions import Act, Action
from game.playback import Playback
from game.solver.answers import Answer
from game.solver.api import spider_line
from game.spider.position import Position as SpiderPosition

if TYPE_CHECKING:
    from game.play.table import GameMove, Table
    from game.solver.service import SolverService

__all__ = ["STATUS", "Demo"]

#: The demo's status line part, one whole message per state (running or
#: paused, with or without full knowledge), with the keys it answers as they
#: are printed (arrows: the whole line must fit a Spider status at 1280 px).
#: A paused line is no longer than a running one, so the clock, score and
#: moves that fit beside a running demo stay beside a paused one.
STATUS: dict[tuple[bool, bool], str] = {
    # TRANSLATORS: the demo's counter and keys on the status line; keep the paused lines no longer than these.
    (False, False): N_("Demo {index}/{n}: Enter pause, \u2190/\u2192 step, \u2191/\u2193 speed, Esc stop"),
    (False, True): N_("Demo {index}/{n} paused: Enter play, \u2190/\u2192 step, Esc stop"),
    (True, False): N_("Demo (full knowledge) {index}/{n}: Enter pause, \u2190/\u2192 step, \u2191/\u2193 speed, "
                      "Esc stop"),
    (True, True): N_("Demo (full knowledge) {index}/{n} paused: Enter play, \u2190/\u2192 step, Esc stop"),
}
#: Seconds the search for a shorter ending may take; the demo asks from the
#: position it will reach after that long at its speed, plus a few moves.
SHORTER_SECONDS = limits.SHORTER_SECONDS
SHORTER_MARGIN = 4
#: An ending this short is not worth a search.
SHORTER_MIN_REST = 20


class Demo:
    """A running demo on ``table``; ``update`` each frame until ``over``."""

    def __init__(self, table: Table, line: list[GameMove], solver: SolverService | None = None) -> None:
        self.table = table
        self.playback = Playback(table.session, line)
        self._done = False  # played out and landed
        #: The Spider solver service asked for a shorter ending (None: never asked).
        self.solver: SolverService | None = solver if self.playback.full_knowledge else None
        #: The shorter-ending request and the line index it starts from, while it runs.
        self.seeking: tuple[int, int] | None = None
        self._sought = False

    @classmethod
    def start(cls, table: Table, line: list[GameMove], solver: SolverService | None = None) -> Demo | None:
        """A demo of ``line`` (found by the solver's worker, never here); None,
        with the reason said on the table, when the line is empty. ``solver``
        (Spider's service): seek a shorter ending while it plays."""
        if not line:
            table.say(_("The solver found no line from here to show"))
            return None
        demo = cls(table, line, solver)
        table.selection = None
        table.say(_("Demo (full-knowledge solver: it sees the face-down cards)")
                  if demo.playback.full_knowledge else _("Demo"))
        return demo

    def status(self) -> str:
        d = self.playback
        index, n = d.steps
        return _(STATUS[(d.full_knowledge, d.paused)]).format(index=index, n=n)

    def speed_text(self, limit: str = "") -> str:
        """The demo's pace, as a speed change says it ("Demo speed: a move every 0.35 s");
        ``limit`` ("fastest", "slowest"): the change met the speed control's end."""
        every = f"{self.playback.speed:.2g}"
        if limit == "fastest":
            return _("Demo speed: a move every {seconds} s, the fastest").format(seconds=every)
        if limit == "slowest":
            return _("Demo speed: a move every {seconds} s, the slowest").format(seconds=every)
        return _("Demo speed: a move every {seconds} s").format(seconds=every)

    def update(self, dt: float) -> bool:
        """Play what is due; True when a move was played (the game changed)."""
        table = self.table
        before = table.layout_now()
        played = self.playback.update(dt)
        if played:
            table.animate(before, table.card_key, lambda k: k, {}, speeds.FLIGHT)
        self._done = self.playback.finished and not played and not table.flights.busy()
        if self.solver is not None and not self.over:
            self._seek_shorter(self.solver)
        return bool(played)

    def _seek_shorter(self, solver: SolverService) -> None:
        """Ask once for a shorter ending from a few seconds ahead; splice it in on arrival."""
        d = self.playback
        if self.seeking is None:
            if self._sought:
                return
            self._sought = True
            at = d.index + math.ceil(SHORTER_SECONDS / d.speed) + SHORTER_MARGIN
            if len(d.line) - at < SHORTER_MIN_REST:
                return
            shown = self.table.position
            if not isinstance(shown, SpiderPosition):
                return  # only Spider's demo knows every card and seeks a shorter ending
            later = shown.copy(stack=False)  # Spider's: no history to send
            for move in spider_line(d.line[d.index:at]):
                later.push(move)
            self.seeking = (solver.ask_shorter(later, len(d.line) - at, time_limit=SHORTER_SECONDS), at)
            return
        request, at = self.seeking
        if d.index > at:  # passed it (stepped or sped on): the answer could not be used
            solver.cancel(request)
            self.seeking = None
            return
        for event in solver.poll(request):
            if not isinstance(event, Answer):
                continue  # progress
            self.seeking = None
            before = len(d.line)
            if event.line and d.splice(at, event.line):
                fewer = before - len(d.line)
                self.table.say(ngettext("Demo: the solver found a shorter way, {n} move fewer",
                                        "Demo: the solver found a shorter way, {n} moves fewer", fewer).format(n=fewer))
            return

    @property
    def over(self) -> bool:
        """Stopped, or the line is played out and its last flight has landed."""
        return self.playback.stopped or self._done

    def action(self, action: Action) -> bool:
        """Keys while the demo runs; True when the key was the demo's. Esc
        stops it (the caller sees ``over``), leaving the player in control."""
        d = self.playback
        act = action.act
        before = self.table.layout_now()
        if act is Act.SELECT:
            d.paused = not d.paused
        elif act in (Act.FOCUS_RIGHT, Act.FOCUS_NEXT):
            d.step_forward()
        elif act in (Act.FOCUS_LEFT, Act.FOCUS_PREV):
            d.step_back()
        elif act in (Act.FOCUS_UP, Act.FOCUS_DOWN):
            before_speed = d.speed
            d.speed = d.speed / 1.5 if act is Act.FOCUS_UP else d.speed * 1.5
            limit = "" if d.speed != before_speed else "fastest" if act is Act.FOCUS_UP else "slowest"
            self.table.say(self.speed_text(limit))
            return True
        elif act is Act.CANCEL:
            d.stop()
            self.table.say(_("Demo stopped: your move"))
            return True
        else:
            return False
        self.table.animate(before, self.table.card_key, lambda k: k, {}, speeds.FLIGHT)
        return True

    def stop(self) -> None:
        self.playback.stop()
        if self.seeking is not None and self.solver is not None:
            self.solver.cancel(self.seeking[0])
            self.seeking = None
