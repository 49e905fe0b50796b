"""Par (issue 29): the shortest line the solver finds for a deal, searched in a
worker of its own as the game begins, replayed and counted as the status
line counts moves before it is shown beside the player's on the result
panel; the demo plays it from any position on it."""

from __future__ import annotations

import argparse
import re
import time

import pytest
from conftest import run_game

from game import limits
from game.challenges.lines import replay_freecell
from game.freecell import HOME, deal
from game.freecell.solver import solve
from game.input import Act, Action
from game.play.par import Par, _counted, par_here
from game.solver import service
from game.solver.answers import Answer, Ask, Verdict
from game.solver.worker import run_job

QUICK = limits.Limit(30_000, None)


@pytest.fixture
def quick_par(monkeypatch):
    """Par searches of 30,000 positions and no clock instead of the game's 200,000 (the same
    search, shorter, and the same line however busy the machine is); the review's searches
    take par's budget, as the game's do."""
    monkeypatch.setitem(service.LIMITS, Ask.PAR, QUICK)
    monkeypatch.setitem(service.LIMITS, Ask.REVIEW, QUICK)


def wait_par(play, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while play.round.par.found is None and time.monotonic() < end:
        play.update(1 / 60)
        time.sleep(0.02)
    assert play.round.par.found is not None, "no par line came"


def test_the_par_job_is_no_longer_than_the_first_line_and_replays():
    start = deal(617, auto_foundation="all")
    opening = [str(m) for m in start.settle("all")]
    par = run_job(Ask.PAR, start, {"budget": QUICK.states, "time_limit": QUICK.seconds})
    first = solve(start, budget=QUICK.states, auto="all")
    assert par.verdict is Verdict.SOLVED and par.player_moves is not None
    assert par.player_moves <= first.game_moves
    steps = replay_freecell(617, opening + [str(m) for m in par.line], "all")
    assert steps[-1].won and steps[-1].moves == par.player_moves  # the status line's count


def test_a_spider_par_job_replays():
    from game.challenges.lines import replay_spider
    from game.spider import deal as spider_deal

    par = run_job(Ask.PAR, spider_deal(1, 1), {"budget": 20_000, "time_limit": None})  # no clock: load-proof
    assert par.verdict is Verdict.SOLVED
    assert replay_spider(1, 1, [str(m) for m in par.line])[-1].won


def test_the_result_panel_shows_the_players_moves_beside_par(play_for, quick_par):
    play = play_for("freecell", 617, animation_speed="instant", find_par=True, auto_moves="all")
    wait_par(play)
    par = play.round.par.found
    # Play the par line as a player would: each player move, the table's automatic ones left to it.
    table = play.table
    line = [str(m) for m in par.line]
    i = 0
    while i < len(line):
        assert table.play(table.position.parse_move(line[i])), table.message
        play._events()
        i += 1 + len(table.position.undo_steps()[-1][1])
    for _ in range(100):
        play.update(0.1)
        if not play.busy:
            break
    assert table.session.won and table.session.moves == par.moves
    assert f"{par.moves} moves \u2014 par {par.moves}" in play.panel().lines


def test_the_review_measures_the_game_against_the_par_the_table_shows(play_for, quick_par):
    """The review gets the table's par line: a game off it is graded against that
    par, and the moves lost add up to the moves played minus it."""
    from game.i18n import set_language

    set_language("en")
    play = play_for("freecell", 617, animation_speed="instant", find_par=True, auto_moves="all")
    wait_par(play)
    par = play.round.par.found
    table = play.table
    assert table.par_found == ("all", par.line)
    # A move off the par line, then a line the solver finds from there.
    detour = next(m for m in table.position.legal_moves() if m.dest != HOME and str(m) != str(par.line[0]))
    assert table.play(detour)
    play._events()
    for move in solve(table.position, budget=50_000, improve=True, auto="all").player_moves:
        assert table.play(move), table.message
        play._events()
    played = table.session.moves
    assert table.session.won
    play.button("review")
    end = time.monotonic() + 60
    while table.coach.running and time.monotonic() < end:
        play.update(0.02)
        time.sleep(0.01)
    review = table.coach.review
    # Par, unless the review found a shorter line (the player's own, or a search's).
    assert review is not None and review.par <= min(par.moves, played)
    assert review.over_par() == played - review.par
    if played > review.par:
        over = played - review.par
        word = "move" if over == 1 else "moves"
        assert table.coach.panel().lines[1].startswith(f"{over} {word} more than par {review.par}: ")


def test_following_the_hints_on_the_par_line_is_best_all_along(play_for, quick_par):
    """On par's line the hint is par's next move, with the rest of par's line as its
    length; a game played hint by hint is on par, and every move of it is best."""
    from game.i18n import set_language

    set_language("en")
    play = play_for("freecell", 617, animation_speed="instant", find_par=True, auto_moves="all")
    wait_par(play)
    par = play.round.par.found
    table = play.table
    play.act(Action(Act.HINT))
    assert not table.thinking and table.hint_marks  # no search: par's line answered
    assert table.message.endswith(f"a winning line of {par.moves} moves follows")
    while not table.session.won:
        hint = table._par_hint()
        assert hint is not None, "the game left par's line"
        assert table.play(hint.move), table.message
        play._events()
    assert table.session.moves == par.moves
    play.button("review")
    end = time.monotonic() + 60
    while table.coach.running and time.monotonic() < end:
        play.update(0.02)
        time.sleep(0.01)
    review = table.coach.review
    assert [g.grade.value for g in review.grades] == ["best"] * par.moves
    assert review.par_summary() == f"On par {par.moves}: every move kept the shortest line known"


#: Deal 1234 begun off par's line (a player's own moves, par's search begins 4a 76).
OFF_PAR = "7c 4a 75 c6 7b 1c 78 7d ah 18"


def off_par(play_for, monkeypatch):
    """Deal 1234 with par known and :data:`OFF_PAR` played, the review's budget (and so the
    yardstick's) at 5,000 positions a search."""
    monkeypatch.setitem(service.LIMITS, Ask.REVIEW, limits.Limit(5_000, None))
    play = play_for("freecell", 1234, animation_speed="instant", find_par=True)
    wait_par(play)
    for token in OFF_PAR.split():
        assert play.table.play(play.table.position.parse_move(token)), play.table.message
        play._events()
    return play


def test_off_pars_line_a_move_of_the_hints_line_is_best_in_the_review(play_for, quick_par, monkeypatch):
    """Off par's line the hint is the line the review's yardstick knows there, found in
    the game's worker from the game's moves; the review is told the lines shown. A
    player who takes the hint's move, then strays again, sees each hinted move graded
    best, and the grades still add up to the moves played over par."""
    from game.freecell.par import par_moves
    from game.freecell.review import Yardstick
    from game.i18n import set_language
    from game.play.freecell_hint import hint_game

    set_language("en")
    play = off_par(play_for, monkeypatch)
    table = play.table
    hinted: list[int] = []
    for _ in range(4):
        game = hint_game(table.session, table.par_found, table.shown_hints)
        assert game is not None
        play.act(Action(Act.HINT))
        end = time.monotonic() + 120
        while table.thinking and time.monotonic() < end:
            play.update(0.02)
            time.sleep(0.01)
        assert "a winning line of" in table.message, table.message
        moves = table.session.review_game()[1]
        line = table.shown_hints.on(moves)[len(moves)]
        # The worker's answer is the yardstick's, asked here with the same game.
        par = par_moves(game.start, game.par, "safe")
        assert par is not None
        here = Yardstick(5_000).line(game.start, game.moves, "safe", par=par, shown=game.shown)
        assert here == line and table.message.endswith(f"a winning line of {len(line)} moves follows")
        assert table.play(line[0]), table.message
        play._events()
        hinted.append(table.session.moves)
        # Then a move of the player's own, off the hint's line, that keeps the win.
        def keeps(move) -> bool:
            after = table.position.copy(stack=False)
            after.push(move, auto="safe")
            return solve(after, budget=20_000, auto="safe").verdict is Verdict.SOLVED

        stray = next(m for m in table.position.legal_moves() if m != line[1] and m.dest != HOME and keeps(m))
        assert table.play(stray)
        play._events()
    play.button("review")
    end = time.monotonic() + 120
    while table.coach.running and time.monotonic() < end:
        play.update(0.02)
        time.sleep(0.01)
    review = table.coach.review
    assert review is not None and review.complete
    grades = {g.index: g.grade.value for g in review.grades}
    assert [grades[i] for i in hinted] == ["best"] * len(hinted)
    # The game is not won: what is over par counts the moves played and the line left to win.
    assert not table.session.won and len(review.grades) == table.session.moves
    assert review.over_par() == table.session.moves + len(review.grades[-1].line_after) - review.par


def test_the_yardstick_follows_the_game_in_a_worker_of_its_own_and_answers_h_at_once(play_for, quick_par,
                                                                                       monkeypatch):
    """Once par is known, each change asks the yardstick's own worker (not the live
    check's, not par's) for the line known here, before any H: H then shows it at once,
    with no search; a move played leaves it behind, and the next position is asked."""
    from game.i18n import set_language

    set_language("en")
    play = off_par(play_for, monkeypatch)
    table = play.table
    end = time.monotonic() + 120
    while (table.yardstick is None or table.yardstick.ready(table.position) is None) and time.monotonic() < end:
        play.update(0.02)
        time.sleep(0.01)
    assert table.yardstick is not None
    ready = table.yardstick.ready(table.position)
    assert ready is not None and "yardstick-freecell" in play.jobs.solvers
    play.act(Action(Act.HINT))
    assert not table.thinking and table.hints is None  # shown at once: no search asked
    assert table.message.endswith(f"a winning line of {ready.line_length} moves follows")
    assert table.play(ready.move)
    play._events()
    assert table.yardstick.ready(table.position) is None
    play.update(0.02)
    assert table.yardstick.pending(table.position)  # the next position is asked at once


def test_the_demo_plays_the_par_line_from_a_position_on_it(play_for, quick_par):
    play = play_for("freecell", 617, animation_speed="instant", find_par=True, auto_moves="all")
    wait_par(play)
    par = play.round.par.found
    table = play.table
    assert table.play(table.position.parse_move(str(par.line[0])))
    play._events()
    rest = play.round.par.rest_from(table.position)
    assert rest is not None and len(rest) < len(par.line)
    play.round.start_demo()
    assert play.round.demo is not None and play.jobs.waiting is None  # no search: the par line plays
    # Back to the start, and off the line (the demo then asks the solver as before).
    play.round.stop_demo()
    play.act(Action(Act.UNDO))
    assert play.round.par.rest_from(table.position) == par.line  # the start is on it too
    table.play(next(m for m in table.position.legal_moves() if str(m) != str(par.line[0])))
    play._events()
    assert play.round.par.rest_from(table.position) is None


def test_par_follows_the_deal_and_the_setting(play_for, quick_par):
    play = play_for("freecell", 617, animation_speed="instant", find_par=True)
    assert play.round.par.searching
    play.round.new_deal()
    assert play.round.par.searching and play.round.par._key[1] == play.table.session.number
    play.button("menu")
    play.carry_out(play.menu.choose("settings"))
    play.carry_out(play.menu.choose("set-find_par"))
    assert not play.settings.find_par and not play.round.par.searching and play.round.par.found is None


class _FakeService:
    def __init__(self, answer):
        self.answer = answer

    def ask_par(self, position):
        return 7

    def poll(self, request):
        return [self.answer(request)]

    def cancel(self, request=None):
        pass


class _FakeJobs:
    def __init__(self, answer):
        self.service = _FakeService(answer)

    def par_solver(self, game):
        return self.service


def test_a_par_line_that_does_not_replay_is_never_shown():
    from game.play.freecell_table import FreeCellTable
    from game.play.table import TableEnv

    table = FreeCellTable(TableEnv(auto_foundation="safe"), 617)
    bogus = tuple(deal(1).legal_moves()[:3])  # moves of another deal
    par = Par(_FakeJobs(lambda rid: Answer(rid, Ask.PAR, Verdict.SOLVED, bogus, bogus[0])))
    par.follow(table)
    assert par.poll() is False and par.found is None and par.sentence(40) == ""
    assert _counted(("freecell", 617, 1, "safe"), [], bogus) is None
    table.close()


def test_solve_prints_its_player_moves_counted_as_the_status_line_counts():
    done = run_game("solve", "freecell", "617", "--auto", "all", "--anytime", "1")
    assert done.returncode == 0
    found = re.search(r"\((\d+) player moves\)", done.stderr)
    assert found, done.stderr
    line = done.stdout.split()
    start = deal(617, auto_foundation="all")
    opening = [str(m) for m in start.settle("all")]
    assert line[:len(opening)] == opening
    assert replay_freecell(617, line, "all")[-1].moves == int(found.group(1))


def test_the_benchmark_reads_the_anchor_and_passes_over_what_is_not_a_line(tmp_path):
    from conftest import load_tool

    bench = load_tool("bench_par")
    block = tmp_path / "block.1"
    block.write_text("1:6r6r7r76\n2:odd\n3:5r4\x00\n4:abc\nnot a line\n5:1r1r\n", encoding="latin-1")
    assert bench.read_anchor(block, {1, 2, 3, 4, 5}) == {1: 4, 5: 2}
    assert bench.read_anchor(tmp_path, {1}) == {1: 4}  # a folder of blocks
    assert bench.parse_range("3-5") == [3, 4, 5]
    with pytest.raises(argparse.ArgumentTypeError):
        bench.parse_range("0-5")


def test_the_benchmark_runs_a_checkouts_par_search_in_a_child_process(tmp_path):
    """--baseline: another checkout's search, its count read back; a folder that is
    not a checkout of the game gives -1 (said on stderr), never a crash."""
    from conftest import load_tool

    bench = load_tool("bench_par")
    moves = bench.par_moves(bench.HERE, 3, 0.3)
    line = par_here("freecell", 3, level="all", seconds=0.3)
    # The same search, so about the same line (the clock may let one of them go a beam further).
    assert line is not None and 0 < moves <= line.moves + 3 and line.moves <= moves + 3
    assert bench.par_moves(tmp_path, 3, 0.3) == -1


@pytest.mark.parametrize("game,number", [("freecell", 1), ("spider", 1)])
def test_the_table_and_the_worker_ask_par_with_one_limit_per_game(game, number, monkeypatch):
    # Par's limit is chosen in one place (limits.par_limit): the service's default for an
    # Ask.PAR and the table's own par (par_here) read the same one.
    want = limits.par_limit(game)
    table = service.SPIDER_LIMITS if game == "spider" else service.LIMITS
    assert table[Ask.PAR] == want
    asked: list[dict] = []

    def record(ask, position, options, **kw):
        asked.append(dict(options))
        return Answer(0, ask, Verdict.UNKNOWN)

    monkeypatch.setattr("game.solver.worker.run_job", record)
    par_here(game, number, suits=1, level="all")
    assert asked == [{"budget": want.states, "time_limit": want.seconds}]
