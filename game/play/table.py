"""What the two games' table controllers share: a click, a drag or an action
turned into calls on the session, the selection, focus, messages and panels,
and the card flights that show each change.

No rule is decided here: a refusal is the rules engine's reason. The
FreeCell and Spider controllers (``freecell_table``, ``spider_table``)
fill in what differs.

A table never calls the layer above it. It reads what it needs from a
:class:`TableEnv` (window size, animation speed and time, a few settings)
that the controller keeps current, and reports what happened as events
(:class:`Played`, :class:`Refused`, :class:`Undone`, :class:`NewDealWanted`)
that the controller drains after each call::

    table.action(Action(Act.UNDO))
    for event in table.take_events():
        ...   # statistics, save, live check, sound
"""

from __future__ import annotations

import math
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from game import speeds
from game.freecell.moves import Move
from game.freecell.position import Position
from game.i18n import _, pgettext
from game.i18n.lines import as_sentence
from game.input.actions import Act, Action
from game.places import PileKind
from game.play.flights import Flights, Key, transform_of
from game.play.panels import Button, Command, Panel
from game.render import theme
from game.render.layout import CardPlacement, CardTransform, Hold, Layout, Override, layout
from game.render.marks import Mark, last_move_marks
from game.render.picking import Pick
from game.rules import Outcome
from game.session import FreeCellSession, SpiderSession
from game.spider.moves import Move as SpiderMove
from game.spider.position import Position as SpiderPosition

if TYPE_CHECKING:  # the workers start with the first request
    from game.solver import SolverService

__all__ = ["Figures", "GameMove", "GamePosition", "NewDealWanted", "Played", "Refused", "Table", "TableEnv",
           "TableEvent", "TableWanted", "Undone"]

#: The position a table shows, of either game.
GamePosition = Position | SpiderPosition
#: A move of either game (Spider's deal among them).
GameMove = Move | SpiderMove


class Figures(Protocol):
    """What the status line and the control bar read of a table, in either game
    (:meth:`Table.figures`: each game's own value adds its own)."""

    @property
    def moves(self) -> int: ...

    @property
    def won(self) -> bool: ...


@dataclass
class TableEnv:
    """What a table reads from around it; the controller keeps it current."""

    size: tuple[int, int] = (1280, 720)
    #: The animation-speed factor (0 = instant).
    speed: float = 1.0
    #: Reduced motion: cards step instead of flying, and the win is not celebrated (game.play.flights).
    reduced_motion: bool = False
    #: Seconds of animation time: flights are scheduled on it.
    anim_time: float = 0.0
    #: The keyboard or gamepad was used last (the focus ring shows).
    keyboard_used: bool = False
    auto_foundation: bool | str = True  # FreeCell: a level "off" / "safe" / "all" (True: "safe")
    one_click_home: bool = False
    #: The last move's cards keep a soft outline until the next action.
    last_move: bool = True
    #: The left-handed table: the top row (and the control bar) mirrored.
    left_handed: bool = False
    #: Click to pick up and drop: a click that selects cards lifts them instead (:meth:`Table.click`).
    click_to_move: bool = False
    now: Callable[[], float] = field(default=time.monotonic)
    #: FreeCell: mark each target of the selection keeps the win / loses it (a setting).
    move_grades: bool = False
    #: The game's shared solver worker, by game name (None: a table on its own starts its own).
    solver: Callable[[str], SolverService] | None = None
    #: FreeCell's yardstick worker, by game name (None: a table on its own starts its own).
    yardstick: Callable[[str], SolverService] | None = None
    #: The worker Spider's hint thinks ahead in, by game name (None: it waits for H).
    ponder: Callable[[str], SolverService] | None = None


@dataclass(frozen=True)
class Played:
    """A move was made (the position changed); ``sound`` names its sound."""

    sound: str = "place"


@dataclass(frozen=True)
class Refused:
    """The engine refused a move; ``reason`` is its one line."""

    reason: str


@dataclass(frozen=True)
class Undone:
    """A step was taken back."""


