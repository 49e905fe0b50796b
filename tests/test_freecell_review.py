"""The coach's game review: each grade's evidence replays, a mistake needs a proof, and
the command line's output has its shape."""

from __future__ import annotations

import json

import pytest
from conftest import load_tool, run_game

from game.freecell import HOME, Move, Position, deal
from game.freecell.par import par_moves, par_search
from game.freecell.review import (
    GOOD_SLACK,
    REVIEW_STATES,
    Grade,
    GradedMove,
    ReviewRun,
    Yardstick,
    move_phrase,
    review_game,
    summary_text,
)
from game.freecell.solver import Verdict, solve
from game.i18n import set_language
from game.limits import Limit

#: Deal 6 played into a loss: after the first four moves the deal is still
#: winnable, and 9♣ to the last free cell (the fifth) leaves no winning line,
#: though moves remain. The test below proves both with the solver (the
#: proof examines a few thousand positions) before it trusts them.
LOSING_DEAL = 6
LOSING_GAME = "8a 25 6b 4c 1d"
AFTER_THE_LOSS = "52 61"
#: Par's search with a state budget and no clock: the same line on any machine, and quick.
QUICK_PAR = Limit(20_000, None)
#: Each new search of a position, where a test's subject is what the grades mean rather
#: than how short the review's lines are (the shipped budget: tests marked so).
QUICK_STATES = 10_000


def start_of(number: int, level: str = "safe") -> Position:
    pos = deal(number)
    pos.auto_level = level
    pos.settle(level)
    return pos


def play_moves(start: Position, text: str, level: str = "safe") -> list[Move]:
    pos = start.copy(stack=False)
    out = []
    for token in text.split():
        move = pos.parse_move(token)
        pos.push(move, auto=level)
        out.append(move)
    return out


def wins(position: Position, line: tuple[Move, ...], level: str) -> bool:
    """``line`` played through the rules engine from ``position`` wins."""
    pos = position.copy(stack=False)
    for move in line:
        if not pos.is_legal(move):
            return False
        pos.push(move, auto=level)
    return pos.is_won()


def check_evidence(review, level: str) -> None:
    """Every grade agrees with its lines, and every line replays to a win."""
    pos = review.start.copy(stack=False)
    for graded in review.grades:
        before = pos.copy(stack=False)
        pos.push(graded.move, auto=level)
        if graded.before is Verdict.SOLVED:
            assert wins(before, graded.line_before, level), graded
        else:
            assert graded.line_before == ()
        if graded.after is Verdict.SOLVED:
            assert wins(pos, graded.line_after, level), graded
        longer = 1 + len(graded.line_after) - len(graded.line_before)
        if graded.grade is Grade.BEST:
            assert graded.before is graded.after is Verdict.SOLVED and longer == 0 and graded.better is None
        elif graded.grade is Grade.GOOD:
            assert 0 < longer <= GOOD_SLACK
        elif graded.grade is Grade.INACCURACY:
            assert longer > GOOD_SLACK
        elif graded.grade is Grade.MISTAKE:
            assert graded.before is Verdict.SOLVED and graded.after is Verdict.UNSOLVABLE
        elif graded.grade is Grade.LOST:
            assert graded.before is Verdict.UNSOLVABLE
        if graded.grade in (Grade.GOOD, Grade.INACCURACY, Grade.MISTAKE):
            assert graded.better == graded.line_before[0] != graded.move
            assert before.is_legal(graded.better)


# The table's default level on every run; the other two levels' games (15 s more) in CI.
@pytest.mark.parametrize("number, level", [(3, "safe"), pytest.param(5, "all", marks=pytest.mark.slow),
                                           pytest.param(2, "off", marks=pytest.mark.slow)])
def test_every_grade_of_a_bot_game_is_backed_by_lines_that_replay(number, level):
    bench = load_tool("bench_review")
    start, moves, _won = bench.mediocre_game(number, number, level=level, slip=0.3, most=60)
    review = review_game(start, moves, level, par_limit=QUICK_PAR, states=5_000, total_seconds=float("inf"))
    assert review.complete and [g.index for g in review.grades] == list(range(1, len(moves) + 1))
    check_evidence(review, level)
    # The bot slipped: not every move is best, and the review says which.
    assert {g.grade for g in review.grades} != {Grade.BEST}


