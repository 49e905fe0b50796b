"""The FreeCell coach: every player move of a game graded, with its evidence.

::

    >>> from game.freecell import deal, Move
    >>> start = deal(1)
    >>> start.auto_level = "safe"
    >>> _ = start.settle("safe")
    >>> par = par_search(start, "safe", states=5_000, seconds=None).player_moves  # the table's par line
    >>> review = review_game(start, [Move.parse("6a"), Move.parse("3b")], level="safe", par=par, states=5_000)
    >>> [g.grade.value in GRADE_VALUES for g in review.grades]
    [True, True]
    >>> review.grades[0].line_before[0] in start.legal_moves(), review.par <= len(par)
    (True, True)

A game is the position it started from, the automatic foundation level of
the table and the player's moves (one per undo step that stayed: undone
moves are gone, and the automatic foundation moves each move set off follow
the level and are never graded). Position ``k`` is the one after move ``k``
(position 0 the start). Each position gets a verdict, never more than the
search proved:

* winnable, with the shortest winning line *known* from it (player moves
  under the level), replayed through the rules engine before it is kept;
* lost: the search examined every position reachable from it, or an
  earlier position was proven lost (nothing reached from a lost position
  can be won);
* unknown: the review's budget ran out first.

One yardstick: par. The length ``L(k)`` of a winnable position is the
length of the shortest winning line known from it, counted as par counts
(player moves under the level: a run moved at once is one move, automatic
foundation moves are free), and the lines come from par's own search
(:func:`game.freecell.par.par_search`: the anytime search, its budget spent shortening).
Position 0 gets par's line itself (``par``, the line the table's par found)
or, when none is given, par's search with par's budget (``par_limit``), so
``L(0)`` is par. A position on par's line gets the rest of it; every
position gets the lines carried to it (below) and, where they would make the
move played lose moves, par's search with par's budget in positions (:data:`game.limits.REVIEW`,
no clock). The move ``k`` *loses*
``1 + L(k) - L(k - 1)`` moves.

A heuristic search can find a longer line from a later position than the
line through it known from an earlier one, and a shorter one too. So a known
line is never forgotten: once every position is done, lines are carried back
from the end (move ``k`` then the line from position ``k`` is a line from
position ``k - 1``), so that ``L(k - 1) <= 1 + L(k)`` everywhere and no move
loses a negative number of moves. The losses then add up: over moves
``1..n`` they sum to ``n + L(n) - L(0)``, which for a won game is the moves
played minus par (:meth:`Review.over_par`). ``L(0)`` ends below the par
given only when the review found a shorter line from the start (the player
beat par, or a search from a later position did): the review's par is then
that line's length, and says so.

The grade of move ``k`` follows (:class:`Grade`): **best** when it loses
nothing (it is on a shortest known line), **good** when it loses at most
:data:`GOOD_SLACK` moves, **inaccuracy** when more, **mistake** when the
position before was winnable and the one after is *proven* lost (never on a
budget), **unknown** when either verdict is unknown, and **lost** when the
game was already lost before the move. A move of a line the review knows
(the first move of the line before it: par's, or the one the review names
as better) keeps that line, so it is always best. The figures never claim
more than was found: a loss is measured against lines that were replayed to
a win, not against an optimum nobody proved.

Work is shared between positions. The line from position ``k - 1``,
edited for the move played (its first move when that was the move, the move
taken out of it when it comes later in the line, a step back first, or the
line as it is), is tried from position ``k`` and tidied
(:func:`~game.freecell.shorten.shorten`) before any new search runs; a new
search runs only when none of them wins, or when the best of them makes the
move lose moves (a move is not called worse than best before par's search
has looked from the position after it, while the review's seconds last).
Once every position is done, the pass from the end carries lines back,
tidied: a detour of the game's own (a card moved and moved back) comes out
of the line, so the move that began it loses those moves. A player who
follows a known line is graded best all along it.

:func:`review_game` does it all in one call; the game's worker drives a
:class:`ReviewRun` one position at a time, sending the grades known so far.
Pure Python: no pygame, moderngl or glm.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from game import limits
from game.cards import NAMES, run_name
from game.freecell.automove import AUTO_ALL, AUTO_OFF, auto_level
from game.freecell.hints import moved_cards
from game.freecell.moves import COLUMNS, HOME, Move
from game.freecell.par import par_search
from game.freecell.position import IllegalMoveError, Position
from game.freecell.shorten import play, shorten
from game.freecell.solver import SolverError, SolveResult, Verdict, replay_line, solve
from game.freecell.states import (
    TO_CELL,
    TO_EMPTY,
    TO_HOME,
    State,
    child_states,
    child_states_all,
    close_all,
    close_safe,
    evaluate_state,
    initial_state,
)
from game.grading import (
    GOOD_SLACK,
    GRADE_NAMES,
    GRADE_VALUES,
    Grade,
    GradedMove,
    ReviewSteps,
    grade_move,
    lost_moves,
    par_line,
    par_of,
    summary_line,
)
from game.i18n import _

__all__ = ["GOOD_SLACK", "GRADE_NAMES", "GRADE_VALUES", "REVIEW_SECONDS", "REVIEW_STATES", "REVIEW_TOTAL_SECONDS",
           "Grade", "GradedMove", "Review", "ReviewRun", "Yardstick", "check_line", "grade_targets", "move_phrase",
           "review_game"]

#: One new search's budget (par's positions, no clock) and the whole review's
#: seconds of new searches (:data:`game.limits.REVIEW`).
REVIEW_STATES = limits.REVIEW.states
REVIEW_SECONDS: float | None = limits.REVIEW.seconds
REVIEW_TOTAL_SECONDS = limits.REVIEW_TOTAL_SECONDS
#: Edits one tidying of a carried line may try (a few milliseconds each
#: hundred): enough for the lines of a game, a bound for pathological ones.
TIDY_TRIES = 4_000


@dataclass
class Review:
    """A graded game: :attr:`grades` in move order, and what it cost."""

    start: Position
    moves: list[Move]
    level: str
    grades: list[GradedMove[Move]]
    seconds: float = 0.0
    states: int = 0
    #: True when every position was examined (False: cancelled midway).
    complete: bool = True

    def counts(self) -> dict[Grade, int]:
        out = dict.fromkeys(Grade, 0)
        for g in self.grades:
            out[g.grade] += 1
        return out

    def position_before(self, index: int) -> Position:
        """The position before move ``index`` (1-based), at the review's level."""
        pos = self.start.copy(stack=False)
        for m in self.moves[:index - 1]:
            pos.push(m, auto=self.level)
        return pos

    def summary(self) -> str:
        """E.g. ``"41 moves: 30 best, 8 good, 2 inaccuracies, 1 mistake (move 23: 7♣ to a free cell)"``."""
        return summary_text(self.grades, self.start, self.moves, self.level)

    @property
    def par(self) -> int | None:
        """``L(0)``: the shortest line known from the start, in par's count (None: none known)."""
        return par_of(self.grades)

    def over_par(self) -> int:
        """The moves the graded moves lost, added up: for a won game, the moves played minus :attr:`par`."""
        return sum(lost_moves(g) or 0 for g in self.grades)

    def par_summary(self) -> str:
        """E.g. ``"12 moves more than par 33: 3 good, 2 inaccuracies"`` ("" when no par is known)."""
        return par_text(self.grades, self.start, self.moves, self.level)


