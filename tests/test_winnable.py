"""Winnable deals only: the shipped Spider list, the dealer, and the table's behaviour."""

from __future__ import annotations

import time

import pytest

from game.freecell import KNOWN_UNSOLVABLE
from game.freecell.difficulty import load_table
from game.input import Act, Action
from game.play import dealer
from game.play.menu import Menu, Request, Settings
from game.spider import deal
from game.spider.solver import solve
from game.spider.winnable import SUIT_COUNTS, format_rows, load, parse_rows
from game.store import Store
from game.verdict import Verdict


def test_the_shipped_list_holds_a_thousand_proven_games_per_suit_count():
    rows = load()
    for suits in SUIT_COUNTS:
        games = rows.games(suits)
        assert len(games) >= 1000, suits
        # The builder's frontier covers what it listed (it resumes after it).
        assert rows.tried[suits] >= games[999]


# One and two suits' rows on every run; four suits' (the longest to replay) in CI.
@pytest.mark.parametrize("suits", [s if s < 4 else pytest.param(s, marks=pytest.mark.slow) for s in SUIT_COUNTS])
def test_listed_games_are_won_again_by_the_solver_in_the_listed_number_of_moves(suits):
    games = load().games(suits)
    # The first, a middle and the last row: the solver is deterministic, so
    # each proof is found again, replayed by the rules engine inside solve().
    for game in (games[0], games[len(games) // 2], games[-1]):
        r = solve(deal(game, suits))
        assert r.verdict is Verdict.SOLVED
        assert r.length == load().moves(suits, game)


@pytest.mark.slow
@pytest.mark.parametrize("suits", SUIT_COUNTS)
def test_a_wider_sample_of_the_list_is_proven(suits):
    games = load().games(suits)
    for game in games[:: max(1, len(games) // 12)]:
        assert solve(deal(game, suits)).verdict is Verdict.SOLVED, (game, suits)


@pytest.mark.parametrize("text", [
    "12\t3\t90",  # three suits do not exist
    "0\t1\t90", "1000000\t1\t90",  # out of the game range
    "١٢\t1\t90", " 12\t1\t90", "12\t1\t-4", "12\t1\t1e3", "12\t1\t99999999",  # not plain digits / too long
    "12\t1", "12\t1\t90\textra", "", "\x00\t\t",
])
def test_a_damaged_row_is_skipped(text):
    rows = parse_rows("7\t1\t100\n" + text + "\n# tried 1:x 9:4 2:-1\n")
    assert rows.games(1) == (7,) and rows.games(2) == () and rows.games(4) == ()
    assert rows.tried == {}


def test_the_file_format_round_trips():
    rows = parse_rows("# tried 1:40 4:12\n3\t1\t98\n9\t4\t180\n5\t1\t99\n")
    again = parse_rows(format_rows(rows))
    assert again.games(1) == (3, 5) and again.moves(4, 9) == 180 and again.tried == {1: 40, 4: 12}


def test_the_dealer_walks_the_list_in_the_players_own_order_then_says_it_is_used_up(monkeypatch):
    monkeypatch.setattr(dealer, "winnable_games", lambda suits: (4, 8, 15, 16, 23))
    st = Settings(winnable_spider_2=True)
    dealt = [dealer.next_spider(st, 2) for _ in range(5)]
    assert sorted(dealt) == [4, 8, 15, 16, 23]  # each once
    assert st.winnable_seed != 0 and st.winnable_dealt_2 == 5
    assert dealer.next_spider(st, 2) is None  # used up: the table searches
    # Another player (another seed) gets another order; the same seed the same one.
    assert dealer.order((4, 8, 15, 16, 23), st.winnable_seed) == dealt
    orders = {tuple(dealer.order((4, 8, 15, 16, 23), seed)) for seed in range(1, 40)}
    assert len(orders) > 10
    # Off at that suit count: any game, and no cursor moves.
    off = Settings()
    assert 1 <= dealer.next_spider(off, 2) <= 999_999 and off.winnable_dealt_2 == 0


def test_freecell_winnable_deals_come_from_proven_rows():
    table = load_table()
    st = Settings(winnable_freecell=True)
    for _ in range(50):
        n = dealer.next_freecell(st)
        assert n is not None and table[n].cells is not None and n not in KNOWN_UNSOLVABLE
        assert dealer.proven_winnable("freecell", n)
    hard = dealer.next_freecell(st, "Hard")
    assert table[hard].exact and table[hard].level == "Hard"
    assert not any(dealer.proven_winnable("freecell", n) for n in KNOWN_UNSOLVABLE if n in table)


def test_the_settings_screen_has_one_switch_per_game_and_suit_count():
    st = Settings()
    menu = Menu(st)
    menu.open()
    menu.choose("settings")
    panel = menu.panel()
    row = next(r for s in panel.sections for r in s.rows if r.label == "Winnable deals only")
    labels = [panel.buttons[i].label for i in row.buttons]
    assert labels == ["FreeCell", "Spider 1 suit", "2 suits", "4 suits"] and row.selected == ()
    req = menu.choose(panel.buttons[row.buttons[2]].action)
    assert st.winnable_spider_2 and req == Request("setting", setting="winnable_spider_2")
    row = next(r for s in menu.panel().sections for r in s.rows if r.label == "Winnable deals only")
    assert row.selected == (row.buttons[2],)


def test_settings_remember_the_switches_and_refuse_bad_values(tmp_path):
    store = Store(str(tmp_path))
    st = Settings(winnable_spider_4=True, winnable_seed=99, winnable_dealt_4=12)
    store.save("settings", st.to_dict())
    back = Settings.load(store)
    assert back.winnable_spider_4 and back.winnable_seed == 99 and back.winnable_dealt_4 == 12
    bad, problems = Settings.checked({"winnable_spider_1": 1, "winnable_dealt_1": -3, "winnable_seed": 2.5})
    assert not bad.winnable_spider_1 and bad.winnable_dealt_1 == 0 and bad.winnable_seed == 0 and problems


@pytest.fixture
def spider_play(play_for):
    """Spider game 5 (conftest's ``play_for``) with par's search on and these settings."""
    return lambda **settings: play_for("spider", 5, 1, find_par=True, **settings)


def test_a_new_spider_game_under_the_setting_is_a_listed_game_and_says_so(spider_play):
    play = spider_play(winnable_spider_1=True)
    play.act(Action(Act.NEW_DEAL))
    number = play.table.session.number
    assert number in load().games(1) and play.table.session.suits == 1
    assert "winnable deal" in play.status()
    # The cursor is remembered: the next game is another listed one.
    assert Settings.load(play.store).winnable_dealt_1 == 1
    play.act(Action(Act.NEW_DEAL))
    assert play.table.session.number in load().games(1) and play.table.session.number != number


def test_a_demo_on_a_winnable_game_leaves_its_room_to_the_demo_keys(spider_play):
    play = spider_play(winnable_spider_1=True)
    play.act(Action(Act.NEW_DEAL))
    assert "winnable deal" in play.status()
    play.round.play_demo([next(iter(play.table.position.legal_moves()))])
    status = play.status()
    assert play.round.demo is not None and "winnable deal" not in status and status.endswith("Esc stop")


def test_the_menus_new_spider_game_asks_first_then_deals_a_listed_game(spider_play):
    play = spider_play(winnable_spider_1=True, spider_started=True)
    play.act(Action(Act.DEAL))  # a game in progress
    play.carry_out(Request("spider", None, 1))
    assert play.panel().title == "Start a new game?"
    play.button("confirmed")
    assert play.table.session.number in load().games(1)


def test_a_used_up_list_falls_back_to_a_background_search(spider_play, monkeypatch):
    play = spider_play(winnable_spider_1=True)
    monkeypatch.setattr(dealer, "winnable_games", lambda suits: ())
    play.act(Action(Act.NEW_DEAL))
    assert play.jobs.waiting is not None and play.jobs.waiting[0] == "winnable"
    assert "finding a winnable deal" in play.status()
    old = play.table.session.number
    play.act(Action(Act.DEAL))  # the table stays live meanwhile
    deadline = time.monotonic() + 120
    while play.jobs.waiting is not None and time.monotonic() < deadline:
        play.update(1 / 60)
        time.sleep(0.02)
    number = play.table.session.number
    assert play.jobs.waiting is None and number != old and play.table.session.moves == 0
    assert (number, 1) in play.jobs.found_winnable and "winnable deal" in play.status()
    assert "proved it winnable" in play.message
    # The game found is one the solver wins from the start.
    assert solve(deal(number, 1)).verdict is Verdict.SOLVED


def test_esc_cancels_the_background_search(spider_play, monkeypatch):
    play = spider_play(winnable_spider_1=True)
    monkeypatch.setattr(dealer, "winnable_games", lambda suits: ())
    old = play.table.session.number
    play.act(Action(Act.NEW_DEAL))
    play.act(Action(Act.CANCEL))
    assert play.jobs.waiting is None and "cancelled" in play.message and play.table.session.number == old


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_the_first_spider_game_follows_the_suit_choice(play_for, suits):
    # It used to be 1-suit game #1 whatever was chosen, and the choice fell back to 1.
    play = play_for("freecell", 1)
    play.menu.open()
    if suits != 1:
        play.carry_out(play.menu.choose(f"spider-suits-{suits}"))
    play.carry_out(play.menu.choose("spider-new"))
    if play.panel() is not None and play.panel().title.startswith("Start"):
        play.button("confirmed")
    session = play.table.session
    assert (play.table.game, session.number, session.suits) == ("spider", 1, suits)
    assert play.settings.spider_suits == suits and play.settings.spider_started
    assert 1 in load().games(suits)  # a proven game at that suit count
    assert play.store.load("settings")["spider_suits"] == suits
