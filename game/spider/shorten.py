"""Shorten a won Spider line from the full-knowledge searches, without searching again.

A line a beam (:mod:`game.spider.beam`) finds is rarely tidy: a run hops
twice where one move would do, a move is undone a few moves on, a move is
made that the rest of the line never needs. :func:`shorten` (its docstring
shows it at work) finds such waste by trying edits and keeping those that
still win, replayed on the search's own states (:mod:`game.spider.states`).
The solver (:mod:`game.spider.solver`) shortens its won lines with it,
against a clock, and the demo shortens the line it plays further while it
plays (:mod:`game.spider.lines`). The caller still replays the result
through the rules engine before trusting it, as it does every line.

This module is pure Python: it must not import pygame, moderngl or glm.
"""

from __future__ import annotations

import time

from game.spider.moves import MOVE_TABLE, Move
from game.spider.states import State, apply, wins

__all__ = ["HOP_REACH", "shorten"]


#: How far ahead (in moves) the second hop of a run is looked for.
HOP_REACH = 40


def shorten(state: State, deals: tuple[bytes, ...], moves: list[Move],
            deadline: float | None = None) -> list[Move]:
    """A shorter winning line from ``moves`` (which win from ``state``), never a longer one.

    Passes, repeated while one helps: cut every loop (a position met twice,
    e.g. a move undone by the next), merge a run's two hops ``A->B, B->C``
    into ``A->C``, and drop single moves the rest of the line does not need.
    Every candidate line is replayed to the win before it is kept.

    >>> from game.spider.beam import Beam
    >>> from game.spider.deals import deal
    >>> from game.spider.states import root, wins
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
