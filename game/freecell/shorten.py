"""Shorten a FreeCell solver line without searching again.

::

    >>> from game.freecell import deal
    >>> from game.freecell.beam import BeamRun
    >>> from game.freecell.states import child_states, evaluate_state, initial_state
    >>> root, _ = initial_state(deal(5))
    >>> run = BeamRun(root, ncells=4, width=16, children=child_states, evaluate=evaluate_state)
    >>> while run.step(1_000) is not None: pass
    >>> line = run.line  # move codes
    >>> short = shorten(root, line, 4, child_states, evaluate_state)
    >>> nonhome(short) < nonhome(line), play(root, short, 4, child_states, evaluate_state) is not None
    (True, True)

A line found by a search is rarely tidy: a card goes to a free cell and
comes back where it was, a card hops twice where one move would do, a
stretch of moves ends where one move from its start would have. This
module finds such waste by trying edits and keeping those that still win:

* shortcuts: when a position further down the line is one move (or no move)
  from an earlier one, the moves between are dropped (one pass over the
  line's positions, a shortest path over those links);
* for each card moved twice or more: make its first move go straight to where
  its next move takes it (merge two hops), drop the first move (wait), or
  drop both (a round trip);
* drop any single move.

Lines are move codes as :mod:`game.freecell.solver` builds them (``card * 64
+ target``), which name a card and where it goes, not columns, so an edited
line still means something. An edit is kept only when the whole line plays
in the search's own positions and wins; a move of a card that an earlier
edit sent home already is dropped (it cannot be needed). The caller still
replays the result through the rules engine before trusting it, as it
does every line.

Length is counted as fc-solve counts, every card movement: each card goes
home once in any winning line, so only the moves that are not home moves
can be saved, and :func:`nonhome` is what is minimised.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from game.freecell.states import TO_HOME, State

Children = Callable[[State, int], Iterable[tuple[int, State]]]
Evaluate = Callable[[State], tuple[int, int, int, int]]

__all__ = ["nonhome", "play", "shorten"]


def nonhome(line: list[int]) -> int:
    """Moves of ``line`` that are not home moves (what shortening saves)."""
    return sum(1 for code in line if (code & 63) != TO_HOME)


def _is_home(state: State, card: int) -> bool:
    return state[2][card & 3] > card >> 2


def play(root: State, line: list[int], ncells: int, children: Children,
         evaluate: Evaluate) -> list[tuple[int, State]] | None:
    """Play ``line`` from ``root``: the ``(code, state)`` steps actually made,
    up to the first won position, or None when a move is impossible or the
    line does not win. Moves of cards already home are left out."""
    return _play(root, line, ncells, children, evaluate)


def _play(root: State, line: list[int], ncells: int, children: Children, evaluate: Evaluate,
          known: tuple[list[State], list[tuple[int, State]], int] | None = None
          ) -> list[tuple[int, State]] | None:
    """:func:`play`; ``known`` is ``(states, steps, same)`` when the last
    ``same`` moves of ``line`` are the last ``same`` of a winning line whose
    steps (and positions before each, ``states``) are known: once the line
    is in those moves and at the position the winning line had there, the
    rest plays as it did, so its steps are taken as they are. Edits of a
    long line mostly rejoin it a few moves on; this spares replaying the rest
    of the line for each of them (the outcome is the same)."""
    state = root
    steps: list[tuple[int, State]] = []
    if evaluate(root)[0] == 0:
        return steps
    rejoin = len(line) + 1
    if known is not None:
        states, won, same = known
        rejoin = len(line) - same
        end = len(won) - len(line)  # line[m:] is won's moves from m + end on, for m >= rejoin
    for m, code in enumerate(line):
        if m >= rejoin and state == states[m + end]:
            return steps + won[m + end:]
        if _is_home(state, code >> 6):
            continue
        child = next((ch for c, ch in children(state, ncells) if c == code), None)
        if child is None:
            return None
        state = child
        steps.append((code, state))
        if evaluate(state)[0] == 0:
            return steps
    return None


def _shortcuts(root: State, steps: list[tuple[int, State]], ncells: int,
               children: Children) -> list[int]:
    """The cheapest path along the line's positions, where a position may
    jump to any later one it reaches in one move (or that equals it)."""
    states = [root] + [s for _, s in steps]
    n = len(states)
    index: dict[State, int] = {}
    for i, s in enumerate(states):
        index[s] = i  # the last time the line is at s
    inf = 1 << 30
    cost = [inf] * n
    prev: list[tuple[int, int | None]] = [(-1, None)] * n
    cost[0] = 0
    for i in range(n):
        if cost[i] == inf:
            continue
        # Being at s_i is being at its last visit, for free.
        j = index[states[i]]
        if j > i and cost[i] < cost[j]:
            cost[j] = cost[i]
            prev[j] = (i, None)
        for code, child in children(states[i], ncells):
            j = index.get(child, -1)
            if j > i:
                c = cost[i] + (0 if (code & 63) == TO_HOME else 1)
                if c < cost[j]:
                    cost[j] = c
                    prev[j] = (i, code)
    out: list[int] = []
    j = n - 1
    while j > 0:
        j, step = prev[j]
        if step is not None:
            out.append(step)
    out.reverse()
    return out


def _edits(line: list[int]) -> Iterable[tuple[int, list[int], int]]:
    """Candidate lines, each one edit of ``line`` that saves a move or more,
    as ``(i, tail, same)``: the line is ``line[:i] + tail``, and the last
    ``same`` moves of ``tail`` are the last ``same`` of ``line``."""
    n = len(line)
    last: dict[int, int] = {}
    for j, code in enumerate(line):
        card = code >> 6
        i = last.get(card)
        last[card] = j
        if i is None or (line[i] & 63) == TO_HOME:
            continue
        # Merge the hops: at i, go where j goes.
        yield i, [code] + line[i + 1:j] + line[j + 1:], n - j - 1
        # Wait: skip the first hop; the card moves from where it was at j.
        yield i, line[i + 1:], n - i - 1
        # A round trip.
        yield i, line[i + 1:j] + line[j + 1:], n - j - 1
    for i, code in enumerate(line):
        if (code & 63) != TO_HOME:
            yield i, line[i + 1:], n - i - 1


class _Moves:
    """``children``, remembered for the positions of the line being
    shortened (each round of edits looks at them again); other positions,
    those of edits tried, are generated afresh, so memory stays the line's."""

    def __init__(self, children: Children) -> None:
        self.children = children
        #: The line's positions: their moves, or None until first asked for.
        self.seen: dict[State, tuple[tuple[int, State], ...] | None] = {}

    def __call__(self, state: State, ncells: int) -> Iterable[tuple[int, State]]:
        if state not in self.seen:
            return self.children(state, ncells)
        moves = self.seen[state]
        if moves is None:
            moves = self.seen[state] = tuple(self.children(state, ncells))
        return moves

    def keep(self, states: list[State]) -> None:
        """Remember the positions of ``states`` (the line now), forget the rest."""
        self.seen = {s: self.seen.get(s) for s in states}


