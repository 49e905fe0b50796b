"""Game numbers: the project's shuffle is pinned, suit-independent in its ranks, and checked."""

from __future__ import annotations

import hashlib
import re
from collections import Counter

import pytest

from game.cards import RANK, SUIT
from game.spider import SUIT_PLAN, SplitMix64, deal, deal_cards, random_game_number, shuffle_slots
from game.spider.deals import FIRST_GAME, LAST_GAME


def test_splitmix64_matches_the_published_reference_outputs() -> None:
    # The first outputs of Vigna's splitmix64.c for seeds 0 and 1.
    g = SplitMix64(0)
    assert [g.next() for _ in range(4)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
        0xF88BB8A8724C81EC,
    ]
    g = SplitMix64(1)
    assert [g.next() for _ in range(2)] == [0x910A2DEC89025CC1, 0xBEEB8DA1658EEC67]


def test_bounded_draws_reject_the_biased_top() -> None:
    limit = (1 << 64) - ((1 << 64) % 3)
    outputs = iter([(1 << 64) - 1, limit, limit - 1])  # two rejected, then accepted

    class Scripted(SplitMix64):
        def next(self) -> int:
            return next(outputs)

    assert Scripted(0).below(3) == (limit - 1) % 3
    g = SplitMix64(42)
    draws = Counter(g.below(104) for _ in range(20_000))
    assert set(draws) == set(range(104))
    with pytest.raises(ValueError):
        g.below(0)


def test_pinned_layouts() -> None:
    # These lines fix the shuffle for ever: a change here breaks every game number.
    assert shuffle_slots(1)[:10] == [31, 84, 10, 7, 51, 19, 96, 59, 5, 60]
    firsts = {s: str(deal(1, s)).splitlines()[0][:60] for s in (1, 2, 4)}
    assert firsts == {
        1: "stock: 8S 2S JS 2S 9S 2S 5S 9S 5S 7S 3S 6S 2S AS TS 4S 9S QS",
        2: "stock: 8S 2S JS 2H 9S 2S 5S 9H 5S 7S 3S 6H 2H AS TS 4H 9S QS",
        4: "stock: 8D 2D JD 2C 9D 2S 5S 9C 5D 7S 3S 6C 2C AD TD 4C 9D QD",
    }
    assert str(deal(999_999, 4)).splitlines()[1] == "1: (9C) (QH) (3H) (QD) (6S) 4H"
    assert str(deal(500_000, 4)).splitlines()[1] == "1: (6H) (7S) (TH) (9C) (2D) 9D"
    digest = hashlib.sha256()
    for number in range(1, 51):
        for suits in (1, 2, 4):
            digest.update(str(deal(number, suits)).encode() + b"\n")
    assert digest.hexdigest() == "2877022b81a31b628be1538678b8465eb2eb2cdc98df0d2f530d7ac36aa33242"


def test_game_1_four_suits_in_full() -> None:
    assert str(deal(1, 4)) == """\
stock: 8D 2D JD 2C 9D 2S 5S 9C 5D 7S 3S 6C 2C AD TD 4C 9D QD 4S 4H QC QD 2D 9H 4D QS KC TS 7D 6H \
5H 5D AH TC 2H KD QH 3D 8C QS 3H 8H TH KH JH TS JH AS 4D 7C
1: (6D) (5S) (JS) (8H) (6D) 2S
2: (7D) (TD) (9C) (9H) (KD) 8D
3: (JS) (KH) (JC) (QH) (3D) 7S
4: (8S) (JD) (KS) (3H) (KS) 4C
5: (KC) (AD) (5C) (6S) JC
6: (7H) (QC) (3C) (7H) TH
7: (6C) (TC) (7C) (AC) 5C
8: (8S) (4H) (AS) (AH) 5H
9: (6S) (3S) (8C) (AC) 2H
10: (9S) (4S) (9S) (6H) 3C
removed: 0"""


def _numbers() -> list[int]:
    return list(range(1, 301)) + [1000, 4096, 65535, 123_456, 654_321, 999_998, 999_999]


def test_same_ranks_in_the_same_places_at_every_suit_count() -> None:
    for number in _numbers():
        ranks = {s: [RANK[c] for c in deal_cards(number, s)] for s in (1, 2, 4)}
        assert ranks[1] == ranks[2] == ranks[4], number
        # And positions agree card for card on everything but the suit letter.
        texts = {s: str(deal(number, s)) for s in (1, 2, 4)}
        strip = {s: "".join(ch for ch in t if ch not in "SHDC") for s, t in texts.items()}
        assert strip[1] == strip[2] == strip[4], number


def test_every_deal_is_the_deck_of_its_suit_count() -> None:
    for number in _numbers()[:50]:
        for suits, plan in SUIT_PLAN.items():
            counts = Counter(deal_cards(number, suits))
            assert sum(counts.values()) == 104
            for card, n in counts.items():
                assert n == plan.count(SUIT[card])


def test_different_numbers_differ() -> None:
    seen = {tuple(shuffle_slots(n)) for n in range(1, 2001)}
    assert len(seen) == 2000


def test_the_shuffle_is_not_visibly_biased() -> None:
    # Where does slot 0 (an ace of copy 0) land? Over 3000 games each of 104
    # places should see it ~29 times; a biased draw would pile it up somewhere.
    places = Counter(shuffle_slots(n).index(0) for n in range(1, 3001))
    assert max(places.values()) < 60 and len(places) > 95


@pytest.mark.parametrize("bad", [0, -1, 1_000_000, 10**12])
def test_numbers_outside_the_range_are_refused(bad: int) -> None:
    with pytest.raises(ValueError, match=re.escape("1..999999")):
        deal(bad, 1)


@pytest.mark.parametrize("bad", [0, 3, 5, 8])
def test_suit_counts_other_than_1_2_4_are_refused(bad: int) -> None:
    with pytest.raises(ValueError, match="1, 2 or 4"):
        deal(1, bad)


def test_game_numbers_must_be_ints() -> None:
    with pytest.raises(TypeError):
        deal("1", 1)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        deal(True, 1)  # type: ignore[arg-type]


def test_random_game_numbers_are_in_range() -> None:
    assert all(FIRST_GAME <= random_game_number() <= LAST_GAME for _ in range(200))
