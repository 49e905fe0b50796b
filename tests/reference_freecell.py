"""A deliberately simple, stand-alone reference for FreeCell move generation.

This module exists only to cross-check the fast rules engine in tests. It
imports nothing from the ``game`` package and it is written to be *obviously*
right rather than fast: it literally tries every (source, destination, count)
combination and checks the rules one by one.

Cards are plain two-letter strings such as ``"TD"``, ``"AS"`` or ``"9C"``
(ranks ``A23456789TJQK``, suits ``C D H S``; hearts and diamonds are red).

A state is a plain tuple::

    (columns, cells, foundations)

* ``columns``: 8 tuples of card strings, the buried card first and the card
  that can be moved last;
* ``cells``: 4 entries, a card string or ``None`` for an empty cell; the cells
  keep their positions a, b, c, d;
* ``foundations``: 4 ints, the top rank 0..13 of the clubs, diamonds, hearts
  and spades foundations (in that order).

Moves are named in standard FreeCell notation, as ``fc-solve -snx`` prints
them: columns ``1``..``8``, cells ``a``..``d``, foundation ``h``. ``"38"``
moves one card from column 3 to column 8, ``"3a"`` column 3 to cell a,
``"a3"`` cell a to column 3, ``"3h"`` / ``"ah"`` to the foundation, and
``"38v4"`` moves a run of 4 cards. One-card moves never carry a ``v``.

Rules implemented (no automatic moves of any kind):

* a single card from the end of a column or from a cell may go to its
  foundation (next rank of its suit), onto the last card of a column (one rank
  higher and of the opposite colour) or into an empty column;
* a single card from the end of a column may go into any empty free cell;
  there are no cell-to-cell moves and nothing ever leaves a foundation;
* a properly built run of ``k > 1`` cards at the end of a column may move onto
  a column whose last card is one rank higher and of the opposite colour than
  the run's top card, or into an empty column, if
  ``k <= (empty cells + 1) * 2 ** (empty columns)``, where an empty
  destination column is not counted among the empty columns.

>>> state = parse_board(":AS 2H\\n:3C\\n")
>>> sorted(reference_moves(state))
['12', '13', '14', '15', '16', '17', '18', '1a', '1b', '1c', '1d', '23', '24', '25', '26', '27', '28', '2a', '2b', '2c', '2d']
"""

from __future__ import annotations

import itertools

__all__ = ["NUM_CELLS", "NUM_COLUMNS", "RANKS", "SUITS", "State", "format_board", "is_red", "parse_board", "rank_of",
           "reference_apply", "reference_moves", "reference_perft", "reference_reachable", "suit_of"]

State = tuple[tuple[tuple[str, ...], ...], tuple[str | None, ...], tuple[int, int, int, int]]

#: Rank characters; the index is the rank, index 0 means "no card".
RANKS = "0A23456789TJQK"
#: Suit characters in foundation order.
SUITS = "CDHS"
NUM_COLUMNS = 8
NUM_CELLS = 4
COLUMN_NAMES = "12345678"
CELL_NAMES = "abcd"


# ---------------------------------------------------------------------------
# Cards


def check_card(card: str) -> str:
    """Return ``card`` if it is a valid two-letter card string, else raise ValueError."""
    if not isinstance(card, str) or len(card) != 2 or card[0] not in RANKS[1:] or card[1] not in SUITS:
        raise ValueError(f"not a card: {card!r}")
    return card


def rank_of(card: str) -> int:
    """Rank 1..13 of a card string.

    >>> rank_of("AS"), rank_of("TD"), rank_of("KH")
    (1, 10, 13)
    """
    return RANKS.index(card[0])


def suit_of(card: str) -> int:
    """Suit index 0..3 (C, D, H, S) of a card string."""
    return SUITS.index(card[1])


def is_red(card: str) -> bool:
    """True for hearts and diamonds."""
    return card[1] in "HD"


def can_stack(lower: str, upper: str) -> bool:
    """True if ``lower`` may be placed on ``upper`` in a column:
    one rank lower and of the opposite colour."""
    return rank_of(lower) == rank_of(upper) - 1 and is_red(lower) != is_red(upper)


# ---------------------------------------------------------------------------
# Parsing and printing


def _parse_card_token(token: str) -> str:
    token = token.strip().upper()
    if token.startswith("10") and len(token) == 3:
        token = "T" + token[2]
    return check_card(token)


