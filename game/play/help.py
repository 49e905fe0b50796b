"""How to play, as pages on a panel (F1, the menu's How to play).

The game's help document (:func:`game.howto.blocks`) is cut into pages at
section boundaries: whole sections fill a page while they fit, a section
too long for one page goes on under "(continued)", and a heading always has
text under it on its page. The panel carries the page's blocks
(:attr:`Panel.blocks`) for the overlay to set as a document::

    >>> book = HelpBook.open("freecell")
    >>> book.panel().title.startswith("How to play FreeCell (1/")
    True
    >>> [b.label for b in book.panel().buttons], [b.enabled for b in book.panel().buttons]
    (['Previous page', 'Next page', 'Close'], [False, True, True])
    >>> book.turn(1).page
    1
    >>> [b.label for b in HelpBook.open("spider", "the stock is empty").panel().buttons]
    ['Close']
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from game.howto import Block, Bullets, Heading, plain
from game.i18n import N_, _
from game.play.panels import Button, Command, Panel
from game.render.camera import text_scale

__all__ = ["CHARS_PER_LINE", "LINES_PER_PAGE", "HelpBook", "cost", "paginate"]

#: What one page holds: this many lines of about CHARS_PER_LINE characters
#: (a heading counts as two, each block one more for the space before it).
#: Chosen so that a page sets at full size at 1280x720 and 800x600; the
#: overlay shrinks the text a little where a window is smaller.
LINES_PER_PAGE = 28
CHARS_PER_LINE = 70


def cost(block: Block, width: int = CHARS_PER_LINE) -> int:
    """The lines ``block`` takes on a page, the space before it included."""
    if isinstance(block, Heading):
        return 1 + 2 * len(textwrap.wrap(block.text, width))
    if isinstance(block, Bullets):
        return 1 + sum(len(textwrap.wrap(plain(item), width - 3)) for item in block.items)
    return 1 + len(textwrap.wrap(plain(block.text), width))


def _sections(blocks: Sequence[Block]) -> list[list[Block]]:
    out: list[list[Block]] = []
    for block in blocks:
        if isinstance(block, Heading) or not out:
            out.append([])
        out[-1].append(block)
    return out


def paginate(blocks: Sequence[Block], lines: int = LINES_PER_PAGE,
             width: int = CHARS_PER_LINE) -> tuple[tuple[Block, ...], ...]:
    """``blocks`` cut into pages of about ``lines`` lines, at sections where it can.

    >>> from game.howto import Paragraph
    >>> doc = [Heading("A"), Paragraph("x"), Heading("B"), Paragraph("y " * 200)]
    >>> [[type(b).__name__[0] + (b.text[:1] if isinstance(b, Heading) else "") for b in page]
    ...  for page in paginate(doc, lines=6)]
    [['HA', 'P'], ['HB', 'P']]
    """
    pages: list[tuple[Block, ...]] = []
    page: list[Block] = []
    used = 0

    def turn() -> None:
        nonlocal page, used
        if page:
            pages.append(tuple(page))
        page, used = [], 0

    for section in _sections(blocks):
        total = sum(cost(b, width) for b in section)
        if total <= lines:
            if used + total > lines:
                turn()
            page.extend(section)
            used += total
            continue
        # Too long for a page: it starts a page of its own unless this one is
        # mostly empty, and breaks between blocks (or list items), the heading
        # kept with what follows it; it goes on under "(continued)".
        if used > lines // 2:
            turn()
        head = section[0]
        units: list[Block] = []
        for block in section[1:]:
            if isinstance(block, Bullets):
                units.extend(Bullets((item,)) for item in block.items)
            else:
                units.append(block)
        chunks = [[head, *units[:1]]] + [[u] for u in units[1:]]
        for k, chunk in enumerate(chunks):
            need = sum(cost(b, width) for b in chunk)
            alone = len(page) == 1 and isinstance(page[0], Heading)
            if page and used + need > lines and not alone:
                turn()
                if k > 0 and isinstance(head, Heading):
                    page.append(Heading(_("{text} (continued)").format(text=head.text), head.level))
                    used = cost(page[0], width)
            page.extend(chunk)
            used += need
    turn()
    return tuple(_join_lists(p) for p in pages)


def _join_lists(page: tuple[Block, ...]) -> tuple[Block, ...]:
    """Items of one list that a page break split apart, back in one list."""
    out: list[Block] = []
    for block in page:
        if isinstance(block, Bullets) and out and isinstance(out[-1], Bullets):
            out[-1] = Bullets(out[-1].items + block.items)
        else:
            out.append(block)
    return tuple(out)


@dataclass(frozen=True)
class HelpBook:
    """The how-to document of one game, cut into ``leaves`` (pages of blocks), open at ``page``."""

    leaves: tuple[tuple[Block, ...], ...]
    title: str = N_("How to play")  # an empty book's; a page's own title replaces it
    page: int = 0

    @classmethod
    def open(cls, game: str, refusal: str = "") -> HelpBook:
        """The game's page, or the part that explains ``refusal`` (an engine's reason)."""
        from game.howto import blocks, page, section_for_refusal

        anchor = None
        if refusal:
            game, anchor = section_for_refusal(game, refusal)
        doc = list(blocks(game, anchor))
        if doc and isinstance(doc[0], Heading) and doc[0].level == 1:
            doc = doc[1:]  # the page's title is the panel's title
        # Larger text (Settings -> Text size) sets fewer, shorter lines on a page: more pages.
        scale = text_scale()
        return cls(paginate(doc, max(6, round(LINES_PER_PAGE / scale ** 1.6)), round(CHARS_PER_LINE / scale)),
                   page(game).title)

    @property
    def pages(self) -> int:
        return max(1, len(self.leaves))

    def turn(self, step: int) -> HelpBook:
        return HelpBook(self.leaves, self.title, max(0, min(self.pages - 1, self.page + step)))

    def panel(self) -> Panel:
        """The open page as a document panel; Previous/Next only when there is more than one page."""
        shown = self.leaves[self.page] if self.leaves else ()
        if self.pages == 1:
            return Panel(self.title, (), (Button(_("Close"), Command.CLOSE),), focus=0, blocks=shown)
        last = self.page == self.pages - 1
        buttons = (Button(_("Previous page"), Command.HELP_PREV, self.page > 0),
                   Button(_("Next page"), Command.HELP_NEXT, not last), Button(_("Close"), Command.CLOSE))
        # TRANSLATORS: a help panel's title with its page number, e.g. "How to play FreeCell (3/17)".
        title = _("{title} ({page}/{pages})").format(title=self.title, page=self.page + 1, pages=self.pages)
        return Panel(title, (), buttons, focus=2 if last else 1, blocks=shown)
