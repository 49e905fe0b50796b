"""How to play: one in-game page per game (SPEC §3), reachable with F1; where each
topic is explained, and the page as a document.

The pages' words are written in :mod:`game.guide` (one module per page, the
sections both share in their own), as sections of the blocks and inline marks
of :mod:`game.guide.markup`; this module finds them. The renderers read a page
as a document, a sequence of :class:`Heading`, :class:`Paragraph` and
:class:`Bullets` blocks (:func:`blocks`): the terminal prints it as plain text
(:func:`game.help_text.as_text`), the in-game panel sets headings large,
paragraphs wrapped and lists as lists (:mod:`game.play.help`). Anchors are
unique across both pages, so an anchor alone names a place; the "N cards
movable" figure and the one-line refusals link to the section that explains
them::

    >>> section_for("cards movable")
    ('freecell', 'movable-cards')
    >>> section_for("refusals", game="spider")
    ('spider', 'spider-refusals')
    >>> section_for_refusal("freecell", "needs 7, can move 6: free a cell or a column")
    ('freecell', 'movable-cards')
    >>> from game.help_text import as_text
    >>> print(as_text("freecell", width=40, anchor="free-cells").splitlines()[0])
    Free cells
"""

from __future__ import annotations

import re
import string

from game.guide.freecell import FREECELL
from game.guide.markup import Block, Bullets, Heading, Page, Paragraph, Section, plain, spans
from game.guide.spider import SPIDER
from game.i18n import N_, _, ngettext

__all__ = ["GAMES", "PAGES", "Block", "Bullets", "Heading", "Page", "Paragraph", "Section", "blocks", "marks", "page",
           "plain", "section_for", "section_for_refusal", "spans"]


#: The pages by game.
PAGES: dict[str, Page] = {"freecell": FREECELL, "spider": SPIDER}
GAMES: tuple[str, ...] = tuple(PAGES)

# Anchor -> game. Anchors are unique across both pages (the tests hold us to it),
# so a link needs only the anchor.
_WHERE: dict[str, str] = {s.anchor: p.game for p in PAGES.values() for s in p.sections}


def _game_name(game: str) -> str:
    # Statistics keys ("spider-2") and capitalised names lead to the same page.
    name = game.strip().lower().split("-")[0]
    if name not in PAGES:
        raise KeyError(f"no how-to page for {game!r}: games are {', '.join(GAMES)}")
    return name


def page(game: str) -> Page:
    """The how-to-play page of ``game`` ("freecell" or "spider").

    >>> page("spider").title, page("freecell").anchors[:2]
    ('How to play Spider', ('freecell-aim', 'building'))
    """
    return PAGES[_game_name(game)]


def _normal(topic: str) -> str:
    return re.sub(r"[\s_\"']+", "-", topic.strip().lower()).strip("-")


def section_for(topic: str, game: str | None = None) -> tuple[str, str]:
    """Where ``topic`` is explained: ``(game, anchor)``.

    ``topic`` is an anchor, or a name a section is known by ("capacity",
    "keyboard", "score"); spaces and hyphens are alike. Names both pages use
    ("controls", "tips", "refusals") need ``game``. Raises ``KeyError`` for
    a topic neither page explains.

    >>> section_for("movable-cards"), section_for("supermove")
    (('freecell', 'movable-cards'), ('freecell', 'movable-cards'))
    >>> section_for("difficulty"), section_for("difficulty", game="freecell")
    (('spider', 'difficulty'), ('freecell', 'deals'))
    >>> section_for("tips")
    Traceback (most recent call last):
    ...
    KeyError: "'tips' is on both pages: name the game"
    """
    key = _normal(topic)
    games = (_game_name(game),) if game is not None else GAMES
    if game is not None:
        # On one page: its own anchor, its prefixed anchor, then a section's other names.
        name = games[0]
        for anchor in (key, f"{name}-{key}"):
            if _WHERE.get(anchor) == name:
                return name, anchor
    elif key in _WHERE:
        return _WHERE[key], key
    found = [(g, s.anchor) for g in games for s in PAGES[g].sections if key in s.topics]
    if len(found) == 1:
        return found[0]
    if not found:
        raise KeyError(f"no how-to section about {topic!r}")
    raise KeyError(f"{topic!r} is on both pages: name the game")


