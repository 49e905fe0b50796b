"""The fair hint's complete search for a table with every card in sight (SPEC §2.3).

Once nothing lies face down and the stock is spent, the player sees every
card: the game is a puzzle with one answer, and the full-knowledge solver
(:func:`game.spider.solver.solve`) is as fair as any search. The fair
search's sampled beams are 16 wide, and on a crowded table they run dry
where a win wants a 256-wide beam (one-suit game 71 at the bench's 63rd
hint: the bot lost it), while the solver's search finds that win in about a
thousand states.

It takes a :class:`~game.spider.masked.MaskedView`, like the rest of the
fair hint, and builds the position from the view alone, and only when the
view hides nothing: no path here reaches a hidden card.

    >>> from game.spider.masked import MaskedView
    >>> runs = [tuple(range(48 + s, 3, -4)) for s in range(4)]  # K..2 of each suit
    >>> aces = (0, 1, 2, 3)  # A♠ A♥ A♦ A♣ in one column
    >>> view = MaskedView(((),) * 5 + (aces,) + tuple(runs), (0,) * 10, 0, (), 4, 4)
    >>> found = winning_move(view, 1_000)
    >>> found.move.source, found.move.count, found.lost  # the ace of clubs, last in column 6, first
    (5, 1, False)

This module is pure Python: it must not import pygame, moderngl or glm.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from game.spider.board import PositionError
from game.spider.deck import DECK_SETS
from game.spider.masked import MaskedView
from game.spider.moves import Move
from game.spider.position import Position
from game.spider.solver import Verdict, solve

__all__ = ["InSight", "winning_move"]


class InSight(NamedTuple):
    """What the complete solver found for a table with every card in sight."""

    #: The first move of its winning line (replayed by the rules engine), or None.
    move: Move | None
    #: The solver's states spent.
    states: int
    #: The solver examined every line and none wins: a proof, not a sampled guess.
    lost: bool = False


def winning_move(view: MaskedView, budget: int, cancel: Callable[[], bool] | None = None) -> InSight:
    """The first move of the solver's winning line for ``view``, the states it spent,
    and whether it proved the table lost.

    No move when the solver found no win within ``budget`` states or proved
    there is none (``lost``: only an exhausted search says so). Raises
    ``ValueError`` for a view that hides a card: only a table with every card
    in sight may be searched with full knowledge.
    """
    if view.unseen:
        raise ValueError(f"{len(view.unseen)} cards are out of sight: this search needs every card in sight")
    seen = [0] * 52
    for up in view.columns:
        for c in up:
            seen[c] += 1
    sets = DECK_SETS[view.suits]
    # A set leaves the table whole: the aces a suit is missing count its sets taken off.
    removed = [suit for suit in range(4) for _ in range(sets[suit] - seen[suit])]
    try:
        position = Position([[int(c) for c in up] for up in view.columns], view.face_down, (), removed)
    except PositionError:
        return InSight(None, 0)  # a view no deck makes: nothing to search
    # Unshortened: the shortening runs against the clock, and the same table must get the
    # same hint on any machine (only the line's first move is taken).
    found = solve(position, budget=max(1, budget), cancel=cancel, shorten_line=False)
    if found.verdict is Verdict.SOLVED and found.moves:
        return InSight(found.moves[0], found.states)
    return InSight(None, found.states, found.verdict is Verdict.UNSOLVABLE)
