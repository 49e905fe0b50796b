"""The coach on the table: the game review's panels, fed by a worker of its own.

Each table owns one :class:`Coach` (made with its game's :class:`Rules`:
:data:`FREECELL`, or :data:`SPIDER`, whose review knows every card and says
so). "Review" (the result panel, the give-up question, FreeCell's move list,
Spider's L) asks the worker to grade every player move of the game
(:mod:`game.freecell.review`, :mod:`game.spider.review`); the frame never
waits: :meth:`Coach.poll`, called each step, takes the moves graded so far
and the list grows as they arrive::

    coach = Coach(FREECELL)
    note = coach.begin(session)          # "" or why this game cannot be reviewed
    ...
    if coach.poll():                     # each step: True when new grades came
        table.panel = coach.panel()      # the list, a page at a time, summary on top
    table.panel = coach.detail(23)       # one move: its grade, why, the better move
    coach.shown                          # the position before that move (the table draws it)
    coach.try_session(23, now)           # a new game from there (not counted)
    coach.close()                        # the worker ends with the table

No pygame here: panels are plain values (:mod:`game.play.panels`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Generic, Protocol, Self, TypeVar

from game.freecell.moves import Move
from game.freecell.position import Position
from game.grading import GRADE_NAMES, Grade, GradedMove
from game.i18n import _, ngettext
from game.places import PileKind
from game.play.panels import Button, Command, Panel, Row, Section
from game.render.marks import Mark
from game.session import FreeCellSession, SpiderSession
from game.spider.moves import Move as SpiderMove
from game.spider.position import Position as SpiderPosition
from game.verdict import Verdict

if TYPE_CHECKING:  # the reviews and the worker load with the first review asked for
    from game.freecell.review import Review
    from game.solver import SolverService
    from game.spider.fair_review import FairReview
    from game.spider.review import SpiderReview

    #: A finished review as an answer carries it, of either game or the fair one.
    AnyReview = Review | SpiderReview | FairReview

__all__ = ["FREECELL", "PAGE", "SPIDER", "Coach", "PositionLike", "ReviewCoach", "Rules"]

#: Moves one page of the list shows (Earlier / Later turn the pages).
PAGE = 10


def _grade_word(grade: Grade) -> str:
    return _(GRADE_NAMES[grade])


class PositionLike(Protocol):
    """What the coach does with either game's position: copies it (no move stack)."""

    def copy(self, *, stack: bool = True) -> Self: ...


class _Session(Protocol):
    """What the coach reads of either game's session."""

    @property
    def number(self) -> int: ...


P = TypeVar("P", bound=PositionLike)  # the game's position
M = TypeVar("M")  # the game's move
S = TypeVar("S", bound=_Session)  # the game's session


G = TypeVar("G")  # a move as the review grades it
G_co = TypeVar("G_co", covariant=True)
P_co = TypeVar("P_co", covariant=True)
M_co = TypeVar("M_co", covariant=True)


class _Review(Protocol[G_co]):
    """A finished review as the worker sends it back (``Review``, ``SpiderReview``, ``FairReview``)."""

    @property
    def grades(self) -> Sequence[G_co]: ...

    def summary(self) -> str: ...


class _Loaded(_Review[G_co], Protocol[P_co, M_co, G_co]):
    """A review made in this process, shown by :meth:`ReviewCoach.load` (``Review``, ``SpiderReview``)."""

    @property
    def start(self) -> P_co: ...

    @property
    def moves(self) -> Sequence[M_co]: ...

    @property
    def level(self) -> str: ...


