"""Spider hints (SPEC §2.3, issue 5): ordering, exclusions, deal/undo, and blindness to hidden cards."""

from __future__ import annotations

import random

from spider_helpers import build

from game.spider import Move, Position, deal
from game.spider.hints import Gain, Hint, HintCycle, HintKind, candidates, hints, next_hint


def listed(pos: Position) -> dict[str, Gain]:
    return {str(m): g for m, g in candidates(pos.visible())}


def test_candidates_come_in_the_spec_order():
    pos = build({
        1: "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
        2: "5C AH",        # AH onto 2H completes the heart set
        3: "(9D) 7S",      # 7S onto 8D turns a face-down card
        4: "8D",
        5: "6C",           # 6C onto 7D empties a column
        6: "QC 7D",        # 7D onto 8D joins its suit (off a QC)
        7: "2D 9C",        # 9C onto TS uncovers the 2D
        8: "TS",
        9: "",             # an empty column: the last kind of hint
        10: "KS",          # the junk (face down) lies under it
    })
    got = listed(pos)
    assert got["move 2 1 1"] is Gain.COMPLETES_SET
    assert got["move 3 4 1"] is Gain.TURNS_CARD
    assert got["move 5 6 1"] is Gain.EMPTIES_COLUMN
    assert got["move 6 4 1"] is Gain.JOINS_SUIT
    assert got["move 7 8 1"] is Gain.UNCOVERS_CARD
    assert got["move 10 9 1"] is Gain.TO_EMPTY  # turns a card, but spends the empty column
    order = [g for _m, g in candidates(pos.visible())]
    assert order == sorted(order) and order[0] is Gain.COMPLETES_SET and order[-1] is Gain.TO_EMPTY
    assert str(hints(pos)[0]) == "Move A♥ from column 2 to column 1 (onto 2♥) — completes a set"


def test_a_same_suit_target_comes_before_another_suit():
    # Both turn a face-down card; column 1 has fewer face-down cards, yet the
    # same-suit move from column 2 comes first.
    pos = build({1: "(KC) 5S", 2: "(KD) (QD) 5H", 3: "6H", 4: "(9S) 7C", 5: "8S", 6: "8H", 10: "KS"})
    order = [str(m) for m, _ in candidates(pos.visible())]
    assert order.index("move 2 3 1") < order.index("move 1 3 1")
    # The same rule inside another kind: 7C onto 8S/8H, neither the same suit,
    # so column order decides.
    assert order.index("move 4 5 1") < order.index("move 4 6 1")


def test_a_rank_connected_card_is_not_moved_onto_another_suit():
    pos = build({1: "8C 7H", 2: "8S", 3: "8H", 10: "KS"})
    got = listed(pos)
    assert "move 1 2 1" not in got  # from an 8 to an 8 of another suit: nothing gained
    assert got["move 1 3 1"] is Gain.JOINS_SUIT  # onto its own suit is a gain


def test_a_run_is_not_shuffled_between_equal_targets():
    pos = build({1: "9D 8D 7D", 2: "8D", 3: "8C", 10: "KS"})
    got = listed(pos)
    assert "move 1 2 1" not in got  # off 8D onto the other 8D
    assert "move 1 3 1" not in got  # off its own suit onto another
    assert not any(k.startswith("move 1 ") for k in got)


def test_splitting_a_run_to_complete_a_set_is_offered():
    pos = build({1: "KS QS JS TS 9S 8S", 2: "3S 8S 7S 6S 5S 4S 3S 2S AS", 3: "9S 8S", 10: "KS"}, suits=1)
    got = listed(pos)
    assert got["move 2 1 7"] is Gain.COMPLETES_SET  # 7S..AS split off its 8S onto K..8S
    assert "move 2 3 7" not in got  # the same run onto an equal target: nothing gained


def test_moves_into_an_empty_column_that_gain_nothing_are_left_out():
    pos = build({1: "6C 5C", 2: "", 3: "9D 8S", 4: "JH 4D", 10: "KS"})
    got = listed(pos)
    assert "move 1 2 2" not in got  # a whole column into an empty one
    assert "move 1 2 1" not in got  # part of a same-suit run
    assert "move 3 2 1" not in got  # off a rank-connected parent
    assert got["move 4 2 1"] is Gain.TO_EMPTY  # frees the JH
    assert got["move 10 2 1"] is Gain.TO_EMPTY  # turns a face-down card
    # Several empty columns are one hint, not one per column.
    two = build({1: "6C 5C", 2: "", 3: "", 4: "JH 4D", 10: "KS"})
    assert [k for k in listed(two) if k in ("move 4 2 1", "move 4 3 1")] == ["move 4 2 1"]


def test_no_useful_move_says_deal_or_undo():
    tops = {1: "KS", 2: "JS", 3: "9S", 4: "7S", 5: "5S", 6: "3S", 7: "KH", 8: "JH", 9: "9H", 10: "7H"}
    with_stock = build(tops, stock=1)
    assert [h.kind for h in hints(with_stock)] == [HintKind.DEAL]
    assert hints(with_stock)[0].text == "Deal a new row from the stock: no useful move is left"
    without = build(tops)
    assert [h.kind for h in hints(without)] == [HintKind.UNDO]
    assert hints(without)[0].text == "No useful move is left and the stock can't be dealt: undo a move"
    # An empty column forbids the deal; every move left is a whole column into it.
    blocked = build({1: "KC QC", 2: "KC QC", 3: "9C 8C", 4: "9C 8C", 5: "6C 5C", 6: "6C 5C", 7: "3C 2C",
                     8: "3C 2C", 9: "", 10: ""}, stock=1, removed="SSHHDD")
    assert not blocked.can_deal() and blocked.legal_moves()
    assert [h.kind for h in hints(blocked)] == [HintKind.UNDO]


