"""Spider's Hint button: the fair search runs in the solver's worker process,
never on the main thread; repeated presses cycle through its answer.

Only the player's view crosses to the worker (:func:`game.spider.masked.mask`,
made here, in the game's process): the worker never holds a hidden card. The
hints come back best first, and those that lead back to a table this game has
already shown (:class:`Shown`, undone moves included) go after the others: a
player who follows the hint never walks in a circle, and the Play-fair demo
and the bench (``tools/bench_spider_hint_bot.py``) take the same first hint.

    hints = SpiderHints(lambda: env.solver("spider"))
    shown = hints.press(position)     # a hint now (cycling a known answer), or None: asked
    ...
    shown = hints.poll(position)      # each frame: the answer once it arrives, else None
    hints.thinking                    # True a few frames after asking, until answered

*Thinking ahead.* Given a second worker (``ponder``: the round's, niced), the
hint starts on each new table as soon as it shows, before H is pressed::

    hints = SpiderHints(lambda: env.solver("spider"), lambda: env.ponder("spider"))
    hints.think_ahead(position)       # each step while no demo plays
    hints.press(position)             # the answer at once when it is in, else it waits for it

It asks exactly what H asks (the same view, seed and budget), so a hint pressed
after the player has thought is the very hint pressed at once, shown without the
wait; H pressed while it still thinks waits for that search rather than start
another. A move drops what it thought about the table before.

When the worker cannot answer (it could not start, or died), the old
heuristic (:class:`game.spider.hints.HintCycle`) answers instead: the
fallback SPEC §2.3 keeps.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from game.spider.hints import Hint, HintCycle, Visible
from game.spider.masked import MaskedView, mask
from game.spider.moves import Move
from game.spider.position import Position

if TYPE_CHECKING:  # the fair search and the worker's answers load with the first hint
    from game.solver.answers import Answer, Progress
    from game.spider.advice import FairHint

__all__ = ["THINKING_FRAMES", "HintSolver", "Shown", "SpiderHints"]

#: Frames a hint may take before "thinking…" shows (an answer inside them shows no sign).
THINKING_FRAMES = 3


class HintSolver(Protocol):
    """What the fair hint asks of the game's solver worker (a ``SolverService``; a
    test's or a bench's stand-in answers the same four calls)."""

    def ask_hint(self, view: MaskedView, /) -> int: ...

    def poll(self, request: int | None = None) -> Sequence[Answer | Progress]: ...

    def cancel(self, request: int | None = None) -> None: ...

    def close(self) -> None: ...


class Shown:
    """Every table one game has shown the player (as :meth:`Position.visible` gives it),
    the tables of undone moves too; a new deal starts afresh::

        shown = Shown()
        shown.update(position)           # after moves, before judging hints
        shown.returns(position, move)    # True: the move leads back to a table seen
    """

    def __init__(self) -> None:
        self._game: str | None = None  # the deal's start, whole (it never leaves this process)
        self._tables: set[Visible] = set()

    def update(self, position: Position) -> None:
        """Add the tables of ``position``'s game so far (its start, then each move's)."""
        start = position.copy()
        while start.move_stack:
            start.pop()
        game = str(start)
        if game != self._game:
            self._game, self._tables = game, set()
        self._tables.add(start.visible())
        for move in position.move_stack:
            start.push(move)
            self._tables.add(start.visible())

    def returns(self, position: Position, move: Move | None) -> bool:
        """Whether playing ``move`` on ``position`` shows a table this game has shown before."""
        if move is None or not position.is_legal(move):
            return False
        trial = position.copy(stack=False)
        trial.push(move)
        return trial.visible() in self._tables

    def order(self, position: Position, hints: tuple[FairHint, ...]) -> tuple[FairHint, ...]:
        """``hints`` with those that lead back to a table shown put last (each part in its order)."""
        self.update(position)
        back = [self.returns(position, h.move) for h in hints]
        return tuple(h for h, b in zip(hints, back) if not b) + tuple(h for h, b in zip(hints, back) if b)


class SpiderHints:
    """The fair hint's requests for one table (see the module docstring)."""

    def __init__(self, solver: Callable[[], HintSolver], ponder: Callable[[], HintSolver] | None = None) -> None:
        self._solver = solver
        self._service: HintSolver | None = None
        self._ponder = ponder
        self._ponder_service: HintSolver | None = None
        self._ponder_request = 0
        self._pondered: Visible | None = None  # the visible table the thinking ahead is for
        self._adopted = False  # H was pressed while thinking ahead on this table: it waits for that answer
        self._request = 0
        self._asked_for: Visible | None = None  # the visible table the running request is for
        self._view: Visible | None = None  # the visible table ``_hints`` answer
        self._hints: tuple[FairHint, ...] = ()
        self._next = 0
        self._frames = 0
        self.fallback = HintCycle()
        self.shown = Shown()

    @property
    def waiting(self) -> bool:
        """H was pressed and its answer has not come yet."""
        return self._request != 0 or (self._adopted and self._ponder_request != 0)

    @property
    def thinking(self) -> bool:
        """Say "thinking…": the answer has taken more than a few frames."""
        return self.waiting and self._frames >= THINKING_FRAMES

    def answer(self, position: Position) -> tuple[FairHint, ...]:
        """Every hint of the answer for the table as it is, best first (empty: none yet)."""
        return self._hints if position.visible() == self._view else ()

    def press(self, position: Position) -> FairHint | Hint | None:
        """Hint pressed: the next hint of a known answer for this table, else ask the worker (None)."""
        view = position.visible()
        if view == self._view and self._hints:
            hint = self._hints[self._next % len(self._hints)]
            self._next += 1
            return hint
        if self._request and view == self._asked_for:
            return None  # already asked: the answer is on its way
        if self._ponder_request and view == self._pondered:
            if not self._adopted:
                self._adopted, self._frames = True, 0
            return None  # already thinking about this table: its answer is H's
        self.cancel()
        try:
            if self._service is None:
                self._service = self._solver()
            self._request = self._service.ask_hint(mask(position))
        except (OSError, RuntimeError):
            return self.fallback.next(position)
        self._asked_for = view
        self._frames = 0
        return None

    def think_ahead(self, position: Position) -> None:
        """Each step while no demo plays: start the hint for the table as it is, in the
        thinking-ahead worker, unless it is known, asked or the game is won (a no-op
        without that worker; see the module docstring)."""
        if self._ponder is None:
            return
        view = position.visible()
        if self._ponder_request and self._pondered == view:
            return  # on its way (poll takes it)
        self._cancel_ponder()
        if view == self._view or (self._request and view == self._asked_for) or position.is_won():
            return
        try:
            if self._ponder_service is None:
                self._ponder_service = self._ponder()
            self._ponder_request = self._ponder_service.ask_hint(mask(position))
        except (OSError, RuntimeError):
            self._ponder = None  # no second worker: H asks as it always did
            return
        self._pondered = view

    def poll(self, position: Position) -> FairHint | Hint | None:
        """Once a frame: the first hint of the answer when it has arrived (for the table as it
        is now; an answer for a table changed since is dropped), else None. An answer
        thought out ahead is kept for H, or shown at once if H waits for it."""
        if self._ponder_request and self._ponder_service is not None:
            shown = self._poll_ponder(position)
            if shown is not None:
                return shown
        if not self._request or self._service is None:
            return None
        self._frames += 1
        for event in self._service.poll(self._request):
            if getattr(event, "request", None) != self._request or not hasattr(event, "verdict"):
                continue
            self._request = 0
            if position.visible() != self._asked_for:
                return None
            advice = getattr(event, "advice", None)
            if advice is None:
                # The worker could not answer: the heuristic does, at once.
                return self.fallback.next(position)
            self._view, self._hints, self._next = self._asked_for, self.shown.order(position, advice.hints), 1
            return self._hints[0]
        return None

    def _poll_ponder(self, position: Position) -> FairHint | Hint | None:
        if self._adopted:
            self._frames += 1
        service = self._ponder_service
        assert service is not None
        for event in service.poll(self._ponder_request):
            if getattr(event, "request", None) != self._ponder_request or not hasattr(event, "verdict"):
                continue
            adopted, self._ponder_request, self._adopted = self._adopted, 0, False
            advice = getattr(event, "advice", None)
            if position.visible() != self._pondered or advice is None or not advice.hints:
                if adopted:  # H waits: its own request answers (the heuristic if the worker cannot)
                    return self.press(position)
                return None
            self._view, self._hints = self._pondered, self.shown.order(position, advice.hints)
            self._next = 1 if adopted else 0
            return self._hints[0] if adopted else None
        return None

    def _cancel_ponder(self) -> None:
        if self._ponder_request and self._ponder_service is not None:
            self._ponder_service.cancel(self._ponder_request)
        self._ponder_request, self._adopted = 0, False

    def cancel(self) -> None:
        """Drop the running requests (the table changed or closes)."""
        if self._request and self._service is not None:
            self._service.cancel(self._request)
        self._request = 0
        self._cancel_ponder()

    def close(self, own: bool) -> None:
        """Drop the requests; stop the hint's worker if this table started its own (``own``;
        the thinking-ahead worker is always its giver's)."""
        self.cancel()
        if own and self._service is not None:
            self._service.close()
