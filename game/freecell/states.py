"""The solver's positions: canonical states, the automatic foundation moves
that close them, the moves out of them, and how promising they look.

::

    >>> from game.freecell import deal
    >>> root, sent = initial_state(deal(1))
    >>> cells, cols, found = root
    >>> len(cols), sent, sum(len(c) for c in cols)
    (8, 0, 52)
    >>> sum(1 for _ in child_states(root, 4)) > 0
    True

A state is ``(cells, cols, found)``: the free-cell cards as sorted
``bytes``, the columns as a sorted tuple of ``bytes`` (bottom card first),
the four foundation heights as ``bytes``. Column and cell order do not
matter in FreeCell, so sorting them makes one key for positions that differ
only by them, and hashing a tuple of ``bytes`` is done in C. Every state is
closed under the automatic foundation moves of the level searched
(:func:`close_safe` for "safe" and "off", :func:`close_all` for "all").

:mod:`game.freecell.solver` runs the searches; :mod:`game.freecell.beam`
and :mod:`game.freecell.shorten` use the same states.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import product

from game.cards import RANK, RED, SUIT
from game.freecell.automove import is_safe_home, safe_home_reads
from game.freecell.position import Position

# --- tables -----------------------------------------------------------------------

_RANK = RANK
_SUIT = SUIT
_ACCEPTS: tuple[tuple[int, ...], ...] = tuple(
    () if RANK[c] == 1 else tuple((RANK[c] - 2) * 4 + s for s in range(4) if (s in (1, 2)) != RED[c])
    for c in range(52)
)
# _BUILDS[a * 52 + b]: card a may be built on card b.
_BUILDS: bytes = bytes(
    1 if RANK[b] == RANK[a] + 1 and RED[a] != RED[b] else 0 for a in range(52) for b in range(52)
)
# Raymond's rule as the search reads it: is_safe_home itself, asked once per
# rank and per heights (0..13) of the three foundations the rule reads
# (automove.safe_home_reads: the other colour's two, then the partner suit),
# so the rule is written once (game.freecell.automove) and the hot loop pays
# one index instead of a call. The table is built on first use (a few ms), so
# a process that never searches never pays for it. _SAFE_INFO[c] = (suit,
# rank, index base, the three suits read); the card may go home untouched
# when found[suit] == rank - 1 and _SAFE[base + 196*f[x] + 14*f[y] + f[z]].
_H = 14  # foundation heights 0..13
_SAFE_INFO = tuple((SUIT[c], RANK[c], RANK[c] * _H ** 3) + safe_home_reads(SUIT[c]) for c in range(52))


_SAFE = b""  # built by _safe_table() on first use


def _safe_table() -> bytes:
    """The table (built once, the first time a search closes a state)."""
    global _SAFE
    if _SAFE:
        return _SAFE
    table = bytearray(_H ** 3)  # rank 0: no card
    for rank in range(1, 14):
        card = (rank - 1) * 4  # a card of suit 0 stands for its rank: the rule reads suits through safe_home_reads
        x, y, z = safe_home_reads(0)
        f = [rank - 1, 0, 0, 0]
        for f[x], f[y], f[z] in product(range(_H), repeat=3):
            table.append(is_safe_home(card, f))
    _SAFE = bytes(table)
    return _SAFE


#: The targets of a move code (``card * 64 + target``) that are not a card to
#: build on: home (the card's foundation), a free cell, an empty column. The
#: searches (solver, beam, probe, shorten, review) read and write these codes,
#: and :func:`game.freecell.solver.replay_line` turns them into real moves.
TO_HOME, TO_CELL, TO_EMPTY = 52, 53, 54

#: A canonical position: (cells: bytes sorted, cols: tuple[bytes, ...] sorted, found: bytes(4)).
State = tuple[bytes, tuple[bytes, ...], bytes]
#: Closes a layout (cells, columns, foundation ranks) under a level's automatic
#: moves: the canonical state and how many cards went home.
Close = Callable[[list[int], list[bytes], list[int]], tuple[State, int]]
#: Yields ``(move_code, child_state)`` for a state and a number of free cells.
Children = Callable[[State, int], Iterator[tuple[int, State]]]


def close_safe(cells: list[int], cols: list[bytes], found: list[int]) -> tuple[State, int]:
    """Make the safe foundation moves, then canonicalize: the :data:`Close` of
    the "safe" and "off" levels (the solver plays "off" as "safe" and replays
    the plain line afterwards).

    Returns the state and how many cards went home. The three lists are the
    caller's scratch: they are changed in place.
    """
    info = _SAFE_INFO
    safe = _SAFE or _safe_table()
    sent = 0
    moved = True
    while moved:
        moved = False
        for i in range(len(cols)):
            col = cols[i]
            while col:
                s, r, base, x, y, z = info[col[-1]]
                if found[s] != r - 1 or not safe[base + 196 * found[x] + 14 * found[y] + found[z]]:
                    break
                found[s] = r
                col = col[:-1]
                sent += 1
                moved = True
            cols[i] = col
        j = 0
        while j < len(cells):
            s, r, base, x, y, z = info[cells[j]]
            if found[s] == r - 1 and safe[base + 196 * found[x] + 14 * found[y] + found[z]]:
                found[s] = r
                del cells[j]
                sent += 1
                moved = True
            else:
                j += 1
    cells.sort()
    cols.sort()
    return (bytes(cells), tuple(cols), bytes(found)), sent


def close_all(cells: list[int], cols: list[bytes], found: list[int]) -> tuple[State, int]:
    """:func:`close_safe` for the "all" level: every card that fits goes home."""
    sent = 0
    moved = True
    while moved:
        moved = False
        for i in range(len(cols)):
            col = cols[i]
            while col and found[col[-1] & 3] == col[-1] >> 2:
                found[col[-1] & 3] += 1
                col = col[:-1]
                sent += 1
                moved = True
            cols[i] = col
        j = 0
        while j < len(cells):
            c = cells[j]
            if found[c & 3] == c >> 2:
                found[c & 3] += 1
                del cells[j]
                sent += 1
                moved = True
            else:
                j += 1
    cells.sort()
    cols.sort()
    return (bytes(cells), tuple(cols), bytes(found)), sent


def _column_score(col: bytes) -> tuple[int, int]:
    """(tangle, must_move) of one column; see :func:`evaluate_state`."""
    tangle = must = 0
    low = 99
    lows = [99, 99, 99, 99]
    for c in col:
        r = (c >> 2) + 1
        if r > low:
            tangle += 1
        else:
            low = r
        s = c & 3
        if r > lows[s]:
            must += 1
        else:
            lows[s] = r
    return tangle, must


# Most columns of a child are its parent's, unchanged: score each column once.
_COLUMN_SCORES: dict[bytes, tuple[int, int]] = {}
_GAP = bytes((255,))


def evaluate_state(state: State) -> tuple[int, int, int, int]:
    """(tangle, must_move, cards_left, dig) of a state: how far it looks from
    won, read by every search that orders or prunes states (``tangle == 0``
    is a win by auto-complete).

    ``tangle``: cards lying above a lower card in their column (0 means
    auto-complete finishes the game). ``must_move``: cards lying above a lower
    card of their own suit; each needs at least one move that is not home, so
    it is a lower bound on the moves left besides foundation moves. ``dig``:
    cards covering the next card each foundation needs.
    """
    _cells, cols, f = state
    scores = _COLUMN_SCORES
    if len(scores) > 400_000:
        scores.clear()
    tangle = must = dig = 0
    for col in cols:
        v = scores.get(col)
        if v is None:
            v = scores[col] = _column_score(col)
        tangle += v[0]
        must += v[1]
    # One string of the columns (255 between them: no card), so that each
    # foundation's next card is found by one search in C, not one per column.
    joined = _GAP.join(cols)
    for s in range(4):
        r = f[s]
        if r < 13:
            i = joined.find(r * 4 + s)
            if i >= 0:
                end = joined.find(255, i)
                dig += (len(joined) if end < 0 else end) - 1 - i
    return tangle, must, 52 - f[0] - f[1] - f[2] - f[3], dig


def _after(cells: bytes, nc: list[bytes], found: bytes, source: int, close: Close = close_safe) -> State:
    """The canonical child once column ``source`` lost its end cards.

    The states are closed under the level's foundation moves, and a move that sends
    nothing home changes no foundation, so only the card it uncovers can
    start new automatic moves: when that card is not next for its
    foundation, sorting is all that is left (the common, cheap case).
    """
    col = nc[source]
    if col:
        t = col[-1]
        if found[t & 3] == t >> 2:
            return close(list(cells), nc, list(found))[0]
    nc.sort()
    return (cells, tuple(nc), found)


def child_states(state: State, ncells: int, close: Close = close_safe,
                 every: bool = False) -> Iterator[tuple[int, State]]:
    """Yield ``(move_code, child_state)`` for every move worth trying.

    ``close`` makes the automatic moves of the level searched; ``every``
    adds every count of a run into an empty column (see the module notes).

    ``move_code`` is ``card * 64 + target`` with target a card (build onto it),
    ``TO_HOME``, ``TO_CELL`` or ``TO_EMPTY``: a description independent of
    column and cell order, turned into real places when the line is replayed.
    """
    cells, cols, found = state
    free = ncells - len(cells)
    empties = 0
    for col in cols:
        if col:
            break
        empties += 1
    cap_onto = (free + 1) << empties
    cap_empty = (free + 1) << (empties - 1) if empties else 0
    builds = _BUILDS
    accepts = _ACCEPTS
    # Where each card could be built: card -> column, and a second column
    # when two want the same card (a red 5 on either black 6).
    wanted: dict[int, int] = {}
    second: dict[int, int] = {}
    n_cols = len(cols)
    for j in range(empties, n_cols):
        for a in accepts[cols[j][-1]]:
            if a in wanted:
                second[a] = j
            else:
                wanted[a] = j
    # Moves out of free cells: nothing is uncovered, so no automatic move follows
    # unless the card itself goes home.
    for ci in range(len(cells)):
        c = cells[ci]
        rest = cells[:ci] + cells[ci + 1:]
        if found[c & 3] == c >> 2:
            f = list(found)
            f[c & 3] += 1
            yield c * 64 + TO_HOME, close(list(rest), list(cols), f)[0]
        d = wanted.get(c)
        if d is not None:
            nc = list(cols)
            nc[d] = cols[d] + bytes((c,))
            nc.sort()
            yield c * 64 + cols[d][-1], (rest, tuple(nc), found)
            d = second.get(c)
            if d is not None:
                nc = list(cols)
                nc[d] = cols[d] + bytes((c,))
                nc.sort()
                yield c * 64 + cols[d][-1], (rest, tuple(nc), found)
        if empties:
            nc = list(cols)
            nc[0] = bytes((c,))
            nc.sort()
            yield c * 64 + TO_EMPTY, (rest, tuple(nc), found)
    # Moves out of columns.
    for i in range(empties, n_cols):
        col = cols[i]
        n = len(col)
        top = col[-1]
        if found[top & 3] == top >> 2:
            f = list(found)
            f[top & 3] += 1
            nc = list(cols)
            nc[i] = col[:-1]
            yield top * 64 + TO_HOME, close(list(cells), nc, f)[0]
        # Onto other columns: the run from the exposed end, k cards.
        k = 1
        head = top
        while True:
            if k <= cap_onto:
                d = wanted.get(head)
                if d is not None and d != i:
                    nc = list(cols)
                    nc[i] = col[:n - k]
                    nc[d] = cols[d] + col[n - k:]
                    yield head * 64 + cols[d][-1], _after(cells, nc, found, i, close)
                    d = second.get(head)
                    if d is not None and d != i:
                        nc = list(cols)
                        nc[i] = col[:n - k]
                        nc[d] = cols[d] + col[n - k:]
                        yield head * 64 + cols[d][-1], _after(cells, nc, found, i, close)
            if k == n:
                break
            nxt = col[n - k - 1]
            if not builds[head * 52 + nxt]:
                break
            head = nxt
            k += 1
        # Into an empty column: one card (complete), and the longest run that fits.
        if empties and n > 1:
            longest = min(k, cap_empty, n - 1)
            for count in (range(1, longest + 1) if every else (1, longest) if longest > 1 else (1,)):
                nc = list(cols)
                nc[i] = col[:n - count]
                nc[0] = col[n - count:]
                yield col[n - count] * 64 + TO_EMPTY, _after(cells, nc, found, i, close)
        if free:
            nc = list(cols)
            nc[i] = col[:-1]
            yield top * 64 + TO_CELL, _after(bytes(sorted(cells + bytes((top,)))), nc, found, i, close)


def child_states_all(state: State, ncells: int) -> Iterator[tuple[int, State]]:
    """:func:`child_states` of the "all" game."""
    return child_states(state, ncells, close_all, True)


def initial_state(position: Position, close: Close = close_safe) -> tuple[State, int]:
    """The canonical state of ``position`` closed by ``close`` (the automatic
    moves of the level searched), and how many cards that sent home."""
    cells = [int(c) for c in position.cells if c is not None]
    cols = [bytes(int(c) for c in col) for col in position.columns]
    return close(cells, cols, list(position.foundations))
