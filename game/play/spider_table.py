"""Spider's table controller: a click moves the run under it to the best
column, deals from the stock, runs of thirteen flown home, and hints
cycled from what a player can see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from game import speeds
from game.challenges.sentences import suits_name
from game.clock import clock_text
from game.i18n import _, ngettext
from game.i18n.formats import grouped
from game.input.actions import Act
from game.places import PileKind
from game.play.coach import SPIDER
from game.play.flights import Key
from game.play.panels import Button, Command, Panel
from game.play.reviewing import Reviewing
from game.play.table import NewDealWanted, Played, Refused, Table, TableEnv
from game.render.layout import CardTransform, Layout
from game.render.marks import Mark
from game.render.picking import Pick
from game.rules import Outcome
from game.session import SpiderSession
from game.spider import DEAL, HintKind, IllegalMoveError, Move, Position
from game.stats import game_key

if TYPE_CHECKING:  # the fair review and the worker load with the first one asked for
    from game.play.fair_coach import FairCoach
    from game.play.spider_hint import HintSolver
    from game.spider.advice import FairHint
    from game.spider.hints import Hint

__all__ = ["SpiderTable"]


class _Figures(NamedTuple):
    """What Spider's status line and bar show (:meth:`Table.as_shown`)."""

    moves: int
    won: bool
    score: int
    deals_left: int
    can_deal: bool
    #: There is a move to undo (or restart from).
    undoable: bool


