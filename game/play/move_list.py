"""FreeCell's move list (the L key): every legal move of a position as a button,
grouped by where it goes, with the commands that act on the whole game below.
"""

from __future__ import annotations

from game.freecell import HOME, Position
from game.i18n import N_, _, ngettext
from game.play.panels import Button, Command, Panel, Row, Section

__all__ = ["move_list_panel"]

#: The move list's headings, in order (marked here, read in the language where shown).
_MOVE_HEADINGS = (N_("To the foundation"), N_("To a free cell"), N_("To a column"))


def move_list_panel(pos: Position) -> Panel:
    """Every legal move as a button under its heading (to the foundation, to a free
    cell, to a column: the three groups the help names), laid out as a designed
    screen so that a long list shrinks to fit above the status line. The title's
    "N cards movable" is the status line's figure (:meth:`Position.movable`)."""
    from game.freecell.hints import move_sentence

    groups: dict[str, list[Button]] = {h: [] for h in _MOVE_HEADINGS}
    home, cell, column = _MOVE_HEADINGS
    for m in pos.distinct_moves():
        heading = home if m.dest == HOME else cell if m.dest >= 8 else column
        # Words first; the standard notation follows as a secondary column.
        groups[heading].append(Button(f"{move_sentence(pos, m)}    {m}", f"play:{m}"))
    plays = [b for g in groups.values() for b in g]
    buttons = tuple(plays) + (
        Button(_("Demo: the solver plays from here"), Command.DEMO),
        Button(_("Review this game: every move graded"), "review"),
        Button(_("Copy this game's moves"), Command.EXPORT),
        Button(_("Replay moves from the clipboard"), Command.IMPORT),
        Button(_("Close"), Command.CLOSE))
    sections, first = [], 0
    for title, group in groups.items():
        if group:
            sections.append(Section(_(title), tuple(Row(buttons=(first + i,)) for i in range(len(group)))))
            first += len(group)
    if not plays:
        sections.append(Section(_("No legal move"), (Row(_("Nothing can move: undo, restart or deal anew.")),)))
    n = pos.movable()
    return Panel(ngettext("Moves: {n} card movable", "Moves: {n} cards movable", n).format(n=n),
                 () if plays else (_("No legal move."),), buttons, vertical=True, focus=0, sections=tuple(sections))
