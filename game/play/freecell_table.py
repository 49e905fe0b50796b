"""FreeCell's table controller: selection and one-click moves, sequence moves
through the engine's capacity rule, automatic foundation cards flown one
after another and the live winnability line; its hint is
:class:`game.play.freecell_hint.Hinting`'s, its review :class:`game.play.reviewing.Reviewing`'s.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from game import speeds
from game.clock import clock_text
from game.freecell import HOME, IllegalMoveError, Move, Position
from game.freecell.daily import daily_deal, today_in_japan
from game.freecell.known import KnownWins
from game.freecell.position import Layout as PositionLayout
from game.i18n import _, ngettext
from game.input.actions import Act
from game.places import PileKind
from game.play.coach import FREECELL, Coach
from game.play.flights import Key
from game.play.freecell_hint import Hinting
from game.play.move_list import move_list_panel
from game.play.panels import Button, Command, Panel
from game.play.reviewing import Reviewing
from game.play.table import GameMove, GamePosition, NewDealWanted, Played, Refused, Table, TableEnv
from game.render.layout import CardPlacement, CardTransform, Layout
from game.render.marks import Mark
from game.render.picking import Pick
from game.rules import Outcome
from game.session import FreeCellSession
from game.verdict import Verdict

if TYPE_CHECKING:  # the worker starts with the first request
    from game.solver import SolverService

__all__ = ["FreeCellTable"]

#: Target styles by verdict under "Show which moves keep the win" (others: "undecided").
_GRADE_STYLES = {"solved": "keeps", "unsolvable": "loses"}


class _Figures(NamedTuple):
    """What FreeCell's status line and bar show (:meth:`Table.as_shown`)."""

    moves: int
    won: bool
    #: Cards movable at once (the supermove capacity, at most the cards left).
    movable: int
    can_autocomplete: bool


