"""How to play's words on playing with no button held down (issue 60's "hands"): the
settings "Click to pick up and drop" and "How far a drag must go", the right-click,
and FreeCell's run panel opened with no hold. Both games' controls sections end with
them (:mod:`game.howto`), as the challenges' section is :mod:`game.challenges.help`'s.
"""

from __future__ import annotations

from game.i18n import N_

__all__ = ["FREECELL_HANDS_HELP", "HANDS_HELP"]

#: Both pages: the two settings and the right-click.
HANDS_HELP: tuple[str, ...] = (
    N_("- Without holding a button down: turn on **Click to pick up and drop** in Settings, and "
       "a click lifts a card (with the cards below it) and it follows the pointer; the next click "
       "puts it down. A click on bare felt, a right-click or [Esc] puts it back. **How far a drag "
       "must go** (short, medium or long) keeps a shaky click from becoming a drag, and a "
       "right-click also clears a selection."),
)

#: FreeCell's page adds the run panel (a press and hold opens it) reached with no hold.
FREECELL_HANDS_HELP: tuple[str, ...] = HANDS_HELP + (
    N_("- No hold needed for the panel: click a selected run again (or press [Enter] on it "
       "again) and the same panel opens."),
)