def shorten(root: State, line: list[int], ncells: int, children: Children, evaluate: Evaluate,
            stop: Callable[[], bool] | None = None) -> list[int]:
    """A line from ``root`` with no more non-home moves than ``line`` (which
    must win): the edits above, repeated while they save moves. ``stop()``
    ends the work early (the best line so far is returned)."""
    steps = play(root, line, ncells, children, evaluate)
    if steps is None:
        return line
    best = [code for code, _ in steps]
    moves = _Moves(children)
    # After an edit kept at i, the shortcuts first again (they save the
    # most), then the edits from i on: those before i were just tried on the
    # same moves. Only a sweep over the whole line that finds nothing ends
    # the work, so no shortcut and no single edit that saves a move is left.
    floor = 0
    while True:
        states = [root] + [state for _, state in steps]
        moves.keep(states)
        cut = _shortcuts(root, steps, ncells, moves)
        if nonhome(cut) < nonhome(best) and (done := play(root, cut, ncells, moves, evaluate)) is not None:
            steps = done
            best = [code for code, _ in steps]
            floor = 0  # a shortcut can change the line anywhere
            continue
        for i, tail, same in _edits(best):
            if i < floor:
                continue
            if stop is not None and stop():
                return best
            done = _play(states[i], tail, ncells, moves, evaluate, (states, steps, same))
            if done is not None and nonhome(tail_done := [c for c, _ in done]) < nonhome(best[i:]):
                steps = steps[:i] + done
                best = best[:i] + tail_done
                floor = i
                break
        else:
            if floor == 0:
                return best
            floor = 0
