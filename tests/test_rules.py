"""Both games' positions share one API (game.rules.GamePosition) and one set of base types."""

from __future__ import annotations

import inspect

import pytest

from game import rules
from game.freecell import deal as freecell_deal
from game.freecell import moves as freecell_moves
from game.freecell import position as freecell_position
from game.spider import deal as spider_deal
from game.spider import moves as spider_moves
from game.spider import position as spider_position

GAMES = {
    "freecell": (lambda: freecell_deal(1), freecell_position, freecell_moves),
    "spider": (lambda: spider_deal(1, 2), spider_position, spider_moves),
}


def _members() -> list[str]:
    return sorted(name for name, _ in inspect.getmembers(rules.GamePosition)
                  if not name.startswith("_") and name in rules.GamePosition.__dict__)


def test_the_protocol_lists_the_shared_api():
    assert _members() == ["board", "copy", "is_legal", "is_won", "key", "legal_moves", "move_count",
                          "move_stack", "outcome", "parse", "pop", "push", "why_illegal"]


@pytest.mark.parametrize("game", GAMES)
def test_each_position_satisfies_the_protocol_member_by_member(game):
    make, _position_module, _moves_module = GAMES[game]
    pos = make()
    assert isinstance(pos, rules.GamePosition)
    for name in _members():
        assert hasattr(pos, name), name
    moves = pos.legal_moves()
    move = moves[0]
    assert pos.move_stack == [] and pos.move_count == 0 and pos.is_won() is False
    assert pos.why_illegal(move) is None and pos.is_legal(move)
    assert pos.outcome() is None
    start_key = pos.key()
    hash(start_key)
    snapshot = pos.copy(stack=False)
    pos.push(move)
    assert pos.move_stack == [move] and pos.move_count == 1 and pos.key() != start_key
    text = pos.board()
    assert isinstance(text, str) and str(pos).strip() == text.strip()
    assert type(pos).parse(text) == pos
    assert pos.pop() == move and pos == snapshot and pos.move_count == 0 and pos.key() == start_key


@pytest.mark.parametrize("game", GAMES)
def test_the_errors_and_outcomes_share_base_types(game):
    make, position_module, moves_module = GAMES[game]
    assert issubclass(position_module.IllegalMoveError, rules.IllegalMoveError)
    assert issubclass(moves_module.NotationError, rules.NotationError)
    assert issubclass(position_module.Outcome, rules.Outcome)
    assert position_module.Termination is rules.Termination
    pos = make()
    # A refused move: the reason from why_illegal() is what push() raises.
    bad = next(m for m in _candidate_moves(game) if pos.why_illegal(m) is not None)
    with pytest.raises(rules.IllegalMoveError) as caught:
        pos.push(bad)
    assert pos.why_illegal(bad) in str(caught.value)
    with pytest.raises(rules.NotationError):
        type(pos).parse("not a position")
    with pytest.raises(rules.NotationError):
        moves_module.Move.parse("zz")


def _candidate_moves(game: str):
    if game == "freecell":
        return [freecell_moves.Move.parse(t) for t in ("1h", "12", "a1", "15")]
    return [spider_moves.Move.parse(t) for t in ("move 1 1 1", "move 1 2 3")]
