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


def test_the_fair_bot_takes_what_h_shows_with_the_games_budget_and_seed(monkeypatch):
    # The bench measures the game's hint: the same view, seed, budget and order as H.
    from game import limits
    from game.play.spider_hint import Shown
    from game.spider import deal
    from game.spider.advice import HINT_SEED, advise_view
    from game.spider.masked import mask

    monkeypatch.setattr(limits, "SPIDER_HINT", limits.Limit(1_500, None))
    bot = bench.FairBot()
    pos = deal(4, 2)
    pos.push(pos.legal_moves()[0])
    moves = bot(pos)
    hints = Shown().order(pos, advise_view(mask(pos), seed=HINT_SEED, budget=1_500).hints)
    assert moves == [h.move for h in hints if h.move is not None] and len(bot.times) == 1
    assert set(moves) <= set(pos.legal_moves())


def test_a_bot_never_returns_to_a_table_and_loses_when_only_old_ones_are_left():
    # One card and an empty column: it can only go back and forth. The bot takes the
    # first choice that leads somewhere new, and has lost when none does.
    from spider_helpers import build

    seen = []

    def choices(pos):
        seen.append(pos.key())
        return [m for m in pos.legal_moves() if not m.is_deal]

    pos = build({1: "5S", 3: "(KS) 9S"}, suits=1)
    assert bench.play(pos, choices) is False
    assert len(seen) == len(set(seen)) >= 2  # each table once, then nothing new to go to
    assert not pos.is_won()


@pytest.mark.parametrize("args", [["--games", "0"], ["--seconds", "-1"], ["--jobs", "0"]])
def test_bad_figures_are_refused(args, capsys):
    assert bench.main(args) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_without_switches_one_named_rule_off_and_the_hint_plays_otherwise(monkeypatch):
    # --without RULE is how the docs' held-out table of the named-game rules was measured:
    # each switch must really take its rule out. On one-suit game 38's table (every card
    # face up, stock left) the deal rule tidies first; without it the hint deals at once.
    from test_spider_fair import cards

    from game.spider import fair, fair_beam
    from game.spider.masked import mask
    from game.spider.position import Position

    for name in ("OPEN_HOPE", "ENDGAME_SHARE", "TIDY_TURNED", "breaks"):  # put back after the test
        monkeypatch.setattr(fair, name, getattr(fair, name))
    monkeypatch.setattr(fair_beam, "ENDGAME_SHARE", fair_beam.ENDGAME_SHARE)
    table = ["3S 2S AS 8S", "AS 9S", "8S 7S 6S 5S 4S 3S 2S AS JS", "QS 9S", "7S KS", "6S 5S 5S",
             "9S 8S 7S 6S", "AS 4S", "JS 4S", "JS QS"]
    pos = Position([cards(c) for c in table], [0] * 10,
                   cards("JS TS QS 2S 7S KS 9S 3S 2S 5S TS 3S 6S TS KS QS 4S 8S KS TS"), [3] * 4)
    assert not fair.search(mask(pos), seed=0, budget=3_000).ranked[0].move.is_deal
    bench.switch_off("hope")
    bench.switch_off("endgame")
    assert fair.OPEN_HOPE == 0 and fair.ENDGAME_SHARE == fair_beam.ENDGAME_SHARE == 0
    bench.switch_off("deal")
    assert fair.search(mask(pos), seed=0, budget=3_000).ranked[0].move.is_deal
    with pytest.raises(ValueError):
        bench.switch_off("game 54")


def test_without_and_no_clock_reach_the_games_process(monkeypatch, capsys):
    taken = []
    monkeypatch.setattr(bench, "switch_off", taken.append)
    monkeypatch.setattr(bench, "Pool", FakePool)
    assert bench.main(["--suits", "1", "--first", "3", "--games", "1", "--seconds", "0.04",
                       "--without", "deal", "--no-clock"]) == 0
    assert taken == ["deal"] and "without deal, no clock" in capsys.readouterr().out


class FakePool:
    """The bench's pool, in this process (so a patched ``switch_off`` is the one called)."""

    def __init__(self, jobs: int) -> None:
        pass

    def __enter__(self) -> FakePool:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def imap(self, fn, jobs):
        return map(fn, jobs)
