"""The ``solitaire`` command line, run as a real process (``python -m game``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from conftest import DATA
from game.freecell import Position, deal

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=60)


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
    final = Position.from_board(out.stdout)
    assert final.is_won()
    assert "won" in out.stderr


def test_check_handles_a_twelve_card_hex_sequence_move():
    out = run("deal", "freecell", "22", "--check", str(DATA / "fcsolve-22-solution.txt"))
    assert out.returncode == 0, out.stderr
    assert Position.from_board(out.stdout).is_won()


def test_check_makes_no_automatic_moves(tmp_path):
    # Deal 1: 5a 5b leaves no ace exposed; "6h"... use moves that expose an ace:
    # column 6 ends 2C 3D: after 6a 6b the AC is exposed and must stay put.
    moves = tmp_path / "m.txt"
    moves.write_text("6a 6b\n")
    out = run("deal", "freecell", "1", "--check", str(moves))
    assert out.returncode == 0, out.stderr
    pos = Position.from_board(out.stdout)
    assert pos.foundations == [0, 0, 0, 0] and str(pos.columns[5][-1]) == "AC"


def test_an_illegal_move_stops_with_its_index_and_reason(tmp_path):
    moves = tmp_path / "m.txt"
    moves.write_text("5a 5b\n5a\n")
    out = run("deal", "freecell", "1", "--check", str(moves))
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr.strip() == "move 3 (5a) is illegal: free cell a is occupied"


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
    assert out.returncode == 2 and "not a text file" in out.stderr


@pytest.mark.parametrize("args", [["deal"], ["deal", "klondike", "1"], ["bogus"], ["deal", "freecell"]])
def test_usage_mistakes_are_one_line_exit_2(args):
    out = run(*args)
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr


def test_no_arguments_starts_the_game_and_says_what_it_is():
    out = run(stdin="5a\nu\nq\n")
    assert out.returncode == 0, out.stderr
    assert "FreeCell" in out.stdout and "Today's deal is #" in out.stdout
    assert "undid 5a" in out.stdout


def test_the_game_ends_cleanly_when_input_ends():
    out = run("play", "freecell", "11982", stdin="")
    assert out.returncode == 0
    assert "This deal is known to be unsolvable." in out.stdout
