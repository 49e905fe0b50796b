"""One game being played: position, undo history, clock and counters.

The loop turns input into calls on a session; the renderer reads it. The
session owns the rules position and never decides a rule itself::

    >>> from game.freecell import Move
    >>> t = [100.0]
    >>> s = FreeCellSession(617, now=lambda: t[0])
    >>> step = s.play(Move.parse("8a"))
    >>> t[0] += 12.5
    >>> s.moves, round(s.clock.elapsed, 1)
    (1, 12.5)
    >>> s.clock.pause("focus"); t[0] += 60; s.clock.resume("focus")
    >>> round(s.clock.elapsed, 1)
    12.5
    >>> FreeCellSession.from_dict(s.to_dict(), now=lambda: t[0]).position == s.position
    True
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable

from game.freecell import Move, deal
from game.freecell.deals import MAX_DEAL, MIN_DEAL

__all__ = ["GameClock", "FreeCellSession", "SpiderSession", "Step", "restore_saved"]


def _restored(build: Callable[[], Any], data: dict[str, Any], now: Callable[[], float]) -> Any:
    """Rebuild a saved session with ``build`` (which replays its steps through the
    rules engine), then restore the counters and the clock kept beside them.

    Any mistake in the file becomes one ``ValueError`` with a one-line reason:
    the caller sets the file aside and starts clean. The values were checked
    against :mod:`game.schema` first (types, ranges, no NaN), so a restored
    clock or counter is never negative or infinite.
    """
    try:
        session = build()
        session.undo_count = data.get("undos", 0)
        session.clock = GameClock(now, float(data.get("elapsed", 0.0)), data.get("clock_started", False))
        if session.won:
            session.clock.stop()
        return session
    except ValueError as exc:
        raise ValueError(f"the saved game does not replay: {exc}") from None
    except (KeyError, TypeError) as exc:
        raise ValueError(f"the saved game is incomplete ({exc})") from None


def clock_text(seconds: float) -> str:
    """A game time as players read it, whole seconds rounded down (the same everywhere).

    >>> clock_text(59.9), clock_text(349.6), clock_text(3725)
    ('0:59', '5:49', '1:02:05')
    """
    total = int(seconds) if seconds == seconds and 0 <= seconds < 10**9 else 0
    h, rest = divmod(total, 3600)
    m, sec = divmod(rest, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"


def _checked(data: Any, game: str) -> dict[str, Any]:
    """The saved game's fields checked by :mod:`game.schema` (one ``ValueError`` line)."""
    from game.schema import check_savegame

    checked = check_savegame(data)
    if checked["game"] != game:
        raise ValueError(f"not a {'FreeCell' if game == 'freecell' else 'Spider'} save")
    return checked


class GameClock:
    """Seconds of play. It starts with the first move and runs only while
    nothing pauses it: each pause has a reason ("focus", "minimised", "menu")
    and the clock runs again when the last reason is lifted.
    """

    def __init__(self, now: Callable[[], float] = time.monotonic, elapsed: float = 0.0,
                 started: bool = False) -> None:
        self._now = now
        self._base = elapsed
        self._since: float | None = None
        self._started = started
        self._pauses: set[str] = set()
        self._sync()

    def _sync(self) -> None:
        should_run = self._started and not self._pauses
        if should_run and self._since is None:
            self._since = self._now()
        elif not should_run and self._since is not None:
            self._base += self._now() - self._since
            self._since = None

    @property
    def started(self) -> bool:
        return self._started

    @property
    def running(self) -> bool:
        return self._since is not None

    @property
    def elapsed(self) -> float:
        return self._base + (self._now() - self._since if self._since is not None else 0.0)

    def start(self) -> None:
        self._started = True
        self._sync()

    def stop(self) -> None:
        """Freeze the time (a won or abandoned game)."""
        self._sync()
        if self._since is not None:
            self._base += self._now() - self._since
            self._since = None
        self._started = False

    def pause(self, reason: str) -> None:
        self._pauses.add(reason)
        self._sync()

    def resume(self, reason: str) -> None:
        self._pauses.discard(reason)
        self._sync()

    def reset(self) -> None:
        self._base = 0.0
        self._since = None
        self._started = False
        self._sync()


