"""FreeCell rules, SPEC §1.1-1.3: every rule legal and illegal."""

from __future__ import annotations

import pytest
from freecell_helpers import cards_of, make

from game.cards import Card
from game.freecell import (
    AmbiguousMoveError,
    IllegalMoveError,
    Move,
    NotationError,
    Termination,
    capacity,
    deal,
    is_safe_home,
)

M = Move.parse


def reason(pos, text: str) -> str | None:
    return pos.why_illegal(M(text))


# --- building on the tableau ---------------------------------------------------


def test_a_card_builds_on_one_rank_higher_of_the_other_colour():
    pos = make(["* 5H", "* 6S", "* 6D", "* 7S", "* 6C"])
    assert reason(pos, "12") is None
    assert reason(pos, "15") is None
    assert reason(pos, "13") == "5♥ can't go on 6♦: colours alternate, red on black or black on red"
    assert reason(pos, "14") == "5♥ can't go on 7♠: a card goes on one a rank higher"
    pos.push(M("12"))
    assert [str(c) for c in pos.columns[1][-2:]] == ["6S", "5H"]


def test_any_card_goes_to_an_empty_column_not_only_kings():
    pos = make(["* 5H", "", "* KC"])
    assert reason(pos, "12") is None
    assert reason(pos, "32") is None
    pos.push(M("12"))
    assert [str(c) for c in pos.columns[1]] == ["5H"]


def test_a_card_cannot_move_onto_its_own_column_or_from_an_empty_one():
    pos = make(["* 5H", "", "*"])
    assert reason(pos, "11") == "a card can't move onto its own place"
    assert reason(pos, "21") == "column 2 is empty"


# --- free cells -------------------------------------------------------------------


def test_a_free_cell_holds_exactly_one_card():
    pos = make(["* 5H", "* 9C"], cells="QD - - -")
    assert reason(pos, "1a") == "free cell a already holds Q♦: a free cell holds one card"
    assert reason(pos, "1b") is None
    pos.push(M("1b"))
    assert str(pos.cells[1]) == "5H"
    assert reason(pos, "2b") == "free cell b already holds 5♥: a free cell holds one card"


def test_a_card_leaves_a_free_cell_for_a_column_or_its_foundation_never_another_cell():
    pos = make(["* 9C", "", "*"], cells="8H AS - -")
    assert reason(pos, "a1") is None  # 8H on 9C
    assert reason(pos, "a2") is None  # empty column
    assert reason(pos, "bh") is None  # ace home
    assert reason(pos, "ac") == "8♥ stays put: a card never moves from one free cell to another"
    assert reason(pos, "ca") == "free cell c is empty"
    assert M("ab") not in pos.legal_moves()


def test_only_column_moves_carry_several_cards():
    with pytest.raises(NotationError):
        M("1av2")
    with pytest.raises(NotationError):
        M("1hv2")
    pos = make(["* 9C 8H", "*"])
    assert pos.why_illegal(Move.of(0, 8, 2)) == "a free cell holds one card"
    assert pos.why_illegal(Move.of(0, 12, 2)) == "cards go home one at a time"


# --- foundations --------------------------------------------------------------------


def test_foundations_build_up_by_suit_from_the_ace():
    pos = make(["* AH", "* 2H", "* 3S", "* 2D"], found="S-A")
    assert reason(pos, "2h") == "2♥ can't go home yet: its foundation needs A♥ first"
    assert reason(pos, "3h") == "3♠ can't go home yet: its foundation needs 2♠ first"
    assert reason(pos, "4h") == "2♦ can't go home yet: its foundation needs A♦ first"
    pos.push(M("1h"))
    assert reason(pos, "2h") is None
    pos.push(M("2h"))
    assert pos.foundations[Card.parse("AH").suit] == 2


def test_nothing_comes_back_from_a_foundation():
    with pytest.raises(NotationError, match="never leave the foundation"):
        M("h1")
    pos = make(["*", ""], found="H-5")
    assert not any(m.source == 12 for m in pos.legal_moves())


# --- sequence moves ------------------------------------------------------------------


def test_capacity_formula_and_the_spec_examples():
    assert capacity(2, 1) == 6 and capacity(2, 1, to_empty_column=True) == 3
    assert capacity(4, 0) == 5 and capacity(4, 1) == 10
    assert capacity(0, 0) == 1 and capacity(0, 2) == 4 and capacity(0, 2, True) == 2
    assert capacity(3, 2, True) == 8


