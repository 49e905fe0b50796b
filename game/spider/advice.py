"""The fair Spider hint in words: what to play, why, and what it hopes for (SPEC §2.3).

    >>> from game.spider.deals import deal
    >>> advice = advise(deal(1, suits=1), budget=4_000)
    >>> first = advice.hints[0]
    >>> first.kind.value, first.index, len(advice.hints) == first.total
    ('move', 0, True)
    >>> first.hope in first.text and any(words in first.hope for words in ("sampled layout", "may lie", "on this line"))
    True

:func:`advise` masks the position (:func:`game.spider.masked.mask`) and
hands only that view to the search (:func:`game.spider.fair.search`): the
words are built from the view and the search's counts, never from a hidden
card. The hints come best first; pressing Hint again shows the next.

This module is pure Python: it must not import pygame, moderngl or glm.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from game.cards import Card, run_name
from game.i18n import _, ngettext
from game.spider.fair import DEFAULT_BUDGET, DEFAULT_SAMPLES, FairResult, Ranked, search
from game.spider.hints import Gain, HintKind, Reason, candidates, reason_text, reasons
from game.spider.masked import MaskedView, Shown, mask
from game.spider.moves import Move

__all__ = ["HINT_SEED", "Advice", "FairHint", "advise", "advise_view"]

#: The seed of every hint the game shows (and of the bench that measures it): the same
#: table always gets the same hint.
HINT_SEED = 0


@dataclass(frozen=True)
class FairHint:
    """One fair hint: a move (or deal, or undo) with the search's counts for it.

    ``wins``/``open``/``dry`` of ``samples`` layouts (``checked``: the move was played
    in every layout; otherwise it was only voted for). ``lost``: no sampled
    layout can be won from here (the text says so; the table offers Undo);
    ``proven``: every card is in sight and the complete solver examined every
    line, so the game *is* lost, and the text says that instead.
    """

    kind: HintKind
    move: Move | None = None
    cards: tuple[Card, ...] = ()
    onto: Card | None = None
    gain: Gain | None = None
    #: Why the move is worth it, most important first (:func:`game.spider.hints.reasons`).
    reasons: tuple[Reason, ...] = ()
    index: int = 0
    total: int = 0
    wins: int = 0
    open: int = 0
    #: Layouts that look lost after the move (proven lost where the endgame's complete search ran dry).
    dry: int = 0
    samples: int = 0
    checked: bool = False
    known: bool = False  # nothing is hidden: every layout is the real one
    lost: bool = False
    #: Face-down cards the move's line turns, on average over the sampled layouts (rounded).
    turned: int = 0
    #: The first move of the line that gains whatever lies face down (the search's sure
    #: line), and the face-down cards that line turns.
    sure: bool = False
    certain: int = 0
    proven: bool = False

    @property
    def source(self) -> int | None:
        return self.move.source if self.move is not None and not self.move.is_deal else None

    @property
    def dest(self) -> int | None:
        return self.move.dest if self.move is not None and not self.move.is_deal else None

    @property
    def count(self) -> int:
        return self.move.count if self.move is not None else 0

    @property
    def hope(self) -> str:
        """What the move hopes for, from the search's counts (never more than it found)."""
        if self.sure and not self.wins and self.certain and self.certain >= self.turned:
            # What is proven beats what the sampled layouts' short searches saw on average.
            # TRANSLATORS: "for sure": the line works whatever the face-down cards are. Kept
            # short: it ends a first hint that must fit on one line.
            return ngettext("{n} card turns over on this line, for sure", "{n} cards turn over on this line, for sure",
                            self.certain).format(n=self.certain)
        if not self.checked:
            if self.sure:
                return _("this line leaves a better table, for sure")
            if self.index == 0:
                # The first hint, chosen by rule (to fill an empty column before a deal, say):
                # no sampled layout was played on after it, so nothing is known of its chances.
                return _("the hint can't tell yet whether this leads to a win")
            return _("the search looked at it less closely than the hints before it")
        if self.wins:
            if self.known:
                return _("the search found a winning line: every card is in sight")
            if self.wins == self.samples:
                # Every sampled layout agrees: no "about 24 of 24".
                return _("wins in every sampled way the face-down cards may lie")
            said = ngettext("wins in about {wins} of {n} way the face-down cards may lie",
                            "wins in about {wins} of {n} ways the face-down cards may lie",
                            self.samples).format(wins=self.wins, n=self.samples)
            if not self.dry:
                return said
            # The layouts lost after the move tell why a move with fewer wins can rank above it
            # (a one-suit hint counts an open layout as half a win: fair.OPEN_HOPE).
            lost = ngettext("looks lost in {n} way", "looks lost in {n} ways", self.dry).format(n=self.dry)
            # TRANSLATORS: {wins}: "wins in about 6 of 24 ways the face-down cards may lie";
            # {lost}: "looks lost in 6 ways" (of those same sampled ways).
            return _("{wins}, {lost}").format(wins=said, lost=lost)
        if self.open and self.turned:
            # No win in sight yet (the searches stop at the next deal): say what the line gains.
            # TRANSLATORS: a mean over the sampled layouts ("about"); kept short: it ends a hint
            # that must fit on one line.
            return ngettext("about {n} card turns over on this line", "about {n} cards turn over on this line",
                            self.turned).format(n=self.turned)
        if self.open:
            # Some layouts were not searched to the end: no win yet, and no loss either.
            return ngettext("no win found yet in {n} sampled layout", "no win found yet in {n} sampled layouts",
                            self.samples).format(n=self.samples)
        return _("no sampled layout of the face-down cards can be won after it")

    @property
    def text(self) -> str:
        """The sentence after "Hint:", e.g. "Move 7♠ from column 2 to column 5 (onto 8♠) —
        joins the same suit; wins in about 6 of 8 ways the face-down cards may lie"."""
        if self.lost and self.proven:
            return _("This game is lost: every card is in sight and no line of play wins")
        if self.lost:
            return _("This game looks lost: no sampled layout of the face-down cards can be won")
        if self.kind is HintKind.UNDO:
            return _("No useful move is left and the stock can't be dealt: undo a move")
        if self.kind is HintKind.DEAL:
            said = _("Deal a new row from the stock: no move does better than dealing")
        else:
            assert self.move is not None
            k = self.move.count
            what = run_name(self.cards) if self.cards else ngettext("{n} card", "{n} cards", k).format(n=k)
            if self.onto is not None and self.reasons:
                said = _("Move {cards} from column {source} to column {dest} (onto {card}) \u2014 {gain}")
            elif self.onto is not None:
                said = _("Move {cards} from column {source} to column {dest} (onto {card})")
            elif self.reasons:
                said = _("Move {cards} from column {source} to empty column {dest} \u2014 {gain}")
            else:
                said = _("Move {cards} from column {source} to empty column {dest}")
            said = said.format(cards=what, source=self.move.source + 1, dest=self.move.dest + 1,
                               card=self.onto.display if self.onto is not None else "",
                               gain=reason_text(self.reasons))
        # TRANSLATORS: a fair Spider hint: {hint} the move, {hope} what it hopes for.
        return _("{hint}; {hope}").format(hint=said, hope=self.hope)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Advice:
    """Every fair hint for one position, best first, and the search's totals."""

    hints: tuple[FairHint, ...]
    samples: int
    won: int
    open: int
    nodes: int
    lost: bool


