"""Every Spider rule (SPEC §2.1), legal and illegal, the score (§2.2) and exact undo."""

from __future__ import annotations

from collections import Counter

import pytest
from spider_helpers import build

from game.cards import Card
from game.spider import (
    DEAL,
    IllegalMoveError,
    Move,
    Position,
    PositionError,
    Termination,
    deal,
)


def m(text: str) -> Move:
    return Move.parse(text)


def refused(pos: Position, move: str, reason: str) -> None:
    """``move`` is illegal for ``reason``; trying it changes nothing."""
    before = str(pos)
    mv = m(move)
    assert not pos.is_legal(mv) and mv not in pos.legal_moves()
    assert pos.why_illegal(mv) == reason
    with pytest.raises(IllegalMoveError, match="^" + reason.replace("(", r"\(").replace(")", r"\)") + "$"):
        pos.push(mv)
    assert str(pos) == before and pos.score == 500 and not pos.move_stack


def played(pos: Position, move: str) -> Position:
    mv = m(move)
    assert pos.is_legal(mv) and mv in pos.legal_moves()
    pos.push(mv)
    return pos


# --- the deal ------------------------------------------------------------------


def test_the_deal_shape() -> None:
    for suits in (1, 2, 4):
        pos = deal(1, suits)
        assert [len(c) for c in pos.columns] == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
        assert pos.face_down == (5, 5, 5, 5, 4, 4, 4, 4, 4, 4)
        assert pos.stock_size == 50 and pos.deals_left == 5 and pos.removed == 0
        assert pos.score == 500 and pos.move_count == 0 and pos.suits == suits
        assert pos.outcome() is None and not pos.is_won()


