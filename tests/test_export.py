"""Move list export in fc-solve's notation, and replay of a pasted list."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.freecell import Position, deal
from game.freecell.export import export_moves, replay, tokens
from game.freecell.solver import solve
from game.session import FreeCellSession

DATA = Path(__file__).resolve().parent / "data"


def test_export_then_replay_reproduces_a_game_played_with_auto_on():
    session = FreeCellSession(1, now=lambda: 0.0)  # auto-foundation on
    for move in solve(session.position).player_moves[:30]:
        session.play(move)
    session.undo()
    session.play(session.position.legal_moves()[-1])
    text = export_moves(session.position)
    words = text.split()
    # The automatic foundation moves are listed: more card movements than moves.
    assert len(words) == len(session.position.card_moves()) > session.moves
    assert all(len(line.split()) <= 10 for line in text.splitlines())
    again = replay(1, text)
    assert again == session.position  # the same layout, card for card
    assert export_moves(again) == text and not again.auto_foundation
    assert export_moves(again, per_line=None) == " ".join(words) + "\n"
    explicit = export_moves(session.position, explicit_counts=True)
    assert replay(1, explicit) == session.position


def test_fc_solve_solutions_replay_to_the_win():
    for number in (617, 22):
        text = (DATA / f"fcsolve-{number}-solution.txt").read_text()
        pos = replay(number, text, auto_foundation=True)
        assert pos.is_won() and pos.auto_foundation
        # Exporting gives fc-solve's own list back (deal 22 has the 12-card "82vc").
        assert export_moves(pos).split() == text.split()
    assert "82vc" in export_moves(replay(22, (DATA / "fcsolve-22-solution.txt").read_text()))


def test_replay_from_a_start_position_and_empty_lists():
    start = Position.parse("Foundations: H-Q C-K D-K S-K\nKH\n")
    assert replay(start, "1h").is_won()
    assert replay(start, "") == start and export_moves(start) == ""
    assert replay(617, "# a comment\n\n") == deal(617)
    assert tokens("8a\t8b\r\n8c") == ["8a", "8b", "8c"]


@pytest.mark.parametrize("text, message", [
    ("8a 8b zz 8c", "Move 3 of 4: 'zz' is not a move"),
    ("8a h1", "Move 2 of 2: 'h1': cards never leave the foundation"),
    ("b1", "Move 1 of 1 (b1) is illegal here: free cell b is empty"),
    ("8a 8b 8c 8d 7a", "Move 5 of 5 (7a) is illegal here: free cell a already holds Q♥: a free cell holds one card"),
    ("8a 8b 8c 8d 7e", "Move 5 of 5: '7e' is not a move"),
    ("12v4", "Move 1 of 1 (12v4) is illegal here"),
])
def test_bad_lists_give_one_line_errors(text: str, message: str):
    with pytest.raises(ValueError) as info:
        replay(617, text)
    text_of = str(info.value)
    assert text_of.startswith(message) and "\n" not in text_of


def test_export_of_a_session_with_opening_moves():
    # Any deal whose start already sends cards home: those moves come first.
    for number in range(1, 200):
        session = FreeCellSession(number, now=lambda: 0.0)
        if session.opening:
            break
    else:
        pytest.skip("no deal with opening foundation moves in range")
    session.play(session.position.legal_moves()[0])
    text = export_moves(session.position)
    assert text.split()[: len(session.opening)] == [str(m) for m in session.opening]
    assert replay(number, text) == session.position
