"""Whole numbers typed by a user: one reading for every number box and argument.

Accepted: ASCII digits ``0-9`` with optional surrounding ASCII whitespace,
and optionally thousands separators, either all ``,`` or all ``_``, between
groups of exactly three digits (``1,000,000`` and ``1_000_000``, not
``1,0`` or ``1,000_000``). Deal and game numbers may also start with ``#``
(``#617``). Nothing else: no signs, no decimal point, and no digits of other
scripts, superscripts, circled or fullwidth digits (Python's ``int()`` and
``str.isdigit()`` take some of those, which is why this module exists).

    >>> read_whole(" 1,000,000 "), read_whole("#617", allow_hash=True), read_whole("²")
    (1000000, 617, None)

Pure Python; the rules packages use it for their number parsers.
"""

from __future__ import annotations

import re

from game.i18n import _
from game.i18n.formats import grouped
from game.quoting import shown  # the one quoting of user words; kept importable from here

__all__ = ["NumberError", "fold_wide", "parse_in_range", "read_whole", "shown"]

# Spelled out rather than \d or \s: in Python's re those match other scripts too.
_WHOLE = re.compile(r"[0-9]+|[0-9]{1,3}(?:,[0-9]{3})+|[0-9]{1,3}(?:_[0-9]{3})+")
_ASCII_SPACE = " \t\r\n\f\v"
#: Longer than any number the game takes; keeps int() far from its digit limit.
_MAX_DIGITS = 30


class NumberError(ValueError):
    """User text that is not an acceptable number; the message is one line a player reads."""


def read_whole(text: str, *, allow_hash: bool = False) -> int | None:
    """The whole number ``text`` spells (see the module docstring), else ``None``.

    A number too long to mean anything (over 30 digits) is ``None`` too.

    >>> read_whole("1_000"), read_whole("1,0"), read_whole("+5"), read_whole("٣")
    (1000, None, None, None)
    """
    t = text.strip(_ASCII_SPACE)
    if allow_hash and t.startswith("#"):
        t = t[1:]
    if _WHOLE.fullmatch(t) is None:
        return None
    digits = t.replace(",", "").replace("_", "")
    if len(digits) > _MAX_DIGITS:
        return None
    return int(digits)


# What a Korean or Japanese keyboard sends in full-width mode: digits, comma and number sign.
_WIDE = str.maketrans({**{chr(0xFF10 + d): str(d) for d in range(10)}, "\uff0c": ",", "\uff03": "#"})


def fold_wide(text: str) -> str:
    """``text`` with full-width digits (and comma and number sign) made ASCII.

    Only the game's own number boxes fold; the command line stays ASCII-only.

    >>> fold_wide("＃６１７"), read_whole(fold_wide("１，０００"))
    ('#617', 1000)
    """
    return text.translate(_WIDE)


def parse_in_range(text: str, name: str, low: int, high: int) -> int:
    """A whole number ``low..high`` for the option ``name``, or :class:`NumberError`.

    >>> parse_in_range("3", "--freecells", 0, 4)
    3
    >>> parse_in_range("¹", "--freecells", 0, 4)
    Traceback (most recent call last):
    ...
    game.numbers.NumberError: --freecells must be a whole number 0..4, not '¹'
    """
    n = read_whole(text)
    if n is None or not low <= n <= high:
        raise NumberError(_("{name} must be a whole number {low}..{high}, not {text}").format(
            name=name, low=grouped(low), high=grouped(high), text=shown(text)))
    return n
