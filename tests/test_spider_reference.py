"""A stand-alone, deliberately plain Spider reference, and its self-tests.

It knows nothing of ``game.spider``: it reads and writes the text form
itself, tries every (source, destination, count) triple against the rules
as SPEC §2.1 words them, and plays a move on a copy of plain lists. The
engine is checked against it move for move (test_spider_property.py) and
through perft counts (test_spider_perft.py), so a shortcut in the engine's
fast paths (cached run lengths, rank buckets, interned moves) cannot hide.

Other test files load this one from its path under the name
``spider_reference`` (pytest runs with ``--import-mode=importlib``, so
``tests/`` is not on ``sys.path``).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

RANKS = "A23456789TJQK"
SUITS = "SHDC"


@dataclass
class State:
    """Columns of [token, face_up] pairs (buried first), the stock in dealing order."""

    stock: list[str] = field(default_factory=list)
    columns: list[list[list]] = field(default_factory=lambda: [[] for _ in range(10)])
    removed: int = 0


def rank(token: str) -> int:
    return RANKS.index(token[0]) + 1


def parse(text: str) -> State:
    lines = text.strip().split("\n")
    assert len(lines) == 12, lines
    assert lines[0].startswith("stock:")
    state = State(stock=lines[0][len("stock:"):].split())
    for i in range(10):
        head, rest = lines[i + 1].split(":", 1)
        assert int(head) == i + 1
        for word in rest.split():
            if word.startswith("("):
                state.columns[i].append([word[1:-1], False])
            else:
                state.columns[i].append([word, True])
    assert lines[11].startswith("removed:")
    state.removed = int(lines[11].split(":")[1])
    return state


def text(state: State) -> str:
    out = ["stock:" + "".join(" " + t for t in state.stock)]
    for i, col in enumerate(state.columns):
        words = [t if up else f"({t})" for t, up in col]
        out.append(f"{i + 1}:" + "".join(" " + w for w in words))
    out.append(f"removed: {state.removed}")
    return "\n".join(out)


def is_run(cards: list[list]) -> bool:
    """Face up, one suit, each card one rank below the card before it."""
    for i, (t, up) in enumerate(cards):
        if not up:
            return False
        if i and (t[1] != cards[i - 1][0][1] or rank(t) != rank(cards[i - 1][0]) - 1):
            return False
    return True


def can_deal(state: State) -> bool:
    if not state.stock:
        return False
    on_table = sum(len(c) for c in state.columns)
    return all(state.columns) or on_table < 10


def moves(state: State) -> list[str]:
    out = []
    for s in range(10):
        src = state.columns[s]
        for d in range(10):
            if d == s:
                continue
            dst = state.columns[d]
            for k in range(1, len(src) + 1):
                moving = src[-k:]
                if not is_run(moving):
                    break
                if not dst or rank(dst[-1][0]) == rank(moving[0][0]) + 1:
                    out.append(f"move {s + 1} {d + 1} {k}")
    if can_deal(state):
        out.append("deal")
    return out


def _tidy(state: State, i: int) -> None:
    """Remove a complete K..A run at the end of column i, then turn up its last card."""
    col = state.columns[i]
    if len(col) >= 13 and col[-13][0][0] == "K" and is_run(col[-13:]):
        del col[-13:]
        state.removed += 1
    if col and not col[-1][1]:
        col[-1][1] = True


def apply(state: State, move: str) -> State:
    """The state after ``move`` (which must be legal), on a deep copy."""
    new = copy.deepcopy(state)
    if move == "deal":
        for i in range(10):
            new.columns[i].append([new.stock.pop(0), True])
        for i in range(10):
            _tidy(new, i)
        return new
    _, source, dest, count = move.split()
    s, d, k = int(source) - 1, int(dest) - 1, int(count)
    moving = new.columns[s][-k:]
    del new.columns[s][-k:]
    new.columns[d].extend(moving)
    _tidy(new, s)
    _tidy(new, d)
    return new


def perft(state: State, depth: int) -> int:
    if depth == 0:
        return 1
    ms = moves(state)
    if depth == 1:
        return len(ms)
    return sum(perft(apply(state, m), depth - 1) for m in ms)


# --- self-tests: the reference must be right before it judges the engine -----

_SMALL = """\
stock: 2S 3S 4S 5S 6S 7S 8S 9S TS JS
1: (KH) 9S 8H 7H
2: TD
3:
4: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S
5: (QH) 8C
6: 9H
7: AS
8: 6D
9: 5D
10: QC
removed: 6"""


def test_parse_and_text_round_trip() -> None:
    assert text(parse(_SMALL)) == _SMALL


def test_runs() -> None:
    col = parse(_SMALL).columns[0]
    assert is_run(col[-2:]) and not is_run(col[-3:]) and not is_run(col)


def test_moves_of_a_small_position() -> None:
    ms = set(moves(parse(_SMALL)))
    # 8H 7H onto 9S or 9H; 7H alone onto 8C or 8S...; anything into column 3.
    assert "move 1 6 2" in ms and "move 1 2 3" not in ms and "move 1 5 1" in ms
    assert "move 7 4 1" in ms  # AS onto 2S
    assert "move 4 3 11" in ms and "move 4 3 12" in ms  # a whole run into an empty column
    assert "move 5 1 1" not in ms  # 8C on 7H: wrong way round
    assert "deal" not in ms  # column 3 is empty and far more than 10 cards are out


def test_apply_removes_a_set_and_turns_up() -> None:
    state = apply(parse(_SMALL), "move 7 4 1")
    assert state.removed == 7 and state.columns[3] == []
    state = apply(parse(_SMALL), "move 1 3 2")
    assert state.columns[0] == [["KH", False], ["9S", True]]
    state = apply(parse(_SMALL), "move 5 3 1")
    assert state.columns[4] == [["QH", True]] and state.columns[2] == [["8C", True]]
