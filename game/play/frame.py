"""What the window draws, as one read-only value: :class:`Frame`.

:meth:`game.play.Play.frame` builds it; building it changes nothing (the
flights and the panels advance in ``update``). The status line and the
control bar are made here from what the parts say::

    frame = play.frame((1280, 720))
    frame.shown        # the layout with the cards in flight and the held run
    frame.status, frame.buttons, frame.panel
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from game.i18n import _
from game.places import PileKind
from game.play.flights import Key
from game.play.panels import Button, Panel
from game.render.layout import Layout
from game.render.marks import Mark

if TYPE_CHECKING:
    from game.freecell.winnability import Winnability
    from game.play.jobs import Jobs
    from game.play.table import Table

__all__ = ["Frame", "control_bar", "rest_layout", "status_line"]


@dataclass(frozen=True)
class Frame:
    """One frame of the table, for the window to draw and to pick from."""

    #: The cards at rest (where a click or a drop lands).
    layout: Layout
    #: The cards as drawn: in flight where they are, the held run under the pointer.
    shown: Layout
    marks: tuple[Mark, ...]
    focus: Mark | None
    status: str
    message: str
    buttons: tuple[Button, ...]
    panel: Panel | None
    #: Seconds of animation time (the hint's glow pulses on it); under reduced motion it stands at 0.
    time: float
    #: Cards are flying: the window draws every frame.
    busy: bool
    #: The cards (flight keys) spinning in the win's celebration, after the last landing.
    celebrating: frozenset[Key] = frozenset()
    #: A note at a place, ``(kind, pile, text)``: the reason on a red target (hover or focus).
    tip: tuple[PileKind, int, str] | None = None


class _Playing(Protocol):
    """What :func:`rest_layout` reads of :class:`game.play.Play` (which imports this module)."""

    @property
    def table(self) -> Table: ...


def rest_layout(play: _Playing, size: tuple[int, int] | None = None) -> Layout:
    """The cards at rest, as ``play.frame(size).layout`` (where a click or a drop lands),
    without building the rest of a frame: picking asks on every pointer move."""
    return play.table.layout_now(size=size)


class _Demo(Protocol):
    """What the status line reads of a running demo (either: the solver's line, or Play fair)."""

    def status(self) -> str: ...


def _lost(table: Table, live: Winnability | None) -> bool:
    from game.freecell.winnability import WinState

    return live is not None and table.live_check_applies and live.state is WinState.LOST


def status_line(table: Table, live: Winnability | None, demo: _Demo | None, jobs: Jobs, challenge: str = "") -> str:
    """The status line: the table's own, then a challenge's progress, the live check
    or the deal's proof, the demo's keys, and what the solver is searching for the player."""
    extra = [challenge]
    won = table.as_shown().won  # "winnable" stays until the last card has landed
    if table.proven_unsolvable:
        extra.append(_("not winnable: this deal is proven unsolvable"))
    elif live is not None and table.live_check_applies and not won:
        extra.append(live.label)
    elif table.proven_winnable(jobs.found_winnable) and not won and demo is None:
        # (A demo shows the deal winnable by playing it, and its keys need the room.)
        extra.append(_("winnable deal"))
    if demo is not None:
        extra.append(demo.status())
    extra.append(jobs.label())
    return table.status(tuple(extra))


def control_bar(table: Table, live: Winnability | None) -> tuple[Button, ...]:
    """The control bar; Rewind is offered once the live check proves the game lost."""
    return table.buttons(_lost(table, live))