def test_following_a_known_line_is_best_all_along():
    start = start_of(7)
    run = ReviewRun(start, [], "safe", par_limit=QUICK_PAR, states=QUICK_STATES)
    run.review()
    line = run.known[0].line  # the review's own line from the start
    assert line and wins(start, line, "safe")
    review = review_game(start, line, "safe", par_limit=QUICK_PAR, states=QUICK_STATES)
    assert [g.grade for g in review.grades] == [Grade.BEST] * len(line)
    assert len(review.grades[0].line_before) <= len(line)
    check_evidence(review, "safe")


def test_the_planted_losing_move_is_the_one_flagged_a_mistake():
    start = start_of(LOSING_DEAL)
    moves = play_moves(start, LOSING_GAME + " " + AFTER_THE_LOSS)
    lost_at = len(LOSING_GAME.split())
    # The planted move's claims, proven by the solver under test: winnable before it, no win after it
    # (tests/test_fcsolve_oracle.py checks the same two positions with fc-solve, an oracle outside the project).
    before = start.copy(stack=False)
    for m in moves[:lost_at - 1]:
        before.push(m, auto="safe")
    assert solve(before, budget=100_000).verdict is Verdict.SOLVED
    after = before.copy(stack=False)
    after.push(moves[lost_at - 1], auto="safe")
    assert solve(after, budget=100_000).verdict is Verdict.UNSOLVABLE

    review = review_game(start, moves, "safe", par_limit=QUICK_PAR, states=QUICK_STATES)
    check_evidence(review, "safe")
    grades = [g.grade for g in review.grades]
    assert [g.index for g in review.grades if g.grade is Grade.MISTAKE] == [lost_at]
    assert Grade.UNKNOWN not in grades[:lost_at]
    assert grades[lost_at:] == [Grade.LOST] * len(AFTER_THE_LOSS.split())
    mistake = review.grades[lost_at - 1]
    assert mistake.line_after == () and wins(before, mistake.line_before, "safe")
    set_language("en")
    assert review.summary().endswith("1 mistake (move 5: 9♣ to a free cell), 2 after the game was lost")


def test_a_mistake_is_never_called_on_a_budget():
    """With too small a budget for the proofs, a move from a winnable position into
    one the search could not decide is unknown, never a mistake."""
    start = start_of(LOSING_DEAL)
    moves = play_moves(start, LOSING_GAME)
    review = review_game(start, moves, "safe", states=2_000, par_limit=Limit(2_000, None))
    undecided = [g for g in review.grades if g.before is Verdict.SOLVED and g.after is Verdict.UNKNOWN]
    assert undecided, "the budget should leave a winnable position's successor undecided"
    assert all(g.grade is Grade.UNKNOWN for g in undecided)
    assert Grade.MISTAKE not in [g.grade for g in review.grades]
    check_evidence(review, "safe")
    nothing = review_game(start, moves, "safe", states=1, par_limit=Limit(1, None))
    assert [g.grade for g in nothing.grades] == [Grade.UNKNOWN] * len(moves)


def test_a_deal_known_unsolvable_is_lost_from_the_start():
    start = start_of(11982)
    moves = [start.distinct_moves()[0]]
    review = review_game(start, moves, "safe", known_lost=True)
    assert [g.grade for g in review.grades] == [Grade.LOST]


def test_cancel_keeps_what_was_graded_and_says_it_is_not_complete(monkeypatch):
    start = start_of(LOSING_DEAL)
    moves = play_moves(start, LOSING_GAME)
    # On node budgets alone, the same grades each time.
    whole = review_game(start, moves, "safe", par_limit=QUICK_PAR, states=QUICK_STATES, seconds=None,
                        total_seconds=float("inf"))
    # Cancelled in the review's third step: the moves graded before it are kept, as graded.
    steps = []
    step = ReviewRun.step

    def counted(self, cancel=None):
        steps.append(len(self.graded()))
        return step(self, cancel)

    monkeypatch.setattr(ReviewRun, "step", counted)
    review = review_game(start, moves, "safe", par_limit=QUICK_PAR, states=QUICK_STATES, seconds=None,
                         total_seconds=float("inf"), cancel=lambda: len(steps) >= 3)
    assert whole.complete and not review.complete
    kept = [(g.index, g.move, g.grade, g.before, g.after) for g in review.grades]
    assert 1 <= len(kept) < len(moves)
    assert kept == [(g.index, g.move, g.grade, g.before, g.after) for g in whole.grades[:len(kept)]]