class Rules(ABC, Generic[P, M, S]):
    """What the coach asks of a game: its played game, its moves in words and on the
    table, and a new session from a move of it (:data:`FREECELL`, :data:`SPIDER`)."""

    game = ""
    #: The review sees every card (Spider's full-knowledge solver): its panels say so.
    knows_every_card = False

    @abstractmethod
    def played(self, session: S) -> tuple[P, list[M], str, bool]:
        """``(start, moves, level, known_lost)`` of the game on ``session``."""

    @abstractmethod
    def push(self, position: P, move: M, level: str) -> None:
        """Play ``move`` on ``position`` at the game's automatic level."""

    @abstractmethod
    def same_start(self, a: P, b: P) -> bool:
        """Whether two games start from the same layout."""

    @abstractmethod
    def phrase(self, position: P, move: M) -> str:
        """``move`` in words, as the player sees it on ``position``."""

    @abstractmethod
    def marks(self, pos: P, move: M, style: str) -> list[Mark]:
        """``move``'s cards and place on ``pos``, marked in ``style``."""

    @abstractmethod
    def session(self, old: S, level: str, now: Callable[[], float]) -> S:
        """A fresh session of ``old``'s deal (its moves are played on it after)."""

    @abstractmethod
    def ask_review(self, service: SolverService, start: P, moves: Sequence[M], *, known_lost: bool,
                   par: tuple[M, ...] | None, shown: Mapping[int, tuple[M, ...]] | None) -> int:
        """Ask ``service`` to grade ``moves`` from ``start`` (``par`` and ``shown``: FreeCell's)."""

    @abstractmethod
    def finished(self, review: AnyReview) -> _Review[GradedMove[M]] | None:
        """``review`` when it is this game's graded review (None: another's)."""

    @abstractmethod
    def replay(self, session: S, moves: Sequence[M]) -> None:
        """Play ``moves`` on ``session`` (the moves before a "Try again from here")."""

    @abstractmethod
    def tried(self, session: S) -> None:
        """Mark ``session`` as a try-again (it never counts) and start its clock afresh."""


class _FreeCellRules(Rules[Position, Move, FreeCellSession]):
    game = "freecell"

    def played(self, session: FreeCellSession) -> tuple[Position, list[Move], str, bool]:
        """``(start, moves, level, known_lost)`` of the game on ``session``."""
        from game.freecell.deals import is_known_unsolvable

        start, moves, level = session.review_game()
        return start, list(moves), level, is_known_unsolvable(session.number)

    def push(self, position: Position, move: Move, level: str) -> None:
        position.push(move, auto=level)

    def same_start(self, a: Position, b: Position) -> bool:
        return bool(a.layout() == b.layout())

    def phrase(self, position: Position, move: Move) -> str:
        from game.freecell.review import move_phrase

        return move_phrase(position, move)

    def marks(self, pos: Position, move: Move, style: str) -> list[Mark]:
        from game.freecell import HOME

        out = []
        if move.source < 8:
            n = len(pos.columns[move.source])
            out.append(Mark(PileKind.COLUMN, move.source, n - move.count, style))
        else:
            out.append(Mark(PileKind.CELL, move.source - 8, None, style))
        if move.dest < 8:
            out.append(Mark(PileKind.COLUMN, move.dest, None, style))
        elif move.dest < HOME:
            out.append(Mark(PileKind.CELL, move.dest - 8, None, style))
        else:
            card = pos.columns[move.source][-1] if move.source < 8 else pos.cells[move.source - 8]
            assert card is not None, "a move from a free cell moves its card"
            out.append(Mark(PileKind.FOUNDATION, int(card) % 4, None, style))
        return out

    def session(self, old: FreeCellSession, level: str, now: Callable[[], float]) -> FreeCellSession:
        return FreeCellSession(old.number, auto_foundation=level, now=now)

    def ask_review(self, service: SolverService, start: Position, moves: Sequence[Move], *, known_lost: bool,
                   par: tuple[Move, ...] | None, shown: Mapping[int, tuple[Move, ...]] | None) -> int:
        return service.ask_review(start, moves, known_lost=known_lost, par=par, shown=shown)

    def finished(self, review: AnyReview) -> _Review[GradedMove[Move]] | None:
        from game.freecell.review import Review

        return review if isinstance(review, Review) else None

    def replay(self, session: FreeCellSession, moves: Sequence[Move]) -> None:
        for move in moves:
            session.play(move)

    def tried(self, session: FreeCellSession) -> None:
        session.help_with("try")
        session.clock.reset()