def _phraser(start: Position, moves: Sequence[Move], level: str) -> Callable[[GradedMove[Move]], str]:
    """Names a graded move in words, in the position it was played in."""

    def phrase(first: GradedMove[Move]) -> str:
        pos = start.copy(stack=False)
        for m in moves[:first.index - 1]:
            pos.push(m, auto=level)
        return move_phrase(pos, first.move)

    return phrase


def summary_text(grades: Sequence[GradedMove[Move]], start: Position, moves: Sequence[Move], level: str) -> str:
    """The review's one line (see :meth:`Review.summary`); ``grades`` may be the first few."""
    return summary_line(grades, _phraser(start, moves, level))


def par_text(grades: Sequence[GradedMove[Move]], start: Position, moves: Sequence[Move], level: str) -> str:
    """The review's moves against par (see :meth:`Review.par_summary`)."""
    return par_line(grades, _phraser(start, moves, level))


def move_phrase(position: Position, move: Move) -> str:
    """``move`` in a few words, cards named as they show: ``"7♣ to a free cell"``.

    >>> from game.freecell import deal
    >>> pos = deal(1)
    >>> move_phrase(pos, Move.parse("3a")), move_phrase(pos, Move.parse("23"))
    ('2♥ to a free cell', '9♣ onto 2♥')
    """
    dest = move.dest
    what = run_name(moved_cards(position, move))
    if dest == HOME:
        return _("{cards} to the foundation").format(cards=what)
    if dest >= COLUMNS:
        return _("{cards} to a free cell").format(cards=what)
    if position.columns[dest]:
        return _("{cards} onto {card}").format(cards=what, card=NAMES[position.columns[dest][-1]])
    return _("{cards} to an empty column").format(cards=what)