def test_two_cells_one_empty_column_six_onto_a_card_three_into_the_column():
    # Column 1 ends in the 7-card run 9S..3S; column 3 is the one empty column.
    pos = make(["* 9S 8H 7S 6H 5S 4H 3S", "* TD", "", "* 9C"], cells="KH KD - -")
    assert pos.capacity() == 6 and pos.capacity(to_empty_column=True) == 3
    assert reason(pos, "12v7") == "7 cards can't move at once: only 6 can now (free a cell or a column)"
    assert reason(pos, "14v6") is None
    assert reason(pos, "13v3") is None
    assert reason(pos, "13v4") == "4 cards can't move into an empty column at once: only 3 can now (free a cell or a column)"
    pos.push(M("14v6"))
    assert [str(c) for c in pos.columns[3][-7:]] == ["9C", "8H", "7S", "6H", "5S", "4H", "3S"]
    assert [str(c) for c in pos.columns[0][-1:]] == ["9S"]


def test_four_cells_and_no_empty_column_move_five():
    pos = make(["* 9S 8H 7S 6H 5S 4H 3S", "* TD", "* 9C", "* 8D"])
    assert pos.capacity() == 5
    assert reason(pos, "14v5") is None
    assert reason(pos, "13v6") == "6 cards can't move at once: only 5 can now (free a cell or a column)"
    assert reason(pos, "12v7") == "7 cards can't move at once: only 5 can now (free a cell or a column)"


def test_four_cells_and_one_empty_column_move_ten_onto_a_card_five_into_it():
    pos = make(["* QS JH TS 9H 8S 7H 6S 5H 4S 3H 2S", "* KH", "* QC", ""])
    assert pos.capacity() == 10 and pos.capacity(to_empty_column=True) == 5
    assert reason(pos, "13va") is None
    assert reason(pos, "12vb") == "11 cards can't move at once: only 10 can now (free a cell or a column)"
    assert reason(pos, "14v5") is None
    assert reason(pos, "14v6") == \
        "6 cards can't move into an empty column at once: only 5 can now (free a cell or a column)"
    pos.push(M("13va"))
    assert str(pos.columns[2][-11]) == "QC" and pos.run_length(2) >= 11
    pos.pop()
    assert pos.run_length(0) == 11


def test_a_broken_run_never_moves_as_a_group():
    pos = make(["* 9S 8H 7H 6S", "* TD", ""], cells="- - - -")
    text = pos.why_illegal(M("12v4"))
    assert text == "only a run moves together: 9♠ … 6♠ (4 cards) is not one (7♥ is the same colour as 8♥)"
    # Only the built part (7H 6S) is offered as a group.
    counts = {m.count for m in pos.legal_moves() if m.source == 0 and m.dest == 2}
    assert counts == {1, 2}


def test_the_count_must_match_the_target_card():
    pos = make(["* TC 9H 8S 7H", "* 9D"])
    assert reason(pos, "12v2") is None  # 8S 7H onto 9D
    assert reason(pos, "12v3") == "9♥ can't go on 9♦: build down by one in alternating colours"
    assert reason(pos, "12") == "7♥ can't go on 9♦: build down by one in alternating colours"
    assert pos.parse_move("12") == Move.of(0, 1, 2)
    n = len(pos.columns[0])
    assert pos.why_illegal(Move.of(0, 1, n + 1)) == f"column 1 holds only {n} cards"


def test_parse_move_follows_fc_solve_for_empty_columns():
    pos = make(["* 9H 8S 7H", "", "*"])
    assert pos.parse_move("12") == Move.of(0, 1, 1)
    assert pos.parse_move("12v3") == Move.of(0, 1, 3)
    with pytest.raises(AmbiguousMoveError, match="add v<count>"):
        pos.parse_move("12", strict=False)


# --- automatic moves ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "card, found, safe",
    [
        ("AH", "", True),
        ("2S", "S-A", True),
        ("5H", "H-4 C-4 S-4", True),  # both black foundations at rank - 1
        ("5H", "H-4 C-3 S-3 D-2", True),  # black at rank - 2, diamonds at rank - 3
        ("5H", "H-4 C-3 S-3 D-A", False),
        ("5H", "H-4 C-4 S-2 D-4", False),
        ("3C", "C-2 D-A H-A", True),
        ("3C", "C-2 D-A", False),
        ("KD", "D-Q C-Q S-Q H-Q", True),
    ],
)
def test_raymonds_safe_auto_foundation_rule(card, found, safe):
    foundations = [0, 0, 0, 0]
    for tok in found.split():
        s, r = tok.split("-")
        foundations["CDHS".index(s)] = "0A23456789TJQK".index(r)
    assert is_safe_home(Card.parse(card), foundations) is safe


def test_automatic_cards_join_the_move_that_set_them_off_and_count_zero():
    # Moving 9C off the ace lets AH and then 2H (on the ace's column) fly home.
    pos = make(["* 2H AH 9C", "* TD"], auto=True)
    pos.push(M("12"))
    assert pos.foundations[Card.parse("AH").suit] == 2
    assert pos.move_count == 1
    step = pos.undo_steps()[-1]
    assert step[0] == M("12") and [str(m) for m in step[1]] == ["1h", "1h"]
    assert [str(m) for m in pos.card_moves()] == ["12", "1h", "1h"]
    assert pos.pop() == M("12")
    assert pos.foundations == [0, 0, 0, 0]
    assert [str(c) for c in pos.columns[0][-3:]] == ["2H", "AH", "9C"]