class _SpiderRules(Rules[SpiderPosition, SpiderMove, SpiderSession]):
    game = "spider"
    knows_every_card = True

    def played(self, session: SpiderSession) -> tuple[SpiderPosition, list[SpiderMove], str, bool]:
        start = session.position.copy()
        while start.move_stack:
            start.pop()
        return start.copy(stack=False), list(session.position.move_stack), "", False

    def push(self, position: SpiderPosition, move: SpiderMove, level: str) -> None:
        position.push(move)

    def same_start(self, a: SpiderPosition, b: SpiderPosition) -> bool:
        return str(a) == str(b)

    def phrase(self, position: SpiderPosition, move: SpiderMove) -> str:
        from game.spider.review import spider_move_phrase

        return spider_move_phrase(position, move)

    def marks(self, pos: SpiderPosition, move: SpiderMove, style: str) -> list[Mark]:
        if move.is_deal:
            return [Mark(PileKind.STOCK, 0, None, style)]
        n = len(pos.column(move.source))
        return [Mark(PileKind.COLUMN, move.source, n - move.count, style),
                Mark(PileKind.COLUMN, move.dest, None, style)]

    def session(self, old: SpiderSession, level: str, now: Callable[[], float]) -> SpiderSession:
        return SpiderSession(old.number, old.suits, now=now)

    def ask_review(self, service: SolverService, start: SpiderPosition, moves: Sequence[SpiderMove], *,
                   known_lost: bool, par: tuple[SpiderMove, ...] | None,
                   shown: Mapping[int, tuple[SpiderMove, ...]] | None) -> int:
        # Spider's review has no par and keeps no hint's line (the worker reads neither).
        return service.ask_review(start, moves, known_lost=known_lost)

    def finished(self, review: AnyReview) -> _Review[GradedMove[SpiderMove]] | None:
        from game.spider.review import SpiderReview

        return review if isinstance(review, SpiderReview) else None

    def replay(self, session: SpiderSession, moves: Sequence[SpiderMove]) -> None:
        for move in moves:
            session.play(move)

    def tried(self, session: SpiderSession) -> None:
        session.help_with("try")
        session.clock.reset()


FREECELL = _FreeCellRules()
SPIDER = _SpiderRules()