def _hint(view: MaskedView, r: Ranked, index: int, total: int, gains: dict[Move, Gain],
          result: FairResult) -> FairHint:
    visible = (tuple(zip(view.face_down, view.columns)), view.stock)
    counts = FairHint(HintKind.DEAL, r.move, index=index, total=total, wins=r.wins, open=r.open,
                      dry=r.dry, samples=result.samples, checked=r.checked, known=not view.unseen,
                      turned=round(r.turned), sure=r.sure, certain=r.certain)
    if r.move.is_deal:
        return counts
    up = view.columns[r.move.source]
    target = view.columns[r.move.dest]
    return replace(counts, kind=HintKind.MOVE, cards=up[-r.move.count:], onto=target[-1] if target else None,
                   gain=gains.get(r.move), reasons=reasons(visible, r.move, view.suits))


def advise_view(view: MaskedView, *, seed: int = 0, samples: int = DEFAULT_SAMPLES,
                budget: int = DEFAULT_BUDGET, cancel: Callable[[], bool] | None = None) -> Advice:
    """The fair hints of a masked view (see :func:`advise`)."""
    result = search(view, seed=seed, samples=samples, budget=budget, cancel=cancel)
    gains = dict(candidates((tuple(zip(view.face_down, view.columns)), view.stock)))
    lost = result.looks_lost
    total = len(result.ranked)
    hints = tuple(_hint(view, r, i, total, gains, result) for i, r in enumerate(result.ranked))
    if not hints:
        hints = (FairHint(HintKind.UNDO, total=1, samples=result.samples, lost=lost, proven=result.proven_lost),)
    elif lost:
        hints = (replace(hints[0], wins=0, open=0, dry=0, checked=True, lost=True, turned=0, sure=False, certain=0,
                         proven=result.proven_lost),) + hints[1:]
    return Advice(hints, result.samples, result.won, result.open, result.nodes, lost)


def advise(position: Shown, *, seed: int = 0, samples: int = DEFAULT_SAMPLES,
           budget: int = DEFAULT_BUDGET, cancel: Callable[[], bool] | None = None) -> Advice:
    """The fair hints of ``position``: it is masked first, and only the view is searched.

    ``position`` needs only ``visible()``, ``removed_suits`` and ``suits``
    (:func:`game.spider.masked.mask`).
    """
    return advise_view(mask(position), seed=seed, samples=samples, budget=budget,
                       cancel=cancel)
