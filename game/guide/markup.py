"""How to play's pieces: the blocks a help document is made of, the inline marks in its
text, and the sections and pages the page modules (:mod:`game.guide.freecell`,
:mod:`game.guide.spider`) are written as.

A page is a list of sections; each has a stable anchor, a title and
paragraphs. A paragraph that starts with ``"- "`` is a list item. Inline
marks name buttons (``**Undo**``) and keys (``[F1]``, ``[pad A]``), so a test
can hold the text to the controls that exist::

    >>> section = Section("demo", "Demo", ("Press **Undo**.", "- one", "- two"))
    >>> section.blocks
    (Heading(text='Demo', level=2), Paragraph(text='Press **Undo**.'), Bullets(items=('one', 'two')))

The texts are English msgids, read in the current language whenever they are
shown (:mod:`game.i18n`), so a change of language shows at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.i18n import _

__all__ = ["Block", "Bullets", "Heading", "Page", "Paragraph", "Section", "plain", "spans"]


@dataclass(frozen=True)
class Heading:
    """A heading: ``level`` 1 is a page's title, 2 a section's."""

    text: str
    level: int = 2


@dataclass(frozen=True)
class Paragraph:
    """Running text, wrapped to whatever width shows it."""

    text: str


@dataclass(frozen=True)
class Bullets:
    """A list: one item per entry."""

    items: tuple[str, ...]


#: What a help document is made of.
Block = Heading | Paragraph | Bullets

# Inline marks in a paragraph or item: **Button** names a button on the
# control bar or in the menu, [Key] a key or chord, [pad X] a gamepad control.
# The panel sets them apart; the terminal prints the bare words. Tests check
# every mark against the real bar, menu and input map.
_MARK = re.compile(r"\*\*(?P<button>[^*]+)\*\*|\[pad (?P<pad>[^\[\]]+)\]|\[(?P<key>[^\[\]]+)\]")


def spans(text: str) -> tuple[tuple[str, str], ...]:
    """``text`` cut into ``(kind, words)``: kind is "text", "button", "key" or "pad".

    >>> spans("Press **Undo** or [U].")
    (('text', 'Press '), ('button', 'Undo'), ('text', ' or '), ('key', 'U'), ('text', '.'))
    """
    out: list[tuple[str, str]] = []
    at = 0
    for m in _MARK.finditer(text):
        if m.start() > at:
            out.append(("text", text[at:m.start()]))
        kind = m.lastgroup or "text"
        out.append((kind, m.group(kind)))
        at = m.end()
    if at < len(text):
        out.append(("text", text[at:]))
    return tuple(out)


def plain(text: str) -> str:
    """``text`` without its marks, as the terminal prints it.

    >>> plain("**Hint** ([H]); [pad X] on a gamepad")
    'Hint (H); X on a gamepad'
    """
    return "".join(words for _, words in spans(text))



@dataclass(frozen=True)
class Section:
    """One part of a page: ``anchor`` is the stable id links use.

    A paragraph that starts with ``"- "`` is a list item; consecutive items
    make one :class:`Bullets` block (see :attr:`blocks`). The texts are kept
    as English msgids and read in the current language (:attr:`title`,
    :attr:`paragraphs`), so a change of language shows at once.
    """

    anchor: str
    title_id: str
    paragraph_ids: tuple[str, ...]
    #: Other names :func:`section_for` knows this section by ("capacity", "keys").
    topics: tuple[str, ...] = ()

    @property
    def title(self) -> str:
        return _(self.title_id)

    @property
    def paragraphs(self) -> tuple[str, ...]:
        """The paragraphs in the current language (a list item keeps its ``"- "``)."""
        return tuple(_item(p) for p in self.paragraph_ids)

    @property
    def blocks(self) -> tuple[Block, ...]:
        """The section as a document: its heading, then paragraphs and lists."""
        out: list[Block] = [Heading(self.title, 2)]
        for paragraph in self.paragraphs:
            if paragraph.startswith("- "):
                last = out[-1]
                if isinstance(last, Bullets):
                    out[-1] = Bullets(last.items + (paragraph[2:],))
                else:
                    out.append(Bullets((paragraph[2:],)))
            else:
                out.append(Paragraph(paragraph))
        return tuple(out)


def _item(msgid: str) -> str:
    # A list item stays one whatever the translator wrote in front of it.
    text = _(msgid)
    if msgid.startswith("- "):
        return text if text.startswith("- ") else "- " + text.lstrip("-\u2022 ")
    return text[2:] if text.startswith("- ") else text


@dataclass(frozen=True)
class Page:
    """The how-to-play page of one game."""

    game: str
    title_id: str
    sections: tuple[Section, ...]

    @property
    def title(self) -> str:
        return _(self.title_id)

    @property
    def anchors(self) -> tuple[str, ...]:
        return tuple(s.anchor for s in self.sections)

    def section(self, anchor: str) -> Section:
        """The section with ``anchor`` (``KeyError`` if there is none)."""
        for s in self.sections:
            if s.anchor == anchor:
                return s
        raise KeyError(f"no section {anchor!r} on the {self.game} page")
