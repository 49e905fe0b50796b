"""Daily challenges (issue 29): the same for every player on a date, and every
goal proven by a line that the game itself plays to meet it.

The proofs are checked here without the challenge module's own replay: each
line is played through the sessions the window plays (FreeCellSession,
SpiderSession), whose move counters are the status line's, and the goal is
judged on what those sessions show.
"""

from __future__ import annotations

import datetime
import itertools
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.challenges import days as days_module
from game.challenges.days import (
    CELL_SLACK,
    DEAL_CELLS,
    FIRST_DATE,
    FREECELL_KINDS,
    LAST_DATE,
    LEVELS,
    MARGINS,
    SPIDER_KINDS,
    Challenge,
    challenge_by_id,
    challenges_for,
)
from game.challenges.goals import Status, Tracker, snapshot_of
from game.challenges.lines import load_lines, parse_lines, replay_freecell
from game.commands import main
from game.freecell import Move
from game.freecell.difficulty import difficulty
from game.session import FreeCellSession, SpiderSession

ROOT = Path(__file__).resolve().parents[1]


def sample_dates(count: int) -> list[datetime.date]:
    """``count`` dates spread over 2020..2099, the first and last day included."""
    span = (LAST_DATE - FIRST_DATE).days
    return [FIRST_DATE + datetime.timedelta(days=span * i // (count - 1)) for i in range(count)]


# --- playing a proof as the window would --------------------------------------------------


def play_freecell(challenge: Challenge) -> Tracker:
    """The proof played in a FreeCellSession at the goal's level: each card
    movement the table makes by itself is left to it; the rest are the
    player's moves (auto-complete's cards through ``autocomplete_step``)."""
    goal = challenge.goal
    assert goal.auto is not None  # a FreeCell goal names its level
    session = FreeCellSession(goal.number, auto_foundation=goal.auto)
    tracker = Tracker(goal)
    tracker.level_set(session.auto_level)
    line = list(challenge.proof)
    assert line[:len(session.opening)] == [str(m) for m in session.opening]
    i = len(session.opening)
    while i < len(line):
        move = session.position.parse_move(line[i])
        step = session.play(move)
        autos = [str(m) for m in step.automatic]
        if line[i + 1:i + 1 + len(autos)] == autos:
            i += 1 + len(autos)
        else:
            session.undo()
            session.undo_count = 0
            assert session.position.autocomplete_move() == move
            session.autocomplete_step()
            i += 1
        cells = sum(c is not None for c in session.position.cells)
        assert snapshot_of(session) == (session.moves, cells, 0, session.won)
        tracker.moved(*snapshot_of(session))
        # Never more cards in the cells than the goal allows, at any step.
        assert goal.cells is None or cells <= goal.cells
    assert session.won and session.undo_count == 0
    assert session.moves == challenge.proof_moves
    return tracker


def play_spider(challenge: Challenge) -> Tracker:
    from game.spider import Move as SpiderMove

    goal = challenge.goal
    assert goal.suits is not None  # a Spider goal names its suits
    session = SpiderSession(goal.number, goal.suits)
    tracker = Tracker(goal)
    for text in challenge.proof:
        session.play(SpiderMove.parse(text))
        assert snapshot_of(session) == (session.moves, 0, session.position.removed, session.won)
        tracker.moved(*snapshot_of(session))
    assert session.won and session.moves == challenge.proof_moves
    return tracker


def check_proof(challenge: Challenge) -> None:
    tracker = play_freecell(challenge) if challenge.game == "freecell" else play_spider(challenge)
    assert tracker.status is Status.MET, (challenge.id, challenge.sentence(), tracker.reason)


# --- the day's challenges --------------------------------------------------------------


def test_the_lines_file_ships_a_pool_for_every_level():
    rows = load_lines()
    freecell = {r.number for r in rows if r.game == "freecell"}
    assert len(freecell) >= 100
    for suits in (1, 2, 4):
        assert len({r.number for r in rows if r.game == "spider" and r.variant == suits}) >= 30


def test_every_shipped_line_replays_to_a_win_within_its_cells():
    from game.challenges.lines import replay_spider

    for row in load_lines():
        if row.game == "freecell":
            steps = replay_freecell(row.number, row.moves)
            assert max(s.cells for s in steps) <= row.variant, row.number
            # A row found with fewer than four cells is the difficulty table's exact figure.
            rating = difficulty(row.number)
            assert row.variant == 4 or (rating.exact and rating.cells == row.variant)
        else:
            steps = replay_spider(row.number, row.variant, row.moves)
        assert steps[-1].won


def test_the_builder_picks_the_same_spread_pool_each_time(monkeypatch, tmp_path):
    from conftest import load_tool

    tool = load_tool("build_challenges")
    deals = tool.freecell_deals(30)
    assert deals == tool.freecell_deals(30) and len(set(deals)) == 30
    assert tool.freecell_deals(40)[:30] == deals  # a larger pool extends a smaller one
    assert all(difficulty(n).exact for n in deals) and max(deals) - min(deals) > 20_000
    assert tool.spider_games(4, 10) == tool.spider_games(4, 12)[:10]
    # --check replays a file and fails on a line that does not win.
    table = tmp_path / "lines.tsv"
    good = next(r for r in load_lines() if r.game == "freecell")
    table.write_text(f"freecell\t{good.number}\t{good.variant}\t{good.text()}\n")
    assert tool.check(table) == 0
    table.write_text(f"freecell\t{good.number}\t{good.variant}\t{' '.join(good.moves[:-3])}\n")
    assert tool.check(table) == 1


def test_a_date_has_six_challenges_in_order_and_the_same_each_time():
    date = datetime.date(2026, 12, 2)
    day = challenges_for(date)
    assert [(c.game, c.level) for c in day] == [(g, lv) for g in ("freecell", "spider") for lv in LEVELS]
    challenges_for.cache_clear()
    days_module._pool.cache_clear()
    assert challenges_for(date) == day
    assert [c.id for c in day] == [f"2026-12-02-{c.game}-{c.level}" for c in day]
    assert all(challenge_by_id(c.id) == c for c in day)
    # One deal (one game) once a day per game.
    assert len({c.goal.number for c in day[:3]}) == 3 and len({c.goal.number for c in day[3:]}) == 3


def test_challenges_do_not_depend_on_the_process():
    """hash() is salted per process; the challenges must not be."""
    script = ("import datetime, json; from game.challenges import challenges_for; "
              "print(json.dumps([c.to_json() for c in challenges_for(datetime.date(2031, 5, 17))]))")
    runs = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True,
                             text=True, check=True).stdout
        runs.append(out)
    assert runs[0] == runs[1]
    assert json.loads(runs[0]) == [c.to_json() for c in challenges_for(datetime.date(2031, 5, 17))]


def test_different_days_give_different_challenges():
    month = [challenges_for(datetime.date(2027, 3, d)) for d in range(1, 32)]
    for level in range(6):
        goals = [day[level].goal for day in month]
        # Two days in a row never repeat a challenge, and a month uses many deals.
        assert all(a != b for a, b in itertools.pairwise(goals))
        assert len({g.number for g in goals}) >= 20


def test_a_level_walks_its_candidates_spread_out_and_all_before_any_again():
    for count in (1, 7, 120, 162, 240, 299, 300):
        starts = [days_module._order(count, FIRST_DATE + datetime.timedelta(days=d), "spider", "easy")[0]
                  for d in range(count)]
        assert sorted(starts) == list(range(count))
        if count > 20:
            # Day after day the start jumps far: never to a neighbour in the pool.
            assert all(min((a - b) % count, (b - a) % count) > count // 10 for a, b in itertools.pairwise(starts))
    # And so the games of consecutive days are far apart in the proven list.
    rows = sorted({r.number for r in load_lines() if r.game == "spider" and r.variant == 1})
    month = [challenges_for(datetime.date(2027, 5, d))[3] for d in range(1, 32)]
    near = sum(1 for a, b in itertools.pairwise(month)
               if a.goal.suits == b.goal.suits == 1 and abs(rows.index(a.goal.number) - rows.index(b.goal.number)) <= 2)
    assert near <= 2


def test_each_level_draws_its_kinds_and_its_deals_as_the_tables_say():
    seen: dict[tuple[str, str], set[str]] = {}
    for date in sample_dates(240):
        for c in challenges_for(date):
            seen.setdefault((c.game, c.level), set()).add(c.goal.kind.replace(".zero", "").replace(".one", ""))
            if c.game == "freecell":
                assert difficulty(c.goal.number).cells <= DEAL_CELLS[c.level]
    for level in LEVELS:
        # Every kind a level lists turns up over the sample.
        assert len(seen[("freecell", level)]) == len(FREECELL_KINDS[level])
        assert len(seen[("spider", level)]) == len({k for _, k in SPIDER_KINDS[level]})


def test_move_limits_and_cell_limits_follow_the_proof_and_tighten_from_easy_to_hard():
    for date in sample_dates(120):
        for c in challenges_for(date):
            g = c.goal
            if g.max_moves is not None and g.sets is None:
                # The proof's moves plus the margin, rounded up.
                assert c.proof_moves * (100 + MARGINS[c.level]) <= 100 * g.max_moves
                assert 100 * (g.max_moves - 1) < c.proof_moves * (100 + MARGINS[c.level])
            if g.cells is not None:
                fewest = difficulty(g.number).cells
                assert g.cells == fewest + CELL_SLACK[c.level] + g.no_undo
    assert MARGINS["easy"] > MARGINS["medium"] > MARGINS["hard"] > 0


@pytest.mark.parametrize("date", sample_dates(24), ids=str)
def test_every_challenge_of_a_sample_of_dates_is_met_by_its_proof(date):
    for challenge in challenges_for(date):
        check_proof(challenge)


@pytest.mark.slow
def test_every_challenge_of_many_dates_is_met_by_its_proof():
    for date in sample_dates(3000):
        for challenge in challenges_for(date):
            check_proof(challenge)


def test_making_a_day_is_quick_enough_to_do_at_start():
    # Not a timing test (see tools/); the work is bounded: a handful of replays per challenge.
    calls = []
    real = days_module.replay_freecell

    def counting(*args, **kwargs):
        calls.append(args[0])
        return real(*args, **kwargs)

    days_module.challenges_for.cache_clear()
    try:
        days_module.replay_freecell = counting
        challenges_for(datetime.date(2045, 8, 9))
    finally:
        days_module.replay_freecell = real
    assert 0 < len(calls) <= 30


def test_dates_outside_the_years_are_refused():
    for date in (datetime.date(2019, 12, 31), datetime.date(2100, 1, 1)):
        with pytest.raises(ValueError, match=re.escape("2020-01-01..2099-12-31")):
            challenges_for(date)
    assert len(challenges_for(FIRST_DATE)) == len(challenges_for(LAST_DATE)) == 6
    assert challenge_by_id("2019-12-31-freecell-easy") is None
    assert challenge_by_id("2026-12-02-klondike-easy") is None
    assert challenge_by_id("２０２６-12-02-spider-easy") is None


# --- a damaged lines file ---------------------------------------------------------------------


def with_lines(monkeypatch, text: str) -> None:
    monkeypatch.setattr(days_module, "load_lines", lambda: parse_lines(text))
    days_module._pool.cache_clear()
    days_module.challenges_for.cache_clear()


@pytest.fixture
def clean_caches():
    yield
    days_module._pool.cache_clear()
    days_module.challenges_for.cache_clear()


def test_rows_that_do_not_replay_are_passed_over(monkeypatch, clean_caches):
    date = datetime.date(2026, 12, 2)
    good = challenges_for(date)
    text = (ROOT / "assets" / "challenge-lines.tsv").read_text(encoding="utf-8")
    lines = text.splitlines()
    damaged = []
    for line in lines:
        parts = line.split("\t")
        if any(parts[:2] == [c.game, str(c.goal.number)] for c in good):
            # Drop a move from the middle: the row still parses, it no longer wins.
            sep = "," if parts[0] == "spider" else " "
            moves = parts[3].split(sep)
            parts[3] = sep.join(moves[:len(moves) // 2] + moves[len(moves) // 2 + 1:])
        damaged.append("\t".join(parts))
    with_lines(monkeypatch, "\n".join(damaged))
    day = challenges_for(date)
    assert len(day) == 6
    assert {c.goal.number for c in day}.isdisjoint(c.goal.number for c in good)
    for challenge in day:
        check_proof(challenge)


def test_a_row_claiming_fewer_cells_than_its_line_uses_is_never_offered(monkeypatch, clean_caches):
    # Every FreeCell row relabelled as found with 0 cells: its line still wins,
    # but no "without the free cells" goal may come of it.
    text = (ROOT / "assets" / "challenge-lines.tsv").read_text(encoding="utf-8")
    relabelled = [line.split("\t") for line in text.splitlines() if line.startswith("freecell")]
    rows = "\n".join("\t".join([p[0], p[1], "0", p[3]]) for p in relabelled if p[2] != "4")
    rows += "\n" + "\n".join(line for line in text.splitlines() if line.startswith("freecell\t") and "\t4\t" in line)
    with_lines(monkeypatch, rows)
    for date in sample_dates(20):
        for c in challenges_for(date):
            if c.goal.cells is not None:
                assert max(s.cells for s in replay_freecell(c.goal.number, c.proof)) <= c.goal.cells


def test_no_lines_no_challenges_and_the_command_says_so(monkeypatch, clean_caches, capsys):
    with_lines(monkeypatch, "freecell\tone\t4\t8a\n\x00\xff garbage\n")
    assert challenges_for(datetime.date(2026, 12, 2)) == ()
    assert main(["challenges", "--date", "2026-12-02"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "6 of 6 challenges could not be made" in err[0]


@pytest.mark.parametrize("content", [None, b"\xff\xfe\x00garbage\n" * 10, b"freecell\t1\t4\t8a\n" * 400_000,
                                     b"#only a comment\n", b"[" * 100_000],
                         ids=["missing", "binary", "over the size cap", "no rows", "nested"])
def test_a_lines_file_that_is_missing_or_damaged_gives_no_rows_and_no_crash(monkeypatch, tmp_path, content):
    from game.challenges import lines

    path = tmp_path / "challenge-lines.tsv"
    if content is not None:
        path.write_bytes(content)
    monkeypatch.setattr(lines, "asset_path", lambda name: path)
    lines.load_lines.cache_clear()
    try:
        assert lines.load_lines() == ()
    finally:
        lines.load_lines.cache_clear()


def test_the_lines_parser_refuses_malformed_rows():
    assert parse_lines("\n".join([
        "freecell\t0\t4\t8a",  # deal 0
        "freecell\t1\t5\t8a",  # five cells
        "freecell\t1\t4\t8a 9b",  # no column 9
        "freecell\t1\t4\t",  # no line
        "spider\t1\t3\tdeal",  # three suits
        "spider\t1\t1\tmove 1 11 1",  # no column 11
        "spider\t1\t1\tdeal\textra",
        "poker\t1\t1\tdeal",
        "freecell\t١\t4\t8a",  # another script's digit
        "freecell\t1\t4\t" + " ".join(["8a"] * 2001),  # longer than any line of ours
    ])) == ()


# --- the command line ---------------------------------------------------------------------------


def test_the_command_prints_the_days_challenges_as_sentences(capsys):
    assert main(["challenges", "--date", "2026-12-02"]) == 0
    out = capsys.readouterr().out.splitlines()
    day = challenges_for(datetime.date(2026, 12, 2))
    assert out[0] == "Challenges of 2026-12-02"
    assert len(out) == 7 and all(c.sentence() in line for c, line in zip(day, out[1:]))
    assert out[1].strip().startswith("FreeCell, Easy:") and out[6].strip().startswith("Spider, Hard:")


def test_the_command_prints_json_with_every_field(capsys):
    assert main(["challenges", "--date", "2026-12-02", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    keys = {"id", "game", "level", "goal", "deal", "suits", "freecells", "max_moves", "no_undo", "auto", "proof"}
    assert len(got) == 6 and all(keys <= set(item) for item in got)
    for item, c in zip(got, challenges_for(datetime.date(2026, 12, 2))):
        assert item["id"] == c.id and item["goal"] == c.sentence() and item["deal"] == c.goal.number
        assert item["proof"] == list(c.proof) and isinstance(item["no_undo"], bool)
        if item["game"] == "freecell":
            assert item["suits"] is None and item["auto"] in ("off", "safe", "all")
            # The proof is what `solitaire deal freecell N --check` replays to a win.
            assert all(Move.parse(m) for m in item["proof"])
        else:
            assert item["suits"] in (1, 2, 4) and item["auto"] is None and item["freecells"] is None


def test_the_proof_replays_with_the_deal_command(tmp_path, capsys):
    c = challenges_for(datetime.date(2026, 12, 2))[0]
    moves = tmp_path / "moves.txt"
    moves.write_text("\n".join(c.proof) + "\n")
    assert main(["deal", "freecell", str(c.goal.number), "--check", str(moves)]) == 0
    assert "won" in capsys.readouterr().err
    s = challenges_for(datetime.date(2026, 12, 2))[3]
    moves.write_text("\n".join(s.proof) + "\n")
    assert main(["deal", "spider", str(s.goal.number), "--suits", str(s.goal.suits), "--check", str(moves)]) == 0


def test_the_command_defaults_to_today_in_japan(capsys, monkeypatch):
    from game.freecell import daily

    monkeypatch.setattr(daily, "today_in_japan", lambda now=None: datetime.date(2030, 1, 15))
    assert main(["challenges"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Challenges of 2030-01-15"


@pytest.mark.parametrize("text", ["2019-12-31", "2100-01-01", "2026-02-30", "20261202", "2026-1-2", "",
                                  "٢٠٢٦-١٢-٠٢", "2026-12-02T10:00", "tomorrow", "2026-12-02\nx"])
def test_a_bad_date_is_one_line_and_exit_2(text, capsys):
    assert main(["challenges", "--date", text]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.strip().splitlines()) == 1
    assert captured.err.startswith("solitaire: error:")


def _hostile_dates() -> list[str]:
    from test_numbers import HOSTILE

    return HOSTILE + ["2026-12-02" + tail for tail in ("\x00", "\u200b", "x")] + ["２０２６-１２-０２"]


@pytest.mark.parametrize("text", _hostile_dates(), ids=ascii)
def test_the_numbers_corpus_as_a_date_is_one_line_and_exit_2(text, capsys):
    assert main(["challenges", "--date", text]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and len(err) < 200


def test_the_challenges_load_no_graphics_and_no_worker():
    script = ("import sys, datetime; import game.challenges as c; import game.commands.challenges; "
              "c.challenges_for(datetime.date(2026, 12, 2)); "
              "print(sorted(m for m in sys.modules if m.split('.')[0] in "
              "('pygame', 'moderngl', 'glm', 'multiprocessing') or m.startswith(('game.app', 'game.ui', 'game.play'))))")
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