def check_line(position: Position, moves: Sequence[Move], level: str) -> list[int]:
    """Play ``moves`` (player moves) on a copy of ``position`` under ``level``
    through the rules engine; they must win. Returns the line as the
    solver's move codes (every card movement), or raises :class:`SolverError`.

    >>> from game.freecell import deal
    >>> check_line(deal(1), [], "safe")
    Traceback (most recent call last):
    ...
    game.verdict.SolverError: the line does not win
    """
    pos = position.copy(stack=False)
    codes: list[int] = []
    for move in moves:
        # The code is read before the move; the automatic moves it sets off
        # need no code: the solver's positions make them by themselves.
        reason = pos.why_illegal(move)
        if reason is not None:
            raise SolverError(f"the engine refused a move of the line: {move}: {reason}")
        code = _code(pos, move)
        pos.push(move, auto=level)
        codes.append(code)
    if not pos.is_won():
        raise SolverError("the line does not win")
    return codes


def _code(pos: Position, move: Move) -> int:
    """The solver's order-free code of ``move`` in ``pos``."""
    if move.source < COLUMNS:
        head = pos.columns[move.source][-move.count]
    else:
        held = pos.cells[move.source - COLUMNS]
        if held is None:
            raise SolverError(f"{move}: the free cell is empty")
        head = held
    if move.dest == HOME:
        target = TO_HOME
    elif move.dest >= COLUMNS:
        target = TO_CELL
    elif pos.columns[move.dest]:
        target = int(pos.columns[move.dest][-1])
    else:
        target = TO_EMPTY
    return int(head) * 64 + target


@dataclass
class _Known:
    """What the review knows of one position."""

    verdict: Verdict = Verdict.UNKNOWN
    line: tuple[Move, ...] = ()  # the best winning line known (player moves)
    codes: tuple[int, ...] = ()  # the same line as the solver's codes