def test_the_run_grades_moves_as_positions_are_examined():
    start = start_of(LOSING_DEAL)
    moves = play_moves(start, LOSING_GAME)
    run = ReviewRun(start, moves, "safe", par_limit=QUICK_PAR, states=QUICK_STATES)
    seen = []
    while run.step():
        seen.append(len(run.graded()))
    assert seen[:3] == [0, 1, 2] and len(run.graded()) == len(moves)


def test_an_illegal_move_is_refused_with_its_number():
    start = start_of(LOSING_DEAL)
    with pytest.raises(ValueError, match="move 2"):
        ReviewRun(start, [Move.parse("3a"), Move.parse("3a")], "safe")


def test_the_summary_counts_in_plural_forms():
    set_language("en")
    start = start_of(LOSING_DEAL)
    moves = play_moves(start, LOSING_GAME + " " + AFTER_THE_LOSS)
    grades = [Grade.BEST] * 3 + [Grade.GOOD, Grade.INACCURACY, Grade.INACCURACY, Grade.MISTAKE]
    fake = [GradedMove(i, m, g, None, (), (), Verdict.SOLVED, Verdict.SOLVED)
            for i, (m, g) in enumerate(zip(moves, grades), 1)]
    assert summary_text(fake, start, moves, "safe") == (
        "7 moves: 3 best, 1 good, 2 inaccuracies, 1 mistake (move 7: 3♦ onto 4♣)")
    assert summary_text(fake[:1], start, moves, "safe") == "1 move: 1 best"
    set_language("ru")
    try:
        assert "неточности" in summary_text(fake, start, moves, "safe")
    finally:
        set_language("en")


def test_move_phrases_name_the_cards_as_shown():
    set_language("en")
    pos = deal(1)
    assert move_phrase(pos, Move.parse("3a")) == "2♥ to a free cell"
    assert move_phrase(pos, Move.parse("23")) == "9♣ onto 2♥"


# --- the command line -------------------------------------------------------------------


