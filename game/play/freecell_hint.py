"""FreeCell's hint measured with the review's yardstick, followed as the game goes.

Off par's line the hint shows the line the review's yardstick knows
(:class:`game.freecell.review.Yardstick`): the review runs the same forward
pass and is told each line shown, by the move count it was shown at, so a
move of the hint's line is graded best. :class:`YardstickHint` asks a worker
of its own (beside the live check's and par's) after every change, once par
is known, so that the pass keeps up with the game and H is answered at once;
when the pass knows no line here the table's own search answers instead.
:class:`ShownHints` keeps the lines shown, with the moves that led to each:
after an undo and other moves, a position of the same count is another
position::

    >>> from game.freecell import Move
    >>> shown = ShownHints()
    >>> shown.record([Move.parse("3a")], [Move.parse("6b"), Move.parse("7c")])
    >>> shown.on([Move.parse("3a"), Move.parse("6b")])
    {1: (Move.parse('6b'), Move.parse('7c'))}
    >>> shown.on([Move.parse("3b")])
    {}
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from game.freecell import HOME, Move, Position
from game.freecell.position import Layout
from game.i18n import _
from game.places import PileKind
from game.play.panels import Button, Command, Panel
from game.play.table import TableEnv
from game.render.marks import Mark
from game.session import FreeCellSession

if TYPE_CHECKING:  # the hint and the worker load with the first hint asked for
    from game.freecell.hints import Hint
    from game.solver import HintGame, HintService, SolverService

__all__ = ["MEMORY", "YARDSTICK_WAIT", "Hinting", "ShownHints", "YardstickHint", "graded_game", "hint_game"]

#: Lines kept per game (the oldest forgotten first): far more hints than a game asks.
MEMORY = 256
#: Seconds H waits for the yardstick's pass at the position on the table before
#: the hint's own search answers instead (a position the pass has examined answers
#: at once; a new one takes par's budget, several seconds).
YARDSTICK_WAIT = 1.0


class ShownHints:
    """The hints' lines (player moves) shown in one game, by the moves before each."""

    def __init__(self, memory: int = MEMORY) -> None:
        self.memory = memory
        self._lines: OrderedDict[tuple[str, ...], tuple[Move, ...]] = OrderedDict()

    def record(self, moves: Sequence[Move], line: Sequence[Move]) -> None:
        """The hint after ``moves`` (the game's player moves) showed ``line``."""
        key = tuple(str(m) for m in moves)
        self._lines.pop(key, None)
        self._lines[key] = tuple(line)
        while len(self._lines) > self.memory:
            self._lines.popitem(last=False)

    def on(self, moves: Sequence[Move]) -> dict[int, tuple[Move, ...]]:
        """The lines shown on the way of ``moves``, by move count."""
        played = tuple(str(m) for m in moves)
        return {len(key): line for key, line in self._lines.items() if played[:len(key)] == key}


def graded_game(session: FreeCellSession) -> tuple[Position, list[Move], str] | None:
    """``session.review_game()`` when its moves lead to the position on the table at the
    table's level, else None (moves played at another level since: auto-complete, the
    demo, the setting changed): only then does the review see the hint's position."""
    start, moves, level = session.review_game()
    position = session.position
    if level != position.auto_level or len(moves) != len(position.undo_steps()):
        return None
    return start, moves, level


def hint_game(session: FreeCellSession, par: tuple[str, tuple[Move, ...]] | None, shown: ShownHints, *,
              follow: bool = False) -> HintGame | None:
    """The game behind a FreeCell hint on ``session``'s table (``HintGame``), or None
    when the yardstick cannot measure here: par not known yet or found for another
    level, or moves played at another level since (:func:`graded_game`).
    ``follow``: the worker answers only from the yardstick (no search of its own)."""
    from game.solver import HintGame

    if par is None or par[0] != session.position.auto_level:
        return None
    game = graded_game(session)
    if game is None:
        return None
    start, moves, _level = game
    return HintGame(start, tuple(moves), tuple(par[1]), shown.on(moves), follow)


