"""The game in a window: the loop, the table controllers, card flights.

::

    App("freecell", number=617).run()

The arrows point one way: pygame events become :class:`game.input.Action`
values or pointer gestures here; a table controller turns them into calls on
the session (which asks the rules engine); the renderer reads the session's
position, with card flights as view state on top. No rule is decided here:
every move goes to the engine, and a refusal comes back as its one-line
reason.

The loop is fixed-step (:class:`game.loop.FixedStep`) on an injected clock;
nothing is drawn when nothing changed; the game clock pauses while the
window is unfocused or minimised.
"""

from __future__ import annotations

import dataclasses
import math
import os
import time
from dataclasses import dataclass
from typing import Any, Callable

import moderngl
import pygame

from game import speeds
from game.freecell import HOME, IllegalMoveError, Move
from game.freecell.winnability import WinState
from game.input import Act, Action, translate_controller, translate_key
from game.loop import FixedStep
from game.render.layout import CardTransform, Layout, PileKind, layout
from game.render.picking import Pick, column_under, pick
from game.render.scene import Mark, Renderer, View
from game.session import FreeCellSession, SpiderSession
from game.ui.overlay import Button, Overlay, Panel

__all__ = ["App", "Flights", "FreeCellTable", "SpiderTable"]

Key = Any  # a card number (FreeCell) or a place key (kind, pile, index)


def _ease(u: float) -> float:
    return u * u * (3.0 - 2.0 * u)


@dataclass
class _Flight:
    start: CardTransform
    end: CardTransform
    t0: float
    duration: float
    lift: float


class Flights:
    """Cards on their way: the model has already changed; the view catches up.

    Each flight goes from where the card was to where it lands along a short
    arc with a lift; before its start time a card waits where it was (the
    automatic cards that follow a move go one after another).
    """

    def __init__(self) -> None:
        self.items: dict[Key, _Flight] = {}

    def add(self, key: Key, start: CardTransform, end: CardTransform, t0: float,
            duration: float, lift: float) -> None:
        if duration <= 0:
            self.items.pop(key, None)
            return
        self.items[key] = _Flight(start, end, t0, duration, lift)

    def at(self, now: float) -> dict[Key, CardTransform]:
        """Where every flying card is at ``now``; finished flights are dropped."""
        out: dict[Key, CardTransform] = {}
        for key in list(self.items):
            f = self.items[key]
            u = (now - f.t0) / f.duration
            if u >= 1.0:
                del self.items[key]
                continue
            u = _ease(max(0.0, u))
            s, e = f.start, f.end
            out[key] = CardTransform(
                s.x + (e.x - s.x) * u, s.y + (e.y - s.y) * u,
                s.z + (e.z - s.z) * u + f.lift * math.sin(math.pi * u),
                s.yaw + (e.yaw - s.yaw) * u, s.flip + (e.flip - s.flip) * u)
        return out

    def busy(self) -> bool:
        return bool(self.items)

    def land(self) -> None:
        """Finish every flight at once (input during a flight completes it first)."""
        self.items.clear()


def _transform(p: Any) -> CardTransform:
    return CardTransform(p.x, p.y, p.z, p.yaw, p.flip)


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
        return out

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


def _window_context() -> moderngl.Context:
    """The moderngl context of the window SDL just made current."""
    return moderngl.create_context()