class SpiderTable(Reviewing[Position, Move, SpiderSession], Table):
    game = "spider"
    session: SpiderSession
    coach_rules = SPIDER

    def __init__(self, env: TableEnv, number: int, suits: int, session: SpiderSession | None = None) -> None:
        super().__init__(env)
        self.session = session or SpiderSession(number, suits, now=env.now)
        from game.play.spider_hint import SpiderHints

        #: The fair hint, searched in the game's solver worker (its own when the table has none).
        ponder = env.ponder
        self.hints = SpiderHints(self._hint_solver, None if ponder is None else lambda: ponder("spider"))
        self._own_solver = env.solver is None
        self._shown_from_now()

    @property
    def position(self) -> Position:
        shown = self.coach_position()  # the review's page for one move shows the position before it
        return self.session.position if shown is None else shown

    def table_for(self, session: SpiderSession) -> SpiderTable:
        return SpiderTable(self.env, session.number, session.suits, session)

    def fair_coach(self) -> FairCoach:
        from game.play.fair_coach import FairCoach

        return FairCoach()

    def own_button(self, name: str) -> bool:
        if name == "review" or name.startswith("review-"):
            self.review_button(name)
            return True
        return False

    def give_up_extras(self) -> tuple[Button, ...]:
        return (Button(_("Review"), "review"),)

    def marks(self, held: tuple[PileKind, int, int] | None = None) -> list[Mark]:
        shown = self.coach_marks()
        return super().marks(held) if shown is None else shown

    @property
    def suits(self) -> int:
        return self.session.suits

    has_suit_choice = True

    def with_suits(self, suits: int) -> tuple[Table, str, str]:
        number = self.session.number
        # TRANSLATORS: {suits} is "1 suit", "2 suits" or "4 suits", as the game names its levels.
        ask = _("Play game #{number} again with {suits}?").format(number=number, suits=suits_name(suits))
        said = _("Game #{number} again with {suits}").format(number=number, suits=suits_name(suits))
        return SpiderTable(self.env, number, suits), ask, said

    def stats_key(self) -> str:
        return game_key("spider", self.session.suits)

    def draggable(self, where: Pick) -> bool:
        """Face-down cards stay put."""
        return where.index is not None and bool(self.position.is_face_up(where.pile, where.index))

    def focus_places(self) -> list[tuple[PileKind, int]]:
        """The stock beside the column it sits over: Left from column 1 reaches
        it, or on a left-handed table (stock on the right) Right from column 10."""
        columns = [(PileKind.COLUMN, i) for i in range(10)]
        return columns + [(PileKind.STOCK, 0)] if self.env.left_handed else [(PileKind.STOCK, 0)] + columns

    def above(self, column: int) -> int:
        return 10 if self.env.left_handed else 0  # the stock is the top row's only place

    def pile_size(self, kind: PileKind, pile: int) -> int:
        if kind == PileKind.COLUMN:
            return len(self.position.columns[pile])
        return self.position.stock_size if kind == PileKind.STOCK else 0

    def first_movable(self, column: int) -> int:
        return self.position.face_down[column]

    def status(self, extra: tuple[str, ...] = ()) -> str:
        s = self.session
        shown = self.as_shown()
        # TRANSLATORS: {suits} is "1 suit", "2 suits" or "4 suits", as the game names its levels.
        parts = [_("Spider, {suits}, game #{number}").format(suits=suits_name(s.suits), number=s.number),
                 clock_text(s.clock.elapsed), _("score {score}").format(score=grouped(shown.score)),
                 ngettext("{moves} move", "{moves} moves", shown.moves).format(moves=shown.moves),
                 ngettext("{deals_left} deal left", "{deals_left} deals left",
                          shown.deals_left).format(deals_left=shown.deals_left)]
        if self.hints.thinking:
            parts.append(_("Hint: thinking..."))
        parts.extend(e for e in extra if e)
        return "   ".join(parts)

    def targets(self, held: tuple[PileKind, int, int] | None = None) -> list[tuple[PileKind, int]]:
        pos = self.position
        if held is not None:
            # A dragged run moves whole: only where all of it goes.
            _, src, index = held
            count = len(pos.columns[src]) - index
            return [(PileKind.COLUMN, d) for d in range(10) if d != src and pos.is_legal(Move.of(src, d, count))]
        if self.selection is None:
            return []
        _, src, _ = self.selection
        return [(PileKind.COLUMN, d) for d in range(10) if d != src and pos.fitting_move(src, d) is not None]

    def as_shown(self) -> _Figures:
        shown = super().as_shown()
        assert isinstance(shown, _Figures), "every figure shown is this table's own (figures())"
        return shown

    def figures(self) -> _Figures:
        s, pos = self.session, self.session.position  # the game's, not a reviewed move's
        return _Figures(s.moves, s.won, s.score, pos.deals_left, pos.can_deal(), bool(pos.move_stack))

    def buttons(self, lost: bool = False) -> tuple[Button, ...]:
        shown = self.as_shown()  # the bar turns to its won state when the last set lands
        playing = not shown.won
        # Menu first and Give up last: the one that ends a game sits apart.
        # Redo shows only while there is something to redo (a new move clears it).
        redo = (Button(_("Redo (Ctrl+Y)"), Command.REDO),) if playing and self.session.can_redo else ()
        return (Button(_("Menu"), Command.MENU), Button(_("Undo (Z)"), Command.UNDO, self.undoable and shown.undoable),
                *redo, Button(_("Hint (H)"), Command.HINT, playing),
                Button(_("Deal (D) {deals_left}").format(deals_left=shown.deals_left), Command.DEAL,
                       playing and shown.can_deal),
                Button(_("New game"), Command.NEW), Button(_("Restart"), Command.RESTART, shown.undoable),
                Button(_("Demo"), Command.DEMO, playing), Button(_("Give up"), Command.GIVE_UP, playing))

    def demo_panel(self) -> Panel | None:
        return Panel(_("Demo"), (_("Full knowledge: the solver sees the face-down cards and plays a winning line."),
                                 _("Play fair: the hint plays, seeing only what you see.")),
                     (Button(_("Full knowledge"), Command.DEMO_FULL), Button(_("Play fair"), Command.DEMO_FAIR),
                      Button(_("Cancel"), Command.CLOSE)))

    def outcome_panel(self, outcome: Outcome) -> Panel:
        s = self.session
        if outcome.won:
            # TRANSLATORS: {suits} is "1 suit", "2 suits" or "4 suits", as the game names its levels.
            game = _("Game #{number}, {suits}").format(number=s.number, suits=suits_name(s.suits))
            return Panel(_("You won!"), (game,
                                      _("Time {elapsed}").format(elapsed=clock_text(s.clock.elapsed)),
                                      self.moves_text or _("Moves {moves}").format(moves=s.moves),
                                      _("Score {score}").format(score=grouped(s.score))) + self.result_notes,
                         self.outcome_buttons(won=True, new=_("New game")))
        return Panel(_("No move is left"), (_("Nothing can move and no deal is possible."),),
                     self.outcome_buttons(won=False, new=_("New game")))

    def play(self, move: Move | None, *, redo: bool = False) -> bool:
        """Ask the engine; animate what the step says happened; say why when it
        refused. ``redo``: the last undone move or deal again instead of ``move``."""
        if move is None and not redo:
            raise ValueError("play a move, or redo the last one undone")
        self.flights.land()
        pos = self.position
        before = self.layout_now()
        old_len = [len(c) for c in pos.columns]
        stock_piles = pos.deals_left
        try:
            step = self.session.redo() if redo or move is None else self.session.play(move)
        except IllegalMoveError as exc:
            # Spider's engine raises the bare reason, which has colons of its own.
            reason = str(exc)
            self.say(reason)
            self.emit(Refused(reason))
            return False
        if step is None:
            self.say(_("Nothing to redo"))
            return False
        move = step.move
        self.hints.cancel()  # a hint still being sought is for the table before this move
        sound = "deal" if move.is_deal else "home" if step.completed else "place"
        self.selection = None
        self.hint_marks = []
        self.message = ""
        # Where each card of a column came from, as the move alone would leave it.
        col = PileKind.COLUMN
        origin: dict[Key, Key] = {}
        order: dict[Key, float] = {}
        if move.is_deal:
            for j in range(10):
                new = (col, j, old_len[j])
                origin[new] = (PileKind.STOCK, stock_piles - 1, j)
                order[new] = speeds.DEAL_GAP * j
        else:
            for i in range(move.count):
                landed = (col, move.dest, old_len[move.dest] + i)
                origin[landed] = (col, move.source, old_len[move.source] - move.count + i)
        # Each completed set flies off to its place from the end of its column
        # as it had landed (king first).
        first = len(pos.removed_suits) - len(step.completed)
        for k, column in enumerate(step.completed, first):
            base = len(pos.columns[column])
            for r in range(13):
                here = (col, column, base + 12 - r)
                origin[(PileKind.REMOVED, k, r)] = origin.get(here, here)
                order[(PileKind.REMOVED, k, r)] = speeds.FLIGHT + speeds.AUTO_GAP * (12 - r)
        self.animate(before, self.card_key, lambda k: origin.get(k, k), order, speeds.FLIGHT)
        if move.dest in step.completed and not move.is_deal:
            self._land_where_put(before, move, old_len[move.dest], first + step.completed.index(move.dest))
        self.emit(Played(sound))  # a win or a dead end is said once its last card lands (settle)
        return True

    def _land_where_put(self, before: Layout, move: Move, had: int, k: int) -> None:
        """A run that completes a set is first seen landing on its column (which held
        ``had`` cards), and waits there while the set flies off (as set ``k``) king first."""
        from game.render import theme

        column = before.pile(PileKind.COLUMN, move.dest)
        slot = before.slot(PileKind.COLUMN, move.dest)
        step = before.column_steps[move.dest][1]
        top = column[-1].y - step if column else slot.y
        now = self.env.anim_time
        for i in range(move.count):
            stop = CardTransform(slot.x, top - step * i, (had + i + 1) * theme.Z_STEP)
            self.flights.via((PileKind.REMOVED, k, move.count - 1 - i), stop, now,
                             speeds.FLIGHT * self.env.speed, speeds.LIFT)

    def activate(self, kind: PileKind, pile: int, index: int | None) -> None:

        if kind == PileKind.STOCK:
            self.selection = None
            self.play(DEAL)
            return
        if kind != PileKind.COLUMN:
            return
        if self.selection is None:
            if index is None or not self.position.is_face_up(pile, index):
                return
            n = len(self.position.columns[pile])
            if n - index > self.position.run_length(pile):
                self.say(_("Only a same-suit run moves together"))
                return
            self.selection = (PileKind.COLUMN, pile, index)
            return
        _kind, src, start = self.selection
        if src == pile:
            self.selection = None
            return
        n = len(self.position.columns[src])
        move = Move.of(src, pile, n - start)
        if not self.position.is_legal(move):
            fit = self.position.fitting_move(src, pile)
            move = fit if fit is not None else move
        self.play(move)

    def double_click(self, where: Pick) -> None:
        if where.kind == PileKind.STOCK:
            self.activate(PileKind.STOCK, 0, None)
        elif where.kind == PileKind.COLUMN and where.index is not None:
            self.auto_move(where.pile, where.index)

    def auto_move(self, column: int, index: int | None = None) -> None:
        """Double-click / A: to where it completes a set, else same suit, any suit, empty column."""
        pos = self.position
        n = len(pos.columns[column])
        if n == 0:
            return
        start = n - pos.run_length(column) if index is None else max(index, n - pos.run_length(column))
        count = n - start
        head = pos.columns[column][start]
        best = None
        best_rank = 9
        for m in pos.legal_moves():
            if m.is_deal or m.source != column or m.count != count:
                continue
            target = pos.columns[m.dest]
            if not target:
                rank = 3
            elif target[-1] % 4 == head % 4:
                rank = 0 if pos.run_length(m.dest) + count >= 13 else 1
            else:
                rank = 2
            if rank < best_rank:
                best, best_rank = m, rank
        if best is None:
            self.selection = None
            self.say(_("{display} has nowhere to go").format(display=head.display))
        else:
            self.play(best)

    def drop(self, source: tuple[PileKind, int, int], target: tuple[PileKind, int] | None) -> bool:
        self.last_marks = []  # letting go is an action: the last outline ends
        if target is None or target[0] != PileKind.COLUMN or source[0] != PileKind.COLUMN or target[1] == source[1]:
            return False
        n = len(self.position.columns[source[1]])
        return self.play(Move.of(source[1], target[1], n - source[2]))

    def command(self, act: Act) -> None:

        if act is Act.UNDO:
            self.undo()
        elif act is Act.REDO:
            self.redo()
        elif act is Act.DEAL:
            self.play(DEAL)
        elif act is Act.AUTO_MOVE:
            kind, pile = self.focus_places()[self.focus_index]
            if kind == PileKind.COLUMN:
                self.auto_move(pile, self.focused_index(kind, pile))
        elif act is Act.HINT:
            hint = self.hints.press(self.position)
            if hint is not None:
                self._show_hint(hint)
            else:
                self.hint_marks = []
                self.say("")
        elif act is Act.NEW_DEAL:
            self.emit(NewDealWanted())
        elif act is Act.MOVE_LIST:
            # Spider has no list of moves: its L opens the game review, as FreeCell's list offers it.
            self.review_button("review")

    def redo(self) -> None:
        self.selection = None
        self.play(None, redo=True)

    # --- the hint: the fair search in the worker process --------------------------

    @property
    def thinking(self) -> bool:
        """A hint is being sought (the status line says so after a few frames)."""
        return self.hints.waiting

    def _hint_solver(self) -> HintSolver:
        if self.env.solver is not None:
            return self.env.solver("spider")
        from game.solver.service import SolverService

        return SolverService("spider")

    def _show_hint(self, hint: FairHint | Hint) -> None:
        """Say the hint and outline it; a game that looks lost offers Undo and Restart."""
        self.say(_("Hint: {text}").format(text=hint.text))
        self.hint_marks = []
        if hint.kind is HintKind.MOVE and hint.move is not None:
            move = hint.move  # a move, not a deal (its kind says so)
            n = len(self.position.columns[move.source])
            self.hint_marks = [Mark(PileKind.COLUMN, move.source, n - move.count, "hint"),
                               Mark(PileKind.COLUMN, move.dest, None, "hint")]
        elif hint.kind is HintKind.DEAL:
            self.hint_marks = [Mark(PileKind.STOCK, 0, None, "hint")]
        if getattr(hint, "lost", False):
            title = _("This game is lost") if getattr(hint, "proven", False) else _("This game looks lost")
            self.panel = Panel(title, (hint.text,),
                               (Button(_("Undo"), Command.UNDO), Button(_("Restart"), Command.RESTART),
                                Button(_("Hint again"), Command.HINT), Button(_("New game"), Command.NEW)))

    def before_undo(self) -> None:
        self.hints.cancel()

    def think_ahead(self) -> None:
        """The hint starts on the table as it is before H is pressed (not while the review
        shows another table, nor once the game is won)."""
        if self.coach_position() is None:
            self.hints.think_ahead(self.session.position)

    def update(self, dt: float) -> None:
        self.poll_coach()
        hint = self.hints.poll(self.position)
        if hint is not None:
            self._show_hint(hint)

    def close(self) -> None:
        self.close_coach()
        self.hints.close(self._own_solver)

    def new_deal(self, number: int) -> Table:
        """Game ``number`` at this suit count: on a fresh table (the focus starts
        over; the controller has ended the game before)."""
        return SpiderTable(self.env, number, self.session.suits)
