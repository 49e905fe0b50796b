"""The ``solitaire`` command line, run as a real process (``python -m game``)."""

from __future__ import annotations

import pytest
from conftest import DATA, run_game

from game.freecell import Position, deal

run = run_game


def test_deal_prints_the_layout_and_nothing_else():
    out = run("deal", "freecell", "617")
    assert out.returncode == 0 and out.stderr == ""
    assert out.stdout == deal(617).board()
    assert len(out.stdout.splitlines()) == 8


@pytest.mark.parametrize("number", ["0", "1000001", "abc", "-5", "1.5", ""])
def test_bad_deal_numbers_are_one_line_and_exit_2(number):
    out = run("deal", "freecell", number)
    assert out.returncode == 2 and out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1
    assert "Traceback" not in out.stderr


def test_check_replays_an_fc_solve_solution_to_the_won_position():
    out = run("deal", "freecell", "617", "--check", str(DATA / "fcsolve-617-solution.txt"))
    assert out.returncode == 0, out.stderr
    final = Position.parse(out.stdout)
    assert final.is_won()
    assert "won" in out.stderr


def test_check_handles_a_twelve_card_hex_sequence_move():
    out = run("deal", "freecell", "22", "--check", str(DATA / "fcsolve-22-solution.txt"))
    assert out.returncode == 0, out.stderr
    assert Position.parse(out.stdout).is_won()


def test_check_makes_no_automatic_moves(tmp_path):
    # Deal 1: 5a 5b leaves no ace exposed; "6h"... use moves that expose an ace:
    # column 6 ends 2C 3D: after 6a 6b the AC is exposed and must stay put.
    moves = tmp_path / "m.txt"
    moves.write_text("6a 6b\n")
    out = run("deal", "freecell", "1", "--check", str(moves))
    assert out.returncode == 0, out.stderr
    pos = Position.parse(out.stdout)
    assert pos.foundations == [0, 0, 0, 0] and str(pos.columns[5][-1]) == "AC"


def test_an_illegal_move_stops_with_its_index_and_reason(tmp_path):
    moves = tmp_path / "m.txt"
    moves.write_text("5a 5b\n5a\n")
    out = run("deal", "freecell", "1", "--check", str(moves))
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr.strip() == "move 3 (5a) is illegal: free cell a already holds 6♣: a free cell holds one card"


@pytest.mark.parametrize("content, fragment", [("5a zz", "move 2: 'zz' is not a move"),
                                               ("h1", "never leave the foundation")])
def test_a_malformed_move_file_is_bad_input(tmp_path, content, fragment):
    moves = tmp_path / "m.txt"
    moves.write_text(content)
    out = run("deal", "freecell", "1", "--check", str(moves))
    assert out.returncode == 2 and fragment in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


def test_missing_or_binary_move_files_are_bad_input(tmp_path):
    out = run("deal", "freecell", "1", "--check", str(tmp_path / "nope.txt"))
    assert out.returncode == 2 and "no such file" in out.stderr
    binary = tmp_path / "b.bin"
    binary.write_bytes(b"\xff\xfe\x00\x81")
    out = run("deal", "freecell", "1", "--check", str(binary))
    assert out.returncode == 2 and "not a UTF-8 text file" in out.stderr


@pytest.mark.parametrize("args", [["deal"], ["deal", "klondike", "1"], ["bogus"], ["deal", "freecell"]])
def test_usage_mistakes_are_one_line_exit_2(args):
    out = run(*args)
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr


def test_no_arguments_without_a_screen_plays_in_the_terminal_and_says_so():
    # SDL's dummy video driver has no OpenGL: no window can open.
    out = run(stdin="5a\nu\nq\n", env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    assert out.returncode == 0, out.stderr
    assert "no window could be opened" in out.stderr and "playing in the terminal" in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
    assert "FreeCell" in out.stdout and "Today's deal is #" in out.stdout
    assert "Undone: Move " in out.stdout and "from column 5 to a free cell." in out.stdout


def test_text_mode_on_request():
    out = run("play", "--text", stdin="q\n")
    assert out.returncode == 0 and out.stderr == "" and "FreeCell in the terminal" in out.stdout


def test_the_game_ends_cleanly_when_input_ends():
    out = run("play", "freecell", "11982", "--text", stdin="")
    assert out.returncode == 0
    assert "This deal is known to be unsolvable." in out.stdout


# --- solve and daily ----------------------------------------------------------------


def test_solve_prints_a_line_that_check_replays_to_a_win(tmp_path):
    out = run("solve", "freecell", "617")
    assert out.returncode == 0, out.stderr
    assert out.stderr.startswith("solved deal 617 with 4 free cells:")
    line = tmp_path / "line.txt"
    line.write_text(out.stdout)
    assert len(out.stdout.split()) == len(out.stdout.splitlines())  # one move per line
    check = run("deal", "freecell", "617", "--check", str(line))
    assert check.returncode == 0 and Position.parse(check.stdout).is_won()


def test_solve_says_one_free_cell_in_the_singular():
    out = run("solve", "freecell", "2", "--freecells", "1")
    assert out.returncode == 0, out.stderr
    assert out.stderr.startswith("solved deal 2 with 1 free cell:")
    out = run("solve", "freecell", "5", "--freecells", "1", "--budget", "50")
    assert out.returncode == 3
    assert out.stderr.startswith("unknown: budget reached with no verdict for deal 5 with 1 free cell,")


def test_solve_a_board_with_cells_and_foundations(tmp_path):
    pos = deal(617)
    for text in ("8a", "8b", "8c", "87", "a2", "c2", "8d", "8h"):
        pos.push(pos.parse_move(text), auto=False)
    board = tmp_path / "b.txt"
    board.write_text(pos.board())
    out = run("solve", "freecell", "--board", str(board))
    assert out.returncode == 0, out.stderr
    replay = pos.copy()
    for token in out.stdout.split():
        replay.push(replay.parse_move(token), auto=False)
    assert replay.is_won()


def test_solve_exit_codes_for_proof_budget_and_bad_input(tmp_path):
    proof = run("solve", "freecell", "1", "--freecells", "1")
    assert proof.returncode == 1 and proof.stdout == "" and "unsolvable" in proof.stderr
    budget = run("solve", "freecell", "11982", "--budget", "500")
    assert budget.returncode == 3 and budget.stdout == "" and "unknown" in budget.stderr
    for args in (["0"], ["abc"], ["1", "--freecells", "5"], ["1", "--budget", "0"],
                 ["--board", str(tmp_path / "none.txt")], [], ["1", "--board", "x"]):
        bad = run("solve", "freecell", *args)
        assert bad.returncode == 2, args
        assert len(bad.stderr.strip().splitlines()) == 1 and "Traceback" not in bad.stderr
    damaged = tmp_path / "bad.txt"
    damaged.write_text("JD KD\n")
    bad = run("solve", "freecell", "--board", str(damaged))
    assert bad.returncode == 2 and "missing cards" in bad.stderr


def test_daily_prints_date_deal_and_difficulty():
    import datetime

    from game.freecell.daily import daily_deal
    from game.freecell.difficulty import difficulty

    out = run("daily", "2026-11-29")
    assert out.returncode == 0
    number = daily_deal(datetime.date(2026, 11, 29))
    rating = difficulty(number)
    assert out.stdout == f"2026-11-29 deal {number} {rating.label if rating else 'unrated'}\n"
    assert run("daily", "yesterday").returncode == 2


def test_help_prints_the_how_to_play_page():
    out = run("help", "freecell")
    assert out.returncode == 0 and "cards movable" in out.stdout.lower()
    assert all(len(line) <= 78 for line in out.stdout.splitlines())
