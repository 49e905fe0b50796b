"""How to play's section on the settings for seeing and handling the cards (issue 60):
text size, large print, high contrast, reduced motion, the four-colour deck, click
to pick up and drop, and how far a drag must go. Both pages carry it, each under its
own anchor (anchors are unique across the pages)::

    >>> look_section("spider-look").anchor, look_section("spider-look").topics[:2]
    ('spider-look', ('look', 'settings'))

Each setting is named as the Settings screen labels it (``**Text size**``), so a
test can hold the section to the rows that exist (tests/test_howto_look.py).
"""

from __future__ import annotations

from game.guide.markup import Section
from game.i18n import N_

__all__ = ["LOOK_HELP", "look_section"]

#: The section's paragraphs and list items, one message each.
LOOK_HELP: tuple[str, ...] = (
    N_("Open **Settings** from the menu ([M]) to make the game easier to see and to handle. Every "
       "setting below takes effect the moment you choose it, in the middle of a game too, and is "
       "remembered for next time. The first four are under Look, the last three under Play."),
    N_("- **Text size** (100%, 125%, 150%, 200%) makes every word larger: the status line, the "
       "control bar, the menu, the panels and these pages. A screen too tall for the window then "
       "scrolls with the wheel or the keys, and arrows at its edge show that more lies above or "
       "below."),
    N_("- **Large print cards** prints the rank and suit in the cards' corners larger, so they "
       "stay easy to read when the window, and with it the cards, is small."),
    N_("- **High contrast** draws a plain dark table and white cards with black edges, and makes "
       "the outlines of a selection and of the focus bright, whatever table colour you chose."),
    N_("- **Deck**: **4 colours** prints each suit in its own colour (spades black, hearts red, "
       "clubs green, diamonds blue), colours chosen to stay apart for colour-blind players too; "
       "**2 colours** is the usual red and black."),
    N_("- **Reduced motion** makes the cards step to their places instead of flying, leaves out "
       "the celebration after a win and keeps the hint's glow still. Until you choose, it follows "
       "your desktop's own setting."),
    N_("- **Click to pick up and drop**: a click lifts a card and it follows the pointer with no "
       "button held down; the next click puts it down."),
    N_("- **How far a drag must go** (short, medium or long): how far the pointer must move with "
       "the button held before a press becomes a drag, so a shaky click stays a click."),
)


def look_section(anchor: str) -> Section:
    """The section under ``anchor`` (one per page)."""
    return Section(anchor, N_("Settings for seeing and handling the cards"), LOOK_HELP,
                   ("look", "settings", "accessibility", "text-size", "large-print", "high-contrast",
                    "reduced-motion", "four-colour", "colour-blind"))
