"""Spider's search state and the moves on it: what the solver, the beam and the fair hint search.

A full-knowledge search does not play on a :class:`~game.spider.position.Position`
(its undo stack and score are of no use to it, and copying one per child
costs far too much). It plays on a flat *state*, and this module holds that
state's rules: where a search starts (:func:`root`), the child a move makes
(:func:`apply`), whether the rules allow a move (:func:`legal`), a win
(:func:`is_won`), the keys that tell positions apart (:func:`key`,
:func:`seen_key`), and the two move generators the searches expand with.

    >>> from game.spider.deals import deal
    >>> pos = deal(1, suits=1)
    >>> state, deals = root(pos)
    >>> len(deals), state[10], list(state[0])  # 5 face down, then 2S (card number 7) face up
    (5, 5, [5, 23, 19, 43, 31, 23, 7])
    >>> move = pos.legal_moves()[0]
    >>> pos.push(move)
    >>> apply(state, move, deals) == root(pos)[0], legal(state, move)
    (True, True)

Representation: a state is a tuple of ten ``bytes`` (byte 0 the column's
face-down count, then its cards, buried first) and the number of deals
left; the stock is the root's, one ``bytes`` of ten cards per deal (next
first), read by the deals left. Children share the unchanged columns with
their parent, and ``bytes`` caches its hash, so a child's hash costs its
new columns and hashing is done in C. A complete K..A run never stays on
the table: the rules engine removes it with the move that completes it, and
so does every child here. Lines found on states are replayed through the
rules engine before anything trusts them.

Keys. Columns are *not* interchangeable while cards remain in the stock (a
deal puts a given card on a given column), so positions are told apart
exactly; once the stock is empty, column order no longer matters and
positions are compared with their columns sorted. Both are exact: no two
positions share a key unless they have the same future.

Two move generators, one for each kind of search:

* :func:`children`, the complete search's (:mod:`game.spider.solver`):
  every legal move, in two classes, and only the *order* differs, never the
  set. First class, made as soon as a position is expanded: moves that
  complete a set, turn a face-down card, empty a column, put a run onto the
  next rank of its own suit from anywhere but its own suit, free a card that
  the run was not rank-connected to, the whole end run into the first empty
  column (unless it is the whole column), and the deal. Second class: every
  other legal move (a run split off its own suit onto another card, a card
  taken off a rank-connected parent onto another suit, part of a run into an
  empty column, the same moves into the other empty columns, a whole column
  into an empty one). A test checks both classes together against the
  engine's ``legal_moves()``, move for move and child for child.
* :func:`pruned_children`, the beam's (:mod:`game.spider.beam`, and the
  fair hint's searches of one table, :mod:`game.spider.fair_beam`): a
  subset of the legal moves. A run onto a card one rank higher; a run that
  lies on the next card of its own suit is split off only when the target's
  run of that suit grows longer than the source's was (otherwise the move
  shuffles a run between two equal places). A run into an empty column: only
  the first empty column for each (source, count) while deals remain (the
  columns differ by the cards a deal will put there, so this prunes); after
  the last deal, never a whole column (it only changes places) nor a split
  of a same-suit run. The deal, where the rules allow it.

This module is pure Python: it must not import pygame, moderngl or glm.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from game.spider.moves import COLUMNS, DEAL, MOVE_TABLE, Move
from game.spider.position import Position

__all__ = ["BOTH", "FIRST", "SECOND", "State", "apply", "children", "is_won", "key", "legal", "pruned_children",
           "root", "seen_key", "wins"]

#: (col0, ..., col9: bytes, deals_left: int): one flat tuple, cheap to hash and
#: copy, read by computed index (state[j], state[10]), which mypy cannot type
#: item by item, so its items are Any; the searches built on it are replayed
#: through game.spider.position before anything trusts them.
State = tuple[Any, ...]  # type: ignore[explicit-any]  # bytes and one int, read by computed index (above)

#: :func:`children`'s move classes (module docstring): the first, the second, both.
FIRST = 1
SECOND = 2
BOTH = FIRST | SECOND

# Per-column cache: bytes -> the cards at its end that move together.
_RUN: dict[bytes, int] = {}
_RUN_LIMIT = 2_000_000  # clearing only costs recomputation


def _run_of(col: bytes) -> int:
    """Cards at the end of a column that move together (face-up same-suit run)."""
    n = len(col) - 1
    if not n:
        return 0
    low = 1 + col[0]  # index of the first face-up card
    i = n
    while i > low and col[i - 1] == col[i] + 4:
        i -= 1
    return n - i + 1


def _run(col: bytes) -> int:
    """:func:`_run_of`, computed once per column and cached."""
    v = _RUN.get(col)
    if v is None:
        if len(_RUN) > _RUN_LIMIT:
            _RUN.clear()
        v = _RUN[col] = _run_of(col)
    return v


def _flip(col: bytes) -> bytes:
    """Turn the last card up if every card left is face down."""
    n = len(col) - 1
    if n and col[0] == n:
        return bytes((n - 1,)) + col[1:]
    return col


def _settle(col: bytes) -> bytes:
    """Remove a complete K..A same-suit run at the end (then turn the card under it up)."""
    n = len(col) - 1
    if n - col[0] < 13:
        return col
    c = col[n]
    if c >> 2:  # not an ace
        return col
    for i in range(n - 1, n - 13, -1):
        if col[i] != col[i + 1] + 4:
            return col
    return _flip(col[:-13])


def root(position: Position) -> tuple[State, tuple[bytes, ...]]:
    """The search state of ``position`` and its stock as one ``bytes`` per deal (next first)."""
    down = position.face_down
    cols = [bytes((down[j],)) + bytes(int(c) for c in position.column(j)) for j in range(COLUMNS)]
    stock = bytes(int(c) for c in position.stock)
    deals = tuple(stock[i:i + 10] for i in range(0, len(stock), 10))
    return tuple(cols) + (len(deals),), deals


def apply(state: State, move: Move, deals: tuple[bytes, ...]) -> State:
    """The child of any legal ``move`` (the caller knows it is legal), as the engine plays it."""
    if move.count == 0:
        left = state[10]
        cards = deals[len(deals) - left]
        return tuple(_settle(state[j] + cards[j:j + 1]) for j in range(COLUMNS)) + (left - 1,)
    s, d, k = move.source, move.dest, move.count
    cs = state[s]
    child = list(state)
    child[s] = _flip(cs[:-k])
    child[d] = _settle(state[d] + cs[-k:]) if len(state[d]) > 1 else b"\x00" + cs[-k:]
    return tuple(child)


def legal(state: State, move: Move) -> bool:
    """Whether the rules allow ``move`` in ``state`` (the engine's rule, on this representation)."""
    if move.count == 0:
        if not state[10]:
            return False
        return all(len(state[j]) > 1 for j in range(COLUMNS)) or \
            sum(len(state[j]) - 1 for j in range(COLUMNS)) < 10
    s, d, k = move.source, move.dest, move.count
    if s == d:
        return False
    if k > _run(state[s]):
        return False
    dst: bytes = state[d]
    if len(dst) == 1:
        return True
    head: int = state[s][-k]
    return (dst[-1] >> 2) == (head >> 2) + 1


def is_won(state: State) -> bool:
    return state[10] == 0 and all(len(state[j]) == 1 for j in range(COLUMNS))


def wins(state: State, deals: tuple[bytes, ...], moves: list[Move]) -> bool:
    """Whether ``moves`` are legal one after another from ``state`` and win."""
    for m in moves:
        if not legal(state, m):
            return False
        state = apply(state, m, deals)
    return is_won(state)


def key(state: State) -> State:
    """The complete search's key (its closed set's): the state itself, its columns
    sorted once the stock is empty; :func:`children` with ``canon`` makes its
    children in this form."""
    if state[10]:
        return state
    return tuple(sorted(state[:COLUMNS])) + (0,)


def seen_key(state: State) -> State:
    """What two states must share to count as one when a beam drops duplicates
    (the solver's beams and :mod:`game.spider.fair_beam`'s): the state itself while
    deals remain; once the stock is empty, column order no longer matters, so
    the columns are compared sorted."""
    if state[10]:
        return state
    return tuple(sorted(state[:COLUMNS]))


# --- the complete search's moves ---------------------------------------------------


def _survey(state: State) -> tuple[list[int], list[int], dict[int, list[int]], list[int]]:
    """What both move generators start from: each column's last card (-1 if empty), its end
    run's length (:func:`_run`), the columns by their last card's rank, the empty columns.

        >>> from game.spider.deals import deal
        >>> tops, runs, by_rank, empties = _survey(root(deal(1, suits=4))[0])
        >>> len(tops), runs, empties
        (10, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1], [])
    """
    cache = _RUN
    tops: list[int] = []
    runs: list[int] = []
    by_rank: dict[int, list[int]] = {}
    empties: list[int] = []
    for j in range(COLUMNS):
        col = state[j]
        if len(col) == 1:
            tops.append(-1)
            runs.append(0)
            empties.append(j)
            continue
        top = col[-1]
        tops.append(top)
        n = cache.get(col)
        runs.append(_run(col) if n is None else n)
        lst = by_rank.get(top >> 2)
        if lst is None:
            by_rank[top >> 2] = [j]
        else:
            lst.append(j)
    return tops, runs, by_rank, empties


def children(state: State, deals: tuple[bytes, ...], which: int, canon: bool = True,
              deal: bool = True) -> Iterator[tuple[Move, State]]:
    """Yield ``(move, child)`` for every legal move of ``state``: ``which``
    :data:`FIRST` the first-class moves, :data:`SECOND` the second class,
    :data:`BOTH` both (see the module docstring); ``deal`` False leaves the
    deal out. With ``canon`` a child without stock has its columns sorted (its
    :func:`key`); ``move`` names the columns of ``state`` as given.

        >>> from game.spider.deals import deal
        >>> state, deals = root(deal(1, suits=4))
        >>> first = [str(m) for m, _child in children(state, deals, FIRST)]
        >>> second = [str(m) for m, _child in children(state, deals, SECOND)]
        >>> first[-1], len(first) + len(second) == len(deal(1, suits=4).legal_moves())
        ('deal', True)
    """
    tops, rs, by_rank, empties = _survey(state)
    left = state[10]
    first = which & FIRST
    second = which & SECOND
    sort = canon and left == 0
    table = MOVE_TABLE
    for s in range(COLUMNS):
        n_run = rs[s]
        if not n_run:
            continue
        cs = state[s]
        ln = len(cs)
        n_up = ln - 1 - cs[0]
        down_s = cs[0]
        row = table[s]
        for k in range(1, n_run + 1):
            head = cs[ln - k]
            exposes_all = k == n_up
            if exposes_all:
                on_suit = on_rank = False
            else:
                parent = cs[ln - k - 1]
                on_suit = parent == head + 4
                on_rank = (parent >> 2) == (head >> 2) + 1
            dests = by_rank.get((head >> 2) + 1)
            if dests is not None:
                for d in dests:
                    same = tops[d] == head + 4
                    completes = same and k + rs[d] == 13
                    useful = completes or exposes_all or (same and not on_suit) or not on_rank
                    if not (first if useful else second):
                        continue
                    ns = _flip(cs[:ln - k])
                    nd = state[d] + cs[ln - k:]
                    if completes:
                        nd = _flip(nd[:-13])
                    child = list(state)
                    child[s] = ns
                    child[d] = nd
                    if sort:
                        child = sorted(child[:COLUMNS]) + [0]
                    yield row[d][k], tuple(child)
            if empties:
                # The whole end run into the first empty column is first class,
                # unless it is the whole column (that changes nothing).
                useful_k = k == n_run and not (exposes_all and not down_s)
                for e, d in enumerate(empties):
                    if not (first if (useful_k and e == 0) else second):
                        continue
                    ns = _flip(cs[:ln - k])
                    child = list(state)
                    child[s] = ns
                    child[d] = b"\x00" + cs[ln - k:]
                    if sort:
                        child = sorted(child[:COLUMNS]) + [0]
                    yield row[d][k], tuple(child)
    if deal and first and left and (not empties or sum(len(c) - 1 for c in state[:COLUMNS]) < 10):
        yield DEAL, _dealt(state, deals, canon)


def _dealt(state: State, deals: tuple[bytes, ...], canon: bool = True) -> State:
    """The child of a deal (the caller checked it is legal)."""
    left = state[10]
    cards = deals[len(deals) - left]
    columns: list[bytes] = []
    for j in range(COLUMNS):
        col = state[j] + cards[j:j + 1]
        if len(col) - 1 - col[0] >= 13 and _run_of(col) == 13:
            col = _flip(col[:-13])  # an ace dealt onto K..2 of its suit
        columns.append(col)
    if canon and left == 1:
        columns.sort()  # the last deal: nothing tells the columns apart any more
    return (*columns, left - 1)


# --- the beam's moves ----------------------------------------------------------------


def pruned_children(state: State, deals: tuple[bytes, ...]) -> list[tuple[Move, State]]:
    """The beam's children of ``state``: a subset of the legal moves (see the module
    docstring), each with the position it makes, as the engine would.

        >>> from game.spider.deals import deal
        >>> state, deals = root(deal(1, suits=4))
        >>> [str(m) for m, _child in pruned_children(state, deals)][-3:]
        ['move 9 10 1', 'move 10 4 1', 'deal']
    """
    tops, runs, by_rank, empties = _survey(state)
    left = state[10]
    out: list[tuple[Move, State]] = []
    table = MOVE_TABLE
    first_empty = empties[0] if empties else -1
    for s in range(COLUMNS):
        run = runs[s]
        if not run:
            continue
        cs = state[s]
        ln = len(cs)
        down = cs[0]
        n_up = ln - 1 - down
        row = table[s]
        for k in range(1, run + 1):
            head = cs[ln - k]
            broken = k < run  # the run lies on the next card of its own suit
            dests = by_rank.get((head >> 2) + 1)
            if dests is not None:
                for d in dests:
                    if broken and not (tops[d] == head + 4 and runs[d] + k > run):
                        continue
                    child = list(state)
                    child[s] = _flip(cs[:ln - k])
                    nd = state[d] + cs[ln - k:]
                    if tops[d] == head + 4 and runs[d] + k == 13:
                        nd = _flip(nd[:-13])
                    child[d] = nd
                    out.append((row[d][k], tuple(child)))
            if first_empty >= 0:
                if not left and broken:
                    continue
                if k == n_up and not down:
                    continue  # the whole column into an empty one: only places change
                child = list(state)
                child[s] = _flip(cs[:ln - k])
                child[first_empty] = b"\x00" + cs[ln - k:]
                out.append((row[first_empty][k], tuple(child)))
    if left and (not empties or sum(len(state[j]) - 1 for j in range(COLUMNS)) < 10):
        out.append((DEAL, apply(state, DEAL, deals)))
    return out

