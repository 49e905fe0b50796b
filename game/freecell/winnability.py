"""Live winnability: is the position still winnable? Checked in the background.

After every move the game asks the solver, in another process, whether the
new position can still be won, and shows the answer in a small indicator.
The frame loop calls two methods, and neither ever waits::

    win = Winnability(checker)               # the solver package's SolverChecker: a worker process
    win.position_changed(session.position)   # after every move, undo, restart, deal
    ...
    win.poll()                               # once a frame: True when the state changed
    draw_indicator(win.state, win.label)
    win.close()                              # on quit

The states (:class:`WinState`) are only ever what the search proved:

* ``CHECKING``: a search is running for the position on the table;
* ``WINNABLE``: the solver found a winning line (replayed by the rules engine);
* ``LOST``: the solver examined every reachable position: *no longer winnable*;
* ``UNKNOWN``: budget or time ran out first. Never shown as lost;
* ``OFF``: the setting is off (no process, no label).

It is a state machine over an injected *checker*, so that it stays pure and
tests drive it without a process: anything with ``ask(position) -> int``,
``poll() -> list of events`` and ``cancel()`` (the game passes
the solver package's ``SolverChecker``, whose worker runs :func:`check`). An
event carries ``request`` (the id ``ask`` returned) and either ``verdict``
(the solver service's ``Answer``) or ``kind``: a
:class:`~game.freecell.solver.Verdict` (what :class:`Checked` carries) or a
:class:`~game.freecell.hints.HintKind` (so a hint service works as a checker
too); events with neither (progress) are ignored. The winning line is read
from ``moves`` or ``line``. Answers to an older request are ignored: the
player has moved on.

    >>> from game.freecell import deal
    >>> stub = StubChecker()
    >>> win = Winnability(stub)
    >>> win.position_changed(deal(1))
    >>> win.state, win.label
    (<WinState.CHECKING: 'checking'>, 'checking…')
    >>> stub.answer(Verdict.SOLVED)
    >>> win.poll(), win.state, win.label
    (True, <WinState.WINNABLE: 'winnable'>, 'winnable')

When the position is proven lost, :func:`rewind_target` finds how far to undo
to get back to the latest winnable position, and which move lost the game.

Pure Python: no pygame, moderngl or glm.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple, Protocol

from game import limits
from game.freecell.hints import HintKind
from game.freecell.moves import Move
from game.freecell.position import Key, Layout, Position
from game.freecell.solver import SolveResult, Verdict, solve
from game.i18n import N_, _

if TYPE_CHECKING:  # the check takes a Spider position too; Spider loads only when one comes
    from game.spider.moves import Move as SpiderMove
    from game.spider.position import Position as SpiderPosition
    from game.spider.solver import SolveResult as SpiderResult

__all__ = ["Checked", "Checker", "RewindTarget", "SolveFn", "StubChecker", "WinState", "Winnability", "rewind_target"]

#: Search limits of one background check (:data:`game.limits.CHECK`).
CHECK_BUDGET, CHECK_SECONDS = limits.CHECK
#: Verdicts remembered per position (undo and rewind find them at once).
MEMORY = limits.VERDICT_MEMORY


class WinState(enum.Enum):
    OFF = "off"
    CHECKING = "checking"
    WINNABLE = "winnable"
    LOST = "no longer winnable"
    UNKNOWN = "unknown"


#: The indicator's text per state ("" draws nothing).
LABELS: dict[WinState, str] = {
    WinState.OFF: "",
    # TRANSLATORS: the live winnability check's word on the status line.
    WinState.CHECKING: N_("checking…"),
    WinState.WINNABLE: N_("winnable"),
    WinState.LOST: N_("no longer winnable"),
    WinState.UNKNOWN: N_("unknown"),
}

_FROM_KIND: dict[Verdict | HintKind, WinState] = {
    Verdict.SOLVED: WinState.WINNABLE,
    Verdict.UNSOLVABLE: WinState.LOST,
    Verdict.UNKNOWN: WinState.UNKNOWN,
    HintKind.WIN: WinState.WINNABLE,
    HintKind.NO_WIN: WinState.LOST,
    HintKind.UNFINISHED: WinState.UNKNOWN,
}
_TO_VERDICT = {WinState.WINNABLE: Verdict.SOLVED, WinState.LOST: Verdict.UNSOLVABLE}


class SolveFn(Protocol):
    """What :func:`rewind_target` asks about each earlier position: :func:`game.freecell.solver.solve`
    or a wrapper of it (the worker's counts the states of every search)."""

    def __call__(self, position: Position, /, *, budget: int, time_limit: float | None) -> SolveResult: ...


class Checker(Protocol):
    """What :class:`Winnability` needs from a background solver."""

    def ask(self, position: Position) -> int: ...

    def poll(self) -> Sequence[object]:
        """The events that arrived (duck-typed: see the module's notes); never blocks."""
        ...

    def cancel(self) -> None: ...


@dataclass(frozen=True)
class Checked:
    """A check's answer (the event the solver package's ``SolverChecker`` and :class:`StubChecker` send)."""

    request: int
    kind: Verdict
    #: The winning line for ``SOLVED``: FreeCell every card movement (replays with
    #: ``auto=False``); Spider the full-knowledge solver's moves and deals (:func:`check`).
    moves: tuple[Move | SpiderMove, ...] = ()
    states: int = 0
    seconds: float = 0.0


class Winnability:
    """The indicator's state machine. Call :meth:`position_changed` after
    every change of the position and :meth:`poll` once a frame.

    ``checker`` answers the checks (the game's: the solver package's ``SolverChecker``,
    whose process starts on the first check). ``enabled=False`` starts in ``OFF``.
    """

    def __init__(self, checker: Checker, *, enabled: bool = True) -> None:
        self._checker = checker
        self._enabled = enabled
        # Before the first position nothing is known: UNKNOWN, not CHECKING.
        self.state = WinState.UNKNOWN if enabled else WinState.OFF
        self._request = 0  # the request whose answer counts; 0: none pending
        self._position: Position | None = None  # a copy of the position being checked
        self._key: Key | None = None  # the position being checked / shown
        # Verdicts by position key (column and cell order do not change a
        # verdict): undo, redo and rewind land on known positions at once.
        self.verdicts: dict[Key, Verdict] = {}
        #: The winning line from the position on the table (WINNABLE from a
        #: fresh search; empty when the answer came from memory).
        self.line: tuple[Move, ...] = ()
        # The last position proven lost, as its starting layout and history
        # (undo steps): every position that continues it is lost too, with no search.
        self._lost: tuple[Layout, list[tuple[Move, tuple[Move, ...]]]] | None = None

    # --- reading ------------------------------------------------------------------

    @property
    def label(self) -> str:
        """The indicator's text: "winnable", "no longer winnable", "checking…", ..."""
        label = LABELS[self.state]
        return _(label) if label else ""

    @property
    def enabled(self) -> bool:
        return self._enabled

    @property
    def checking(self) -> bool:
        return self.state is WinState.CHECKING

    # --- driving ------------------------------------------------------------------

    def set_enabled(self, on: bool, position: Position | None = None) -> None:
        """Turn the setting on or off; turning it on checks ``position`` when given."""
        if on == self._enabled:
            return
        self._enabled = on
        if not on:
            self._drop()
            self.state = WinState.OFF
            self.line = ()
        else:
            self.state = WinState.UNKNOWN
            if position is not None:
                self.position_changed(position)

    def forget(self) -> None:
        """Drop every remembered verdict (the automatic foundation level
        changed: "all" may lose where "safe" wins); call :meth:`position_changed` next."""
        self.verdicts.clear()
        self._lost = None

    def position_changed(self, position: Position) -> None:
        """The position changed (move, undo, restart, new deal): drop the running
        check and start one for ``position`` (read now; later changes to it do
        not matter). Returns at once; the answer arrives through :meth:`poll`.
        """
        if not self._enabled:
            return
        self._drop()
        self.line = ()
        key = position.key()
        self._key = key
        known = self.verdicts.get(key)
        if known is not None:
            self._settle(WinState.WINNABLE if known is Verdict.SOLVED else WinState.LOST, position)
            return
        if position.is_won():
            self._settle(WinState.WINNABLE, position)
            return
        if self._continues_lost(position) or not position.has_legal_moves():
            self._settle(WinState.LOST, position)
            return
        self._request = self._checker.ask(position)
        self._position = position.copy()
        self.state = WinState.CHECKING

    def poll(self) -> bool:
        """Take the checker's answers without waiting; True when the state changed."""
        if not self._enabled or self._checker is None or not self._request:
            if self._checker is not None:
                self._checker.poll()  # drain stale answers
            return False
        changed = False
        for event in self._checker.poll():
            if getattr(event, "request", None) != self._request:
                continue  # an answer for a position the player has left
            said: object = getattr(event, "verdict", None)
            if said is None:
                said = getattr(event, "kind", None)
            state = _FROM_KIND.get(said) if isinstance(said, (Verdict, HintKind)) else None
            if state is None:
                continue  # progress
            self._request = 0
            self._settle(state, self._position)
            moves = getattr(event, "moves", None) or getattr(event, "line", ())
            if state is WinState.WINNABLE and moves:
                self.line = tuple(moves)
            changed = True
        return changed

    def close(self) -> None:
        """Stop the checker's process (on quit)."""
        self._drop()
        close = getattr(self._checker, "close", None)
        if close is not None:
            close()

    # --- inside -------------------------------------------------------------------

    def _drop(self) -> None:
        if self._request and self._checker is not None:
            self._checker.cancel()
        self._request = 0

    def _settle(self, state: WinState, position: Position | None) -> None:
        self.state = state
        verdict = _TO_VERDICT.get(state)
        if verdict is not None and self._key is not None:
            if len(self.verdicts) >= MEMORY:
                self.verdicts.pop(next(iter(self.verdicts)))  # oldest first
            self.verdicts[self._key] = verdict
        if state is WinState.LOST and position is not None:
            self._lost = (_start_layout(position), position.undo_steps())

    def _continues_lost(self, position: Position) -> bool:
        if self._lost is None:
            return False
        start, lost = self._lost
        steps = position.undo_steps()
        return (len(steps) >= len(lost) and steps[: len(lost)] == lost
                and _start_layout(position) == start)


def _start_layout(position: Position) -> Layout:
    """The layout before the first undo step (the deal, or where the game was set up)."""
    p = position.copy()
    while p.move_count:
        p.pop()
    return p.layout()


# --- checkers ---------------------------------------------------------------------


class StubChecker:
    """A checker for tests: records the asks, answers when told to.

    >>> stub = StubChecker()
    >>> from game.freecell import deal
    >>> stub.ask(deal(1)), stub.ask(deal(2)), stub.cancels
    (1, 2, 0)
    >>> stub.answer(Verdict.UNKNOWN, request=1)
    >>> [e.request for e in stub.poll()]
    [1]
    """

    def __init__(self) -> None:
        self.asked: list[Position] = []
        self.cancels = 0
        self._events: list[object] = []

    @property
    def last(self) -> int:
        """The id of the latest ask (0 before any)."""
        return len(self.asked)

    def ask(self, position: Position) -> int:
        self.asked.append(position.copy())
        return len(self.asked)

    def cancel(self) -> None:
        self.cancels += 1

    def answer(self, kind: Verdict, request: int | None = None, moves: Sequence[Move] = ()) -> None:
        """Queue an answer (for the latest ask unless ``request`` says otherwise)."""
        self._events.append(Checked(self.last if request is None else request, kind, tuple(moves)))

    def send(self, event: object) -> None:
        """Queue any event as it is (e.g. a progress event, or a ``Hint``)."""
        self._events.append(event)

    def poll(self) -> list[object]:
        out, self._events = self._events, []
        return out


def check(position: Position | SpiderPosition, *, budget: int = CHECK_BUDGET, time_limit: float | None = CHECK_SECONDS,
          cancel: Callable[[], bool] | None = None, request: int = 0) -> Checked:
    """One check in this process (blocking: the game asks the solver service).

    Takes a FreeCell or a Spider position (Spider with its full-knowledge
    solver, which sees the face-down cards and the stock).

    >>> from game.freecell import deal
    >>> c = check(deal(1))
    >>> c.kind, len(c.moves) > 50
    (<Verdict.SOLVED: 'solved'>, True)
    """
    if isinstance(position, Position):
        result: SolveResult | SpiderResult = solve(position, budget=budget, time_limit=time_limit, cancel=cancel,
                                                   auto=position.auto_level)
    else:
        from game.spider import solve as spider_solve

        result = spider_solve(position, budget=budget, time_limit=time_limit, cancel=cancel)
    # Spider's Verdict is its own enum; map it by value onto FreeCell's.
    kind = Verdict(result.verdict.value)
    return Checked(request, kind, tuple(result.moves), result.states, result.seconds)


# --- rewind -------------------------------------------------------------------------


class RewindTarget(NamedTuple):
    """Where "rewind to the last winnable position" goes.

    ``steps``: undo steps to take (``session.undo()`` that many times);
    ``losing_move``: the player move played from the winnable position;
    ``move_number``: its number in the game (1 for the first move);
    ``proven``: the position right after it was proven lost (otherwise the
    search could not decide it, and a later move may be the culprit).
    """

    steps: int
    losing_move: Move
    move_number: int
    proven: bool = True

    @property
    def message(self) -> str:
        """E.g. ``"8h at move 23 lost it"``."""
        if self.proven:
            return _("{move} at move {n} lost it").format(move=self.losing_move, n=self.move_number)
        return _("{move} at move {n} or a later move lost it (the search could not decide every position)").format(
            move=self.losing_move, n=self.move_number)


def rewind_target(
    position: Position,
    solve_fn: SolveFn = solve,
    *,
    budget: int = CHECK_BUDGET,
    time_limit: float | None = CHECK_SECONDS,
    known: Mapping[Key, Verdict] | None = None,
    known_lost: bool = False,
) -> RewindTarget | None:
    """How far to undo to reach the latest winnable position of the game.

    Walks back through ``position.undo_steps()`` on a copy (``position`` is
    not changed) and asks ``solve_fn`` about each earlier position until one
    is proven winnable (``SOLVED``). ``known`` (e.g. :attr:`Winnability.verdicts`)
    answers positions already checked during play, so after live checking
    the walk usually costs no search at all.

    ``None`` unless the position itself is proven lost (``UNSOLVABLE``;
    ``known_lost=True`` skips that search when the indicator already proved
    it): an ``UNKNOWN`` position is never treated as lost. ``None`` too when
    no earlier position is proven winnable.

    Blocking (each solve is capped by ``budget`` and ``time_limit``): the
    game runs it in the solver's worker (``SolverService.ask_rewind``).
    """
    known = known or {}

    def verdict(pos: Position) -> Verdict:
        v = known.get(pos.key())
        if v is not None:
            return v
        return solve_fn(pos, budget=budget, time_limit=time_limit).verdict

    if not known_lost and verdict(position) is not Verdict.UNSOLVABLE:
        return None
    walk = position.copy()
    total = walk.move_count
    # Whether the position just after the one being examined was proven lost.
    after_proven = True
    for steps in range(1, total + 1):
        move = walk.pop()
        v = verdict(walk)
        if v is Verdict.SOLVED:
            return RewindTarget(steps, move, total - steps + 1, after_proven)
        after_proven = v is Verdict.UNSOLVABLE
    return None
