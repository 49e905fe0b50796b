"""The terminal game (``solitaire play --text``): cards as they show, hint, undo, redo, help."""

from __future__ import annotations

import io
import re

from game.cards import NAMES, SUIT_SYMBOLS
from game.commands.textplay import HELP, TextGame, play, render
from game.freecell.deals import deal


def _board_cards(text: str) -> list[str]:
    # Every card token on the board: a rank then a suit symbol.
    return re.findall(r"(?:10|[2-9AJQK])[♣♦♥♠]", text)


def test_the_board_names_every_card_as_its_face_shows():
    text = render(deal(1), 1)
    cards = _board_cards(text)
    assert sorted(cards) == sorted(NAMES)  # all 52, each once, none in codes
    assert "10♠" in cards and not re.search(r"\b[2-9TJQKA][CDHS]\b", text)


def test_foundations_read_in_the_tables_order_and_show_their_top_card():
    from game.freecell.solver import solve

    game = TextGame(1)
    line = solve(deal(1), auto="safe").player_moves
    played = 0
    while not all(game.pos.foundations):  # until some cards of every suit are home
        assert game.command(str(line[played])) == []
        played += 1
    homes = game.board().splitlines()[1].split("     ")[1]
    slots = re.findall(r"\[\s*([^\]]*)\]", homes)
    assert slots == [NAMES[(game.pos.foundations[s] - 1) * 4 + s] for s in range(4)]
    assert [slot[-1] for slot in slots] == list(SUIT_SYMBOLS)  # ♣ ♦ ♥ ♠, as on the table


def test_h_alone_asks_for_a_hint_and_names_the_cards():
    game = TextGame(1)
    (line,) = game.command("h")
    assert line.startswith("Hint: Move ") and "winning line" in line
    assert game.pos.move_count == 0  # a hint plays nothing
    # "8h" is still read as a move (refused here: 10♣ can't go home yet), not a hint.
    (refusal,) = game.command("8h")
    assert "10♣" in refusal and not refusal.startswith("Hint")


def test_undo_then_redo_restores_the_same_position_and_a_new_move_clears_redo():
    game = TextGame(1)
    game.command("3a")
    game.command("32")
    after = str(game.pos)
    assert game.command("u")[0].startswith("Undone: Move 8♦ from column 3 to column 2 (onto 9♣).")
    assert game.command("u")[0] == "Undone: Move 2♥ from column 3 to a free cell."
    assert game.command("u") == ["Nothing to undo."]
    assert game.command("y")[0].startswith("Redone: Move 2♥")
    assert game.command("y")[0].startswith("Redone: Move 8♦")
    assert str(game.pos) == after
    game.command("u")
    game.command("4b")
    assert game.command("y") == ["Nothing to redo."]


def test_a_restart_or_new_deal_forgets_the_redo_list():
    game = TextGame(1)
    game.command("3a")
    game.command("u")
    game.command("r")
    assert game.command("y") == ["Nothing to redo."]


def test_help_names_hint_undo_redo_and_every_command_works():
    for word in ("hint", "undo", "redo", "auto-complete", "restart", "quit"):
        assert word in HELP
    out = io.StringIO()
    play(1, stdin=io.StringIO("?\nm\nh\n3a\nu\ny\nf\nd 99999999\nq\n"), stdout=out)
    text = out.getvalue()
    assert "Hint: Move " in text and "Undone: " in text and "Redone: " in text
    assert "Auto-complete needs every column in order" in text
    assert "Traceback" not in text and "99999999" in text


def test_a_console_without_suit_symbols_gets_notation():
    class Ascii(io.StringIO):
        encoding = "ascii"

    out = Ascii()
    play(1, stdin=io.StringIO("q\n"), stdout=out)
    text = out.getvalue()
    assert not _board_cards(text) and " JD " in text and " TS " in text
    text.encode("ascii")