class ReviewRun(ReviewSteps[Move]):
    """A review done one position at a time (the worker's loop; see :func:`review_game`).

    ``start`` is the position the game started from (the deal, settled at
    ``level``); ``moves`` the player moves. ``known_lost``: the start is
    proven lost already (a deal on the shipped list of unsolvable deals).
    ``par``: par's line from the start as player moves (:func:`game.freecell.par.par_moves`),
    when the table's par found it; else the start gets par's search with
    ``par_limit``. ``lengths=False`` asks for verdicts only (no par search,
    no search past a carried line that wins: :func:`grade_targets`).
    ``shown``: the hints' lines the player was shown (player moves), by the
    position they were shown in; each is a line known there, kept before any
    other (see :class:`Yardstick`).
    """

    def __init__(self, start: Position, moves: Sequence[Move], level: str, *,
                 states: int = REVIEW_STATES, seconds: float | None = REVIEW_SECONDS,
                 total_seconds: float = REVIEW_TOTAL_SECONDS, known_lost: bool = False,
                 par: Sequence[Move] | None = None, par_limit: limits.Limit = limits.PAR,
                 lengths: bool = True, shown: Mapping[int, Sequence[Move]] | None = None) -> None:
        self.level = auto_level(level)
        self.start = start.copy(stack=False)
        self.start.auto_level = self.level
        self.moves = list(moves)
        self.positions = [self.start.copy(stack=False)]
        pos = self.start.copy(stack=False)
        for index, move in enumerate(self.moves, 1):
            try:
                pos.push(move, auto=self.level)
            except IllegalMoveError as exc:
                raise IllegalMoveError(f"move {index}: {exc}") from None
            self.positions.append(pos.copy(stack=False))
        self.budget = states
        self.seconds = seconds
        self.par = None if par is None else tuple(par)
        #: Each position of par's line (its exact layout) and how far along the line it is:
        #: a game that stands on the line knows the rest of it there.
        self._on_par: dict[object, int] = {}
        if self.par is not None:
            walk = self.start.copy(stack=False)
            for i, move in enumerate(self.par):
                self._on_par.setdefault(walk.layout(), i)
                if walk.why_illegal(move) is not None:
                    break
                walk.push(move, auto=self.level)
        self.par_limit = par_limit
        self.lengths = lengths
        self.shown = {k: tuple(line) for k, line in (shown or {}).items() if 0 <= k < len(self.positions)}
        self.deadline = time.perf_counter() + total_seconds
        self.started = time.perf_counter()
        self.known = [_Known() for _ in self.positions]
        if known_lost:
            for k in self.known:
                k.verdict = Verdict.UNSOLVABLE
        self.done = 0  # positions examined
        self.finished = False
        self.states = 0
        ncells = len(self.start.cells)
        self.ncells = ncells
        every = self.level == AUTO_ALL
        self._children = child_states_all if every else child_states
        self._close = close_all if every else close_safe
        self._roots = [initial_state(p, self._close)[0] for p in self.positions]

    @property
    def total(self) -> int:
        return len(self.positions)

    def review(self) -> Review:
        while self.step():
            pass
        return Review(self.start, self.moves, self.level, self.graded(),
                      time.perf_counter() - self.started, self.states, True)

    # --- inside ---------------------------------------------------------------------

    def _grade(self, index: int) -> GradedMove[Move]:
        before, after = self.known[index - 1], self.known[index]
        return grade_move(index, self.moves[index - 1], before.verdict, before.line, after.verdict, after.line)

    def _keep(self, k: int, line: Sequence[Move]) -> bool:
        """Keep ``line`` for position ``k`` when it wins there (replayed) and is shorter; True if kept."""
        known = self.known[k]
        if known.verdict is Verdict.SOLVED and len(line) >= len(known.line):
            return False
        try:
            codes = check_line(self.positions[k], line, self.level)
        except SolverError:
            return False
        known.verdict = Verdict.SOLVED
        known.line = tuple(line)
        known.codes = tuple(codes)
        return True

    def _moves_of(self, k: int, codes: list[int]) -> list[Move] | None:
        """The solver's ``codes`` from position ``k`` as player moves, or None if they do not win."""
        pos = self.positions[k]
        try:
            won = replay_line(pos, codes, self.ncells, self.level)
        except (SolverError, StopIteration, ValueError):
            return None
        if self.level == AUTO_OFF:
            return won.card_moves()
        return won.move_stack

    def _examine(self, k: int, cancel: Callable[[], bool] | None) -> None:
        known = self.known[k]
        if known.verdict is Verdict.UNSOLVABLE:
            return
        if k and self.known[k - 1].verdict is Verdict.UNSOLVABLE:
            known.verdict = Verdict.UNSOLVABLE  # reached from a lost position
            return
        pos = self.positions[k]
        if pos.is_won():
            known.verdict = Verdict.SOLVED
            known.line = known.codes = ()
            return
        if k in self.shown:
            self._keep(k, self.shown[k])  # first, so that a line as short as the hint's does not displace it
        if k == 0 and self.lengths:
            self._par_start(cancel)
            return
        along = self._on_par.get(pos.layout())
        if along is not None and self.par is not None:
            self._keep(k, self.par[along:])  # the game stands on par's line: the rest of it
        if k and self.known[k - 1].verdict is Verdict.SOLVED:
            self._carry_forward(k)
            if known.verdict is Verdict.SOLVED and not (self.lengths and self._loses(k)):
                return
        if time.perf_counter() >= self.deadline or (cancel is not None and cancel()):
            return
        if self.lengths:
            result = par_search(pos, self.level, states=self.budget, seconds=self.seconds, cancel=cancel)
        else:
            result = solve(pos, budget=self.budget, time_limit=self.seconds, cancel=cancel, auto=self.level)
        self._take(k, result)

    def _loses(self, k: int) -> bool:
        """Move ``k`` loses moves by the lines known so far."""
        return 1 + len(self.known[k].line) > len(self.known[k - 1].line)

    def _par_start(self, cancel: Callable[[], bool] | None) -> None:
        """Position 0: par's line when it was given and wins, else par's search with par's budget
        (its seconds are par's, not the review's: the review's own start after it)."""
        if self.par is not None:
            self._keep(0, self.par)
            if self.known[0].verdict is Verdict.SOLVED:
                return  # par's line (or a hint's as short, shown first)
        began = time.perf_counter()
        limit = self.par_limit
        self._take(0, par_search(self.positions[0], self.level, states=limit.states, seconds=limit.seconds,
                                 cancel=cancel))
        self.deadline += time.perf_counter() - began

    def _take(self, k: int, result: SolveResult) -> None:
        """A search's answer for position ``k``: its line (tidied) kept when shorter, or its proof of no win."""
        known, pos = self.known[k], self.positions[k]
        self.states += result.states
        if result.verdict is Verdict.SOLVED:
            root = self._roots[k]
            codes = check_line(pos, result.player_moves, self.level)
            tidy = self._tidy(root, codes)
            moves = self._moves_of(k, tidy) if tidy is not None else None
            if moves is None or not self._keep(k, moves):
                self._keep(k, result.player_moves)
        elif result.verdict is Verdict.UNSOLVABLE:
            known.verdict = Verdict.UNSOLVABLE

    def _tidy(self, root: State, codes: Sequence[int]) -> list[int] | None:
        """``codes`` shortened from ``root``, or None when they do not win from there."""
        line = list(codes)
        if play(root, line, self.ncells, self._children, evaluate_state) is None:
            return None
        tries = iter(range(TIDY_TRIES))
        return shorten(root, line, self.ncells, self._children, evaluate_state,
                       lambda: next(tries, None) is None)

    def _carry_forward(self, k: int) -> None:
        """Lines for position ``k`` made from the line of position ``k - 1`` (see the module notes)."""
        prev = list(self.known[k - 1].codes)
        root, before = self._roots[k], self._roots[k - 1]
        played = next((code for code, child in self._children(before, self.ncells) if child == root), None)
        back = next((code for code, child in self._children(root, self.ncells) if child == before), None)
        candidates: list[list[int]] = []
        if root == before:
            candidates.append(prev)
        if played is not None:
            if prev and prev[0] == played:
                candidates.append(prev[1:])
            elif played in prev:
                i = prev.index(played)
                candidates.append(prev[:i] + prev[i + 1:])
        if back is not None:
            candidates.append([back] + prev)
        candidates.append(prev)
        tried: set[tuple[int, ...]] = set()
        for codes in candidates:
            if tuple(codes) in tried:
                continue
            tried.add(tuple(codes))
            tidy = self._tidy(root, codes)
            if tidy is None:
                continue
            moves = self._moves_of(k, tidy)
            if moves is not None:
                self._keep(k, moves)
            if self.known[k].verdict is Verdict.SOLVED and len(self.known[k].line) < len(self.known[k - 1].line):
                break  # on the line: nothing shorter is possible

    def _carry_back(self) -> None:
        """Move ``k`` then the line from position ``k`` is a line from position ``k - 1``,
        tidied (a detour of the game's own, a card moved and moved back, comes out:
        the move that began it loses those moves) and kept when shorter."""
        for k in range(self.total - 1, 0, -1):
            after = self.known[k]
            if after.verdict is not Verdict.SOLVED:
                continue
            line = (self.moves[k - 1],) + after.line
            if self.lengths:
                try:
                    tidy = self._tidy(self._roots[k - 1], check_line(self.positions[k - 1], line, self.level))
                except SolverError:
                    tidy = None
                moves = self._moves_of(k - 1, tidy) if tidy is not None else None
                if moves is not None:
                    self._keep(k - 1, moves)
            self._keep(k - 1, line)


