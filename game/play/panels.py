"""What a panel or the control bar shows, as plain values.

The controller decides what is on screen (a button's label, whether it is
enabled, which one has the keyboard focus; :class:`Buttons` gathers a
designed screen's buttons as its rows are built); :mod:`game.ui.overlay`
draws it. Nothing here knows about pygame or OpenGL::

    >>> Panel("You won!", ("Deal #617",), (Button("New deal", "new"),)).buttons[0].action
    'new'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from game.input.actions import Act

if TYPE_CHECKING:  # the help document loads with the help
    from game.howto import Block

__all__ = ["ACTS", "PANEL_KEYS", "WALK", "Button", "Buttons", "Calendar", "Chart", "Command", "Grid", "Panel", "Row",
           "Section"]


#: The keys that walk an open panel's buttons, and which way; with Enter (the pad's A)
#: and Esc (B) they are a panel's own keys, the only ones that act while it is up.
WALK = {Act.FOCUS_UP: -1, Act.FOCUS_LEFT: -1, Act.FOCUS_PREV: -1, Act.BAR_PREV: -1,
        Act.FOCUS_DOWN: 1, Act.FOCUS_RIGHT: 1, Act.FOCUS_NEXT: 1, Act.BAR_NEXT: 1}
#: A panel's own keys: every other key does nothing while it is up (nor shows the table's focus ring).
PANEL_KEYS = frozenset(WALK) | {Act.SELECT, Act.CANCEL}


class Command(StrEnum):
    """What a control-bar or table-panel button does (a string enum: the value is its name)."""

    MENU = "menu"
    UNDO = "undo"
    REDO = "redo"
    HINT = "hint"
    MOVES = "moves"
    AUTOCOMPLETE = "autocomplete"
    NEW = "new"
    DEAL = "deal"
    REWIND = "rewind"
    RESTART = "restart"
    GIVE_UP = "giveup"
    DEMO = "demo"
    #: Spider's two demos, chosen on the panel its Demo button opens.
    DEMO_FULL = "demo-full"
    DEMO_FAIR = "demo-fair"
    COPY = "copy"
    EXPORT = "export"
    IMPORT = "import"
    HELP = "help"
    QUIT = "quit"
    CLOSE = "close"
    KEEP = "keep"
    CONFIRMED = "confirmed"
    #: A missed challenge's Restart: the panel was the question, so no second one.
    RETRY = "retry"
    HELP_PREV = "help-prev"
    HELP_NEXT = "help-next"
    HOLD_UP = "hold-up"
    HOLD_DOWN = "hold-down"
    HOLD_OK = "hold-ok"


#: The buttons that do what a key does: pressing one is that key's action (unless the table
#: answers the button itself).
ACTS: dict[str, Act] = {Command.UNDO: Act.UNDO, Command.REDO: Act.REDO, Command.HINT: Act.HINT,
                        Command.NEW: Act.NEW_DEAL, Command.AUTOCOMPLETE: Act.AUTOCOMPLETE, Command.DEAL: Act.DEAL}


@dataclass(frozen=True)
class Button:
    """A button: its label, what it does (a :class:`Command`; the menu's own
    screens and the move list name theirs in text), and whether it may be pressed."""

    label: str
    action: Command | str
    enabled: bool = True
    #: A control-bar button the keyboard or gamepad ring is on (F6, the pad's shoulders).
    focus: bool = False


@dataclass(frozen=True)
class Row:
    """One line of a designed screen: a label, then buttons side by side.

    ``buttons`` and ``selected`` are indexes into :attr:`Panel.buttons`: a
    choice row (``1 | 2 | 4``) marks its current value as ``selected``; a
    toggle is one button, ``selected`` while it is on. ``value`` is text
    after the label (the typed number, "won today"), ``note`` a line under
    the row (a refusal).
    """

    label: str = ""
    buttons: tuple[int, ...] = ()
    selected: tuple[int, ...] = ()
    value: str = ""
    note: str = ""
    #: ``value`` is a text box the player types into (the deal number).
    box: bool = False
    #: A line under the row that describes it (a challenge's goal): wraps, never cut short.
    detail: str = ""


class Buttons:
    """A designed screen's buttons as they are added, one flat list (so focus and clicks
    walk one list); :meth:`add` returns the new button's index as a 1-tuple, which is what
    a :class:`Row` names, and indexes add up into a row of several::

        >>> b = Buttons()
        >>> Row("Suits", b.add("1", "suits-1") + b.add("2", "suits-2")).buttons
        (0, 1)
        >>> Row("", b.add("Back", "back", enabled=False)).buttons, b.buttons[2].enabled
        ((2,), False)
    """

    def __init__(self) -> None:
        self.buttons: list[Button] = []

    def add(self, label: str, action: str, enabled: bool = True) -> tuple[int]:
        self.buttons.append(Button(label, action, enabled))
        return (len(self.buttons) - 1,)


@dataclass(frozen=True)
class Section:
    """A titled group of rows (the menu's "FreeCell", the settings' "Sound")."""

    title: str
    rows: tuple[Row, ...] = ()


@dataclass(frozen=True)
class Grid:
    """A table of text: a header and rows, the first cell of each row its name."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Chart:
    """Recent games as bars, oldest first: ``(seconds, outcome)`` per game,
    outcome "won", "lost" or "given up" (:func:`game.stats.outcome`)."""

    title: str
    games: tuple[tuple[float, str], ...] = ()


@dataclass(frozen=True)
class Calendar:
    """A month of daily deals: ``days`` holds each date's state ("won",
    "played" or "") from the 1st; ``first`` is the 1st's weekday (0 = Monday);
    ``today`` the day of the month that is today (0: another month).
    The daily challenges' month uses the states "done" (one done on its
    day), "late" (done later only), "tried"; ``legend`` names what each
    state's colour means, in order (already in the player's language)."""

    title: str
    first: int
    days: tuple[str, ...]
    today: int = 0
    #: (state, word) per colour; empty: the daily deal's own (won; played, not won).
    legend: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Panel:
    """A box in the middle of the table: a title, lines, and buttons."""

    title: str
    lines: tuple[str, ...] = ()
    buttons: tuple[Button, ...] = ()
    #: Buttons one under another (menus) instead of in a row (result panels).
    vertical: bool = False
    #: The button the keyboard or gamepad is on (-1: none).
    focus: int = -1
    #: A document instead of ``lines`` (:mod:`game.howto` Heading/Paragraph/Bullets
    #: blocks): the overlay sets headings large and wraps paragraphs to the box.
    blocks: tuple[Block, ...] = ()
    #: A designed screen (menu, settings): titled groups of rows. Buttons no
    #: row names go along the bottom.
    sections: tuple[Section, ...] = ()
    #: A table (statistics) and a chart under it.
    grid: Grid | None = None
    chart: Chart | None = None
    #: In place of the chart: a month of daily deals.
    calendar: Calendar | None = None
    #: A page about the table's marked cards (the review's page of a move): it goes
    #: where it covers them least (:func:`game.ui.placing.beside`), not in the middle.
    beside_marks: bool = False

    def walked(self, step: int) -> Panel:
        """The same panel with the keyboard focus ``step`` buttons on (wrapping round)."""
        from dataclasses import replace

        return replace(self, focus=(max(self.focus, 0) + step) % len(self.buttons))

    @property
    def designed(self) -> bool:
        """Whether this panel is a designed screen (sections, a table or a chart)."""
        return bool(self.sections) or self.grid is not None or self.chart is not None or self.calendar is not None
