"""What a laid-out designed screen is (:func:`game.ui.screens.screen_geometry` makes one,
:mod:`game.ui.scrolling` shows part of one, the overlay draws it): its text, its buttons,
its chart and the screen as a whole, in window pixels.

    >>> Text("Menu", x=10, y=10, px=20, role="heading").role
    'heading'
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ui.hud import Rect, button_at

__all__ = ["ChartGeometry", "ScreenButton", "ScreenGeometry", "Text"]


@dataclass(frozen=True)
class Text:
    """A piece of text on a designed screen: where it starts, its size and its role.

    Roles: "heading" (a section title), "label", "value", "field" (a number
    box's text), "note" (a refusal), "detail" (a line describing a row: a goal), "header" and "cell" (the table),
    "name" (a table row's name), "axis" (a chart's labels), "legend", "empty".
    """

    text: str
    x: int
    y: int
    px: int
    role: str


@dataclass(frozen=True)
class ScreenButton:
    """A button of a designed screen: ``index`` into the panel's buttons; ``selected``
    when it shows the current value of a choice or a toggle that is on."""

    label: str
    action: str
    enabled: bool
    rect: Rect
    index: int
    selected: bool = False

    @property
    def lines(self) -> list[str]:
        """The label's lines: a label too long for its column wraps (``"\\n"`` between lines)."""
        return self.label.split("\n")


@dataclass(frozen=True)
class ChartGeometry:
    """A chart of recent games: the plot area, one bar per game and the win-rate line."""

    plot: Rect
    bars: tuple[tuple[Rect, str], ...]
    #: The running win rate, one point per game (bar centres), y down.
    rate: tuple[tuple[int, int], ...]
    #: Coloured squares (and the line's sample) beside the legend's words: ``(rect, kind)``.
    swatches: tuple[tuple[Rect, str], ...]


@dataclass(frozen=True)
class ScreenGeometry:
    """A designed screen laid out for one window (y down): everything the overlay draws."""

    box: Rect
    title: str
    title_px: int
    title_at: tuple[int, int]
    px: int
    texts: tuple[Text, ...]
    buttons: tuple[ScreenButton, ...]
    #: Boxes drawn as text fields (the number box) and as table stripes / header rules.
    fields: tuple[Rect, ...] = ()
    stripes: tuple[Rect, ...] = ()
    rules: tuple[Rect, ...] = ()
    chart: ChartGeometry | None = None
    #: A month of daily deals: ``(rect, state, is_today)`` per day, state "won", "played" or "".
    days: tuple[tuple[Rect, str, bool], ...] = ()
    #: The legend's squares for the month: ``(rect, state)``.
    day_swatches: tuple[tuple[Rect, str], ...] = ()
    columns: int = 1
    #: Rows that found no room even at the smallest text size (0 when all fit).
    cut: int = 0
    #: A screen that scrolls (larger text than fits): the pieces left out above and below the view.
    above: int = 0
    below: int = 0
    #: How far (pixels) that screen is scrolled down.
    offset: int = 0
    #: The pieces of a scrolling screen that show whole or not at all: each row of a
    #: section (its label, value, buttons and notes), each section's heading with its
    #: rule, a table's header and each line, the chart, and a month's name with its legend,
    #: its weekday heads and each week, as ``(whole, head)``: a row's head is its label,
    #: value and buttons, what shows whole where the notes under them make the row taller
    #: than the view.
    units: tuple[tuple[Rect, Rect], ...] = ()
    #: The offsets at which a row (or heading) starts at the view's top, both ends included
    #: (and where a note too long to show under its row goes on): where the wheel stops
    #: (:meth:`game.ui.overlay.Overlay.scroll_by`), so a view always shows one. The last is
    #: where the lowest piece shows.
    stops: tuple[int, ...] = ()
    #: Each thing a scrolling screen draws, as the offsets between which it shows whole
    #: (with what it needs: its row's head, a heading the piece under it): the wheel, which
    #: goes three lines a notch, stops in each on its way, so it passes nothing by.
    windows: tuple[tuple[int, int], ...] = ()
    #: Each part of a table (and a month: its weekday heads over its weeks): its header (heads
    #: and rule) and the whole part. A scrolling screen keeps a header in view at the top
    #: while lines of its part are in view under it.
    tables: tuple[tuple[Rect, Rect], ...] = ()

    def rects(self) -> list[Rect]:
        return [self.box] + [b.rect for b in self.buttons]

    def hit(self, x: int, y: int) -> str | None:
        """The action of the enabled button under pixel ``(x, y)``, if any."""
        return button_at(self.buttons, x, y)
