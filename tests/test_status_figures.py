"""The figures a status line shows, along whole games: "N cards movable" is
never more than the cards still to move, and says "card" for one.

The terminal game is driven through its input (a whole won game of deal 617
with no automatic moves, so that near the end most columns are empty while
cards are still out); each of its status lines is checked against the same
game replayed in the rules engine.
"""

from __future__ import annotations

import io
import re

from game.commands.textplay import play as text_play
from game.freecell import deal
from game.freecell.position import capacity
from game.freecell.solver import solve

LINE = re.compile(r"Deal #(\d+)   (\d+) moves?(?:   (\d+) (cards?) movable)?$", re.M)


def test_movable_is_the_capacity_up_to_the_cards_not_home():
    line = solve(deal(617), auto="off").player_moves
    pos = deal(617, auto_foundation=False)
    capped = 0
    for move in line:
        pos.push(move)
        left = 52 - pos.cards_home
        cap = capacity(pos.empty_cells(), pos.empty_columns())
        assert pos.movable() == min(cap, left)
        capped += cap > left
    assert capped > 5  # the game really reaches positions where the cap matters


def test_the_terminal_games_status_line_never_offers_more_cards_than_are_left():
    line = solve(deal(617), auto="off").player_moves
    out = io.StringIO()
    text_play(617, stdin=io.StringIO("".join(f"{m}\n" for m in line) + "quit\n"), stdout=out, auto="off")
    shown = LINE.findall(out.getvalue())
    assert [int(moves) for _, moves, _, _ in shown] == list(range(len(line) + 1))
    pos = deal(617, auto_foundation=False)
    for (number, _moves, n, noun), move in zip(shown, [None, *line]):
        if move is not None:
            pos.push(move)
        left = 52 - pos.cards_home
        if pos.is_won():  # a won game's line offers no cards to move
            assert (n, noun) == ("", "")
            continue
        assert number == "617" and int(n) <= left and int(n) == min(pos.capacity(), left)
        assert noun == ("card" if int(n) == 1 else "cards")
    assert pos.is_won()
