"""The solver's jobs for the player: the demo's line, Rewind's target, and the
search for a winnable Spider game once the shipped list is used up.

:class:`Jobs` owns the solver workers (one per game, started on its first
request: the live check and hints ask the same ones) and the one request
the player is waiting for. It never calls the controller: :meth:`Jobs.poll`
answers with events, and the controller reacts::

    jobs.ask_line("freecell", table.position)      # the status line says "searching"
    for event in jobs.poll():                      # each fixed step
        ...   # LineFound -> the demo plays; Rewound -> undo; WinnableFound -> deal it; Said
    jobs.cancel()                                   # Esc, or the position changed
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.freecell.position import Position as FreeCellPosition
from game.i18n import _
from game.i18n.formats import grouped
from game.solver import Answer, SolverService
from game.verdict import Verdict

if TYPE_CHECKING:
    from game.freecell.position import Key
    from game.freecell.winnability import Winnability
    from game.play.table import GameMove, GamePosition, Table

__all__ = ["JobEvent", "Jobs", "LineFound", "Rewound", "Said", "WinnableFound"]

#: Seconds between updates of the demo search's figure on the status line.
PROGRESS_SECONDS = 0.5


@dataclass(frozen=True)
class LineFound:
    """The demo's line from the position it was asked for."""

    line: tuple[GameMove, ...]


@dataclass(frozen=True)
class Rewound:
    """Rewind's answer: undo ``steps`` steps, then say ``message`` (the move that lost)."""

    steps: int
    message: str


@dataclass(frozen=True)
class WinnableFound:
    """The background search proved Spider game ``number`` at ``suits`` winnable."""

    number: int
    suits: int
    game: str = "spider"


@dataclass(frozen=True)
class Said:
    """A job ended with nothing to do but say why."""

    text: str


JobEvent = LineFound | Rewound | WinnableFound | Said