@dataclass
class Step:
    """What one action did, for the view to animate: the player move and the
    automatic foundation moves that followed it (or, for undo, what was taken back)."""

    move: Move
    automatic: tuple[Move, ...] = field(default_factory=tuple)
    undone: bool = False


class FreeCellSession:
    """A FreeCell deal in play."""

    def __init__(self, number: int, *, auto_foundation: bool = True,
                 now: Callable[[], float] = time.monotonic) -> None:
        if not MIN_DEAL <= number <= MAX_DEAL:
            raise ValueError(f"deal {number} is outside {MIN_DEAL}..{MAX_DEAL:,}")
        self.number = number
        self.clock = GameClock(now)
        self.undo_count = 0
        # Auto-complete steps are pushed without automatic follow-ups; the save
        # file must know which steps those were to replay them exactly.
        self._plain_steps: list[bool] = []
        self.position = deal(number, auto_foundation=auto_foundation)
        # The deal's own safe cards fly home at once, when the setting is on.
        self.opening: list[Move] = self.position.settle() if auto_foundation else []

    # --- reading ----------------------------------------------------------------

    @property
    def moves(self) -> int:
        """Moves as the status line shows them (automatic cards count zero)."""
        return self.position.move_count

    @property
    def won(self) -> bool:
        return self.position.is_won()

    @property
    def auto_foundation(self) -> bool:
        return self.position.auto_foundation

    @auto_foundation.setter
    def auto_foundation(self, on: bool) -> None:
        self.position.auto_foundation = on

    # --- actions ------------------------------------------------------------------

    def play(self, move: Move) -> Step:
        """Play a player move (raises IllegalMoveError with the reason)."""
        self.position.push(move)
        self._plain_steps.append(False)
        self.clock.start()
        return self._after_move()

    def autocomplete_step(self) -> Step | None:
        """Send the next card home when nothing is left to untangle (one move each)."""
        move = self.position.autocomplete_move()
        if move is None:
            return None
        self.position.push(move, auto=False)
        self._plain_steps.append(True)
        self.clock.start()
        return self._after_move()

    def push_plain(self, move: Move) -> None:
        """Play one card movement with no automatic moves after it (a demo
        step, a replayed fc-solve line): its own undo step."""
        self.position.push(move, auto=False)
        self._plain_steps.append(True)

    def pop_plain(self) -> Move:
        """Take back the last step pushed by :meth:`push_plain` (no undo counted)."""
        self._plain_steps.pop()
        return self.position.pop()

    def _after_move(self) -> Step:
        move, autos = self.position.undo_steps()[-1]
        if self.won:
            self.clock.stop()
        return Step(move, autos)

    def undo(self) -> Step | None:
        """Take back the last step with its automatic moves; None when there is none."""
        if not self.position.move_count:
            return None
        move, autos = self.position.undo_steps()[-1]
        self.position.pop()
        self._plain_steps.pop()
        self.undo_count += 1
        return Step(move, autos, undone=True)

    def restart(self) -> None:
        """The same deal from the start; the clock keeps running (the game goes on)."""
        auto = self.position.auto_foundation
        self.position = deal(self.number, auto_foundation=auto)
        self.opening = self.position.settle() if auto else []
        self._plain_steps = []

    # --- saving ---------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Everything needed to resume: the deal, every step, the clock."""
        steps = [[str(m), plain] for (m, _), plain in zip(self.position.undo_steps(), self._plain_steps)]
        return {
            "game": "freecell",
            "deal": self.number,
            "auto_foundation": self.position.auto_foundation,
            "steps": steps,
            "elapsed": round(self.clock.elapsed, 3),
            "clock_started": self.clock.started,
            "undos": self.undo_count,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, now: Callable[[], float] = time.monotonic) -> "FreeCellSession":
        """Rebuild a saved game by replaying its steps through the rules engine.

        Raises ``ValueError`` (with a one-line reason) for a save that does not
        replay: the caller sets the file aside and starts clean.
        """
        data = _checked(data, "freecell")

        def build() -> "FreeCellSession":
            session = cls(data["deal"], auto_foundation=data["auto_foundation"], now=now)
            for text, plain in data["steps"]:
                move = session.position.parse_move(text)
                session.position.push(move, auto=False if plain else None)
                session._plain_steps.append(plain)
            return session

        return _restored(build, data, now)


