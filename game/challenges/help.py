"""The How to play part about the daily challenges, badges and par (both games' pages
show it: :mod:`game.howto`). Each paragraph is a message of the catalogs, marked with
``N_`` and translated where it is shown."""

from __future__ import annotations

from game.i18n import N_

__all__ = ["CHALLENGES_HELP"]

# The badge thresholds are game.challenges.progress.BADGES' and par's time limits.PAR's
# (tests/test_challenge_play.py checks that this text names each one).
CHALLENGES_HELP: tuple[str, ...] = (
    N_("Every day brings six challenges, the same for every player: three FreeCell deals and "
       "three Spider games, Easy, Medium and Hard. Each has a goal: win the deal; in so many "
       "moves or fewer; with no more than so many cards in the free cells at once; without "
       "Undo; with automatic moves Off; in Spider, win with so many suits, or complete so many "
       "suits within a number of moves. Every goal is proven possible: the solver found a line "
       "that meets it, and checked it, before the challenge was offered."),
    N_("The **Menu** lists the day's challenges in each game's group, with the goal in words, "
       "whether you have done it, and **Play** to start it at once. \"Earlier day\" beside "
       "\"Challenges\" shows the earlier days of this month: those can still be played and "
       "count for the month's badge, but they do not mend a broken streak."),
    N_("While you play one, the status line shows how far you are (moves 23 / 40, free cells: "
       "1 / 2, no Undo). A challenge is played at its own automatic-moves level; choosing "
       "another in **Settings** misses an Off challenge. When the goal can no longer be met, "
       "the game says so at once and offers **Restart**; where Undo is allowed, going past "
       "the limit only says that an undo (or a restart) brings it back in reach. A game the "
       "demo played part of does not count."),
    N_("Each challenge done counts once towards the month's badge: Bronze at 10, Silver at 30, "
       "Gold at 60 and Diamond at 120 challenges. The daily streak counts the days in a row "
       "with a challenge done on its own day. **Statistics**, then **Challenges**, shows the "
       "month: each day coloured done, done later or tried, with the badge, every threshold "
       "and the streak."),
    N_("Par: as each game begins, the solver looks in the background (up to 10 seconds) for "
       "the shortest line it can find, at your automatic-moves setting, and checks it. When "
       "you win, the panel shows your moves beside it (31 moves against a par of 26), counted "
       "as the status line counts them. The demo plays the par line from any position on "
       "it. **Par for each game** can be turned off in **Settings**."),
)
