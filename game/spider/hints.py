"""Spider hints that see only what the player sees (SPEC §2.3).

The hint is a pure function of the *visible* table: per column the number of
face-down cards and the face-up cards, and the size of the stock
(:meth:`Position.visible`). It never reads a hidden card or the stock order,
so it can never give away what a player could not know; the full-knowledge
solver (:mod:`game.spider.solver`) is a separate tool for verifying deals.

    >>> from game.spider.deals import deal
    >>> pos = deal(1, suits=1)
    >>> [str(h.move) for h in hints(pos)][:2]
    ['move 6 5 1', 'move 9 10 1']
    >>> cycle = HintCycle()
    >>> cycle.next(pos).text
    'Move 10♠ from column 6 to column 5 (onto J♠) — turns a face-down card'
    >>> cycle.next(pos).text
    'Move 2♠ from column 9 to column 10 (onto 3♠) — turns a face-down card'


Candidates come in this order (:class:`Gain`, best first): completes a set,
turns a face-down card, empties a column, joins the same suit, uncovers a
buried card, moves to an empty column. Within one kind a same-suit target
comes first, then the move that leaves fewer face-down cards in its source
column, then more cards moved, then column order (so the list is
deterministic). A move into an empty column is always of the last kind,
whatever else it does: an empty column is the most valuable thing on the
table and a hint should not spend it before anything else.

Left out, because they improve nothing:

* a card (or run) that lies on a card one rank higher of another suit, moved
  onto another suit: it only trades one rank-connected parent for another;
* a run shuffled between two equal targets: split off a same-suit parent and
  put on another same-suit card (unless that completes a set), or onto any
  other suit;
* a whole column moved into an empty column (the table does not change);
* any other move with none of the gains above, e.g. part of a same-suit run
  moved into an empty column.

The words say why in another order (:class:`Reason`, :func:`reasons`): what
matters most to the player first, turning a face-down card, then leaving no
empty column while stock is left (the deal is free again), then completing a
set, then the lesser gains; a second reason is named when it matters as much
("turns a face-down card and completes a set"). A move into an empty column
says what it turns or uncovers there (the sentence names the empty column
already), and in a one-suit game, where every card is a spade, a same-suit
build is said as a longer run.

With no candidate the hint is "deal" when a deal is allowed, else "undo".
Hints cost nothing: they never touch the position or the score.

This module is pure Python: it must not import pygame, moderngl or glm.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Protocol

from game.cards import Card, run_name
from game.i18n import N_, _, ngettext
from game.spider.moves import COLUMNS, Move

__all__ = ["Gain", "Hint", "HintCycle", "HintKind", "Reason", "Visible", "candidates", "hints", "next_hint",
           "reason_text", "reasons"]

#: What a player sees: per column (face-down count, face-up cards), and the stock size.
Visible = tuple[tuple[tuple[int, tuple[Card, ...]], ...], int]

_DEAL_SIZE = 10


class _Sees(Protocol):
    def visible(self) -> Visible: ...


class Gain(enum.IntEnum):
    """What ranks a move among the candidates; a lower value is shown first (the words
    say :class:`Reason`: what matters most to the player)."""

    COMPLETES_SET = 0
    TURNS_CARD = 1
    EMPTIES_COLUMN = 2
    JOINS_SUIT = 3
    UNCOVERS_CARD = 4
    TO_EMPTY = 5



class Reason(enum.IntEnum):
    """What a hinted move does for the player, in the words' order: the most important first.

    Not :class:`Gain`, which orders the candidates (a set first, a move into an
    empty column last, whatever it turns): the words name what matters most to
    the player, so a move into an empty column that turns a card says so, and a
    move that leaves no empty column with stock left says that the deal is free.
    """

    TURNS_CARD = 0
    ALLOWS_DEAL = 1
    COMPLETES_SET = 2
    EMPTIES_COLUMN = 3
    JOINS_SUIT = 4
    BUILDS_RUN = 5  # one suit: every card is the same suit, so "joins the same suit" says nothing
    UNCOVERS_CARD = 6

    @property
    def text(self) -> str:
        return _(_REASON_TEXT[self])


# TRANSLATORS: why a hinted Spider move is worth it, shown as {gain} after the move's sentence.
_REASON_TEXT = {
    Reason.TURNS_CARD: N_("turns a face-down card"),
    Reason.ALLOWS_DEAL: N_("fills the last empty column, so you can deal"),
    Reason.COMPLETES_SET: N_("completes a set"),
    Reason.EMPTIES_COLUMN: N_("empties a column"),
    Reason.JOINS_SUIT: N_("joins the same suit"),
    Reason.BUILDS_RUN: N_("builds a longer run"),
    Reason.UNCOVERS_CARD: N_("uncovers a buried card"),
}

#: The reasons worth a second mention after the first: each changes what the player can do next.
_MAJOR = (Reason.TURNS_CARD, Reason.ALLOWS_DEAL, Reason.COMPLETES_SET)


def reasons(view: Visible, move: Move, suits: int = 4) -> tuple[Reason, ...]:
    """Everything ``move`` does on the visible table that is worth saying, most important first.

    ``suits`` is the game's suit count: with one suit a same-suit build is said
    as a longer run. Empty for a move that does none of these (a run moved off a
    card one rank higher, say).

        >>> from game.spider.deals import deal
        >>> [r.name for r in reasons(deal(1, suits=1).visible(), Move.parse("move 6 5 1"), suits=1)]
        ['TURNS_CARD', 'BUILDS_RUN']
    """
    columns, stock = view
    s, d, k = move.source, move.dest, move.count
    down_s, up_s = columns[s]
    up_d = columns[d][1]
    head = up_s[-k]
    exposes_all = k == len(up_s)
    parent = up_s[-k - 1] if not exposes_all else None
    on_rank = parent is not None and (parent >> 2) == (head >> 2) + 1
    same = bool(up_d) and up_d[-1] == head + 4
    found: list[Reason] = []
    if exposes_all and down_s:
        found.append(Reason.TURNS_CARD)
    if stock and not _can_deal(view) and d in _empty(columns) and len(_empty(columns)) == 1 \
            and not (exposes_all and not down_s):
        # The move fills the one empty column and leaves its source a card: the deal is free.
        found.append(Reason.ALLOWS_DEAL)
    if same and k + _run(up_d) == 13:
        found.append(Reason.COMPLETES_SET)
    if exposes_all and not down_s and up_d:
        found.append(Reason.EMPTIES_COLUMN)
    if same and parent != head + 4:
        found.append(Reason.BUILDS_RUN if suits == 1 else Reason.JOINS_SUIT)
    elif parent is not None and not on_rank:
        found.append(Reason.UNCOVERS_CARD)
    return tuple(found)


def reason_text(found: tuple[Reason, ...]) -> str:
    """The words for :func:`reasons`: the first, and the second too when it matters as much."""
    if len(found) > 1 and found[1] in _MAJOR:
        # TRANSLATORS: two reasons for a hinted Spider move, the more important first:
        # "turns a face-down card and completes a set".
        return _("{reason} and {more}").format(reason=found[0].text, more=found[1].text)
    return found[0].text if found else ""


def _empty(columns: tuple[tuple[int, tuple[Card, ...]], ...]) -> list[int]:
    return [i for i, (down, up) in enumerate(columns) if not down and not up]


class HintKind(enum.Enum):
    MOVE = "move"
    DEAL = "deal"
    UNDO = "undo"


@dataclass(frozen=True)
class Hint:
    """One hint: a move (outline ``count`` cards of ``source``, target ``dest``), or deal, or undo.

    ``index`` and ``total`` place a move among the candidates ("hint 2 of 5").
    ``cards`` are the face-up cards that move and ``onto`` the card they go on
    (``None`` for an empty column): what the sentence names. ``reasons`` say
    why (:func:`reasons`); ``gain`` is what ranked the move among the others.
    """

    kind: HintKind
    move: Move | None = None
    gain: Gain | None = None
    index: int = 0
    total: int = 0
    cards: tuple[Card, ...] = ()
    onto: Card | None = None
    reasons: tuple[Reason, ...] = ()

    @property
    def source(self) -> int | None:
        return self.move.source if self.move is not None else None

    @property
    def dest(self) -> int | None:
        return self.move.dest if self.move is not None else None

    @property
    def count(self) -> int:
        return self.move.count if self.move is not None else 0

    @property
    def text(self) -> str:
        """The sentence the table shows after "Hint:" and ``solitaire hint spider`` prints,
        e.g. ``"Move 7♠ 6♠ from column 6 to column 5 (onto 8♠) — joins the same suit"``."""
        if self.kind is HintKind.DEAL:
            return _("Deal a new row from the stock: no useful move is left")
        if self.kind is HintKind.UNDO:
            return _("No useful move is left and the stock can't be dealt: undo a move")
        assert self.move is not None
        k = self.move.count
        # TRANSLATORS: the cards a hint moves, shown as {cards} in "Move {cards} from column ...".
        what = run_name(self.cards) if self.cards else ngettext("{n} card", "{n} cards", k).format(n=k)
        if self.onto is not None:
            text = _("Move {cards} from column {source} to column {dest} (onto {card}) \u2014 {gain}")
        else:
            text = _("Move {cards} from column {source} to empty column {dest} \u2014 {gain}")
        return text.format(cards=what, source=self.move.source + 1, dest=self.move.dest + 1,
                           card=self.onto.display if self.onto is not None else "",
                           gain=reason_text(self.reasons))

    def __str__(self) -> str:
        return self.text


def _run(up: tuple[Card, ...]) -> int:
    """Length of the same-suit descending run at the end of the face-up cards."""
    n = len(up)
    if not n:
        return 0
    r = 1
    while r < n and up[n - r - 1] == up[n - r] + 4:
        r += 1
    return r


def candidates(view: Visible) -> list[tuple[Move, Gain]]:
    """The useful moves of a visible table, best first (see the module docstring).

    ``view`` is :meth:`Position.visible`: nothing hidden goes in, so nothing
    hidden can come out.

    >>> from game.spider.deals import deal
    >>> [(str(m), g.name) for m, g in candidates(deal(3, suits=4).visible())][:2]
    [('move 8 7 1', 'TURNS_CARD'), ('move 9 5 1', 'TURNS_CARD')]
    """
    columns, _stock = view
    if len(columns) != COLUMNS:
        raise ValueError(f"{len(columns)} columns: Spider has {COLUMNS}")
    runs = [_run(up) for _down, up in columns]
    empties = [i for i, (down, up) in enumerate(columns) if not up]
    # Equivalent empty columns would only repeat one hint: offer the first.
    first_empty = empties[0] if empties else -1
    scored: list[tuple[tuple[int, ...], Move, Gain]] = []
    for s, (down_s, up_s) in enumerate(columns):
        n_run = runs[s]
        if not n_run:
            continue
        n_up = len(up_s)
        for k in range(1, n_run + 1):
            head = up_s[-k]
            exposes_all = k == n_up
            # The card the run lies on, if it is face up (None: face-down card or nothing).
            parent = up_s[-k - 1] if not exposes_all else None
            on_suit = parent is not None and parent == head + 4
            on_rank = parent is not None and (parent >> 2) == (head >> 2) + 1
            for d, (_down_d, up_d) in enumerate(columns):
                if d == s:
                    continue
                if not up_d:
                    if d != first_empty:
                        continue
                    # Into an empty column: worth it only if it turns a card or
                    # frees a card that was not rank-connected (else it spends
                    # the empty column for nothing; a whole column moved into an
                    # empty column changes nothing at all).
                    if exposes_all and down_s:
                        why = Gain.TURNS_CARD
                    elif not exposes_all and not on_rank:
                        why = Gain.UNCOVERS_CARD
                    else:
                        continue
                    scored.append(((Gain.TO_EMPTY, why, 1, down_s, -k, s, d), Move.of(s, d, k), Gain.TO_EMPTY))
                    continue
                top = up_d[-1]
                if (top >> 2) != (head >> 2) + 1:
                    continue
                same = top == head + 4
                gain: Gain | None = None
                if same and k + runs[d] == 13:
                    gain = Gain.COMPLETES_SET
                elif exposes_all and down_s:
                    gain = Gain.TURNS_CARD
                elif exposes_all:
                    gain = Gain.EMPTIES_COLUMN
                elif same and not on_suit:
                    gain = Gain.JOINS_SUIT
                elif not on_rank:
                    gain = Gain.UNCOVERS_CARD
                # Else: it lies on a rank-connected parent and goes onto a target
                # that is no better (another suit, or the same suit it already
                # has): nothing improves.
                if gain is None:
                    continue
                scored.append(((gain, 0, 0 if same else 1, down_s, -k, s, d), Move.of(s, d, k), gain))
    scored.sort(key=lambda t: t[0])
    return [(m, g) for _key, m, g in scored]


def _can_deal(view: Visible) -> bool:
    """The deal rule from what is visible: stock left, no empty column unless under ten cards are out."""
    columns, stock = view
    if not stock:
        return False
    if all(up for _down, up in columns):
        return True
    return sum(down + len(up) for down, up in columns) < _DEAL_SIZE


def hints(position: _Sees) -> list[Hint]:
    """Every hint for ``position`` in the order Hint shows them.

    Only ``position.visible()`` is read. With no useful move the list is one
    "deal" or "undo" hint.
    """
    view = position.visible()
    found = candidates(view)
    if not found:
        return [Hint(HintKind.DEAL if _can_deal(view) else HintKind.UNDO)]
    total = len(found)
    columns = view[0]
    # The suit count is not on the table (a one-suit game's words differ): a table that
    # does not say has four suits.
    suits: int = getattr(position, "suits", 4)
    out = []
    for i, (m, g) in enumerate(found):
        up_dest = columns[m.dest][1]
        out.append(Hint(HintKind.MOVE, m, g, i, total, columns[m.source][1][-m.count:],
                        up_dest[-1] if up_dest else None, reasons(view, m, suits)))
    return out


def next_hint(position: _Sees, asked: int) -> Hint:
    """The hint to show on the ``asked``-th press (0 = first) in an unchanged position; wraps around."""
    found = hints(position)
    return found[asked % len(found)]


class HintCycle:
    """Hint presses: each :meth:`next` gives the next candidate; a changed table starts over.

    The table counts as changed when anything visible changes (a move, a deal,
    an undo), so "Hint" after a move shows that position's best candidate.
    """

    def __init__(self) -> None:
        self._view: Visible | None = None
        self._list: list[Hint] = []
        self._asked = 0

    def next(self, position: _Sees) -> Hint:
        view = position.visible()
        if view != self._view:
            self._view = view
            self._list = hints(position)
            self._asked = 0
        hint = self._list[self._asked % len(self._list)]
        self._asked += 1
        return hint

    def reset(self) -> None:
        self._view = None
        self._asked = 0