class Yardstick:
    """The review's yardstick for a game in progress, kept between hints: what the
    review will know of each position as it goes forward (par's line, the lines
    carried move by move, the hints shown, and par's search with the review's
    budget where the move played would lose moves), the positions already
    examined kept for the next question (the game's worker holds one).

    The FreeCell hint off par's line shows the line known here. The pass is
    the review's own, with no clock (the same game gives the same lines), and
    the review is given the lines shown, kept first where they were shown: a
    move of the hint's line keeps that line, so the review grades it best::

        >>> from game.freecell import deal
        >>> start = deal(1, auto_foundation="safe")
        >>> _ = start.settle("safe")
        >>> par = par_search(start, "safe", states=2_000, seconds=None).player_moves
        >>> yard = Yardstick(states=2_000)
        >>> played = [Move.parse("6a")]
        >>> line = yard.line(start, played, "safe", par=par)
        >>> review = review_game(start, played + [line[0]], "safe", par=par, states=2_000, shown={1: line})
        >>> review.grades[1].grade
        <Grade.BEST: 'best'>
    """

    def __init__(self, states: int = REVIEW_STATES) -> None:
        self.states = states
        self._run: ReviewRun | None = None

    def line(self, start: Position, moves: Sequence[Move], level: str, *, par: Sequence[Move],
             shown: Mapping[int, Sequence[Move]] | None = None, cancel: Callable[[], bool] | None = None,
             progress: Callable[[int], None] | None = None) -> tuple[Move, ...] | None:
        """The shortest line known from the position after ``moves`` (player moves at
        ``level`` from ``start``), as the review's forward pass knows it there; None
        when it knows none, or when ``cancel()`` stopped it (what was examined is kept).
        ``progress(states)`` follows the searches."""
        run = ReviewRun(start, moves, level, states=self.states, seconds=None, total_seconds=float("inf"),
                        par=par, shown=shown)
        self.reuse(run)
        self._run = run
        while run.done < run.total:
            k = run.done
            run._examine(k, cancel)
            if cancel is not None and cancel():
                run.known[k] = _Known()  # a search cut short is not the pass's answer
                return None
            run.done += 1
            if progress is not None:
                progress(run.states)
        known = run.known[-1]
        return known.line if known.verdict is Verdict.SOLVED else None

    @property
    def spent(self) -> int:
        """The positions the searches of the game's pass have examined, all told."""
        return 0 if self._run is None else self._run.states

    def reuse(self, run: ReviewRun) -> int:
        """Copy into ``run`` the positions the last pass examined that ``run`` would
        examine alike (the same start, level, par and budget, the same moves up to
        them, and no other line shown there); returns how many, and ``run`` goes on
        from there. The game's review asks the yardstick's worker, so that what
        the pass examined while the game was played is not searched again::

            >>> from game.freecell import deal
            >>> start = deal(1, auto_foundation="safe")
            >>> _ = start.settle("safe")
            >>> par = par_search(start, "safe", states=2_000, seconds=None).player_moves
            >>> yard = Yardstick(states=2_000)
            >>> _ = yard.line(start, [Move.parse("6a")], "safe", par=par)
            >>> run = ReviewRun(start, [Move.parse("6a"), Move.parse("3b")], "safe", states=2_000, par=par)
            >>> yard.reuse(run)  # the start and the position after 6a
            2
        """
        old = self._run
        if old is None or (old.level, old.par, old.budget) != (run.level, run.par, run.budget) \
                or old.start.layout() != run.start.layout():
            return 0
        same = 0
        limit = min(old.done, run.total)
        while same < limit:
            if same and old.moves[same - 1] != run.moves[same - 1]:
                break
            line = run.shown.get(same)
            if line is not None and old.shown.get(same) != line and old.known[same].line != line:
                break
            same += 1
        # Copies: the review carries lines back into what it knows, and the pass goes on.
        run.known[:same] = [_Known(k.verdict, k.line, k.codes) for k in old.known[:same]]
        run.states = old.states
        run.done = same
        return same


