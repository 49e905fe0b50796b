"""The FreeCell position: rules, sequence moves, automatic moves and undo.

The API follows python-chess's ``Board``::

    >>> from game.freecell import deal, Move
    >>> pos = deal(1)
    >>> len(pos.legal_moves())
    32
    >>> pos.is_legal(Move.parse("5a"))
    True
    >>> pos.push(Move.parse("5a"))
    >>> str(pos.cells[0]), pos.move_count
    ('6C', 1)
    >>> pos.pop()
    Move.parse('5a')
    >>> pos.outcome() is None
    True

Rules are SPEC §1.1-1.3: build down in alternating colours, one card per
free cell, any card to an empty column, foundations by suit from the ace,
nothing comes back from a foundation, no cell-to-cell moves. A run moves as
one *sequence move* when it fits the capacity ``(empty cells + 1) * 2 **
empty columns`` (an empty destination column not counted).

Automatic foundation moves follow every move at the position's
``auto_level`` (:mod:`game.freecell.automove`: "off", "safe" -- Raymond's
rule -- or "all"); they belong to the same undo step and count as no move. This
module is pure Python: no pygame, moderngl or glm.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game import rules
from game.cards import CARDS, RANK, RED, SUIT, Card, Suit, rank_token, run_name
from game.freecell.automove import AUTO_ALL, AUTO_OFF, AUTO_SAFE, auto_level, is_safe_home
from game.freecell.board import BoardError, read_board_text
from game.freecell.moves import CELLS, COLUMNS, HOME, Move, place_name, place_token
from game.i18n import _, ngettext
from game.rules import Termination

__all__ = ["AmbiguousMoveError", "BoardError", "IllegalMoveError", "Outcome", "Position", "Termination", "capacity",
           "is_safe_home"]


#: :meth:`Position.layout`: the exact layout (columns, cells, foundation ranks), hashable.
Layout = tuple[tuple[tuple[int, ...], ...], tuple[int | None, ...], tuple[int, ...]]
#: :meth:`Position.key`: the layout up to column and free-cell order (an empty cell is -1).
Key = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]]


class IllegalMoveError(rules.IllegalMoveError):
    """A well-formed move the rules refuse here; the message says why in one line."""


class AmbiguousMoveError(ValueError):
    """Move text that fits several legal moves (e.g. ``"38"`` into an empty column)."""


@dataclass(frozen=True)
class Outcome(rules.Outcome):
    """How a game ended (``Position.outcome()``); ``None`` there means play goes on.

    ``NO_MOVES``: every cell full, nothing goes home or onto a column.
    """

    def __str__(self) -> str:
        if self.won:
            return _("Won: all 52 cards are home.")
        return _("No legal move is left: undo, restart the deal, or take a new deal.")


def capacity(empty_cells: int, empty_columns: int, to_empty_column: bool = False) -> int:
    """Most cards one sequence move can carry (SPEC §1.2).

    >>> capacity(2, 1), capacity(2, 1, to_empty_column=True)
    (6, 3)
    >>> capacity(4, 0), capacity(4, 1)
    (5, 10)
    """
    if to_empty_column:
        empty_columns = max(0, empty_columns - 1)  # no empty column: as if onto a card
    return (empty_cells + 1) << empty_columns


# --- per-card tables for the hot paths ---------------------------------------

#: ACCEPTS[c]: the two cards that may be built on ``c`` (one lower, other colour).
ACCEPTS: tuple[tuple[int, ...], ...] = tuple(
    ()
    if RANK[c] == 1
    else tuple((RANK[c] - 2) * 4 + s for s in range(4) if (s in (1, 2)) != RED[c])
    for c in range(52)
)
#: FITS[a][b]: card ``a`` may be built on card ``b``.
FITS: tuple[tuple[bool, ...], ...] = tuple(
    tuple(RANK[b] == RANK[a] + 1 and RED[a] != RED[b] for b in range(52)) for a in range(52)
)
def _rule_broken(card: int, under: int) -> str:
    """Which half of the building rule ``card`` on ``under`` breaks, in words."""
    rank_ok = RANK[under] == RANK[card] + 1
    colour_ok = RED[card] != RED[under]
    if colour_ok:
        return _("a card goes on one a rank higher")
    if rank_ok:
        return _("colours alternate, red on black or black on red")
    return _("build down by one in alternating colours")


def _misfit(card: Card, under: Card) -> str:
    """How ``card`` fails to follow ``under`` down a run (for the not-a-run reason), in words."""
    if RED[card] != RED[under]:
        return _("{card} is not one rank below {under}").format(card=card.display, under=under.display)
    return (_("{card} is the same colour as {under}") if RANK[under] == RANK[card] + 1
            else _("{card} does not follow {under}")).format(card=card.display, under=under.display)


class Position:
    """A FreeCell position with its undo stack.

    ``columns`` are lists of :class:`Card`, buried card first; ``cells`` holds
    a card or ``None`` per free cell; ``foundations[suit]`` is the highest rank
    home in that suit (0 for none). Treat them as read-only: change the
    position only with :meth:`push` and :meth:`pop`.
    """

    __slots__ = ("_initial_auto", "_stack", "auto_level", "cells", "columns", "foundations")

    def __init__(
        self,
        columns: Iterable[Iterable[Card]] = (),
        cells: Iterable[Card | None] = (),
        foundations: Sequence[int] = (0, 0, 0, 0),
        *,
        auto_foundation: bool | str = False,
        free_cells: int = CELLS,
    ) -> None:
        cols = [list(c) for c in columns]
        if len(cols) > COLUMNS:
            raise BoardError(_("{n} columns: FreeCell has {columns}").format(n=len(cols), columns=COLUMNS))
        cols += [[] for _ in range(COLUMNS - len(cols))]
        if not 0 <= free_cells <= CELLS:
            raise BoardError(_("{n} free cells: a game has 0 to {most}").format(n=free_cells, most=CELLS))
        cl = list(cells)
        while len(cl) > free_cells and cl[-1] is None:
            cl.pop()  # "Freecells: 9C - - -" read for a game with fewer cells
        if len(cl) > free_cells:
            raise BoardError(
                _("the board fills {n} free cells; this game has {cells}").format(n=len(cl), cells=free_cells))
        cl += [None] * (free_cells - len(cl))
        fd = list(foundations)
        if len(fd) != 4 or any(not 0 <= r <= 13 for r in fd):
            raise BoardError(_("foundations need four ranks 0..13"))
        self.columns: list[list[Card]] = [[CARDS[c] for c in col] for col in cols]
        self.cells: list[Card | None] = [None if c is None else CARDS[c] for c in cl]
        self.foundations: list[int] = fd
        #: "off", "safe" or "all" (``auto_foundation`` True/False reads as safe/off).
        self.auto_level: str = auto_level(auto_foundation)
        # One entry per undo step: the player move, the automatic foundation
        # moves it set off, and the head card of each of those moves in order
        # (what undo needs to know: which suit a home move fed).
        self._stack: list[tuple[Move, tuple[Move, ...], tuple[Card, ...]]] = []
        self._initial_auto: list[Move] = []
        self._check_cards()

    # --- reading -------------------------------------------------------------

    @property
    def auto_foundation(self) -> bool:
        """Whether any automatic foundation moves are made; set a bool or a level."""
        return self.auto_level != AUTO_OFF

    @auto_foundation.setter
    def auto_foundation(self, value: bool | str) -> None:
        self.auto_level = auto_level(value)

    @property
    def move_stack(self) -> list[Move]:
        """The player moves made so far (one per undo step), oldest first."""
        return [entry[0] for entry in self._stack]

    @property
    def move_count(self) -> int:
        """Moves as the game counts them: one per player move, automatic cards free."""
        return len(self._stack)

    def undo_steps(self) -> list[tuple[Move, tuple[Move, ...]]]:
        """Each undo step: the player move and the automatic foundation moves it set off."""
        return [(m, autos) for m, autos, _ in self._stack]

    def auto_cards(self) -> tuple[Card, ...]:
        """The cards the last step's automatic moves sent home, in the order they went."""
        return self._stack[-1][2][1:] if self._stack else ()

    def card_moves(self) -> list[Move]:
        """Every card movement so far in order, automatic ones included (fc-solve's count)."""
        out = list(self._initial_auto)
        for m, autos, _cards in self._stack:
            out.append(m)
            out.extend(autos)
        return out

    @property
    def cards_home(self) -> int:
        return sum(self.foundations)

    def empty_cells(self) -> int:
        return self.cells.count(None)

    def empty_columns(self) -> int:
        n = 0
        for col in self.columns:
            if not col:
                n += 1
        return n

    def capacity(self, to_empty_column: bool = False) -> int:
        """Cards one sequence move can carry now ("N cards movable" is the default)."""
        return capacity(self.empty_cells(), self.empty_columns(), to_empty_column)

    def movable(self) -> int:
        """The "N cards movable" a player reads: :meth:`capacity`, never more than the cards not home."""
        return min(self.capacity(), 52 - self.cards_home)

    def run_length(self, column: int) -> int:
        """Length of the properly built run at the end of ``column`` (0 if empty)."""
        col = self.columns[column]
        n = len(col)
        if n == 0:
            return 0
        k = 1
        while k < n and FITS[col[n - k]][col[n - k - 1]]:
            k += 1
        return k

    def is_won(self) -> bool:
        return self.foundations == [13, 13, 13, 13]

    def outcome(self) -> Outcome | None:
        """``Outcome`` when the game is won or no legal move is left, else ``None``."""
        if self.is_won():
            return Outcome(Termination.WON)
        if not self.has_legal_moves():
            return Outcome(Termination.NO_MOVES)
        return None

    def can_autocomplete(self) -> bool:
        """True when nothing is left to untangle: in every column no card is
        higher than a card buried beneath it, so every card can go home in turn.
        """
        if self.is_won():
            return False
        for col in self.columns:
            for i in range(1, len(col)):
                if RANK[col[i]] > RANK[col[i - 1]]:
                    return False
        return True

    def autocomplete_move(self) -> Move | None:
        """The next card auto-complete sends home: the lowest-ranked card that fits.

        ``None`` unless :meth:`can_autocomplete` holds. Push it with ``auto=False``
        so that each card is its own undo step and counts one move.
        """
        if not self.can_autocomplete():
            return None
        return self._lowest_home_move(only_safe=False)

    # --- move generation -----------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move: to each empty cell, each empty column, every count.

        Order: to the foundation, to the tableau, to free cells, from free cells.
        """
        cols = self.columns
        cells = self.cells
        found = self.foundations
        table = _MOVES
        moves: list[Move] = []
        free_cells = [CELLS_BASE + i for i, c in enumerate(cells) if c is None]
        n_free = len(free_cells)
        empties = [j for j in range(COLUMNS) if not cols[j]]
        # Where each card could be built: card -> destination columns.
        wanted: dict[int, list[int]] = {}
        for j in range(COLUMNS):
            col = cols[j]
            if col:
                for c in ACCEPTS[col[-1]]:
                    if c in wanted:
                        wanted[c].append(j)
                    else:
                        wanted[c] = [j]
        cap_onto = (n_free + 1) << len(empties)
        cap_empty = cap_onto >> 1
        for s in range(COLUMNS):
            col = cols[s]
            n = len(col)
            if not n:
                continue
            row = table[s]
            top = col[-1]
            if found[SUIT[top]] == RANK[top] - 1:
                moves.append(row[HOME][1])
            # Walk the run from its exposed end: k cards carried when the head is col[n-k].
            k = 1
            head = top
            while True:
                dests = wanted.get(head)
                if dests is not None and k <= cap_onto:
                    for d in dests:
                        moves.append(row[d][k])
                if k <= cap_empty and (k < n):
                    for d in empties:
                        moves.append(row[d][k])
                elif k <= cap_empty and empties:
                    # The whole column into an empty one: legal, though it changes nothing.
                    for d in empties:
                        moves.append(row[d][k])
                if k == n:
                    break
                nxt = col[n - k - 1]
                if not FITS[head][nxt]:
                    break
                head = nxt
                k += 1
            for d in free_cells:
                moves.append(row[d][1])
        for i in range(len(cells)):
            held = cells[i]
            if held is None:
                continue
            row = table[CELLS_BASE + i]
            if found[SUIT[held]] == RANK[held] - 1:
                moves.append(row[HOME][1])
            dests = wanted.get(held)
            if dests is not None:
                for d in dests:
                    moves.append(row[d][1])
            for d in empties:
                moves.append(row[d][1])
        return moves

    def has_legal_moves(self) -> bool:
        if None in self.cells:
            for col in self.columns:
                if col:
                    return True
        # Full cells (or an empty table): a move needs a foundation or a column to take a card.
        return bool(self.legal_moves())

    def distinct_moves(self) -> list[Move]:
        """Legal moves with the pointless twins dropped: only the first empty free
        cell and the first empty column are offered as targets, and a whole
        column never moves into an empty one. What a move list shows a player.
        """
        first_cell = next((CELLS_BASE + i for i, c in enumerate(self.cells) if c is None), -1)
        first_empty = next((j for j in range(COLUMNS) if not self.columns[j]), -1)
        out = []
        for m in self.legal_moves():
            d = m.dest
            if CELLS_BASE <= d < HOME and d != first_cell:
                continue
            if d < COLUMNS and not self.columns[d]:
                if d != first_empty:
                    continue
                if m.source < COLUMNS and m.count == len(self.columns[m.source]):
                    continue
            out.append(m)
        return out

    def why_illegal(self, move: Move) -> str | None:
        """``None`` if ``move`` is legal here, else the one-line reason a player reads.

        Cards are named as their faces show them and the reason says the rule:

        >>> from game.freecell.deals import deal
        >>> pos = deal(1)
        >>> pos.why_illegal(Move.parse("13"))
        "6♠ can't go on 2♥: a card goes on one a rank higher"
        >>> pos.why_illegal(Move.parse("28"))
        "9♣ can't go on 10♣: colours alternate, red on black or black on red"
        >>> pos.why_illegal(Move.parse("12"))
        "6♠ can't go on 9♣: build down by one in alternating colours"
        """
        src, dst, count = move.source, move.dest, move.count
        if not (0 <= src < HOME and 0 <= dst <= HOME and count >= 1):
            return _("not a move")
        if src == dst:
            return _("a card can't move onto its own place")
        cols = self.columns
        n_cells = len(self.cells)
        if (CELLS_BASE + n_cells <= src < HOME) or (CELLS_BASE + n_cells <= dst < HOME):
            return ngettext("this game has {n} free cell", "this game has {n} free cells", n_cells).format(n=n_cells)
        if src < COLUMNS:
            col = cols[src]
            if not col:
                return _("column {n} is empty").format(n=src + 1)
            if count > len(col):
                return ngettext("{place} holds only {n} card", "{place} holds only {n} cards", len(col)).format(
                    place=place_name(src), n=len(col))
            moving = col[-count]
        else:
            c = self.cells[src - CELLS_BASE]
            if c is None:
                # One message per kind of place: "{place} is empty" read "空当 a是空的" in Chinese.
                return _("free cell {cell} is empty").format(cell=place_token(src))
            if dst >= CELLS_BASE and dst < HOME:
                return _("{card} stays put: a card never moves from one free cell to another").format(card=c.display)
            if count != 1:
                return _("a free cell holds one card")
            moving = c
        if dst == HOME:
            if count != 1:
                return _("cards go home one at a time")
            need = self.foundations[SUIT[moving]] + 1
            if RANK[moving] != need:
                if need > 13:
                    return _("every {suit} is already home").format(suit=Suit(SUIT[moving]).symbol)
                want = CARDS[(need - 1) * 4 + SUIT[moving]]
                return _("{card} can't go home yet: its foundation needs {want} first").format(
                    card=moving.display, want=want.display)
            return None
        if dst >= CELLS_BASE:
            if count != 1:
                return _("a free cell holds one card")
            held = self.cells[dst - CELLS_BASE]
            if held is not None:
                return _("{place} already holds {card}: a free cell holds one card").format(
                    place=place_name(dst), card=held.display)
            return None
        # Onto a column: the run must be built, fit its target and fit the capacity.
        if count > 1:
            col = cols[src]
            n = len(col)
            for i in range(n - count, n - 1):
                if not FITS[col[i + 1]][col[i]]:
                    return _("only a run moves together: {cards} is not one ({why})").format(
                        cards=run_name(col[n - count:]), why=_misfit(col[i + 1], col[i]))
        target = cols[dst]
        if target:
            under = target[-1]
            if not FITS[moving][under]:
                return _("{card} can't go on {target}: {why}").format(
                    card=moving.display, target=under.display, why=_rule_broken(moving, under))
        if count > 1:
            cap = self.capacity(to_empty_column=not target)
            if count > cap:
                if target:
                    return _("{count} cards can't move at once: only {n} can now (free a cell or a column)").format(
                        count=count, n=cap)
                return _("{count} cards can't move into an empty column at once: only {n} can now "
                         "(free a cell or a column)").format(count=count, n=cap)
        return None

    def is_legal(self, move: Move) -> bool:
        return self.why_illegal(move) is None

    # --- making and unmaking moves ---------------------------------------------

    def push(self, move: Move, *, auto: bool | str | None = None) -> None:
        """Play ``move`` as one undo step with the automatic foundation moves of
        level ``auto`` ("off", "safe", "all"; ``True`` is "safe", ``False`` "off";
        ``None`` uses :attr:`auto_level`).

        Raises :class:`IllegalMoveError` with the reason; the position is unchanged then.
        """
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMoveError(f"{move}: {reason}")
        level = self.auto_level if auto is None else auto_level(auto)
        card = self._apply(move)
        if level != AUTO_OFF:
            autos, cards = self._auto_home(level == AUTO_ALL)
            self._stack.append((move, tuple(autos), (card, *cards)))
        else:
            self._stack.append((move, (), (card,)))

    def pop(self) -> Move:
        """Undo the last step (a player move and its automatic moves); returns the move."""
        if not self._stack:
            raise IndexError("nothing to undo")
        move, autos, cards = self._stack.pop()
        for i in range(len(autos) - 1, -1, -1):
            self._unapply(autos[i], cards[i + 1])
        self._unapply(move, cards[0])
        return move

    def settle(self, level: bool | str = AUTO_SAFE) -> list[Move]:
        """Play the automatic foundation moves of ``level`` the position allows now.

        Called after a deal (SPEC: "after the deal and after every move") and
        when the level changes. With no move made yet they cannot be undone;
        later they join the last step.
        """
        level = auto_level(level)
        if level == AUTO_OFF:
            return []
        autos, cards = self._auto_home(level == AUTO_ALL)
        if autos:
            if self._stack:
                m, old, old_cards = self._stack[-1]
                self._stack[-1] = (m, old + tuple(autos), old_cards + tuple(cards))
            else:
                self._initial_auto.extend(autos)
        return autos

    def parse_move(self, text: str, strict: bool = True) -> Move:
        """Read a move in standard notation for this position.

        As ``fc-solve -snx`` writes them: a column-to-column move without
        ``v`` carries the cards that fit onto the destination card (the count
        is forced by the ranks), and exactly one card into an empty column;
        ``v<n>`` states the count. With ``strict=False`` (for people typing)
        a ``v``-less move into an empty column that could carry several
        counts raises :class:`AmbiguousMoveError` instead of meaning one card.

        >>> from game.freecell import deal
        >>> pos = deal(617)
        >>> for t in "8a 8b 8c 87 a2 c2 8d 8h 2a 2c 28 21 c3 a3 2c 26".split():
        ...     pos.push(pos.parse_move(t), auto=False)
        >>> pos.parse_move("72")
        Move.parse('72v2')
        """
        move = Move.parse(text)
        src, dst = move.source, move.dest
        if "v" in text.lower() or src >= COLUMNS or dst >= COLUMNS:
            return move
        target = self.columns[dst]
        if target:
            under = target[-1]
            col = self.columns[src]
            n = len(col)
            for k in range(1, n + 1):
                if FITS[col[n - k]][under]:
                    return _MOVES[src][dst][k]
                if k < n and not FITS[col[n - k]][col[n - k - 1]]:
                    break
            return move
        if not strict:
            fits = [m for m in self.legal_moves() if m.source == src and m.dest == dst]
            if len(fits) > 1:
                counts = ", ".join(str(m.count) for m in fits)
                raise AmbiguousMoveError(
                    f"{text.strip()!r} could carry {counts} cards into the empty column: add v<count>, e.g. {fits[-1]}")
        return move

    def _apply(self, move: Move) -> Card:
        """Make ``move`` without checks; returns the head card that moved."""
        src, dst, count = move.source, move.dest, move.count
        if src < COLUMNS:
            col = self.columns[src]
            if count == 1:
                head = col.pop()
                if dst < COLUMNS:
                    self.columns[dst].append(head)
                elif dst < HOME:
                    self.cells[dst - CELLS_BASE] = head
                else:
                    self.foundations[SUIT[head]] += 1
                return head
            run = col[-count:]
            del col[-count:]
            self.columns[dst].extend(run)
            return run[0]
        held = self.cells[src - CELLS_BASE]
        assert held is not None, f"{move} leaves an empty cell"  # push() checked the move
        self.cells[src - CELLS_BASE] = None
        if dst < COLUMNS:
            self.columns[dst].append(held)
        else:
            self.foundations[SUIT[held]] += 1
        return held

    def _unapply(self, move: Move, head: Card) -> None:
        """Reverse ``move``, whose head card was ``head``."""
        src, dst, count = move.source, move.dest, move.count
        if dst < COLUMNS:
            col = self.columns[dst]
            if count == 1:
                col.pop()
                cards = [head]
            else:
                cards = col[-count:]
                del col[-count:]
        elif dst < HOME:
            self.cells[dst - CELLS_BASE] = None
            cards = [head]
        else:
            self.foundations[SUIT[head]] -= 1
            cards = [head]
        if src < COLUMNS:
            self.columns[src].extend(cards)
        else:
            self.cells[src - CELLS_BASE] = head

    def _lowest_home_move(self, only_safe: bool) -> Move | None:
        best: Move | None = None
        best_rank = 99
        found = self.foundations
        for s in range(COLUMNS):
            col = self.columns[s]
            if col:
                c = col[-1]
                r = RANK[c]
                if found[SUIT[c]] == r - 1 and r < best_rank and (not only_safe or is_safe_home(c, found)):
                    best, best_rank = _MOVES[s][HOME][1], r
        for i in range(len(self.cells)):
            held = self.cells[i]
            if held is not None:
                r = RANK[held]
                if found[SUIT[held]] == r - 1 and r < best_rank and (not only_safe or is_safe_home(held, found)):
                    best, best_rank = _MOVES[CELLS_BASE + i][HOME][1], r
        return best

    def _auto_home(self, every: bool = False) -> tuple[list[Move], list[Card]]:
        """Send safe cards (``every``: all that fit) home, lowest rank first, until none is left."""
        moves: list[Move] = []
        cards: list[Card] = []
        while True:
            m = self._lowest_home_move(only_safe=not every)
            if m is None:
                return moves, cards
            moves.append(m)
            cards.append(self._apply(m))

    # --- copying, comparing ------------------------------------------------------

    def copy(self, stack: bool = True) -> Position:
        """An independent copy; ``stack=False`` drops the undo history."""
        new = Position.__new__(Position)
        new.columns = [col[:] for col in self.columns]
        new.cells = self.cells[:]
        new.foundations = self.foundations[:]
        new.auto_level = self.auto_level
        new._stack = self._stack[:] if stack else []
        new._initial_auto = self._initial_auto[:] if stack else []
        return new

    def layout(self) -> Layout:
        """The exact card layout as a hashable value (column and cell order kept)."""
        return (
            tuple(tuple(c) for c in self.columns),
            tuple(self.cells),
            tuple(self.foundations),
        )

    def key(self) -> Key:
        """The layout up to column order and free-cell order (for duplicate detection)."""
        return (
            tuple(sorted(tuple(c) for c in self.columns)),
            tuple(sorted(-1 if c is None else c for c in self.cells)),
            tuple(self.foundations),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self.layout() == other.layout()

    def __hash__(self) -> int:  # pragma: no cover - positions are mutable; hash the layout
        raise TypeError("Position is mutable; hash position.layout() or position.key()")

    def __repr__(self) -> str:
        return f"Position.parse({self.board()!r})"

    def __str__(self) -> str:
        return self.board()

    # --- board text (fc-solve format) ------------------------------------------------

    def board(self, always_headers: bool = False) -> str:
        """The position in fc-solve's board format; :meth:`parse` reads it back.

        ``Foundations:`` and ``Freecells:`` lines are written when they hold a
        card (or always, with ``always_headers``). An empty column is ``:``.
        """
        lines = []
        if always_headers or any(self.foundations):
            f = self.foundations
            lines.append("Foundations: " + " ".join(
                f"{Suit(s).letter}-{rank_token(f[s])}" for s in (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)))
        if always_headers or any(c is not None for c in self.cells):
            lines.append("Freecells: " + " ".join("-" if c is None else str(c) for c in self.cells))
        for col in self.columns:
            lines.append(" ".join(str(c) for c in col) if col else ":")
        return "\n".join(lines) + "\n"

    @classmethod
    def parse(cls, text: str, *, auto_foundation: bool | str = False, free_cells: int = CELLS) -> Position:
        """Read fc-solve board text (see :meth:`board`).

        Column lines may start with ``:``; blank lines are ignored; missing
        columns are empty. Every card must appear exactly once, counting the
        cards that the foundations hold. Raises :class:`BoardError`.

        >>> p = Position.parse("Foundations: H-K C-Q D-K S-J\\nFreecells: - KC\\n: QS KS\\n")
        >>> p.foundations, str(p.cells[1]), len(p.columns[0]), p.can_autocomplete()
        ([12, 13, 13, 11], 'KC', 2, False)
        """
        columns, cells, foundations = read_board_text(text)
        return cls(columns, cells, foundations, auto_foundation=auto_foundation, free_cells=free_cells)

    def _check_cards(self) -> None:
        count = [0] * 52
        for col in self.columns:
            for c in col:
                count[c] += 1
        for held in self.cells:
            if held is not None:
                count[held] += 1
        for suit in range(4):
            for r in range(1, self.foundations[suit] + 1):
                count[(r - 1) * 4 + suit] += 1
        for i in range(52):
            if count[i] > 1:
                home = RANK[i] <= self.foundations[SUIT[i]]
                if home:
                    raise BoardError(_("{card} appears {n} times (on the table and its foundation)").format(
                        card=CARDS[i], n=count[i]))
                raise BoardError(_("{card} appears {n} times (on the table)").format(card=CARDS[i], n=count[i]))
        missing = [str(CARDS[i]) for i in range(52) if count[i] == 0]
        if missing:
            raise BoardError(ngettext("missing card: {cards}", "missing cards: {cards}", len(missing)).format(
                cards=" ".join(missing)))


CELLS_BASE = COLUMNS

# The interned moves, indexed [source][dest][count] (the table behind Move.of).
_MOVES = [[[Move.of(s, d, c) for c in range(14)] for d in range(HOME + 1)] for s in range(HOME)]