class FreeCellTable(Hinting, Reviewing[Position, Move, FreeCellSession], Table):
    game = "freecell"
    session: FreeCellSession
    coach_rules = FREECELL
    coach: Coach[Position, Move, FreeCellSession] | None = None  # FreeCell has no fair review

    def __init__(self, env: TableEnv, number: int, session: FreeCellSession | None = None) -> None:
        super().__init__(env)
        self.session = session or FreeCellSession(number, auto_foundation=env.auto_foundation, now=env.now)
        self.holding: tuple[int, int] = (0, 0)
        self._cascade = False
        # The cascade sent its last card home: its hold stays until that card lands.
        self._landing_hold = False
        self.cascade_wait = 0.0
        #: "Show which moves keep the win": the worker that grades the selection's
        #: targets, what was asked (position and selection), and its verdicts by place.
        self.grader: SolverService | None = None
        self._grades_key: tuple[PositionLayout, tuple[int, int]] | None = None
        self._grade_request = 0
        self._grade_places: list[tuple[PileKind, int]] = []
        self.target_grades: dict[tuple[PileKind, int], Verdict] = {}
        #: Positions known winnable (the lines of hints, of the live check, of the review):
        #: a target whose move leads to one is green at once, with no search.
        self.known = KnownWins()
        self.start_hinting()
        self._shown_from_now()
        from game.freecell.deals import is_known_unsolvable

        if is_known_unsolvable(number):
            self.say(_("This deal is known to be unsolvable"))

    @property
    def position(self) -> Position:
        # While the review's panel for one move is up, the table shows the
        # position before that move (the panel covers input; closing it ends this).
        shown = self.coach_position()
        return self.session.position if shown is None else shown

    # --- FreeCell's answers to the controller's per-game questions ---------------

    noun = "deal"

    def level_key(self) -> str | None:
        """FreeCell's second bucket: the deal's difficulty (Easy/Normal/Hard), when the table rates it."""
        from game.freecell.difficulty import difficulty

        rating = difficulty(self.session.number)
        if rating is None or rating.cells is None:
            return None  # unrated, or proven unsolvable: counted under FreeCell only
        return f"freecell-{rating.level.lower()}"  # the level shown in the title, "?" or not

    def daily(self) -> str | None:
        today = today_in_japan()
        return today.isoformat() if daily_deal(today) == self.session.number else None

    @property
    def proven_unsolvable(self) -> bool:
        from game.freecell.deals import is_known_unsolvable

        return is_known_unsolvable(self.session.number)

    @property
    def live_check_applies(self) -> bool:
        return not self.proven_unsolvable

    def holdable(self, where: Pick) -> bool:
        return where.kind == PileKind.COLUMN

    def own_button(self, name: str) -> bool:
        if name.startswith("hold-"):
            self.hold_action(name)
        elif name.startswith("play:"):
            self.play(self.position.parse_move(name[5:]))
        elif name == "moves":
            self.panel = self.move_list()
        elif name == "review" or name.startswith("review-"):
            self.review_button(name)
        else:
            return False
        return True

    def table_for(self, session: FreeCellSession) -> FreeCellTable:
        table = FreeCellTable(self.env, session.number, session)
        table.known = self.known  # the same deal: what is known winnable stays so
        if self.coach is not None:  # "Try again from here": the review's lines, each replayed to a win
            for g in self.coach.graded:
                for index, line in ((g.index, g.line_before), (g.index + 1, g.line_after)):
                    start = self.coach.position_before(index).copy(stack=False)
                    start.auto_level = self.coach.level
                    table.known.learn_line(start, line, player_moves=True)
        return table

    def marks(self, held: tuple[PileKind, int, int] | None = None) -> list[Mark]:
        shown = self.coach_marks()
        if shown is not None:
            return shown
        out = super().marks(held)
        if held is None and self.env.move_grades and self.selection is not None:
            from dataclasses import replace

            # Each target in the colour of its verdict: keeps the win, loses it, or undecided.
            def graded(m: Mark) -> Mark:
                grade = getattr(self.target_grades.get((m.kind, m.pile)), "value", "")
                return replace(m, style=_GRADE_STYLES.get(grade, "undecided"))

            out = [graded(m) if m.style == "target" else m for m in out]
        return out

    # --- grades during play: which targets keep the win ------------------------------

    def follow_grades(self) -> None:
        """Ask the grader about the selection's targets when the position or the selection
        changed (the setting on, no panel up); an answer for an older question is dropped."""
        src = self._source() if self.env.move_grades and self.panel is None else None
        key = None if src is None else (self.session.position.layout(), src)
        if key == self._grades_key:
            return
        if self._grade_request and self.grader is not None:
            self.grader.cancel(self._grade_request)
        self._grades_key, self._grade_request, self.target_grades = key, 0, {}
        if src is None:
            return
        # A move known to win (the hint's, the next of a proven line) is green now; the rest are asked.
        self.target_grades = self._known_grades()
        self._grade_places = [place for place in self.targets() if place not in self.target_grades]
        if not self._grade_places:
            return
        moves = [Move.of(src[0], self._place(kind, pile), src[1]) for kind, pile in self._grade_places]
        if self.grader is None:
            from game.solver import SolverService

            self.grader = SolverService("freecell")
        self._grade_request = self.grader.ask_targets(self.session.position, moves)

    def _known_grades(self) -> dict[tuple[PileKind, int], Verdict]:
        """The selection's targets whose move leads to a position known winnable, each
        "solved" (any empty free cell or column is the same position: each is graded)."""
        src, pos = self._source(), self.session.position
        if src is None or not self.env.move_grades:
            return {}
        return {(kind, pile): Verdict.SOLVED for kind, pile in self.targets()
                if self.known.wins_after(pos, Move.of(src[0], self._place(kind, pile), src[1]))}

    def learn_line(self, position: GamePosition, line: Sequence[GameMove]) -> None:
        """A winning line from ``position``, every card movement (the hint's, the live
        check's): what it proves is green at once, also for the selection now graded."""
        moves = [m for m in line if isinstance(m, Move)]
        if not isinstance(position, Position) or len(moves) != len(line):
            return  # not a FreeCell line: nothing is learned (as from a line for another position)
        if self.known.learn_line(position, moves) and self._grades_key is not None:
            self.target_grades.update(self._known_grades())

    def review_par(self) -> tuple[str, tuple[Move, ...]] | None:
        return self.par_found

    def poll_grades(self) -> None:
        if not self._grade_request or self.grader is None:
            return
        from game.solver import Answer

        for event in self.grader.poll(self._grade_request):
            if isinstance(event, Answer):
                self._grade_request = 0
                if len(event.verdicts) == len(self._grade_places):
                    self.target_grades = {**dict(zip(self._grade_places, event.verdicts)), **self._known_grades()}

    @property
    def notes_wanted(self) -> bool:
        return bool(self.target_grades)

    def tip(self) -> tuple[PileKind, int, str] | None:
        """The reason on a red target while the mouse is over it or the keyboard on it."""
        losing = [place for place, v in self.target_grades.items() if v.name == "UNSOLVABLE"]
        places = self.focus_places()
        focused = places[self.focus_index] if self.env.keyboard_used and self.focus_index < len(places) else None
        on = focused if focused in losing else self.hovered if self.hovered in losing else None
        if on is None or self.panel is not None:
            return None
        # TRANSLATORS: a note drawn on a red target (the move there loses the win).
        return on[0], on[1], _("From there no winning line exists")

    def grades_text(self) -> str:
        """The status line's reason while a target is red: the focused one named when the keyboard is on it."""
        losing = [place for place, v in self.target_grades.items() if v.name == "UNSOLVABLE"]
        if not losing:
            return ""
        places = self.focus_places()
        focused = places[self.focus_index] if self.env.keyboard_used and self.focus_index < len(places) else None
        if focused in losing:
            # TRANSLATORS: the focused target of the selected card is red: that move loses the win.
            return _("This move loses the win: from there no winning line exists")
        # TRANSLATORS: "Show which moves keep the win": what a red target means.
        return _("Red: from there no winning line exists")

    def give_up_extras(self) -> tuple[Button, ...]:
        return (Button(_("Review"), "review"),)

    def own_panel_key(self, act: Act) -> bool:
        """The run panel (press and hold): Up/Down change its head card, Select confirms, Esc closes."""
        panel = self.panel
        if panel is None or not panel.buttons or panel.buttons[0].action != "hold-up":
            return False
        hold = {Act.FOCUS_UP: "hold-up", Act.FOCUS_DOWN: "hold-down", Act.SELECT: "hold-ok"}.get(act)
        if hold is not None:
            self.hold_action(hold)
            return True
        if act is Act.CANCEL:
            self.panel = None
            return True
        return False

    @property
    def cascading(self) -> bool:
        return self.cascade

    @property
    def cascade(self) -> bool:
        """An auto-complete cascade is playing. While it plays the columns' fans hold
        their spread (:meth:`Table.hold_spread`): cards only leave, and the columns left
        behind staying still is calmer to watch and costs a frame a card's flight, where
        every column sliding wider at each departure cost a third of the window."""
        return self._cascade

    @cascade.setter
    def cascade(self, on: bool) -> None:
        if on != self._cascade or (not on and self._landing_hold):
            self._cascade, self._landing_hold = on, False
            self.hold_spread(on)

    def replayed(self, text: str, level: str) -> tuple[Table, int]:
        from game.bounded import TEXT_MAX_BYTES, bounded_text
        from game.freecell.export import replay

        if not text or not text.strip():
            raise ValueError(_("The clipboard holds no move list"))
        number = self.session.number
        # Held to what --check reads from a file (a ValueError when too long); each word it quotes is cut.
        pos = replay(number, bounded_text(text, TEXT_MAX_BYTES, "move list"))
        session = self._replayed_session(number, pos.move_stack, level)
        return FreeCellTable(self.env, number, session), session.moves  # counted as by hand

    def _replayed_session(self, number: int, line: list[Move], level: str) -> FreeCellSession:
        """The game ``line`` plays (legal from the deal's start, every card movement) at ``level``,
        its moves made as a player makes them (:meth:`FreeCellSession.play_line`): counted
        as the same game played by hand, the demo's and par's way."""
        session = FreeCellSession.replaying(number, line, level, now=self.env.now)
        session.clock.start()
        return session

    def export_moves(self) -> str:
        from game.freecell.export import export_moves

        return export_moves(self.position)

    def focus_places(self) -> list[tuple[PileKind, int]]:
        """The top row as the player sees it, left to right, then the columns."""
        top = [(PileKind.CELL, i) for i in range(4)] + [(PileKind.FOUNDATION, s) for s in range(4)]
        if self.env.left_handed:
            top.reverse()  # the layout mirrors the top row: foundation 4 leftmost, cell 1 rightmost
        return top + [(PileKind.COLUMN, i) for i in range(8)]

    def above(self, column: int) -> int:
        # The top row's eight places sit over the eight columns, in the same
        # order as they are listed (mirrored or not).
        return column

    def pile_size(self, kind: PileKind, pile: int) -> int:
        pos = self.position
        if kind == PileKind.COLUMN:
            return len(pos.columns[pile])
        if kind == PileKind.CELL:
            return 0 if pos.cells[pile] is None else 1
        return pos.foundations[pile]

    def status(self, extra: tuple[str, ...] = ()) -> str:
        """The status line; ``extra`` (the live check, the demo) goes before the auto-complete prompt."""
        from game.freecell.difficulty import difficulty

        s = self.session
        rating = difficulty(s.number)
        shown = self.as_shown()
        parts = [(_("Deal #{number} ({level})") if rating else _("Deal #{number}")).format(
                     number=s.number, level=rating.label if rating else ""),
                 clock_text(s.clock.elapsed),
                 ngettext("{moves} move", "{moves} moves", shown.moves).format(moves=shown.moves)]
        if not shown.won:
            n = shown.movable
            parts.append(ngettext("{n} card movable", "{n} cards movable", n).format(n=n))
        if self.thinking:
            parts.append(_("Hint: thinking..."))
        parts.append(self.grades_text())
        parts = [p for p in parts if p]
        parts.extend(e for e in extra if e)
        if shown.can_autocomplete and not shown.won and not self.cascade:
            parts.append(_("F: auto-complete"))
        return "   ".join(parts)

    def as_shown(self) -> _Figures:
        shown = super().as_shown()
        assert isinstance(shown, _Figures), "every figure shown is this table's own (figures())"
        return shown

    def figures(self) -> _Figures:
        s, pos = self.session, self.session.position  # the game's, not a reviewed move's
        # The supermove capacity, never more than the cards left to move.
        return _Figures(s.moves, s.won, min(pos.capacity(), 52 - pos.cards_home), pos.can_autocomplete())

    def targets(self, held: tuple[PileKind, int, int] | None = None) -> list[tuple[PileKind, int]]:
        src = self._source(held)
        if src is None:
            return []
        source, count = src
        pos = self.position
        out: list[tuple[PileKind, int]] = []
        for d in range(8):
            if d != source and pos.is_legal(Move.of(source, d, count)):
                out.append((PileKind.COLUMN, d))
        if count == 1:
            if source < 8 and None in pos.cells:
                out.append((PileKind.CELL, pos.cells.index(None)))
            if pos.is_legal(Move.of(source, HOME, 1)):
                card = pos.columns[source][-1] if source < 8 else pos.cells[source - 8]
                if card is not None:  # (the move is legal: its cell holds a card)
                    out.append((PileKind.FOUNDATION, int(card) % 4))
        return out

    def buttons(self, lost: bool = False) -> tuple[Button, ...]:
        """The control bar; ``lost``: the live check proved the game lost (Rewind is offered)."""
        shown = self.as_shown()  # the bar turns to its won state when the last card lands
        playing = not shown.won
        third = (Button(_("Stop (F)") if self.cascade else _("Auto-complete (F)"), Command.AUTOCOMPLETE)
                 if playing and (shown.can_autocomplete or self.cascade) else Button(_("New deal (N)"), Command.NEW))
        if lost and playing:
            third = Button(_("Rewind (R)"), Command.REWIND)
        # Menu first and Give up last: the one that ends a game sits apart.
        # Redo shows only while there is something to redo (a new move clears it).
        redo = (Button(_("Redo (Ctrl+Y)"), Command.REDO),) if playing and self.session.can_redo else ()
        return (Button(_("Menu"), Command.MENU), Button(_("Undo (U)"), Command.UNDO, self.undoable and shown.moves > 0),
                *redo, Button(_("Hint (H)"), Command.HINT, playing), Button(_("Moves (L)"), Command.MOVES, playing),
                third,
                Button(_("Restart"), Command.RESTART, shown.moves > 0), Button(_("Give up"), Command.GIVE_UP, playing))

    def move_list(self) -> Panel:
        """The L key's panel: every legal move here (:func:`game.play.move_list.move_list_panel`)."""
        return move_list_panel(self.position)

    def outcome_panel(self, outcome: Outcome) -> Panel:
        s = self.session
        if outcome.won:
            return Panel(_("You won!"), (_("Deal #{number}").format(number=s.number),
                                      _("Time {elapsed}").format(elapsed=clock_text(s.clock.elapsed)),
                                      self.moves_text or _("Moves {moves}").format(moves=s.moves),
                                      _("Cards home 52")) + self.result_notes,
                         self.outcome_buttons(won=True, new=_("New deal")))
        return Panel(_("No legal move is left"), (_("Every cell is full and nothing can move."),),
                     self.outcome_buttons(won=False, new=_("New deal")))

    @staticmethod
    def _place(kind: PileKind, pile: int) -> int:
        return pile if kind == PileKind.COLUMN else 8 + pile if kind == PileKind.CELL else HOME

    def _source(self, held: tuple[PileKind, int, int] | None = None) -> tuple[int, int] | None:
        """(source place, card count) of ``held`` (a dragged run), else of the selection."""
        chosen = held if held is not None else self.selection
        if chosen is None:
            return None
        kind, pile, index = chosen
        if kind == PileKind.COLUMN:
            return pile, len(self.position.columns[pile]) - index
        if kind == PileKind.CELL:
            return 8 + pile, 1
        return None

    def play(self, move: Move, *, plain: bool = False) -> bool:
        """Ask the engine; animate what happened; say why when it refused.

        ``plain``: the next auto-complete card. The cards already flying home
        keep flying (one follows another); anything else lands them first.
        """
        if not plain:
            self.flights.land()
        before = self.layout_now()
        start = self.position.copy(stack=False)
        try:
            step = self.session.autocomplete_step() if plain else self.session.play(move)
        except IllegalMoveError as exc:
            reason = str(exc).split(": ", 1)[-1]
            self.say(reason)
            self.emit(Refused(reason))
            return False
        if step is None:
            return False
        self.after_change(before, step.automatic, speeds.FLIGHT,
                          sound="home" if step.move.dest == HOME or step.automatic else "place")
        if step.automatic:
            self._land_where_put(start, step.move)
        return True

    def _land_where_put(self, start: Position, move: Move) -> None:
        """The player's own cards that then go home by themselves are first seen landing
        where the player put them, and wait there for their turn (``start``: the
        position before ``move``, a copy)."""
        from game.render.layout import layout

        if move.dest == HOME:
            return  # it is home already: its flight starts at once
        start.push(move, auto=False)
        kind = PileKind.COLUMN if move.dest < 8 else PileKind.CELL
        put = layout(start, *self.env.size, None, self.env.left_handed).pile(kind, move.dest % 8)
        now = self.env.anim_time
        for p in put[len(put) - move.count:]:
            self.flights.via(int(p.card), CardTransform(p.x, p.y, p.z, p.yaw, p.flip), now,
                             speeds.FLIGHT * self.env.speed, speeds.LIFT)

    def set_auto_level(self, level: str) -> bool:
        """Play on at automatic foundation level ``level`` ("off", "safe", "all"):
        the cards a stronger level sends home fly there now and join the last
        undo step; a hint shown for the old level is dropped. False when the
        level was already in force."""
        if self.session.auto_level == level:
            return False
        self.flights.land()
        before = self.layout_now()
        autos = self.session.set_auto_level(level)
        self.cancel_hint()
        self.hint_marks = []
        if autos:
            self.after_change(before, tuple(autos), speeds.FLIGHT, sound="home")
        return True

    def after_change(self, before: Layout, autos: tuple[Move, ...] = (), duration: float = speeds.FLIGHT,
                     sound: str = "place") -> None:
        self.selection = None
        self.hint_marks = []
        self.message = ""
        self.cancel_hint()
        # Automatic foundation cards follow the move, one after another.
        order: dict[Key, float] = {}
        for i, card in enumerate(self._auto_cards(autos)):
            order[card] = duration + speeds.AUTO_GAP * i
        self.animate(before, self.card_key, lambda k: k, order, duration)
        self.emit(Played(sound))  # a win or a dead end is said once its last card lands (settle)

    def _auto_cards(self, autos: tuple[Move, ...]) -> list[int]:
        """The cards the automatic moves sent home, in order (from the engine's record)."""
        return [int(c) for c in self.position.auto_cards()] if autos else []

    def activate(self, kind: PileKind, pile: int, index: int | None) -> None:
        src = self._source()
        if src is None:
            if index is None or kind == PileKind.FOUNDATION:
                return
            self.selection = (kind, pile, index)
            self.message = ""
            return
        if self.selection is not None and (kind, pile) == self.selection[:2]:
            # Enter on the selected card again: send it home if it can go. On a selected
            # run, the run panel opens on it: what a press and hold opens, with no hold.
            source, count = src
            head = self.selection[2]
            self.selection = None
            if count == 1:
                self.play(Move.of(source, HOME, 1))
            elif kind == PileKind.COLUMN:
                self.hold(pile, head)
            return
        source, count = src
        dest = self._place(kind, pile)
        self.play(Move.of(source, dest, count if dest < 8 else 1) if dest != HOME else Move.of(source, HOME, 1))

    def click(self, where: Pick | None, double: bool) -> None:
        # "One click sends home": a single click on a card that can go to its
        # foundation sends it there at once (with nothing else selected).
        if (self.env.one_click_home and not double and self.selection is None and where is not None
                and where.kind in (PileKind.COLUMN, PileKind.CELL) and where.index is not None
                and where.index == self.pile_size(where.kind, where.pile) - 1):
            home = Move.of(self._place(where.kind, where.pile), HOME, 1)
            if self.position.is_legal(home):
                self.play(home)
                return
        super().click(where, double)

    def hold(self, column: int, index: int) -> None:
        """Press and hold on a column: the run panel, head card chosen with up/down."""
        self.holding = (column, index)
        self.panel = self._hold_panel()

    def _hold_panel(self) -> Panel:
        column, index = self.holding
        col = self.position.columns[column]
        count = len(col) - index
        return Panel(ngettext("{count} card from {display}", "{count} cards from {display}", count).format(
                         count=count, display=col[index].display),
                     (_("Column {column}: up/down change the head card; Select confirms.").format(column=column + 1),),
                     (Button(_("Up: one more"), Command.HOLD_UP), Button(_("Down: one fewer"), Command.HOLD_DOWN),
                      Button(_("Select"), Command.HOLD_OK), Button(_("Close"), Command.CLOSE)))

    def hold_action(self, name: str) -> None:
        column, index = self.holding
        n = len(self.position.columns[column])
        if name == "hold-up":
            self.holding = (column, max(0, index - 1))
        elif name == "hold-down":
            self.holding = (column, min(n - 1, index + 1))
        elif name == "hold-ok":
            self.selection = (PileKind.COLUMN, column, index)
            self.panel = None
            return
        self.panel = self._hold_panel()

    def double_click(self, where: Pick) -> None:
        if where.kind not in (PileKind.COLUMN, PileKind.CELL) or where.index is None:
            return
        src = self._place(where.kind, where.pile)
        if where.kind == PileKind.COLUMN and where.index != len(self.position.columns[where.pile]) - 1:
            return
        home = Move.of(src, HOME, 1)
        if self.position.is_legal(home):
            self.play(home)
            return
        if where.kind == PileKind.COLUMN and None in self.position.cells:
            self.play(Move.of(src, 8 + self.position.cells.index(None), 1))
            return
        reason = self.position.why_illegal(home) or ""
        if where.kind == PileKind.COLUMN and reason:
            reason = _("{reason}, and every free cell is full").format(reason=reason)
        self.say(reason)

    def drop(self, source: tuple[PileKind, int, int], target: tuple[PileKind, int] | None) -> bool:
        self.last_marks = []  # letting go is an action: the last outline ends
        if target is None:
            return False
        kind, pile, index = source
        src = self._place(kind, pile)
        count = len(self.position.columns[pile]) - index if kind == PileKind.COLUMN else 1
        dkind, dpile = target
        dest = self._place(dkind, dpile)
        if dest == src:
            return False
        return self.play(Move.of(src, dest, count if dest < 8 else 1))

    def command(self, act: Act) -> None:
        if act is Act.UNDO:
            self.undo()
        elif act is Act.REDO:
            self.redo()
        elif act is Act.AUTOCOMPLETE:
            if self.cascade:
                self.cascade = False  # a second press stops at once
            elif self.position.can_autocomplete():
                self.cascade = True
                self.cascade_wait = 0.0
            else:
                self.say(_("Auto-complete needs every column in order"))
        elif act is Act.NEW_DEAL:
            self.emit(NewDealWanted())
        elif act is Act.HINT:
            self.ask_hint()
        elif act is Act.MOVE_LIST:
            self.panel = self.move_list()
        elif act is Act.TO_CELL:
            self.to_cell()

    def to_cell(self) -> None:
        """C (the pad's right trigger): the focused column's bottom card to the first
        empty free cell, in one press. A key acts where the focus ring is, never on a
        card the mouse picked (a selection is dropped, as any move drops it)."""
        kind, pile = self.focus_places()[self.focus_index]
        self.selection = None
        if kind != PileKind.COLUMN:
            self.say(_("Put the focus on a column to send its bottom card to a free cell"))
            return
        column = self.position.columns[pile]
        if not column:
            self.say(_("Column {column} is empty").format(column=pile + 1))
            return
        if None not in self.position.cells:
            self.say(_("Every free cell is full: {card} stays in column {column}").format(
                card=column[-1].display, column=pile + 1))
            return
        self.play(Move.of(pile, 8 + self.position.cells.index(None), 1))

    def new_deal(self, number: int) -> Table:
        """Deal ``number`` on this table, flown out (the controller has ended the
        game before); the keyboard focus stays where it was."""
        self.cancel_hint()
        self.flights.land()
        self.session = FreeCellSession(number, auto_foundation=self.env.auto_foundation, now=self.env.now)
        self.selection = None
        self.hint_marks = []
        self.last_marks = []
        self.cascade = False
        self.message = ""
        self._shown_from_now()
        self.fly_deal()
        return self

    def card_key(self, p: CardPlacement) -> Key:
        return int(p.card)

    def fly_deal(self) -> None:
        """A fresh deal flies out card by card, row by row, from a face-down pile
        above the middle of the table (any input lands it; instant speed skips it)."""
        factor = self.env.speed
        if factor <= 0:
            return
        lay = self.layout_now()
        top = max(s.y for s in lay.slots)
        now = self.env.anim_time
        ncols = len(self.position.columns)

        def order(p: CardPlacement) -> int:
            # Dealt as a dealer does, row by row; cards already home go last.
            return p.index * ncols + p.pile if p.kind is PileKind.COLUMN else 1000 + p.index

        for n, p in enumerate(sorted(lay.cards, key=order)):
            start = CardTransform(0.0, top, 0.02 + 0.002 * (52 - n), 0.0, math.pi)
            end = CardTransform(p.x, p.y, p.z, p.yaw, p.flip)
            self.flights.add(self.card_key(p), start, end, now + speeds.DEAL_CARD_GAP * n * factor,
                             speeds.FLIGHT * factor, speeds.LIFT)

    def before_undo(self) -> None:
        self.cascade = False
        self.cancel_hint()

    def redo(self) -> None:
        self.flights.land()
        self.before_undo()
        before = self.layout_now()
        step = self.session.redo()
        if step is None:
            self.say(_("Nothing to redo"))
            return
        self.after_change(before, step.automatic, speeds.FLIGHT,
                          sound="home" if step.move.dest == HOME or step.automatic else "place")

    def finish_cascade(self) -> None:
        """Skip the rest of an auto-complete cascade: every card goes home now, and lands."""
        while self.cascade:
            if not self.play(Move.of(0, HOME, 1), plain=True):
                self.cascade = False
        self.flights.land()

    def update(self, dt: float) -> None:
        if self._landing_hold and not self.flights.busy():
            self.cascade = False  # the last card is home: the table takes its own size
        self.follow_grades()
        self.poll_grades()
        self.poll_coach()
        self.poll_hint()
        if self.cascade:
            self.cascade_wait -= dt
            # At the instant speed the whole cascade lands in this step.
            while self.cascade and self.cascade_wait <= 0:
                if not self.play(Move.of(0, HOME, 1), plain=True):
                    # Every card is on its way home: the table keeps its size (the hold)
                    # until the last lands, so no card in the air grows a step.
                    self._cascade, self._landing_hold = False, True
                gap = speeds.AUTOCOMPLETE_GAP * self.env.speed
                self.cascade_wait = gap if gap > 0 else 0.0
                if gap > 0:
                    break

    def close(self) -> None:
        self.close_coach()
        if self.grader is not None:
            self.grader.close()
        self.close_hinting()
