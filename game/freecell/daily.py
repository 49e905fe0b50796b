"""Today's deal: one FreeCell deal per calendar date in Japan time (UTC+9).

Everyone gets the same deal on the same date. Dates walk through a fixed
permutation of deals 1..32,000 without the unsolvable 11982, so no deal
repeats for 31,999 days (about 87 years)::

    >>> import datetime
    >>> daily_deal(datetime.date(2026, 11, 29)) == daily_deal(datetime.date(2026, 11, 29))
    True
    >>> len({daily_deal(datetime.date(2026, 1, 1) + datetime.timedelta(d)) for d in range(1000)})
    1000
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

from game.freecell.deals import KNOWN_UNSOLVABLE

__all__ = ["DAILY_POOL", "JST", "clock", "daily_deal", "today_in_japan"]

JST = datetime.timezone(datetime.timedelta(hours=9), "JST")

#: The deals a day may get: 1..32,000 less the known-unsolvable ones.
DAILY_POOL: tuple[int, ...] = tuple(n for n in range(1, 32001) if n not in KNOWN_UNSOLVABLE)

# index = (days * _STEP + _OFFSET) mod len(pool) is a permutation of the pool
# because _STEP shares no factor with 31,999 (= 11 * 2909). The numbers are
# arbitrary but fixed forever: changing them would change every past day.
_STEP = 7919
_OFFSET = 12345
_EPOCH = datetime.date(2000, 1, 1)


def _system_clock() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC)


#: Where the game reads the current time for today's date (the daily deal, the challenges,
#: the calendar): the system clock. Tests set it, so that they run the same on any day.
clock: Callable[[], datetime.datetime] = _system_clock


def today_in_japan(now: datetime.datetime | None = None) -> datetime.date:
    """The calendar date in Japan at ``now`` (default: :data:`clock`'s time)."""
    now = now or clock()
    if now.tzinfo is None:
        now = now.replace(tzinfo=datetime.UTC)
    return now.astimezone(JST).date()


def daily_deal(date: datetime.date | None = None) -> int:
    """The deal number of ``date`` (default: today in Japan)."""
    date = date or today_in_japan()
    days = (date - _EPOCH).days
    return DAILY_POOL[(days * _STEP + _OFFSET) % len(DAILY_POOL)]