def test_unsafe_cards_stay_put_and_the_switch_turns_it_off():
    pos = make(["* 3H 9C", "* TD"], found="H-2", auto=True)
    pos.push(M("12"))  # 3H fits home but the black foundations are empty: not safe
    assert pos.foundations[Card.parse("3H").suit] == 2
    off = make(["* AH 9C", "* TD"], auto=False)
    off.push(M("12"))
    assert off.foundations == [0, 0, 0, 0]
    off.pop()
    off.push(M("12"), auto=True)
    assert off.foundations[Card.parse("AH").suit] == 1


def test_settle_plays_the_deals_own_safe_cards_and_they_stay_after_undo():
    pos = deal(1, auto_foundation=True)
    assert pos.settle() == []  # deal 1 has no ace at a column end
    pos = make(["* 9C AS", "* TD"], auto=True)
    assert [str(m) for m in pos.settle()] == ["1h"]
    pos.push(M("12"))
    pos.pop()
    assert pos.foundations[Card.parse("AS").suit] == 1
    assert [str(m) for m in pos.card_moves()] == ["1h"]


def test_autocomplete_condition_and_one_card_per_step():
    done = make(["KS QH", "KH QS", "KD", "KC QD", "QC"], found="C-J D-J H-J S-J")
    assert done.can_autocomplete()
    tangled = make(["QH KS", "KH QS", "KD", "KC QD", "QC"], found="C-J D-J H-J S-J")
    assert not tangled.can_autocomplete()
    assert tangled.autocomplete_move() is None
    steps = 0
    while (m := done.autocomplete_move()) is not None:
        done.push(m, auto=False)
        steps += 1
    assert done.is_won() and steps == 8 and done.move_count == 8
    done.pop()
    assert done.cards_home == 51
    assert not done.is_won() and done.can_autocomplete()


def test_equal_ranks_do_not_block_autocomplete():
    pos = make(["KS KH", "QS QH", "KD KC QD QC"], found="C-J D-J H-J S-J")
    assert pos.can_autocomplete()


# --- undo, outcome ---------------------------------------------------------------------


def test_undo_restores_exactly_and_refuses_when_empty():
    pos = deal(5, auto_foundation=True)
    before = pos.copy()
    for text in ("1a", "2b", "3c"):
        if pos.is_legal(M(text)):
            pos.push(M(text))
    while pos.move_count:
        pos.pop()
    assert pos == before
    with pytest.raises(IndexError):
        pos.pop()


def test_illegal_push_raises_and_changes_nothing():
    pos = deal(1)
    before = pos.copy()
    with pytest.raises(IllegalMoveError) as info:
        pos.push(M("12"))
    assert str(info.value) == "12: 6♠ can't go on 9♣: build down by one in alternating colours"
    assert pos == before and pos.move_count == 0


def test_dead_end_is_reported_apart_from_a_win():
    # Every cell full of kings, all exposed cards red: nothing moves anywhere.
    cols = ["* QH", "* QD", "* JH", "* JD", "* TH", "* TD", "* 9H", "* 9D"]
    stuck = make(cols, cells="KH KD KC KS")
    assert stuck.legal_moves() == []
    assert not stuck.has_legal_moves()
    outcome = stuck.outcome()
    assert outcome is not None and outcome.termination is Termination.NO_MOVES and not outcome.won
    won = make([""] * 8, found="C-K D-K H-K S-K")
    assert won.outcome() is not None and won.outcome().won
    assert deal(1).outcome() is None


def test_every_refusal_is_one_line():
    pos = make(["* 9S 8H 7H 6S", "* TD", "", "*"], cells="QC - - -")
    for m in [Move.of(s, d, c) for s in range(12) for d in range(13) for c in range(1, 14)]:
        text = pos.why_illegal(m)
        if text is not None:
            assert "\n" not in text and text.strip() == text
    assert len(cards_of(pos)) == 52


def test_distinct_moves_offer_one_empty_cell_and_one_empty_column():
    pos = make(["* 9H 8S", "", "", "*"], cells="- QC - -")
    moves = pos.distinct_moves()
    cell_targets = {m.dest for m in moves if 8 <= m.dest < 12}
    column_targets = {m.dest for m in moves if m.dest in (1, 2)}
    assert cell_targets == {8} and column_targets == {1}
    assert set(moves) <= set(pos.legal_moves())
    single = make(["", "9H", "*"])
    assert not any(m.source == 1 and m.dest == 0 for m in single.distinct_moves())