def parse_board(text: str) -> State:
    """Parse fc-solve board text into a state.

    * an optional ``Foundations: H-0 C-2 D-A S-0`` line (ranks 0, A, 2..9, T,
      J, Q, K; any suit order; missing suits are 0);
    * an optional ``Freecells: 9C - - -`` line (``-`` is an empty cell; the
      positions are kept; fewer than 4 entries are padded with empty cells);
    * then up to 8 column lines, buried card first, each with an optional
      leading ``:``; a ``:`` alone is an empty column; missing columns are
      empty. Blank lines are ignored.

    No check is made that all 52 cards are present (partial boards are handy
    in tests), but a card may not appear twice.

    >>> cols, cells, found = parse_board("Foundations: H-0 C-2 D-A\\nFreecells: - 9C\\n: 3H 4S\\n:\\nKD")
    >>> cols[0], cols[1], cols[2], cols[3]
    (('3H', '4S'), (), ('KD',), ())
    >>> cells, found
    ((None, '9C', None, None), (2, 1, 0, 0))
    """
    foundations = [0, 0, 0, 0]
    cells: list[str | None] = [None] * NUM_CELLS
    columns: list[tuple[str, ...]] = []
    for raw_line in text.splitlines():
        line = raw_line.strip()
        if not line:
            continue
        lowered = line.lower()
        if lowered.startswith("foundations:"):
            for item in line.split(":", 1)[1].split():
                suit_char, _, rank_char = item.partition("-")
                suit_char = suit_char.strip().upper()
                rank_char = rank_char.strip().upper()
                if suit_char not in SUITS or len(suit_char) != 1:
                    raise ValueError(f"bad foundation suit in {item!r}")
                if rank_char == "10":
                    rank_char = "T"
                if len(rank_char) != 1 or rank_char not in RANKS:
                    raise ValueError(f"bad foundation rank in {item!r}")
                foundations[SUITS.index(suit_char)] = RANKS.index(rank_char)
            continue
        if lowered.startswith("freecells:"):
            items = line.split(":", 1)[1].split()
            if len(items) > NUM_CELLS:
                raise ValueError(f"too many free cells: {line!r}")
            for position, item in enumerate(items):
                cells[position] = None if item == "-" else _parse_card_token(item)
            continue
        if line.startswith(":"):
            line = line[1:]
        columns.append(tuple(_parse_card_token(token) for token in line.split()))
    if len(columns) > NUM_COLUMNS:
        raise ValueError(f"too many columns: {len(columns)}")
    while len(columns) < NUM_COLUMNS:
        columns.append(())

    seen: set[str] = set()
    for card in [c for column in columns for c in column] + [c for c in cells if c is not None]:
        if card in seen:
            raise ValueError(f"card appears twice: {card}")
        seen.add(card)
    for suit in range(4):
        for rank in range(1, foundations[suit] + 1):
            card = RANKS[rank] + SUITS[suit]
            if card in seen:
                raise ValueError(f"card is both on its foundation and elsewhere: {card}")

    return (tuple(columns), tuple(cells), (foundations[0], foundations[1], foundations[2], foundations[3]))


def format_board(state: State) -> str:
    """Print a state as fc-solve board text (parse_board reads it back).

    >>> s = parse_board("Foundations: C-A\\nFreecells: - 2C\\nKD QS\\n")
    >>> print(format_board(s))
    Foundations: H-0 C-A D-0 S-0
    Freecells: - 2C - -
    : KD QS
    :
    :
    :
    :
    :
    :
    :
    >>> parse_board(format_board(s)) == s
    True
    """
    columns, cells, foundations = state
    found = " ".join(f"{suit}-{RANKS[foundations[SUITS.index(suit)]]}" for suit in "HCDS")
    lines = [f"Foundations: {found}", "Freecells: " + " ".join(c if c is not None else "-" for c in cells)]
    for column in columns:
        lines.append((": " + " ".join(column)) if column else ":")
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# Move generation


def _count_empty_cells(cells) -> int:
    count = 0
    for cell in cells:
        if cell is None:
            count += 1
    return count


def _count_empty_columns(columns, except_index: int | None = None) -> int:
    count = 0
    for index, column in enumerate(columns):
        if index == except_index:
            continue
        if len(column) == 0:
            count += 1
    return count


def _is_built_run(cards) -> bool:
    """True if each card is one rank lower and of opposite colour to the one before it."""
    return all(can_stack(lower, upper) for upper, lower in itertools.pairwise(cards))


def _goes_on_foundation(card: str, foundations) -> bool:
    return foundations[suit_of(card)] == rank_of(card) - 1


def _with_column(columns, index, new_column):
    return tuple(new_column if i == index else column for i, column in enumerate(columns))


def _with_cell(cells, index, new_value):
    return tuple(new_value if i == index else cell for i, cell in enumerate(cells))


