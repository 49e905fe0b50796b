"""The FreeCell solver's improve phase: beams for short lines and the line
shortener. Lengths are fc-solve's counting (every card movement)."""

from __future__ import annotations

import functools

import pytest

from game.freecell import HOME, Move, Position, deal
from game.freecell.beam import ShortBeam
from game.freecell.shorten import _edits, _play, nonhome, play, shorten
from game.freecell.solver import Verdict, _Search, replay_line, solve
from game.freecell.states import child_states, evaluate_state, initial_state

_CELL = 53


def plain_replay(start: Position, moves) -> bool:
    """Play a line with no automatic moves, as fc-solve's checker would."""
    pos = Position(start.columns, start.cells, start.foundations, free_cells=len(start.cells))
    for m in moves:
        pos.push(m, auto=False)
    return pos.is_won()


def first_line(number: int) -> tuple[tuple, list[int]]:
    root, _ = initial_state(deal(number))
    line = _Search(4, 1_000_000, None, None, None).greedy(root)
    assert line is not None
    return root, line


@functools.cache
def improved(number: int):
    """Deal ``number`` solved with the improve phase on, once per test process (the tests only read it).

    A state budget, not a clock: the same work on any machine.
    """
    return solve(deal(number), improve=True, budget=40_000)


# Deals 1 and 617 on every run; 2 and 5 in CI.
@pytest.mark.parametrize("number", [1, pytest.param(2, marks=pytest.mark.slow), pytest.param(5, marks=pytest.mark.slow),
                                    617])
def test_the_improved_line_is_never_longer_than_the_first_and_replays(number):
    result = improved(number)
    assert result.verdict is Verdict.SOLVED and result.replayed
    assert result.first_solution_length == solve(deal(number)).card_moves
    assert result.card_moves <= result.first_solution_length
    assert plain_replay(deal(number), result.moves)
    assert sum(1 for m in result.moves if m.dest == HOME) == 52


def test_the_improve_phase_shortens_typical_deals():
    # Deals 1..3: the first (greedy) lines carry waste the beams remove.
    for number in (1, 2, 3):
        result = improved(number)
        assert result.improvements > 0 and result.card_moves < result.first_solution_length, number


@pytest.mark.parametrize("level", ["off", "all"])
def test_improved_lines_play_under_the_other_auto_levels(level):
    result = solve(deal(3), improve=True, budget=30_000, auto=level)
    assert result.verdict is Verdict.SOLVED
    assert result.card_moves <= result.first_solution_length
    assert plain_replay(deal(3), result.moves)
    if level == "off":
        assert result.player_moves == result.moves


def test_a_short_beam_beats_its_bound_or_finds_nothing():
    root, line = first_line(1)
    bound = nonhome(line)
    beam = ShortBeam(root, 4, 256, bound, children=child_states, evaluate=evaluate_state)
    while beam.step(500) is not None:
        pass
    assert beam.line is not None and nonhome(beam.line) < bound
    assert replay_line(deal(1), beam.line, 4).is_won()
    # No win has fewer non-home moves than cards out of order need.
    hopeless = ShortBeam(root, 4, 256, evaluate_state(root)[1], children=child_states, evaluate=evaluate_state)
    while hopeless.step(500) is not None:
        pass
    assert hopeless.line is None


@pytest.mark.parametrize("number", [1, 4, 10])
def test_shorten_never_lengthens_and_its_line_replays(number):
    root, line = first_line(number)
    short = shorten(root, line, 4, child_states, evaluate_state)
    assert nonhome(short) <= nonhome(line)
    assert play(root, short, 4, child_states, evaluate_state) is not None
    pos = replay_line(deal(number), short, 4)
    assert len(pos.card_moves()) == 52 + nonhome(short)


def wasteful_line(root, line) -> list[int]:
    """``line`` with one pointless move added: some column's end card waits
    in a free cell for a while, where the line still wins so."""
    steps = play(root, line, 4, child_states, evaluate_state)
    assert steps is not None, "the line does not win"
    states = [root] + [state for _, state in steps]
    for i, state in enumerate(states):
        for col in filter(None, state[1]):
            wasteful = line[:i] + [col[-1] * 64 + _CELL] + line[i:]
            if play(root, wasteful, 4, child_states, evaluate_state) is not None:
                return wasteful
    pytest.fail("no card could wait in a free cell")


def test_shorten_removes_a_pointless_move_added_to_a_line():
    root, line = first_line(1)
    wasteful = wasteful_line(root, line)
    assert nonhome(wasteful) == nonhome(line) + 1
    short = shorten(root, wasteful, 4, child_states, evaluate_state)
    assert nonhome(short) <= nonhome(line)
    assert replay_line(deal(1), short, 4).is_won()


def test_play_refuses_a_broken_line_and_shorten_returns_it_unchanged():
    root, line = first_line(2)
    broken = line[:3]  # stops far from a win
    assert play(root, broken, 4, child_states, evaluate_state) is None
    assert shorten(root, broken, 4, child_states, evaluate_state) == broken
    i = next(i for i, code in enumerate(line) if code & 63 != 52)
    impossible = line[:i + 1] + line[i:]  # the same (non-home) move twice in a row
    assert play(root, impossible, 4, child_states, evaluate_state) is None


def probe_line(number: int, cells: int) -> tuple[tuple, list[int]]:
    """The root and the depth-first probes' (untidied) line for a deal."""
    from game.freecell.probe import Probes

    root, _ = initial_state(deal(number))
    probes = Probes(root, cells, child_states)
    while probes.line is None and not probes.exhausted:
        probes.step(4_096)
    assert probes.line
    return root, probes.line


def test_an_edit_that_rejoins_the_line_is_taken_as_the_line_from_there():
    # The edits of a probe's long line mostly rejoin it a few moves on; the
    # rest of the line is then taken as it was played. Every edit of a real
    # line gives exactly what a replay of the whole tail gives.
    root, line = probe_line(3711, 1)
    steps = play(root, line, 1, child_states, evaluate_state)
    best = [code for code, _ in steps]
    states = [root] + [state for _, state in steps]
    tried = kept = 0
    for i, tail, same in _edits(best):
        assert tail[len(tail) - same:] == best[len(best) - same:]
        full = _play(states[i], tail, 1, child_states, evaluate_state)
        assert _play(states[i], tail, 1, child_states, evaluate_state, (states, steps, same)) == full
        tried += 1
        kept += full is not None
    assert tried > 100 and kept > 0


def test_a_long_depth_first_line_is_tidied_to_a_short_one():
    # Deal 3711 with one cell: the probes' line keeps every detour of a
    # depth-first walk; tidied, it is a fraction as long and still wins.
    root, line = probe_line(3711, 1)
    short = shorten(root, line, 1, child_states, evaluate_state)
    assert nonhome(short) * 2 < nonhome(line)
    assert replay_line(deal(3711, free_cells=1), short, 1).is_won()


def test_a_mid_game_position_improves_and_replays():
    # Cards home and cells taken already, as a hint sees the table.
    pos = deal(617, auto_foundation=True)
    pos.settle()
    for text in ("8a", "8b", "8c", "87"):
        pos.push(Move.parse(text))
    result = solve(pos, improve=True, budget=30_000)
    assert result.verdict is Verdict.SOLVED
    assert result.card_moves <= result.first_solution_length
    assert plain_replay(pos, result.moves)
    assert sum(1 for m in result.moves if m.dest == HOME) == 52 - pos.cards_home