class YardstickHint:
    """The yardstick's hint for the position on the table, asked after each change.

    ``service``: the worker (a ``SolverService`` of its own, so that its pass is
    never superseded by the live check; None: this starts its own and stops it
    on :meth:`close`). ``follow(session, par, shown)`` after a change (cheap
    when nothing changed); ``ready(position)`` is the hint once it came for
    exactly that position, else None; ``pending(position)`` whether one is on
    its way for it.
    """

    def __init__(self, service: SolverService | None = None) -> None:
        from game.solver import HintService

        self._service = service
        self._hints = HintService(service=service)
        self._asked: Layout | None = None  # the position (its layout) the request in flight is for
        self._answer: tuple[Layout | None, Hint] | None = None  # (layout, hint) once it came

    def follow(self, session: FreeCellSession, par: tuple[str, tuple[Move, ...]] | None, shown: ShownHints) -> None:
        """Ask for the position on ``session``'s table, unless asked already or not measurable."""
        position = session.position
        layout = position.layout()
        if layout == self._asked or (self._answer is not None and self._answer[0] == layout):
            return
        if self._asked is not None:
            # The pass is on its way to an earlier position: a new question would
            # throw its search away (a fast player would keep it from ever getting
            # on). Once it answers, the next follow asks for the table as it is then.
            return
        if self._service is not None and self._service.busy:
            return  # the worker runs the game's review (the same pass): a question would stop it
        game = hint_game(session, par, shown, follow=True)
        if game is None:
            return
        self._hints.ask(position, game)
        self._asked = layout

    def poll(self) -> None:
        """Take in what the worker sent (each frame)."""
        from game.freecell.hints import Hint

        for event in self._hints.poll():
            if isinstance(event, Hint):
                self._answer = (self._asked, event)
                self._asked = None

    def ready(self, position: Position) -> Hint | None:
        """The yardstick's hint for ``position`` (a ``Hint``: WIN, or UNFINISHED when it
        knows no line there), or None when none came for it."""
        if self._answer is not None and self._answer[0] == position.layout():
            return self._answer[1]
        return None

    def pending(self, position: Position) -> bool:
        return self._asked is not None and self._asked == position.layout()

    def close(self) -> None:
        self._hints.close()


