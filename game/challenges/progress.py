"""The player's challenges on this computer: which are done, the month's badge, the daily streak.

Kept in ``challenges.json`` beside the statistics (through
:class:`game.store.Store`, checked by :data:`game.schema.CHALLENGES`): one
short mark per date, one letter per challenge in the order of the day
(FreeCell Easy, Medium, Hard, then Spider's)::

    "2026-12-02": "d-t---"

``-`` not tried, ``t`` tried, ``d`` done on its own day, ``l`` done later in
the same month. Dates are Japan calendar dates, as the daily deal's.

The rules:

* A challenge can be played on its day and on the later days of the same
  month (a past day of last month is closed), never before its day.
* Each challenge done counts once towards its month's badge
  (:data:`BADGES`), whenever in the month it was done.
* The daily streak counts consecutive days on which at least one of that
  day's challenges was done on that day; it is still alive while today has
  none done yet. A past day done later does not mend a broken streak.

::

    >>> import datetime
    >>> from game.challenges.days import challenges_for
    >>> day = challenges_for(datetime.date(2026, 12, 2))
    >>> p = ChallengeProgress()
    >>> p.record_done(day[0], today=datetime.date(2026, 12, 2))
    True
    >>> p.record_done(day[0], today=datetime.date(2026, 12, 2))  # counted once
    False
    >>> p.state(day[0]), p.state(day[1]), p.streak(datetime.date(2026, 12, 2)), p.month_done(2026, 12)
    ('done', 'none', 1, 1)
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from game.challenges.days import GAMES, LEVELS, Challenge
from game.challenges.sentences import say, streak_days
from game.i18n import _
from game.quoting import shown

if TYPE_CHECKING:
    from game.schema import ChallengesFile
    from game.store import Store

__all__ = ["BADGES", "FORMAT_VERSION", "SLOTS", "STORE_NAME", "ChallengeProgress", "NotPlayable", "badge_for",
           "playable"]

STORE_NAME = "challenges"
FORMAT_VERSION = 1
#: The order of a day's marks.
SLOTS: tuple[tuple[str, str], ...] = tuple((g, lv) for g in GAMES for lv in LEVELS)
#: The month's badges and the challenges done that earn each (a month has 168..186).
BADGES: tuple[tuple[str, int], ...] = (("bronze", 10), ("silver", 30), ("gold", 60), ("diamond", 120))

_EMPTY = "-" * len(SLOTS)
_MARKS = re.compile(f"[-tdl]{{{len(SLOTS)}}}")
#: A challenge's state by its mark; the words shown are ``state.<name>`` in the sentences table.
_STATES = {"-": "none", "t": "tried", "d": "done", "l": "late"}
T = TypeVar("T")


class NotPlayable(ValueError):
    """A challenge outside its month, or of a day still to come (one line)."""


def playable(date: datetime.date, today: datetime.date) -> bool:
    """Whether a challenge of ``date`` can be played ``today``: its day or later in its month.

    >>> d = datetime.date
    >>> playable(d(2026, 12, 1), d(2026, 12, 31)), playable(d(2026, 11, 30), d(2026, 12, 1))
    (True, False)
    """
    return date <= today and (date.year, date.month) == (today.year, today.month)


def badge_for(done: int) -> str | None:
    """The badge ``done`` challenges in a month earn ("bronze" .. "diamond"), or None.

    >>> badge_for(9), badge_for(10), badge_for(119), badge_for(186)
    (None, 'bronze', 'gold', 'diamond')
    """
    earned = [name for name, needed in BADGES if done >= needed]
    return earned[-1] if earned else None


def _slot(challenge: Challenge) -> int:
    return SLOTS.index((challenge.game, challenge.level))


def _date(text: str) -> datetime.date:
    if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
        raise ValueError(_("{text} is not a YYYY-MM-DD date").format(text=shown(text)))
    return datetime.date.fromisoformat(text)


@dataclass
class ChallengeProgress:
    """Marks by date (``YYYY-MM-DD`` -> six letters; see the module docstring)."""

    days: dict[str, str] = field(default_factory=dict)

    # --- reading ----------------------------------------------------------------------

    def marks(self, date: datetime.date) -> str:
        return self.days.get(date.isoformat(), _EMPTY)

    def state(self, challenge: Challenge) -> str:
        """"none" (not tried), "tried", "done" or "late" (done after its day); say(f"state.{name}") shows it."""
        return _STATES[self.marks(challenge.date)[_slot(challenge)]]

    def is_done(self, challenge: Challenge) -> bool:
        return self.marks(challenge.date)[_slot(challenge)] in "dl"

    def month_done(self, year: int, month: int) -> int:
        """Challenges of that month done (on their day or later)."""
        prefix = f"{year:04d}-{month:02d}-"
        return sum(m.count("d") + m.count("l") for day, m in self.days.items() if day.startswith(prefix))

    def badge(self, year: int, month: int) -> str | None:
        return badge_for(self.month_done(year, month))

    def badge_line(self, year: int, month: int) -> str:
        """``12 of 30 challenges for Silver``, as the statistics show it."""
        done = self.month_done(year, month)
        ahead = [(name, needed) for name, needed in BADGES if done < needed]
        if not ahead:
            return say("badge.top", done=done, badge=say("badge.diamond"))
        name, needed = ahead[0]
        return say("badge.next", done=done, needed=needed, badge=say(f"badge.{name}"))

    def calendar(self, year: int, month: int) -> list[tuple[datetime.date, tuple[str, ...]]]:
        """Each day of the month with the state of its six challenges (in :data:`SLOTS` order),
        for the statistics calendar.

        >>> ChallengeProgress({"2026-02-03": "dt----"}).calendar(2026, 2)[2][1][:3]
        ('done', 'tried', 'none')
        >>> len(ChallengeProgress().calendar(2028, 2))
        29
        """
        day = datetime.date(year, month, 1)
        out: list[tuple[datetime.date, tuple[str, ...]]] = []
        while day.month == month:
            out.append((day, tuple(_STATES[m] for m in self.marks(day))))
            day += datetime.timedelta(days=1)
        return out

    def _on_day(self, day: datetime.date) -> bool:
        return "d" in self.days.get(day.isoformat(), "")

    def streak(self, today: datetime.date) -> int:
        """Consecutive days up to today (or yesterday, while today has none done) with a challenge
        done on its own day."""
        day = today if self._on_day(today) else today - datetime.timedelta(days=1)
        count = 0
        while self._on_day(day):
            count += 1
            day -= datetime.timedelta(days=1)
        return count

    def streak_line(self, today: datetime.date) -> str:
        return streak_days(self.streak(today))

    @property
    def best_streak(self) -> int:
        best = run = 0
        previous: datetime.date | None = None
        for text in sorted(d for d, m in self.days.items() if "d" in m):
            day = datetime.date.fromisoformat(text)
            run = run + 1 if previous is not None and (day - previous).days == 1 else 1
            best, previous = max(best, run), day
        return best

    # --- recording ----------------------------------------------------------------------

    def _mark(self, challenge: Challenge, today: datetime.date, letter: str) -> bool:
        if not playable(challenge.date, today):
            raise NotPlayable(_("the challenge of {date} cannot be played on {today}: only on its day and later "
                                "that month").format(date=challenge.date.isoformat(), today=today.isoformat()))
        key = challenge.date.isoformat()
        marks = self.days.get(key, _EMPTY)
        i = _slot(challenge)
        old = marks[i]
        # Done beats tried, done on the day beats done later: nothing is ever taken back.
        rank = "-tld"
        if rank.index(letter) <= rank.index(old):
            return False
        self.days[key] = marks[:i] + letter + marks[i + 1:]
        return True

    def record_tried(self, challenge: Challenge, today: datetime.date) -> bool:
        """A game of the challenge was started (a move made); True when that is news."""
        return self._mark(challenge, today, "t")

    def record_done(self, challenge: Challenge, today: datetime.date) -> bool:
        """The challenge's goal was met ``today``; True when it was not done before."""
        was_done = self.is_done(challenge)
        changed = self._mark(challenge, today, "d" if challenge.date == today else "l")
        return changed and not was_done

    # --- plain JSON and the store ------------------------------------------------------------

    def to_dict(self) -> ChallengesFile:
        return {"version": FORMAT_VERSION, "days": dict(sorted(self.days.items()))}

    @classmethod
    def from_dict(cls, data: object) -> ChallengeProgress:
        """Read :meth:`to_dict`'s output, or raise ``ValueError`` in one line.

        Beyond the schema it refuses what this program never writes: a date
        outside 2020..2099, and a "done later" mark on a month's last day
        (no later day of that month exists to have done it on).

        >>> ChallengeProgress.from_dict({"version": 1, "days": {"2026-12-31": "l-----"}})
        Traceback (most recent call last):
        ...
        ValueError: 2026-12-31: a challenge done later in the month than the month's last day
        """
        from game.challenges.days import FIRST_DATE, LAST_DATE
        from game.schema import CHALLENGES

        checked = CHALLENGES.check(data)
        if checked.get("version", FORMAT_VERSION) > FORMAT_VERSION:
            raise ValueError(_("challenges version {version} is newer than this program reads").format(
                version=checked["version"]))
        days: dict[str, str] = {}
        for text, marks in checked.get("days", {}).items():
            day = _date(text)
            if not FIRST_DATE <= day <= LAST_DATE:
                raise ValueError(_("{date}: no challenges on that date").format(date=text))
            if not _MARKS.fullmatch(marks):
                raise ValueError(
                    _("{date}: marks {marks} are not six of - t d l").format(date=text, marks=shown(marks)))
            if "l" in marks and (day + datetime.timedelta(days=1)).month != day.month:
                raise ValueError(
                    _("{date}: a challenge done later in the month than the month's last day").format(date=text))
            if marks != _EMPTY:
                days[text] = marks
        return cls(days)

    @classmethod
    def load(cls, store: Store) -> ChallengeProgress:
        """The progress in ``store``; a file that does not hold it is set aside
        with a warning and a clean one written at once (never a crash)."""
        got = store.load(STORE_NAME, default=None, check=cls.from_dict, fresh=cls().to_dict())
        return got if got is not None else cls()

    def update(self, store: Store, change: Callable[[ChallengeProgress], T]) -> T:
        """Apply ``change`` to the progress on disk under the store's lock and
        write it back, so that two games open on one folder lose nothing and
        count a challenge once. ``self`` becomes what was written.

        >>> import tempfile
        >>> from game.store import Store
        >>> from game.challenges.days import challenges_for
        >>> folder, day = tempfile.mkdtemp(), challenges_for(datetime.date(2026, 12, 2))
        >>> one, two = ChallengeProgress.load(Store(folder)), ChallengeProgress.load(Store(folder))
        >>> today = datetime.date(2026, 12, 2)
        >>> one.update(Store(folder), lambda p: p.record_done(day[3], today))
        True
        >>> two.update(Store(folder), lambda p: p.record_done(day[3], today))  # the other window
        False
        >>> ChallengeProgress.load(Store(folder)).month_done(2026, 12)
        1
        """
        with store.locked(STORE_NAME):
            on_disk = store.load(STORE_NAME, default=None, check=type(self).from_dict)
            if on_disk is not None:
                self.days = on_disk.days
            result = change(self)
            store.save(STORE_NAME, self.to_dict())
        return result
