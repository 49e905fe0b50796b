"""The deals a new game may get, checked exhaustively rather than by a draw.

A level ("Easy", "Normal", "Hard") deals only ``exact`` rows of that level of
assets/freecell-min-cells.tsv; "Winnable deals only" deals only rows with a
proven line; a plain random deal is never one of the known-unsolvable deals;
Spider's "Winnable deals only" walks the whole proven list, each game once.

The random source is replaced by one that hands back *every* choice at once
(``randbelow`` returns ``slice(None)``, so ``pool[randbelow(len(pool))]``
is the whole pool): the test sees the complete pool a level deals from, so a
single unproven row in it fails at once instead of 2% of the time.
"""

from __future__ import annotations

import secrets

import pytest

from game.freecell.deals import KNOWN_UNSOLVABLE, MAX_DEAL, random_deal
from game.freecell.difficulty import LEVELS, difficulty
from game.play import dealer
from game.play.menu import Settings
from game.resources import asset_path
from game.spider.winnable import SUIT_COUNTS, load

#: The file's rows, read here on their own: deal -> (cells or None, exact).
ROWS: dict[int, tuple[int | None, bool]] = {}
for _line in asset_path("freecell-min-cells.tsv").read_text().splitlines():
    _deal, _cells, _kind = _line.split("\t")
    ROWS[int(_deal)] = (None if _cells == "-" else int(_cells), _kind == "exact")

#: SPEC §1.4: the fewest free cells that win, by level.
SPEC_LEVELS = {"Easy": {0, 1}, "Normal": {2}, "Hard": {3, 4}}


def whole_pool(monkeypatch, deal_one):
    """Everything ``deal_one()`` could return: the random index is every index."""
    monkeypatch.setattr(secrets, "randbelow", lambda n: slice(None))
    pool = deal_one()
    monkeypatch.undo()
    assert isinstance(pool, list), "the dealer no longer picks pool[randbelow(len(pool))]"
    return pool


def test_the_spec_levels_are_the_tables_levels():
    assert {cells: level for level, cells_of in SPEC_LEVELS.items() for cells in cells_of} == LEVELS


@pytest.mark.parametrize("level", sorted(SPEC_LEVELS))
def test_a_level_deals_every_exact_row_of_that_level_and_nothing_else(monkeypatch, level):
    pool = whole_pool(monkeypatch, lambda: dealer.next_freecell(Settings(), level))
    expected = sorted(n for n, (cells, exact) in ROWS.items() if exact and cells in SPEC_LEVELS[level])
    assert sorted(pool) == expected and len(pool) == len(set(pool))
    assert len(expected) > 50  # every level has deals to give
    for n in pool:
        rating = difficulty(n)
        assert rating.exact and rating.level == level and rating.label == level
        assert dealer.proven_winnable("freecell", n)


def test_a_level_deals_with_winnable_only_on_too(monkeypatch):
    # The level decides, whatever the switch: still exact rows only.
    on = whole_pool(monkeypatch, lambda: dealer.next_freecell(Settings(winnable_freecell=True), "Hard"))
    off = whole_pool(monkeypatch, lambda: dealer.next_freecell(Settings(), "Hard"))
    assert sorted(on) == sorted(off)


def test_winnable_only_deals_every_row_with_a_proven_line(monkeypatch):
    pool = whole_pool(monkeypatch, lambda: dealer.next_freecell(Settings(winnable_freecell=True)))
    assert sorted(pool) == sorted(n for n, (cells, _) in ROWS.items() if cells is not None)
    assert not set(pool) & KNOWN_UNSOLVABLE


def test_proven_winnable_is_exactly_the_rows_with_a_line():
    for n in range(1, 32001):
        assert dealer.proven_winnable("freecell", n) == (ROWS[n][0] is not None), n
    assert not any(dealer.proven_winnable("freecell", n) for n in KNOWN_UNSOLVABLE)
    assert not dealer.proven_winnable("freecell", 32001)  # no row: nothing proven


def test_a_random_deal_skips_every_known_unsolvable_deal(monkeypatch):
    asked = []
    for bad in sorted(KNOWN_UNSOLVABLE):
        # The source first lands on the unsolvable deal (twice), then on deal 5.
        draws = iter([bad - 1, bad - 1, 4])

        def draw(n, draws=draws):
            asked.append(n)
            return next(draws)

        monkeypatch.setattr(secrets, "randbelow", draw)
        assert random_deal() == 5
    assert set(asked) == {MAX_DEAL}  # the whole range 1..1,000,000 is drawn from
    monkeypatch.undo()
    # Off, no level: a random deal of any number (the switch off never narrows it).
    monkeypatch.setattr(secrets, "randbelow", lambda n: n - 1)
    assert dealer.next_freecell(Settings()) == MAX_DEAL


@pytest.mark.parametrize("suits", SUIT_COUNTS)
def test_spider_winnable_only_walks_the_whole_proven_list_once(suits):
    listed = load().games(suits)
    assert len(listed) >= 1000
    seed = 12345
    walk = dealer.order(listed, seed)
    assert sorted(walk) == list(listed)  # a permutation: every game once
    st = Settings(**{f"winnable_spider_{suits}": True}, winnable_seed=seed)
    for k in (0, 1, len(listed) // 2, len(listed) - 1):
        setattr(st, f"winnable_dealt_{suits}", k)
        game = dealer.next_spider(st, suits)
        assert game == walk[k] and getattr(st, f"winnable_dealt_{suits}") == k + 1
        assert dealer.proven_winnable("spider", game, suits)
    assert dealer.next_spider(st, suits) is None  # used up: the table searches instead
    for game in listed:
        assert load().moves(suits, game) > 0
