"""Daily challenges: goals proven possible before they are offered.

Every date from 2020-01-01 to 2099-12-31 has six challenges, the same for
every player and made with no network: FreeCell Easy, Medium and Hard, then
Spider's. Each goal -- win deal N; within P moves; with no more than K cards
in the free cells at once; without Undo; with automatic moves Off; Spider:
win game G with S suits, complete K suits within M moves -- comes with a
line that meets it, replayed through the rules engine and judged by the
same tracker that follows the player::

    >>> import datetime
    >>> from game.challenges import challenges_for, Tracker
    >>> easy = challenges_for(datetime.date(2026, 12, 2))[0]
    >>> easy.id, easy.game, easy.level
    ('2026-12-02-freecell-easy', 'freecell', 'easy')
    >>> Tracker(easy.goal).status.value
    'playing'

The pieces, none of which imports pygame:

* :mod:`~game.challenges.lines` -- the shipped proven lines
  (``assets/challenge-lines.tsv``, built by ``tools/build_challenges.py``)
  and their replay;
* :mod:`~game.challenges.days` -- the challenges of a date;
* :mod:`~game.challenges.goals` -- a goal and its :class:`Tracker`;
* :mod:`~game.challenges.progress` -- done / tried marks, the month's badge
  and the daily streak, stored with the statistics;
* :mod:`~game.challenges.sentences` -- every sentence a player reads, in one
  table of templates.
"""

from game.challenges.days import FIRST_DATE, LAST_DATE, LEVELS, Challenge, challenge_by_id, challenges_for
from game.challenges.goals import Goal, Status, Tracker
from game.challenges.progress import BADGES, ChallengeProgress, NotPlayable, playable

__all__ = [
           "BADGES",
           "FIRST_DATE",
           "LAST_DATE",
           "LEVELS",
           "Challenge",
           "ChallengeProgress",
           "Goal",
           "NotPlayable",
           "Status",
           "Tracker",
           "challenge_by_id",
           "challenges_for",
           "playable",
]