class App:
    """One window, one table. ``step()`` runs one frame; ``run()`` loops until quit."""

    def __init__(self, game: str = "freecell", number: int | None = None, suits: int = 1,
                 size: tuple[int, int] = (1280, 720), *, now: Callable[[], float] = time.perf_counter,
                 fullscreen: bool = False, restore: bool = True,
                 data_folder: str | None = None) -> None:
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        pygame.init()
        self.now = now
        self.size = size
        flags = pygame.OPENGL | pygame.DOUBLEBUF | pygame.RESIZABLE
        pygame.display.set_caption("Solitaire")
        self.window = pygame.display.set_mode(size, flags)
        self.ctx = _window_context()
        self.size = pygame.display.get_window_size()
        self.ctx.viewport = (0, 0, *self.size)
        self.renderer = Renderer(self.ctx, self.size)
        self.overlay = Overlay(self.ctx, self.size)
        self.loop = FixedStep(now=now)
        self.anim_time = 0.0
        self.speed = 1.0  # the animation-speed setting replaces it below
        self.keyboard_used = False
        self.running = True
        self.focused = True
        self.controllers: dict[int, Any] = {}
        self.stick: dict[int, int] = {}
        self._press: tuple[float, float, Pick | None, float] | None = None
        self._drag: tuple[tuple[str, int, int], float, float] | None = None
        self._drag_pos = (0.0, 0.0)
        self._last_click: tuple[Any, float] | None = None
        self._button: str | None = None
        self.help_lines: list[str] = []
        self.help_page = 0
        #: Live winnability (FreeCell), the demo, and whether a demo touched this game.
        self.winnability: Any = None
        self.demo: Any = None
        self.demo_touched = False
        self.frames_drawn = 0
        from game.stats import Statistics
        from game.store import Store

        self.store = Store(data_folder) if data_folder is not None else Store()
        self.stats = Statistics.load(self.store)
        from game.ui.menu import Menu, Settings

        self.settings = Settings.from_dict(self.store.load("settings"))
        if fullscreen:
            self.settings.fullscreen = True
        self.menu = Menu(self.settings, self.stats)
        self._recorded = False
        self._saved_at = 0
        restored = self._restore() if number is None and restore else None
        if restored is not None:
            if isinstance(restored, SpiderSession):
                self.table: Table = SpiderTable(self, restored.number, restored.suits, restored)
            else:
                self.table = FreeCellTable(self, restored.number, restored)
        elif game == "spider":
            self.table = SpiderTable(self, number or 1, suits)
        else:
            from game.freecell.daily import daily_deal

            self.table = FreeCellTable(self, number or daily_deal())
        if self.store.warnings:
            self.table.say(self.store.warnings[-1])
        from game.sound import Sound

        self.sound = Sound(self.settings.volume)
        self.apply_settings()
        self.position_changed()
        pygame.key.start_text_input()
        self._init_controllers()

    def clock_now(self) -> float:
        return self.now()

    # --- the saved game and the statistics (SPEC §3) -------------------------------

    def _restore(self) -> FreeCellSession | SpiderSession | None:
        data = self.store.load("savegame")
        if not isinstance(data, dict):
            return None
        try:
            if data.get("game") == "spider":
                return SpiderSession.from_dict(data, now=self.clock_now)
            return FreeCellSession.from_dict(data, now=self.clock_now)
        except ValueError as exc:
            self.store.set_aside("savegame", str(exc))
            return None

    def _stats_key(self) -> str:
        from game.stats import game_key

        t = self.table
        return game_key("spider", t.session.suits) if t.game == "spider" else "freecell"

    def _daily(self) -> str | None:
        if self.table.game != "freecell":
            return None
        from game.freecell.daily import daily_deal, today_in_japan

        today = today_in_japan()
        return today.isoformat() if daily_deal(today) == self.table.session.number else None

    def position_changed(self) -> None:
        """The position changed (move, undo, restart, new deal): re-check winnability."""
        if self.winnability is not None and self.table.game == "freecell":
            self.winnability.position_changed(self.table.position)

    def changed(self) -> None:
        """After every move: record a win once; save the game every few moves."""
        self.position_changed()
        s = self.table.session
        if s.won and not self._recorded and self.demo_touched:
            self._recorded = True  # a game the demo played does not count
            self.table.celebrate()
        elif s.won and not self._recorded:
            self._recorded = True
            self.table.celebrate()
            self.sound.play("win")
            self.stats.record_win(self._stats_key(), s.clock.elapsed, s.moves, daily=self._daily())
            self._write_stats()
            self.store.delete("savegame")
        elif not s.won and abs(s.moves - self._saved_at) >= 5:
            self.save_game()

    def abandon(self) -> None:
        """A new game replaces one in progress: that one counts as played and lost."""
        s = self.table.session
        if not s.won and s.clock.started and not self.demo_touched:
            self.stats.record_loss(self._stats_key(), seconds=s.clock.elapsed, moves=s.moves,
                                   daily=self._daily())
            self._write_stats()
        self._recorded = False
        self._saved_at = 0
        self.demo_touched = False
        self.stop_demo()

    def _write_stats(self) -> None:
        try:
            self.stats.save(self.store)
        except OSError as exc:
            self.table.say(f"could not save the statistics ({exc.strerror or exc})")

    def save_game(self) -> None:
        s = self.table.session
        self._saved_at = s.moves
        try:
            if s.won:
                self.store.delete("savegame")
            else:
                self.store.save("savegame", s.to_dict())
        except OSError as exc:
            self.table.say(f"could not save the game ({exc.strerror or exc})")

    # --- window ------------------------------------------------------------------

    def _init_controllers(self) -> None:
        try:
            from pygame._sdl2 import controller

            controller.init()
            self._controller_mod = controller
        except Exception:  # pragma: no cover - SDL without game controller support
            self._controller_mod = None

    def resize(self, size: tuple[int, int]) -> None:
        # moderngl's default framebuffer keeps its creation size: set the viewport.
        self.size = (max(1, size[0]), max(1, size[1]))
        self.ctx.viewport = (0, 0, *self.size)
        self.renderer.resize(self.size)
        self.overlay.resize(self.size)

    # --- events ----------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        t = event.type
        table = self.table
        if t == pygame.QUIT:
            self.running = False
        elif t == pygame.WINDOWSIZECHANGED:
            self.resize(pygame.display.get_window_size())
        elif t == pygame.WINDOWFOCUSLOST:
            self.focused = False
            table.session.clock.pause("focus")
        elif t == pygame.WINDOWFOCUSGAINED:
            self.focused = True
            table.session.clock.resume("focus")
        elif t == pygame.WINDOWMINIMIZED:
            table.session.clock.pause("minimised")
        elif t in (pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            table.session.clock.resume("minimised")
            self.loop.reset()
        elif t == pygame.TEXTINPUT:
            if self.menu.is_open and self.menu.entry is not None:
                self.menu.type_text("".join(ch for ch in event.text if ch.isprintable()))
        elif t == pygame.KEYDOWN and self.menu.is_open and self.menu.entry is not None and event.key not in (
                pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            if event.key == pygame.K_BACKSPACE:
                self.menu.backspace()
            elif event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:
                # A deal identifier copied from the result panel pastes here.
                self.menu.type_text(self.clipboard_get().strip().lstrip("#"))
        elif t == pygame.KEYDOWN:
            action = translate_key(table.game, event.key, event.mod)
            if action is not None:
                self.keyboard_used = True
                self.act(action)
        elif t in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERAXISMOTION):
            action = translate_controller(event, self.stick)
            if action is not None:
                self.keyboard_used = True
                self.act(action)
        elif t == pygame.CONTROLLERDEVICEADDED and self._controller_mod is not None:
            try:
                self.controllers[event.device_index] = self._controller_mod.Controller(event.device_index)
            except Exception:
                pass  # not a game controller SDL knows
        elif t == pygame.CONTROLLERDEVICEREMOVED:
            for k, c in list(self.controllers.items()):
                if not c.attached():
                    del self.controllers[k]
        elif t == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.keyboard_used = False
            self.table.flights.land()
            if self.overlay.covers(event.pos):
                self._press = None
                self._button = self.overlay.hit(event.pos)
                return
            if self.table.panel is not None or self.menu.is_open:
                return  # a panel is up: the table waits for its answer
            where = self.pick(event.pos)
            self._press = (event.pos[0], event.pos[1], where, self.now())
        elif t == pygame.MOUSEMOTION:
            self._motion(event.pos)
        elif t == pygame.MOUSEBUTTONUP and event.button == 1:
            button, self._button = self._button, None
            if button is not None and self.overlay.hit(event.pos) == button:
                self.button(button)
                return
            self._release(event.pos)

    def button(self, name: str) -> None:
        """A control-bar, panel or menu button."""
        if self.menu.is_open and name in {b.action for b in self.menu.buttons()}:
            self.carry_out(self.menu.choose(name))
            return
        table = self.table
        if name == "close":
            table.panel = None
            return
        if name == "copy":
            self.copy_deal()
            return
        table.panel = None
        if name in ("help-prev", "help-next"):
            pages = max(1, (len(self.help_lines) + self.HELP_LINES - 1) // self.HELP_LINES)
            self.help_page = max(0, min(pages - 1, self.help_page + (1 if name == "help-next" else -1)))
            table.panel = self._help_panel()
            return
        if name == "help":
            self.open_help()
            return
        if name in ("rewind", "demo", "export", "import"):
            table.panel = None
            {"rewind": self.rewind, "demo": self.start_demo, "export": self.export,
             "import": self.import_moves}[name]()
            return
        if name.startswith("hold-") and isinstance(table, FreeCellTable):
            table.hold_action(name)
            return
        if name.startswith("play:") and isinstance(table, FreeCellTable):
            table.play(table.position.parse_move(name[5:]))
            return
        if name == "moves" and isinstance(table, FreeCellTable):
            table.panel = table.move_list()
            return
        if name == "restart":
            table.restart()
        elif name == "giveup":
            s = table.session
            if not s.won:
                self.stats.record_loss(self._stats_key(), give_up=True, seconds=s.clock.elapsed,
                                       moves=s.moves, daily=self._daily())
                self._write_stats()
                s.clock.reset()  # counted: the new deal must not count it again
            self.act(Action(Act.NEW_DEAL))
            table.say("given up: a new deal")
        elif name == "menu":
            self.menu.open()
        else:
            act = {"undo": Act.UNDO, "hint": Act.HINT, "new": Act.NEW_DEAL,
                   "autocomplete": Act.AUTOCOMPLETE, "deal": Act.DEAL}.get(name)
            if act is not None:
                self.act(Action(act))

    def apply_settings(self) -> None:
        """Every setting takes effect at once."""
        st = self.settings
        self.speed = speeds.SPEED_FACTORS[st.animation_speed]
        self.sound.set_volume(st.volume)
        self.renderer.set_four_colour(st.four_colour)
        self.renderer.set_table_colour(st.table_colour)
        self.renderer.set_card_back(st.card_back)
        if self.table.game == "freecell":
            self.table.session.position.auto_foundation = st.auto_foundation
        if st.live_winnability and self.winnability is None:
            from game.freecell.winnability import SolverChecker, Winnability

            self.winnability = Winnability(SolverChecker())
            self.position_changed()
        elif not st.live_winnability and self.winnability is not None:
            self.winnability.close()
            self.winnability = None
        if bool(pygame.display.get_surface().get_flags() & pygame.FULLSCREEN) != st.fullscreen:
            pygame.display.toggle_fullscreen()
            self.resize(pygame.display.get_window_size())

    def save_settings(self) -> None:
        try:
            self.store.save("settings", self.settings.to_dict())
        except OSError as exc:
            self.table.say(f"could not save the settings ({exc.strerror or exc})")

    def carry_out(self, request: Any) -> None:
        """What the menu asked for."""
        if request is None:
            return
        if request.kind == "help":
            self.open_help()
            return
        if request.kind == "setting":
            if request.setting == "clear-stats":
                self.stats.clear_all()
                self._write_stats()
                self.table.say("statistics cleared")
            else:
                self.apply_settings()
                self.save_settings()
            return
        if request.kind in ("freecell", "spider"):
            self.abandon()
            self.table.close()
            if request.kind == "spider":
                self.table = SpiderTable(self, request.number or 1, request.suits)
            else:
                self.table = FreeCellTable(self, request.number or 1)
            self.apply_settings()
            if request.setting:
                self.save_settings()  # e.g. the first Spider game has been given
            if request.notice:
                self.table.say(request.notice)

    def menu_action(self, action: Action) -> None:
        menu = self.menu
        act = action.act
        if act in (Act.FOCUS_UP, Act.FOCUS_LEFT, Act.FOCUS_PREV):
            menu.move_focus(-1)
        elif act in (Act.FOCUS_DOWN, Act.FOCUS_RIGHT, Act.FOCUS_NEXT):
            menu.move_focus(1)
        elif act is Act.SELECT:
            if menu.entry is not None:
                self.carry_out(menu.confirm_entry())
            else:
                self.carry_out(menu.press())
        elif act in (Act.CANCEL, Act.MENU):
            menu.back() if act is Act.CANCEL else menu.close()

    # --- beyond the peers: rewind, demo, export (issue 9) -----------------------------------

    def rewind(self) -> None:
        """Undo back to the latest position still winnable, naming the move that lost."""
        from game.freecell.winnability import rewind_target

        table = self.table
        win = self.winnability
        if table.game != "freecell" or win is None or win.state is not WinState.LOST:
            table.say("rewind needs a position proven lost (the indicator says so)")
            return
        target = rewind_target(table.position, known=win.verdicts, known_lost=True)
        if target is None:
            table.say("no winnable position was found in this game's history")
            return
        table.flights.land()
        before = table.layout_now()
        for _ in range(target.steps):
            table.session.undo()
        table.selection = None
        table.animate(before, table.card_key, lambda k: k, {}, speeds.UNDO_FLIGHT)
        table.say(target.message)
        self.position_changed()

    def start_demo(self) -> None:
        """The solver plays from here as card flights; Esc stops, leaving the player in control."""
        from game.playback import Playback, solve_line

        table = self.table
        line = None
        win = self.winnability
        if table.game == "freecell" and win is not None and win.state is WinState.WINNABLE and win.line:
            line = list(win.line)
        if line is None:
            line = solve_line(table.position, budget=150_000, time_limit=5.0)
        if not line:
            table.say("the solver found no line from here to show")
            return
        self.demo = Playback(table.session, line)
        self.demo_touched = True
        table.selection = None
        table.say("Demo" + (" (full-knowledge solver: it sees the face-down cards)" if self.demo.full_knowledge else ""))

    def demo_status(self) -> str:
        d = self.demo
        return (f"Demo{' (full knowledge)' if d.full_knowledge else ''} {d.index}/{len(d.line)}"
                + (" paused" if d.paused else "") + ": Enter pause, Left/Right step, Up/Down speed, Esc stop")

    def stop_demo(self) -> None:
        if self.demo is not None:
            self.demo.stop()
            self.demo = None
            self.position_changed()

    def demo_action(self, action: Action) -> bool:
        """Keys while the demo runs; True when the key was the demo's."""
        d = self.demo
        act = action.act
        before = self.table.layout_now()
        if act is Act.SELECT:
            d.paused = not d.paused
        elif act in (Act.FOCUS_RIGHT, Act.FOCUS_NEXT):
            d.step_forward()
        elif act in (Act.FOCUS_LEFT, Act.FOCUS_PREV):
            d.step_back()
        elif act is Act.FOCUS_UP:
            d.speed = d.speed / 1.5
        elif act is Act.FOCUS_DOWN:
            d.speed = d.speed * 1.5
        elif act is Act.CANCEL:
            self.stop_demo()
            self.table.say("demo stopped: your move")
            return True
        else:
            return False
        self.table.animate(before, self.table.card_key, lambda k: k, {}, speeds.FLIGHT)
        return True

    def export(self) -> None:
        """Copy the game's moves in standard notation (every card movement, fc-solve style)."""
        from game.freecell.export import export_moves

        if self.table.game != "freecell":
            self.table.say("move lists are FreeCell's")
            return
        text = export_moves(self.table.position)
        self.clipboard_put(text)
        self.table.say(f"{len(text.split())} moves copied to the clipboard")

    def import_moves(self) -> None:
        """Replay a pasted move list from the deal's start."""
        from game.freecell.export import replay

        text = self.clipboard_get()
        if not text or not text.strip():
            self.table.say("the clipboard holds no move list")
            return
        table = self.table
        try:
            pos = replay(table.session.number, text)
        except ValueError as exc:
            table.say(str(exc))
            return
        self.abandon()
        session = FreeCellSession(table.session.number, auto_foundation=False, now=self.clock_now)
        for move in pos.move_stack:
            session.push_plain(move)
        session.auto_foundation = self.settings.auto_foundation
        session.clock.start()
        self.table = FreeCellTable(self, session.number, session)
        self.table.say(f"replayed {len(pos.move_stack)} moves of deal #{session.number}")
        self.position_changed()

    def clipboard_put(self, text: str) -> None:
        try:
            pygame.scrap.put_text(text)
        except Exception:
            self._clipboard = text  # no system clipboard here: keep it in the game
        else:
            self._clipboard = text

    def clipboard_get(self) -> str:
        try:
            text = pygame.scrap.get_text()
            if text:
                return text
        except Exception:
            pass
        return getattr(self, "_clipboard", "")

    #: Lines of the how-to page shown at once.
    HELP_LINES = 18

    def open_help(self, for_message: bool = False) -> None:
        """How to play (F1, or the menu): the page, or the part that explains
        the last refusal when there is one on the message line."""
        from game.howto import as_text, section_for_refusal

        game = self.table.game
        anchor = None
        if for_message and self.table.message and not self.table.message.startswith("Hint"):
            game, anchor = section_for_refusal(game, self.table.message)
        text = as_text(game, width=72, anchor=anchor)
        self.help_lines = text.splitlines()
        self.help_page = 0
        self.menu.close()
        self.table.panel = self._help_panel()

    def _help_panel(self) -> Panel:
        n = self.HELP_LINES
        pages = max(1, (len(self.help_lines) + n - 1) // n)
        lines = tuple(self.help_lines[self.help_page * n:(self.help_page + 1) * n])
        return Panel(f"How to play ({self.help_page + 1}/{pages})", lines,
                     (Button("Previous page", "help-prev"), Button("Next page", "help-next"), Button("Close", "close")),
                     focus=1)

    def copy_deal(self) -> None:
        """Put the deal's number on the clipboard (it pastes into the number box)."""
        number = str(self.table.session.number)
        self.clipboard_put(number)
        self.table.say(f"#{number} copied to the clipboard")

    def act(self, action: Action) -> None:
        if action.act is Act.FULLSCREEN:
            pygame.display.toggle_fullscreen()
            self.resize(pygame.display.get_window_size())
            return
        if self.menu.is_open:
            self.menu_action(action)
            return
        if self.demo is not None and self.demo_action(action):
            return
        if action.act is Act.REWIND:
            self.rewind()
            return
        if action.act is Act.MENU:
            self.table.panel = None
            self.menu.open()
            return
        panel = self.table.panel
        if (panel is not None and isinstance(self.table, FreeCellTable) and panel.buttons
                and panel.buttons[0].action == "hold-up"):
            hold = {Act.FOCUS_UP: "hold-up", Act.FOCUS_DOWN: "hold-down", Act.SELECT: "hold-ok"}.get(action.act)
            if hold is not None:
                self.button(hold)
                return
            if action.act is Act.CANCEL:
                self.table.panel = None
                return
        if panel is not None and panel.buttons:
            n = len(panel.buttons)
            act = action.act
            if act in (Act.FOCUS_UP, Act.FOCUS_LEFT, Act.FOCUS_PREV, Act.FOCUS_DOWN, Act.FOCUS_RIGHT, Act.FOCUS_NEXT):
                step = -1 if act in (Act.FOCUS_UP, Act.FOCUS_LEFT, Act.FOCUS_PREV) else 1
                self.table.panel = dataclasses.replace(panel, focus=(max(panel.focus, 0) + step) % n)
                return
            if act is Act.SELECT:
                self.button(panel.buttons[max(panel.focus, 0)].action)
                return
            if act is Act.CANCEL:
                self.table.panel = None
                return
        if action.act is Act.HELP:
            self.open_help(for_message=True)
            return
        self.table.flights.land()
        self.table.action(action)

    def pick(self, pos: tuple[int, int]) -> Pick | None:
        lay = self.table.layout_now()
        return pick(lay, self.renderer.camera_for(lay), pos[0], pos[1])

    def _motion(self, pos: tuple[int, int]) -> None:
        if self._press is None:
            return
        x0, y0, where, _ = self._press
        if self._drag is None:
            if where is None or where.index is None or math.hypot(pos[0] - x0, pos[1] - y0) < speeds.DRAG_START_PX:
                return
            if where.kind not in ("column", "cell"):
                return
            if self.table.game == "spider" and not self.table.position.is_face_up(where.pile, where.index):
                return
            lay = self.table.layout_now()
            cam = self.renderer.camera_for(lay)
            gx, gy = cam.table_point(x0, y0, 0.0)
            self._drag = ((where.kind, where.pile, where.index), gx, gy)
        self._drag_pos = pos

    def drag_overrides(self) -> dict[Key, CardTransform]:
        if self._drag is None:
            return {}
        (kind, pile, index), gx, gy = self._drag
        lay = self.table.layout_now()
        cam = self.renderer.camera_for(lay)
        x, y = cam.table_point(self._drag_pos[0], self._drag_pos[1], 0.0)
        out: dict[Key, CardTransform] = {}
        for p in lay.pile(PileKind(kind), pile):
            if p.index >= index:
                out[p.key] = CardTransform(p.x + x - gx, p.y + y - gy, p.z + 0.3, p.yaw, p.flip)
        return out

    def _release(self, pos: tuple[int, int]) -> None:
        press, self._press = self._press, None
        drag, self._drag = self._drag, None
        if press is None:
            return
        table = self.table
        if drag is not None:
            lay = table.layout_now()
            cam = self.renderer.camera_for(lay)
            target: tuple[str, int] | None = None
            col = column_under(lay, cam, pos[0], pos[1])
            if col is not None:
                target = ("column", col)
            else:
                hit = pick(lay, cam, pos[0], pos[1])
                if hit is not None and hit.kind in ("cell", "foundation", "column"):
                    target = (hit.kind, hit.pile)
            moved = table.drop(drag[0], target)
            if not moved:
                # Fly the run back from where it was let go.
                held = self.drag_from(drag, pos)
                now = self.anim_time
                for p in lay.pile(PileKind(drag[0][0]), drag[0][1]):
                    if p.index >= drag[0][2] and p.key in held:
                        table.flights.add(table.card_key(p), held[p.key],
                                          CardTransform(p.x, p.y, p.z, p.yaw, p.flip), now,
                                          speeds.RETURN_FLIGHT * self.speed, 0.0)
            return
        where = press[2]
        now = self.now()
        double = (self._last_click is not None and where is not None and self._last_click[0] == (where.kind, where.pile, where.index)
                  and now - self._last_click[1] <= speeds.DOUBLE_CLICK)
        self._last_click = None if double else (((where.kind, where.pile, where.index) if where else None), now)
        table.click(where, double)

    def drag_from(self, drag: tuple[tuple[str, int, int], float, float], pos: tuple[int, int]) -> dict[Key, CardTransform]:
        saved = self._drag, self._drag_pos
        self._drag, self._drag_pos = drag, pos
        try:
            return self.drag_overrides()
        finally:
            self._drag, self._drag_pos = saved

    # --- the frame ---------------------------------------------------------------------

    def _update(self, dt: float) -> None:
        self.anim_time += dt
        self.table.update(dt)
        if self.winnability is not None:
            self.winnability.poll()
        if self.demo is not None:
            before = self.table.layout_now()
            played = self.demo.update(dt)
            if played:
                self.table.animate(before, self.table.card_key, lambda k: k, {}, speeds.FLIGHT)
                self.changed()
            if self.demo.stopped or (self.demo.finished and not played and not self.table.flights.busy()):
                self.stop_demo()
        press = self._press
        if (press is not None and self._drag is None and isinstance(self.table, FreeCellTable)
                and press[2] is not None and press[2].kind == "column" and press[2].index is not None
                and self.now() - press[3] >= speeds.HOLD):
            self._press = None  # the release will not count as a click
            self.table.hold(press[2].pile, press[2].index)

    def step(self) -> bool:
        """One frame: events, fixed-step updates, and a redraw if anything changed."""
        for event in pygame.event.get():
            self.handle(event)
        self.loop.tick(self._update)
        overrides = {**self.table.overrides(), **self.drag_overrides()}
        lay = self.table.layout_now(overrides)
        view = View(lay, marks=self.table.marks(), focus=self.table.focus_mark(),
                    time=self.anim_time if any(m.style == "hint" for m in self.table.marks()) else 0.0)
        panel = self.menu.panel() if self.menu.is_open else self.table.current_panel()
        text_changed = self.overlay.update(self.table.status(), self.table.message, self.table.buttons(), panel)
        drew = self.renderer.render(view, force=text_changed)
        if drew:
            self.overlay.draw()
            pygame.display.flip()
            self.frames_drawn += 1
        return drew

    def run(self) -> int:
        try:
            while self.running:
                drew = self.step()
                if not drew:
                    # Nothing moved: sleep instead of spinning (idle CPU near zero).
                    pygame.time.wait(8 if self.table.flights.busy() or self._drag else 30)
        finally:
            self.close()
        return 0

    def close(self) -> None:
        """Save the game, stop the hint process, free the GL objects, close the window."""
        self.save_game()
        self.stop_demo()
        if self.winnability is not None:
            self.winnability.close()
        self.table.close()
        self.sound.close()
        self.overlay.release()
        self.renderer.release()
        self.ctx.release()
        pygame.quit()
