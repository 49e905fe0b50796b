"""Words from the input, shown in a message: short, on one line, and visible.

Every message that quotes what a player typed, pasted or named -- a move, a
card, a number, a path -- quotes it through :func:`shown` (in quotes) or
:func:`printable` (bare, for paths). Both cut the word to a few characters
with "…" and escape what would not show as itself: control characters and
newlines, and the invisible marks (zero-width spaces and joiners, bidi
controls, fillers, variation selectors) that would make two different words
look the same or turn a line around. So a 10 MB word in a move list costs a
message of a few dozen characters, and ``3a`` followed by a right-to-left
override cannot hide what follows::

    >>> shown("zz"), shown("3a\\u202e"), shown("9" * 40, 5)
    ("'zz'", "'3a\\\\u202e'", "'99999'…")
    >>> printable("moves\\n.txt"), printable("x" * 100, 10)
    ('moves\\\\n.txt', 'xxxxxxxxxx…')

A message around the word is translated as a whole (``_("{word} is not a
move")``), the word itself never is.

Pure Python: the rules engines use it.
"""

from __future__ import annotations

__all__ = ["ELLIPSIS", "PATH_LIMIT", "WORD_LIMIT", "printable", "shown", "shown_path"]

#: Characters of a quoted word: more than any move, card or number the game takes.
WORD_LIMIT = 24
#: Characters of a path in a message: enough to recognise the file.
PATH_LIMIT = 80
ELLIPSIS = "…"

# Code points str.isprintable() accepts although nothing shows: the
# default-ignorable letters and marks (Hangul fillers, the combining grapheme
# joiner, Mongolian free variation selectors, Khmer inherent vowels) and the
# variation selectors. Format characters (zero-width space and joiners, bidi
# controls, the soft hyphen, tags) are already unprintable to Python.
_INVISIBLE = frozenset(
    [0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180F, 0x2800, 0x3164, 0xFFA0]
    + list(range(0xFE00, 0xFE10)) + list(range(0xE0100, 0xE01F0))
)


def _escape(ch: str) -> str:
    code = ord(ch)
    if ch in "\n\r\t":
        return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}[ch]
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def _visible(ch: str) -> bool:
    return ch.isprintable() and ord(ch) not in _INVISIBLE


def printable(text: object, limit: int = WORD_LIMIT) -> str:
    """``text`` cut to ``limit`` characters (then "…") with everything unseen escaped; no quotes.

    Only the first ``limit`` characters are looked at, so any length costs the same.

    >>> printable("a\\u200bb"), printable("\\x00\\U000e0041")
    ('a\\\\u200bb', '\\\\x00\\\\U000e0041')
    """
    s = text if isinstance(text, str) else str(text)
    head = s[:max(0, limit)]
    body = "".join(ch if _visible(ch) else _escape(ch) for ch in head)
    return body + (ELLIPSIS if len(s) > len(head) else "")


def shown(text: object, limit: int = WORD_LIMIT) -> str:
    """``text`` in quotes for a one-line message, as Python writes a string
    (``repr``), with invisible marks escaped too; cut to ``limit`` characters
    with "…" after the closing quote.

    >>> shown("it's"), shown("a\\u3164b"), shown(1.5), shown(True)
    ('"it\\'s"', "'a\\\\u3164b'", '1.5', 'True')
    """
    if not isinstance(text, str):  # a number or a value from a file: as Python writes it, cut
        r = printable(repr(text), limit)
        return r
    head = text[:max(0, limit)]
    body = "".join(_escape(ch) if ord(ch) in _INVISIBLE else ch for ch in repr(head))
    return body + (ELLIPSIS if len(text) > len(head) else "")


def shown_path(path: object) -> str:
    """A path a player named, for the front of a message (``moves.txt: no such file``).

    A long one keeps its end, where the file's own name is::

        >>> shown_path("/tmp/" + "d" * 200 + "/moves.txt")[:4], len(shown_path("/tmp/" + "d" * 200))
        ('…ddd', 81)
    """
    import os

    text: str | bytes
    try:
        text = os.fspath(path) if isinstance(path, (str, bytes, os.PathLike)) else str(path)
    except TypeError:  # an __fspath__ that returns neither str nor bytes
        text = str(path)
    if isinstance(text, bytes):
        text = text.decode("utf-8", "backslashreplace")
    if len(text) <= PATH_LIMIT:
        return printable(text, PATH_LIMIT)
    return ELLIPSIS + printable(text[-PATH_LIMIT:], PATH_LIMIT)
