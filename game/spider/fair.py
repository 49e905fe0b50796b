"""The fair Spider hint: a search over the ways the unseen cards may lie (SPEC §2.3).

It takes a :class:`~game.spider.masked.MaskedView` (what the player sees),
never a position, so no code path here can read the deal's hidden cards.

    >>> from game.spider.deals import deal
    >>> from game.spider.masked import mask
    >>> result = search(mask(deal(1, suits=1)), seed=1, budget=6_000)
    >>> result.samples, result.ranked[0].move.count > 0
    (24, True)

Method: determinization with common random numbers, in two stages, then a
third that assumes nothing of the hidden cards and, at two and four suits, a
fourth that looks one card deep into what the third's best moves turn.

1. *Vote.* Deal the unseen cards at random into the face-down places and
   the stock, ``samples`` times (a seeded generator: the same view and seed
   give the same samples). Search each sample (:class:`~game.spider.fair_beam.Plan`)
   with the full-knowledge beam's moves (:func:`game.spider.states.pruned_children`),
   ranked by :func:`~game.spider.fair_beam.fair_rank`, under a share of the node
   budget, *without dealing*: a sample knows what its stock would bring, and a
   search that may deal plays toward the lucky deals of its own layout. A sample the beam wins votes for the first
   move of its line; any other votes, with a quarter of the weight, for the
   first move of the best position it reached.
2. *Check.* The best-voted moves (:data:`CHECKED`) are played in *every*
   sample (the same samples for each: common random numbers) and each
   sample is searched again from there (a sample the first stage won with a
   line starting with that move is won already: no second search). A move's
   wins are the samples won after it; the moves are ranked by wins (at one
   suit, plus part of the open ones: *Ranking*), then by
   the mean of the best rank reached after it (how open samples are
   scored), then by votes. Budget a sample finishes early with goes to the
   samples after it.
3. *Sure line.* In a game of two or four suits, while cards lie face down,
   unless a sampled layout was won after the best move, one
   beam (:data:`MASKED_WIDTH` wide, :data:`MASKED_SHARE` of the budget) searches the
   view itself, every hidden card an :data:`UNKNOWN` that nothing fits on
   and that fits nowhere (:func:`_masked`): a card it turns up blocks its
   column there, as the worst card could. The best position that search
   reaches is one the player reaches whatever lies face down (the
   "guaranteed minimum" of the Spider Solitaire Addict blog's look-ahead
   experiments), free of the samples' strategy fusion; when it beats the
   position itself, its first move is the hint. With it (and face-down
   cards weighted 6, see :data:`~game.spider.fair_beam.W_DOWN`) the hint won 15 of four-suit games
   1..50 where the sampled stages alone had won 4 (docs/solver-and-hints.md,
   "The fair hint, measured").

4. *Chance.* Wherever the sure line runs, the sure line's best first moves (:data:`CHANCE_HEADS`)
   are judged again by what the cards their lines turn may be: those cards are filled
   from a few sampled layouts and a masked search goes on from each (:func:`_chance`);
   the move that fares best on average is the hint. The sure line's single pessimistic
   line cannot tell a move that turns a card it can use from one that turns a card it
   cannot; this stage sees the difference, one card deep. Written for four suits
   (tuning games 1..100: 27 won with it, 23 without), it was then switched on at two
   suits and decided on held-out games 100001..100100: 64 won with it, 54
   without (docs/solver-and-hints.md, "The fair hint, measured").

*The endgame* (one suit). Once the stock is spent, a sampled layout is a
puzzle with one answer, and the beam is the wrong tool for it: 16 wide,
under its share of the budget, it ran out of budget in every layout of
positions the hint then lost (one-suit games 52, 70 and 88 of the bench).
There each layout's search first runs the solver's complete best-first search
(:func:`game.spider.solver.layout_search`, on the layout's search state,
never a position) with :data:`~game.spider.fair_beam.ENDGAME_SHARE` of its budget: a win found is a
win (its first move votes), a search that runs out of positions proves the
layout lost, and only a layout it leaves open goes on to the beam. On the
table of game 52 every layout is then won after one move, in 867 expansions
where the beams spent 12,000 and won none (the bench's bot now wins game 52;
70 and 88 it still loses). Measured at one suit only
(two- and four-suit games with it won no more on the games played:
docs/solver-and-hints.md, "The fair hint, measured"), so there it stays out.
Before the complete search, the solver's own beam (:class:`game.spider.beam.Beam`,
ranked to finish a table it sees whole) tries the layout two and then four wide
(:data:`~game.spider.fair_beam.SETTLE_WIDTHS`): with 17 cards face down the complete
search won none of 24 layouts on the whole budget, and the two-wide beam 13 in
2,095 expansions for all of them (one-suit training game 1009). Decided on held-out
games: 179 of 196 won with it, 178 without.

*Ranking* (one suit). After the last deal the checked moves' layouts end
won, open or dry, and a dry one is lost: proven so where the endgame's
complete search ran out of positions. A move is then ranked by its wins plus
:data:`OPEN_HOPE` of its open layouts, not by its wins alone: on the tables
where the bench's bot lost one-suit games 22, 51 and 88, it chose a move with
more wins and many dry layouts (3 won and 18 dry, say) over one with no win
found yet and almost none dry, and only the second still won the real deal.
One-suit games 1..100 won with it: 95 (93 before; 51 and 88 now won).

*Every card in sight.* With nothing face down and the stock spent, the
table is a puzzle with one answer: the complete solver's winning line, where
it finds one within half the budget, gives the first hint
(:mod:`game.spider.insight`, which builds its position from the view alone).

*When to deal.* A move counts as progress when it completes a set, or, while
cards lie face down, turns one, empties a column or joins a suit, or when the
positions its samples reach are better on average than the position itself
(with stock left, only if its samples turn cards on the way,
:data:`TIDY_TURNED` on average: a line that turns a card two moves on, say).
With stock left, a move that leaves the table with fewer breaks
(:func:`~game.spider.fair_beam.breaks`) counts too, and the moves that make
progress come before the deal (each can still be made before it, and a deal
spends stock for good), the others after it. With none, the deal comes first, or, when an
empty column forbids it, filling that column does. So a move that only
trades a card between two columns does not hold the deal back, though the
sampled tables may look better after it: a player following the hint would
trade it back and forth for ever (one-suit game 54 of the bench, lost after
150 idle moves when the better-on-average test alone counted); and a table
with every card face up is tidied before the deal comes (game 38 once dealt
at once onto an untidy table). Each tidying move takes a break away, so
tidying alone holds the deal back a few moves at most. Games 1..100 won with
this rule: one suit 93 (91 before), two suits 70 (65), four suits 31 (27).

Each sample ends one of three ways, and none is counted as more than it is:
``won`` (the beam found a winning line for that layout), ``open`` (the node
budget ran out first, or the moves ran out while a deal was left: neither a
win nor a loss, and not counted in the "wins in about X of N" figure) or
``dry`` (the stock is spent and the beam ran out of positions without a
win: the layout looks lost, though a beam drops positions, so it is not a
proof). Because each sample is searched knowing its layout, a win count is
an upper estimate ("strategy fusion"); the checking stage plays the hinted
move in every layout before counting, which keeps it honest about that move.

Deterministic: the samples come from ``random.Random(seed)`` and the search
counts nodes, never seconds, so a view and a seed always give the same
answer on any machine.

This module is pure Python: it must not import pygame, moderngl or glm.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from game import limits
from game.spider.fair_beam import (
    ENDGAME_SHARE,
    W_DOWN,
    W_DOWN_ONE_SUIT,
    Plan,
    Sample,
    breaks,
    down_cards,
    fair_rank,
)
from game.spider.hints import Gain, Visible, candidates
from game.spider.insight import winning_move
from game.spider.masked import MaskedView
from game.spider.moves import COLUMNS, Move
from game.spider.states import State, apply, pruned_children

__all__ = ["DEFAULT_BUDGET", "DEFAULT_SAMPLES", "NODES_PER_SECOND", "FairResult", "Ranked", "budget_for",
           "search"]

#: Layouts sampled per hint.
DEFAULT_SAMPLES = 24
#: Beam expansions per hint, all samples and both stages together.
DEFAULT_BUDGET = limits.SPIDER_HINT.states
#: Expansions one core makes per second (measured on the project's 2-core
#: machine): turns a time allowance into a node budget, so answers stay deterministic.
NODES_PER_SECOND = 24_000
#: Positions kept per depth (and count of deals left) by a sample's beam.
WIDTH = 16
#: How many of the best-voted moves the second stage plays in every sample.
CHECKED = 3
#: Share of the budget the voting stage may spend (the rest checks).
VOTE_SHARE = 0.5
#: A vote from a sample the beam could not finish counts this much of a win's.
OPEN_WEIGHT = 0.25


#: In a one-suit game, what an open layout (neither won nor lost) counts of a won one when
#: the checked moves are ranked (module docstring, *Ranking*).
OPEN_HOPE = 0.5

#: With stock left: the face-down cards a move's samples must turn on average, on the way
#: to their best tables, for that move to hold the deal back by the better-on-average test
#: (module docstring, *When to deal*).
TIDY_TURNED = 0.5

#: The score of a move none of whose samples was searched (worse than any rank).
_LOST = 1 << 40
#: A hidden card in the sure line's search (stage 3): its rank, 63, has no card
#: below or above it, so nothing goes onto it and it goes onto nothing.
UNKNOWN = 255
#: Share of the budget the sure line's search may spend (0: no third stage); the
#: sampled stages get the rest.
MASKED_SHARE = 0.8
#: Positions kept per depth by the sure line's search. Its width, not the budget, made
#: the four-suit hint: with three times the budget and 48 wide, four-suit games 1..18
#: went as before (15 of them hint for hint); 128 wide on 70% of the budget won 15 of
#: games 1..50, 48 wide on half 9. On games 1..100, 192 wide on 80% won 23 at four
#: suits and 65 at two, 128 on 70% 20 and 61; wider (256, 384) or longer (a second a
#: hint) won no more on the games tried (docs/solver-and-hints.md, "The fair hint, measured").
MASKED_WIDTH = 192


def _masked(view: MaskedView) -> tuple[State, tuple[bytes, ...]]:
    """The view as one beam state whose hidden cards (face down, and the stock) are all :data:`UNKNOWN`.

        >>> from game.spider.deals import deal
        >>> from game.spider.masked import mask
        >>> state, deals = _masked(mask(deal(1, suits=4)))
        >>> list(state[0]), len(deals), set(deals[0])  # 5 face down, then 2♠ face up
        ([5, 255, 255, 255, 255, 255, 7], 5, {255})
    """
    cols = [bytes((down,)) + bytes((UNKNOWN,)) * down + bytes(int(c) for c in up)
            for up, down in zip(view.columns, view.face_down)]
    deals = tuple(bytes((UNKNOWN,)) * COLUMNS for _ in range(view.deals_left))
    return tuple(cols) + (len(deals),), deals


def _sure_line_runs(view: MaskedView) -> bool:
    """Whether stage 3 runs: while cards lie face down, in a game of two or four suits.

    With one suit every hidden card is a spade that fits somewhere far more often than
    the unknown that fits nowhere assumes, and the sampled layouts play better alone:
    one-suit games 1..50 won 42 with the sure line and 46 before it. (One-suit games also
    keep the old face-down weight, :data:`~game.spider.fair_beam.W_DOWN_ONE_SUIT`: a one-suit hint is the one
    before the sure line, move for move.)"""
    return MASKED_SHARE > 0 and view.suits > 1 and any(view.face_down)


def budget_for(seconds: float) -> int:
    """The node budget that takes about ``seconds`` on one core."""
    return max(200, int(seconds * NODES_PER_SECOND))


@dataclass(frozen=True)
class Ranked:
    """One candidate move (or :data:`DEAL`) with what the search found for it.

    ``wins``/``open``/``dry`` count the checking stage's samples after this
    move; a move not checked has ``checked`` False and all three zero.
    """

    move: Move
    votes: float
    checked: bool = False
    wins: int = 0
    open: int = 0
    dry: int = 0
    #: The mean over the samples of the best rank reached after the move
    #: (:func:`~game.spider.fair_beam.fair_rank`, lower is better; a win counts 0):
    #: how samples that did not finish are scored, so they order moves without
    #: counting as wins.
    score: float = 0.0
    #: The mean over the samples of the face-down cards turned on the way to
    #: that best position (all of them for a win): what a player may hope for.
    turned: float = 0.0
    #: The first move of the sure line (stage 3): the better table it reaches is
    #: reached whatever lies face down, turning ``certain`` face-down cards.
    sure: bool = False
    certain: int = 0


@dataclass
class FairResult:
    """The ranked candidates, best first, and how the samples of the position itself ended."""

    ranked: list[Ranked] = field(default_factory=list)
    samples: int = 0
    #: How the voting stage's searches (from the position itself) ended.
    won: int = 0
    open: int = 0
    dry: int = 0
    nodes: int = 0
    #: ``cancel()`` stopped the search before its budget was spent.
    cut: bool = False
    #: Every card is in sight and the complete solver examined every line: none wins.
    proven_lost: bool = False

    @property
    def looks_lost(self) -> bool:
        """Proven lost, or no sample could be won and every search ran to its end (none ran
        out of budget)."""
        if self.proven_lost:
            return True
        if not self.samples:
            return False
        if self.ranked and any(r.checked for r in self.ranked):
            best = self.ranked[0]
            if best.wins or best.open:
                return False
        return self.won == 0 and self.open == 0

    @property
    def best(self) -> Ranked | None:
        return self.ranked[0] if self.ranked else None


def _sample(view: MaskedView, rng: random.Random) -> tuple[State, tuple[bytes, ...]]:
    """One layout of the unseen cards: (beam state, the stock as one ``bytes`` per deal)."""
    cards = [int(c) for c in view.unseen]
    rng.shuffle(cards)
    cols = []
    at = 0
    for up, down in zip(view.columns, view.face_down):
        cols.append(bytes((down,)) + bytes(cards[at:at + down]) + bytes(int(c) for c in up))
        at += down
    stock = bytes(cards[at:])
    deals = tuple(stock[i:i + COLUMNS] for i in range(0, len(stock), COLUMNS))
    return tuple(cols) + (len(deals),), deals


def search(view: MaskedView, *, seed: int = 0, samples: int = DEFAULT_SAMPLES,
           budget: int = DEFAULT_BUDGET, width: int = WIDTH,
           cancel: Callable[[], bool] | None = None, also: Sequence[Move] = ()) -> FairResult:
    """Rank the moves of ``view`` by how the sampled layouts fare after them (module docstring).

    ``budget`` caps the expansions of every stage together (the beams', the complete
    searches', the in-sight solver's states); ``cancel()`` is polled by every stage,
    every 64 expansions, and stops the search early (what it found so far
    is kept, and the result says ``cut``). ``also``: moves checked in every layout
    beside the best-voted ones (the fair review judges the move played so).
    """
    if samples < 1 or budget < 1:
        raise ValueError(f"samples and budget must be at least 1, not {samples} and {budget}")
    won_by: Move | None = None
    proven_lost = False
    whole = budget
    if not view.unseen:
        samples = 1  # every card is in sight: every layout is the real one
        won_by, spent, proven_lost = winning_move(view, budget // 2, cancel)
        budget = max(0, budget - spent)
    # Stage 4's share comes out of the one budget first (where it runs: with the sure line),
    # then stage 3's; the sampled stages have the rest.
    chance_budget = int(budget * CHANCE_SHARE) if _chance_runs(view) else 0
    budget -= chance_budget
    masked_budget = int(budget * MASKED_SHARE) if _sure_line_runs(view) else 0
    w_down = W_DOWN if view.suits > 1 else W_DOWN_ONE_SUIT
    # The endgame's complete search (module docstring): measured at one suit only.
    settle = ENDGAME_SHARE > 0 and view.suits == 1
    budget = max(0, budget - masked_budget)
    rng = random.Random(seed)
    layouts = [_sample(view, rng) for _ in range(samples)]
    result = FairResult(samples=samples, proven_lost=proven_lost)
    first_state, first_deals = layouts[0]
    # The root's moves depend only on what is visible (tops, runs, empty
    # columns, counts), so any layout lists the same ones.
    moves = [m for m, _child in pruned_children(first_state, first_deals)]
    if not moves:
        result.ranked = [Ranked(m, 0.0) for m, _gain in candidates(_visible(view))]
        return result
    votes: dict[Move, float] = dict.fromkeys(moves, 0.0)
    # What each layout's first search found: a layout won by a line that starts
    # with a move is known won after that move (the rest of the line wins it).
    found: list[tuple[Sample, Move | None]] = []
    vote_budget = int(budget * VOTE_SHARE)
    for done, (state, deals) in enumerate(layouts):
        if cancel is not None and cancel():
            # Layouts not searched are open: neither won nor lost.
            result.open += samples - done
            result.cut = True
            break
        # The budget a layout finishes early with goes to the layouts after it.
        plan = Plan(deals, width, max(0, vote_budget - result.nodes) // (samples - done), w_down, settle, cancel)
        outcome, first = plan.run(state)
        found.append((outcome, first))
        result.nodes += plan.expanded
        result.cut = result.cut or plan.cancelled
        if outcome is Sample.WON:
            result.won += 1
        elif outcome is Sample.OPEN:
            result.open += 1
        else:
            result.dry += 1
        if first is not None:
            if first not in votes:
                # The endgame's complete search may open its line with a move the beam's
                # pruning leaves out (a run moved whole onto a card of the same rank, into a
                # column with nothing face down): what is face down does not make a move
                # legal, so it is legal in every layout, and its vote counts like any other.
                moves.append(first)
                votes[first] = 0.0
            votes[first] += 1.0 if outcome is Sample.WON else OPEN_WEIGHT
    order = sorted(moves, key=lambda m: -votes[m])  # stable: ties keep the beam's move order
    checked = [m for m in order[:CHECKED] if votes[m] > 0] or order[:1]
    for m in also:  # (a legal move the beam's pruned moves leave out is judged all the same)
        votes.setdefault(m, 0.0)
        if m not in checked:
            checked.append(m)
    searches = sum(1 for move in checked for i in range(samples)
                   if not (i < len(found) and found[i] == (Sample.WON, move)))
    ranked: list[Ranked] = []
    down = sum(view.face_down)
    for move in checked:
        tally = {Sample.WON: 0, Sample.OPEN: 0, Sample.DRY: 0}
        total = 0
        turned = 0
        done = 0
        for i, (state, deals) in enumerate(layouts):
            if i < len(found) and found[i] == (Sample.WON, move):
                done += 1
                tally[Sample.WON] += 1
                turned += down
                continue
            if cancel is not None and cancel():
                result.cut = True
                break
            done += 1
            child = apply(state, move, deals)
            plan = Plan(deals, width, max(0, budget - result.nodes) // max(1, searches), w_down, settle, cancel)
            searches -= 1
            outcome, _first = plan.run(child)
            result.nodes += plan.expanded
            result.cut = result.cut or plan.cancelled
            tally[outcome] += 1
            # Open and dry alike score the best rank reached (a narrow beam runs
            # dry on layouts a wider one would win: a weak sign, not a loss).
            total += plan.best
            turned += down - plan.best_down
        # Layouts left unsearched (cancelled) are open, and score as the worst searched one.
        ranked.append(Ranked(move, votes[move], True, tally[Sample.WON], tally[Sample.OPEN] + samples - done,
                             tally[Sample.DRY], total / done if done else float(_LOST),
                             turned / done if done else 0.0))
    # An open layout may yet be won; a dry one is lost, proven so by the endgame's complete search
    # where it ran out of positions (module docstring, *Ranking*).
    hope = OPEN_HOPE if view.suits == 1 else 0.0
    ranked.sort(key=lambda r: (-(r.wins + hope * r.open), r.score, -r.votes))
    ranked += [Ranked(m, votes[m]) for m in order if m not in checked]
    # The heuristic's other useful moves last (the beam prunes some of them):
    # the next choices when every searched move would only go back.
    gains = dict(candidates(_visible(view)))
    listed = {r.move for r in ranked}
    ranked += [Ranked(m, 0.0) for m in gains if m not in listed]
    # Moves that make progress for good: a set, a card turned, a column
    # emptied, a suit joined (moves to or from empty columns can go on for ever).
    # With every card face up only a completed set counts: joins and emptied
    # columns then trade places with moves into empty columns for ever.
    kinds = _PROGRESS if any(view.face_down) else (Gain.COMPLETES_SET,)
    progress = {m for m, g in gains.items() if g in kinds}
    if view.stock:
        # A move that takes a break away (module docstring, *When to deal*).
        state0, deals0 = layouts[0]
        here = breaks(state0)
        progress |= {r.move for r in ranked if not r.move.is_deal
                     and breaks(apply(state0, r.move, deals0)) < here}
    if any(view.face_down):
        # (With every card face up, moves to and from empty columns can improve the rank for
        # ever: only a completed set counts then, as above.)
        root = sum(fair_rank(state, w_down) for state, _deals in layouts) / len(layouts)
        turns = TIDY_TURNED if view.stock else 0.0
        progress |= {r.move for r in ranked if r.checked and not r.move.is_deal
                     and (r.wins or (r.score < root and r.turned >= turns))}
    if _sure_line_runs(view) and not (ranked and ranked[0].wins):
        # Stage 3 (module docstring): the line that gains whatever lies face down. (With
        # every card face up, moves to and from empty columns improve the rank for ever:
        # it would hold the deal back while the cards trade places, as above.)
        mstate, mdeals = _masked(view)
        plan = Plan(mdeals, MASKED_WIDTH, masked_budget, w_down, cancel=cancel)
        # Stage 4 (module docstring): the sure line records its best table after each first move.
        if chance_budget:
            plan.heads = {}
        _outcome, first = plan.run(mstate)
        result.nodes += plan.expanded
        result.cut = result.cut or plan.cancelled
        table_rank = fair_rank(mstate, w_down)
        if first is not None and plan.heads is not None:
            first, best_down, nodes = _chance(view, plan.heads, table_rank, mdeals, chance_budget, seed, w_down,
                                              cancel)
            result.nodes += nodes
            if best_down is not None:
                plan.best_down = best_down
        if first is not None and plan.best < table_rank:
            sure = sum(view.face_down) - plan.best_down  # cards that line turns for certain
            top = next((r for r in ranked if r.move == first), Ranked(first, 0.0))
            ranked = [replace(top, sure=True, certain=sure)] + [r for r in ranked if r.move != first]
            progress.add(first)
    if won_by is not None:
        # Nothing hidden and the complete solver's line wins: it goes first, whatever the beam saw.
        top = next((r for r in ranked if r.move == won_by), Ranked(won_by, 0.0))
        ranked = ([replace(top, checked=True, wins=1, open=0, dry=0, score=0.0)]
                  + [r for r in ranked if r.move != won_by])
        result.won = max(result.won, 1)
    result.ranked = _deal_when_due(view, ranked, progress, result.won)
    assert result.nodes <= whole, f"{result.nodes} expansions for a budget of {whole}"
    return result


#: Stage 4 (two and four suits): how many of the sure line's best first moves are judged
#: by what the cards they turn may be (0: no fourth stage). On games 1..100 the hint won
#: 27 four-suit games with it, 23 without (13 and 14 of games 1..50 and 51..100, against
#: 15 and 8; docs/solver-and-hints.md, "The fair hint, measured").
CHANCE_HEADS = 3
#: Layouts of the unseen cards each judged move's turned cards are drawn from (the same
#: layouts for every move: common random numbers), sharing the stage's budget. 12, not 4, was
#: decided on held-out games 100001..100100 (no clock): four suits won 22 with 12 and 18 with
#: 4, two suits 68 and 64 (docs/solver-and-hints.md, "Twelve chance samples").
CHANCE_SAMPLES = 12
#: Positions kept per depth by the search that goes on from each filled-in line.
CHANCE_WIDTH = 48
#: Share of the hint's one budget the fourth stage may spend, over all its searches (it
#: once came on top of the budget, half as much again: now a third of the budget is it).
CHANCE_SHARE = 1 / 3


def _chance_runs(view: MaskedView) -> bool:
    """Stage 4 runs wherever the sure line runs: two and four suits, while cards lie face down.

    At two suits it was decided on held-out games (module docstring, *Chance*); at one suit
    the sure line, and so this stage, stays out."""
    return CHANCE_HEADS > 0 and _sure_line_runs(view)


def _chance(view: MaskedView, heads: dict[Move, tuple[int, State]], root: int, mdeals: tuple[bytes, ...],
            budget: int, seed: int, w_down: int,
            cancel: Callable[[], bool] | None = None) -> tuple[Move | None, int | None, int]:
    """Judge the sure line's best first moves by what the cards they turn may be (stage 4).

    ``heads`` holds the best (rank, position) the sure line reached after each first
    move. The :data:`CHANCE_HEADS` best that beat ``root`` are each taken to their
    position; there the cards their line turned (:data:`UNKNOWN` on the table) are
    filled from :data:`CHANCE_SAMPLES` layouts of ``view.unseen`` (the turned cards of
    column j are the layout's top hidden cards of column j), every other hidden card
    stays unknown, and a masked beam goes on from there. The move whose searches reach
    the best rank on average wins. Returns (that move, the face-down cards left in its
    sure position, expansions spent); (None, None, 0) when no move beats ``root``.
    """
    order = sorted(((r, m) for m, (r, _s) in heads.items() if r < root), key=lambda t: t[0])[:CHANCE_HEADS]
    if not order:
        return None, None, 0
    if len(order) == 1:
        m = order[0][1]
        return m, down_cards(heads[m][1]), 0
    rng = random.Random(seed * 7919 + 17)
    layouts = [_sample(view, rng)[0] for _ in range(CHANCE_SAMPLES)]
    searches = len(order) * CHANCE_SAMPLES
    nodes = 0
    scored: list[tuple[int, Move]] = []
    for _r, move in order:
        state = heads[move][1]
        total = 0
        for layout in layouts:
            # The cards this line turned, in column order: the top hidden cards of each
            # column in this layout (a layout's column is its face-down count, its hidden
            # cards, then the face-up ones).
            turned: list[int] = []
            for j in range(COLUMNS):
                turned += layout[j][1 + state[j][0]:1 + view.face_down[j]]
            it = iter(turned)
            cols = []
            for j in range(COLUMNS):
                col = state[j]
                if UNKNOWN in col[1 + col[0]:]:
                    col = bytes(col[:1 + col[0]]) + bytes(next(it) if c == UNKNOWN else c for c in col[1 + col[0]:])
                cols.append(col)
            start = tuple(cols) + (state[10],)
            plan = Plan(mdeals, CHANCE_WIDTH, max(0, budget - nodes) // searches, w_down, cancel=cancel)
            searches -= 1
            plan.run(start)
            nodes += plan.expanded
            total += plan.best
        scored.append((total, move))
    best = min(scored, key=lambda t: t[0])[1]
    return best, down_cards(heads[best][1]), nodes


#: The heuristic's gains that cannot be undone by more of the same (see _deal_when_due).
_PROGRESS = (Gain.COMPLETES_SET, Gain.TURNS_CARD, Gain.EMPTIES_COLUMN, Gain.JOINS_SUIT)


def _deal_when_due(view: MaskedView, ranked: list[Ranked], progress: set[Move], won: int) -> list[Ranked]:
    """Where the deal goes among the ranked moves (module docstring, *When to deal*).

    With stock left, the moves that make progress (``progress``) come first, in
    their order, then the deal, then the other moves: a progress move can still
    be made before the deal and none is lost by waiting, while a deal spends
    stock for good (and the sampled layouts, knowing what it brings, overrate
    it). With none, and no layout won (no line to follow), the deal comes
    first; if an empty column forbids it, filling that column does (the
    longest run that leaves no column empty). Otherwise the moves left only
    shuffle cards between columns, and empty columns give endless new tables
    to shuffle into. With the stock spent the order is the search's.
    """
    deal = [r for r in ranked if r.move.is_deal]
    rest = [r for r in ranked if not r.move.is_deal]
    if progress:
        if not view.stock:
            return ranked
        return [r for r in rest if r.move in progress] + deal + [r for r in rest if r.move not in progress]
    if won or not view.stock:
        return ranked
    if deal:
        return deal + rest
    empties = [j for j, up in enumerate(view.columns) if not up]
    if not empties or sum(len(up) for up in view.columns) + sum(view.face_down) < COLUMNS:
        return ranked
    fills = []
    for s, up in enumerate(view.columns):
        whole = len(up) if not view.face_down[s] else 0
        fills += [Move.of(s, empties[0], k) for k in range(_run_length(up), 0, -1) if k != whole]
    if not fills:
        return ranked
    first = max(fills, key=lambda m: m.count)
    return [Ranked(first, 0.0)] + [r for r in ranked if r.move != first]


def _run_length(up: tuple[int, ...]) -> int:
    n = len(up)
    r = 1 if n else 0
    while r < n and up[n - r - 1] == up[n - r] + 4:
        r += 1
    return r


def _visible(view: MaskedView) -> Visible:
    return tuple(zip(view.face_down, view.columns)), view.stock
