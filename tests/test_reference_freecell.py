"""Self-tests of the stand-alone FreeCell reference (tests/reference_freecell.py)."""

from __future__ import annotations

from collections import Counter

from conftest import load_reference

ref = load_reference()

DEAL_1 = """\
JD KD 2S 4C 3S 6D 6S
2D KC KS 5C TD 8S 9C
9H 9S 9D TS 4S 8D 2H
JC 5S QD QH TH QS 6H
5D AD JS 4H 8H 6C
7H QC AS AC 2C 3D
7C KH AH 4D JH 8C
5H 3H 3C 7S 7D TC
"""


def _all_cards(state) -> Counter:
    columns, cells, foundations = state
    cards = Counter(c for column in columns for c in column)
    cards.update(c for c in cells if c is not None)
    for suit, top in enumerate(foundations):
        cards.update(ref.RANKS[r] + ref.SUITS[suit] for r in range(1, top + 1))
    return cards


# --- parsing -----------------------------------------------------------------


def test_parse_deal_1():
    columns, cells, foundations = ref.parse_board(DEAL_1)
    assert len(columns) == 8
    assert [len(c) for c in columns] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert columns[0][0] == "JD" and columns[0][-1] == "6S"
    assert cells == (None, None, None, None)
    assert foundations == (0, 0, 0, 0)
    assert len(_all_cards((columns, cells, foundations))) == 52


def test_parse_headers_and_padding():
    text = "\nFoundations: H-0 C-2 D-A\n\nFreecells: - 9C\n: 3H 4S\n:\nKD\n"
    columns, cells, foundations = ref.parse_board(text)
    assert columns == (("3H", "4S"), (), ("KD",), (), (), (), (), ())
    assert cells == (None, "9C", None, None)
    assert foundations == (2, 1, 0, 0)  # C, D, H, S
    assert ref.parse_board(ref.format_board((columns, cells, foundations))) == (columns, cells, foundations)


# --- deal 1 ------------------------------------------------------------------


def test_deal_1_first_moves():
    state = ref.parse_board(DEAL_1)
    moves = ref.reference_moves(state)
    # No ace at a column end, no card fits on another, so only the 8 x 4 cell moves.
    assert not any(m.endswith("h") for m in moves)
    assert sorted(moves) == sorted(c + cell for c in "12345678" for cell in "abcd")
    assert moves["3a"] == (
        state[0][:2] + (state[0][2][:-1],) + state[0][3:],
        ("2H", None, None, None),
        (0, 0, 0, 0),
    )


def test_deal_1_counts_depth_2():
    # Checked by hand. Depth 2: 24 cell moves remain after any first move, plus
    # 24 extra moves: 8D and 8H onto 9C once 2H / 6C are in a cell (4 + 4),
    # TC onto JH once 8C is in a cell (4), and 6S, 6C onto 7D and 7D onto 8C
    # once TC is in a cell (12): 32 * 24 + 24 = 792 paths.
    # Distinct states: two cards from different columns in two cells,
    # 28 * 4 * 3 = 336, two cards from one column, 8 * 4 * 3 = 96, plus the
    # 24 states of the extra moves: 456.
    state = ref.parse_board(DEAL_1)
    assert [ref.reference_perft(state, d) for d in (0, 1, 2)] == [1, 32, 792]
    assert [ref.reference_reachable(state, d) for d in (0, 1, 2)] == [1, 32, 456]


def test_deal_1_counts_depth_3():
    # Regression values from this reference (not checked by hand).
    state = ref.parse_board(DEAL_1)
    assert ref.reference_perft(state, 3) == 14004
    assert ref.reference_reachable(state, 3) == 3608


def test_moves_conserve_cards_and_perft_matches_move_lists():
    state = ref.parse_board(DEAL_1)
    cards = _all_cards(state)
    total = 0
    for result in ref.reference_moves(state).values():
        assert _all_cards(result) == cards
        total += len(ref.reference_moves(result))
    assert total == ref.reference_perft(state, 2)


