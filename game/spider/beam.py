"""A level-synchronous beam search for Spider with every card known (fast, incomplete).

This is the search that wins deals for :func:`game.spider.solver.solve`; it
never proves a loss (it drops positions and prunes moves), so the solver
answers SOLVED or UNKNOWN from it, and leaves UNSOLVABLE to its complete
search. The idea is KPatience's second Spider solver (S. Kulow, 2023): the
code here is this project's own.

    >>> from game.spider.deals import deal
    >>> state, deals = root(deal(1, suits=1))
    >>> beam = Beam(deals, width=20)
    >>> line = beam.run(state)
    >>> line is not None and len(line) > 50
    True

Each depth (one move further from the start) keeps the best ``width``
positions *for each count of deals left*, so positions that dealt early and
positions that kept working the table both stay in the beam. A position
already kept at an earlier depth, or twice at this one, is dropped.

Rank (lower first): *chaos*, then *ready*.

* chaos: per column, every face-down card and every break in the face-up
  cards (the first face-up card, then each card that is not the next lower
  card of the same suit as the one under it); minus one per column whose
  bottom card is a King or could go on another column's last card (rank
  only); minus one per empty column (not below zero). Two more flavours
  count every face-down card twice (``down_weight=2``) or each empty column
  twice (``empty_weight=2``): each wins games where the others are stuck at
  every width the demo can afford, so the demo's quick search tries all
  three at each width.
* ready: the cards that move together at the end of each column (a column
  of one card counts one), plus the cards removed in sets, plus the empty
  columns; more is better. Once chaos is zero (the game is as good as won),
  more empty columns first, then fewer cards off.

Moves tried (a subset of the legal ones; the line is replayed by the engine):

* a run onto a card one rank higher. A run that lies on the next card of
  its own suit is split off only when the target's run of that suit grows
  longer than the source's was (otherwise the move shuffles a run between
  two equal places);
* a run into an empty column: only the first empty column for each
  (source, count) while deals remain (the columns differ by the cards a
  deal will put there, so this prunes); after the last deal, never a whole
  column (it only changes places) nor a split of a same-suit run;
* the deal, where the rules allow it.

A complete K..A run never stays on the table: the rules engine removes it
with the move that completes it, and so do these children.

Representation: a position is a tuple of ten ``bytes`` (byte 0 the column's
face-down count, then its cards, buried first) and the number of deals
left, as in :mod:`game.spider.solver`. ``bytes`` caches its hash, so a
child's hash costs two new columns; every column's scores are computed once
and cached by its bytes (piles are immutable values, and the evaluation of a
child reads ten cached tuples).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from game.spider.moves import COLUMNS, DEAL, MOVE_TABLE, Move
from game.spider.position import Position

__all__ = ["Beam", "State", "apply", "is_won", "legal", "root", "seen_key", "shorten", "wins"]

#: (col0, ..., col9: bytes, deals_left: int): one flat tuple, cheap to hash and
#: copy, read by computed index (state[j], state[10]), which mypy cannot type
#: item by item, so its items are Any; the searches built on it are replayed
#: through game.spider.position before anything trusts them.
State = tuple[Any, ...]  # type: ignore[explicit-any]  # bytes and one int, read by computed index (above)
#: A beam's node: a state, the node it came from and the move that made it
#: (the start has neither).
Node = tuple[State, "Node | None", Move | None]

# Per-column cache: bytes -> (chaos, run, top, top_rank, base_rank, playable, cards).
# ``top`` is -1 for an empty column; ``base_rank`` is the 0-based rank of the
# bottom card (12 a King), -1 when empty.
_INFO: dict[bytes, tuple[int, int, int, int, int, int, int]] = {}
_INFO_LIMIT = 500_000  # about 80 MB; clearing only costs recomputation


def _info(col: bytes) -> tuple[int, int, int, int, int, int, int]:
    n = len(col) - 1
    if not n:
        v = (0, 0, -1, -1, -1, 0, 0)
    else:
        down = col[0]
        chaos = down + 1
        prev = col[1 + down]
        for i in range(2 + down, n + 1):
            c = col[i]
            if c + 4 != prev:
                chaos += 1
            prev = c
        top = col[n]
        low = 1 + down
        i = n
        while i > low and col[i - 1] == col[i] + 4:
            i -= 1
        run = n - i + 1
        v = (chaos, run, top, top >> 2, col[1] >> 2, 1 if n < 2 else run, n)
    if len(_INFO) >= _INFO_LIMIT:
        _INFO.clear()
    _INFO[col] = v
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


def is_won(state: State) -> bool:
    return state[10] == 0 and all(len(state[j]) == 1 for j in range(COLUMNS))


def _priority(child: State, down_extra: int = 0, empty_extra: int = 0) -> int:
    """The rank of a position as one int (lower is better): see the module docstring.
    ``down_extra`` adds that much chaos per face-down card, ``empty_extra``
    takes that much more off per empty column (the other flavours)."""
    info = _INFO
    chaos = 0
    ready = 0
    cards = 0
    empties = 0
    fits = [0] * 14  # how many columns end in each 0-based rank
    bases = []
    for j in range(COLUMNS):
        col = child[j]
        v = info.get(col)
        if v is None:
            v = _info(col)
        if v[2] < 0:
            empties += 1
            continue
        chaos += v[0]
        ready += v[5]
        cards += v[6]
        fits[v[3]] += 1
        bases.append(v)
    for v in bases:
        b = v[4]
        if b == 12 or fits[b + 1] - (v[3] == b + 1) > 0:
            chaos -= 1
    if down_extra:  # (kept out of the loop: the plain flavour pays nothing for it)
        chaos += down_extra * sum(child[j][0] for j in range(COLUMNS))
    chaos -= empties * (1 + empty_extra)
    off: int = 104 - cards - 10 * child[10]
    ready += off + empties
    if chaos <= 0:
        # Straight win mode: more empty columns, then fewer cards off.
        return ((255 - ready) * 16 + 15 - empties) * 128 + off
    return ((chaos * 256 + 255 - ready) * 16) * 128


#: Moves (deals included) a beam line may have: a beam that wanders longer
#: is given up (it would cost its full width at every further depth).
MAX_DEPTH = 260


class Beam:
    """One beam search of a given width; :meth:`run` returns a winning line or ``None``.

    ``tick()`` is called before each expansion and stops the search when it
    returns True (budget, clock, cancel). ``truncated`` says whether any
    depth had more candidates than the beam kept (if not, a failure means
    the pruned move set has no win: a wider beam cannot help).
    """

    def __init__(self, deals: tuple[bytes, ...], width: int,
                 tick: Callable[[], bool] | None = None, down_weight: int = 1,
                 empty_weight: int = 1) -> None:
        if down_weight < 1 or empty_weight < 1:
            raise ValueError(f"the weights must be at least 1, not {down_weight} and {empty_weight}")
        self.deals = deals
        self.width = width
        self.down_extra = down_weight - 1
        self.empty_extra = empty_weight - 1
        self.tick = tick
        self.truncated = False
        self.stopped = False
        self.expanded = 0
        self.best = 1 << 30  # the best priority seen (see _priority)

    @property
    def chaos(self) -> int:
        """The chaos of the best position seen so far (0 once a win is in reach)."""
        return self.best >> 19 if self.best < 1 << 30 else 1 << 10

    def children(self, state: State) -> list[tuple[Move, State]]:
        """The pruned children of ``state`` (see the module docstring)."""
        info = _INFO
        tops = []
        runs = []
        by_rank: dict[int, list[int]] = {}
        empties: list[int] = []
        for j in range(COLUMNS):
            col = state[j]
            v = info.get(col)
            if v is None:
                v = _info(col)
            top = v[2]
            tops.append(top)
            runs.append(v[1])
            if top < 0:
                empties.append(j)
            else:
                r = v[3]
                lst = by_rank.get(r)
                if lst is None:
                    by_rank[r] = [j]
                else:
                    lst.append(j)
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
            out.append((DEAL, apply(state, DEAL, self.deals)))
        return out

    def run(self, start: State) -> list[Move] | None:
        """Search from ``start``; a winning line (moves and deals) or ``None``."""
        if is_won(start):
            return []
        width = self.width
        depth = 0
        seen: set[int] = {hash(seen_key(start))}
        # A node is (state, parent node, move that made it).
        beam: list[Node] = [(start, None, None)]
        tick = self.tick
        extra, empty_extra = self.down_extra, self.empty_extra
        while beam and depth < MAX_DEPTH:
            depth += 1
            cands: list[tuple[int, State, Node, Move]] = []
            here: set[int] = set()
            for node in beam:
                if tick is not None and tick():
                    self.stopped = True
                    return None
                self.expanded += 1
                state = node[0]
                for move, child in self.children(state):
                    h = hash(seen_key(child))
                    if h in seen or h in here:
                        continue
                    here.add(h)
                    if child[10] == 0 and is_won(child):
                        return _line((child, node, move))
                    cands.append((_priority(child, extra, empty_extra), child, node, move))
            if not cands:
                return None
            cands.sort(key=_first)
            if cands[0][0] < self.best:
                self.best = cands[0][0]
            kept = [0] * 6
            beam = []
            for _pri, child, parent, move in cands:
                left = child[10]
                if kept[left] < width:
                    kept[left] += 1
                    beam.append((child, parent, move))
                    seen.add(hash(seen_key(child)))
                else:
                    self.truncated = True
        if beam:
            self.truncated = True  # stopped by MAX_DEPTH, not by running dry
        return None


def _first(item: tuple[int, State, Node, Move]) -> int:
    return item[0]


def seen_key(state: State) -> State:
    """What two states must share to count as one when a search drops duplicates
    (the beams here and :mod:`game.spider.fair`'s): the state itself while deals
    remain; once the stock is empty, column order no longer matters, so the
    columns are compared sorted."""
    if state[10]:
        return state
    return tuple(sorted(state[:COLUMNS]))


def _line(node: Node) -> list[Move]:
    moves: list[Move] = []
    while True:
        _, parent, move = node
        if parent is None or move is None:  # the start
            break
        moves.append(move)
        node = parent
    moves.reverse()
    return moves


# --- shortening a won line ---------------------------------------------------------


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
    v = _INFO.get(state[s]) or _info(state[s])
    if k > v[1]:
        return False
    dst: bytes = state[d]
    if len(dst) == 1:
        return True
    head: int = state[s][-k]
    return (dst[-1] >> 2) == (head >> 2) + 1


def wins(state: State, deals: tuple[bytes, ...], moves: list[Move]) -> bool:
    """Whether ``moves`` are legal one after another from ``state`` and win."""
    for m in moves:
        if not legal(state, m):
            return False
        state = apply(state, m, deals)
    return is_won(state)


#: How far ahead (in moves) the second hop of a run is looked for.
HOP_REACH = 40


def shorten(state: State, deals: tuple[bytes, ...], moves: list[Move],
            deadline: float | None = None) -> list[Move]:
    """A shorter winning line from ``moves`` (which win from ``state``), never a longer one.

    Passes, repeated while one helps: cut every loop (a position met twice,
    e.g. a move undone by the next), merge a run's two hops ``A->B, B->C``
    into ``A->C``, and drop single moves the rest of the line does not need.
    Every candidate line is replayed to the win before it is kept.

    >>> from game.spider.deals import deal
    >>> from game.spider.position import Position
    >>> state, deals = root(deal(1, suits=1))
    >>> line = Beam(deals, width=20).run(state)
    >>> short = shorten(state, deals, line)
    >>> len(short) <= len(line) and wins(state, deals, short)
    True
    """
    best = list(moves)
    for _ in range(4):
        before = len(best)
        best = _cut_loops(state, deals, best)
        best = _merge_hops(state, deals, best, deadline)
        best = _drop_singles(state, deals, best, deadline)
        if len(best) == before:
            break
    return best


def _cut_loops(state: State, deals: tuple[bytes, ...], moves: list[Move]) -> list[Move]:
    states = [state]
    for m in moves:
        states.append(apply(states[-1], m, deals))
    out: list[Move] = []
    first: dict[State, int] = {}
    # Walk the positions; on meeting one seen before, drop everything made since.
    path: list[State] = [state]
    first[state] = 0
    for m, after in zip(moves, states[1:]):
        if after in first:
            keep = first[after]
            for st in path[keep + 1:]:
                del first[st]
            del path[keep + 1:]
            del out[keep:]
        else:
            out.append(m)
            path.append(after)
            first[after] = len(path) - 1
    return out


def _merge_hops(state: State, deals: tuple[bytes, ...], moves: list[Move],
                deadline: float | None) -> list[Move]:
    """For each move ``A->B`` of k cards, the next few moves that carry k cards
    on from B: try ``A->C`` in place of the pair (or nothing, if C is A)."""
    i = 0
    while i < len(moves):
        if deadline is not None and time.perf_counter() > deadline:
            break
        a = moves[i]
        if a.count:
            tried = 0
            for j in range(i + 1, min(len(moves), i + HOP_REACH)):
                b = moves[j]
                if b.count == 0:
                    break  # a deal changes every column
                if b.source != a.dest or b.count != a.count:
                    continue
                trial = moves[:i] + moves[i + 1:j] + moves[j + 1:]
                if b.dest != a.source:
                    trial.insert(i, MOVE_TABLE[a.source][b.dest][a.count])
                if wins(state, deals, trial):
                    moves = trial
                    i -= 1
                    break
                tried += 1
                if tried >= 3:
                    break
        i += 1
    return moves


def _drop_singles(state: State, deals: tuple[bytes, ...], moves: list[Move],
                  deadline: float | None) -> list[Move]:
    i = len(moves) - 1
    while i >= 0:
        if deadline is not None and time.perf_counter() > deadline:
            break
        if moves[i].count:
            trial = moves[:i] + moves[i + 1:]
            if wins(state, deals, trial):
                moves = trial
        i -= 1
    return moves