# One-line refusals (FreeCell Position.check, Spider Position.why_illegal) ->
# the section that explains the rule behind them. First match wins; a reason
# no pattern knows links to the page's general "refused" section.
_REFUSALS: dict[str, tuple[tuple[str, str], ...]] = {
    "freecell": (
        # "7 cards can't move at once: only 6 can now"; older wording kept for saved texts.
        (r"can't move( into an empty column)? at once|needs \d+, can move \d+", "movable-cards"),
        (r"only a run moves together|are not a run", "movable-cards"),
        (r"can't go on|build down|does not go on", "building"),
        (r"go(es)? home|already home|foundation", "foundations"),
        (r"free cell", "free-cells"),
    ),
    "spider": (
        (r"stock|no deal", "dealing"),
        (r"same-suit run|can't go on|does not go on", "spider-building"),
    ),
}


# The same links for a refusal in another language: the rules engines' messages
# (their msgids) whose translation, read as a pattern, the reason matches.
_REFUSAL_MESSAGES: dict[str, tuple[tuple[str | tuple[str, str], str], ...]] = {
    "freecell": (
        (N_("{count} cards can't move at once: only {n} can now (free a cell or a column)"), "movable-cards"),
        (N_("{count} cards can't move into an empty column at once: only {n} can now (free a cell or a column)"),
         "movable-cards"),
        (N_("only a run moves together: {cards} is not one ({why})"), "movable-cards"),
        (N_("{card} can't go on {target}: {why}"), "building"),
        (N_("{card} can't go home yet: its foundation needs {want} first"), "foundations"),
        (N_("every {suit} is already home"), "foundations"),
        (N_("cards go home one at a time"), "foundations"),
        (N_("{place} already holds {card}: a free cell holds one card"), "free-cells"),
        (N_("a free cell holds one card"), "free-cells"),
        (N_("{card} stays put: a card never moves from one free cell to another"), "free-cells"),
    ),
    "spider": (
        (N_("the stock is empty: no rows are left to deal"), "dealing"),
        (N_("the stock can't be dealt while a column is empty: fill column {n} first"), "dealing"),
        (N_("only a same-suit run moves together: {cards} is not one"), "spider-building"),
        (N_("{card} can't go on {target}: {why}"), "spider-building"),
    ),
}


def _as_pattern(message: str) -> str:
    return "".join(re.escape(part) + (".+?" if name is not None else "")
                   for part, name, _spec, _conv in string.Formatter().parse(message))


def section_for_refusal(game: str, reason: str) -> tuple[str, str]:
    """The section that explains a refused move's one-line ``reason``.

    >>> section_for_refusal("spider", "move 1 2 3: only a same-suit run moves together: 9♠ 8♥ 7♠ is not one")
    ('spider', 'spider-building')
    >>> section_for_refusal("freecell", "J♠ can't go on 2♥: a card goes on one a rank higher")
    ('freecell', 'building')
    >>> section_for_refusal("freecell", "column 3 is empty")
    ('freecell', 'freecell-refusals')
    """
    name = _game_name(game)
    for pattern, anchor in _REFUSALS[name]:
        if re.search(pattern, reason, re.IGNORECASE):
            return name, anchor
    for message, anchor in _REFUSAL_MESSAGES[name]:
        forms = {_(message)} if isinstance(message, str) else {ngettext(*message, n) for n in (1, 2, 5)}
        if any(re.search(_as_pattern(form), reason) for form in forms):
            return name, anchor
    return name, f"{name}-refusals"


def blocks(game: str, anchor: str | None = None) -> tuple[Block, ...]:
    """The page of ``game`` (or its section ``anchor``) as a document.

    The whole page starts with its title as a level-1 heading; each section
    is a level-2 heading and its paragraphs and lists::

        >>> doc = blocks("freecell")
        >>> doc[0], doc[1]
        (Heading(text='How to play FreeCell', level=1), Heading(text='The aim and the table', level=2))
        >>> blocks("spider", "sets")[0]
        Heading(text='Completed sets', level=2)
    """
    p = page(game)
    if anchor is not None:
        return p.section(anchor).blocks
    return (Heading(p.title, 1),) + tuple(b for section in p.sections for b in section.blocks)


def marks(game: str) -> list[tuple[str, str]]:
    """Every ``(kind, name)`` marked on ``game``'s page ("button", "key" or "pad"), in order."""
    out: list[tuple[str, str]] = []
    for block in blocks(game):
        texts = block.items if isinstance(block, Bullets) else (block.text,)
        out.extend((kind, words) for text in texts for kind, words in spans(text) if kind != "text")
    return out
