"""The game's record: its statistics and its saved game.

:class:`Record` counts the game on a table (under the table's keys:
FreeCell also under its difficulty and the daily deal) and keeps the save
file current. It never calls the controller: it answers with values, and
the controller reacts (the celebration, the sound, the message line)::

    record = Record(store, stats)
    won = record.changed(table)    # after each move: a Won the first time the game is won
    record.at_stake(table)         # would ending it now count it as played and lost?
    record.abandon(table)          # a new game replaces this one: played and lost
    record.save(table)

One rule decides what counts, whichever way a game ends (a new deal, a
deal from the menu, Give up, a replayed move list): a game counts once a
move is made, even if Undo or Restart took every move back, and a game the
demo, Rewind or a try-again from the review helped play never counts (the
session remembers what helped, in the save too: ``session.helped``).
Quitting counts nothing: the game is saved and comes back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.play.table import Table
    from game.stats import Statistics
    from game.store import Store

__all__ = ["SAVE_EVERY", "Record", "Won"]

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
        #: The game on the table was counted (won, or given up): it never counts twice.
        self._recorded = False
        #: A move was made in this game before a Restart took it back to its deal.
        self._begun = False
        self._saved_at = 0
        #: A save came due while cards were flying: :meth:`settled` writes it once they land.
        self._save_due = False

    @staticmethod
    def made_a_move(table: Table) -> bool:
        """A move was made in this game (undone or not): the clock started with it."""
        s = table.session
        return s.moves > 0 or s.clock.started

    def at_stake(self, table: Table) -> bool:
        """Whether ending the game on ``table`` now counts it as played and lost: a
        move was made (undone, or restarted, or not), it is neither won nor counted
        yet, and nothing helped play it (:attr:`game.session.Helped.helped`)."""
        s = table.session
        begun = self._begun or self.made_a_move(table)
        return not s.won and not self._recorded and not s.assisted and begun

    def restarting(self, table: Table) -> None:
        """The game on ``table`` goes back to its deal (its clock to 0:00): one begun stays
        at stake, as one whose every move was undone does."""
        self._begun = self._begun or self.made_a_move(table)

    def changed(self, table: Table) -> Won | None:
        """After every move: count a win once (the save goes); save every few moves."""
        s = table.session
        if s.won and not self._recorded:
            self._recorded = True
            counted = not s.assisted  # a game the demo, Rewind or a try-again helped play does not count
            if counted:
                self.count(table, won=True)
                self.store.delete("savegame")
            return Won(counted)
        if not s.won and abs(s.moves - self._saved_at) >= SAVE_EVERY:
            # Written once the cards have landed (:meth:`settled`): a save is a file
            # synced to disk, tens of milliseconds on a busy machine, and written
            # here it froze a drop's first frame or a cascade's flight.
            self._save_due = True
        return None

    def settled(self, table: Table) -> None:
        """The cards have landed: write the save that came due while they flew."""
        if self._save_due:
            self.save(table)

    def count(self, table: Table, *, won: bool, give_up: bool = False) -> None:
        """The game on ``table`` in the statistics, under each of its keys."""
        s = table.session
        keys = [(key, daily) for key, daily in ((table.stats_key(), table.daily()), (table.level_key(), None))
                if key is not None]

        def change(stats: Statistics) -> None:
            for key, daily in keys:
                if won:
                    stats.record_win(key, s.clock.elapsed, s.moves, daily=daily)
                else:
                    stats.record_loss(key, give_up=give_up, seconds=s.clock.elapsed, moves=s.moves, daily=daily)

        # Both keys in one read and write of the file: each is a synced write, in the frame
        # a game is won (the cascade's), and two of them cost it 20-30 ms.
        self.stats.update(self.store, change)

    def abandon(self, table: Table) -> None:
        """A new game replaces the one on ``table``: one at stake counts as played and lost."""
        if self.at_stake(table):
            self.count(table, won=False)
        self.forget()

    def forget(self) -> None:
        """The next game on the table is a new one (nothing of it counted yet)."""
        self._recorded = False
        self._begun = False
        self._saved_at = 0
        self._save_due = False

    def give_up(self, table: Table) -> bool:
        """Give Up: counted as given up when at stake, once (the new deal must not
        count it again); True when it was counted."""
        if not self.at_stake(table):
            return False
        self.count(table, won=False, give_up=True)
        self._recorded = True
        return True

    def save(self, table: Table) -> None:
        """The save file: the game on ``table``, or none once it is won."""
        s = table.session
        self._saved_at = s.moves
        self._save_due = False
        if s.won:
            self.store.delete("savegame")
        else:
            self.store.save("savegame", s.to_dict())

    def warning(self) -> str:
        """The latest thing the data folder had to say ("" when nothing)."""
        lines = self.store.take_warnings()
        return lines[-1] if lines else ""