class Jobs:
    """The solver workers and the request the player waits for."""

    def __init__(self) -> None:
        #: One solver worker per game: the live check, hints, demo lines and Rewind all ask it.
        self.solvers: dict[str, SolverService] = {}
        #: A demo line, a Rewind target or a winnable deal being searched for: (what, request id).
        self.waiting: tuple[str, int] | None = None
        self._game = ""  # whose worker the waited-for request went to
        #: Spider games this session's background search proved winnable: (game, suits).
        self.found_winnable: frozenset[tuple[int, int]] = frozenset()
        #: The Spider game the winnable-deal search is proving: (game, suits).
        self.candidate: tuple[int, int] | None = None
        #: Positions the demo's search has examined so far (0: no report yet), and when that was shown.
        self.searched = 0
        self._searched_at = 0.0

    def solver(self, game: str) -> SolverService:
        """The game's solver worker (started on its first request)."""
        return self._worker(game, game)

    def _worker(self, key: str, game: str) -> SolverService:
        """The worker kept under ``key`` for ``game`` (made on first use; its process starts
        on its first request)."""
        if key not in self.solvers:
            self.solvers[key] = SolverService(game)
        return self.solvers[key]

    def par_solver(self, game: str) -> SolverService:
        """The game's par worker, beside the live check's: its long search is never superseded."""
        return self._worker(f"par-{game}", game)

    def yardstick_solver(self, game: str) -> SolverService:
        """FreeCell's yardstick worker: the review's forward pass over the game, followed
        after every change (:mod:`game.play.freecell_hint`), never superseded by the
        live check's requests nor stopping par's search."""
        return self._worker(f"yardstick-{game}", game)

    def ponder_solver(self, game: str) -> SolverService:
        """Spider's thinking-ahead worker: the hint for each new table, started before H
        is pressed (:mod:`game.play.spider_hint`), never superseded by the demo's or the
        review's requests."""
        return self._worker(f"ponder-{game}", game)

    def _wait(self, what: str, game: str, rid: int) -> None:
        self.waiting = (what, rid)
        self._game = game
        self.searched = 0

    def ask_line(self, game: str, position: GamePosition) -> None:
        """A winning line from ``position`` for the demo (the table stays live meanwhile)."""
        self._wait("demo", game, self.solver(game).ask_line(position))

    def ask_rewind(self, game: str, position: FreeCellPosition, known: Mapping[Key, Verdict]) -> None:
        """The latest winnable position of a game proven lost (``known``: the live check's verdicts)."""
        self._wait("rewind", game, self.solver(game).ask_rewind(position, known=known, known_lost=True))

    def demo(self, table: Table, live: Winnability | None) -> list[JobEvent]:
        """The demo's line for the position on ``table``: the live check's (``live``)
        when it has one, else asked of the solver (answered by :meth:`poll`)."""
        from game.freecell.winnability import WinState

        if table.live_check_applies and live is not None and live.state is WinState.WINNABLE and live.line:
            return [LineFound(tuple(live.line))]  # the live check already has one
        if table.proven_unsolvable:
            return [Said(_("No winning line exists: deal #{number} is proven unsolvable").format(
                number=table.session.number))]
        self.ask_line(table.game, table.position)
        return []

    def rewind(self, table: Table, live: Winnability | None) -> list[JobEvent]:
        """Rewind: the search for the latest winnable position (answered by :meth:`poll`)
        once the live check (``live``) has proven the game lost."""
        from game.freecell.winnability import WinState

        position = table.position  # the live check's game: FreeCell's
        if (not table.live_check_applies or live is None or live.state is not WinState.LOST
                or not isinstance(position, FreeCellPosition)):
            return [Said(_("Rewind needs a position proven lost (the indicator says so)"))]
        self.ask_rewind(table.game, position, live.verdicts)
        return []

    def find_winnable(self, suits: int) -> None:
        """Search random Spider games in the background until one is proven winnable.

        For when the shipped list at ``suits`` is used up; each candidate gets
        the demo's budget, and one the search cannot prove is passed over.
        """
        from game.play.dealer import random_candidate
        from game.spider import deal

        number = random_candidate(suits)
        self.candidate = (number, suits)
        self._wait("winnable", "spider", self.solver("spider").ask_line(deal(number, suits)))

    @property
    def for_position(self) -> bool:
        """The player waits for an answer about the position on the table (not for a new deal)."""
        return self.waiting is not None and self.waiting[0] != "winnable"

    def cancel(self) -> str:
        """Stop waiting (Esc, or the position changed); what was cancelled, in words ("" when nothing)."""
        if self.waiting is None:
            return ""
        what, rid = self.waiting
        self.waiting = None
        solver = self.solvers.get(self._game)
        if solver is not None:
            solver.cancel(rid)
        return {"demo": _("Demo cancelled"), "rewind": _("Rewind cancelled")}.get(
            what, _("The search for a winnable deal was cancelled"))

    def label(self) -> str:
        """The status line's part while the solver searches for the player ("" when it does not)."""
        if self.waiting is None:
            return ""
        if self.waiting[0] == "winnable":
            return _("finding a winnable deal\u2026 (Esc cancels)")
        if self.waiting[0] == "demo" and self.searched:
            return _("Demo: searching\u2026 {n} positions so far (Esc cancels)").format(n=grouped(self.searched))
        if self.waiting[0] == "demo":
            return _("Demo: the solver is searching (Esc cancels)")
        return _("Rewind: the solver is searching (Esc cancels)")

    def poll(self, now: float | None = None) -> list[JobEvent]:
        """The answer to the waited-for request, as events (none until it comes).

        ``now``: the table's clock, for how often the search's progress figure moves.
        """
        if self.waiting is None:
            return []
        what, rid = self.waiting
        solver = self.solvers.get(self._game)
        if solver is None:
            self.waiting = None
            return []
        for answer in solver.poll(rid):
            if isinstance(answer, Answer):
                self.waiting = None
                return self._answered(what, answer)
            self._progress(answer.states, time.monotonic() if now is None else now)
        return []

    def _progress(self, states: int, now: float) -> None:
        """The search so far, for the status line: the figure moves twice a
        second at most (each change redraws the window)."""
        if not self.searched or now - self._searched_at >= PROGRESS_SECONDS:
            self.searched, self._searched_at = states, now

    def _answered(self, what: str, answer: Answer) -> list[JobEvent]:
        if what == "rewind":
            target = answer.rewind
            if target is None:
                return [Said(_("No winnable position was found in this game's history"))]
            return [Rewound(target.steps, target.message)]
        if what == "winnable":
            assert self.candidate is not None
            number, suits = self.candidate
            if not answer.line:
                self.find_winnable(suits)  # not proven (unknown or unsolvable): the next candidate
                return []
            self.found_winnable = self.found_winnable | {(number, suits)}
            return [WinnableFound(number, suits)]
        if answer.line:
            return [LineFound(tuple(answer.line))]
        if answer.verdict.name == "UNSOLVABLE":
            return [Said(_("No winning line exists from here: the solver examined every position"))]
        return [Said(_("The solver found no line from here in time"))]

    def close(self) -> None:
        """Cancel the wait and stop every worker."""
        self.cancel()
        for solver in self.solvers.values():
            solver.close()