def test_asking_again_gives_the_next_candidate_and_a_move_starts_over():
    pos = deal(1, suits=2)
    all_hints = hints(pos)
    assert len(all_hints) >= 2 and all(h.total == len(all_hints) for h in all_hints)
    cycle = HintCycle()
    shown = [cycle.next(pos) for _ in range(len(all_hints) + 1)]
    assert shown[:-1] == all_hints and shown[-1] == all_hints[0]  # wraps round
    assert [next_hint(pos, i) for i in range(len(all_hints))] == all_hints
    before = (str(pos), pos.score, pos.move_count)
    pos.push(all_hints[0].move)
    assert cycle.next(pos) == hints(pos)[0]  # the table changed: first candidate again
    pos.pop()
    score = pos.score
    assert cycle.next(pos) == all_hints[0]
    assert pos.score == score and str(pos) == before[0]  # hints cost nothing


def test_hint_fields_for_the_ui():
    h = hints(deal(1, suits=1))[0]
    assert h.kind is HintKind.MOVE and isinstance(h.move, Move)
    assert (h.source, h.dest, h.count) == (h.move.source, h.move.dest, h.move.count)
    d = Hint(HintKind.DEAL)
    assert d.source is None and d.count == 0


def _rehide(pos: Position, rng: random.Random) -> Position:
    """The same visible table with the face-down cards and the stock shuffled."""
    cols = [list(c) for c in pos.columns]
    down = list(pos.face_down)
    hidden = [c for col, n in zip(cols, down) for c in col[:n]] + list(pos.stock)
    rng.shuffle(hidden)
    it = iter(hidden)
    new_cols = [[next(it) for _ in range(n)] + col[n:] for col, n in zip(cols, down)]
    stock = list(it)
    return Position(new_cols, down, stock, [int(s) for s in pos.removed_suits])


def test_hints_never_read_hidden_cards_or_the_stock():
    rng = random.Random(5)
    compared = 0
    for suits in (1, 2, 4):
        for number in range(1, 9):
            pos = deal(number, suits)
            for _ in range(rng.randrange(0, 30)):
                moves = pos.legal_moves()
                if not moves:
                    break
                pos.push(rng.choice(moves))
            other = _rehide(pos, rng)
            if other.columns == pos.columns and other.stock == pos.stock:
                continue
            assert other.visible() == pos.visible()
            assert hints(other) == hints(pos)
            compared += 1
    assert compared >= 20


class _OnlyWhatThePlayerSees:
    """Has visible() and nothing else: hints that peeked would fail."""

    def __init__(self, pos: Position) -> None:
        self._view = pos.visible()

    def visible(self):
        return self._view


def test_hints_need_nothing_but_the_visible_table():
    pos = deal(7, suits=4)
    blind = _OnlyWhatThePlayerSees(pos)
    assert hints(blind) == hints(pos)
    assert HintCycle().next(blind) == hints(pos)[0]


def texts_of(pos: Position) -> dict[str, str]:
    return {str(h.move): h.text for h in hints(pos)}


def test_the_words_name_the_most_important_effect_first():
    # Column 4 is the one empty column and a deal is left: filling it frees the deal.
    table = {1: "(5D) 9S", 2: "TS", 3: "KC", 4: "", 5: "JH 4D", 6: "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
             7: "(9C) AS", 8: "KH", 9: "KD", 10: "KC"}
    got = texts_of(build(table, stock=1))
    # Into the empty column, turning a card: both, the card first (not "moves to an empty column").
    assert got["move 1 4 1"] == ("Move 9♠ from column 1 to empty column 4 — turns a face-down card and fills the "
                                 "last empty column, so you can deal")
    # Off a card it does not fit (it also uncovers the J♥): the freed deal matters more.
    assert got["move 5 4 1"] == "Move 4♦ from column 5 to empty column 4 — fills the last empty column, so you can deal"
    # A set completed by a card that turns one: the turned card is named first, the set too.
    assert got["move 7 6 1"] == ("Move A♠ from column 7 to column 6 (onto 2♠) — turns a face-down card and "
                                 "completes a set")
    # A lesser second reason is left out: 9♠ onto 10♠ turns a card (and joins its suit).
    assert got["move 1 2 1"] == "Move 9♠ from column 1 to column 2 (onto 10♠) — turns a face-down card"
    # Another empty column left, or no stock: the deal is not the reason.
    two = texts_of(build({**table, 8: ""}, stock=1))
    assert two["move 1 4 1"] == "Move 9♠ from column 1 to empty column 4 — turns a face-down card"
    assert two["move 5 4 1"] == "Move 4♦ from column 5 to empty column 4 — uncovers a buried card"
    spent = texts_of(build(table))
    assert spent["move 1 4 1"] == "Move 9♠ from column 1 to empty column 4 — turns a face-down card"
    assert not [t for t in [*got.values(), *two.values(), *spent.values()] if "moves to an empty column" in t]


def test_a_one_suit_game_says_a_longer_run_not_the_same_suit():
    table = {1: "KS 7S", 2: "8S", 3: "QS", 10: "KS"}
    one = texts_of(build(table, suits=1))
    assert one["move 1 2 1"] == "Move 7♠ from column 1 to column 2 (onto 8♠) — builds a longer run"
    assert not [t for t in one.values() if "suit" in t]
    # With more suits in the game the suit is worth naming.
    four = texts_of(build(table, suits=4))
    assert four["move 1 2 1"] == "Move 7♠ from column 1 to column 2 (onto 8♠) — joins the same suit"
