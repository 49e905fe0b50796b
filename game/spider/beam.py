"""A level-synchronous beam search for Spider with every card known (fast, incomplete).

This is the search that wins deals for :func:`game.spider.solver.solve`; it
never proves a loss (it drops positions and prunes moves), so the solver
answers SOLVED or UNKNOWN from it, and leaves UNSOLVABLE to its complete
search. The idea is KPatience's second Spider solver (S. Kulow, 2023): the
code here is this project's own.

    >>> from game.spider.deals import deal
    >>> from game.spider.states import root
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

Moves tried: the pruned subset of the legal ones that
:func:`game.spider.states.pruned_children` makes (the line is replayed by
the engine).

Representation: a position is a flat :data:`~game.spider.states.State`
(:mod:`game.spider.states`). ``bytes`` caches its hash, so a child's hash
costs two new columns; every column's scores are computed once and cached
by its bytes (piles are immutable values, and the evaluation of a child
reads ten cached tuples). A won line is shortened by
:mod:`game.spider.shorten`.
"""

from __future__ import annotations

from collections.abc import Callable

from game.spider.moves import COLUMNS, Move
from game.spider.states import State, is_won, pruned_children, seen_key

__all__ = ["Beam"]

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
        deals = self.deals
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
                for move, child in pruned_children(state, deals):
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


