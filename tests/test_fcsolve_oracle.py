"""An oracle outside the project for FreeCell's verdicts: Debian's ``fc-solve``.

The solver's ``UNSOLVABLE`` rests on its own claim that it examined every
reachable position; the review's mistakes rest on those verdicts. Checking
them with the same solver proves nothing new, so here Freecell Solver
(package ``freecell-solver-bin``, a test-only tool that .ci/run installs;
never a dependency of the game) decides the same positions by itself.

Why its "I could not solve this game" can be trusted here (and only here).
fc-solve's presets (``-l lg`` and the default) use meta-moves and soft
threads with pruning, so their "could not solve" means no more than "not
found". :data:`EXHAUSTIVE` asks instead for one soft-DFS scan (a closed set
of visited states, no pruning: ``--set-pruning`` is left at its default,
none) over the *atomic* moves only: ``0`` and ``1`` (a column's or a free
cell's card home), ``A`` (a column's card into an empty column), ``B`` (onto
a card of another column), ``C`` (into a free cell), ``D`` (a free cell's
card onto a card), ``E`` (into an empty column). That is every single-card
move of FreeCell, and a run moved at once is a string of them, so the scan
reaches every position the game can reach. fc-solve's manual (USAGE,
``--show-exceeded-limits``) says "could not solve" then means the game
graph was fully traversed within the moves given, and with ``-sel`` a run
stopped by the iterations cap (``-mi``) says "Iterations count exceeded."
instead (without ``-sel`` it would say "could not solve" too: a trap).
A capped or timed-out run is :data:`UNKNOWN` and nothing is claimed from it.
:func:`test_the_oracle_is_exhaustive_in_its_atomic_configuration` checks
the configuration against known answers before anything leans on it.

Like is compared with like: fc-solve makes no automatic moves, and the
project's verdicts compared are those for the game without them ("off"),
or under "safe", which the solver's notes show is the same game for
winnability (safe cards home never lose a win); never "all".
"""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest
from conftest import load_tool
from test_freecell_review import AFTER_THE_LOSS, LOSING_DEAL, LOSING_GAME, play_moves, start_of
from test_winnability import LINE, LOST_AT_3

from game.freecell import KNOWN_UNSOLVABLE, Position, deal
from game.freecell.position import IllegalMoveError
from game.freecell.review import Grade, Review, ReviewRun
from game.freecell.solver import Verdict, solve

#: One soft-DFS scan over the atomic moves, no pruning, a capped run said so.
EXHAUSTIVE = ("--method", "soft-dfs", "-to", "01ABCDE", "-sel")
#: Every position below exhausts in well under a second (11982, the largest,
#: in about 85,000 states); the cap and the clock only bound a run gone wrong.
MAX_ITERS = 3_000_000
SECONDS = 60.0

WIN, IMPOSSIBLE, UNKNOWN = "win", "impossible", "unknown"


@pytest.fixture(scope="module")
def fc_solve() -> str:
    """The fc-solve binary: a missing one fails the test in CI and skips it elsewhere."""
    found = shutil.which("fc-solve")
    if found is None:
        message = "needs fc-solve (Debian's freecell-solver-bin; .ci/run installs it)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return found


def oracle(binary: str, position: Position, max_iters: int = MAX_ITERS) -> tuple[str, list[str]]:
    """fc-solve's answer for ``position`` (:data:`WIN` with its moves in
    standard notation, :data:`IMPOSSIBLE` after an exhausted scan, or
    :data:`UNKNOWN`), with as many free cells as the position has."""
    args = [binary, "--freecells-num", str(len(position.cells)), *EXHAUSTIVE, "-mi", str(max_iters),
            "-m", "-snx", "-"]
    try:
        out = subprocess.run(args, input=position.board(), capture_output=True, text=True, timeout=SECONDS,
                             check=False).stdout
    except subprocess.TimeoutExpired:
        return UNKNOWN, []
    if "This game is solveable." in out:
        moves = [t for line in out.splitlines() if line[:1] in "12345678abcd" and ":" not in line
                 for t in line.split()]
        return WIN, moves
    if "I could not solve this game." in out:
        return IMPOSSIBLE, []
    assert "Iterations count exceeded." in out, f"fc-solve said something unexpected:\n{out}"
    return UNKNOWN, []


def read_back(binary: str, position: Position) -> Position:
    """The position as fc-solve read it: its first state printed (``-p -t``: board text, columns in its own order)."""
    args = [binary, "--freecells-num", str(len(position.cells)), "-p", "-t", "-s", "-i", "-mi", "1", "-sel", "-"]
    out = subprocess.run(args, input=position.board(), capture_output=True, text=True, timeout=SECONDS,
                         check=True).stdout
    state = out[out.index("Foundations:"):out.index("---------------")]
    return Position.parse(state, free_cells=len(position.cells))


def same_game(a: Position, b: Position) -> bool:
    """The same cards in the same places, up to the order of the columns and of the free cells."""
    return (sorted(map(tuple, a.columns)) == sorted(map(tuple, b.columns))
            and sorted(c for c in a.cells if c is not None) == sorted(c for c in b.cells if c is not None)
            and list(a.foundations) == list(b.foundations))


def replays_to_a_win(position: Position, moves: list[str]) -> bool:
    """fc-solve's line played through our rules engine, no automatic moves, ends with every card home."""
    pos = position.copy(stack=False)
    try:
        for text in moves:
            pos.push(pos.parse_move(text), auto=False)
    except (IllegalMoveError, ValueError):
        return False
    return pos.is_won()


