"""Spider's game review, knowing every card: the grades' lines replay, and the command line."""

from __future__ import annotations

import json

from conftest import run_game

from game.grading import Grade
from game.spider import deal
from game.spider.review import line_wins, review_spider
from game.spider.solver import Verdict, solve


def test_a_solver_line_is_best_along_it_and_every_line_replays():
    start = deal(3, 1)
    line = solve(start, budget=50_000).moves
    played = list(line[:12])
    review = review_spider(start, played)
    assert [g.index for g in review.grades] == list(range(1, 13))
    pos = start.copy(stack=False)
    for graded in review.grades:
        before = pos.copy(stack=False)
        pos.push(graded.move)
        assert graded.before is Verdict.SOLVED and line_wins(before, graded.line_before)
        assert graded.after is Verdict.SOLVED and line_wins(pos, graded.line_after)
        assert graded.grade is Grade.BEST and len(graded.line_after) + 1 == len(graded.line_before)


def _straight_back(pos):
    """A move of ``pos`` and the move that undoes it (a card off and straight back), or None."""
    here = pos.key()
    for m in pos.legal_moves():
        if m.is_deal:
            continue
        after = pos.copy(stack=False)
        after.push(m)
        for b in after.legal_moves():
            again = after.copy(stack=False)
            if not b.is_deal:
                again.push(b)
                if again.key() == here:
                    return m, b
    return None


def test_a_detour_is_not_best_and_names_the_better_move():
    # A real detour: a card moved off the solver's line and straight back (two moves for
    # nothing). The move that starts it can't be on a shortest line: it is never graded
    # best, and the page names the line's move instead.
    start = deal(3, 1)
    line = solve(start, budget=50_000).moves
    pos = start.copy(stack=False)
    for k, move in enumerate(line):
        pair = _straight_back(pos)
        if pair is not None and pair[0] != line[k]:
            break
        pos.push(move)
    else:
        raise AssertionError("no move along deal 3's line can be taken straight back")
    detour, back = pair
    review = review_spider(start, [*line[:k], detour, back])
    graded = review.grades[k]
    assert graded.before is Verdict.SOLVED and line_wins(pos, graded.line_before)
    assert graded.grade is not Grade.BEST, graded
    assert graded.better is not None and graded.better == graded.line_before[0] != detour


def test_review_spider_json_says_knowing_every_card(tmp_path):
    start = deal(3, 1)
    line = solve(start, budget=50_000).moves
    moves = tmp_path / "moves.txt"
    moves.write_text("".join(f"{m}\n" for m in line[:5]), encoding="utf-8")
    out = run_game("review", "spider", "3", "--suits", "1", "--moves", str(moves), "--json", "--lang", "en")
    assert out.returncode == 0, out.stderr
    rows = json.loads(out.stdout)
    assert [r["index"] for r in rows] == [1, 2, 3, 4, 5] and {r["grade"] for r in rows} == {"best"}
    assert set(rows[0]) == {"index", "move", "grade", "better", "line_before", "line_after"}
    assert out.stderr.strip() == "5 moves: 5 best (knowing every card)"


def test_review_spider_bad_files_are_one_line_and_exit_2(tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("move 1 2 9\n", encoding="utf-8")
    out = run_game("review", "spider", "3", "--moves", str(moves), "--lang", "en")
    assert out.returncode == 2 and out.stdout == "" and len(out.stderr.strip().splitlines()) == 1
    assert "Traceback" not in out.stderr


#: A planted end game (two suits, six sets removed, the stock empty): winnable
#: with every card known (the solver finds a line; the 9♥ on column 9 waits for
#: the 10♥ to come free), but 9♥ to the empty column leaves ten tops of which
#: none fits on another (A, 3, 5, 7, 9 of both suits and K♠): no move at all.
PLANTED = """stock:
1: QH 2H AS
2: QS 2S AH
3: 10H 4H 3S
4: 10S 4S 3H
5: 9S 6H 5S
6: 6S 5H
7: 8H 7S
8: 8S 7H
9: JS JH KH KS 9H
10:
removed: 6"""


def test_a_planted_losing_move_is_the_one_flagged_and_its_evidence_replays():
    from game.spider import Move
    from game.spider.position import Position

    start = Position.parse(PLANTED)
    losing = Move.parse("move 9 10 1")
    fine = Move.parse("move 1 10 1")  # A♠ to the empty column: the 2♥ under it takes A♥
    review = review_spider(start, [fine, Move.parse("move 10 1 1"), losing])
    assert review.grades[2].grade is Grade.MISTAKE
    assert all(g.grade is not Grade.MISTAKE for g in review.grades[:2])
    mistake = review.grades[2]
    before = start.copy(stack=False)
    before.push(fine)
    before.push(Move.parse("move 10 1 1"))
    # The evidence: a winning line before it (replayed), and after it no move is left at all.
    assert mistake.before is Verdict.SOLVED and line_wins(before, mistake.line_before)
    after = before.copy(stack=False)
    after.push(losing)
    assert mistake.after is Verdict.UNSOLVABLE and after.legal_moves() == [] and not after.is_won()
    assert mistake.better is not None and mistake.better != losing
    assert "1 mistake (move 3: 9♥ to an empty column)" in review.summary()


def test_unknown_is_never_a_mistake():
    """The same losing move with a budget too small to win the position before it:
    the grade is unknown, not mistake (a mistake needs a winnable line before it)."""
    from game.spider import Move
    from game.spider.position import Position

    review = review_spider(Position.parse(PLANTED), [Move.parse("move 9 10 1")], states=5)
    graded = review.grades[0]
    assert graded.before is Verdict.UNKNOWN and graded.after is Verdict.UNSOLVABLE
    assert graded.grade is Grade.UNKNOWN


def test_a_spider_mistakes_page_says_knowing_every_card():
    from game.i18n import set_language
    from game.play.coach import SPIDER, Coach
    from game.spider import Move
    from game.spider.position import Position

    set_language("en")
    coach = Coach(SPIDER)
    coach.load(3, review_spider(Position.parse(PLANTED), [Move.parse("move 9 10 1")]))
    assert coach.panel().title == "Game review, knowing every card"
    assert coach.summary() == "1 move: 1 mistake (move 1: 9♥ to an empty column) (knowing every card)"
    page = coach.detail(1)
    assert page.lines[0].startswith("Mistake: the game was winnable before it")
    assert page.lines[1].startswith("Knowing every card: the solver saw the face-down cards")
    assert {m.style for m in coach.marks()} == {"selected", "hint"}