class Hinting:
    """FreeCell's hint on a table (a mixin: ``self`` is the FreeCell table): proven
    unsolvable at once, par's next move on par's line, the yardstick's line off it
    (followed after each change), else the hint's own search in the shared worker.
    The table calls :meth:`start_hinting` when made, :meth:`poll_hint` each step
    and :meth:`close_hinting` when it closes."""

    # The table's own, declared for the checker (annotations only: nothing here
    # hides the table's attributes and methods).
    session: FreeCellSession
    env: TableEnv
    par_found: tuple[str, tuple[Move, ...]] | None
    panel: Panel | None
    hint_marks: list[Mark]
    say: Callable[[str], None]
    learn_line: Callable[[Position, Sequence[Move]], None]
    if TYPE_CHECKING:  # the table's (the review's position while its panel is up)
        @property
        def position(self) -> Position: ...

    def start_hinting(self) -> None:
        #: The hint's own search (made on the first that needs it), its request and whether it runs.
        self.hints: HintService | None = None
        self.hint_request = 0
        self.thinking = False
        #: The hints' lines shown in this game (the review knows them: one yardstick), and
        #: the yardstick's hint followed after each change once par is known.
        self.shown_hints = ShownHints()
        self.yardstick: YardstickHint | None = None
        self._awaiting_yardstick = False
        self._yardstick_asked = 0.0  # when H began to wait for the pass
        #: The yardstick's worker when the table has no round's to share (closed with the table).
        self._own_yardstick: SolverService | None = None

    def poll_hint(self) -> None:
        """Each step: follow the game with the yardstick, and show a hint once it came."""
        from game.freecell.hints import Hint

        self._follow_yardstick()
        if self._awaiting_yardstick:
            self._take_yardstick()
        elif self.hints is not None and self.thinking:
            for event in self.hints.poll():
                if isinstance(event, Hint) and event.request == self.hint_request:
                    self._show_hint(event)

    def close_hinting(self) -> None:
        if self.hints is not None:
            self.hints.close()
        if self.yardstick is not None:
            self.yardstick.close()
        if self._own_yardstick is not None:
            self._own_yardstick.close()

    def review_service(self) -> SolverService:
        """The yardstick's worker, which the game's review asks too: the review reads
        the positions its pass examined while the game was played (the round's worker,
        else the table's own)."""
        if self.env.yardstick is not None:
            return self.env.yardstick("freecell")
        if self._own_yardstick is None:
            from game.solver import SolverService

            self._own_yardstick = SolverService("freecell")
        return self._own_yardstick

    def ask_hint(self) -> None:
        from game.freecell.hints import known_unsolvable_hint

        # A deal on the shipped proof list: every position of it is lost, so
        # answer at once, in the same words as everywhere else.
        proven = known_unsolvable_hint(self.session.number)
        if proven is not None:
            self.cancel_hint()
            self._show_hint(proven)
            return
        on_par = self._par_hint()
        if on_par is not None:
            self.cancel_hint()
            self._show_hint(on_par)
            return
        self.thinking = True
        self.say("")
        if self._follow_yardstick():
            self._awaiting_yardstick = True
            self._yardstick_asked = self.env.now()
            self._take_yardstick()
        else:
            self._search_hint()

    def _search_hint(self) -> None:
        """The hint's own search, in the shared worker (where the yardstick knows no line)."""
        if self.hints is None:
            from game.solver import HintService

            env = self.env
            self.hints = HintService(service=env.solver("freecell")) if env.solver else HintService()
        self.hint_request = self.hints.ask(self.position)
        self.thinking = True

    def _follow_yardstick(self) -> bool:
        """Keep the yardstick's worker on the position on the table (each frame, after
        each change); True when it measures here (par known at the table's level)."""
        if self.par_found is None or self.par_found[0] != self.position.auto_level:
            return False
        if self.yardstick is None:
            self.yardstick = YardstickHint(self.review_service())
        self.yardstick.follow(self.session, self.par_found, self.shown_hints)
        self.yardstick.poll()
        return self.yardstick.pending(self.position) or self.yardstick.ready(self.position) is not None

    def _take_yardstick(self) -> None:
        """Show the yardstick's hint once it came; where it knows no line, search."""
        from game.freecell.hints import HintKind

        assert self.yardstick is not None
        hint = self.yardstick.ready(self.position)
        if hint is None:
            if not self.yardstick.pending(self.position):
                self._awaiting_yardstick = False
                self._search_hint()  # no longer measurable here (the level changed)
            elif self.env.now() - self._yardstick_asked > YARDSTICK_WAIT:
                # The pass is still searching (par's budget, some seconds a position):
                # the hint's own search answers, and its line is kept for the review.
                self._awaiting_yardstick = False
                self._search_hint()
            return
        self._awaiting_yardstick = False
        if hint.kind is HintKind.WIN:
            self._show_hint(hint)
        else:
            self._search_hint()

    def _par_hint(self) -> Hint | None:
        """The hint when the game stands on par's line: par's next move and the rest of
        its line as par counts it (the review's yardstick, so the move is best there)."""
        from game.freecell.hints import Hint, HintKind
        from game.play.par import rest_of

        if self.par_found is None or self.par_found[0] != self.position.auto_level:
            return None
        rest = rest_of(self.session.review_game()[0], self.par_found[1], self.position)
        return None if not rest else Hint(0, HintKind.WIN, rest[0], len(rest), 0, 0.0)

    def _record_shown(self, hint: Hint) -> None:
        """Keep the hint's line as the review will read it (player moves at the game's level)."""
        from game.freecell.par import par_moves

        game = graded_game(self.session)
        if game is None:
            return
        _start, moves, level = game
        line = par_moves(self.position, hint.line, level) if hint.line else None
        if line:
            self.shown_hints.record(moves, line)

    def shown_lines(self) -> dict[int, tuple[Move, ...]]:
        return self.shown_hints.on(self.session.review_game()[1])

    def cancel_hint(self) -> None:
        if self.hints is not None and self.thinking:
            self.hints.cancel()
        self.thinking = False
        self._awaiting_yardstick = False

    def _show_hint(self, hint: Hint) -> None:
        from game.freecell.hints import HintKind, hint_text

        self.thinking = False
        self.say(_("Hint: {hint}").format(hint=hint_text(self.position, hint)))
        self.hint_marks = []
        if hint.kind is HintKind.NO_WIN:
            why = (_("Deal #{deal} is proven unsolvable: no position of it can be won.").format(deal=hint.deal)
                   if hint.deal is not None else _("The solver examined every position reachable from here."))
            self.panel = Panel(_("No winning line exists from here"), (why,),
                               (Button(_("Undo"), Command.UNDO), Button(_("Hint again"), Command.HINT),
                                Button(_("Restart"), Command.RESTART), Button(_("New deal"), Command.NEW)))
            return
        if hint.move is None:
            return
        self.learn_line(self.position, hint.line)
        self._record_shown(hint)
        m = hint.move
        if m.source < 8:
            n = len(self.position.columns[m.source])
            self.hint_marks.append(Mark(PileKind.COLUMN, m.source, n - m.count, "hint"))
        else:
            self.hint_marks.append(Mark(PileKind.CELL, m.source - 8, None, "hint"))
        if m.dest < 8:
            self.hint_marks.append(Mark(PileKind.COLUMN, m.dest, None, "hint"))
        elif m.dest < HOME:
            self.hint_marks.append(Mark(PileKind.CELL, m.dest - 8, None, "hint"))
        else:
            # "To the foundation": the foundation of the card's suit lights too.
            card = self.position.columns[m.source][-1] if m.source < 8 else self.position.cells[m.source - 8]
            assert card is not None, "a move from a free cell moves its card"
            self.hint_marks.append(Mark(PileKind.FOUNDATION, int(card) % 4, None, "hint"))
