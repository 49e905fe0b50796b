"""The game's record: its statistics and its saved game.

:class:`Record` counts the game on a table (under the table's keys:
FreeCell also under its difficulty and the daily deal) and keeps the save
file current. It never calls the controller: it answers with values, and
the controller reacts (the celebration, the sound, the message line)::

    record = Record(store, stats)
    won = record.changed(table)    # after each move: a Won the first time the game is won
    record.abandon(table)          # a new game replaces this one: played and lost
    record.save(table)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.play.table import Table
    from game.stats import Statistics
    from game.store import Store

__all__ = ["Record", "Won", "SAVE_EVERY"]

#: The game is saved after this many moves since the last save.
SAVE_EVERY = 5


@dataclass(frozen=True)
class Won:
    """The game was just won; ``counted``: the player won it (not the demo), so it counts."""

    counted: bool


class Record:
    """Statistics and the saved game of the game on the table."""

    def __init__(self, store: Store, stats: Statistics) -> None:
        self.store = store
        self.stats = stats
        #: Whether a demo played any of this game (then it does not count).
        self.demo_touched = False
        self._recorded = False
        self._saved_at = 0

    def changed(self, table: Table) -> Won | None:
        """After every move: count a win once (the save goes); save every few moves."""
        s = table.session
        if s.won and not self._recorded:
            self._recorded = True
            if not self.demo_touched:  # a game the demo played does not count
                self.count(table, won=True)
                self.store.delete("savegame")
            return Won(not self.demo_touched)
        if not s.won and abs(s.moves - self._saved_at) >= SAVE_EVERY:
            self.save(table)
        return None

    def count(self, table: Table, *, won: bool, give_up: bool = False) -> None:
        """The game on ``table`` in the statistics, under each of its keys."""
        s = table.session
        for key, daily in ((table.stats_key(), table.daily()), (table.level_key(), None)):
            if key is None:
                continue
            if won:
                self.stats.record_win(key, s.clock.elapsed, s.moves, daily=daily, store=self.store)
            else:
                self.stats.record_loss(key, give_up=give_up, seconds=s.clock.elapsed, moves=s.moves,
                                       daily=daily, store=self.store)

    def abandon(self, table: Table) -> None:
        """A new game replaces the one on ``table``: one in progress counts as played and lost."""
        s = table.session
        if not s.won and s.clock.started and not self.demo_touched:
            self.count(table, won=False)
        self._recorded = False
        self._saved_at = 0
        self.demo_touched = False

    def give_up(self, table: Table) -> None:
        """Give Up: counted as given up, once (the new deal must not count it again)."""
        s = table.session
        if not s.won:
            self.count(table, won=False, give_up=True)
            s.clock.reset()

    def save(self, table: Table) -> None:
        """The save file: the game on ``table``, or none once it is won."""
        s = table.session
        self._saved_at = s.moves
        if s.won:
            self.store.delete("savegame")
        else:
            self.store.save("savegame", s.to_dict())

    def warning(self) -> str:
        """The latest thing the data folder had to say ("" when nothing)."""
        lines = self.store.take_warnings()
        return lines[-1] if lines else ""
