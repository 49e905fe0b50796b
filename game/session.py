"""One game being played: position, undo history, clock and counters (the
clock itself is :mod:`game.clock`).

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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar, cast

from game.clock import GameClock
from game.freecell import Move, Position, deal
from game.freecell.automove import AUTO_OFF, AUTO_SAFE, auto_level
from game.freecell.deals import MAX_DEAL, MIN_DEAL
from game.i18n import _
from game.quoting import shown
from game.saved import FreeCellSave, SavedGame, SavedStep, SpiderSave, saved_step

if TYPE_CHECKING:
    from game.spider.moves import Move as SpiderMove
    from game.spider.position import Position as SpiderPosition
    from game.store import Store

__all__ = ["HELPS", "FreeCellSession", "Helped", "RedoList", "Session", "SpiderSession", "Step", "push_line_step",
           "restore_saved"]

#: What can help play a game, which then never counts in the statistics (``session.helped``):
#: the demo (full knowledge or fair), Rewind (the solver chose where to go back to), a
#: try-again from the game review, Spider's review knowing every card opened during play
#: ("peek"), and "help" for a save from before the reason was kept.
HELPS = ("demo", "rewind", "try", "peek", "help")


#: Either game's session (both keep the counters and the clock _restored sets).
_Session = TypeVar("_Session", "FreeCellSession", "SpiderSession")
#: A game's move (FreeCell's, or Spider's move or deal), as a step or a redo entry holds it.
M = TypeVar("M")
#: The same, read only (a step's move).
M_co = TypeVar("M_co", covariant=True)

class Session(Protocol[M]):
    """One game being played, either game's (:class:`FreeCellSession` is a
    ``Session[Move]``, :class:`SpiderSession` a ``Session[SpiderMove]``): what the table,
    the demo and the save file use. The position is the game's own rules position."""

    number: int
    clock: GameClock
    undo_count: int

    @property
    def redo_list(self) -> RedoList[M] | RedoList[tuple[M, str]]:
        """What Redo plays again (FreeCell's entries keep the level each step was made at)."""
        ...

    @property
    def position(self) -> Position | SpiderPosition: ...

    @property
    def moves(self) -> int:
        """Moves as the status line shows them."""
        ...

    @property
    def won(self) -> bool: ...

    @property
    def assisted(self) -> bool:
        """Anything helped play this game (it never counts in the statistics)."""
        ...

    @property
    def can_redo(self) -> bool: ...

    def help_with(self, what: str) -> None:
        """``what`` (one of :data:`HELPS`) played part of this game."""
        ...

    def play(self, move: M) -> Step[M]:
        """Play a player move (the engine's IllegalMoveError, with the reason, if illegal)."""
        ...

    def undo(self) -> Step[M] | None: ...

    def redo(self) -> Step[M] | None: ...

    def restart(self) -> None:
        """The same deal from the start, its clock at 0:00 again."""
        ...

    def to_dict(self) -> SavedGame:
        """Everything needed to resume (``from_dict`` of the session's class reads it back)."""
        ...


def _restored(build: Callable[[], _Session], data: SavedGame, now: Callable[[], float]) -> _Session:
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
        # A save from before the reason was kept says only that the game was helped.
        session.helped = data.get("helped") or ("help" if data.get("assisted") else "")
        session.check_redo(data.get("redo", []))
        session.clock = GameClock(now, float(data.get("elapsed", 0.0)), data.get("clock_started", False))
        if session.won:
            session.clock.stop()
        return session
    except ValueError as exc:
        raise ValueError(_("the saved game does not replay: {why}").format(why=exc)) from None
    except (KeyError, TypeError) as exc:
        raise ValueError(_("the saved game is incomplete ({why})").format(why=exc)) from None


def _checked(data: object, game: str) -> Mapping[str, object]:
    """The saved game's fields checked by :mod:`game.schema` (one ``ValueError`` line)."""
    from game.schema import check_savegame

    checked: Mapping[str, object] = check_savegame(data)
    if checked["game"] != game:
        raise ValueError(f"not a {'FreeCell' if game == 'freecell' else 'Spider'} save")
    return checked