def review_game(start: Position, moves: Sequence[Move], level: str, *,
                states: int = REVIEW_STATES, seconds: float | None = REVIEW_SECONDS,
                total_seconds: float = REVIEW_TOTAL_SECONDS, known_lost: bool = False,
                par: Sequence[Move] | None = None, par_limit: limits.Limit = limits.PAR,
                shown: Mapping[int, Sequence[Move]] | None = None,
                progress: Callable[[int, int], None] | None = None,
                cancel: Callable[[], bool] | None = None) -> Review:
    """Grade every move of a game (blocking; the game runs it in its worker).

    ``progress(done, total)`` is called after each position examined;
    ``cancel()`` stops the review (what is known so far is returned, with
    ``complete`` False). Raises :class:`IllegalMoveError` ("move N: ...")
    when a move is illegal where it is played. ``par``, ``par_limit`` and ``shown``: see :class:`ReviewRun`.
    """
    run = ReviewRun(start, moves, level, states=states, seconds=seconds, total_seconds=total_seconds,
                    known_lost=known_lost, par=par, par_limit=par_limit, shown=shown)
    while run.step(cancel):
        if progress is not None:
            progress(run.done, run.total)
        if cancel is not None and cancel():
            return Review(run.start, run.moves, run.level, run.graded(),
                          time.perf_counter() - run.started, run.states, False)
    return Review(run.start, run.moves, run.level, run.graded(),
                  time.perf_counter() - run.started, run.states, True)


