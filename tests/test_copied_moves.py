"""One count of moves everywhere (issue 62, items 5 and 6).

A game's moves copied from the table ("Copy this game's moves") read back in
every command that reads moves, as they are, to the same position and the same
count the table showed; Spider's win says the same count of moves on the status
line, in the result panel, in the win's message and in the statistics.
"""

from __future__ import annotations

import json
import re

import pytest
from conftest import DATA

from game.commands import main
from game.freecell import Position
from game.input import Act, Action
from game.spider import Move as SpiderMove
from game.stats import Statistics

#: Deal 6 sends an ace home from column 4 at the start, and two of these seven moves send a
#: card home after them: the copy writes ten card movements for seven moves.
DEAL = 6
PLAYED = ["1a", "1b", "1c", "1d", "45", "c4", "1c"]


def copied_game(play_for):
    """Play :data:`PLAYED` on deal 6 by hand (automatic moves "safe") and copy its moves."""
    play = play_for("freecell", DEAL, animation_speed="instant")
    for move in PLAYED:
        play.button(f"play:{move}")
    play.update(1.0)
    play.round.export()
    return play


def test_the_copy_says_the_games_own_count_and_writes_every_card_movement(play_for):
    play = copied_game(play_for)
    assert play.table.session.moves == len(PLAYED) == 7
    assert f"{len(PLAYED)} moves" in play.status()
    assert play.message == "7 moves copied to the clipboard"
    # fc-solve's form: the cards that went home by themselves are written where they went.
    assert play.host.clipboard.split() == ["4h", "1a", "1b", "1c", "1d", "1h", "45", "c4", "1c", "1h"]


def test_every_freecell_reader_takes_the_copy_as_it_is(play_for, tmp_path, capsys):
    play = copied_game(play_for)
    board = play.table.position.board()
    moves = tmp_path / "copied.txt"
    moves.write_text(play.host.clipboard)

    # The coach's review: the seven moves, graded one by one (it refused the first, 4h, before).
    assert main(["review", "freecell", str(DEAL), "--moves", str(moves), "--json",
                 "--anytime", "1", "--budget", "10000"]) == 0
    out = capsys.readouterr()
    graded = json.loads(out.out)
    assert [g["move"] for g in graded] == PLAYED and out.err.startswith("7 moves")
    # deal --check replays every card movement and says the moves as the table counted them.
    assert main(["deal", "freecell", str(DEAL), "--check", str(moves)]) == 0
    out = capsys.readouterr()
    assert Position.parse(out.out).board() == board
    assert out.err.startswith("replayed 7 moves on deal 6")
    # The game's own paste: the same position, the same count.
    play.round.import_moves()
    assert play.message == "Replayed 7 moves of deal #6"
    assert play.table.position.board() == board and play.table.session.moves == 7


def test_the_review_still_reads_the_players_moves_alone(tmp_path, capsys):
    moves = tmp_path / "mine.txt"
    moves.write_text(" ".join(PLAYED) + "\n")
    assert main(["review", "freecell", str(DEAL), "--moves", str(moves), "--json",
                 "--anytime", "1", "--budget", "10000"]) == 0
    assert [g["move"] for g in json.loads(capsys.readouterr().out)] == PLAYED
    # A move neither form can play is refused, named where the reading went furthest.
    moves.write_text("4h 1a 1b 1c 1d 1h 45 c4 2h\n")
    assert main(["review", "freecell", str(DEAL), "--moves", str(moves)]) == 2
    assert "move 9 (2h) is illegal" in capsys.readouterr().err


def test_spiders_win_says_one_count_of_moves_everywhere(play_for):
    # A winning line with its five deals, played as a player plays it.
    line = [SpiderMove.parse(t) for t in (DATA / "spider_game1_1suit.moves").read_text().splitlines()
            if t and not t.startswith("#")]
    deals = sum(1 for m in line if m.is_deal)
    play = play_for("spider", 1, 1, animation_speed="instant")
    for move in line:
        play.table.play(move)
        play.update(1 / 60)
    play.update(1.0)
    said = play.message  # the win's message, said as the last set landed
    play.act(Action(Act.FOCUS_LEFT))  # a key lands the celebration: then the result shows
    session = play.table.session
    assert session.won and deals == 5
    n = len(line)  # a deal is a move, as in Windows Spider: each costs its point
    assert session.moves == n and session.score == 1300 - n
    assert re.search(rf"score {1300 - n:,}   {n} moves", play.status()), play.status()
    panel = play.panel()
    assert panel is not None and panel.title == "You won!" and f"Moves {n}" in panel.lines
    assert f"Score {1300 - n:,}" in panel.lines and 1300 - n >= 1000  # "1,150": grouped
    assert said == f"Won with {1300 - n:,} points in {n} moves."
    assert Statistics.load(play.store)["spider-1"].fewest_moves == n


def test_spiders_score_groups_its_digits_as_the_language_does(play_for):
    """Past 1,000 points the score reads as each language writes numbers: Russian
    "счёт 1 150" (a no-break space) on the status line, the result and the win's words."""
    line = [SpiderMove.parse(t) for t in (DATA / "spider_game1_1suit.moves").read_text().splitlines()
            if t and not t.startswith("#")]
    play = play_for("spider", 1, 1, animation_speed="instant", language="ru")
    for move in line:
        play.table.play(move)
        play.update(1 / 60)
    play.update(1.0)
    said = play.message
    score = 1300 - len(line)
    russian = f"{score // 1000}\u00a0{score % 1000:03d}"
    assert score >= 1000 and f"счёт {russian}" in play.status(), play.status()
    assert russian in said, said
    play.act(Action(Act.FOCUS_LEFT))
    assert any(russian in text for text in play.panel().lines), play.panel().lines


def test_a_spider_save_written_before_deals_counted_as_moves_still_loads():
    from game.session import SpiderSession

    session = SpiderSession(1, 1, now=lambda: 0.0)
    session.play(session.position.legal_moves()[0])
    session.play(SpiderMove.parse("deal"))
    data = session.to_dict()
    assert data["moves"] == 2  # the deal counted
    data["moves"] = 1  # as the save had it when only column moves counted
    assert SpiderSession.from_dict(data).moves == 2
    data["moves"] = 3
    with pytest.raises(ValueError):  # a count that fits neither rule was not written by the game
        SpiderSession.from_dict(data)
