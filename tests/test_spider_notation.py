"""Text forms: moves and positions read back exactly; bad text is refused in one line."""

from __future__ import annotations

import random

import pytest

from game.spider import DEAL, Move, NotationError, Position, PositionError, deal
from game.spider.moves import COLUMNS, MAX_RUN

# --- moves ------------------------------------------------------------------------


def test_every_move_round_trips() -> None:
    for s in range(COLUMNS):
        for d in range(COLUMNS):
            for k in range(1, MAX_RUN + 1):
                move = Move.of(s, d, k)
                assert str(move) == f"move {s + 1} {d + 1} {k}"
                assert Move.parse(str(move)) is move
                assert move == Move(s, d, k) and hash(move) == hash(Move(s, d, k))
    assert Move.parse("deal") is DEAL and str(DEAL) == "deal" and DEAL.is_deal


def test_moves_are_immutable_values() -> None:
    move = Move.parse("move 3 7 2")
    with pytest.raises(AttributeError):
        move.count = 3  # type: ignore[misc]
    assert {move, Move.of(2, 6, 2)} == {move}
    assert repr(move) == "Move.parse('move 3 7 2')"


def test_lenient_spacing_and_case() -> None:
    assert Move.parse("  Move\t3  7 2 ") is Move.parse("move 3 7 2")
    assert Move.parse(" DEAL ") is DEAL


@pytest.mark.parametrize(
    "text, reason",
    [
        ("", "is not a move"),
        ("mov 3 7 2", "is not a move"),
        ("move 3 7", "is not a move"),
        ("move 3 7 2 1", "is not a move"),
        ("deal 2", "is not a move"),
        ("move a 7 2", "'a' is not a number"),
        ("move 3 7 -2", "'-2' is not a number"),
        ("move 3 7 ２", "is not a number"),  # a full-width digit
        ("move 0 7 2", "there is no column 0"),
        ("move 3 11 2", "there is no column 11"),
        ("move 3 7 0", "a move carries 1 to 13 cards"),
        ("move 3 7 14", "a move carries 1 to 13 cards"),
        ("move 3 7 99999", "is not a number"),
    ],
)
def test_malformed_moves(text: str, reason: str) -> None:
    with pytest.raises(NotationError, match=reason) as info:
        Move.parse(text)
    assert "\n" not in str(info.value)
    assert isinstance(info.value, ValueError)


def test_move_of_checks_its_range() -> None:
    with pytest.raises(ValueError):
        Move.of(10, 0, 1)
    with pytest.raises(ValueError):
        Move.of(0, 1, 0)


# --- positions -------------------------------------------------------------------------


def test_position_text_round_trips_on_deals_and_in_play() -> None:
    rng = random.Random(11)
    for number in (1, 2, 3, 999_999):
        for suits in (1, 2, 4):
            pos = deal(number, suits)
            for _ in range(120):
                text = str(pos)
                back = Position.parse(text)
                assert str(back) == text and back == pos and back.suits == pos.suits
                assert back.removed == pos.removed
                moves = pos.legal_moves()
                if not moves:
                    break
                pos.push(rng.choice(moves))


def test_an_empty_column_and_an_empty_stock_read_back() -> None:
    text = """\
stock:
1: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S
2: AS
3:
4:
5:
6:
7:
8:
9:
10:
removed: 7"""
    pos = Position.parse(text)
    assert str(pos) == text and pos.removed == 7 and pos.suits == 1
    assert pos.empty_columns() == list(range(2, 10)) and pos.stock_size == 0
    pos.push(Move.parse("move 2 1 1"))
    assert pos.is_won()
    assert str(pos).splitlines()[-1] == "removed: 8"
    assert Position.parse(str(pos)) == pos


def test_parse_accepts_ten_and_lowercase_tokens_but_writes_the_standard_form() -> None:
    text = str(deal(4, 4))
    loose = text.replace("T", "10").lower().replace("stock", "Stock")
    assert str(Position.parse(loose)) == text


def test_removed_suits_are_recovered_from_the_missing_cards() -> None:
    text = """\
stock:
1: KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D
2: AD
3: KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C AH
4: AC
5:
6:
7:
8:
9:
10:
removed: 6"""
    # With AH on the table a heart set is broken: no real game gets here.
    with pytest.raises(PositionError, match="deck"):
        Position.parse(text)
    # Without it, one set each of diamonds and clubs is left: the six removed
    # sets of a 4-suit deck are a club, a diamond, two hearts and two spades.
    pos = Position.parse(text.replace(" AH", ""))
    assert pos.suits == 4 and sorted(map(int, pos.removed_suits)) == [0, 1, 2, 2, 3, 3]


def test_a_position_parsed_keeps_the_given_score() -> None:
    pos = Position.parse(str(deal(3, 1)), score=432, move_count=17)
    assert (pos.score, pos.move_count) == (432, 17)


_GOOD = str(deal(1, 4))


@pytest.mark.parametrize(
    "text, reason",
    [
        ("", "12 lines"),
        (_GOOD + "\nextra", "12 lines"),
        (_GOOD.replace("stock:", "stack:"), "line 1 must start with 'stock:'"),
        (_GOOD.replace("3: (JS)", "4: (JS)"), "line 4 must start with '3:'"),
        (_GOOD.replace("(KC) (AD)", "(KC) (1X)"), "line 6: '1X' is not a card"),
        (_GOOD.replace("(6D) (5S) (JS)", "(6D) 5S (JS)"), "line 2: face-down \\(JS\\) above a face-up card"),
        (_GOOD.replace(" 2S\n", " (2S)\n"), "line 2: the last card of a column must be face up"),
        (_GOOD.replace("removed: 0", "removed: x"), "line 12 must be 'removed: N'"),
        (_GOOD.replace("removed: 0", "removed: 9"), "there are 8 sets"),
        (_GOOD.replace("removed: 0", "removed: 1"), "deck"),
        (_GOOD.replace("(6D) (5S)", "(6D) (5S) (5S)"), "deck"),
        (_GOOD.replace("stock: 8D 2D", "stock: 8D"), "deck|stock"),
    ],
)
def test_malformed_positions(text: str, reason: str) -> None:
    with pytest.raises(PositionError, match=reason) as info:
        Position.parse(text)
    assert "\n" not in str(info.value)
    assert isinstance(info.value, NotationError)


def test_stock_must_be_whole_deals() -> None:
    # Move one stock card onto a column: 104 cards still, but 49 in the stock.
    lines = _GOOD.splitlines()
    first = lines[0].split()[1]
    lines[0] = "stock: " + " ".join(lines[0].split()[2:])
    lines[1] = lines[1].replace("1: ", f"1: ({first}) ")
    with pytest.raises(PositionError, match="stock of 49"):
        Position.parse("\n".join(lines))


def test_a_complete_set_left_at_the_end_is_refused() -> None:
    text = """\
stock:
1: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS
2:
3:
4:
5:
6:
7:
8:
9:
10:
removed: 7"""
    with pytest.raises(PositionError, match="complete set"):
        Position.parse(text)


def test_hidden_card_helpers() -> None:
    pos = deal(1, 4)
    assert pos.face_up(0) == pos.column(0)[-1:] and pos.face_down[0] == 5
    assert not pos.is_face_up(0, 4) and pos.is_face_up(0, 5) and not pos.is_face_up(0, 6)
    assert pos.run_length(0) == 1 and pos.stock == tuple(pos.stock)
    assert repr(pos) == "<Position stock=50 removed=0 score=500 move_count=0>"
    assert pos.key() == Position.parse(str(pos)).key()
    assert hash(pos.key()) == hash(deal(1, 4).key())
