"""Randomized property tests: random legal moves, deals and undos on random games.

After every step: the 104 cards are all there (table + stock + removed sets
make exactly the deck), the legal moves and the position after a move agree
with the plain reference (test_spider_reference.py), undo restores the exact
previous state (internal caches included), and the score follows SPEC §2.2.
``random.Random`` drives only the test, seeded, so a failure repeats.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from conftest import load_spider_reference

from game.spider import DEAL, DECK_SETS, Position, deal
from game.spider.position import _run_end

ref = load_spider_reference()


def snapshot(pos: Position) -> tuple:
    """Everything a position holds, private caches included."""
    return (
        [list(c) for c in pos._cols],
        list(pos._down),
        list(pos._run),
        list(pos._stock),
        list(pos._removed),
        list(pos.move_stack),
        len(pos._undo),
        pos.move_count,
    )


def check_invariants(pos: Position) -> None:
    counts: Counter[int] = Counter()
    for col in pos.columns:
        counts.update(int(c) for c in col)
    counts.update(int(c) for c in pos.stock)
    for suit in pos.removed_suits:
        counts.update(r * 4 + int(suit) for r in range(13))
    sets = DECK_SETS[pos.suits]
    assert sum(counts.values()) == 104
    assert all(counts[c] == sets[c & 3] for c in range(52))
    for i in range(10):
        col = pos.column(i)
        assert not col or pos.face_down[i] < len(col), "the last card is face up"
        assert pos.run_length(i) == _run_end(list(col), pos.face_down[i]) < 13


def play_random_game(number: int, suits: int, steps: int, rng: random.Random) -> Position:
    pos = deal(number, suits)
    score = 500
    pushes: list[int] = []  # sets completed by each push still on the stack
    for _ in range(steps):
        check_invariants(pos)
        before_text = str(pos)
        before = snapshot(pos)
        legal = pos.legal_moves()
        assert len(legal) == len(set(legal)), "no move twice"
        assert sorted(map(str, legal)) == sorted(ref.moves(ref.parse(before_text)))
        if not legal and not pos.move_stack:
            break
        if pos.move_stack and (not legal or rng.random() < 0.2):
            removed_before = pos.removed
            pos.pop()
            undone = pushes.pop()
            assert pos.removed == removed_before - undone
            score -= 1 + 100 * undone
        else:
            # Deal less often than it is legal, so games get deep before the stock runs out.
            choices = [m for m in legal if not m.is_deal] or legal
            move = DEAL if (DEAL in legal and rng.random() < 0.05) else rng.choice(choices)
            removed_before = pos.removed
            pos.push(move)
            completed = pos.removed - removed_before
            assert completed == pos.completed_sets()
            pushes.append(completed)
            score += -1 + 100 * completed
            assert str(pos) == ref.text(ref.apply(ref.parse(before_text), str(move)))
            # Undo is exact, then redo to carry on from the new position.
            after = snapshot(pos)
            pos.pop()
            assert snapshot(pos) == before
            assert str(pos) == before_text
            pos.push(move)
            assert snapshot(pos) == after
            score -= 1 + 100 * completed  # the undo
            score += -1 + 100 * completed  # the redo
        assert pos.score == score
        assert pos.move_count == len(pos.move_stack)  # every action is a move, a deal too
    check_invariants(pos)
    return pos


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_random_play(suits: int) -> None:
    rng = random.Random(20240 + suits)
    for number in rng.sample(range(1, 1_000_000), 6):
        play_random_game(number, suits, 150, rng)


def test_random_play_reaches_set_removal_and_empty_stock() -> None:
    # 1 suit builds sets quickly; check the random driver really exercises
    # removals, deals and undo across them (otherwise the tests above are weak).
    rng = random.Random(7)
    removed = deals = 0
    for number in range(1, 9):
        pos = deal(number, 1)
        for _ in range(400):
            legal = pos.legal_moves()
            if not legal:
                break
            # Prefer joining same-suit runs: random play alone rarely completes a set.
            good = [m for m in legal if not m.is_deal and pos.column(m.dest)
                    and pos.column(m.dest)[-1] == pos.column(m.source)[-m.count] + 4]
            move = rng.choice(good) if good and rng.random() < 0.9 else rng.choice(legal)
            before = snapshot(pos)
            text = str(pos)
            pos.push(move)
            assert str(pos) == ref.text(ref.apply(ref.parse(text), str(move)))
            after = snapshot(pos)
            pos.pop()
            assert snapshot(pos) == before
            pos.push(move)
            assert snapshot(pos) == after
            check_invariants(pos)
        removed += pos.removed
        deals += sum(1 for m in pos.move_stack if m.is_deal)
        # Unwind the whole game: back to the deal, exactly.
        while pos.move_stack:
            pos.pop()
        assert pos == deal(number, 1) and pos.removed == 0
    assert removed >= 3 and deals >= 20


def test_copy_is_independent() -> None:
    rng = random.Random(3)
    pos = play_random_game(77, 2, 60, rng)
    twin = pos.copy()
    assert twin == pos and twin.move_stack == pos.move_stack and twin.score == pos.score
    before = snapshot(pos)
    for m in twin.legal_moves()[:1]:
        twin.push(m)
    while twin.move_stack:
        twin.pop()
    assert snapshot(pos) == before
    bare = pos.copy(stack=False)
    assert bare == pos and bare.move_stack == [] and bare.score == pos.score
    with pytest.raises(IndexError):
        bare.pop()