class RedoList(Generic[M]):
    """The steps undone since the last new move, newest last: what Redo plays
    again. It belongs to the undo history it was taken from: once that history
    has a different length (a demo or a replayed line pushed moves straight
    onto the position) the list is stale and reads as empty.

    >>> r = RedoList()
    >>> r.undone("8a", 4); r.undone("38", 3); r.entries(3)
    ['8a', '38']
    >>> r.take(3), r.entries(4), r.entries(5)
    ('38', ['8a'], [])
    """

    def __init__(self) -> None:
        self._entries: list[M] = []
        self._at = 0  # the undo history's length the entries follow

    def entries(self, at: int) -> list[M]:
        """What can be redone from an undo history of length ``at`` (the next one last)."""
        if at != self._at:
            self._entries = []
        return list(self._entries)

    def undone(self, entry: M, at: int) -> None:
        """A step was undone, leaving a history of length ``at``: it can be redone."""
        self.entries(at + 1)  # stale unless it follows the history the step was undone from
        self._entries.append(entry)
        self._at = at

    def take(self, at: int) -> M | None:
        """The next step to redo from a history of length ``at`` (None: none); the
        rest follows the history once it is played."""
        if not self.entries(at):
            return None
        self._at = at + 1
        return self._entries.pop()

    def moved(self, entry: M, at: int) -> None:
        """A new step ``entry`` made the history ``at`` long: the same step as the
        next redo keeps the rest, any other clears the list."""
        if self.entries(at - 1) and self._entries[-1] == entry:
            self._entries.pop()
        else:
            self._entries = []
        self._at = at

    def restore(self, entries: list[M], at: int) -> None:
        """A saved list (the next step last) for an undo history of length ``at``."""
        self._entries = list(entries)
        self._at = at

    def clear(self) -> None:
        self._entries = []


class Helped:
    """Whether, and by what, a game was helped (both sessions)::

        >>> s = FreeCellSession(617)
        >>> s.assisted, s.helped
        (False, '')
        >>> s.help_with("try"); s.help_with("demo")
        >>> s.assisted, s.helped
        (True, 'try')
    """

    #: What helped play this game first (one of :data:`HELPS`); "" when nothing did: it counts.
    helped: str = ""

    @property
    def assisted(self) -> bool:
        """Anything helped play this game: it never counts in the statistics."""
        return bool(self.helped)

    def help_with(self, what: str) -> None:
        """``what`` (one of :data:`HELPS`) played part of this game; the first help is the
        one its questions name (a try-again the demo then played is still a try-again)."""
        if what not in HELPS:
            raise ValueError(f"unknown help {what!r}")
        self.helped = self.helped or what


@dataclass
class Step(Generic[M_co]):
    """What one action did, for the view to animate, in both games: the player
    move (a FreeCell or Spider move, or Spider's deal), the automatic
    foundation moves that followed it (FreeCell), and the columns whose
    complete K..A set went to its place (Spider, in the order removed); for
    undo, what was taken back."""

    move: M_co
    automatic: tuple[M_co, ...] = field(default_factory=tuple)
    completed: tuple[int, ...] = ()
    undone: bool = False


def push_line_step(position: Position, line: Sequence[Move]) -> tuple[int, str]:
    """Push the first move of ``line`` (every card movement, fc-solve style) onto
    ``position`` as a player makes it (:meth:`FreeCellSession.play_line`): with the
    automatic moves of its level when the line makes them next, in any order, else as
    a plain step. Returns how many of the line's moves it took and the level it used.

        >>> from game.freecell import deal
        >>> pos = deal(617)
        >>> pos.auto_level = "safe"
        >>> line = [Move.parse(t) for t in "8a 8b 8c 87 a2 c2 8d 8h 2a".split()]
        >>> steps = 0
        >>> while line:
        ...     taken, _ = push_line_step(pos, line)
        ...     line, steps = line[taken:], steps + 1
        >>> steps
        8
    """
    move, level = line[0], position.auto_level
    position.push(move, auto=level)
    autos = position.undo_steps()[-1][1]
    if autos and sorted(map(str, line[1:1 + len(autos)])) != sorted(map(str, autos)):
        position.pop()
        position.push(move, auto=False)
        level, autos = AUTO_OFF, ()
    return 1 + len(autos), level


