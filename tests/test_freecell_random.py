"""Randomized property test: random moves and undos keep the deck whole and undo exact."""

from __future__ import annotations

import random

import pytest
from freecell_helpers import cards_of

from game.freecell import deal


def _run(seed: int, games: int, steps: int) -> int:
    rng = random.Random(seed)
    checked = 0
    for _ in range(games):
        pos = deal(rng.randint(1, 1_000_000), auto_foundation=rng.random() < 0.7)
        pos.settle()
        history = [pos.layout()]
        for _ in range(steps):
            if pos.move_count and rng.random() < 0.25:
                pos.pop()
                history.pop()
                assert pos.layout() == history[-1], "undo did not restore the previous position"
            else:
                moves = pos.legal_moves()
                if not moves:
                    assert pos.outcome() is not None
                    if pos.move_count == 0:
                        break
                    pos.pop()
                    history.pop()
                    continue
                pos.push(rng.choice(moves))
                history.append(pos.layout())
            assert cards_of(pos) == list(range(52)), "a card was lost or doubled"
            assert pos.move_count == len(history) - 1
            checked += 1
        while pos.move_count:
            pos.pop()
            history.pop()
            assert pos.layout() == history[-1]
    return checked


def test_random_play_with_undo_keeps_all_52_cards_and_undo_is_exact():
    assert _run(seed=2026, games=40, steps=150) >= 5000


@pytest.mark.slow
def test_random_play_with_undo_long():
    assert _run(seed=99, games=400, steps=300) >= 100000