@dataclass(frozen=True)
class NewDealWanted:
    """The player asked for a new deal (N, or a panel's New deal button)."""


@dataclass(frozen=True)
class TableWanted:
    """The table asks to be replaced by ``table`` (the review's "Try again from
    here"), then ``message`` said; the game on the table is abandoned as by a new deal."""

    table: Table
    message: str


@dataclass(frozen=True)
class Helped:
    """The player took help that ends the game's counting (Spider's review knowing every
    card, opened on a game in play): a challenge played on the table is spoiled too."""


TableEvent = Played | Refused | Undone | NewDealWanted | TableWanted | Helped

_FOCUS_MOVES = frozenset({Act.FOCUS_LEFT, Act.FOCUS_PREV, Act.FOCUS_RIGHT, Act.FOCUS_NEXT,
                          Act.FOCUS_UP, Act.FOCUS_DOWN})


class Table(ABC):
    """What both games share: selection, focus, messages, flights, drawing state."""

    game = ""
    #: The game on the table (each game's table sets its own kind).
    session: FreeCellSession | SpiderSession

    def __init__(self, env: TableEnv) -> None:
        self.env = env
        self.events: list[TableEvent] = []
        self.flights = Flights(reduced=lambda: self.env.reduced_motion)
        self.selection: tuple[PileKind, int, int] | None = None  # kind, pile, index
        self.message = ""
        self.message_at = 0.0
        self.focus_index = 0
        self.focus_depth: int | None = None
        self.hint_marks: list[Mark] = []
        #: The cards the last change moved, where they landed (``last`` marks; see :meth:`animate`).
        self.last_marks: list[Mark] = []
        self.panel: Panel | None = None
        self._panel_for: tuple[object, ...] | None = None  # the position a panel was made for (compared only)
        #: Lines the result panel adds once the game is won (a challenge met or missed).
        self.result_notes: tuple[str, ...] = ()
        #: The result panel's moves line in place of "Moves N" ("31 moves \u2014 par 26"; "": the plain one).
        self.moves_text = ""
        #: Par's line and its level once par is known (the round sets it; the review measures against it):
        #: FreeCell's only (:meth:`game.play.par.Par.found_for`).
        self.par_found: tuple[str, tuple[Move, ...]] | None = None
        #: The run the pointer drags: (source (kind, pile, index), offset on the table plane).
        self.held: tuple[tuple[PileKind, int, int], tuple[float, float]] | None = None
        #: The place under the mouse, while no button is down (view state, as ``held``).
        self.hovered: tuple[PileKind, int] | None = None
        #: The win was recorded: its celebration starts once the last card has landed.
        self._celebration_due = False
        #: The win has shown (its last card landed; the celebration began, where there is one).
        self.win_shown = False
        self._said_for: tuple[object, ...] | None = None  # the position whose outcome the message line said
        #: What the status line and the bar show while cards fly: the figures of the
        #: last step whose cards have all landed (``_shown_base`` before any of
        #: ``_shown_steps``, each (landing time, the flights' skip count then,
        #: figures after that step)). A table sets the base once it has a session.
        self._shown_base: Figures | None = None
        self._shown_steps: list[tuple[float, int, Figures]] = []
        #: Each column's fan steps at most these (None: as wide as they fit): held while
        #: cards only leave the columns (an auto-complete cascade), so the cards left
        #: behind stay still instead of sliding wider at every departure.
        self.spread_hold: Hold | None = None

    # --- what the controller asks of each game (no branch on its name above) ----

    #: What the table's own buttons call one game: FreeCell deals, Spider games.
    noun = "game"
    #: The menu's suit choice names the suit count of the game on this table.
    has_suit_choice = False

    @property
    def suits(self) -> int:
        """The suit count of the game on the table (FreeCell: 1)."""
        return 1

    def stats_key(self) -> str:
        """The statistics bucket every game on this table counts in."""
        return self.game

    def level_key(self) -> str | None:
        """A second statistics bucket (FreeCell: the deal's difficulty), or None."""
        return None

    def daily(self) -> str | None:
        """The date (ISO) when the deal on the table is that day's daily deal, else None."""
        return None

    @property
    def proven_unsolvable(self) -> bool:
        """The deal is on the shipped proof list: no position of it is winnable."""
        return False

    def proven_winnable(self, found: frozenset[tuple[int, int]] = frozenset()) -> bool:
        """The project's solver proved the deal winnable (its list or table; ``found``:
        the (game, suits) pairs this session's background search proved)."""
        from game.play.dealer import proven_winnable

        return proven_winnable(self.game, self.session.number, self.suits, found)

    @property
    def live_check_applies(self) -> bool:
        """Whether the live winnability check (and Rewind) speak for this game."""
        return False

    def learn_line(self, position: GamePosition, line: Sequence[GameMove]) -> None:
        """The live check proved ``line`` wins from ``position`` (FreeCell's grades use it)."""

    def draggable(self, where: Pick) -> bool:
        """May a drag start on ``where``?"""
        return True

    def holdable(self, where: Pick) -> bool:
        """Does press-and-hold on ``where`` open a panel of this table's own?"""
        return False

    def hold(self, column: int, index: int) -> None:
        """Press and hold on a column card (see :meth:`holdable`)."""

    def own_button(self, name: str) -> bool:
        """A button only this game has (FreeCell's move list, run panel); True when handled."""
        return False

    def give_up_extras(self) -> tuple[Button, ...]:
        """Buttons the give-up question adds for this game (FreeCell: Review)."""
        return ()

    def own_panel_key(self, act: Act) -> bool:
        """A key for a panel only this game has; True when it was that panel's."""
        return False

    @property
    def cascading(self) -> bool:
        """An auto-complete cascade is playing (input skips it to the end)."""
        return False

    def finish_cascade(self) -> None:
        """Play the rest of a cascade at once."""

    def fly_deal(self) -> None:
        """Fly a fresh deal out (a game that deals face down from its stock shows it as dealt)."""

    @abstractmethod
    def new_deal(self, number: int) -> Table:
        """The table for deal ``number`` of this game (the controller has ended the game before)."""

    def with_suits(self, suits: int) -> tuple[Table, str, str] | None:
        """The same game again at ``suits`` (a new suit choice restarts it, SPEC 2.2), the
        question to ask and what to say once done; None when the suit choice does not touch this game."""
        return None

    def set_auto_level(self, level: str) -> bool:
        """Play on at automatic foundation level ``level``; True when that changed anything."""
        return False

    def export_moves(self) -> str | None:
        """The game's moves in standard notation, or None when this game has no move list."""
        return None

    def replayed(self, text: str, level: str) -> tuple[Table, int]:
        """A table with the pasted move list ``text`` replayed from the deal's start
        (at automatic foundation level ``level``) and how many moves it played, counted as
        the status line counts them (automatic foundation moves none);
        ValueError, with the line to say, when it does not replay."""
        raise ValueError(_("Only FreeCell replays a move list"))

    def rewind(self, steps: int) -> None:
        """Take back ``steps`` steps at once (Rewind's answer); the cards fly back."""
        self.held = None
        self.flights.land()
        before = self.layout_now()
        for _step in range(steps):
            self.session.undo()
        # The steps Rewind took back were lost ones: nothing to redo into them.
        self.session.redo_list.clear()
        self.selection = None
        self.hint_marks = []
        self.animate(before, self.card_key, lambda k: k, {}, speeds.UNDO_FLIGHT)

    # --- what the renderer and the overlay read --------------------------------

    @abstractmethod
    def buttons(self, lost: bool = False) -> tuple[Button, ...]:
        """The control bar's buttons; ``lost``: the live check proved the game lost."""

    def demo_panel(self) -> Panel | None:
        """The choice of demos the Demo button offers (None: it starts the only one)."""
        return None

    def current_panel(self) -> Panel | None:
        """The panel to show (only reads: :meth:`settle` puts the result panel up)."""
        return self.panel

    def settle(self) -> None:
        """After each step and each input: the landed flights end, and a win or a
        dead end is noticed once its last card has landed (the view never
        shows the future): its message, then the win's celebration, then the
        result panel once the celebration is over too."""
        now = self.env.anim_time
        self.flights.advance(now)
        if self.flights.moving(now):
            return
        self._shown_base, self._shown_steps = self.figures(), []
        outcome = self.position.outcome()
        if outcome is None:
            self._celebration_due = False
            return
        key = (self.session.moves, self.position.move_stack[-1:] and str(self.position.move_stack[-1]))
        if self._said_for != key:
            self._said_for = key
            self.say(str(outcome))
        if self._celebration_due:
            self._celebration_due = False
            if outcome.won:
                self._start_celebration()
        if self._panel_for != key and not self.flights.busy():
            self._panel_for = key
            self.panel = self.outcome_panel(outcome)

    # --- the figures as shown (they follow the landings, not the rules' future) -------

    @abstractmethod
    def figures(self) -> Figures:
        """The figures the status line and the control bar read, as the rules have
        them now (each game its own value, with ``won`` among them)."""

    def as_shown(self) -> Figures:
        """:meth:`figures` as the table shows them at this moment: while a step's cards
        fly, those from before it; each step's own once its last card has landed
        (only reads)."""
        now = self.env.anim_time
        if not self.flights.moving(now) or self._shown_base is None:
            return self.figures()
        out = self._shown_base
        for landing, skips, figures in self._shown_steps:
            if landing > now and skips == self.flights.skips:
                break  # still on its way (a skip since has landed it)
            out = figures
        return out

    def _step_flown(self) -> None:
        """A change's flights are scheduled: its figures show when its last card lands."""
        landing = self.flights.last_landing()
        if landing <= self.env.anim_time:
            self._shown_base, self._shown_steps = self.figures(), []
        elif self._shown_base is not None:
            self._shown_steps.append((landing, self.flights.skips, self.figures()))

    def _shown_from_now(self) -> None:
        """A new game or a restart: what the table shows starts from the position as it is."""
        self._shown_base, self._shown_steps = self.figures(), []
        self._said_for = None
        self._celebration_due = False
        self.win_shown = False

    @abstractmethod
    def outcome_panel(self, outcome: Outcome) -> Panel:
        """The panel a finished game shows (``outcome.won``: won, or the game is lost)."""

    def outcome_buttons(self, won: bool, new: str) -> tuple[Button, ...]:
        """The buttons of the panel at a game's end, the same in every game; *new* is
        the game's own name for starting another ("New deal", "New game")."""
        if won:
            return (Button(new, Command.NEW), Button(pgettext("play the deal again", "Replay"), Command.RESTART),
                    Button(_("Review"), "review"),
                    Button(_("Copy #{number}").format(number=self.session.number), Command.COPY),
                    Button(_("Look at the board"), Command.CLOSE))
        return (Button(_("Undo"), Command.UNDO), Button(_("Restart"), Command.RESTART), Button(_("Review"), "review"),
                Button(new, Command.NEW))

    def restart(self) -> None:
        self.held = None
        self.flights.land()
        self.session.restart()
        self.selection = None
        self.hint_marks = []
        self.last_marks = []
        self.panel = None
        self._shown_from_now()
        self.say(_("The deal starts again"))

    @property
    @abstractmethod
    def position(self) -> GamePosition:
        """The position the table shows (the game's own, or the one a review panel looks at)."""

    @abstractmethod
    def focus_places(self) -> list[tuple[PileKind, int]]:
        """The piles the keyboard focus steps through, in the order the player sees them."""

    def layout_now(self, overrides: Override | None = None, size: tuple[int, int] | None = None) -> Layout:
        w, h = size or self.env.size
        return layout(self.position, w, h, overrides, self.env.left_handed, self.spread_hold)

    def hold_spread(self, on: bool) -> None:
        """Hold the columns' fans as they are (:attr:`spread_hold`), or let them open
        again: the cards left in the columns glide to their wider places."""
        if on:
            self.spread_hold = self.layout_now().hold()
            return
        if self.spread_hold is None:
            return
        before = self.layout_now()
        self.spread_hold = None
        after = {self.card_key(p): p for p in self.layout_now().cards}
        now, factor = self.env.anim_time, self.env.speed
        shown = self.flights.at(now)
        for p in before.cards:
            key = self.card_key(p)
            end = after.get(key)
            if end is None or key in shown or (abs(p.x - end.x) < 1e-6 and abs(p.y - end.y) < 1e-6):
                continue  # a card on its way keeps its flight (in a cascade each goes home, where no hold reaches)
            self.flights.add(key, transform_of(p), transform_of(end), now, speeds.GLIDE * factor, 0.0)

    def shown_layout(self, size: tuple[int, int] | None = None) -> Layout:
        """The table as drawn now: the cards in flight where they are, the held run under the pointer."""
        return self.layout_now({**self.overrides(), **self.held_transforms(size)}, size)

    # --- the pointer: a run held and let go -----------------------------------------

    def hold_run(self, source: tuple[PileKind, int, int] | None, offset: tuple[float, float] = (0.0, 0.0)) -> None:
        """The run from ``source`` (kind, pile, index) is dragged, ``offset`` from its
        place on the table plane (None: nothing is held)."""
        self.held = None if source is None else (source, offset)

    def held_transforms(self, size: tuple[int, int] | None = None) -> dict[Key, CardTransform]:
        """Where the held run is drawn: it follows the pointer, lifted over the table."""
        if self.held is None:
            return {}
        (kind, pile, index), (dx, dy) = self.held
        return {p.key: CardTransform(p.x + dx, p.y + dy, p.z + 0.3, p.yaw, p.flip)
                for p in self.layout_now(size=size).pile(PileKind(kind), pile) if p.index >= index}

    def let_go(self, target: tuple[PileKind, int] | None) -> bool:
        """The held run let go over ``target``: the move, or the run flies back
        from where it was let go. True if a move was made."""
        if self.held is None:
            return False
        source = self.held[0]
        kind, pile, index = source
        if index >= self.pile_size(PileKind(kind), pile):
            self.held = None  # the cards under it changed meanwhile: nothing is held any more
            return False
        held = self.held_transforms()
        # Where each held card rests in its pile: its flight would start there.
        rest = {transform_of(p): held[p.key] for p in self.layout_now().pile(PileKind(kind), pile) if p.key in held}
        self.held = None
        if self.drop(source, target):
            # The cards fly on from where they were let go, not from their old pile.
            self.flights.start_from(rest)
            return True
        lay = self.layout_now()
        now = self.env.anim_time
        for p in lay.pile(PileKind(kind), pile):
            if p.index >= index and p.key in held:
                self.flights.add(self.card_key(p), held[p.key], transform_of(p), now,
                                 speeds.RETURN_FLIGHT * self.env.speed, 0.0)
        return False

    def marks(self, held: tuple[PileKind, int, int] | None = None) -> list[Mark]:
        """Highlights: the hint, the selection and where it may go; with ``held``
        (a run being dragged), where that run may be dropped. The last move's
        outline goes first, so that any other highlight on a card wins."""
        out = list(self.last_marks) if self.env.last_move and held is None else []
        out.extend(self.hint_marks)
        if held is not None:
            out.extend(Mark(k, p, None, "target") for k, p in self.targets(held))
        elif self.selection is not None:
            kind, pile, index = self.selection
            out.append(Mark(kind, pile, index, "selected"))
            out.extend(Mark(k, p, None, "target") for k, p in self.targets())
        return out

    def targets(self, held: tuple[PileKind, int, int] | None = None) -> list[tuple[PileKind, int]]:
        """The places the selection (or ``held``, a dragged run) may go; the engine decides."""
        return []

    def focus_mark(self) -> Mark | None:
        if not self.env.keyboard_used:
            return None
        kind, pile = self.focus_places()[self.focus_index]
        return Mark(kind, pile, self.focus_depth if kind == PileKind.COLUMN else None, "focus")

    @abstractmethod
    def status(self, extra: tuple[str, ...] = ()) -> str:
        """The status line; ``extra`` (the live check, the demo) is said in it too."""

    def hover(self, find: Callable[[], tuple[PileKind, int] | None]) -> None:
        """The mouse moved with no button down; ``find()`` picks the place under it, asked
        only while a place can have a note (:meth:`tip`): picking builds a layout."""
        self.hovered = find() if self.notes_wanted else None

    @property
    def notes_wanted(self) -> bool:
        """A place may have a note now (FreeCell: targets are graded)."""
        return False

    def tip(self) -> tuple[PileKind, int, str] | None:
        """A note drawn at a place (the window puts it just above that place's top card):
        FreeCell's red target says why while the mouse or the keyboard is on it."""
        return None

    # --- flights -------------------------------------------------------------------

    def animate(self, before: Layout, keys: Callable[[CardPlacement], Key], origin: Callable[[Key], Key],
                order: dict[Key, float], duration: float) -> None:
        """Fly every card whose place changed from ``before`` to the current layout.

        The cards that came to a new pile (or to a place that held another
        card, or none) become the last move's outline, on the places they
        land on: the renderer draws marks on cards at rest only, so a card
        still flying (or waiting its turn) shows no outline until it lands.
        """
        factor = self.env.speed
        now = self.env.anim_time
        old = {keys(p): p for p in before.cards}
        after = self.layout_now()
        landed: list[tuple[PileKind, int, int]] = []
        for p in after.cards:
            k = keys(p)
            src = old.get(origin(k))
            if src is None or (src.kind, src.pile) != (p.kind, p.pile) or int(src.card) != int(p.card):
                landed.append((p.kind, p.pile, p.index))
            if src is None:
                continue
            moved = (src.kind, src.pile) != (p.kind, p.pile)
            if not moved and abs(src.x - p.x) < 1e-6 and abs(src.y - p.y) < 1e-6 and src.flip == p.flip:
                continue
            delay = order.get(k, 0.0) * factor
            self.flights.add(k, transform_of(src), transform_of(p), now + delay,
                             (duration if moved else speeds.GLIDE) * factor,
                             speeds.LIFT if moved else 0.0)

        self.last_marks = last_move_marks(landed)
        self._step_flown()

    def resized(self, old: tuple[int, int]) -> None:
        """The window changed from ``old`` to ``env.size`` (a resize, a rotation): each card
        on its way flies on from where it is, mapped onto the new table, to where it
        rests on the new one, in the time it had left (no card jumps on landing)."""
        before = self.layout_now(size=old)
        if self.spread_hold is not None:
            # A held spread is the old window's: the new one's fans are held as they fit it.
            self.spread_hold = None
            self.hold_spread(True)
        after = self.layout_now()
        (ox0, ox1, oy0, _), (nx0, nx1, ny0, _) = before.rect, after.rect
        kx, ky = (nx1 - nx0) / max(ox1 - ox0, 1e-9), ny0 / min(oy0, -1e-9)
        rest = {self.card_key(p): transform_of(p) for p in after.cards}
        now = self.env.anim_time
        shown = self.flights.at(now)
        for key, f in list(self.flights.items.items()):
            end = rest.get(key)
            if f.kind != "move" or end is None or now >= f.t0 + f.duration:
                continue
            here = shown.get(key, f.start)
            start = CardTransform(here.x * kx, here.y * ky, here.z, here.yaw, here.flip)
            t0 = max(now, f.t0)
            self.flights.add(key, start, end, t0, f.t0 + f.duration - t0, f.lift * (t0 == f.t0))

    def card_key(self, p: CardPlacement) -> Key:
        """How flights name a card: FreeCell's cards are unique, Spider's are not."""
        return p.key

    def celebrate(self) -> None:
        """The game is won: celebrate it once its last card has landed (:meth:`settle`
        starts it; a card still on its way keeps its flight)."""
        self._celebration_due = True

    @property
    def celebrating(self) -> bool:
        """The win's celebration has started and is still playing."""
        return bool(self.flights.celebrating(self.env.anim_time))

    def _start_celebration(self) -> None:
        """A short celebration: the kings on top of their piles leap and spin, one after another."""
        self.win_shown = True  # under reduced motion there is no leap (game.play.flights)
        lay = self.layout_now()
        kings = [p for p in lay.cards if not p.hidden and p.kind in (PileKind.FOUNDATION, PileKind.REMOVED)]
        now = self.env.anim_time
        left, right = lay.rect[0], lay.rect[1]
        # A spinning card reaches its half diagonal from its centre, and the lift
        # enlarges it in the perspective: a king nearer the side than that drifts in.
        reach = math.hypot(theme.CARD_W, theme.CARD_H) / 2 * speeds.CELEBRATE_GROWTH
        for i, p in enumerate(kings):
            t = transform_of(p)
            spun = CardTransform(t.x, t.y, t.z, t.yaw + 2 * math.pi, t.flip)
            inward = max(0.0, reach - (t.x - left)) - max(0.0, reach - (right - t.x))
            self.flights.add(self.card_key(p), t, spun, now + speeds.CELEBRATE_DELAY + speeds.CELEBRATE_GAP * i,
                             speeds.CELEBRATE_SPIN * max(self.env.speed, 0.4), speeds.CELEBRATE_LIFT,
                             kind="celebration", drift=(inward, -speeds.CELEBRATE_DIP))

    @property
    def undoable(self) -> bool:
        """Undo may be asked for: not once the game is won (its win is counted as its
        winning move is made, even while its last cards are still flying home)."""
        return not self.session.won

    def undo(self) -> None:
        """Take back the last step; the cards fly back to where they were."""
        if not self.undoable:
            self.say(_("The game is won: nothing to undo"))
            return
        self.flights.land()
        self.before_undo()
        before = self.layout_now()
        if self.session.undo() is None:
            self.say(_("Nothing to undo"))
            return
        self.selection = None
        self.hint_marks = []
        self.animate(before, self.card_key, lambda k: k, {}, speeds.UNDO_FLIGHT)
        self.emit(Undone())

    @abstractmethod
    def redo(self) -> None:
        """Play the last undone step again, as it was first played (with its
        automatic moves), the cards flying; "Nothing to redo" when there is none."""

    def before_undo(self) -> None:
        """Stop what an undo makes stale (FreeCell: the cascade and the hint search)."""

    def overrides(self) -> dict[Key, CardTransform]:
        return self.flights.at(self.env.anim_time)

    def say(self, text: str) -> None:
        """A one-line message; it clears on the next action or after ``speeds.MESSAGE_SECONDS``."""
        self.message = as_sentence(text)  # a refusal the terminal prints in lower case reads as a sentence here
        self.message_at = self.env.anim_time

    # --- what happened, for the controller --------------------------------------------

    def emit(self, event: TableEvent) -> None:
        self.events.append(event)

    def take_events(self) -> list[TableEvent]:
        """What happened since the last call, oldest first."""
        out, self.events = self.events, []
        return out

    # --- input ----------------------------------------------------------------------

    def put_back(self) -> None:
        """Cards picked up by a click (or dragged) go back where they came from: any
        other action first ends the carry, so that nothing moves under held cards."""
        if self.held is not None:
            self.let_go(None)

    def action(self, action: Action) -> None:
        act = action.act
        places = self.focus_places()
        if self.held is not None:
            self.put_back()
            if act is Act.CANCEL:
                return  # Esc put the carried cards back: that was all it was asked
        if act not in _FOCUS_MOVES:
            # Any action but moving the focus ends the last move's outline (a
            # move, an undo or a deal draws a new one); moving the focus is
            # only looking, and the player may be looking for that card.
            self.last_marks = []
        if act in (Act.FOCUS_LEFT, Act.FOCUS_PREV):
            self.focus_index = (self.focus_index - 1) % len(places)
            self.focus_depth = None
        elif act in (Act.FOCUS_RIGHT, Act.FOCUS_NEXT):
            self.focus_index = (self.focus_index + 1) % len(places)
            self.focus_depth = None
        elif act in (Act.FOCUS_UP, Act.FOCUS_DOWN):
            self.move_focus_vertically(-1 if act is Act.FOCUS_UP else 1)
        elif act is Act.CANCEL:
            self.selection = None
            self.hint_marks = []
            self.panel = None
        elif act is Act.SELECT:
            kind, pile = places[self.focus_index]
            self.activate(kind, pile, self.focused_index(kind, pile))
        else:
            self.command(act)

    def focused_index(self, kind: PileKind, pile: int) -> int | None:
        n = self.pile_size(kind, pile)
        if n == 0:
            return None
        if kind == PileKind.COLUMN and self.focus_depth is not None:
            return max(0, min(n - 1, self.focus_depth))
        return n - 1

    @abstractmethod
    def above(self, column: int) -> int:
        """The focus place (an index of :meth:`focus_places`) over ``column`` in the top row."""

    def move_focus_vertically(self, delta: int) -> None:
        """Up/Down: along a column's cards; past its first movable card, up to the
        top row; from the top row, down to the column below."""
        places = self.focus_places()
        kind, pile = places[self.focus_index]
        if kind != PileKind.COLUMN:
            if delta > 0:
                # Of the columns under this place, the one on the side it sits
                # (Spider's stock is over every column: the first, or on a
                # left-handed table the last).
                under = [i for i, p in enumerate(places) if p[0] == PileKind.COLUMN
                         and self.above(p[1]) == self.focus_index]
                self.focus_index, self.focus_depth = under[-1 if self.env.left_handed else 0], None
            return
        n = self.pile_size(kind, pile)
        cur = n - 1 if self.focus_depth is None else self.focus_depth
        if delta < 0 and (n == 0 or cur <= self.first_movable(pile)):
            self.focus_index, self.focus_depth = self.above(pile), None
            return
        self.move_depth(delta)

    def move_depth(self, delta: int) -> None:
        kind, pile = self.focus_places()[self.focus_index]
        if kind != PileKind.COLUMN:
            return
        n = self.pile_size(kind, pile)
        if n:
            cur = n - 1 if self.focus_depth is None else self.focus_depth
            self.focus_depth = max(self.first_movable(pile), min(n - 1, cur + delta))

    def first_movable(self, column: int) -> int:
        return 0

    @abstractmethod
    def pile_size(self, kind: PileKind, pile: int) -> int:
        """How many cards lie on a pile (a foundation: its height)."""

    @abstractmethod
    def activate(self, kind: PileKind, pile: int, index: int | None) -> None:
        """Enter/Space/click: select, or place the selection, or send home."""

    @abstractmethod
    def command(self, act: Act) -> None:
        """Do a game action that is not about one place (undo, redo, auto-complete, hint...)."""

    def click(self, where: Pick | None, double: bool) -> None:
        self.last_marks = []
        # The second click of a double click lands the cards its first one picked up.
        self.held = None
        if where is None:
            self.selection = None
            return
        if double and where.index is not None:
            self.double_click(where)
            return
        self.activate(where.kind, where.pile, where.index)
        if self.env.click_to_move and self.selection is not None and self.selection[0] in (
                PileKind.COLUMN, PileKind.CELL):
            # Click to pick up and drop: the cards the click chose are lifted; they follow
            # the pointer (the window moves them) until the next click puts them down.
            self.held, self.selection = (self.selection, (0.0, 0.0)), None

    @abstractmethod
    def double_click(self, where: Pick) -> None:
        """A double click on a card (send it home, where the game does that)."""

    @abstractmethod
    def drop(self, source: tuple[PileKind, int, int], target: tuple[PileKind, int] | None) -> bool:
        """A dragged run let go over ``target``; True if a move was made."""

    def update(self, dt: float) -> None:
        """Per fixed step: auto-complete cascades, hint results."""

    def think_ahead(self) -> None:
        """Per fixed step while no demo plays: background work for the hint (Spider's
        starts on each new table before H is pressed; the others have none here)."""

    def close(self) -> None:
        pass
