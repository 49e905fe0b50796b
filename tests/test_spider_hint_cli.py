"""``solitaire hint spider --board FILE [--seed N]`` (issue 36): the table's fair hint
for a position in ``deal spider``'s text form; same board and seed, same hint;
bad input one line and exit 2; ``hint spider N --moves FILE`` still works."""

from __future__ import annotations

import random

import pytest
from conftest import run_game

from game.spider import Position, deal
from game.spider.advice import advise


def board_file(tmp_path, text: str, name: str = "board.txt"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_the_board_gets_the_tables_hint_and_the_same_seed_the_same_hint(tmp_path):
    pos = deal(5, suits=2)
    pos.push(pos.legal_moves()[0])
    path = board_file(tmp_path, pos.board())
    first = run_game("hint", "spider", "--board", path, "--seed", "3")
    again = run_game("hint", "spider", "--board", path, "--seed", "3")
    assert first.returncode == 0 and first.stderr == ""
    assert first.stdout == again.stdout
    # The table's own words for that position (the board carries no score: the hint needs none).
    assert first.stdout.strip() == advise(Position.parse(pos.board()), seed=3).hints[0].text


def test_a_board_with_other_face_down_cards_gets_the_same_hint(tmp_path):
    pos = deal(8, suits=4)
    lines = pos.board().splitlines()
    # Swap two face-down cards of different columns: the same visible table.
    words = [line.split() for line in lines]
    hidden = [(i, j) for i in range(1, 11) for j, w in enumerate(words[i]) if w.startswith("(")]
    rng = random.Random(1)
    a, b = rng.sample(hidden, 2)
    while words[a[0]][a[1]] == words[b[0]][b[1]] or a[0] == b[0]:
        a, b = rng.sample(hidden, 2)
    words[a[0]][a[1]], words[b[0]][b[1]] = words[b[0]][b[1]], words[a[0]][a[1]]
    other = "\n".join(" ".join(w) for w in words)
    assert Position.parse(other) != pos
    one = run_game("hint", "spider", "--board", board_file(tmp_path, pos.board(), "a.txt"))
    two = run_game("hint", "spider", "--board", board_file(tmp_path, other, "b.txt"))
    assert one.returncode == two.returncode == 0 and one.stdout == two.stdout


@pytest.mark.parametrize("text, args", [
    ("stock:\n1: KS\n", ()),                                    # too few lines
    (deal(1, 1).board().replace("(", "", 1), ()),              # a face-down card shown face up: not a column
    (deal(1, 1).board().replace("removed: 0", "removed: x"), ()),
    (deal(1, 1).board(), ("--seed", "minus one")),
    (deal(1, 1).board(), ("--seed", "99999999999")),
])
def test_a_malformed_board_or_seed_gets_one_line_and_exit_2(tmp_path, text, args):
    out = run_game("hint", "spider", "--board", board_file(tmp_path, text), *args)
    assert out.returncode == 2 and out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in out.stderr


def test_a_number_and_a_board_together_or_neither_is_refused(tmp_path):
    path = board_file(tmp_path, deal(1, 1).board())
    for args in (("1", "--board", path), ()):
        out = run_game("hint", "spider", *args)
        assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1


def test_hint_spider_n_with_moves_still_works(tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("deal\n", encoding="utf-8")
    out = run_game("hint", "spider", "1", "--suits", "1", "--moves", str(moves))
    pos = deal(1, 1)
    pos.push(pos.legal_moves()[-1])  # the deal
    assert out.returncode == 0
    assert out.stdout.strip() == advise(pos).hints[0].text