def cross_check(binary: str, position: Position, ours: Verdict, what: str) -> str:
    """fc-solve's answer for ``position`` (decided, or the test fails), after
    checking that it read the position we meant and agrees with our verdict ``ours`` both ways."""
    assert same_game(read_back(binary, position), position), f"{what}: fc-solve read another position"
    answer, moves = oracle(binary, position)
    assert answer != UNKNOWN, f"{what}: fc-solve did not finish, so nothing was checked\n{position.board()}"
    if answer == WIN:
        assert replays_to_a_win(position, moves), f"{what}: fc-solve's win does not replay through our engine"
        assert ours is not Verdict.UNSOLVABLE, f"{what}: we say unsolvable, fc-solve wins\n{position.board()}"
    else:
        assert ours is not Verdict.SOLVED, f"{what}: we say solved, fc-solve's exhausted scan finds no win"
    return answer


def test_the_oracle_is_exhaustive_in_its_atomic_configuration(fc_solve):
    """Known answers: 11982 is the classic impossible deal (every deal on the
    project's list is checked below), deal 1 is won; a run cut short by the
    cap says so and is never read as "impossible"."""
    assert oracle(fc_solve, deal(11982))[0] == IMPOSSIBLE
    answer, moves = oracle(fc_solve, deal(1))
    assert answer == WIN and replays_to_a_win(deal(1), moves)
    assert oracle(fc_solve, deal(11982), max_iters=1_000)[0] == UNKNOWN


@pytest.mark.parametrize("number", sorted(KNOWN_UNSOLVABLE))
def test_the_known_unsolvable_deals_are_impossible_for_both(fc_solve, number):
    ours = solve(deal(number), budget=1_000_000, deep=True, auto="off")
    assert ours.verdict is Verdict.UNSOLVABLE
    assert cross_check(fc_solve, deal(number), ours.verdict, f"deal {number}") == IMPOSSIBLE


@pytest.mark.parametrize("number", [781948, 146692])
def test_the_game_search_proves_them_too(fc_solve, number):
    """The search the game itself runs (its default portfolio, "safe"), not only the depth-first proof."""
    ours = solve(deal(number), budget=1_000_000)
    assert ours.verdict is Verdict.UNSOLVABLE
    assert cross_check(fc_solve, deal(number), ours.verdict, f"deal {number}") == IMPOSSIBLE


def test_the_lost_endgame_is_lost_for_both(fc_solve):
    """tests/test_winnability.py's endgame with one free cell: won, won, won, then 7a loses it."""
    pos = Position.parse(LOST_AT_3, free_cells=1)
    answers = []
    for text in [*LINE, None]:
        ours = solve(pos, budget=200_000, auto="off").verdict
        answers.append(cross_check(fc_solve, pos, ours, f"the endgame before {text}"))
        if text is not None:
            pos.push(pos.parse_move(text), auto=False)
    assert answers == [WIN, WIN, WIN, IMPOSSIBLE, IMPOSSIBLE]


@pytest.mark.parametrize("number", [1, 2, 3, 617, 1941])
def test_solved_deals_are_won_by_both(fc_solve, number):
    ours = solve(deal(number), budget=200_000, auto="off")
    assert ours.verdict is Verdict.SOLVED
    assert cross_check(fc_solve, deal(number), ours.verdict, f"deal {number}") == WIN


def _mistakes(review: Review) -> list[tuple[int, Position, Position]]:
    """(move index, position before, position after) of each move the review calls a mistake."""
    out = []
    for graded in review.grades:
        if graded.grade is Grade.MISTAKE:
            before = review.position_before(graded.index)
            after = before.copy(stack=False)
            after.push(graded.move, auto=review.level)
            out.append((graded.index, before, after))
    return out


def _reviewed(start: Position, moves: list, level: str) -> Review:
    """The review's verdicts for a game (its grades; no par lengths, which are not checked here)."""
    return ReviewRun(start, moves, level, states=50_000, seconds=None, lengths=False).review()


def test_the_planted_mistake_loses_a_won_game_for_both(fc_solve):
    """tests/test_freecell_review.py's deal 6 game: move 5 (9♣ to the last free cell) is the mistake."""
    start = start_of(LOSING_DEAL)
    review = _reviewed(start, play_moves(start, LOSING_GAME + " " + AFTER_THE_LOSS), "safe")
    found = _mistakes(review)
    assert [index for index, _, _ in found] == [len(LOSING_GAME.split())]
    for index, before, after in found:
        assert cross_check(fc_solve, before, Verdict.SOLVED, f"before move {index}") == WIN
        assert cross_check(fc_solve, after, Verdict.UNSOLVABLE, f"after move {index}") == IMPOSSIBLE


# Bot games that slip half the time (tools/bench_review.py); these seven are
# reviewed with one mistake each or more, under both automatic levels that
# play the same game as fc-solve.
BOT_GAMES = [(1, "safe"), (4, "safe"), (6, "safe"), (2, "off"), (3, "off"), (10, "off"), (11, "off")]


@pytest.mark.parametrize("number, level", BOT_GAMES)
def test_every_mistake_of_a_bot_game_is_one_for_fc_solve(fc_solve, number, level):
    start, moves, _won = load_tool("bench_review").mediocre_game(number, number, level=level, slip=0.5, most=40)
    review = _reviewed(start, moves, level)
    found = _mistakes(review)
    assert found, "the sample should hold a mistake to check"
    for index, before, after in found:
        assert cross_check(fc_solve, before, Verdict.SOLVED, f"deal {number} before move {index}") == WIN
        assert cross_check(fc_solve, after, Verdict.UNSOLVABLE, f"deal {number} after move {index}") == IMPOSSIBLE