class FreeCellSession(Helped):
    """A FreeCell deal in play."""

    def __init__(self, number: int, *, auto_foundation: bool | str = AUTO_SAFE,
                 now: Callable[[], float] = time.monotonic) -> None:
        if not MIN_DEAL <= number <= MAX_DEAL:
            raise ValueError(f"deal {number} is outside {MIN_DEAL}..{MAX_DEAL:,}")
        self.number = number
        self.clock = GameClock(now)
        self.undo_count = 0
        self.helped = ""  # nothing helped yet (:class:`Helped`)
        #: Redo: (move, the level it was made at: "off" for a plain step) for each
        #: step undone since the last new move.
        self.redo_list: RedoList[tuple[Move, str]] = RedoList()
        # The automatic foundation level each step was played at ("off" for a
        # plain step: auto-complete, a demo move); the save file must know to
        # replay the game exactly when the level changed during it.
        self._step_levels: list[str] = []
        self.position = deal(number, auto_foundation=auto_foundation)
        # The level the deal's own cards flew home at (raised by a stronger level set before any move).
        self._opening_level = self.position.auto_level
        # The deal's own cards fly home at once, as the level says.
        self.opening: list[Move] = self.position.settle(self.position.auto_level)

    @classmethod
    def replaying(cls, number: int, line: Sequence[Move], level: str, *,
                  now: Callable[[], float] = time.monotonic) -> FreeCellSession:
        """The game ``line`` plays (legal from deal ``number``'s start, every card movement:
        a pasted list, ``deal --check``'s file) at automatic level ``level``, its moves made
        as a player makes them (:meth:`play_line`): counted as the same game played by hand.

        >>> line = [Move.parse(t) for t in "4h 1a 1b 1c 1d 1h 45 c4 1c 1h".split()]
        >>> FreeCellSession.replaying(6, line, "safe").moves
        7
        """
        session = cls(number, auto_foundation=level, now=now)
        opening = session.opening
        if list(line[:len(opening)]) == opening:
            i = len(opening)  # the cards the deal sends home by itself
            while i < len(line):
                i += session.play_line(line[i:])
        else:  # a line that leaves the deal's automatic cards where they are: card by card
            session = cls(number, auto_foundation=False, now=now)
            for move in line:
                session.push_plain(move)
            session.set_auto_level(level)
        return session

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
        """Whether any cards go home by themselves (setting it: a level or a bool)."""
        return self.position.auto_foundation

    @auto_foundation.setter
    def auto_foundation(self, value: bool | str) -> None:
        self.set_auto_level(value)

    @property
    def auto_level(self) -> str:
        """The automatic foundation level in force: "off", "safe" or "all"."""
        return self.position.auto_level

    def set_auto_level(self, value: bool | str) -> list[Move]:
        """Play on at level ``value`` from now on; the cards it sends home at
        once (a stronger level) join the last step, so one undo takes them
        back with it. Returns those automatic moves.

        >>> s = FreeCellSession(25, auto_foundation="off")
        >>> s.play(Move.parse("4a")).automatic
        ()
        >>> [str(m) for m in s.set_auto_level("safe")], s.moves
        (['4h', '4h'], 1)
        >>> str(s.undo().move), s.position.cards_home
        ('4a', 0)
        """
        level = auto_level(value)
        self.position.auto_level = level
        autos = self.position.settle(level)
        if autos:
            self.redo_list.clear()  # the cards gone home may be the ones the undone steps moved
        if autos and self._step_levels:
            self._replay_last_step(level)
        elif autos:  # the deal's own cards: as the deal sends them home at this level
            self._opening_level = level
            self.position = deal(self.number, auto_foundation=level)
            self.opening = self.position.settle(level)
        return autos

    def _replay_last_step(self, level: str) -> None:
        """The last step, whose move a weaker level played and a stronger one has just
        added cards to, played again at ``level``: the same position, and the cards sent
        home in the order the save's replay at ``level`` sends them. Two levels' moves
        can send them in another order (6h 2h, then 6h 2h, where "all" at once sends
        6h 2h 2h 6h); then the game and the game loaded from its save would differ in
        their history, their undo and their copied moves."""
        self._step_levels[-1] = level
        self.position.push(self.position.pop(), auto=level)

    def review_game(self) -> tuple[Position, list[Move], str]:
        """The game as the coach grades it: the position it started from, the
        player moves up to now and the level they were played at.

        The level is the first move's (the table's, before any move); the moves
        end where a step was played at another level (auto-complete's cards and
        the demo's are plain steps: automatic, not graded; or the setting
        changed), so that they replay exactly as they were played.

        >>> s = FreeCellSession(1)
        >>> _ = s.play(Move.parse("3a"))
        >>> start, moves, level = s.review_game()
        >>> [str(m) for m in moves], level, start.move_count
        (['3a'], 'safe', 0)
        """
        level = self._step_levels[0] if self._step_levels else self.position.auto_level
        start = self.position.copy()
        while start.move_count:
            start.pop()
        moves: list[Move] = []
        for (move, _autos), step_level in zip(self.position.undo_steps(), self._step_levels):
            if step_level != level:
                break
            moves.append(move)
        return start.copy(stack=False), moves, level

    # --- actions ------------------------------------------------------------------

    def play(self, move: Move) -> Step[Move]:
        """Play a player move (raises IllegalMoveError with the reason)."""
        self.position.push(move)
        self._step_levels.append(self.position.auto_level)
        self.redo_list.moved((move, self.position.auto_level), self.position.move_count)
        self.clock.start()
        return self._after_move()

    def autocomplete_step(self) -> Step[Move] | None:
        """Send the next card home when nothing is left to untangle (one move each)."""
        move = self.position.autocomplete_move()
        if move is None:
            return None
        self.position.push(move, auto=False)
        self._step_levels.append(AUTO_OFF)
        self.redo_list.moved((move, AUTO_OFF), self.position.move_count)
        self.clock.start()
        return self._after_move()

    def play_line(self, line: Sequence[Move]) -> int:
        """Play the first move of ``line`` (a line of every card movement, fc-solve
        style: the demo's, a pasted list's) as a player makes it: the automatic moves
        of the level in force go with it, as after a move made by hand, when the line
        makes them next (in any order); else it is a plain step (the line sends those
        cards elsewhere, or home later). Returns how many of the line's moves the step
        took, so a line counts as many moves as the same game played by hand.

        >>> s = FreeCellSession(617)
        >>> line = [Move.parse(t) for t in "8a 8b 8c 87 a2 c2 8d 8h 2a".split()]
        >>> taken = [s.play_line(line[i:]) for i in (0, 1, 2, 3, 4, 5, 6, 8)]
        >>> taken, s.moves, str(s.position.undo_steps()[6][1][0])
        ([1, 1, 1, 1, 1, 1, 2, 1], 8, '8h')

        Raises :class:`IllegalMoveError` (the position unchanged) when the move is illegal here.
        """
        taken, level = push_line_step(self.position, line)
        self._step_levels.append(level)
        self.redo_list.moved((line[0], level), self.position.move_count)
        return taken

    def push_plain(self, move: Move) -> None:
        """Play one card movement with no automatic moves after it (a demo
        step, a replayed fc-solve line): its own undo step."""
        self.position.push(move, auto=False)
        self._step_levels.append(AUTO_OFF)
        self.redo_list.moved((move, AUTO_OFF), self.position.move_count)

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_list.entries(self.position.move_count))

    def redo(self) -> Step[Move] | None:
        """Play the last undone step again as it was played: with the automatic
        moves of the level it was made at (a plain step stays plain), and those
        of a stronger level set since; None when there is nothing to redo.

        >>> s = FreeCellSession(617)
        >>> _ = s.play(Move.parse("8a")); _ = s.undo()
        >>> str(s.redo().move), s.moves, s.redo()
        ('8a', 1, None)
        """
        entry = self.redo_list.take(self.position.move_count)
        if entry is None:
            return None
        move, level = entry
        try:
            self.position.push(move, auto=level)
        except ValueError:
            self.redo_list.clear()  # cannot happen from the history it was undone from
            return None
        self._step_levels.append(level)
        now = self.position.auto_level
        # A move made with automatic moves on, redone at a stronger level: that
        # level's cards go too (one made at "off", or a plain step, stays as it was).
        if level != AUTO_OFF and level != now and self.position.settle(now):
            self._replay_last_step(now)  # as set_auto_level does
        self.clock.start()
        return self._after_move()

    def pop_plain(self) -> Move:
        """Take back the last step pushed by :meth:`push_plain` or :meth:`play_line`
        (with its automatic moves; no undo counted)."""
        self._step_levels.pop()
        return self.position.pop()

    def _after_move(self) -> Step[Move]:
        move, autos = self.position.undo_steps()[-1]
        if self.won:
            self.clock.stop()
        return Step(move, autos)

    def undo(self) -> Step[Move] | None:
        """Take back the last step with its automatic moves; None when there is none."""
        if not self.position.move_count:
            return None
        move, autos = self.position.undo_steps()[-1]
        self.position.pop()
        level = self._step_levels.pop()
        self.redo_list.undone((move, level), self.position.move_count)
        self.undo_count += 1
        return Step(move, autos, undone=True)

    def restart(self) -> None:
        """The same deal from the start, its clock at 0:00 again (it starts with the first move)."""
        level = self.position.auto_level
        self.position = deal(self.number, auto_foundation=level)
        self._opening_level = level
        self.opening = self.position.settle(level)
        self._step_levels = []
        self.redo_list.clear()
        self.clock.reset()  # a restarted deal is timed from its first move again, never from the old one's

    # --- saving ---------------------------------------------------------------------

    def to_dict(self) -> FreeCellSave:
        """Everything needed to resume: the deal, every step, the clock.

        ``auto_foundation`` is the level in force; a step's flag is ``True``
        (plain: no automatic moves), ``False`` (made at that level) or the
        level it was made at; ``opening`` the deal's level when it differs.
        """
        level = self.position.auto_level

        def flag(lv: str) -> bool | str:
            return True if lv == AUTO_OFF and level != AUTO_OFF else False if lv == level else lv

        steps: list[SavedStep] = [[str(m), flag(lv)]
                                  for (m, _), lv in zip(self.position.undo_steps(), self._step_levels)]
        out: FreeCellSave = {
            "game": "freecell",
            "deal": self.number,
            "auto_foundation": level,
            "steps": steps,
            "elapsed": round(self.clock.elapsed, 3),
            "clock_started": self.clock.started,
            "undos": self.undo_count,
            "assisted": self.assisted,  # what an older version of the game reads
            "helped": self.helped,
            # What Redo plays again, the next step last, each flagged as a step is.
            "redo": [[str(m), flag(lv)] for m, lv in self.redo_list.entries(self.position.move_count)],
        }
        if self._opening_level != level:
            out["opening"] = self._opening_level
        return out

    @classmethod
    def from_dict(cls, data: object, *, now: Callable[[], float] = time.monotonic) -> FreeCellSession:
        """Rebuild a saved game by replaying its steps through the rules engine.

        Raises ``ValueError`` (with a one-line reason) for a save that does not
        replay: the caller sets the file aside and starts clean. An older save's
        ``auto_foundation`` true/false reads as "safe"/"off".
        """
        save = cast(FreeCellSave, _checked(data, "freecell"))  # every field's type checked by the schema
        level = auto_level(save["auto_foundation"])

        def build() -> FreeCellSession:
            session = cls(save["deal"], auto_foundation=save.get("opening", level), now=now)
            session.position.auto_level = level
            for text, flag in map(saved_step, save["steps"]):
                move = session.position.parse_move(text)
                step = AUTO_OFF if flag is True else level if flag is False else auto_level(flag)
                session.position.push(move, auto=step)
                session._step_levels.append(step)
            return session

        return _restored(build, save, now)

    def check_redo(self, saved: Sequence[object]) -> None:
        """Take a saved redo list (next step last) once it replays from here (ValueError if not)."""
        pos = self.position.copy()
        level = self.position.auto_level
        entries = []
        for text, flag in map(saved_step, reversed(saved)):
            step = AUTO_OFF if flag is True else level if flag is False else auto_level(flag)
            try:
                move = pos.parse_move(text)
                pos.push(move, auto=step)
            except ValueError:
                raise ValueError(_("its redo move {move} does not replay").format(move=shown(text))) from None
            entries.append((move, step))
        self.redo_list.restore(entries[::-1], self.position.move_count)


