"""How-to-play pages as plain text: what ``solitaire help`` prints in a terminal.

:func:`text_lines` sets a document of :mod:`game.howto` blocks as lines at
most ``width`` columns wide, counting a wide (CJK) character as the two
columns a terminal gives it and breaking Japanese between characters.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence

from game.howto import Block, Bullets, Heading, blocks, plain
from game.i18n.lines import display_width, wrap_columns

__all__ = ["as_text", "text_lines"]


def _wrap(text: str, width: int, first: str = "", rest: str = "") -> list[str]:
    words = plain(text)
    # textwrap may break after a number ("1 | suit"): English with a number takes the general path.
    if words.isascii() and not re.search(r"\d ", words):
        return textwrap.wrap(words, width, initial_indent=first, subsequent_indent=rest, break_on_hyphens=False)
    # Korean, Japanese, Russian: break at spaces and between Japanese characters, and
    # count a wide character as the two columns a terminal gives it.
    return wrap_columns(words, width, first, rest)


def text_lines(blocks: Sequence[Block], width: int = 78) -> list[str]:
    """``blocks`` as plain-text lines at most ``width`` wide (the terminal's rendering).

    A heading is underlined (``=`` for a page title, ``-`` for a section), a
    list item hangs from ``"  - "``, and blocks are a blank line apart::

        >>> from game.howto import Paragraph
        >>> text_lines([Heading("Foundations"), Paragraph("Ace to **king**."), Bullets(("one", "two"))])
        ['Foundations', '-----------', '', 'Ace to king.', '', '  - one', '  - two']
    """
    if width < 20:
        raise ValueError(f"width {width} is too narrow: at least 20 columns")
    out: list[str] = []
    for block in blocks:
        if out:
            out.append("")
        if isinstance(block, Heading):
            lines = _wrap(block.text, width)
            out.extend([*lines, ("=" if block.level == 1 else "-") * max(display_width(line) for line in lines)])
        elif isinstance(block, Bullets):
            for item in block.items:
                out.extend(_wrap(item, width, "  - ", "    "))
        else:
            out.extend(_wrap(block.text, width))
    return out


def as_text(game: str, width: int = 78, anchor: str | None = None) -> str:
    """The page (or one section of it) as plain text wrapped to ``width`` columns.

    The terminal prints this for ``solitaire help``: the same blocks as the
    in-game panel, with the inline marks (buttons, keys) as plain words.

    >>> text = as_text("spider", width=50)
    >>> text.splitlines()[:2]
    ['How to play Spider', '==================']
    >>> max(len(line) for line in text.splitlines()) <= 50
    True
    """
    if width < 20:
        raise ValueError(f"width {width} is too narrow: at least 20 columns")
    return "\n".join(text_lines(blocks(game, anchor), width)) + "\n"
