from __future__ import annotations

import pytest

from game.cards import CARDS, RANK, RED, SUIT, Card, CardParseError, Suit, parse_rank


def test_every_card_round_trips_through_its_token():
    tokens = {str(c) for c in CARDS}
    assert len(tokens) == 52
    for c in CARDS:
        assert Card.parse(str(c)) is c
        assert Card.parse(str(c).lower()) is c
        assert Card.make(c.rank, c.suit) is c


def test_microsoft_numbering_and_colours():
    assert int(Card.parse("AC")) == 0 and int(Card.parse("AD")) == 1
    assert int(Card.parse("AH")) == 2 and int(Card.parse("AS")) == 3
    assert int(Card.parse("KS")) == 51
    assert [Card.parse(t).is_red for t in ("AC", "AD", "AH", "AS")] == [False, True, True, False]
    assert all(RANK[c] == c.rank and SUIT[c] == c.suit and RED[c] == c.is_red for c in CARDS)
    assert Suit.HEARTS.is_red and not Suit.CLUBS.is_red


def test_ten_can_be_written_as_10():
    assert Card.parse("10D") is Card.parse("TD")
    assert parse_rank("10") == 10 and parse_rank("0") == 0


@pytest.mark.parametrize("bad", ["", "A", "1C", "11H", "0S", "KX", "ZZ", "AS!"])
def test_bad_tokens_are_refused_with_a_readable_message(bad):
    with pytest.raises(CardParseError) as info:
        Card.parse(bad)
    assert "not a card" in str(info.value)
    assert "\n" not in str(info.value)
