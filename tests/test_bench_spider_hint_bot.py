"""tools/bench_spider_hint_bot.py (issue 36): the fair hint bot beside the heuristic
one on the same games, with a 95% interval and seconds per hint."""

from __future__ import annotations

import re

import pytest
from conftest import load_tool

bench = load_tool("bench_spider_hint_bot")


def test_the_wilson_interval_matches_the_textbook_figures():
    low, high = bench.wilson(5, 10)
    assert (round(low, 3), round(high, 3)) == (0.237, 0.763)
    assert bench.wilson(0, 10)[0] == 0.0 and bench.wilson(10, 10)[1] == 1.0
    assert bench.wilson(0, 0) == (0.0, 1.0)


def test_the_fair_bot_follows_the_first_hint_and_deals_when_told(capsys):
    assert bench.main(["--suits", "1", "--first", "3", "--games", "1", "--seconds", "0.04"]) == 0
    out = capsys.readouterr()
    row = out.out.strip().splitlines()[-1].split()
    assert row[0] == "1" and re.fullmatch(r"[01]/1", row[1]) and re.fullmatch(r"\d+-\d+%", row[2])
    assert float(row[3]) > 0 and float(row[4]) >= float(row[3])  # median and p95 seconds per hint
    assert re.fullmatch(r"[01]/1", row[5])  # the heuristic hint on the same game
    assert "game 3 suits 1: fair" in out.err


def test_the_bot_plays_the_ranked_hints_in_order_and_never_repeats_a_position():
    from game.spider import deal

    bot = bench.FairBot(0.02, seed=1)
    pos = deal(4, 2)
    moves = bot(pos)
    assert moves and len(bot.times) == 1
    assert set(moves) <= set(pos.legal_moves())


@pytest.mark.parametrize("args", [["--games", "0"], ["--seconds", "-1"], ["--jobs", "0"]])
def test_bad_figures_are_refused(args, capsys):
    assert bench.main(args) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
