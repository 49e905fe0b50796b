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


def test_a_detour_is_not_best_and_names_the_better_move():
    start = deal(3, 1)
    line = solve(start, budget=50_000).moves
    pos = start.copy(stack=False)
    pos.push(line[0])
    # A move off the line that the line does not make next.
    detour = next(m for m in pos.legal_moves() if m != line[1] and not m.is_deal)
    review = review_spider(start, [line[0], detour])
    graded = review.grades[1]
    assert graded.before is Verdict.SOLVED and line_wins(pos, graded.line_before)
    longer = 1 + len(graded.line_after) - len(graded.line_before)
    if graded.grade is Grade.BEST:
        assert longer == 0 and graded.better is None
    else:
        assert graded.grade in (Grade.GOOD, Grade.INACCURACY, Grade.MISTAKE, Grade.UNKNOWN)
        assert graded.better == graded.line_before[0] != detour


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