def test_review_json_lists_every_move_with_its_grade_and_lines(tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text("# lost at move 5\n" + LOSING_GAME + "\n", encoding="utf-8")
    out = run_game("review", "freecell", str(LOSING_DEAL), "--moves", str(moves), "--json",
                   "--anytime", "1", "--budget", "10000")
    assert out.returncode == 0, out.stderr
    rows = json.loads(out.stdout)
    assert [r["index"] for r in rows] == list(range(1, 6))
    for row in rows:
        assert set(row) == {"index", "move", "grade", "better", "line_before", "line_after"}
        assert row["grade"] in {g.value for g in Grade}
        assert all(isinstance(m, str) for m in row["line_before"] + row["line_after"])
        assert row["better"] is None or row["better"] == row["line_before"][0]
    assert [r["move"] for r in rows] == LOSING_GAME.split()
    assert rows[4]["grade"] == "mistake" and rows[4]["line_after"] == []
    start = start_of(LOSING_DEAL)
    assert wins(start, tuple(start.parse_move(t) for t in rows[0]["line_before"]), "safe")
    assert out.stderr.strip().startswith("5 moves: ")


def test_review_text_lists_the_moves_then_the_summary(tmp_path):
    moves = tmp_path / "moves.txt"
    moves.write_text(LOSING_GAME, encoding="utf-8")
    out = run_game("review", "freecell", str(LOSING_DEAL), "--moves", str(moves), "--lang", "en",
                   "--anytime", "1", "--budget", "10000")
    lines = out.stdout.splitlines()
    assert out.returncode == 0 and len(lines) == 7
    assert lines[4].startswith("5. 1d 9♣ to a free cell: mistake (better: ")
    assert lines[-2].startswith("5 moves: ")
    assert " more than par " in lines[-1] and lines[-1].endswith("1 mistake (move 5: 9♣ to a free cell)")


@pytest.mark.parametrize("content, fragment", [("3a 9z", "move 2"), ("3a 3a", "move 2 (3a) is illegal"),
                                               ("\udcff", "")])
def test_review_bad_move_files_are_one_line_and_exit_2(tmp_path, content, fragment):
    moves = tmp_path / "moves.txt"
    moves.write_bytes(content.encode("utf-8", "surrogateescape"))
    out = run_game("review", "freecell", "1", "--moves", str(moves), "--lang", "en")
    assert out.returncode == 2 and out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1 and fragment in out.stderr
    assert "Traceback" not in out.stderr


@pytest.mark.parametrize("args", [("review", "freecell", "0", "--moves", "x"),
                                  ("review", "freecell", "1", "--moves", "/nonexistent/moves"),
                                  ("review", "freecell", "1", "--moves", "/dev/zero"),
                                  ("review", "freecell", "1", "--moves", ".", "--auto", "most"),
                                  ("review", "freecell", "1", "--moves", ".", "--budget", "0")])
def test_review_usage_mistakes_are_one_line_exit_2(args):
    out = run_game(*args, "--lang", "en")
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1
    assert "Traceback" not in out.stderr


def test_the_worker_sends_the_grades_so_far_then_the_whole_review():
    from game.solver import Answer, Progress, SolverService

    start = start_of(LOSING_DEAL)
    moves = play_moves(start, LOSING_GAME + " " + AFTER_THE_LOSS)
    par = par_search(start, "safe", states=QUICK_PAR.states, seconds=None)
    with SolverService("freecell") as service:
        # The table's par (every card movement); each new search of a small budget, no clock.
        rid = service.ask_review(start, moves, par=par.moves, budget=10_000, time_limit=None)
        import time

        events: list = []
        end = time.monotonic() + 180  # a bound, not a timing: a busy machine takes longer
        while time.monotonic() < end:
            events += service.poll(rid)
            if events and isinstance(events[-1], Answer):
                break
            time.sleep(0.01)
    answer = events[-1]
    assert isinstance(answer, Answer) and answer.review.complete
    here = review_game(start, moves, "safe", par=par.player_moves, states=10_000, seconds=None)
    assert [g.grade for g in answer.review.grades] == [g.grade for g in here.grades]
    for event in events[:-1]:
        assert isinstance(event, Progress)
        assert [g.index for g in event.graded] == list(range(1, len(event.graded) + 1))


# --- one yardstick: par ------------------------------------------------------------------


def quick_par(start: Position, level: str = "safe"):
    """Par's search with :data:`QUICK_PAR` (no clock: the same line every run)."""
    return par_search(start, level, states=QUICK_PAR.states, seconds=None)


def losses(review) -> list[int]:
    return [1 + len(g.line_after) - len(g.line_before) for g in review.grades]


def test_the_moves_lost_add_up_to_the_moves_played_minus_par():
    """A badly played game that was won: what the grades say each move lost adds up to
    the moves played minus par, and so does every prefix (moves so far plus the
    line from there, minus par). The review before measured each move against
    lines of its own (a 78-move game with par 33: 64 best, 14 good)."""
    bench = load_tool("bench_review")
    start, moves, won = bench.mediocre_game(6, 6, slip=0.3, most=120)
    assert won
    par = quick_par(start).player_moves
    # No clock: the same grades on a busy machine (5,000 positions a search grade every move here).
    review = review_game(start, moves, "safe", par=par, par_limit=QUICK_PAR, states=5_000,
                         total_seconds=float("inf"))
    check_evidence(review, "safe")
    assert Grade.UNKNOWN not in [g.grade for g in review.grades]
    assert review.par == len(review.grades[0].line_before) <= len(par)
    lost = losses(review)
    assert all(n >= 0 for n in lost)
    assert sum(lost) == review.over_par() == len(moves) - review.par > 0
    for k, graded in enumerate(review.grades, 1):
        assert k + len(graded.line_after) - review.par == sum(lost[:k])
    # If every move had kept the shortest line, the game would have taken par's moves.
    assert sum(1 for g in review.grades if g.grade is not Grade.BEST) > 0
    set_language("en")
    assert review.par_summary().startswith(f"{len(moves) - review.par} moves more than par {review.par}: ")


def test_parking_four_cards_on_deal_6_is_not_all_best():
    """Deal 6: 9♣, 6♣, J♥ and 6♦ parked in the free cells, then three moves of par's
    own search from there: the seven moves cost what the line from there says."""
    start = start_of(LOSING_DEAL)
    moves = play_moves(start, "1a 2b 3c 8d")
    parked = start.copy(stack=False)
    for m in moves:
        parked.push(m, auto="safe")
    moves += quick_par(parked).player_moves[:3]
    par = quick_par(start).player_moves
    review = review_game(start, moves, "safe", par=par, par_limit=QUICK_PAR, states=QUICK_STATES)
    check_evidence(review, "safe")
    after = len(review.grades[-1].line_after)
    assert review.over_par() == len(moves) + after - review.par > 0
    assert [g.grade for g in review.grades] != [Grade.BEST] * len(moves)


def test_par_and_the_review_count_a_line_alike():
    """Par's line counted as the table counts it (the result panel's par) is the
    review's length of the start; played, it is best all along and on par."""
    from game.challenges.lines import replay_freecell

    for number, level in ((6, "safe"), (617, "all")):
        start = start_of(number, level)
        found = quick_par(start, level)
        line = par_moves(start, found.moves, level)
        opening = [str(m) for m in deal(number).settle(level)]
        counted = replay_freecell(number, opening + [str(m) for m in found.moves], level)[-1].moves
        assert line is not None and len(line) == counted == len(found.player_moves)
        review = review_game(start, line, level, par=line, par_limit=QUICK_PAR, states=QUICK_STATES)
        assert review.par == counted and review.over_par() == 0
        assert [g.grade for g in review.grades] == [Grade.BEST] * counted
        set_language("en")
        assert review.par_summary() == f"On par {counted}: every move kept the shortest line known"


def test_the_better_move_and_its_line_are_best_all_along():
    """The coach's own advice never grades worse than best: in place of the first move
    that lost moves, its better move, then the line the review knew from there."""
    bench = load_tool("bench_review")
    start, moves, _won = bench.mediocre_game(3, 3, slip=0.3, most=60)
    par = quick_par(start).player_moves
    # Small searches and no clock: the same grades on a busy machine.
    review = review_game(start, moves, "safe", par=par, par_limit=QUICK_PAR, states=5_000, total_seconds=float("inf"))
    first = next(g for g in review.grades if g.grade in (Grade.GOOD, Grade.INACCURACY))
    advised = list(moves[:first.index - 1]) + list(first.line_before)
    assert first.line_before[0] == first.better
    again = review_game(start, advised, "safe", par=par, par_limit=QUICK_PAR, states=5_000, total_seconds=float("inf"))
    assert [g.grade for g in again.grades[first.index - 1:]] == [Grade.BEST] * len(first.line_before)


# --- the hint measures with the review's yardstick ------------------------------------------


def _keeps_the_win(position: Position, move: Move) -> bool:
    after = position.copy(stack=False)
    after.push(move, auto="safe")
    return solve(after, budget=20_000, auto="safe").verdict is Verdict.SOLVED


def _hinted_game(number: int, states: int, rounds: int, par_states: int = 100_000
                 ) -> tuple[Position, list[Move], list[Move], list[int], dict]:
    """A game of two moves of the player's own (the first that keep the win, never home),
    then the yardstick's hint, ``rounds`` times: its start, moves, par (a search of
    ``par_states``, no clock), hinted move numbers and the lines shown."""
    start = start_of(number)
    par = par_search(start, "safe", states=par_states, seconds=None).player_moves
    yardstick = Yardstick(states)
    pos, moves, hinted, shown = start.copy(stack=False), [], [], {}
    for _ in range(rounds):
        for _ in range(2):
            stray = next(m for m in pos.legal_moves() if m.dest != HOME and _keeps_the_win(pos, m))
            pos.push(stray, auto="safe")
            moves.append(stray)
        line = yardstick.line(start, moves, "safe", par=par)
        assert line, "the yardstick knows a line from a position that keeps the win"
        shown[len(moves)] = line
        pos.push(line[0], auto="safe")
        moves.append(line[0])
        hinted.append(len(moves))
    return start, moves, par, hinted, shown


def test_the_yardstick_is_the_reviews_forward_pass_kept_between_hints():
    """Asked move by move or once at the end, the yardstick gives the same lines as a
    fresh one; what it examined is kept (the second question costs no new search)."""
    start, moves, par, _hinted, shown = _hinted_game(1234, 10_000, 3, par_states=QUICK_PAR.states)
    fresh = Yardstick(10_000).line(start, moves, "safe", par=par, shown=shown)
    kept = Yardstick(10_000)
    for n in range(len(moves) + 1):
        line = kept.line(start, moves[:n], "safe", par=par, shown={k: v for k, v in shown.items() if k <= n})
        if n in shown:
            assert line == shown[n]
    assert line == fresh
    spent = kept.spent
    assert kept.line(start, moves, "safe", par=par, shown=shown) == fresh and kept.spent == spent
    # Another game (a move undone and another played) keeps only the positions before it.
    other = moves[:-1] + [next(m for m in kept._run.positions[-2].legal_moves() if m != moves[-1])]
    kept.line(start, other, "safe", par=par, shown=shown)
    assert kept._run.moves == other


@pytest.mark.slow
@pytest.mark.parametrize("number", [1234, 99])
def test_a_move_of_the_hints_line_is_best_at_the_shipped_budget(number):
    """Deal 1234 played this way with the hint of before (its own search) had its first
    hinted move graded good: the review's search from there knew a shorter line. The
    yardstick's hint is the review's line there, so each hinted move is best, even when
    the review is not told the lines shown, and the losses still add up."""
    start, moves, par, hinted, shown = _hinted_game(number, REVIEW_STATES, 5)
    for told in (shown, None):
        review = review_game(start, moves, "safe", par=par, shown=told)
        grades = {g.index: g.grade for g in review.grades}
        assert [grades[i] for i in hinted] == [Grade.BEST] * len(hinted)
        assert review.over_par() == len(moves) + len(review.grades[-1].line_after) - review.par


def test_every_new_search_of_the_review_is_pars_search_with_pars_budget(monkeypatch):
    """Issue 62: "best" is measured with par's yardstick, so each new search the review
    runs of a position is par's search asked for par's positions, with no clock (the
    searches are recorded here, then run small so that the test is quick). The table's
    worker is asked for reviews with the same budget as par."""
    import game.freecell.review as review_module
    from game import limits
    from game.solver import service
    from game.solver.answers import Ask

    asked: list[tuple[int, float | None]] = []
    real = review_module.par_search

    def recorded(position, level, *, states, seconds, cancel=None, progress=None):
        asked.append((states, seconds))
        return real(position, level, states=QUICK_STATES, seconds=None, cancel=cancel)

    monkeypatch.setattr(review_module, "par_search", recorded)
    start = start_of(LOSING_DEAL)
    moves = play_moves(start, "1a 2b 3c 8d")
    review = review_game(start, moves, "safe", par=quick_par(start).player_moves)
    assert Grade.UNKNOWN not in [g.grade for g in review.grades]
    assert asked, "parking four cards leaves the lines carried from the start: a new search runs"
    assert set(asked) == {(limits.PAR.states, None)}
    assert service.LIMITS[Ask.REVIEW][0] == service.LIMITS[Ask.PAR][0] == limits.PAR.states


def test_the_review_in_the_yardsticks_worker_reads_what_its_pass_examined(monkeypatch):
    """The table asks its yardstick's worker for the review: the positions the pass
    examined while the game was played are not searched again, and the review is the
    one a fresh worker gives."""
    import game.freecell.review as review_module
    from game.solver import worker
    from game.solver.answers import Ask

    monkeypatch.setattr(worker, "_YARDSTICK", [])
    start, moves, par, _hinted, shown = _hinted_game(1234, QUICK_STATES, 2, par_states=QUICK_PAR.states)
    fresh = review_game(start, moves, "safe", par=par, shown=shown, states=QUICK_STATES)
    last = start.copy(stack=False)
    for move in moves:
        last.push(move, auto="safe")
    text = {k: [str(m) for m in line] for k, line in shown.items()}
    cards = [str(m) for m in par_search(start, "safe", states=QUICK_PAR.states, seconds=None).moves]
    assert par_moves(start, [Move.parse(t) for t in cards], "safe") == par  # the table sends every card movement
    # The pass, as the table's follow asks it after the last move.
    hint = worker.run_job(Ask.HINT, last, {"budget": 1, "time_limit": None, "game": {
        "start": start, "moves": [str(m) for m in moves], "par": cards, "shown": text,
        "follow": True, "states": QUICK_STATES}})
    assert hint.verdict is Verdict.SOLVED
    searched: list[int] = []
    real = review_module.par_search

    def counted(position, level, **limits):
        searched.append(1)
        return real(position, level, **limits)

    monkeypatch.setattr(review_module, "par_search", counted)
    answer = worker.run_job(Ask.REVIEW, start, {"budget": QUICK_STATES, "time_limit": None,
                                                "moves": [str(m) for m in moves], "par": cards, "shown": text})
    assert searched == []
    assert answer.review is not None and answer.review.grades == fresh.grades