@pytest.mark.parametrize("suits, letters", [(1, {"S"}), (2, {"S", "H"}), (4, {"S", "H", "D", "C"})])
def test_suit_counts(suits: int, letters: set[str]) -> None:
    pos = deal(12, suits)
    cards = [c for col in pos.columns for c in col] + list(pos.stock)
    assert len(cards) == 104
    per_card = Counter(str(c) for c in cards)
    assert {t[1] for t in per_card} == letters
    assert set(per_card.values()) == {8 // len(letters)}


# --- single cards ---------------------------------------------------------------


def test_one_card_onto_one_rank_higher_any_suit() -> None:
    pos = build({1: "8S", 2: "9H", 3: "9S", 4: "TH", 5: "7H", 6: "KC", 7: "QD", 8: "5C", 9: "5C", 10: "2D"})
    played(pos.copy(), "move 1 2 1")  # 8S on 9H: suits do not matter
    played(pos.copy(), "move 1 3 1")  # 8S on 9S
    refused(pos, "move 1 4 1", "8♠ can't go on 10♥: a card goes on a card exactly one rank higher, of any suit")
    refused(pos, "move 1 5 1", "8♠ can't go on 7♥: a card goes on a card exactly one rank higher, of any suit")
    refused(pos, "move 6 7 1", "K♣ can't go on Q♦: a king goes only into an empty column")  # a king goes only into an empty column
    played(pos.copy(), "move 7 6 1")  # QD on KC


def test_the_move_list_of_a_small_position() -> None:
    pos = build({1: "8S", 2: "9H", 3: "9S", 4: "TH", 5: "7H", 6: "KC", 7: "QD", 8: "5C", 9: "5C", 10: "2D"})
    assert sorted(map(str, pos.legal_moves())) == sorted(
        ["move 1 2 1", "move 1 3 1", "move 2 4 1", "move 3 4 1", "move 5 1 1", "move 7 6 1"]
    )


def test_moves_onto_own_column_and_from_empty_columns() -> None:
    pos = build({1: "8S", 2: "9H"}, junk=2)
    refused(pos, "move 1 1 1", "a column cannot move onto itself")
    refused(pos, "move 3 1 1", "column 3 is empty")
    refused(pos, "move 1 2 2", "column 1 has only 1 card")


# --- runs -------------------------------------------------------------------------


def test_same_suit_runs_move_together() -> None:
    pos = build({1: "9H 8H 7H", 2: "9S", 3: "TC", 4: "8C"})
    played(pos.copy(), "move 1 2 2")  # 8H 7H onto 9S
    played(pos.copy(), "move 1 3 3")  # 9H 8H 7H onto TC
    played(pos.copy(), "move 1 4 1")  # 7H alone
    refused(pos, "move 1 4 2", "8♥ can't go on 8♣: a card goes on a card exactly one rank higher, of any suit")


def test_a_mixed_suit_stack_moves_one_card_at_a_time() -> None:
    pos = build({1: "9H 8S 7H", 2: "9D", 3: "TC", 4: "8C"})
    refused(pos, "move 1 2 2", "only a same-suit run moves together: 8♠ 7♥ is not one")
    refused(pos, "move 1 3 3", "only a same-suit run moves together: 9♥ 8♠ 7♥ is not one")
    played(pos.copy(), "move 1 4 1")
    pos.push(m("move 1 4 1"))
    played(pos, "move 1 2 1")  # then 8S on its own


def test_a_same_suit_gap_is_no_run() -> None:
    # 7H was dealt onto 9H: same suit, not consecutive.
    pos = build({1: "9H 7H", 2: "TS", 3: "8S"})
    refused(pos, "move 1 2 2", "only a same-suit run moves together: 9♥ 7♥ is not one")
    played(pos, "move 1 3 1")


def test_face_down_cards_never_move() -> None:
    pos = build({1: "(9H) 8H", 2: "TS"})
    refused(pos, "move 1 2 2", "column 1 has only 1 face-up card: face-down cards don't move")


# --- empty columns ---------------------------------------------------------------


def test_anything_goes_into_an_empty_column() -> None:
    pos = build({1: "KC", 2: "9H 8H 7H", 3: "5D 3S"}, junk=1)  # columns 4-10 empty
    for move in ("move 1 4 1", "move 2 4 1", "move 2 4 2", "move 2 4 3", "move 3 4 1"):
        played(pos.copy(), move)
    refused(pos, "move 3 4 2", "only a same-suit run moves together: 5♦ 3♠ is not one")
    # Every empty column offers every count of every run.
    ms = {str(x) for x in pos.legal_moves()}
    assert {f"move 2 {d} {k}" for d in range(4, 11) for k in (1, 2, 3)} <= ms


def test_empty_column_counts() -> None:
    # Column 10 holds the leftovers under a lone face-up card.
    pos = build({1: "KC", 2: "9H 8H 7H", 3: "5D 3S", 10: "AS"})
    empties = 6  # columns 4..9
    sources = 1 + 3 + 1 + 1  # KC; the run by 1, 2, 3; 3S; AS
    assert len(pos.legal_moves()) == empties * sources  # no builds, no deal (stock empty)


# --- automatic turn-up -------------------------------------------------------------


def test_exposed_face_down_card_turns_up_and_undo_turns_it_back() -> None:
    pos = build({1: "(4D) (JC) 8H", 2: "9S"})
    before = str(pos)
    played(pos, "move 1 2 1")
    assert pos.face_down[0] == 1 and pos.face_up(0) == (Card.parse("JC"),)
    assert pos.turned_up() == [0]
    pos.pop()
    assert str(pos) == before and pos.face_down[0] == 2


def test_a_run_leaving_turns_up_and_the_run_below_is_found() -> None:
    # Under 5S: 8H 7H, already a run; after 5S leaves, 8H 7H move together.
    pos = build({1: "(2C) 8H 7H 5S", 2: "6D", 3: "9C"})
    played(pos, "move 1 2 1")
    assert pos.run_length(0) == 2 and pos.turned_up() == []
    played(pos, "move 1 3 2")
    assert pos.face_down[0] == 0 and pos.turned_up() == [0]


# --- set removal -----------------------------------------------------------------------


def test_a_move_completing_a_set_removes_it() -> None:
    pos = build({1: "(3D) KS QS JS TS 9S 8S 7S", 2: "(5C) 6S 5S 4S 3S 2S AS", 3: "QH"})
    before = str(pos)
    played(pos, "move 2 1 6")
    assert pos.removed == 1 and pos.removed_suits == (3,)
    assert pos.column(0) == (Card.parse("3D"),) and pos.face_down[0] == 0  # turned up under the set
    assert pos.column(1) == (Card.parse("5C"),) and pos.face_down[1] == 0
    assert sorted(pos.turned_up()) == [0, 1] and pos.completed_sets() == 1
    assert pos.score == 500 - 1 + 100 and pos.move_count == 1
    pos.pop()
    assert str(pos) == before and pos.removed == 0
    assert pos.score == 500 - 1 + 100 - 1 - 100 and pos.move_count == 0


def test_a_single_ace_completes_a_set() -> None:
    pos = build({1: "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H", 2: "AH", 3: "4C"})
    played(pos, "move 2 1 1")
    assert pos.removed == 1 and pos.column(0) == () and pos.column(1) == ()
    assert pos.run_length(0) == 0


def test_a_set_on_mixed_cards_leaves_them() -> None:
    # The set sits on 3D 7C (face up): after removal 7C is the exposed card, run 1.
    pos = build({1: "3D 7C KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", 2: "AS", 3: "8D"})
    played(pos, "move 2 1 1")
    assert [str(c) for c in pos.column(0)] == ["3D", "7C"] and pos.run_length(0) == 1
    assert pos.turned_up() == []
    played(pos, "move 1 3 1")


def test_a_set_not_at_the_end_is_not_removed() -> None:
    pos = build({1: "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", 2: "AS", 3: "AS"})
    # An ace of another suit on 2S: 13 cards, but not one suit.
    pos2 = build({1: "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", 2: "AD", 3: "AS"})
    played(pos2, "move 2 1 1")
    assert pos2.removed == 0 and len(pos2.column(0)) == 13
    played(pos, "move 2 1 1")
    assert pos.removed == 1


def test_a_deal_completing_a_set_removes_it_and_scores() -> None:
    pos = build(
        {1: "4D", 2: "(QD) KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", 3: "4D", 4: "4H", 5: "4H",
         6: "4C", 7: "4C", 8: "3D", 9: "3D", 10: "3H"},
        stock="8C AS 9C 9D 9H 9S 9C 9D 9H 8D",
    )
    before = str(pos)
    played(pos, "deal")
    assert pos.removed == 1 and pos.column(1) == (Card.parse("QD"),) and pos.face_down[1] == 0
    assert pos.completed_sets() == 1 and pos.turned_up() == [1]
    assert pos.score == 500 - 1 + 100 and pos.move_count == 1 and pos.stock_size == 0
    assert [str(pos.column(i)[-1]) for i in (0, 2, 9)] == ["8C", "9C", "8D"]
    pos.pop()
    assert str(pos) == before and pos.score == 500 - 1 + 100 - 1 - 100 and pos.removed == 0


def test_a_deal_can_complete_two_sets() -> None:
    run = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    pos = build({1: run, 2: run, 3: "4D", 4: "4D", 5: "4H", 6: "4H", 7: "4C", 8: "4C", 9: "3D",
                 10: "3H"}, stock="AS AS 9C 9D 9H 9C 9D 9H 8C 8D")
    played(pos, "deal")
    assert pos.removed == 2 and pos.completed_sets() == 2 and pos.score == 500 - 1 + 200
    assert pos.empty_columns() == [0, 1]
    pos.pop()
    assert pos.removed == 0 and pos.score == 500 - 1 + 200 - 1 - 200


# --- dealing ---------------------------------------------------------------------------


def test_a_deal_puts_one_card_face_up_on_every_column() -> None:
    pos = deal(5, 2)
    stock = pos.stock
    played(pos, "deal")
    assert [pos.column(i)[-1] for i in range(10)] == list(stock[:10])
    assert pos.face_down == (5, 5, 5, 5, 4, 4, 4, 4, 4, 4)
    assert pos.stock == stock[10:] and pos.deals_left == 4
    assert pos.score == 499 and pos.move_count == 1  # a deal is a move


def test_five_deals_then_none() -> None:
    pos = deal(9, 4)
    for _ in range(5):
        assert pos.can_deal()
        pos.push(DEAL)
    assert not pos.can_deal() and pos.stock_size == 0
    before = str(pos)
    assert pos.why_illegal(DEAL) == "the stock is empty: no rows are left to deal"
    with pytest.raises(IllegalMoveError, match=r"^the stock is empty: no rows are left to deal$"):
        pos.push(DEAL)
    assert str(pos) == before and DEAL not in pos.legal_moves()


def test_no_deal_while_a_column_is_empty() -> None:
    pos = build({1: "8S", 3: "9H"}, stock=1)  # column 2 empty; plenty of cards out
    refused(pos, "deal", "the stock can't be dealt while a column is empty: fill column 2 first")
    assert not pos.can_deal()


def test_the_deal_exception_under_ten_cards() -> None:
    # Seven sets gone, three cards out, one deal left: the columns could never
    # all be filled, so the deal is allowed with empty columns.
    pos = build({1: "KC", 2: "QC", 3: "JC"}, stock="TC 9C 8C 7C 6C 5C 4C 3C 2C AC",
                removed="SSHHDDC", junk=1)
    assert pos.cards_on_table() == 3 and pos.empty_columns() == list(range(3, 10))
    assert pos.can_deal() and DEAL in pos.legal_moves()
    played(pos, "deal")
    assert pos.cards_on_table() == 13 and pos.empty_columns() == []
    pos.pop()
    assert pos.stock_size == 10


def test_deal_exception_needs_under_ten_cards() -> None:
    # Six sets gone, 26 cards left: 16 out and one deal, or 6 out and two.
    many = build({1: "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C", 2: "AC KD QD", 3: "JD"},
                 stock="TD 9D 8D 7D 6D 5D 4D 3D 2D AD", removed="SSHHDC")
    assert many.cards_on_table() == 16
    refused(many, "deal", "the stock can't be dealt while a column is empty: fill column 4 first")
    few = build({1: "KC QC JC TC", 2: "KD", 3: "QD"}, stock=2, removed="SSHHDC")
    assert few.cards_on_table() == 6 and few.can_deal()
    played(few, "deal")
    assert few.empty_columns() == [] and few.can_deal()


# --- the end -----------------------------------------------------------------------------


def test_won_at_eight_sets() -> None:
    pos = build({1: "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C", 2: "AC"}, removed="SSHHDDC", junk=1)
    assert pos.outcome() is None
    played(pos, "move 2 1 1")
    assert pos.is_won() and pos.removed == 8 and pos.cards_on_table() == 0
    outcome = pos.outcome()
    assert outcome is not None and outcome.won and outcome.termination is Termination.WON
    assert outcome.score == 599 and outcome.move_count == 1
    assert pos.legal_moves() == []


def test_no_move_and_no_deal_is_a_dead_end() -> None:
    tops = ["5C", "5C", "5D", "5D", "5H", "5H", "5S", "5S", "KC", "KD"]
    pos = build({i + 1: t for i, t in enumerate(tops)}, junk=10)
    # The leftovers lie face down under KD; nothing fits anywhere and the stock is empty.
    assert pos.legal_moves() == []
    outcome = pos.outcome()
    assert outcome is not None and not outcome.won and outcome.termination is Termination.NO_MOVES
    assert "undo" in str(outcome)


# --- scoring --------------------------------------------------------------------------------


def test_score_and_moves_through_undo() -> None:
    pos = deal(1, 4)
    a, b = pos.legal_moves()[:2]
    pos.push(a)
    assert (pos.score, pos.move_count) == (499, 1)
    pos.push(DEAL)
    assert (pos.score, pos.move_count) == (498, 2)  # a deal is a move: one point, one on the counter
    pos.pop()
    assert (pos.score, pos.move_count) == (497, 1)  # undo costs a point, refunds none
    pos.pop()
    assert (pos.score, pos.move_count) == (496, 0)
    pos.push(b)
    assert (pos.score, pos.move_count) == (495, 1)


def test_score_counts_every_action_and_each_set() -> None:
    pos = build({1: "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C", 2: "AC", 3: "2D"}, removed="SSHHDC")
    played(pos, "move 2 3 1")  # AC onto 2D
    pos.pop()
    played(pos, "move 2 1 1")  # completes a set
    assert pos.score == 500 - 3 + 100 and pos.move_count == 1 and pos.removed == 7


def test_push_rejects_moves_built_outside_the_table() -> None:
    pos = deal(1, 1)
    for bogus in (Move(-2, 0, 1), Move(0, 10, 1), Move(0, 1, -1)):
        assert not pos.is_legal(bogus)
        with pytest.raises(IllegalMoveError):
            pos.push(bogus)
    assert pos == deal(1, 1) and pos.score == 500


def test_pop_on_a_fresh_position_raises_index_error() -> None:
    with pytest.raises(IndexError):
        deal(1, 1).pop()


def test_positions_must_be_possible() -> None:
    good = deal(2, 4)
    cols = [list(c) for c in good.columns]
    with pytest.raises(PositionError, match="last card must be face up"):
        Position(cols, [len(c) for c in cols], good.stock)
    with pytest.raises(PositionError, match="deck"):
        Position(cols[:9] + [cols[9] + [Card.parse("AS")]], good.face_down, good.stock)
    with pytest.raises(PositionError, match="stock of 49"):
        Position(cols, good.face_down, good.stock[1:])
    assert Position(cols, good.face_down, good.stock) == good


# --- helpers for the table and the hint ----------------------------------------------------


def test_fitting_move_carries_as_many_cards_as_fit() -> None:
    pos = build({1: "(2C) TD 9H 8H 7H", 2: "9S", 3: "TC", 4: "JD", 5: "8C"})  # 6-10 empty
    assert str(pos.fitting_move(0, 1)) == "move 1 2 2"  # 8H 7H onto 9S
    assert str(pos.fitting_move(0, 2)) == "move 1 3 3"  # 9H 8H 7H onto TC
    assert str(pos.fitting_move(0, 4)) == "move 1 5 1"
    assert str(pos.fitting_move(0, 6)) == "move 1 7 3"  # the whole run into an empty column
    assert pos.fitting_move(0, 3) is None  # JD: TD is under a broken run
    assert pos.fitting_move(0, 0) is None and pos.fitting_move(6, 0) is None
    for s in range(10):
        for d in range(10):
            fit = pos.fitting_move(s, d)
            legal = [mv for mv in pos.legal_moves() if mv.source == s and mv.dest == d]
            assert fit == (max(legal, key=lambda mv: mv.count) if legal else None)


def test_visible_hides_face_down_cards() -> None:
    pos = build({1: "(4D) (JC) 8H 7H", 2: "9S"}, stock=1)
    columns, stock = pos.visible()
    assert columns[0] == (2, (Card.parse("8H"), Card.parse("7H")))
    assert stock == 10 and len(columns) == 10 and columns[2] == (0, ())
    assert "4D" not in repr(columns[0])