def grade_targets(position: Position, moves: Sequence[Move], *, states: int = limits.TARGETS.states,
                  seconds: float | None = limits.TARGETS.seconds,
                  cancel: Callable[[], bool] | None = None) -> list[Verdict]:
    """Whether each of ``moves`` (legal in ``position``) keeps the win: per move
    ``SOLVED`` (a winning line from the position after it is known, replayed),
    ``UNSOLVABLE`` (the search after it was exhausted: the move loses the win)
    or ``UNKNOWN``. As the review does, the line from ``position`` edited for
    each move is tried before a search of its own (``states`` and ``seconds``
    each). The position's own level decides the automatic moves. When the
    position itself is proven lost, every move is.

    >>> from game.freecell import deal
    >>> pos = deal(1, auto_foundation="safe")
    >>> grade_targets(pos, [Move.parse("6a")])
    [<Verdict.SOLVED: 'solved'>]
    """
    level = position.auto_level
    def run_of(played: list[Move]) -> ReviewRun:
        return ReviewRun(position, played, level, states=states, seconds=seconds, total_seconds=3600.0,
                         lengths=False)

    here = run_of([])
    here.step(cancel)
    if here.known[0].verdict is Verdict.UNSOLVABLE:
        return [Verdict.UNSOLVABLE] * len(moves)
    out = []
    for move in moves:
        if cancel is not None and cancel():
            out.append(Verdict.UNKNOWN)
            continue
        run = run_of([move])
        run.known[0], run.done = here.known[0], 1  # the position itself is done: its line is carried
        run.step(cancel)
        out.append(run.known[1].verdict)
    return out
