"""How to play, as pages on a panel (F1, the menu's How to play).

    >>> book = HelpBook.open("freecell")
    >>> book.panel().title.startswith("How to play (1/")
    True
    >>> book.turn(1).page
    1
"""

from __future__ import annotations

from dataclasses import dataclass

from game.play.panels import Button, Panel

__all__ = ["HelpBook", "LINES_PER_PAGE"]

#: Lines of the how-to text shown at once.
LINES_PER_PAGE = 18


@dataclass(frozen=True)
class HelpBook:
    """The how-to text of one game, open at ``page``."""

    lines: tuple[str, ...]
    page: int = 0

    @classmethod
    def open(cls, game: str, refusal: str = "") -> "HelpBook":
        """The game's page, or the part that explains ``refusal`` (an engine's reason)."""
        from game.howto import as_text, section_for_refusal

        anchor = None
        if refusal:
            game, anchor = section_for_refusal(game, refusal)
        return cls(tuple(as_text(game, width=72, anchor=anchor).splitlines()))

    @property
    def pages(self) -> int:
        return max(1, (len(self.lines) + LINES_PER_PAGE - 1) // LINES_PER_PAGE)

    def turn(self, step: int) -> "HelpBook":
        return HelpBook(self.lines, max(0, min(self.pages - 1, self.page + step)))

    def panel(self) -> Panel:
        n = LINES_PER_PAGE
        shown = self.lines[self.page * n:(self.page + 1) * n]
        return Panel(f"How to play ({self.page + 1}/{self.pages})", shown,
                     (Button("Previous page", "help-prev"), Button("Next page", "help-next"),
                      Button("Close", "close")), focus=1)