class SpiderSession(Helped):
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
        self.helped = ""  # nothing helped yet (:class:`Helped`)
        #: Redo: each move or deal undone since the last new one (a redone deal deals the same cards).
        self.redo_list: RedoList[SpiderMove] = RedoList()
        self.position = spider_deal(number, suits)

    @property
    def score(self) -> int:
        return self.position.score

    @property
    def moves(self) -> int:
        """Moves as the status line shows them: a deal is a move, as in Windows Spider."""
        return self.position.move_count

    @property
    def won(self) -> bool:
        return self.position.is_won()

    def play(self, move: SpiderMove) -> Step[SpiderMove]:
        """A column move or ``DEAL`` (raises the engine's IllegalMoveError); the
        step names the columns whose set the engine removed.

        >>> s = SpiderSession(1, 1)
        >>> s.play(s.position.legal_moves()[0]).completed
        ()
        """
        return self._played(move, redoing=False)

    def _played(self, move: SpiderMove, *, redoing: bool) -> Step[SpiderMove]:
        pos = self.position
        before = [len(c) for c in pos.columns]
        stock = pos.stock_size
        pos.push(move)
        if not redoing:
            self.redo_list.moved(move, len(pos.move_stack))
        self.clock.start()
        if self.won:
            self.clock.stop()
        # Each column's length as the move alone would leave it; a column 13
        # shorter than that had its set removed (a deal may complete several).
        landed = list(before)
        if move.is_deal:
            landed = [n + (1 if stock > pos.stock_size else 0) for n in landed]
        else:
            landed[move.source] -= move.count
            landed[move.dest] += move.count
        done = tuple(i for i, c in enumerate(pos.columns) if len(c) == landed[i] - 13)
        return Step(move, (), done)

    def undo(self) -> Step[SpiderMove] | None:
        """Take back the last move or deal; None when there is none."""
        if not self.position.move_stack:
            return None
        self.undo_count += 1
        move = self.position.pop()
        self.redo_list.undone(move, len(self.position.move_stack))
        return Step(move, undone=True)

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_list.entries(len(self.position.move_stack)))

    def redo(self) -> Step[SpiderMove] | None:
        """Play the last undone move or deal again (it costs its point again, as
        any move does); None when there is nothing to redo.

        >>> s = SpiderSession(1, 1)
        >>> from game.spider import DEAL
        >>> _ = s.play(DEAL); cards = [c[-1] for c in s.position.columns]; _ = s.undo()
        >>> s.redo().move.is_deal, [c[-1] for c in s.position.columns] == cards
        (True, True)
        """
        from game.spider import IllegalMoveError

        move = self.redo_list.take(len(self.position.move_stack))
        if move is None:
            return None
        try:
            return self._played(move, redoing=True)
        except IllegalMoveError:
            self.redo_list.clear()
            return None

    def restart(self) -> None:
        from game.spider import deal as spider_deal

        self.position = spider_deal(self.number, self.suits)
        self.redo_list.clear()
        self.clock.reset()  # as FreeCell's: the deal from the start is timed from 0:00

    def to_dict(self) -> SpiderSave:
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
            "assisted": self.assisted,  # what an older version of the game reads
            "helped": self.helped,
            "redo": [str(m) for m in self.redo_list.entries(len(self.position.move_stack))],
        }

    def check_redo(self, saved: Sequence[object]) -> None:
        """Take a saved redo list (next move last) once it replays from here (ValueError if not)."""
        from game.spider import Move as SpiderMove

        pos = self.position.copy()
        moves = []
        for text in reversed(saved):
            if not isinstance(text, str):  # the schema checked it: never here
                raise ValueError(f"not a move: {text!r}")
            try:
                move = SpiderMove.parse(text)
                pos.push(move)
            except ValueError:
                raise ValueError(_("its redo move {move} does not replay").format(move=shown(text))) from None
            moves.append(move)
        self.redo_list.restore(moves[::-1], len(self.position.move_stack))

    @classmethod
    def from_dict(cls, data: object, *, now: Callable[[], float] = time.monotonic) -> SpiderSession:
        """Rebuild a saved game by replaying its steps; ``ValueError`` if it does not replay."""
        from game.spider import Move as SpiderMove

        save = cast(SpiderSave, _checked(data, "spider"))  # every field's type checked by the schema

        def build() -> SpiderSession:
            session = cls(save["number"], save["suits"], now=now)
            for text in save["steps"]:
                session.position.push(SpiderMove.parse(text))
            # Moves follow from the steps. The score is what replaying them
            # gives less two points per undo at most (the undone action's point
            # and the undo's own; a restart starts again from 500): anything
            # outside that was not written by this program.
            replayed, undos = session.position.score, save.get("undos", 0)
            # A save written before deals counted as moves has the column moves alone.
            deals = sum(1 for m in session.position.move_stack if m.is_deal)
            if save["moves"] not in (session.position.move_count, session.position.move_count - deals):
                raise ValueError(_("{saved} moves do not match its {replayed}").format(
                    saved=save["moves"], replayed=session.position.move_count))
            if not replayed - 2 * undos <= save["score"] <= replayed:
                raise ValueError(_("a score of {score} does not fit its moves and {undos} undos").format(
                    score=save["score"], undos=undos))
            session.position.score = save["score"]
            return session

        return _restored(build, save, now)


def restore_saved(store: Store, *, now: Callable[[], float] = time.monotonic,
                  name: str = "savegame") -> FreeCellSession | SpiderSession | None:
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
    def read(data: object) -> FreeCellSession | SpiderSession:
        if isinstance(data, dict) and data.get("game") == "spider":
            return SpiderSession.from_dict(data, now=now)
        return FreeCellSession.from_dict(data, now=now)

    restored: FreeCellSession | SpiderSession | None = store.load(name, default=None, check=read)
    return restored
