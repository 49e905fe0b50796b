"""FreeCell hints: what the Hint button shows, computed from the solver (pure Python).

:func:`hint_for` runs the search here and now; the game runs it off the main
thread through the solver package's ``HintService`` (or ``SolverService.ask_hint``),
which sends :class:`Progress` while the search runs, then one :class:`Hint`
with one of three outcomes (SPEC §1.5):

* ``WIN``: ``move`` is the first move of a winning line, replayed by the engine;
* ``NO_WIN``: the search examined every reachable position: no winning line
  (or the deal is on the shipped list of proven unsolvable deals, ``deal`` set);
* ``UNFINISHED``: budget or time ran out; ``move`` is a sensible move and the
  text says no win is known yet. Never presented as a dead end.

:func:`hint_text` is the one sentence a player reads, for the table and for
``solitaire hint`` alike; cards are named as their faces show them::

    >>> from game.freecell import deal
    >>> pos = deal(1)
    >>> hint = hint_for(pos, improve_seconds=0)
    >>> hint.kind, pos.is_legal(hint.move)
    (<HintKind.WIN: 'win'>, True)
    >>> hint_text(pos, Hint(0, HintKind.WIN, Move.parse("3a"), 88, 0, 0.0))
    'Move 2♥ from column 3 to a free cell — a winning line of 88 moves follows'
    >>> hint_text(deal(11982), known_unsolvable_hint(11982))
    'No winning line exists: deal #11982 is proven unsolvable'
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from game import limits
from game.cards import Card, run_name
from game.freecell.moves import COLUMNS, HOME, Move
from game.freecell.position import Position
from game.i18n import _, ngettext, pgettext

__all__ = ["Hint", "HintKind", "Progress", "hint_for", "hint_text", "known_unsolvable_hint", "move_sentence",
           "moved_cards"]


class HintKind(enum.Enum):
    WIN = "win"
    NO_WIN = "no win"
    UNFINISHED = "unfinished"


@dataclass(frozen=True)
class Progress:
    request: int
    states: int
    seconds: float


@dataclass(frozen=True)
class Hint:
    request: int
    kind: HintKind
    move: Move | None  # the move to show (None only when no legal move exists)
    #: WIN: the winning line's length as the game counts it (player moves
    #: under the automatic foundation level the hint was asked for).
    line_length: int | None
    states: int
    seconds: float

    #: The deal number when the answer is the shipped proof list's, not a search.
    deal: int | None = None
    #: WIN: the winning line behind ``move``, every card movement (it replays with
    #: ``auto=False``); empty when not passed on.
    line: tuple[Move, ...] = ()


def moved_cards(position: Position, move: Move) -> list[Card]:
    """The cards ``move`` takes in ``position``: the run off a column's end, or a cell's card.

    >>> from game.freecell import deal
    >>> [c.display for c in moved_cards(deal(1), Move.parse("3a"))]
    ['2♥']
    """
    if move.source < COLUMNS:
        return list(position.columns[move.source][-move.count:])
    held = position.cells[move.source - COLUMNS]
    return [] if held is None else [held]


def move_sentence(position: Position, move: Move) -> str:
    """``move`` as a player reads it, cards named as they show, places in words.

    ``move`` must be legal (or at least name existing cards) in ``position``.

    >>> from game.freecell import deal
    >>> pos = deal(1)
    >>> move_sentence(pos, Move.parse("3a")), move_sentence(pos, Move.parse("23"))
    ('Move 2♥ from column 3 to a free cell', 'Move 9♣ from column 2 to column 3 (onto 2♥)')
    """
    src, dest = move.source, move.dest
    if src < COLUMNS:
        # TRANSLATORS: where a hinted move starts, shown as {place} in "Move {cards} from {place} ...".
        where = pgettext("move from", "column {n}").format(n=src + 1)
    else:
        where = pgettext("move from", "a free cell")
    what = run_name(moved_cards(position, move))
    if dest == HOME:
        text = _("Move {cards} from {place} to the foundation")
    elif dest >= COLUMNS:
        text = _("Move {cards} from {place} to a free cell")
    elif position.columns[dest]:
        text = _("Move {cards} from {place} to column {n} (onto {card})")
    else:
        text = _("Move {cards} from {place} to empty column {n}")
    onto = position.columns[dest][-1].display if dest < COLUMNS and position.columns[dest] else ""
    return text.format(cards=what, place=where, n=dest + 1, card=onto)


def hint_text(position: Position, hint: Hint) -> str:
    """The sentence the table shows after "Hint:" and ``solitaire hint`` prints.

    ``position`` is the one the hint was asked for (its cards name the move).
    """
    if hint.kind is HintKind.NO_WIN:
        if hint.deal is not None:
            return _("No winning line exists: deal #{deal} is proven unsolvable").format(deal=hint.deal)
        return _("No winning line exists from here: the solver examined every position")
    if hint.move is None:
        return _("No move is possible from here")
    words = move_sentence(position, hint.move)
    if hint.kind is HintKind.WIN:
        # A solved answer without a line (the position is already won) has no length.
        n = hint.line_length or 0
        return ngettext("{move} \u2014 a winning line of {n} move follows",
                        "{move} \u2014 a winning line of {n} moves follows", n).format(move=words, n=n)
    return _("{move} (no win is known yet)").format(move=words)


def known_unsolvable_hint(number: int, request: int = 0) -> Hint | None:
    """The hint for any position of deal ``number`` when the deal is proven
    unsolvable (``game.freecell.deals.KNOWN_UNSOLVABLE``), else ``None``.

    No position reached from such a deal can be won either, so this answers
    at once without a search. Only for positions that descend from the deal
    (a table dealt from the number), never for a board read from elsewhere.
    """
    from game.freecell.deals import is_known_unsolvable

    if not is_known_unsolvable(number):
        return None
    return Hint(request, HintKind.NO_WIN, None, None, 0, 0.0, deal=number)


def hint_for(position: Position, *, budget: int = limits.HINT.states, time_limit: float | None = limits.HINT.seconds,
             improve_seconds: float = limits.HINT_IMPROVE_SECONDS, cancel: Callable[[], bool] | None = None,
             progress: Callable[[int, int | None], None] | None = None, request: int = 0,
             auto: bool | str | None = None) -> Hint:
    """Compute one hint in this process (blocking: the game asks the solver service).

    After the first winning line, up to ``improve_seconds`` go to finding a
    shorter one: a hint is only as good as the line behind it. The line is
    for the automatic foundation level ``auto`` (default: the position's
    ``auto_level``), so the move shown wins when played under it.
    """
    from game.freecell.solver import Verdict, sensible_move, solve

    result = solve(position, budget=budget, time_limit=time_limit, improve=improve_seconds > 0,
                   improve_seconds=improve_seconds, cancel=cancel, progress=progress,
                   auto=position.auto_level if auto is None else auto)
    if result.verdict is Verdict.SOLVED:
        return Hint(request, HintKind.WIN, result.first_move, result.game_moves, result.states, result.seconds,
                    line=tuple(result.moves))
    if result.verdict is Verdict.UNSOLVABLE:
        return Hint(request, HintKind.NO_WIN, None, None, result.states, result.seconds)
    return Hint(request, HintKind.UNFINISHED, sensible_move(position), None, result.states, result.seconds)
