"""The table controllers: what a click, a drag or an action means in each game.

They turn actions and gestures into calls on the session (which asks the
rules engine), keep the selection, focus, messages and panels, and start
card flights. No rule is decided here: a refusal is the engine's reason.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Callable

from game import speeds
from game.app.flights import Flights, Key, _transform
from game.freecell import HOME, IllegalMoveError, Move
from game.freecell.winnability import WinState
from game.input import Act, Action
from game.render.layout import CardTransform, Layout, PileKind, layout
from game.render.picking import Pick
from game.render.scene import Mark
from game.session import FreeCellSession, SpiderSession
from game.ui.overlay import Button, Panel

if TYPE_CHECKING:
    from game.app.window import App

__all__ = ["Table", "FreeCellTable", "SpiderTable"]


class Table:
    """What both games share: selection, focus, messages, flights, drawing state."""

    game = ""

    def __init__(self, app: "App") -> None:
        self.app = app
        self.flights = Flights()
        self.selection: tuple[str, int, int] | None = None  # kind, pile, index
        self.message = ""
        self.focus_index = 0
        self.focus_depth: int | None = None
        self.hint_marks: list[Mark] = []
        self.panel: Panel | None = None
        self._panel_for: tuple | None = None  # the position a panel was made for

    # --- what the renderer and the overlay read --------------------------------

    def buttons(self) -> tuple[Button, ...]:
        raise NotImplementedError

    def current_panel(self) -> Panel | None:
        """The panel to show: a win or a dead end is noticed when it happens."""
        key = (self.session.moves, self.position.move_stack[-1:] and str(self.position.move_stack[-1]))
        outcome = self.position.outcome()
        if outcome is not None and self._panel_for != key:
            self._panel_for = key
            self.panel = self.outcome_panel(outcome)
        return self.panel

    def outcome_panel(self, outcome: Any) -> Panel:
        raise NotImplementedError

    def restart(self) -> None:
        self.flights.land()
        self.session.restart()
        self.selection = None
        self.hint_marks = []
        self.panel = None
        self.say("the deal starts again")

    @property
    def position(self) -> Any:
        raise NotImplementedError

    def focus_places(self) -> list[tuple[str, int]]:
        raise NotImplementedError

    def layout_now(self, overrides: dict | None = None) -> Layout:
        w, h = self.app.size
        return layout(self.position, w, h, overrides)

    def marks(self) -> list[Mark]:
        out = list(self.hint_marks)
        if self.selection is not None:
            kind, pile, index = self.selection
            out.append(Mark(kind, pile, index, "selected"))
            out.extend(Mark(k, p, None, "target") for k, p in self.targets())
        return out

    def targets(self) -> list[tuple[str, int]]:
        """The places the selection may go (they glow green); the engine decides."""
        return []

    def focus_mark(self) -> Mark | None:
        if not self.app.keyboard_used:
            return None
        kind, pile = self.focus_places()[self.focus_index]
        return Mark(kind, pile, self.focus_depth if kind == "column" else None, "focus")

    def status(self) -> str:
        raise NotImplementedError

    # --- flights -------------------------------------------------------------------

    def animate(self, before: Layout, keys: Callable[[Any], Key], origin: Callable[[Key], Key],
                order: dict[Key, float], duration: float) -> None:
        """Fly every card whose place changed from ``before`` to the current layout."""
        factor = self.app.speed
        now = self.app.anim_time
        old = {keys(p): p for p in before.cards}
        after = self.layout_now()
        for p in after.cards:
            k = keys(p)
            src = old.get(origin(k))
            if src is None:
                continue
            moved = (src.kind, src.pile) != (p.kind, p.pile)
            if not moved and abs(src.x - p.x) < 1e-6 and abs(src.y - p.y) < 1e-6 and src.flip == p.flip:
                continue
            delay = order.get(k, 0.0) * factor
            self.flights.add(k, _transform(src), _transform(p), now + delay,
                             (duration if moved else speeds.GLIDE) * factor,
                             speeds.LIFT if moved else 0.0)

    def card_key(self, p: Any) -> Key:
        """How flights name a card: FreeCell's cards are unique, Spider's are not."""
        return p.key

    def celebrate(self) -> None:
        """A short celebration: the kings on top of their piles leap and spin, one after another."""
        lay = self.layout_now()
        kings = [p for p in lay.cards if not p.hidden and p.kind in (PileKind.FOUNDATION, PileKind.REMOVED)]
        now = self.app.anim_time
        for i, p in enumerate(kings):
            t = _transform(p)
            spun = CardTransform(t.x, t.y, t.z, t.yaw + 2 * math.pi, t.flip)
            self.flights.add(self.card_key(p), t, spun, now + 0.5 + 0.15 * i, 0.9 * max(self.app.speed, 0.4), 1.2)

    def undo(self) -> None:
        """Take back the last step; the cards fly back to where they were."""
        self.flights.land()
        self.before_undo()
        before = self.layout_now()
        if self.session.undo() is None:
            self.say("nothing to undo")
            return
        self.selection = None
        self.hint_marks = []
        self.animate(before, self.card_key, lambda k: k, {}, speeds.UNDO_FLIGHT)
        self.app.changed()

    def before_undo(self) -> None:
        """Stop what an undo makes stale (FreeCell: the cascade and the hint search)."""

    def overrides(self) -> dict[Key, CardTransform]:
        return self.flights.at(self.app.anim_time)

    def say(self, text: str) -> None:
        self.message = text

    # --- input ----------------------------------------------------------------------

    def action(self, action: Action) -> None:
        act = action.act
        places = self.focus_places()
        if act in (Act.FOCUS_LEFT, Act.FOCUS_PREV):
            self.focus_index = (self.focus_index - 1) % len(places)
            self.focus_depth = None
        elif act in (Act.FOCUS_RIGHT, Act.FOCUS_NEXT):
            self.focus_index = (self.focus_index + 1) % len(places)
            self.focus_depth = None
        elif act in (Act.FOCUS_UP, Act.FOCUS_DOWN):
            self.move_depth(-1 if act is Act.FOCUS_UP else 1)
        elif act is Act.CANCEL:
            self.selection = None
            self.hint_marks = []
            self.panel = None
        elif act is Act.SELECT:
            kind, pile = places[self.focus_index]
            self.activate(kind, pile, self.focused_index(kind, pile))
        else:
            self.command(act)

    def focused_index(self, kind: str, pile: int) -> int | None:
        n = self.pile_size(kind, pile)
        if n == 0:
            return None
        if kind == "column" and self.focus_depth is not None:
            return max(0, min(n - 1, self.focus_depth))
        return n - 1

    def move_depth(self, delta: int) -> None:
        kind, pile = self.focus_places()[self.focus_index]
        if kind != "column":
            return
        n = self.pile_size(kind, pile)
        if n:
            cur = n - 1 if self.focus_depth is None else self.focus_depth
            self.focus_depth = max(self.first_movable(pile), min(n - 1, cur + delta))

    def first_movable(self, column: int) -> int:
        return 0

    def pile_size(self, kind: str, pile: int) -> int:
        raise NotImplementedError

    def activate(self, kind: str, pile: int, index: int | None) -> None:
        """Enter/Space/click: select, or place the selection, or send home."""
        raise NotImplementedError

    def command(self, act: Act) -> None:
        raise NotImplementedError

    def click(self, where: Pick | None, double: bool) -> None:
        if where is None:
            self.selection = None
            return
        if double and where.index is not None:
            self.double_click(where)
            return
        self.activate(where.kind, where.pile, where.index)

    def double_click(self, where: Pick) -> None:
        raise NotImplementedError

    def drop(self, source: tuple[str, int, int], target: tuple[str, int] | None) -> bool:
        """A dragged run let go over ``target``; True if a move was made."""
        raise NotImplementedError

    def update(self, dt: float) -> None:
        """Per fixed step: auto-complete cascades, hint results."""

    def close(self) -> None:
        pass


class FreeCellTable(Table):
    game = "freecell"

    def __init__(self, app: "App", number: int, session: FreeCellSession | None = None) -> None:
        super().__init__(app)
        self.session = session or FreeCellSession(number, auto_foundation=app.settings.auto_foundation,
                                                  now=app.clock_now)
        self.holding: tuple[int, int] = (0, 0)
        self.cascade = False
        self.cascade_wait = 0.0
        self.hints: Any = None
        self.hint_request = 0
        self.thinking = False
        from game.freecell.deals import is_known_unsolvable

        if is_known_unsolvable(number):
            self.say("This deal is known to be unsolvable")

    @property
    def position(self) -> Any:
        return self.session.position

    def focus_places(self) -> list[tuple[str, int]]:
        return ([("cell", i) for i in range(4)] + [("foundation", s) for s in range(4)]
                + [("column", i) for i in range(8)])

    def pile_size(self, kind: str, pile: int) -> int:
        pos = self.position
        if kind == "column":
            return len(pos.columns[pile])
        if kind == "cell":
            return 0 if pos.cells[pile] is None else 1
        return pos.foundations[pile]

    def status(self) -> str:
        from game.freecell.difficulty import difficulty

        s = self.session
        secs = int(s.clock.elapsed)
        rating = difficulty(s.number)
        parts = [f"Deal #{s.number}" + (f" ({rating.label})" if rating else ""),
                 f"{secs // 60}:{secs % 60:02d}", f"{s.moves} move{'s' * (s.moves != 1)}",
                 f"{self.position.capacity()} cards movable"]
        if self.thinking:
            parts.append("Hint: thinking...")
        win = self.app.winnability
        if win is not None and win.label:
            parts.append(win.label)
        if self.app.demo is not None:
            parts.append(self.app.demo_status())
        if self.position.can_autocomplete():
            parts.append("F: auto-complete")
        return "   ".join(parts)

    def targets(self) -> list[tuple[str, int]]:
        src = self._source()
        if src is None:
            return []
        source, count = src
        pos = self.position
        out: list[tuple[str, int]] = []
        for d in range(8):
            if d != source and pos.is_legal(Move.of(source, d, count)):
                out.append(("column", d))
        if count == 1:
            if source < 8 and None in pos.cells:
                out.append(("cell", pos.cells.index(None)))
            if pos.is_legal(Move.of(source, HOME, 1)):
                card = pos.columns[source][-1] if source < 8 else pos.cells[source - 8]
                out.append(("foundation", int(card) % 4))
        return out

    def buttons(self) -> tuple[Button, ...]:
        third = (Button("Auto-complete (F)", "autocomplete") if self.position.can_autocomplete()
                 else Button("New deal (N)", "new"))
        win = self.app.winnability
        if win is not None and win.state is WinState.LOST:
            third = Button("Rewind (R)", "rewind")
        return (Button("Undo (U)", "undo", self.session.moves > 0), Button("Hint (H)", "hint"),
                Button("Moves (L)", "moves"), third,
                Button("Restart", "restart", self.session.moves > 0), Button("Give up", "giveup"),
                Button("Menu", "menu"))

    def move_list(self) -> Panel:
        """Every legal move as a button, grouped: to foundation, to free cell, to tableau."""
        pos = self.position
        groups: dict[str, list[Button]] = {"to foundation": [], "to free cell": [], "to tableau": []}
        for m in pos.distinct_moves():
            head = pos.columns[m.source][-m.count] if m.source < 8 else pos.cells[m.source - 8]
            where = f"column {m.source + 1}" if m.source < 8 else f"cell {'abcd'[m.source - 8]}"
            if m.dest == HOME:
                group, to = "to foundation", "home"
            elif m.dest >= 8:
                group, to = "to free cell", "a free cell"
            else:
                group = "to tableau"
                target = pos.columns[m.dest]
                to = f"{target[-1]} (column {m.dest + 1})" if target else f"empty column {m.dest + 1}"
            what = f"{head}" + (f" and {m.count - 1} more" if m.count > 1 else "")
            groups[group].append(Button(f"{group.capitalize()}: {what} from {where} to {to}  [{m}]", f"play:{m}"))
        buttons = tuple(b for g in groups.values() for b in g) + (
            Button("Demo: the solver plays from here", "demo"),
            Button("Copy this game's moves", "export"), Button("Replay moves from the clipboard", "import"),
            Button("Close", "close"))
        return Panel(f"Moves: {pos.capacity()} cards movable", () if len(buttons) > 1 else ("No legal move.",),
                     buttons, vertical=True, focus=0)

    def outcome_panel(self, outcome: Any) -> Panel:
        s = self.session
        secs = int(s.clock.elapsed)
        if outcome.won:
            return Panel("You won!", (f"Deal #{s.number}", f"Time {secs // 60}:{secs % 60:02d}",
                                      f"Moves {s.moves}", "Cards home 52"),
                         (Button("New deal", "new"), Button("Replay", "restart"),
                          Button(f"Copy #{s.number}", "copy"), Button("Look at the board", "close")))
        return Panel("No legal move is left", ("Every cell is full and nothing can move.",),
                     (Button("Undo", "undo"), Button("Restart", "restart"), Button("New deal", "new")))

    @staticmethod
    def _place(kind: str, pile: int) -> int:
        return pile if kind == "column" else 8 + pile if kind == "cell" else HOME

    def _source(self) -> tuple[int, int] | None:
        if self.selection is None:
            return None
        kind, pile, index = self.selection
        if kind == "column":
            return pile, len(self.position.columns[pile]) - index
        if kind == "cell":
            return 8 + pile, 1
        return None

    def play(self, move: Move, *, plain: bool = False) -> bool:
        """Ask the engine; animate what happened; say why when it refused."""
        self.flights.land()
        before = self.layout_now()
        try:
            step = self.session.autocomplete_step() if plain else self.session.play(move)
        except IllegalMoveError as exc:
            self.say(str(exc).split(": ", 1)[-1])
            self.app.sound.play("refuse")
            return False
        if step is None:
            return False
        self.app.sound.play("home" if step.move.dest == HOME or step.automatic else "place")
        self.after_change(before, step.automatic, speeds.FLIGHT)
        return True

    def after_change(self, before: Layout, autos: tuple[Move, ...] = (), duration: float = speeds.FLIGHT) -> None:
        self.selection = None
        self.hint_marks = []
        self.message = ""
        self.cancel_hint()
        pos = self.position
        # Automatic foundation cards follow the move, one after another.
        order: dict[Key, float] = {}
        for i, card in enumerate(self._auto_cards(autos)):
            order[card] = duration + speeds.AUTO_GAP * i
        self.animate(before, self.card_key, lambda k: k, order, duration)
        if pos.outcome() is not None:
            self.say(str(pos.outcome()))
        self.app.changed()

    def _auto_cards(self, autos: tuple[Move, ...]) -> list[int]:
        """The cards the automatic moves sent home, in order (from the engine's record)."""
        return [int(c) for c in self.position.auto_cards()] if autos else []

    def activate(self, kind: str, pile: int, index: int | None) -> None:
        src = self._source()
        if src is None:
            if index is None or kind == "foundation":
                return
            self.selection = (kind, pile, index)
            self.message = ""
            return
        if self.selection is not None and (kind, pile) == self.selection[:2]:
            # Enter on the selected card again: send it home if it can go.
            source, count = src
            self.selection = None
            if count == 1:
                self.play(Move.of(source, HOME, 1))
            return
        source, count = src
        dest = self._place(kind, pile)
        self.play(Move.of(source, dest, count if dest < 8 else 1) if dest != HOME else Move.of(source, HOME, 1))

    def click(self, where: Pick | None, double: bool) -> None:
        # "One click sends home": a single click on a card that can go to its
        # foundation sends it there at once (with nothing else selected).
        if (self.app.settings.one_click_home and not double and self.selection is None and where is not None
                and where.kind in ("column", "cell") and where.index is not None
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
        return Panel(f"{count} card{'s' * (count > 1)} from {col[index]}",
                     (f"Column {column + 1}: up/down change the head card; Select confirms.",),
                     (Button("Up: one more", "hold-up"), Button("Down: one fewer", "hold-down"),
                      Button("Select", "hold-ok"), Button("Close", "close")))

    def hold_action(self, name: str) -> None:
        column, index = self.holding
        n = len(self.position.columns[column])
        if name == "hold-up":
            self.holding = (column, max(0, index - 1))
        elif name == "hold-down":
            self.holding = (column, min(n - 1, index + 1))
        elif name == "hold-ok":
            self.selection = ("column", column, index)
            self.panel = None
            return
        self.panel = self._hold_panel()

    def double_click(self, where: Pick) -> None:
        if where.kind not in ("column", "cell") or where.index is None:
            return
        src = self._place(where.kind, where.pile)
        if where.kind == "column" and where.index != len(self.position.columns[where.pile]) - 1:
            return
        home = Move.of(src, HOME, 1)
        if self.position.is_legal(home):
            self.play(home)
            return
        if where.kind == "column" and None in self.position.cells:
            self.play(Move.of(src, 8 + self.position.cells.index(None), 1))
            return
        self.say(self.position.check(home) or "")

    def drop(self, source: tuple[str, int, int], target: tuple[str, int] | None) -> bool:
        if target is None:
            return False
        kind, pile, index = source
        src = self._place(kind, pile)
        count = len(self.position.columns[pile]) - index if kind == "column" else 1
        dkind, dpile = target
        dest = self._place(dkind, dpile)
        if dest == src:
            return False
        return self.play(Move.of(src, dest, count if dest < 8 else 1))

    def command(self, act: Act) -> None:
        if act is Act.UNDO:
            self.undo()
        elif act is Act.AUTOCOMPLETE:
            if self.cascade:
                self.cascade = False  # a second press stops at once
            elif self.position.can_autocomplete():
                self.cascade = True
                self.cascade_wait = 0.0
            else:
                self.say("auto-complete needs every column in order")
        elif act is Act.NEW_DEAL:
            from game.textplay import random_deal

            self.new_deal(random_deal())
        elif act is Act.HINT:
            self.ask_hint()
        elif act is Act.MOVE_LIST:
            self.panel = self.move_list()

    def new_deal(self, number: int) -> None:
        self.cancel_hint()
        self.flights.land()
        self.app.abandon()
        self.session = FreeCellSession(number, auto_foundation=self.app.settings.auto_foundation,
                                       now=self.app.clock_now)
        self.selection = None
        self.hint_marks = []
        self.cascade = False
        self.message = ""

    def card_key(self, p: Any) -> Key:
        return int(p.card)

    def before_undo(self) -> None:
        self.cascade = False
        self.cancel_hint()

    # --- hints: the solver in its own process ------------------------------------

    def ask_hint(self) -> None:
        if self.hints is None:
            from game.freecell.hints import HintService

            self.hints = HintService()
        self.hint_request = self.hints.ask(self.position)
        self.thinking = True
        self.say("")

    def cancel_hint(self) -> None:
        if self.hints is not None and self.thinking:
            self.hints.cancel()
        self.thinking = False

    def _show_hint(self, hint: Any) -> None:
        from game.freecell.hints import HintKind

        self.thinking = False
        self.say("Hint: " + hint.text)
        self.hint_marks = []
        if hint.kind is HintKind.NO_WIN:
            self.panel = Panel("No winning line exists from here",
                               ("The solver examined every position reachable from here.",),
                               (Button("Undo", "undo"), Button("Hint again", "hint"),
                                Button("Restart", "restart"), Button("New deal", "new")))
            return
        if hint.move is None:
            return
        m = hint.move
        if m.source < 8:
            n = len(self.position.columns[m.source])
            self.hint_marks.append(Mark("column", m.source, n - m.count, "hint"))
        else:
            self.hint_marks.append(Mark("cell", m.source - 8, None, "hint"))
        if m.dest < 8:
            self.hint_marks.append(Mark("column", m.dest, None, "hint"))
        elif m.dest < HOME:
            self.hint_marks.append(Mark("cell", m.dest - 8, None, "hint"))

    def update(self, dt: float) -> None:
        if self.hints is not None and self.thinking:
            from game.freecell.hints import Hint

            for event in self.hints.poll():
                if isinstance(event, Hint) and event.request == self.hint_request:
                    self._show_hint(event)
        if self.cascade:
            self.cascade_wait -= dt
            if self.cascade_wait <= 0:
                if not self.play(Move.of(0, HOME, 1), plain=True):
                    self.cascade = False
                self.cascade_wait = speeds.AUTOCOMPLETE_GAP * self.app.speed

    def close(self) -> None:
        if self.hints is not None:
            self.hints.close()


class SpiderTable(Table):
    game = "spider"

    def __init__(self, app: "App", number: int, suits: int, session: SpiderSession | None = None) -> None:
        super().__init__(app)
        from game.spider import HintCycle

        self.session = session or SpiderSession(number, suits, now=app.clock_now)
        self.hint_cycle = HintCycle()

    @property
    def position(self) -> Any:
        return self.session.position

    def focus_places(self) -> list[tuple[str, int]]:
        return [("stock", 0)] + [("column", i) for i in range(10)]

    def pile_size(self, kind: str, pile: int) -> int:
        if kind == "column":
            return len(self.position.columns[pile])
        return self.position.stock_size if kind == "stock" else 0

    def first_movable(self, column: int) -> int:
        return self.position.face_down[column]

    def status(self) -> str:
        s = self.session
        secs = int(s.clock.elapsed)
        parts = [f"Spider, {s.suits} suit{'s' * (s.suits > 1)}, game #{s.number}",
                 f"{secs // 60}:{secs % 60:02d}", f"score {s.score}", f"{s.moves} move{'s' * (s.moves != 1)}",
                 f"{self.position.deals_left} deals left"]
        if self.app.demo is not None:
            parts.append(self.app.demo_status())
        return "   ".join(parts)

    def targets(self) -> list[tuple[str, int]]:
        if self.selection is None:
            return []
        _, src, _ = self.selection
        return [("column", d) for d in range(10) if d != src and self.position.fitting_move(src, d) is not None]

    def buttons(self) -> tuple[Button, ...]:
        return (Button("Undo (Z)", "undo", bool(self.position.move_stack)), Button("Hint (H)", "hint"),
                Button(f"Deal (D) {self.position.deals_left}", "deal", self.position.can_deal()),
                Button("New game", "new"), Button("Restart", "restart", bool(self.position.move_stack)),
                Button("Demo", "demo"), Button("Give up", "giveup"), Button("Menu", "menu"))

    def outcome_panel(self, outcome: Any) -> Panel:
        s = self.session
        secs = int(s.clock.elapsed)
        if outcome.won:
            return Panel("You won!", (f"Game #{s.number}, {s.suits} suit{'s' * (s.suits > 1)}",
                                      f"Time {secs // 60}:{secs % 60:02d}", f"Moves {s.moves}", f"Score {s.score}"),
                         (Button("New game", "new"), Button("Replay", "restart"),
                          Button(f"Copy #{s.number}", "copy"), Button("Look at the board", "close")))
        return Panel("No move is left", ("Nothing can move and no deal is possible.",),
                     (Button("Undo", "undo"), Button("Restart", "restart"), Button("New game", "new")))

    def _play(self, move: Any) -> bool:
        from game.spider import IllegalMoveError as SpiderIllegal

        self.flights.land()
        pos = self.position
        before = self.layout_now()
        old_len = [len(c) for c in pos.columns]
        stock_piles = pos.deals_left
        try:
            self.session.play(move)
        except SpiderIllegal as exc:
            self.say(str(exc).split(": ", 1)[-1])
            self.app.sound.play("refuse")
            return False
        self.app.sound.play("deal" if move.is_deal else "home" if pos.completed_sets(-1) else "place")
        self.selection = None
        self.hint_marks = []
        self.message = ""
        origin: dict[Key, Key] = {}
        order: dict[Key, float] = {}
        col = PileKind.COLUMN
        if move.is_deal:
            for j in range(10):
                new = (col, j, old_len[j])
                origin[new] = (PileKind.STOCK, stock_piles - 1, j)
                order[new] = speeds.DEAL_GAP * j
        else:
            for i in range(move.count):
                origin[(col, move.dest, old_len[move.dest] + i)] = (col, move.source, old_len[move.source] - move.count + i)
            if pos.completed_sets(-1):
                # The set flies off to its place: it was the last 13 cards of the
                # target column once the run had landed there (king first).
                k = len(pos.removed_suits) - 1
                base = old_len[move.dest] + move.count - 13
                for r in range(13):
                    j = base + 12 - r
                    if j >= old_len[move.dest]:
                        src = (col, move.source, old_len[move.source] - move.count + j - old_len[move.dest])
                    else:
                        src = (col, move.dest, j)
                    origin[(PileKind.REMOVED, k, r)] = src
                    order[(PileKind.REMOVED, k, r)] = speeds.FLIGHT + speeds.AUTO_GAP * (12 - r)
        self.animate(before, self.card_key, lambda k: origin.get(k, k), order, speeds.FLIGHT)
        if pos.outcome() is not None:
            self.say(str(pos.outcome()))
        self.app.changed()
        return True

    def activate(self, kind: str, pile: int, index: int | None) -> None:
        from game.spider import DEAL, Move as SpiderMove

        if kind == "stock":
            self.selection = None
            self._play(DEAL)
            return
        if kind != "column":
            return
        if self.selection is None:
            if index is None or not self.position.is_face_up(pile, index):
                return
            n = len(self.position.columns[pile])
            if n - index > self.position.run_length(pile):
                self.say("only a same-suit run moves together")
                return
            self.selection = ("column", pile, index)
            return
        _, src, start = self.selection
        if src == pile:
            self.selection = None
            return
        n = len(self.position.columns[src])
        move = SpiderMove.of(src, pile, n - start)
        if not self.position.is_legal(move):
            fit = self.position.fitting_move(src, pile)
            move = fit if fit is not None else move
        self._play(move)

    def double_click(self, where: Pick) -> None:
        if where.kind == "stock":
            self.activate("stock", 0, None)
        elif where.kind == "column" and where.index is not None:
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
            self.say("that card has nowhere to go")
        else:
            self._play(best)

    def drop(self, source: tuple[str, int, int], target: tuple[str, int] | None) -> bool:
        from game.spider import Move as SpiderMove

        if target is None or target[0] != "column" or source[0] != "column" or target[1] == source[1]:
            return False
        n = len(self.position.columns[source[1]])
        return self._play(SpiderMove.of(source[1], target[1], n - source[2]))

    def command(self, act: Act) -> None:
        from game.spider import DEAL, HintKind

        if act is Act.UNDO:
            self.undo()
        elif act is Act.DEAL:
            self._play(DEAL)
        elif act is Act.AUTO_MOVE:
            kind, pile = self.focus_places()[self.focus_index]
            if kind == "column":
                self.auto_move(pile, self.focused_index(kind, pile))
        elif act is Act.HINT:
            hint = self.hint_cycle.next(self.position)
            self.say("Hint: " + hint.text)
            self.hint_marks = []
            if hint.kind is HintKind.MOVE and hint.move is not None:
                n = len(self.position.columns[hint.source])
                self.hint_marks = [Mark("column", hint.source, n - hint.count, "selected"),
                                   Mark("column", hint.dest, None, "target")]
            elif hint.kind is HintKind.DEAL:
                self.hint_marks = [Mark("stock", 0, None, "target")]
        elif act is Act.NEW_DEAL:
            from game.spider import random_game_number

            self.app.abandon()
            self.session = SpiderSession(random_game_number(), self.session.suits, now=self.app.clock_now)
            self.flights.land()
            self.selection = None