# --- single-card rules -------------------------------------------------------


def test_foundation_cell_and_column_moves():
    state = ref.parse_board("Foundations: C-A\nFreecells: 2C - 5H\n4S\n6C\n:\nAD\n")
    moves = ref.reference_moves(state)
    assert "ah" in moves and moves["ah"][2] == (2, 0, 0, 0)
    assert "4h" in moves and moves["4h"][0][3] == ()
    assert "c2" in moves  # 5H onto 6C
    assert "c1" not in moves  # 5H onto 4S: wrong rank
    assert "14" not in moves  # 4S onto AD: wrong rank
    # Cells go into every empty column; cards never go cell -> cell.
    for dst in "35678":
        assert "a" + dst in moves and "c" + dst in moves
    assert not any(m[0] in "abcd" and m[1] in "abcd" for m in moves)
    # Column cards go to every empty cell (b and d), not to occupied ones.
    assert {m for m in moves if m[0] == "1" and m[1] in "abcd"} == {"1b", "1d"}
    # Nothing leaves a foundation.
    assert not any(m.startswith("h") for m in moves)


def test_same_colour_is_refused():
    state = ref.parse_board("6C\n5S\n5H\n")
    moves = ref.reference_moves(state)
    assert "31" in moves and "21" not in moves


# --- sequence moves and capacity ---------------------------------------------


def test_two_cells_one_empty_column():
    # 2 empty cells, 1 empty column: 6 cards onto a card, only 3 into the empty column.
    board = "Freecells: 2C 3C - -\n9H 8S 7H 6S 5H 4S\nTC\nKD\nKC\nKS\nKH\nQD\n:\n"
    moves = ref.reference_moves(ref.parse_board(board))
    assert "12v6" in moves
    assert not any(m.startswith("12v") and m != "12v6" for m in moves)  # count forced by rank
    assert {m for m in moves if m.startswith("18")} == {"18", "18v2", "18v3"}
    result = moves["12v6"]
    assert result[0][0] == () and result[0][1] == ("TC", "9H", "8S", "7H", "6S", "5H", "4S")


def test_four_cells_no_empty_column():
    board = "TD 9S 8H 7S 6H 5S\nJC\n9C\nTH\nKD\nKS\nKH\nQC\n"
    moves = ref.reference_moves(ref.parse_board(board))
    assert "12v6" not in moves  # 6 > (4 + 1) * 1
    assert "14v5" in moves
    assert "13v4" in moves


def test_four_cells_one_empty_column():
    run = "QD JS TD 9S 8D 7S 6D 5S 4D 3S 2D"
    board = f"{run}\nQH\nKC\nKD\nKS\nKH\nQC\n:\n"
    moves = ref.reference_moves(ref.parse_board(board))
    assert "12v10" in moves  # 10 <= (4 + 1) * 2
    assert "13v11" not in moves  # 11 > 10
    assert {m for m in moves if m.startswith("18")} == {"18"} | {f"18v{k}" for k in range(2, 6)}


def test_two_empty_columns_and_broken_run():
    # The run is only the built part at the end of the column: 8S 7D 6C, not KH.
    board = "Freecells: AC 2C 3C 4C\nKH 8S 7D 6C\n9H\n:\n:\nKD\nKS\nQC\nQD\n"
    moves = ref.reference_moves(ref.parse_board(board))
    # 0 empty cells, 2 empty columns: onto a card (1) * 2**2 = 4 >= 3.
    assert "12v3" in moves
    # Into an empty column the other one counts: (1) * 2**1 = 2.
    assert {m for m in moves if m.startswith("13")} == {"13", "13v2"}
    assert {m for m in moves if m.startswith("14")} == {"14", "14v2"}
    assert "12v4" not in moves and "13v4" not in moves
