"""Statistics on this computer: streaks, bests from wins only, daily history, storage."""

from __future__ import annotations

import datetime
import json

import pytest

from game.stats import GAMES, RECENT_LIMIT, DailyHistory, GameStats, Statistics, game_key
from game.store import Store

DAY = "2026-11-29"


def play(stats: Statistics, game: str, outcomes: str) -> None:
    """W win, L abandoned (lost), G given up; each win takes 100 s and 50 moves."""
    for o in outcomes:
        if o == "W":
            stats.record_win(game, 100.0, 50, date=DAY)
        else:
            stats.record_loss(game, give_up=o == "G", date=DAY)


@pytest.mark.parametrize("outcomes, current, best", [
    ("", 0, 0),
    ("W", 1, 1),
    ("WWW", 3, 3),
    ("WWL", 0, 2),
    ("WWGW", 1, 2),
    ("WLWWWGWW", 2, 3),
    ("GGL", 0, 0),
    ("LWWWWLWW", 2, 4),
])
def test_streaks_across_wins_losses_and_give_ups(outcomes, current, best):
    s = Statistics()
    play(s, "freecell", outcomes)
    g = s["freecell"]
    assert (g.current_streak, g.best_streak) == (current, best)
    assert g.played == len(outcomes)
    assert g.won == outcomes.count("W")
    assert g.given_up == outcomes.count("G")
    assert g.lost == outcomes.count("L") + outcomes.count("G")


def test_games_are_kept_apart_per_spider_difficulty():
    s = Statistics()
    play(s, "spider-1", "WW")
    play(s, "spider-4", "L")
    assert (s["spider-1"].won, s["spider-2"].played, s["spider-4"].played) == (2, 0, 1)
    assert s["freecell"].played == 0
    assert s[game_key("spider", 1)] is s["spider-1"]
    with pytest.raises(ValueError):
        s.record_win("spider-3", 1.0, 1)
    with pytest.raises(ValueError):
        game_key("klondike")


def test_win_rate_with_zero_games_and_after_some():
    s = Statistics()
    for game in GAMES:
        assert s[game].win_rate == 0.0
    play(s, "spider-2", "WLGW")
    assert s["spider-2"].win_rate == pytest.approx(0.5)
    assert dict(s.summary("spider-2"))["Win rate"] == "50%"
    assert dict(s.summary("spider-4"))["Win rate"] == "0%"
    assert dict(s.summary("spider-4"))["Best time"] == "-"


def test_best_time_and_fewest_moves_come_only_from_wins():
    s = Statistics()
    s.record_loss("freecell", give_up=True, seconds=5.0, moves=3, date=DAY)
    s.record_loss("freecell", seconds=8.0, moves=4, date=DAY)
    g = s["freecell"]
    assert g.best_time is None and g.fewest_moves is None
    first = s.record_win("freecell", 300.0, 90, date=DAY)
    assert first.best_time and first.fewest_moves and first.best_streak
    # A faster win with more moves improves the time only.
    second = s.record_win("freecell", 240.5, 110, date=DAY)
    assert (second.best_time, second.fewest_moves, second.best_streak) == (True, False, True)
    s.record_loss("freecell", give_up=True, seconds=1.0, moves=1, date=DAY)
    third = s.record_win("freecell", 500.0, 80, date=DAY)
    assert (third.best_time, third.fewest_moves, third.best_streak) == (False, True, False)
    assert (g.best_time, g.fewest_moves) == (240.5, 80)


def test_recent_results_keep_the_last_fifty_in_order():
    import datetime

    def day(i: int) -> str:
        return (datetime.date(2026, 10, 1) + datetime.timedelta(days=i)).isoformat()

    assert RECENT_LIMIT == 50  # the chart shows the last 50 games
    s = Statistics()
    n = RECENT_LIMIT + 5
    for i in range(n):
        if i % 3:
            s.record_win("spider-1", 60.0 + i, 100 + i, date=day(i))
        else:
            s.record_loss("spider-1", give_up=i % 2 == 0, seconds=i, moves=i, date=day(i))
    recent = s["spider-1"].recent
    assert len(recent) == RECENT_LIMIT
    assert [r.date for r in recent] == [day(i) for i in range(5, n)]
    assert recent[-2].won and recent[-2].moves == 100 + n - 2 and recent[-2].seconds == 60.0 + n - 2  # i = 53
    assert not recent[-1].won and recent[-1].gave_up  # i = 54: given up
    assert not recent[1].won and recent[1].gave_up  # i = 6
    assert not recent[4].won and not recent[4].gave_up  # i = 9: abandoned


def test_daily_streak_across_gaps_and_repeated_days():
    h = DailyHistory()
    for day, won in [
        ("2026-11-01", True), ("2026-11-02", True),  # a run of two ...
        ("2026-11-04", True), ("2026-11-05", True), ("2026-11-05", True),  # ... a gap, then a day played twice
        ("2026-11-06", False), ("2026-11-06", True), ("2026-11-06", False),  # won once out of three
        ("2026-11-07", False),  # played, lost
        ("2026-11-08", True),
    ]:
        h.record(day, won)
    assert h.days_played == 7
    assert h.days_won == 6
    assert h.best_streak == 3  # 4th, 5th, 6th
    assert h.streak(today="2026-11-08") == 1  # the loss on the 7th broke it
    assert h.streak(today="2026-11-09") == 1  # today not played yet: yesterday's run is alive
    assert h.streak(today="2026-11-10") == 0  # a whole day missed
    assert h.streak(today="2026-11-06") == 3
    assert h.streak(today=datetime.date(2026, 11, 3)) == 2
    # Crossing a month and a year end counts calendar days, not string order.
    y = DailyHistory()
    for day in ("2026-12-30", "2026-12-31", "2027-01-01"):
        y.record(day, True)
    assert y.streak(today="2027-01-01") == y.best_streak == 3
    with pytest.raises(ValueError):
        y.record("2026-13-01", True)
    with pytest.raises(ValueError):
        y.record("29.11.2026", True)