def _with_foundation_card(foundations, card):
    suit = suit_of(card)
    new = list(foundations)
    new[suit] = rank_of(card)
    return (new[0], new[1], new[2], new[3])


def reference_moves(state: State) -> dict[str, State]:
    """Every legal move, mapped to the state it leads to.

    All destinations are listed separately: a card may go to *every* empty
    cell and *every* empty column, and a run may go into an empty column in
    every legal count. No automatic (foundation) moves are made.
    """
    columns, cells, foundations = state
    moves: dict[str, State] = {}

    def add(name: str, result: State) -> None:
        assert name not in moves, f"two moves with one name: {name}"
        moves[name] = result

    # 1. From a column: to the foundation (last card only).
    for src in range(NUM_COLUMNS):
        column = columns[src]
        if len(column) == 0:
            continue
        card = column[-1]
        if _goes_on_foundation(card, foundations):
            add(
                COLUMN_NAMES[src] + "h",
                (_with_column(columns, src, column[:-1]), cells, _with_foundation_card(foundations, card)),
            )

    # 2. From a column: to each empty free cell (last card only).
    for src in range(NUM_COLUMNS):
        column = columns[src]
        if len(column) == 0:
            continue
        card = column[-1]
        for cell in range(NUM_CELLS):
            if cells[cell] is None:
                add(
                    COLUMN_NAMES[src] + CELL_NAMES[cell],
                    (_with_column(columns, src, column[:-1]), _with_cell(cells, cell, card), foundations),
                )

    # 3. From a column to another column: every count k = 1 .. len(column).
    for src in range(NUM_COLUMNS):
        column = columns[src]
        for dst in range(NUM_COLUMNS):
            if dst == src:
                continue
            target = columns[dst]
            for k in range(1, len(column) + 1):
                moving = column[len(column) - k:]
                # The moved cards must be a properly built run.
                if not _is_built_run(moving):
                    continue
                head = moving[0]
                # The destination must accept the run's head card.
                if len(target) == 0:
                    pass  # any card may go into an empty column
                elif not can_stack(head, target[-1]):
                    continue
                # The run must fit the capacity (a single card always fits).
                if k > 1:
                    empty_cells = _count_empty_cells(cells)
                    if len(target) == 0:
                        empty_columns = _count_empty_columns(columns, except_index=dst)
                    else:
                        empty_columns = _count_empty_columns(columns)
                    capacity = (empty_cells + 1) * 2 ** empty_columns
                    if k > capacity:
                        continue
                name = COLUMN_NAMES[src] + COLUMN_NAMES[dst]
                if k > 1:
                    name += "v" + str(k)
                new_columns = _with_column(columns, src, column[: len(column) - k])
                new_columns = _with_column(new_columns, dst, target + moving)
                add(name, (new_columns, cells, foundations))

    # 4. From a cell: to the foundation, or to a column. Never to another cell.
    for cell in range(NUM_CELLS):
        held = cells[cell]
        if held is None:
            continue
        if _goes_on_foundation(held, foundations):
            add(
                CELL_NAMES[cell] + "h",
                (columns, _with_cell(cells, cell, None), _with_foundation_card(foundations, held)),
            )
        for dst in range(NUM_COLUMNS):
            target = columns[dst]
            if len(target) == 0 or can_stack(held, target[-1]):
                add(
                    CELL_NAMES[cell] + COLUMN_NAMES[dst],
                    (_with_column(columns, dst, target + (held,)), _with_cell(cells, cell, None), foundations),
                )

    return moves


def reference_apply(state: State, move: str) -> State:
    """The state after ``move``; raises ValueError if the move is not legal."""
    moves = reference_moves(state)
    if move not in moves:
        raise ValueError(f"illegal move {move!r}; legal: {sorted(moves)}")
    return moves[move]


# ---------------------------------------------------------------------------
# Counting


def reference_perft(state: State, depth: int) -> int:
    """Number of move sequences of exactly ``depth`` moves (leaf paths); 1 at depth 0."""
    if depth == 0:
        return 1
    total = 0
    for result in reference_moves(state).values():
        total += reference_perft(result, depth - 1)
    return total


def reference_reachable(state: State, depth: int) -> int:
    """Number of distinct states at the end of move sequences of exactly ``depth`` moves.

    States are compared exactly as tuples: cells and columns keep their
    positions (no canonical reordering). A state counted at one depth can be
    counted again at another (e.g. a card moved to a cell and back).
    """
    level = {state}
    for _ in range(depth):
        next_level = set()
        for current in level:
            for result in reference_moves(current).values():
                next_level.add(result)
        level = next_level
    return len(level)