class ReviewCoach(ABC, Generic[P, M, S, G]):
    """The review of one game and the panels that show it: what :class:`Coach` (the
    review that grades each move) and the fair review (``FairCoach``) share. ``P``,
    ``M``, ``S``: the game's position, move and session (its :class:`Rules`); ``G``:
    a move as the review grades it.

    ``service``: the solver worker to ask, shared with its owner, who closes it
    (FreeCell's table gives its yardstick's, whose pass the review reads); None:
    a ``SolverService`` of the coach's own, so that the live check never
    supersedes the review.
    """

    #: The fair review (judged by what the player saw); the table's buttons tell the two apart.
    fair = False

    def __init__(self, rules: Rules[P, M, S], service: SolverService | None = None) -> None:
        self.rules = rules
        self._shared = service
        self._service: SolverService | None = service
        self._request = 0
        #: A review waiting for the shared worker to be free: (start, known lost, par's line).
        self._asking: tuple[P, bool, tuple[M, ...] | None] | None = None
        self.start: P | None = None
        self.moves: list[M] = []
        self.level = "safe"
        self.number = 0
        #: The moves graded so far, in order; the whole list once done.
        self.graded: tuple[G, ...] = ()
        self.done = 0  # positions examined
        self.review: _Review[G] | None = None  # the finished review
        self.page = 0
        #: The move whose position the table shows (1-based; 0: none).
        self.selected = 0
        self._positions: list[P] = []
        #: The session the game was reviewed on (its number and suits start "Try again").
        self._session: S | None = None
        #: The hints' lines shown in the game under review, by move count (see :meth:`begin`).
        self.hint_lines: dict[int, tuple[M, ...]] = {}

    # --- the review ---------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self._request != 0 or self._asking is not None

    @property
    def total(self) -> int:
        return len(self.moves)

    def begin(self, session: S, par: tuple[str, tuple[M, ...]] | None = None,
              shown: dict[int, tuple[M, ...]] | None = None) -> str:
        """Review the game of ``session`` (its moves up to now): "" when asked, else why not.
        ``par``: the table's par line and its level (``Par.found_for``), so that the
        review measures against the par the result panel shows (one yardstick);
        ``shown``: the hints' lines shown in the game, by move count (FreeCell), lines
        the review knows there (a move of the hint's line is then best)."""
        start, moves, level, known_lost = self.rules.played(session)
        self.cancel()
        self._session = session
        self.start, self.moves, self.level, self.number = start, list(moves), level, session.number
        self.graded, self.done, self.review, self.page, self.selected = (), 0, None, 0, 0
        self._positions = []
        self.hint_lines = dict(shown or {})
        if not self.moves:
            return _("No move to review yet")
        if self._service is None:
            from game.solver import SolverService

            self._service = SolverService(self.rules.game)
        line = par[1] if par is not None and par[0] == level else None
        self._asking = (start, known_lost, line)
        self._ask_when_free()
        return ""

    def _ask_when_free(self) -> None:
        """Ask the review once a shared worker is free: its owner's job (the yardstick's pass,
        whose positions the review reads) finishes its search rather than lose it."""
        if self._asking is None or self._service is None:
            return
        if self._service is self._shared and self._service.busy:
            return
        start, known_lost, line = self._asking
        self._asking = None
        self._request = self._ask(self._service, start, known_lost, line)

    def _ask(self, service: SolverService, start: P, known_lost: bool, par: tuple[M, ...] | None) -> int:
        """Ask ``service`` to grade :attr:`moves` from ``start`` (the fair review asks its own)."""
        return self.rules.ask_review(service, start, self.moves, known_lost=known_lost, par=par,
                                     shown=self.hint_lines or None)

    def same_game(self, session: S) -> bool:
        """The review (made or asked) is of the game ``session`` has now."""
        if self.start is None:
            return False
        start, moves, level, _lost = self.rules.played(session)
        return moves == self.moves and level == self.level and self.rules.same_start(start, self.start)

    def load(self, number: int, review: _Loaded[P, M, G], session: S | None = None) -> None:
        """Show a review made elsewhere (in this process: scripts and screenshots)."""
        self.cancel()
        self._session = session
        self.start, self.moves, self.level, self.number = review.start, list(review.moves), review.level, number
        self.review, self.graded, self.done = review, tuple(review.grades), len(review.moves) + 1
        self.page, self.selected, self._positions = 0, 0, []

    def poll(self) -> bool:
        """Take what the worker sent; True when the grades changed (never blocks)."""
        self._ask_when_free()
        if not self._request or self._service is None:
            return False
        from game.solver import Answer

        changed = False
        for event in self._service.poll(self._request):
            if isinstance(event, Answer):
                self._request = 0
                review = self._finished(event.review) if event.review is not None else None
                if review is not None:
                    self.review = review
                    self.graded = tuple(review.grades)
                    self.done = len(self.moves) + 1
                return True
            graded = getattr(event, "graded", ())
            if len(graded) > len(self.graded) or getattr(event, "done", 0) != self.done:
                self.graded, self.done = tuple(graded), event.done
                changed = True
        return changed

    def cancel(self) -> None:
        if self._request and self._service is not None:
            self._service.cancel(self._request)
        self._request = 0
        self._asking = None

    def close(self) -> None:
        self.cancel()
        if self._service is not None and self._service is not self._shared:
            self._service.close()
        self._service = self._shared

    # --- what the panels say ------------------------------------------------------------

    def summary(self) -> str:
        """The summary line, or how far the review has come."""
        if self.review is not None:
            line = self.review.summary()
            if self.rules.knows_every_card:
                line = _("{summary} (knowing every card)").format(summary=line)
            return line
        if not self.moves:
            return ""
        return _("Reviewing: {done} of {total} moves graded").format(done=len(self.graded), total=self.total)

    def par_summary(self) -> str:
        """The finished review's moves against par: "12 moves more than par 33: 3 good, 1 mistake"
        ("" while it works, and for a review without a par: Spider's)."""
        against = getattr(self.review, "par_summary", None)
        return against() if against is not None else ""

    def position_before(self, index: int) -> P:
        """The position before move ``index`` (1-based), at the game's level."""
        if not self._positions:
            assert self.start is not None, "no game under review"
            pos = self.start.copy(stack=False)
            self._positions.append(pos.copy(stack=False))
            for m in self.moves:
                self.rules.push(pos, m, self.level)
                self._positions.append(pos.copy(stack=False))
        return self._positions[index - 1]

    @abstractmethod
    def _finished(self, review: AnyReview) -> _Review[G] | None:
        """The answer's review when it is this coach's kind (None: another kind)."""

    @abstractmethod
    def _label(self, index: int) -> str:
        """Move ``index``'s line in the list: the move in words and its grade."""

    def panel(self) -> Panel:
        """The list: the summary on top, a page of moves, Earlier / Later, Close."""
        pages = max(1, (self.total + PAGE - 1) // PAGE)
        self.page = min(max(self.page, 0), pages - 1)
        first = self.page * PAGE + 1
        last = min(self.total, first + PAGE - 1)
        buttons = [Button(self._label(i), f"review-move:{i}") for i in range(first, last + 1)]
        # The summary on top (a designed panel draws rows, not lines; a detail wraps).
        against = self.par_summary()
        rows = ((Row(detail=self.summary()),) + ((Row(detail=against),) if against else ())
                + tuple(Row(buttons=(k,)) for k in range(len(buttons))))
        nav = []
        if self.page > 0:
            nav.append(Button(_("Earlier moves"), "review-page:-1"))
        if self.page < pages - 1:
            nav.append(Button(_("Later moves"), "review-page:1"))
        buttons += nav + [Button(_("Close"), Command.CLOSE)]
        # TRANSLATORS: the heading over one page of the review's list.
        heading = _("Moves {first}\u2013{last} of {total}").format(first=first, last=last, total=self.total)
        focus = self.selected - first if first <= self.selected <= last else 0
        if self.rules.knows_every_card:
            # TRANSLATORS: Spider's review panel: its solver saw the face-down cards and the stock.
            title = _("Game review, knowing every card")
        else:
            # TRANSLATORS: Spider's review panel: its solver saw the face-down cards and the stock.
            title = _("Game review")
        return Panel(title, (self.summary(),) + ((against,) if against else ()), tuple(buttons),
                     vertical=True, focus=focus, sections=(Section(heading, rows),))

    @abstractmethod
    def detail(self, index: int) -> Panel:
        """One move's page: its grade in words, the better move, Try again from here."""

    @abstractmethod
    def _better(self, graded: G | None) -> M | None:
        """The better move the page names and the table marks (None: none, as for a best move)."""

    @staticmethod
    def page_buttons(index: int) -> tuple[Button, ...]:
        """A move's page's buttons: Try again from here, Back to the list, Close."""
        return (Button(_("Try again from here"), f"review-try:{index}"), Button(_("Back to the list"), "review"),
                Button(_("Close"), Command.CLOSE))

    # --- the table ----------------------------------------------------------------------

    @property
    def shown(self) -> P | None:
        """The position the table shows while a move is selected (None: the game's own)."""
        return self.position_before(self.selected) if self.selected else None

    def marks(self) -> list[Mark]:
        """The move played (outlined) and the better move (glowing) on the shown position."""
        if not self.selected:
            return []
        pos = self.position_before(self.selected)
        out = self.rules.marks(pos, self.moves[self.selected - 1], "selected")
        graded = self.graded[self.selected - 1] if self.selected <= len(self.graded) else None
        better = self._better(graded)
        if better is not None:
            out += self.rules.marks(pos, better, "hint")
        return out

    def try_session(self, index: int, now: Callable[[], float]) -> S:
        """A new game of the same deal at the position before move ``index``: the
        moves before it replayed, marked as helped (it never counts in the statistics)."""
        assert self._session is not None, "no game under review"
        session = self.rules.session(self._session, self.level, now)
        self.rules.replay(session, self.moves[:index - 1])
        self.rules.tried(session)
        return session


class Coach(ReviewCoach[P, M, S, GradedMove[M]]):
    """The review that grades each move against the best line the solver knows
    (FreeCell's, and Spider's knowing every card)::

        coach = Coach(FREECELL)
    """

    def _label(self, index: int) -> str:
        phrase = self.rules.phrase(self.position_before(index), self.moves[index - 1])
        if index <= len(self.graded):
            # TRANSLATORS: a line of the review's list: "23. 7♣ to a free cell — mistake".
            return _("{n}. {move} \u2014 {grade}").format(n=index, move=phrase,
                                                         grade=_grade_word(self.graded[index - 1].grade))
        return _("{n}. {move} \u2014 not graded yet").format(n=index, move=phrase)

    def detail(self, index: int) -> Panel:
        """One move: its grade in words, the better move, Try again from here."""
        phrase = self.rules.phrase
        self.selected = index
        self.page = (index - 1) // PAGE
        before = self.position_before(index)
        move = self.moves[index - 1]
        title = _("Move {n}: {move}").format(n=index, move=phrase(before, move))
        lines: list[str] = []
        graded = self.graded[index - 1] if index <= len(self.graded) else None
        if graded is None:
            lines.append(_("Not graded yet: the review is still working."))
        else:
            lines.append(self._why(graded))
            par = getattr(self.review, "par", None)
            if par is not None and graded.after is Verdict.SOLVED and graded.before is Verdict.SOLVED:
                total = index + len(graded.line_after)
                lines.append(ngettext("Played to here, then the shortest line known: {total} move in all "
                                      "(par {par}).",
                                      "Played to here, then the shortest line known: {total} moves in all "
                                      "(par {par}).", total).format(total=total, par=par))
            if self.rules.knows_every_card and graded.grade is Grade.MISTAKE:
                lines.append(_("Knowing every card: the solver saw the face-down cards and the stock, "
                               "which you did not."))
            better = self._better(graded)
            if better is not None:
                lines.append(_("Better: {move} ({notation})").format(move=phrase(before, better), notation=better))
        # The glow is named only where a better move is marked (a best move has none).
        if self._better(graded) is not None:
            lines.append(_("The table shows the position before this move; the move played is outlined, "
                           "the better move glows."))
        else:
            lines.append(_("The table shows the position before this move; the move played is outlined."))
        # The page leaves the move's cards and the better move's in view (game.ui.placing.beside).
        return Panel(title, tuple(lines), self.page_buttons(index), focus=1, beside_marks=True)

    def _finished(self, review: AnyReview) -> _Review[GradedMove[M]] | None:
        return self.rules.finished(review)

    def _better(self, graded: GradedMove[M] | None) -> M | None:
        if graded is None or graded.grade is Grade.LOST:
            return None
        return graded.better

    @staticmethod
    def _why(graded: GradedMove[object]) -> str:
        longer = 1 + len(graded.line_after) - len(graded.line_before)
        if graded.grade is Grade.BEST:
            n = len(graded.line_after)
            return ngettext("Best: it is on the shortest winning line known ({n} move from there).",
                            "Best: it is on the shortest winning line known ({n} moves from there).", n).format(n=n)
        if graded.grade is Grade.GOOD:
            return ngettext("Good: it keeps the win; the line is {n} move longer than the best known.",
                            "Good: it keeps the win; the line is {n} moves longer than the best known.",
                            longer).format(n=longer)
        if graded.grade is Grade.INACCURACY:
            return ngettext("Inaccuracy: it keeps the win, but the line is {n} move longer than the best known.",
                            "Inaccuracy: it keeps the win, but the line is {n} moves longer than the best known.",
                            longer).format(n=longer)
        if graded.grade is Grade.MISTAKE:
            return _("Mistake: the game was winnable before it; from there no winning line exists "
                     "(the solver examined every position).")
        if graded.grade is Grade.LOST:
            return _("The game was already lost before this move.")
        return _("Unknown: the review's search could not decide this move within its budget.")
