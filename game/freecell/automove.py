"""Automatic foundation moves: the three levels a FreeCell table can play under.

* ``"off"`` (:data:`AUTO_OFF`): no card goes home by itself;
* ``"safe"`` (:data:`AUTO_SAFE`): after each move the cards no other card can
  still need go home (Raymond's rule, :func:`is_safe_home`), the game's default;
* ``"all"`` (:data:`AUTO_ALL`): every card that fits its foundation goes home,
  again and again until none fits (as Microsoft's FreeCell does).

The automatic cards belong to the move that set them off (one undo step) and
count as no move. ``True`` and ``False`` (the old switch) read as "safe" and "off"::

    >>> auto_level(True), auto_level(False), auto_level("ALL")
    ('safe', 'off', 'all')
    >>> auto_level("most")
    Traceback (most recent call last):
    ...
    ValueError: automatic foundation moves must be off, safe or all, not 'most'

Pure Python: no pygame, moderngl or glm.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.cards import RANK, SUIT
from game.quoting import shown

__all__ = ["AUTO_ALL", "AUTO_LEVELS", "AUTO_OFF", "AUTO_SAFE", "auto_level", "is_safe_home", "safe_home_reads"]

AUTO_OFF = "off"
AUTO_SAFE = "safe"
AUTO_ALL = "all"
#: The levels in the order a settings row shows them.
AUTO_LEVELS: tuple[str, str, str] = (AUTO_OFF, AUTO_SAFE, AUTO_ALL)

_BY_VALUE: dict[object, str] = {True: AUTO_SAFE, False: AUTO_OFF, **{x: x for x in AUTO_LEVELS}}


def auto_level(value: bool | str) -> str:
    """The level ``value`` names: one of :data:`AUTO_LEVELS` (any case) or a bool.

    Raises ``ValueError`` with a one-line message for anything else.
    """
    key = value.strip().lower() if isinstance(value, str) else value
    if isinstance(key, (bool, str)) and key in _BY_VALUE:
        return _BY_VALUE[key]
    raise ValueError(f"automatic foundation moves must be off, safe or all, not {shown(value, 20)}")


_OPPOSITE = ((1, 2), (0, 3), (0, 3), (1, 2))  # suits of the other colour, by suit
_PARTNER = (3, 2, 1, 0)  # the other suit of the same colour


def safe_home_reads(suit: int) -> tuple[int, int, int]:
    """The foundations :func:`is_safe_home` reads for a card of ``suit``: the
    two of the other colour, then the other suit of its own colour.

    >>> safe_home_reads(0), safe_home_reads(1)
    ((1, 2, 3), (0, 3, 2))
    """
    return (*_OPPOSITE[suit], _PARTNER[suit])


def is_safe_home(card: int, foundations: Sequence[int]) -> bool:
    """Raymond's rule: may ``card`` (which fits its foundation) go home untouched?

    Every ace and two; a card whose two other-colour foundations reach rank-1;
    or rank-2 there while the same-colour partner reaches rank-3.
    """
    r = RANK[card]
    if r <= 2:
        return True
    o1, o2 = _OPPOSITE[SUIT[card]]
    a, b = foundations[o1], foundations[o2]
    if a >= r - 1 and b >= r - 1:
        return True
    return a >= r - 2 and b >= r - 2 and foundations[_PARTNER[SUIT[card]]] >= r - 3
