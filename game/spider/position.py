"""Spider positions: the rules of Windows Spider (SPEC §2.1) with exact undo and scoring.

A :class:`Position` is the ten columns (each with some face-down cards under
its face-up ones), the stock, the removed sets and the Windows score. It has
python-chess's shape: :meth:`~Position.legal_moves`, :meth:`~Position.is_legal`,
:meth:`~Position.push`, :meth:`~Position.pop`, ``move_stack``,
:meth:`~Position.copy`, :meth:`~Position.outcome`.

    >>> from game.spider.deals import deal
    >>> pos = deal(1, suits=4)
    >>> pos.score, pos.move_count, pos.deals_left, pos.removed
    (500, 0, 5, 0)
    >>> pos.push(DEAL)
    >>> pos.score, pos.deals_left
    (499, 4)
    >>> pos.pop()
    Move.parse('deal')
    >>> pos == deal(1, suits=4), pos.score
    (True, 498)

One push is one undo entry, automatic follow-ups included: the face-down
card it exposes turns up, and a complete K..A same-suit run it leaves at the
end of a column is removed (then the card under that run turns up too).
``pop()`` puts all of it back exactly.

Scoring (Windows, SPEC §2.2): start at 500; every move, deal and undo costs 1;
every completed set adds 100, whether a move or a deal completed it (a deal
can: an ace dealt onto K..2 of its suit). Undo never refunds its point, and
undoing an action that completed sets takes their 100s back. ``move_count`` counts
moves made minus moves undone, a deal being a move (as in Windows Spider: it
costs its point as a column move does); it is the count the player reads on
the status line, the result panel, the win's message and in the statistics.
A won game therefore scores 1,300 minus the moves made (deals included) and
the undos.

Text form: :meth:`Position.board` writes it and :meth:`Position.parse` reads
it back exactly; the text itself is :mod:`game.spider.board`'s.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from game import rules
from game.cards import CARDS, NAMES, RANK, SUIT, Card, Suit, run_name
from game.i18n import _, ngettext
from game.i18n.formats import grouped
from game.rules import Termination
from game.spider.board import PositionError, board_text, read_board_text
from game.spider.deck import deck_suits, missing_sets
from game.spider.moves import COLUMNS, DEAL, MOVE_TABLE, Move

__all__ = ["START_SCORE", "IllegalMoveError", "Outcome", "Position", "Termination"]

#: Score at the start of a game (Windows Spider).
START_SCORE = 500
#: Points for each completed (removed) set.
SET_BONUS = 100
#: Sets to remove to win.
SETS = 8
#: Cards dealt by one deal, and the most deals a game has.
DEAL_SIZE = COLUMNS
MAX_DEALS = 5

# The 13 cards of a complete set of each suit, K first: what undo puts back.
_SET_CARDS: tuple[tuple[Card, ...], ...] = tuple(
    tuple(CARDS[(rank - 1) * 4 + suit] for rank in range(13, 0, -1)) for suit in range(4)
)


class IllegalMoveError(rules.IllegalMoveError):
    """A well-formed move the rules refuse here; the message says why in one line."""


@dataclass(frozen=True)
class Outcome(rules.Outcome):
    """How a game ended (``Position.outcome()``); ``None`` there means play goes on.

    ``NO_MOVES``: no move at all and no deal.
    """

    score: int
    move_count: int

    def __str__(self) -> str:
        if self.won:
            return ngettext("Won with {score} points in {n} move.", "Won with {score} points in {n} moves.",
                            self.move_count).format(score=grouped(self.score), n=self.move_count)
        return _("No move and no deal is left: undo, or start a new game.")


class _MoveRecord(NamedTuple):
    """Undo record of a column move."""

    move: Move
    old_source_run: int
    old_dest_run: int
    #: A face-down card turned up in the source column.
    source_flipped: bool
    #: The suit of the set the move completed and removed from the destination, else -1.
    set_suit: int
    #: A face-down card turned up in the destination column under that set.
    dest_flipped: bool


class _SetEvent(NamedTuple):
    """A set a deal completed: its column, its suit, and whether a card turned up under it."""

    column: int
    suit: int
    flipped: bool


class _DealRecord(NamedTuple):
    """Undo record of a deal."""

    move: Move
    old_run: list[int]
    sets: tuple[_SetEvent, ...]


_new_record = tuple.__new__


def _run_end(col: list[Card], down: int) -> int:
    """Length of the same-suit descending run at the end of ``col``, face-up cards only."""
    i = len(col) - 1
    if i < down:
        return 0
    c = col[i]
    r = 1
    while i > down:
        p = col[i - 1]
        # Card numbers are (rank-1)*4 + suit: one rank higher in the same suit is +4.
        if p != c + 4:
            break
        r += 1
        c = p
        i -= 1
    return r


class Position:
    """A Spider position with its score, move counters and undo stack.

    Columns hold :class:`~game.cards.Card` values buried card first; the
    first ``face_down[i]`` cards of column ``i`` are face down. Change a
    position only with :meth:`push` and :meth:`pop`.
    """

    __slots__ = ("_cols", "_down", "_removed", "_run", "_stock", "_undo", "move_count", "move_stack", "score", "suits")

    _cols: list[list[Card]]
    _down: list[int]
    _run: list[int]
    _stock: list[Card]
    _removed: list[int]
    # One record per push: what pop() needs to put it back exactly.
    _undo: list[_MoveRecord | _DealRecord]
    #: The moves and deals pushed so far, oldest first (one per undo step).
    move_stack: list[Move]
    #: The Windows score (see the module docstring).
    score: int
    #: Column moves made minus column moves undone (deals are not moves).
    move_count: int
    #: The deck: 1, 2 or 4 suits (worked out from the cards).
    suits: int

    def __init__(
        self,
        columns: Sequence[Iterable[int]],
        face_down: Sequence[int],
        stock: Iterable[int] = (),
        removed: Iterable[int] = (),
        *,
        score: int = START_SCORE,
        move_count: int = 0,
    ) -> None:
        """Set up a position from data; raises :class:`~game.spider.board.PositionError` if it cannot occur.

        ``stock`` is in dealing order; ``removed`` lists the suit of each
        removed set. Together with the columns the cards must make exactly a
        1-, 2- or 4-suit deck of 104 cards.
        """
        cols = [[CARDS[c] for c in col] for col in columns]
        if len(cols) != COLUMNS:
            raise PositionError(_("{n} columns: Spider has {columns}").format(n=len(cols), columns=COLUMNS))
        down = [int(n) for n in face_down]
        if len(down) != COLUMNS:
            raise PositionError(_("{n} face-down counts for {columns} columns").format(n=len(down), columns=COLUMNS))
        for i, (col, n) in enumerate(zip(cols, down)):
            if n < 0 or (col and n >= len(col)) or (not col and n):
                raise PositionError(
                    _("column {column}: its last card must be face up ({n} face down of {cards})").format(
                        column=i + 1, n=n, cards=len(col)))
        stk = [CARDS[c] for c in stock]
        if len(stk) % DEAL_SIZE or len(stk) > DEAL_SIZE * MAX_DEALS:
            raise PositionError(_("a stock of {n} cards: it holds 0-50 cards, ten per deal").format(n=len(stk)))
        rem = [int(s) for s in removed]
        if len(rem) > SETS or any(not 0 <= s <= 3 for s in rem):
            raise PositionError(_("{n} removed sets: there are at most {sets}").format(n=len(rem), sets=SETS))
        self._cols = cols
        self._down = down
        self._run = [_run_end(col, n) for col, n in zip(cols, down)]
        for i, r in enumerate(self._run):
            if r >= 13:
                raise PositionError(
                    _("column {column} ends with a complete set, which is removed at once").format(column=i + 1))
        self._stock = stk
        self._removed = rem
        self._undo = []
        self.move_stack = []
        self.score = score
        self.move_count = move_count
        suits = deck_suits(cols, stk, rem)
        if suits is None:
            raise PositionError(_("the cards do not make a 1-, 2- or 4-suit Spider deck of 104 cards"))
        self.suits = suits

    # --- reading -------------------------------------------------------------

    @property
    def columns(self) -> tuple[tuple[Card, ...], ...]:
        """Every column's cards, buried first, face-down ones included (full knowledge)."""
        return tuple(tuple(col) for col in self._cols)

    def column(self, index: int) -> tuple[Card, ...]:
        """The cards of column ``index`` (0-based), buried first."""
        return tuple(self._cols[index])

    @property
    def face_down(self) -> tuple[int, ...]:
        """How many cards at the bottom of each column are face down."""
        return tuple(self._down)

    def face_up(self, index: int) -> tuple[Card, ...]:
        """The face-up cards of column ``index``: all a player sees of it.

        >>> from game.spider.deals import deal
        >>> pos = deal(1, suits=1)
        >>> len(pos.column(0)), pos.face_up(0) == pos.column(0)[-1:]
        (6, True)
        """
        return tuple(self._cols[index][self._down[index]:])

    def is_face_up(self, index: int, depth: int) -> bool:
        """Whether card ``depth`` (0 = buried) of column ``index`` is face up."""
        return self._down[index] <= depth < len(self._cols[index])

    def visible(self) -> tuple[tuple[tuple[int, tuple[Card, ...]], ...], int]:
        """All a player sees: per column (face-down count, face-up cards), and the stock size.

        Hint code that takes only this cannot peek at hidden cards (SPEC §2.3).

        >>> from game.spider.deals import deal
        >>> columns, stock = deal(1, suits=4).visible()
        >>> columns[0], stock
        ((5, (Card('2S'),)), 50)
        """
        return (
            tuple((n, tuple(col[n:])) for col, n in zip(self._cols, self._down)),
            len(self._stock),
        )

    def run_length(self, index: int) -> int:
        """Cards at the end of column ``index`` that move together (a same-suit run)."""
        return self._run[index]

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock in dealing order (full knowledge: a player sees only its size)."""
        return tuple(self._stock)

    @property
    def stock_size(self) -> int:
        return len(self._stock)

    @property
    def deals_left(self) -> int:
        return len(self._stock) // DEAL_SIZE

    @property
    def removed(self) -> int:
        """How many complete sets have been removed."""
        return len(self._removed)

    @property
    def removed_suits(self) -> tuple[Suit, ...]:
        """The suit of each removed set, in the order removed (read from text: by suit)."""
        return tuple(Suit(s) for s in self._removed)

    def cards_on_table(self) -> int:
        n = 0
        for col in self._cols:
            n += len(col)
        return n

    def empty_columns(self) -> list[int]:
        """The empty columns (0-based)."""
        return [i for i, col in enumerate(self._cols) if not col]

    def is_won(self) -> bool:
        return len(self._removed) == SETS

    def outcome(self) -> Outcome | None:
        """``Outcome`` when the game is won or nothing can be done, else ``None``."""
        if len(self._removed) == SETS:
            return Outcome(Termination.WON, self.score, self.move_count)
        if not self.legal_moves():
            return Outcome(Termination.NO_MOVES, self.score, self.move_count)
        return None

    def key(self) -> tuple[tuple[tuple[Card, ...], ...], tuple[int, ...], int]:
        """A hashable snapshot of the layout (not the score) for transposition tables.

        The stock enters by its size only: within one game the stock is always
        the same cards, dealt from the front, so its size says which are left.
        """
        return (
            tuple(tuple(col) for col in self._cols),
            tuple(self._down),
            len(self._stock),
        )

    def __eq__(self, other: object) -> bool:
        """Same layout: columns, face-down counts, stock and removed count.

        The score, the counters, the undo stack and the suits of removed sets
        are not compared (the text form does not carry them either).
        """
        if not isinstance(other, Position):
            return NotImplemented
        return (
            self._cols == other._cols
            and self._down == other._down
            and self._stock == other._stock
            and len(self._removed) == len(other._removed)
        )

    # Mutable: use key(). None is how Python marks a class unhashable; typeshed declares a method.
    __hash__ = None  # type: ignore[assignment]

    # --- legality ------------------------------------------------------------

    def can_deal(self) -> bool:
        """A deal is allowed: stock left, and no empty column unless under 10 cards are out."""
        if not self._stock:
            return False
        for col in self._cols:
            if not col:
                return self.cards_on_table() < DEAL_SIZE
        return True

    def why_illegal(self, move: Move) -> str | None:
        """``None`` if ``move`` is legal here, else the one-line reason a player reads.

        >>> from game.spider.deals import deal
        >>> pos = deal(1, suits=4)
        >>> pos.why_illegal(Move.parse("move 1 1 1"))
        'a column cannot move onto itself'
        >>> pos.why_illegal(Move.parse("move 1 2 2"))
        "column 1 has only 1 face-up card: face-down cards don't move"
        >>> pos.why_illegal(Move.parse("move 1 2 1"))
        "2♠ can't go on 8♦: a card goes on a card exactly one rank higher, of any suit"
        """
        if move.count == 0:
            if not self._stock:
                return _("the stock is empty: no rows are left to deal")
            if not self.can_deal():
                empty = self.empty_columns()[0]
                return _("the stock can't be dealt while a column is empty: fill column {n} first").format(n=empty + 1)
            return None
        s, d, k = move.source, move.dest, move.count
        if not (0 <= s < COLUMNS and 0 <= d < COLUMNS):
            return _("columns are 1-10")
        if s == d:
            return _("a column cannot move onto itself")
        src = self._cols[s]
        n = len(src)
        if not n:
            return _("column {n} is empty").format(n=s + 1)
        if k < 1:
            return _("a move carries at least one card")
        if k > n:
            return ngettext("column {column} has only {n} card", "column {column} has only {n} cards", n).format(
                column=s + 1, n=n)
        up = n - self._down[s]
        if k > up:
            return ngettext("column {column} has only {n} face-up card: face-down cards don't move",
                            "column {column} has only {n} face-up cards: face-down cards don't move", up).format(
                column=s + 1, n=up)
        if k > self._run[s]:
            return _("only a same-suit run moves together: {cards} is not one").format(cards=run_name(src[-k:]))
        dst = self._cols[d]
        if dst and RANK[dst[-1]] != RANK[src[-k]] + 1:
            head, under = src[-k], dst[-1]
            why = (_("a king goes only into an empty column") if RANK[head] == 13
                   else _("a card goes on a card exactly one rank higher, of any suit"))
            return _("{card} can't go on {target}: {why}").format(card=NAMES[head], target=NAMES[under], why=why)
        return None

    def is_legal(self, move: Move) -> bool:
        return self.why_illegal(move) is None

    def fitting_move(self, source: int, dest: int) -> Move | None:
        """The legal move from column ``source`` to ``dest`` carrying the most cards, if any.

        Clicking a target "moves as many cards as fit it" (SPEC §2.4): onto a
        card exactly one count fits; into an empty column, the whole run.

        >>> from game.spider.deals import deal
        >>> pos = deal(1, suits=4)
        >>> pos.fitting_move(0, 9), pos.fitting_move(0, 1)
        (Move.parse('move 1 10 1'), None)
        """
        if source == dest or not (0 <= source < COLUMNS and 0 <= dest < COLUMNS):
            return None
        n = self._run[source]
        if not n:
            return None
        dst = self._cols[dest]
        if not dst:
            return MOVE_TABLE[source][dest][n]
        k = (dst[-1] >> 2) - (self._cols[source][-1] >> 2)
        return MOVE_TABLE[source][dest][k] if 1 <= k <= n else None

    def legal_moves(self) -> list[Move]:
        """Every legal move: each card count a run allows, into each empty column, and the deal.

        Order: column moves by source column, then the deal.
        """
        cols = self._cols
        run = self._run
        table = MOVE_TABLE
        moves: list[Move] = []
        # Columns by the rank of their exposed card: a run whose head is one
        # rank lower goes there; each source then looks up only the ranks its
        # run covers instead of trying all ten destinations.
        by_rank: dict[int, list[int]] = {}
        empties: list[int] = []
        for d in range(COLUMNS):
            col = cols[d]
            if col:
                r = col[-1] >> 2  # rank - 1
                if r in by_rank:
                    by_rank[r].append(d)
                else:
                    by_rank[r] = [d]
            else:
                empties.append(d)
        for s in range(COLUMNS):
            n = run[s]
            if not n:
                continue
            row = table[s]
            top = cols[s][-1] >> 2
            # The head of a k-card run has rank top + k - 1 (0-based); it goes on rank top + k.
            for k in range(1, n + 1):
                dests = by_rank.get(top + k)
                if dests is not None:
                    for d in dests:
                        moves.append(row[d][k])
            for d in empties:
                moves.extend(row[d][1 : n + 1])
        if self._stock and (not empties or self.cards_on_table() < DEAL_SIZE):
            moves.append(DEAL)
        return moves

    # --- making and unmaking moves -------------------------------------------

    def push(self, move: Move) -> None:
        """Play ``move`` (a column move or :data:`DEAL`) with its automatic follow-ups.

        Raises :class:`IllegalMoveError` (position unchanged) if it is not legal.
        """
        k = move.count
        if k == 0:
            self._deal()
            return
        s = move.source
        d = move.dest
        run = self._run
        cols = self._cols
        # The checks mirror why_illegal(); they run on every push, so they
        # use the cached run lengths rather than calling it.
        if s == d or not (0 <= s < COLUMNS and 0 <= d < COLUMNS and 0 < k <= run[s]):
            raise IllegalMoveError(self.why_illegal(move) or "illegal move")
        src = cols[s]
        dst = cols[d]
        head = src[-k]
        old_rs = run[s]
        old_rd = run[d]
        if dst:
            top = dst[-1]
            if (top >> 2) != (head >> 2) + 1:
                raise IllegalMoveError(self.why_illegal(move) or "illegal move")
            new_rd = old_rd + k if top == head + 4 else k
        else:
            new_rd = k
        dst += src[-k:]
        del src[-k:]
        run[d] = new_rd
        if old_rs > k:
            run[s] = old_rs - k  # the rest of the run stays exposed: nothing to turn up
            flipped = False
        else:
            flipped = self._uncover(s)
        self.score -= 1
        self.move_count += 1
        set_suit = -1
        dest_flipped = False
        if new_rd == 13:
            set_suit, dest_flipped = self._remove_set(d)
        # tuple.__new__ skips the NamedTuple's Python-level __new__: this runs on every push.
        self._undo.append(_new_record(_MoveRecord, (move, old_rs, old_rd, flipped, set_suit, dest_flipped)))
        self.move_stack.append(move)

    def _uncover(self, i: int) -> bool:
        """Column ``i`` lost cards from its end: turn its exposed face-down card up and
        recompute its run. Returns True when a card turned up."""
        col = self._cols[i]
        n = len(col)
        if not n:
            self._run[i] = 0
            return False
        if self._down[i] == n:
            self._down[i] = n - 1
            self._run[i] = 1
            return True
        self._run[i] = _run_end(col, self._down[i])
        return False

    def _remove_set(self, i: int) -> tuple[int, bool]:
        """Remove the complete K..A set at the end of column ``i`` and score it.

        Returns the set's suit and whether a face-down card turned up under it.
        """
        col = self._cols[i]
        suit = SUIT[col[-1]]
        del col[-13:]
        self._removed.append(suit)
        self.score += SET_BONUS
        return suit, self._uncover(i)

    def _restore_set(self, i: int, suit: int, flipped: bool) -> None:
        """Undo :meth:`_remove_set`: the set goes back on column ``i`` (its run is set by the caller)."""
        if flipped:
            self._down[i] += 1
        self._cols[i] += _SET_CARDS[suit]
        self._removed.pop()
        self.score -= SET_BONUS

    def _deal(self) -> None:
        stock = self._stock
        cols = self._cols
        if not stock or (not all(cols) and self.cards_on_table() >= DEAL_SIZE):
            raise IllegalMoveError(self.why_illegal(DEAL) or "illegal deal")
        run = self._run
        old_run = run[:]
        events: list[_SetEvent] = []
        for i in range(COLUMNS):
            col = cols[i]
            c = stock[i]
            if col and col[-1] == c + 4:
                run[i] += 1
            else:
                run[i] = 1
            col.append(c)
            if run[i] == 13:
                # An ace dealt onto K..2 of its suit completes a set.
                events.append(_SetEvent(i, *self._remove_set(i)))
        del stock[:DEAL_SIZE]
        self.score -= 1
        self.move_count += 1  # a deal is a move (Windows Spider): one point, one on the counter
        self._undo.append(_DealRecord(DEAL, old_run, tuple(events)))
        self.move_stack.append(DEAL)

    def pop(self) -> Move:
        """Undo the last push exactly; returns its move. Raises ``IndexError`` if none.

        Costs one point, and takes back the 100 of every set the undone action
        completed (SPEC §2.2).
        """
        record = self._undo.pop()
        move = self.move_stack.pop()
        cols = self._cols
        self.score -= 1
        k = move.count
        if isinstance(record, _DealRecord):  # the deal's (its move's count is 0)
            _, old_run, sets = record
            for column, suit, flipped in reversed(sets):
                self._restore_set(column, suit, flipped)
            self._stock[0:0] = [col.pop() for col in cols]
            self._run[:] = old_run
            self.move_count -= 1
            return move
        # Unpacked rather than read by name: pop() runs as often as push().
        _, old_rs, old_rd, source_flipped, set_suit, dest_flipped = record
        s = move.source
        d = move.dest
        src = cols[s]
        dst = cols[d]
        if set_suit >= 0:
            self._restore_set(d, set_suit, dest_flipped)
        if source_flipped:
            self._down[s] += 1
        src += dst[-k:]
        del dst[-k:]
        self._run[s] = old_rs
        self._run[d] = old_rd
        self.move_count -= 1
        return move

    def completed_sets(self, ply: int = -1) -> int:
        """How many sets the pushed action at ``ply`` (default: the last) completed."""
        record = self._undo[ply]
        if isinstance(record, _DealRecord):
            return len(record.sets)
        return 1 if record.set_suit >= 0 else 0

    def turned_up(self, ply: int = -1) -> list[int]:
        """The columns (0-based) where the action at ``ply`` turned a face-down card up."""
        record = self._undo[ply]
        if isinstance(record, _DealRecord):
            return [event.column for event in record.sets if event.flipped]
        out = []
        if record.source_flipped:
            out.append(record.move.source)
        if record.dest_flipped:
            out.append(record.move.dest)
        return out

    def copy(self, *, stack: bool = True) -> Position:
        """An independent copy; with ``stack=False`` it has no undo history."""
        new = object.__new__(Position)
        new._cols = [col[:] for col in self._cols]
        new._down = self._down[:]
        new._run = self._run[:]
        new._stock = self._stock[:]
        new._removed = self._removed[:]
        # Undo records are immutable, so the copies share them.
        new._undo = self._undo[:] if stack else []
        new.move_stack = self.move_stack[:] if stack else []
        new.score = self.score
        new.move_count = self.move_count
        new.suits = self.suits
        return new

    # --- text ----------------------------------------------------------------

    def __str__(self) -> str:
        return self.board()

    def board(self) -> str:
        """The text form (:mod:`game.spider.board`); :meth:`parse` reads it back."""
        return board_text(self._stock, self._cols, self._down, len(self._removed))

    def __repr__(self) -> str:
        return (
            f"<Position stock={len(self._stock)} removed={len(self._removed)}"
            f" score={self.score} move_count={self.move_count}>"
        )

    @classmethod
    def parse(cls, text: str, *, score: int = START_SCORE, move_count: int = 0) -> Position:
        """Read the text form back; raises :class:`~game.spider.board.PositionError` with a one-line reason.

        The suits of removed sets are not in the text; they are worked out from
        the cards that are missing from the deck.

        >>> from game.spider.deals import deal
        >>> pos = deal(7, suits=2)
        >>> Position.parse(str(pos)) == pos
        True
        """
        stock, columns, down, n_removed = read_board_text(text)
        if n_removed > SETS:
            raise PositionError(_("removed: {n}: there are {sets} sets").format(n=n_removed, sets=SETS))
        removed = missing_sets(columns, stock, n_removed)
        if removed is None:
            raise PositionError(_("these cards and {n} removed sets do not make a 1-, 2- or 4-suit Spider deck").format(
                n=n_removed))
        return cls(columns, down, stock, removed, score=score, move_count=move_count)

