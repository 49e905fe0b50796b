"""Microsoft deal numbers against the known-good fixture layouts."""

from __future__ import annotations

import re

import pytest
from conftest import MS_DEALS

from game.freecell import KNOWN_UNSOLVABLE, deal, deal_cards, is_known_unsolvable


def fixture_deals() -> dict[int, str]:
    text = MS_DEALS.read_text()
    parts = re.split(r"^# deal (\d+)\n", text, flags=re.M)
    return {int(parts[i]): parts[i + 1] for i in range(1, len(parts), 2)}


FIXTURES = fixture_deals()


def test_fixture_file_is_the_shared_one_and_has_the_edge_deals():
    assert {1, 617, 11982, 32000, 1_000_000} <= set(FIXTURES)
    assert len(FIXTURES) >= 15


@pytest.mark.parametrize("number", sorted(FIXTURES))
def test_every_fixture_layout_matches(number):
    assert deal(number).board() == FIXTURES[number]


def test_deal_is_a_permutation_dealt_row_by_row():
    cards = deal_cards(1000)
    assert sorted(cards) == list(range(52))
    pos = deal(1000)
    assert [len(c) for c in pos.columns] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert [pos.columns[i % 8][i // 8] for i in range(52)] == cards


@pytest.mark.parametrize("number", [0, -1, 1_000_001])
def test_out_of_range_numbers_are_refused(number):
    with pytest.raises(ValueError, match=re.escape("outside 1..1,000,000")):
        deal(number)


def test_the_eight_known_unsolvable_deals_are_data():
    assert {11982, 146692, 186216, 455889, 495505, 512118, 517776, 781948} == KNOWN_UNSOLVABLE
    assert is_known_unsolvable(11982) and not is_known_unsolvable(617)


def test_daily_deal_never_picks_an_unsolvable_deal():
    import datetime

    from game.freecell.daily import DAILY_POOL, daily_deal, today_in_japan

    assert 11982 not in DAILY_POOL and len(DAILY_POOL) == 31999
    start = datetime.date(2026, 1, 1)
    days = [daily_deal(start + datetime.timedelta(d)) for d in range(3000)]
    assert len(set(days)) == 3000 and all(1 <= n <= 32000 and n != 11982 for n in days)
    # Japan's date: 20:00 UTC is already the next day there.
    late = datetime.datetime(2026, 11, 29, 20, 0, tzinfo=datetime.UTC)
    assert today_in_japan(late) == datetime.date(2026, 11, 30)
