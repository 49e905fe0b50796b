"""Where a card can be: one enum for the layout, the table controllers, the
highlights, the picks and the pointer (no place is named by a bare string).

It is a string enum, so a place still reads and saves as its name::

    >>> PileKind.COLUMN == "column", str(PileKind("cell"))
    (True, 'cell')
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["PileKind"]


class PileKind(StrEnum):
    """The kinds of places a card can be."""

    COLUMN = "column"
    CELL = "cell"
    FOUNDATION = "foundation"
    STOCK = "stock"
    REMOVED = "removed"
