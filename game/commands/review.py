"""``solitaire review freecell N --moves FILE``: the coach's game review on the command line.

::

    solitaire review freecell N --moves FILE [--auto off|safe|all] [--json] [--anytime SECONDS]

``FILE`` lists the player's moves in standard notation, whitespace
separated, ``#`` starting a comment line: the moves of the game as it was
played on a table at the ``--auto`` level (default "safe"), without undone
moves. The automatic foundation moves (the table makes those) may be left
out or written where the table made them, as the game copies a game's moves
(:func:`read_player_moves`); either way they are not graded.
A column-to-column move without ``v`` carries the cards that fit, as
``deal --check`` reads it.

Par's search (the game's: ``--anytime`` seconds, 10 by default) runs from
the deal's start first: the grades measure every move against par.

stdout: one line per move (its number, notation, the move in words, its
grade, and the better move when there is one), then the summary and the
moves against par ("45 moves more than par 33: 14 good, 2 inaccuracies"); with
``--json`` a JSON list of ``{"index", "move", "grade", "better",
"line_before", "line_after"}`` (the lines as lists of player moves, so
their lengths are the lengths the grades compare) and the summary and the
line against par on stderr. Progress goes to stderr when it is a terminal.

``solitaire review spider N --suits S --moves FILE [--json]`` is the same
for Spider, its file as ``deal spider --check`` reads it (``undo`` lines take
a move back), graded by the full-knowledge solver: the output says "knowing
every card" (a mistake there means that, with every card known, the game
was winnable before the move and is not after it).

Exit codes: 0 reviewed; 2 bad input (a number, a file that cannot be read,
a token that is not a move, a move the rules refuse: one line on stderr).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from game.commands.usage import UsageError, parse_auto, read_text_file
from game.i18n import _
from game.numbers import parse_in_range
from game.quoting import shown_path

if TYPE_CHECKING:  # the rules and the solvers load when a command runs, not on start
    from game.freecell.moves import Move
    from game.freecell.position import Position
    from game.spider.moves import Move as SpiderMove
    from game.spider.review import SpiderReview

__all__ = ["read_player_moves", "review_command", "spider_review_command"]


def read_player_moves(path: str, start: Position, level: str, opening: Sequence[Move] = ()) -> list[Move]:
    """The player moves of ``path`` played from ``start`` at ``level``; one-line
    :class:`UsageError` for a token that is no move or a move the rules refuse.

    Two forms read the same: the player's moves alone (the table makes the
    automatic ones), and the game's own copy ("Copy this game's moves"), which
    writes every card movement, fc-solve style: there a move the level has just
    played by itself (after the move before it; at the start, ``opening``, the
    cards the deal sends home) is written next and is skipped, so the copy
    reads as the same moves the table counted. The player's form is read first:
    it is the one a skipped move could misread.
    """
    tokens = [t for line in read_text_file(path, "moves file").splitlines()
              if not line.lstrip().startswith("#") for t in line.split()]
    moves, failed = _played(path, tokens, start, level, None)
    if failed is None:
        return moves
    copied, failed_too = _played(path, tokens, start, level, opening)
    if failed_too is None:
        return copied
    # Neither form reads to the end: the error of the one that read further.
    raise failed if failed.index >= failed_too.index else failed_too


def _played(path: str, tokens: list[str], start: Position, level: str,
            opening: Sequence[Move] | None) -> tuple[list[Move], _Failed | None]:
    """Play ``tokens`` from ``start`` as player moves at ``level``; with ``opening``
    (not None) an automatic move written right after the move that made it is skipped.
    The moves, and None or where reading stopped and why."""
    from game.freecell.moves import NotationError

    pos = start.copy(stack=False)
    moves: list[Move] = []
    # The automatic moves just made and not yet met in the list (as written: "4h", "ah").
    made = [str(m) for m in opening] if opening is not None else []
    for index, token in enumerate(tokens, 1):
        try:
            move = pos.parse_move(token)
        except NotationError as exc:
            return moves, _Failed(index, _("{file}: move {n}: {why}").format(file=shown_path(path), n=index, why=exc))
        if str(move) in made:
            made.remove(str(move))  # the table played it already: the copy writes it out
            continue
        reason = pos.why_illegal(move)
        if reason is not None:
            return moves, _Failed(index, _("{file}: move {n} ({move}) is illegal: {why}").format(
                file=shown_path(path), n=index, move=move, why=reason))
        pos.push(move, auto=level)
        moves.append(move)
        if opening is not None:
            made = [str(m) for m in pos.undo_steps()[-1][1]]
    return moves, None


class _Failed(UsageError):
    """Where a reading of a moves file stopped (the token's 1-based index) and why."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index


def review_command(number_text: str, moves_path: str, auto_text: str = "safe", as_json: bool = False,
                   anytime_text: str = "10", budget_text: str | None = None) -> int:
    """``solitaire review freecell N --moves FILE [--auto LEVEL] [--json] [--anytime SECONDS]
    [--budget STATES]``; the exit code."""
    from game import limits
    from game.commands.freecell import parse_anytime
    from game.commands.usage import print_line as say
    from game.freecell.deals import deal, is_known_unsolvable, parse_deal_number
    from game.freecell.review import GRADE_NAMES, move_phrase, review_game

    level = parse_auto(auto_text)
    number = parse_deal_number(number_text)
    par_limit = limits.Limit(limits.PAR.states, parse_anytime(anytime_text))
    states = limits.REVIEW.states if budget_text is None else parse_in_range(budget_text, "--budget", 1, 10**9)
    start = deal(number)
    start.auto_level = level
    opening = start.settle(level)  # the cards the deal sends home by itself (the copy writes them first)
    moves = read_player_moves(moves_path, start, level, opening)
    talk = sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        if talk:
            print("\r" + _("reviewing: {done} of {total} positions").format(done=done, total=total),
                  end="", file=sys.stderr, flush=True)

    # Par's search runs first, in the review (as the game's par: the same search, budget and count).
    review = review_game(start, moves, level, known_lost=is_known_unsolvable(number), progress=progress,
                         par_limit=par_limit, states=states)
    if talk:
        print(file=sys.stderr)
    if as_json:
        # One move per line: readable, and still one JSON list.
        rows = ",\n ".join(json.dumps(g.as_json(), ensure_ascii=False) for g in review.grades)
        print(f"[{rows}]" if not rows else f"[\n {rows}\n]")
        print(review.summary(), file=sys.stderr)
        if review.par_summary():
            print(review.par_summary(), file=sys.stderr)
        return 0
    pos = start.copy(stack=False)
    for graded in review.grades:
        words = _("{n}. {move} {said}: {grade}").format(
            n=graded.index, move=graded.move, said=move_phrase(pos, graded.move), grade=_(GRADE_NAMES[graded.grade]))
        if graded.better is not None:
            words = _("{line} (better: {move} {said})").format(
                line=words, move=graded.better, said=move_phrase(pos, graded.better))
        say(words)
        pos.push(graded.move, auto=level)
    say(review.summary())
    if review.par_summary():
        say(review.par_summary())
    return 0


def _print_review(review: SpiderReview, phrase: Callable[[int, SpiderMove], str], said: str) -> None:
    """The graded list in words, then the summary (see :func:`review_command`)."""
    from game.commands.usage import print_line as say
    from game.freecell.review import GRADE_NAMES

    for graded in review.grades:
        words = _("{n}. {move} {said}: {grade}").format(
            n=graded.index, move=graded.move, said=phrase(graded.index, graded.move),
            grade=_(GRADE_NAMES[graded.grade]))
        if graded.better is not None:
            words = _("{line} (better: {move} {said})").format(
                line=words, move=graded.better, said=phrase(graded.index, graded.better))
        say(words)
    say(said)


def spider_review_command(number_text: str, suits_text: str, moves_path: str, as_json: bool = False) -> int:
    """``solitaire review spider N --suits S --moves FILE [--json]``; the exit code."""
    from game.commands.spider import read_moves, replay_actions
    from game.spider.deals import deal, parse_game_number, parse_suits
    from game.spider.review import review_spider, spider_move_phrase

    number = parse_game_number(number_text)
    suits = parse_suits(suits_text)
    actions = read_moves(moves_path)
    pos = deal(number, suits)
    illegal = replay_actions(pos, actions, moves_path)
    if illegal is not None:
        raise UsageError(illegal)
    moves = list(pos.move_stack)
    start = deal(number, suits)
    talk = sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        if talk:
            print("\r" + _("reviewing: {done} of {total} positions").format(done=done, total=total),
                  end="", file=sys.stderr, flush=True)

    review = review_spider(start, moves, progress=progress)
    if talk:
        print(file=sys.stderr)
    # TRANSLATORS: Spider's review sees the face-down cards and the stock; the summary says so.
    said = _("{summary} (knowing every card)").format(summary=review.summary())
    if as_json:
        rows = ",\n ".join(json.dumps(g.as_json(), ensure_ascii=False) for g in review.grades)
        print(f"[{rows}]" if not rows else f"[\n {rows}\n]")
        print(said, file=sys.stderr)
        return 0
    positions = [start.copy(stack=False)]
    for m in moves:
        positions.append(positions[-1].copy(stack=False))
        positions[-1].push(m)
    _print_review(review, lambda i, m: spider_move_phrase(positions[i - 1], m), said)
    return 0