def test_daily_history_is_fed_by_freecell_results_only():
    s = Statistics()
    s.record_loss("freecell", daily="2026-11-28", date=DAY)
    s.record_win("freecell", 200.0, 90, daily="2026-11-29", date=DAY)
    s.record_win("freecell", 150.0, 85, daily="2026-11-29", date=DAY)  # the same day again
    s.record_win("freecell", 100.0, 80, date=DAY)  # not a daily deal
    assert (s.daily.days_played, s.daily.days_won, s.daily.streak(today="2026-11-29")) == (2, 1, 1)
    with pytest.raises(ValueError):
        s.record_win("spider-1", 1.0, 1, daily=DAY)
    summary = dict(s.summary("freecell"))
    assert summary["Daily deals played"] == "2" and summary["Daily deals won"] == "1"


def test_clear_one_game():
    s = Statistics()
    play(s, "freecell", "WW")
    s.record_win("freecell", 10.0, 10, daily=DAY, date=DAY)
    play(s, "spider-1", "W")
    s.clear("spider-1")
    assert s["spider-1"] == GameStats()
    assert s["freecell"].won == 3
    s.clear("freecell")
    assert s["freecell"] == GameStats() and s.daily.days_played == 0
    play(s, "spider-2", "W")
    s.clear_all()
    assert s == Statistics()


def test_round_trip_through_the_store(tmp_path):
    s = Statistics()
    play(s, "freecell", "WLWGW")
    s.record_win("freecell", 123.456, 77, daily="2026-11-27", date="2026-11-27")
    s.record_loss("freecell", daily="2026-11-28", date="2026-11-28")
    play(s, "spider-4", "LW")
    store = Store(tmp_path)
    s.save(store)
    assert json.loads((tmp_path / "statistics.json").read_text())["version"] == 1
    back = Statistics.load(Store(tmp_path))
    assert back == s
    assert back["freecell"].best_time == 100.0 and back["freecell"].fewest_moves == 50
    assert back.daily.days == {"2026-11-27": True, "2026-11-28": False}
    # No file yet: fresh statistics, no warning.
    empty = Store(tmp_path / "none")
    assert Statistics.load(empty) == Statistics() and empty.warnings == []


def test_a_file_that_is_not_statistics_is_set_aside(tmp_path):
    store = Store(tmp_path)
    store.save("statistics", {"games": {"freecell": {"played": "many"}}})
    assert Statistics.load(store) == Statistics()
    assert len(store.warnings) == 1 and "\n" not in store.warnings[0]
    assert "set aside" in store.warnings[0]
    # A clean file takes its place at once, not at the next game's end.
    assert json.loads((tmp_path / "statistics.json").read_text()) == Statistics().to_dict()
    assert len([p for p in tmp_path.iterdir() if p.name.startswith("statistics.json.damaged-")]) == 1


def test_missing_keys_take_defaults_and_unknown_keys_are_ignored():
    s = Statistics.from_dict({"games": {"spider-2": {"played": 3, "won": 1, "best_streak": 1},
                                        "klondike": {"played": "?"}},
                              "theme": "green"})
    g = s["spider-2"]
    assert (g.played, g.won, g.current_streak, g.best_time, g.recent) == (3, 1, 0, None, [])
    assert s["freecell"] == GameStats()
    assert Statistics.from_dict({"daily": {}}).daily.days == {}


@pytest.mark.parametrize("garbage", [
    None, [], "statistics", 42,
    {"version": 99},
    {"version": "one"},
    {"games": []},
    {"games": {"freecell": []}},
    {"games": {"freecell": {"played": -1}}},
    {"games": {"freecell": {"played": True}}},
    {"games": {"freecell": {"played": 1.5}}},
    {"games": {"freecell": {"played": 1, "won": 2}}},
    {"games": {"freecell": {"played": 3, "won": 1, "given_up": 3}}},
    {"games": {"freecell": {"played": 3, "won": 2, "current_streak": 2, "best_streak": 1}}},
    {"games": {"freecell": {"played": 3, "won": 1, "best_streak": 2}}},
    {"games": {"freecell": {"played": 1, "won": 1, "best_streak": 1, "best_time": "fast"}}},
    {"games": {"freecell": {"played": 1, "won": 1, "best_streak": 1, "best_time": float("nan")}}},
    {"games": {"freecell": {"played": 1, "best_time": 10.0}}},
    {"games": {"freecell": {"recent": {"won": True}}}},
    {"games": {"freecell": {"recent": [{"won": "yes"}]}}},
    {"games": {"freecell": {"recent": [{"date": "yesterday"}]}}},
    {"daily": []},
    {"daily": {"days": {"2026-02-30": True}}},
    {"daily": {"days": {"2026-11-29": 1}}},
])
def test_garbage_is_rejected_with_one_line(garbage):
    with pytest.raises(ValueError) as info:
        Statistics.from_dict(garbage)
    assert "\n" not in str(info.value) and str(info.value)


def test_recording_nonsense_is_refused():
    s = Statistics()
    with pytest.raises(ValueError):
        s.record_win("freecell", -1.0, 10)
    with pytest.raises(ValueError):
        s.record_win("freecell", 10.0, -3)
    with pytest.raises(ValueError):
        s.record_win("freecell", 10.0, 3, daily="2026-11-31")
    with pytest.raises(ValueError):
        s.record_loss("freecell", date="today")
    assert s == Statistics()