class SpiderSession:
    """A Spider game in play: ``play`` takes a column move or the deal.

    The clock starts at the first move (SPEC §2.4). Score and move counters
    live on the position (Windows scoring: undo costs a point and never
    refunds one), so a save stores them beside the steps.
    """

    def __init__(self, number: int, suits: int = 1, *, now: Callable[[], float] = time.monotonic) -> None:
        from game.spider import deal as spider_deal

        self.number = number
        self.suits = suits
        self.clock = GameClock(now)
        self.undo_count = 0
        self.position = spider_deal(number, suits)

    @property
    def score(self) -> int:
        return self.position.score

    @property
    def moves(self) -> int:
        """Moves as the status line shows them: a deal is a move, as in Windows Spider."""
        return self.position.move_count + sum(1 for m in self.position.move_stack if m.is_deal)

    @property
    def won(self) -> bool:
        return self.position.is_won()

    def play(self, move) -> None:  # type: ignore[no-untyped-def]
        """A column move or ``DEAL`` (raises the engine's IllegalMoveError)."""
        self.position.push(move)
        self.clock.start()
        if self.won:
            self.clock.stop()

    def undo(self):  # type: ignore[no-untyped-def]
        """Take back the last move or deal; None when there is none."""
        if not self.position.move_stack:
            return None
        self.undo_count += 1
        return self.position.pop()

    def restart(self) -> None:
        from game.spider import deal as spider_deal

        self.position = spider_deal(self.number, self.suits)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "spider",
            "number": self.number,
            "suits": self.suits,
            "steps": [str(m) for m in self.position.move_stack],
            "score": self.position.score,
            "moves": self.position.move_count,
            "elapsed": round(self.clock.elapsed, 3),
            "clock_started": self.clock.started,
            "undos": self.undo_count,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, now: Callable[[], float] = time.monotonic) -> "SpiderSession":
        """Rebuild a saved game by replaying its steps; ``ValueError`` if it does not replay."""
        from game.spider import Move as SpiderMove

        data = _checked(data, "spider")

        def build() -> "SpiderSession":
            session = cls(data["number"], data["suits"], now=now)
            for text in data["steps"]:
                session.position.push(SpiderMove.parse(text))
            # Moves follow from the steps. The score is what replaying them
            # gives less two points per undo at most (the undone action's point
            # and the undo's own; a restart starts again from 500): anything
            # outside that was not written by this program.
            replayed, undos = session.position.score, data.get("undos", 0)
            if data["moves"] != session.position.move_count:
                raise ValueError(f"{data['moves']} moves do not match its {session.position.move_count}")
            if not replayed - 2 * undos <= data["score"] <= replayed:
                raise ValueError(f"a score of {data['score']} does not fit its moves and {undos} undos")
            session.position.score = data["score"]
            return session

        return _restored(build, data, now)


def restore_saved(store: Any, *, now: Callable[[], float] = time.monotonic,
                  name: str = "savegame") -> "FreeCellSession | SpiderSession | None":
    """The game saved in ``store`` (a :class:`game.store.Store`), replayed, or
    None when there is none. A save that is not right (wrong types, NaN or
    negative numbers, moves that do not replay) is set aside with a one-line
    warning in ``store.warnings``; with no file the game simply starts fresh.

    >>> import tempfile
    >>> from game.store import Store
    >>> store = Store(tempfile.mkdtemp())
    >>> _ = store.save("savegame", FreeCellSession(617).to_dict())
    >>> restore_saved(store).number
    617
    >>> _ = store.save("savegame", {**FreeCellSession(617).to_dict(), "elapsed": -5})
    >>> restore_saved(store), "elapsed must be a number 0.." in store.warnings[-1]
    (None, True)
    """
    def read(data: Any) -> "FreeCellSession | SpiderSession":
        if isinstance(data, dict) and data.get("game") == "spider":
            return SpiderSession.from_dict(data, now=now)
        return FreeCellSession.from_dict(data, now=now)

    return store.load(name, default=None, check=read)
