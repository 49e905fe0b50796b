"""Board text (fc-solve format) and move notation round trips."""

from __future__ import annotations

import random

import pytest
from conftest import DATA
from freecell_helpers import make

from game.freecell import BoardError, Move, NotationError, Position, deal


def test_move_notation_round_trips_for_every_move():
    for s in range(12):
        for d in range(13):
            for c in range(1, 14):
                m = Move.of(s, d, c)
                if c > 1 and not (s < 8 and d < 8):
                    continue  # only column-to-column moves carry a count
                assert Move.parse(str(m)) is m


@pytest.mark.parametrize("text, source, dest, count", [
    ("3a", 2, 8, 1), ("a5", 8, 4, 1), ("8h", 7, 12, 1), ("dh", 11, 12, 1),
    ("38v4", 2, 7, 4), ("82vc", 7, 1, 12), ("82v12", 7, 1, 12), (" 5B ", 4, 9, 1),
])
def test_standard_notation_reads(text, source, dest, count):
    m = Move.parse(text)
    assert (m.source, m.dest, m.count) == (source, dest, count)


def test_sequence_moves_are_written_with_a_hex_count_as_fc_solve_does():
    assert str(Move.of(2, 7, 4)) == "38v4"
    assert str(Move.of(7, 1, 12)) == "82vc"
    assert str(Move.of(2, 7, 1)) == "38"


@pytest.mark.parametrize("bad", ["", "9a", "3e", "h3", "3", "38v", "38v0x", "3av2", "ahv2", "38v14", "38vz", "a b"])
def test_malformed_moves_are_notation_errors_in_one_line(bad):
    with pytest.raises(NotationError) as info:
        Move.parse(bad)
    assert "\n" not in str(info.value)


def test_deal_boards_round_trip():
    for n in (1, 2, 617, 11982, 1_000_000):
        pos = deal(n)
        assert Position.parse(pos.board()) == pos
        assert Position.parse(pos.board(always_headers=True)) == pos


def test_board_with_cells_foundations_and_empty_columns_round_trips():
    pos = make(["* 9S 8H", "", "* AH"], cells="- KC - QD", found="S-3 C-2")
    text = pos.board()
    assert text.splitlines()[0] == "Foundations: H-0 C-2 D-0 S-3"
    assert text.splitlines()[1] == "Freecells: - KC - QD"
    assert ":" in text.splitlines()
    back = Position.parse(text)
    assert back == pos and back.cells[0] is None and str(back.cells[1]) == "KC"


def test_board_text_pins_an_exact_layout_after_moves():
    # python-chess's test_fen style: set, play, read back the new text.
    pos = deal(1)
    pos.push(Move.parse("5a"))
    pos.push(Move.parse("5b"))
    assert pos.board() == (
        "Freecells: 6C 8H - -\n"
        "JD KD 2S 4C 3S 6D 6S\n"
        "2D KC KS 5C TD 8S 9C\n"
        "9H 9S 9D TS 4S 8D 2H\n"
        "JC 5S QD QH TH QS 6H\n"
        "5D AD JS 4H\n"
        "7H QC AS AC 2C 3D\n"
        "7C KH AH 4D JH 8C\n"
        "5H 3H 3C 7S 7D TC\n"
    )
    assert Position.parse(pos.board()) == pos


def test_reader_accepts_colons_tens_lowercase_and_blank_lines():
    text = deal(3).board()
    fancy = "\n\n" + "\n".join(": " + line.replace("T", "10").lower() for line in text.splitlines()) + "\n\n"
    assert Position.parse(fancy) == deal(3)


def test_random_positions_round_trip():
    rng = random.Random(3)
    for n in range(1, 40):
        pos = deal(n, auto_foundation=True)
        for _ in range(rng.randint(0, 80)):
            moves = pos.legal_moves()
            if not moves:
                break
            pos.push(rng.choice(moves))
            assert Position.parse(pos.board()) == pos


def _fc_solve_states() -> list[str]:
    text = (DATA / "fcsolve-617-states.txt").read_text()
    blocks = []
    for chunk in text.split("===================="):
        lines = [ln for ln in chunk.splitlines() if ln.startswith((":", "Foundations", "Freecells"))]
        if lines:
            blocks.append("\n".join(lines) + "\n")
    return blocks


def test_fc_solve_output_replays_state_by_state_with_cells_in_place():
    """fc-solve prints free cells as fixed-width fields; each of its positions
    must equal ours after the same moves, free-cell positions included."""
    states = _fc_solve_states()
    moves = (DATA / "fcsolve-617-solution.txt").read_text().split()
    assert len(states) == len(moves) + 1
    pos = deal(617)
    assert Position.parse(states[0]) == pos
    for i, token in enumerate(moves, 1):
        pos.push(pos.parse_move(token), auto=False)
        assert Position.parse(states[i]) == pos, f"after move {i} ({token})"
    assert pos.is_won()


@pytest.mark.parametrize("text, message", [
    ("JD KD\n", "missing cards"),
    (deal(1).board() + "AS\n", "more than 8 columns"),
    (deal(1).board().replace("6S", "6H"), "6H appears 2 times"),
    ("Foundations: H-2\n" + deal(1).board(), "AH appears 2 times (on the table and its foundation)"),
    ("Foundations: X-2\n" + deal(1).board(), "is not a foundation"),
    ("Foundations: H-Z\n" + deal(1).board(), "is not a rank"),
    ("Freecells: 9Z\n" + deal(1).board(), "is not a card"),
    ("Freecells: - - - - -\n" + deal(1).board(), "at most 4"),
    ("Stacks: 3\n" + deal(1).board(), "is not a board line"),
    (deal(1).board().replace("JD", "J#"), "is not a card"),
])
def test_malformed_boards_are_refused_in_one_line(text, message):
    with pytest.raises(BoardError) as info:
        Position.parse(text)
    assert message in str(info.value)
    assert "\n" not in str(info.value)
    assert isinstance(info.value, NotationError)
