"""The save file of a game in play (``savegame.json``) as the sessions write it
(:meth:`game.session.FreeCellSession.to_dict`, :meth:`game.session.SpiderSession.to_dict`)
and read it back once :mod:`game.schema` has checked each field's type and range.

Typed dicts: the file stays plain JSON, and mypy holds the sessions to its fields::

    >>> from game.session import FreeCellSession
    >>> save = FreeCellSession(617).to_dict()
    >>> save["game"], save["deal"], save["steps"]
    ('freecell', 617, [])
    >>> saved_step(["8a", False])
    ('8a', False)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Required, TypeAlias, TypedDict

__all__ = ["FreeCellSave", "SavedGame", "SavedStep", "SpiderSave", "saved_step"]

#: A FreeCell step as saved: the move in notation and its flag (True: plain, no automatic
#: moves; False: made at the level in force; else the level it was made at).
SavedStep: TypeAlias = "list[str | bool]"


class SavedGame(TypedDict, total=False):
    """What both games' saves hold beside their steps (``savegame.json``; the
    schema, :mod:`game.schema`, checks each field's type and range on load)."""

    game: Required[str]  # "freecell" or "spider"
    elapsed: float
    clock_started: bool
    undos: int
    #: Something helped play the game (what an older version reads); what helped first.
    assisted: bool
    helped: str
    #: What Redo plays again, the next step last (each game's own entries).
    redo: Sequence[object]
    #: The program that wrote it (:mod:`game.store` adds it).
    writer: str


class FreeCellSave(SavedGame, total=False):
    """A FreeCell save (:meth:`game.session.FreeCellSession.to_dict`)."""

    deal: Required[int]
    #: The level in force (an older save's true/false: "safe"/"off"), and the deal's own when it differs.
    auto_foundation: Required[bool | str]
    opening: str
    steps: Required[list[SavedStep]]


class SpiderSave(SavedGame, total=False):
    """A Spider save (:meth:`game.session.SpiderSession.to_dict`): its steps in notation, and the
    score and moves, which must fit them."""

    number: Required[int]
    suits: Required[int]
    steps: Required[list[str]]
    score: Required[int]
    moves: Required[int]


def saved_step(saved: object) -> tuple[str, bool | str]:
    """A saved FreeCell step's move and flag (the schema checked the pair; ``ValueError`` if not one)."""
    if isinstance(saved, (list, tuple)) and len(saved) == 2:
        text, flag = saved
        if isinstance(text, str) and isinstance(flag, (bool, str)):
            return text, flag
    raise ValueError(f"not a step: {saved!r}")
