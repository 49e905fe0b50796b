"""``solitaire hint``: the table's Hint from the command line, in the same words.

::

    solitaire hint freecell N [--board FILE] [--auto off|safe|all]
    solitaire hint spider (N --suits S | --board FILE) [--moves FILE] [--seed N]

It prints one line: the sentence the table shows after "Hint:" (the same
function writes both: :func:`game.freecell.hints.hint_text` and
:attr:`game.spider.hints.Hint.text`).

FreeCell searches with the table's hint budget (``game.solver.service.LIMITS``
for hints: 150,000 states or 3 seconds, then a moment to shorten the line).
A deal on the shipped list of proven unsolvable deals is answered at once
without a search; a ``--board`` position is always searched, since nothing
says where it came from. Spider's hint is the table's fair search: it sees
only what a player sees (the face-down cards of a ``--board`` are masked
before anything searches), and the same position and ``--seed`` always give
the same hint; ``--moves`` replays a moves file first (the format of
``solitaire deal spider --check``).

Exit codes: 0 a hint backed by a win (FreeCell: a winning line follows;
Spider: a useful move or a deal), or the game is already won; 1 FreeCell:
no winning line exists (proven); 3 nothing is known: FreeCell's search did
not finish (the line still names a sensible move), or Spider has no useful
move and no deal, or no sampled layout of its face-down cards can be won;
2 bad input, one line on stderr.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.commands.usage import UsageError, parse_auto, print_line, read_board
from game.i18n import _
from game.quoting import shown

if TYPE_CHECKING:  # the rules load when a command runs, not on start
    from game.freecell.position import Position

__all__ = ["freecell_hint_command", "freecell_hint_sentence", "spider_hint_command"]


def freecell_hint_sentence(position: Position, number: int | None = None) -> tuple[str, int]:
    """The hint sentence for a FreeCell ``position`` and the exit code.

    ``number``: the deal the position descends from (``None`` for a board from
    a file); a deal on the proven-unsolvable list is answered without a search.
    """
    from game.freecell.hints import HintKind, hint_for, hint_text, known_unsolvable_hint
    from game.solver.answers import Ask
    from game.solver.service import LIMITS
    from game.solver.worker import HINT_IMPROVE_SECONDS

    if position.is_won():
        return _("All 52 cards are home: the game is won"), 0
    hint = known_unsolvable_hint(number) if number is not None else None
    if hint is None:
        budget, seconds = LIMITS[Ask.HINT]
        hint = hint_for(position, budget=budget, time_limit=seconds, improve_seconds=HINT_IMPROVE_SECONDS)
    code = {HintKind.WIN: 0, HintKind.NO_WIN: 1, HintKind.UNFINISHED: 3}[hint.kind]
    return hint_text(position, hint), code


def freecell_hint_command(number_text: str | None, board_path: str | None, auto_text: str = "safe") -> int:
    """``solitaire hint freecell (N | --board FILE) [--auto LEVEL]``; returns the exit code.

    The position is played on as the table would at that automatic foundation
    level: the cards it sends home go first, then the hint is for that level.
    """
    from game.freecell.deals import deal, parse_deal_number
    from game.freecell.position import BoardError, Position

    level = parse_auto(auto_text)
    if (number_text is None) == (board_path is None):
        raise UsageError(_("give a deal number or --board FILE (one of them)"))
    number: int | None = None
    if board_path is not None:
        pos = read_board(board_path, Position.parse, BoardError)
    else:
        number = parse_deal_number(number_text or "")
        pos = deal(number)
    pos.auto_level = level
    pos.settle(level)
    sentence, code = freecell_hint_sentence(pos, number)
    print_line(sentence)
    return code


def spider_hint_command(number_text: str | None, suits_text: str, moves_path: str | None,
                        board_path: str | None = None, seed_text: str = "0") -> int:
    """``solitaire hint spider (N [--suits S] | --board FILE) [--moves FILE] [--seed N]``;
    returns the exit code.

    The hint is the table's: the fair search (:mod:`game.spider.advice`),
    which sees only what a player sees, with the table's budget; the same
    position and seed always give the same hint. ``--board`` reads a position
    in the text form ``solitaire deal spider`` prints (face-down cards in
    parentheses, the stock listed). A move in the moves file that the rules
    refuse is bad input here (exit 2): the hint is asked for a position that
    does not exist.
    """
    from game.commands.spider import read_moves, replay_actions
    from game.spider.advice import advise
    from game.spider.board import PositionError
    from game.spider.deals import deal, parse_game_number, parse_suits
    from game.spider.hints import HintKind
    from game.spider.position import Position

    if (number_text is None) == (board_path is None):
        raise UsageError(_("give a game number or --board FILE (one of them)"))
    seed = _seed(seed_text)
    if board_path is not None:
        pos = read_board(board_path, Position.parse, PositionError)
    else:
        pos = deal(parse_game_number(number_text or ""), parse_suits(suits_text))
    actions = read_moves(moves_path) if moves_path is not None else []
    illegal = replay_actions(pos, actions, str(moves_path))
    if illegal is not None:
        raise UsageError(illegal)
    if pos.is_won():
        print_line(_("All eight sets are complete: the game is won"))
        return 0
    advice = advise(pos, seed=seed)
    hint = advice.hints[0]
    print_line(hint.text)
    return 3 if hint.kind is HintKind.UNDO or advice.lost else 0


#: The largest --seed (the search's generator takes any int; a bound keeps the input bounded).
SEED_MAX = 2**32 - 1


def _seed(text: str) -> int:
    """``--seed``: a whole number 0..4294967295, else a one-line usage error."""
    word = text.strip()
    if not (word.isascii() and word.isdigit()) or int(word) > SEED_MAX:
        raise UsageError(_("--seed must be a whole number from 0 to {n}, not {text}").format(
            n=SEED_MAX, text=shown(text, 20)))
    return int(word)
