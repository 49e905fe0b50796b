"""Every search limit of the game, in one place: how many positions and seconds
each kind of solver request may spend, and how many decided verdicts are kept.

The table, the solver service, the live check, the command line and the
tools read them from here, so a limit is changed once::

    >>> from game import limits
    >>> limits.CHECK
    Limit(states=100000, seconds=4.0)
    >>> limits.HINT.states, limits.LINE.seconds
    (150000, 60.0)

Plain constants, no imports from the game: the rules engines and the solver
service may both read them (``game/freecell/`` never imports ``game.solver``).
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["CHECK", "FREECELL_SOLVE_STATES", "HINT", "HINT_IMPROVE_SECONDS", "KNOWN_WINS", "LINE", "PAR", "REVIEW",
           "REVIEW_TOTAL_SECONDS", "REWIND", "SHORTER", "SHORTER_SECONDS", "SPIDER_HINT", "SPIDER_PAR", "SPIDER_REVIEW",
           "SPIDER_REVIEW_TOTAL_SECONDS", "SPIDER_SOLVE_STATES", "TARGETS", "VERDICT_MEMORY", "Limit",
           "par_limit"]


class Limit(NamedTuple):
    """A search's budget: at most ``states`` positions and ``seconds`` of
    clock (``None``: no clock, the budget alone stops it)."""

    states: int
    seconds: float | None


#: The live check after every move. A winnable position is usually found in
#: well under a second; a loss late in the game is a small space the search
#: exhausts quickly. Anything bigger answers UNKNOWN rather than keep a core
#: busy while the player thinks.
CHECK = Limit(100_000, 4.0)
#: A hint, FreeCell's (Spider's sees only what the player sees and is quick).
HINT = Limit(150_000, 3.0)
#: Spider's fair hint (:mod:`game.spider.fair`): beam expansions over all its
#: sampled layouts (about half a second on one core of the 2-core machine),
#: and a safety net in seconds past which the layouts searched so far decide.
SPIDER_HINT = Limit(12_000, 2.0)
#: After a hint's first winning line, seconds spent looking for a shorter one.
HINT_IMPROVE_SECONDS = 0.75
#: The demo's line: off the main thread with "searching (Esc cancels)", so it
#: may search as long as Spider's four suits need (99 of games 1..100).
LINE = Limit(1_000_000, 60.0)
#: A shorter ending sought while the demo plays (Spider): the demo asks from
#: a position it reaches after about this long, so the answer comes before
#: it gets there.
SHORTER_SECONDS = 8.0  # (the demo plans with it, so it is always a number)
SHORTER = Limit(1_000_000, SHORTER_SECONDS)
#: Rewind spends up to the check's limits on each earlier position it examines.
REWIND = CHECK
#: Par: the shortest line found from a deal's start, sought as the game begins
#: in a worker of its own (beside the live check's): the first line, then the
#: positions left spent shortening it. About 7 s on one core here; the seconds
#: are a safety net for a slow or busy machine (the player takes longer).
#: At 30,000 positions par's lines were 1.7 moves longer on average than at
#: 10 s (deals 1001..1016), at 100,000 0.5 longer, at 300,000 the same.
PAR = Limit(200_000, 10.0)
#: Spider's par: the quick order's first line, then the shorter-line beams for the
#: seconds left (its positions are a cap it never reaches in them).
SPIDER_PAR = Limit(3_000_000, 10.0)


def par_limit(game: str) -> Limit:
    """Par's limit for ``game`` (``"freecell"`` or ``"spider"``): the one choice the
    solver's service and the table's own par both read.

        >>> par_limit("spider") == SPIDER_PAR, par_limit("freecell") == PAR
        (True, True)
    """
    return SPIDER_PAR if game == "spider" else PAR

#: The game review (the coach): each new search of one position of the game is
#: par's search with par's budget in positions, so that "best" means best by the
#: yardstick par is measured with. A position needs one only when no line
#: carried from the position before wins, or when the best carried line makes
#: the move lose moves; one that finds nothing stays "unknown". No clock per
#: search (par's seconds are its safety net, not its budget): the same game
#: gets the same grades on a busy machine. The table's yardstick worker runs the
#: review's forward pass as the game is played, so a review at the end mostly
#: reads what that pass examined (:class:`game.freecell.review.Yardstick`).
REVIEW = Limit(PAR.states, None)
#: The whole review's seconds of new searches (par's search from the start and
#: the positions the yardstick examined during play not counted); past them
#: only the lines already known are carried on, and the positions left
#: undecided stay unknown. A search takes some 7 s here.
REVIEW_TOTAL_SECONDS = 120.0
#: Spider's game review (:mod:`game.spider.review`, knowing every card): each new
#: search of one position, and the whole review's seconds of new searches (Spider's
#: searches are slower than FreeCell's).
SPIDER_REVIEW = Limit(100_000, 3.0)
SPIDER_REVIEW_TOTAL_SECONDS = 30.0
#: "Show which moves keep the win": each search of a target of the selected
#: card (the position after the move; about 0.3 s here at most), no clock, so
#: that a busy machine gives the same marks, only later.
TARGETS = Limit(10_000, None)
#: Decided verdicts remembered per exact position, by the live check and by
#: the solver service alike (oldest forgotten first): enough for undo and
#: Rewind to find every position of a long game at once.
VERDICT_MEMORY = 1024
#: Positions known winnable, kept by a FreeCell table for "Show which moves keep
#: the win" (every position along each winning line it replayed): a few dozen lines.
KNOWN_WINS = 8192
#: ``solitaire solve freecell``'s default budget: about 35 s and 700 MB at
#: most on one core of the 2-core development machine (a deal with one free
#: cell that ends "unknown"), inside the minute the solver is judged by.
FREECELL_SOLVE_STATES = 2_000_000
#: ``solitaire solve spider``'s default budget (and the Spider solver's).
SPIDER_SOLVE_STATES = 1_000_000
