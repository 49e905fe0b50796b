"""The two services the game used before :class:`SolverService`, now on top of it.

:class:`HintService` answers :class:`game.freecell.hints.Hint` events and
:class:`SolverChecker` :class:`game.freecell.winnability.Checked` events (a
``Winnability`` checker), each for its own latest request only, as before.
Both take an existing ``service=`` so that the hint and the live check of one
game share one worker and one search per position::

    solver = SolverService("freecell")
    win = Winnability(SolverChecker(service=solver))
    hints = HintService(service=solver)

Each polls and cancels only its own latest request; a new ``ask`` of one
supersedes the other's running search unless both are about the same position.
"""

from __future__ import annotations

from game import limits
from game.freecell.hints import Hint, HintKind
from game.freecell.hints import Progress as HintProgress
from game.freecell.moves import Move
from game.freecell.position import Position
from game.freecell.winnability import CHECK_BUDGET, CHECK_SECONDS, Checked
from game.solver.answers import Answer, Progress, Verdict
from game.solver.api import AnyPosition, HintGame, freecell_line
from game.solver.service import SolverService

__all__ = ["HintService", "SolverChecker"]

_HINT_KIND = {Verdict.SOLVED: HintKind.WIN, Verdict.UNSOLVABLE: HintKind.NO_WIN,
              Verdict.UNKNOWN: HintKind.UNFINISHED}


class _Adapter:
    def __init__(self, service: SolverService | None) -> None:
        self._given = service
        self._services: dict[str, SolverService] = {} if service is None else {service.game: service}
        self._request = 0
        self._position: AnyPosition | None = None  # the latest request's

    def _service(self, position: AnyPosition) -> SolverService:
        game = "freecell" if isinstance(position, Position) else "spider"
        if game not in self._services:
            if self._given is not None:
                raise TypeError(f"this service solves {self._given.game}, not {game}")
            self._services[game] = SolverService(game)
        return self._services[game]

    def _events(self) -> list[Answer | Progress]:
        """The events of the latest request, in order."""
        out: list[Answer | Progress] = []
        for service in self._services.values():
            # An own service is drained in one poll (what is not the latest
            # request's no longer counts): a second poll could swallow the
            # answer if it arrived in between. A shared one keeps the others'.
            if self._given is None:
                events = service.poll()
            else:
                events = service.poll(self._request) if self._request else []
            for event in events:
                if not self._request or event.request != self._request:
                    continue
                out.append(event)
                if isinstance(event, Answer):
                    self._request = 0
        return out

    @property
    def busy(self) -> bool:
        return self._request != 0

    def cancel(self) -> None:
        """Drop the running request; nothing more arrives for it."""
        if self._request:
            for service in self._services.values():
                service.cancel(self._request)
        self._request = 0

    def close(self) -> None:
        """Drop the running request; stop the worker only if this adapter started it
        (a service given to it is shared, and its owner closes it)."""
        self.cancel()
        if self._given is None:
            for service in self._services.values():
                service.close()

    def __exit__(self, *exc: object) -> None:
        self.close()


class HintService(_Adapter):
    """FreeCell hints in the background: ``ask``, then ``poll`` each frame.

    Events: :class:`game.freecell.hints.Progress` while the search runs, then
    one :class:`game.freecell.hints.Hint`. A new ``ask`` or :meth:`cancel`
    drops the running one. The process starts on the first ask.
    """

    def __init__(self, budget: int = limits.HINT.states, time_limit: float | None = limits.HINT.seconds, *,
                 service: SolverService | None = None) -> None:
        super().__init__(service)
        self.budget = budget
        self.time_limit = time_limit

    def ask(self, position: Position, game: HintGame | None = None) -> int:
        """Start a search on a copy of ``position``; returns its id at once. ``game``:
        the game that led to it, for the review's yardstick (``SolverService.ask_hint``)."""
        self._position = position.copy()
        self._request = self._service(position).ask_hint(position, budget=self.budget,
                                                         time_limit=self.time_limit, game=game)
        return self._request

    def poll(self) -> list[HintProgress | Hint]:
        """Events of the latest request that have arrived; never blocks."""
        out: list[HintProgress | Hint] = []
        for event in self._events():
            if isinstance(event, Progress):
                out.append(HintProgress(event.request, event.states, event.seconds))
                continue
            move = event.move if isinstance(event.move, Move) else None  # a FreeCell service's: its move or None
            if move is None and event.verdict is Verdict.UNKNOWN and isinstance(self._position, Position):
                # No search result at all (e.g. the worker died): still a sensible move.
                from game.freecell.solver import sensible_move

                move = sensible_move(self._position)
            length = event.player_moves if event.player_moves is not None else len(event.line) or None
            out.append(Hint(event.request, _HINT_KIND[event.verdict], move, length, event.states, event.seconds,
                            line=freecell_line(event.line) if event.verdict is Verdict.SOLVED else ()))
        return out

    def __enter__(self) -> HintService:
        return self


class SolverChecker(_Adapter):
    """The live check's checker: a verdict and the whole winning line, from
    the solver's worker. Takes FreeCell or Spider positions (Spider with the
    full-knowledge solver). Events: :class:`game.freecell.winnability.Checked`.
    """

    def __init__(self, budget: int = CHECK_BUDGET, time_limit: float | None = CHECK_SECONDS, *,
                 service: SolverService | None = None) -> None:
        super().__init__(service)
        self.budget = budget
        self.time_limit = time_limit

    def ask(self, position: AnyPosition) -> int:
        """Start checking a copy of ``position``; returns its id at once."""
        self._position = position
        self._request = self._service(position).ask_check(position, budget=self.budget,
                                                          time_limit=self.time_limit)
        return self._request

    def poll(self) -> list[Checked]:
        """The latest request's answer once it has arrived; never blocks."""
        return [Checked(e.request, e.verdict, tuple(e.line), e.states, e.seconds)
                for e in self._events() if isinstance(e, Answer)]

    def __enter__(self) -> SolverChecker:
        return self
