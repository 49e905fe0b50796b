"""Statistics on this computer: per game, and FreeCell's daily-deal history.

SPEC §1.7 and §2.4: games played, win rate, current and best streak, best
time and fewest moves, kept per game -- ``"freecell"`` and Spider per
difficulty (``"spider-1"``, ``"spider-2"``, ``"spider-4"``) -- plus the last
:data:`RECENT_LIMIT` results for a small chart. SPEC §1.4 replaces the seed
page's server-side daily figures with the player's own daily history: days
played, days won and the daily-win streak, counted in Japan calendar dates.

When a game counts, and how (the policy the session layer follows):

* A game is *played* once it ends. It ends in one of three ways:

  - won: call :meth:`Statistics.record_win` with its time and moves;
  - given up (the "give up" action): ``record_loss(game, give_up=True)``;
  - abandoned: a new deal (or a Spider difficulty change, which restarts
    the game number under another difficulty) while a started game is
    unfinished: ``record_loss(game)`` before the new game begins.

* A deal with no move made is not a game yet: replacing it records nothing,
  so browsing deals in the menu costs no streak.
* Restarting the same deal continues the same game (the clock keeps
  running); closing the program saves the game and restores it later, so
  neither records anything.
* Any loss, given up or abandoned, ends the current win streak.
* Best time and fewest moves come only from wins. For Spider, "moves" is the
  number the screen shows (moves minus undone ones, SPEC §2.2).

Example::

    >>> stats = Statistics()
    >>> _ = stats.record_win("freecell", seconds=200.0, moves=95, date="2026-11-28")
    >>> _ = stats.record_win("freecell", seconds=150.0, moves=101, date="2026-11-29")
    >>> stats.record_loss("freecell", give_up=True, date="2026-11-29")
    >>> fc = stats["freecell"]
    >>> fc.played, fc.won, f"{fc.win_rate:.0%}", fc.current_streak, fc.best_streak
    (3, 2, '67%', 0, 2)
    >>> fc.best_time, fc.fewest_moves
    (150.0, 95)
    >>> Statistics.from_dict(stats.to_dict()) == stats
    True
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from game.clock import clock_text
from game.i18n import N_, _
from game.i18n.formats import percent
from game.quoting import shown

if TYPE_CHECKING:
    from game.schema import DailyFile, GameStatsFile, ResultFile
    from game.store import Store

__all__ = ["FORMAT_VERSION", "GAMES", "RECENT_LIMIT", "STORE_NAME", "TABLE_COLUMNS", "TABLE_ROWS", "DailyHistory",
           "GameStats", "Improved", "Result", "Statistics", "game_key", "outcome", "table_columns"]

#: Every statistics bucket: FreeCell (all deals, and again by the deal's
#: difficulty), and Spider per number of suits.
GAMES: tuple[str, ...] = ("freecell", "freecell-easy", "freecell-normal", "freecell-hard",
                          "spider-1", "spider-2", "spider-4")

#: How many recent results each game keeps for its chart.
RECENT_LIMIT = 50

#: Written into every document, so a later version can read old files.
FORMAT_VERSION = 1

#: The document name in :class:`game.store.Store`.
STORE_NAME = "statistics"

T = TypeVar("T")

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def game_key(game: str, suits: int | None = None) -> str:
    """The statistics bucket of a game: ``"freecell"`` or ``"spider-<suits>"``.

    >>> game_key("freecell"), game_key("spider", 2), game_key("spider-4")
    ('freecell', 'spider-2', 'spider-4')
    >>> game_key("spider", 3)  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    ValueError: no statistics for 'spider-3': games are freecell, freecell-easy, freecell-normal, freecell-hard,
        spider-1, spider-2, spider-4
    """
    key = f"{game}-{suits}" if suits is not None else game
    if key not in GAMES:
        raise ValueError(f"no statistics for {key!r}: games are {', '.join(GAMES)}")
    return key


def _date_text(date: object, what: str = "date") -> str:
    """A calendar date as ``YYYY-MM-DD``; ``None`` means today (local time, by the game's clock).
    Anything else (a file's value) is a ``ValueError``."""
    if date is None:
        from game.freecell import daily

        return daily.clock().astimezone().date().isoformat()
    if isinstance(date, datetime.datetime):
        # A datetime is a date subclass; take its own calendar date.
        return date.date().isoformat()
    if isinstance(date, datetime.date):
        return date.isoformat()
    if isinstance(date, str) and _DATE.fullmatch(date):
        try:
            datetime.date.fromisoformat(date)
            return date
        except ValueError:
            pass
    raise ValueError(f"{what} {shown(date)} is not a YYYY-MM-DD date")


# --- strict readers for from_dict: every failure is one ValueError line -------------

def _int(value: object, what: str) -> int:
    # bool is an int subclass; ``true`` where a count belongs is garbage.
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{what} must be a whole number >= 0, not {shown(value)}")
    return value


def _seconds(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
        raise ValueError(f"{what} must be seconds >= 0, not {shown(value)}")
    return float(value)


def _bool(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{what} must be true or false, not {shown(value)}")
    return value


def _mapping(value: object, what: str) -> dict[str, object]:
    if not isinstance(value, dict):
        raise ValueError(f"{what} must be a JSON object, not {type(value).__name__}")
    return value


@dataclass(frozen=True)
class Result:
    """One finished game, as the recent-results chart shows it."""

    won: bool
    seconds: float
    moves: int
    date: str  # YYYY-MM-DD
    gave_up: bool = False  # a loss by the "give up" action rather than by abandoning

    def to_dict(self) -> ResultFile:
        return {"won": self.won, "seconds": round(self.seconds, 3), "moves": self.moves,
                "date": self.date, "gave_up": self.gave_up}

    @classmethod
    def from_dict(cls, data: object) -> Result:
        d = _mapping(data, "a recent result")
        return cls(won=_bool(d.get("won", False), "won"),
                   seconds=_seconds(d.get("seconds", 0.0), "seconds"),
                   moves=_int(d.get("moves", 0), "moves"),
                   date=_date_text(d.get("date", "2000-01-01"), "recent date"),
                   gave_up=_bool(d.get("gave_up", False), "gave_up"))


@dataclass(frozen=True)
class Improved:
    """What a win improved, for the result panel ("New best time!")."""

    best_time: bool = False
    fewest_moves: bool = False
    best_streak: bool = False


@dataclass
class GameStats:
    """The statistics of one game (one bucket of :data:`GAMES`).

    >>> g = GameStats()
    >>> g.win_rate  # no games yet: 0, not a division by zero
    0.0
    >>> g.record_win(90.5, 120, "2026-11-29")
    Improved(best_time=True, fewest_moves=True, best_streak=True)
    >>> g.record_loss("2026-11-29"); g.current_streak, g.best_streak, g.lost
    (0, 1, 1)
    """

    played: int = 0
    won: int = 0
    given_up: int = 0
    current_streak: int = 0
    best_streak: int = 0
    best_time: float | None = None
    fewest_moves: int | None = None
    recent: list[Result] = field(default_factory=list)

    @property
    def lost(self) -> int:
        """Games given up or abandoned."""
        return self.played - self.won

    @property
    def win_rate(self) -> float:
        """Won / played as a fraction 0..1; 0.0 before the first game."""
        return self.won / self.played if self.played else 0.0

    def record_win(self, seconds: float, moves: int, date: str) -> Improved:
        seconds = _seconds(seconds, "seconds")
        moves = _int(moves, "moves")
        self.played += 1
        self.won += 1
        self.current_streak += 1
        improved = Improved(
            best_time=self.best_time is None or seconds < self.best_time,
            fewest_moves=self.fewest_moves is None or moves < self.fewest_moves,
            best_streak=self.current_streak > self.best_streak,
        )
        if improved.best_time:
            self.best_time = seconds
        if improved.fewest_moves:
            self.fewest_moves = moves
        if improved.best_streak:
            self.best_streak = self.current_streak
        self._remember(Result(True, seconds, moves, date))
        return improved

    def record_loss(self, date: str, *, give_up: bool = False, seconds: float = 0.0, moves: int = 0) -> None:
        self.played += 1
        self.given_up += give_up
        self.current_streak = 0
        self._remember(Result(False, _seconds(seconds, "seconds"), _int(moves, "moves"), date, give_up))

    def _remember(self, result: Result) -> None:
        self.recent.append(result)
        del self.recent[:-RECENT_LIMIT]

    def to_dict(self) -> GameStatsFile:
        return {
            "played": self.played, "won": self.won, "given_up": self.given_up,
            "current_streak": self.current_streak, "best_streak": self.best_streak,
            "best_time": None if self.best_time is None else round(self.best_time, 3),
            "fewest_moves": self.fewest_moves,
            "recent": [r.to_dict() for r in self.recent],
        }

    @classmethod
    def from_dict(cls, data: object) -> GameStats:
        d = _mapping(data, "a game's statistics")
        g = cls(
            played=_int(d.get("played", 0), "played"),
            won=_int(d.get("won", 0), "won"),
            given_up=_int(d.get("given_up", 0), "given_up"),
            current_streak=_int(d.get("current_streak", 0), "current_streak"),
            best_streak=_int(d.get("best_streak", 0), "best_streak"),
            best_time=None if d.get("best_time") is None else _seconds(d["best_time"], "best_time"),
            fewest_moves=None if d.get("fewest_moves") is None else _int(d["fewest_moves"], "fewest_moves"),
        )
        recent = d.get("recent", [])
        if not isinstance(recent, list):
            raise ValueError(f"recent must be a list, not {type(recent).__name__}")
        # An older or hand-edited file may keep more; the chart wants the last few.
        g.recent = [Result.from_dict(r) for r in recent[-RECENT_LIMIT:]]
        # Counts that contradict each other mean the file is not ours (or was edited).
        if g.won > g.played or g.given_up > g.played - g.won:
            raise ValueError(_("{won} won and {given_up} given up out of {played} played do not add up").format(
                won=g.won, given_up=g.given_up, played=g.played))
        if g.current_streak > g.best_streak or g.best_streak > g.won:
            raise ValueError(_("streaks {current}/{best} do not fit {won} wins").format(
                current=g.current_streak, best=g.best_streak, won=g.won))
        if not g.won and (g.best_time is not None or g.fewest_moves is not None):
            raise ValueError(_("a best time or fewest moves without a win"))
        return g


@dataclass
class DailyHistory:
    """FreeCell's today's-deal history: which Japan dates were played and won.

    A date counts once however often its deal was played, and counts as won
    if any of those games was won. The daily-win streak is the run of
    consecutive won dates; it is still alive while today's deal is not won
    yet (the day is not over), and ends at the first date missed or lost.

    >>> h = DailyHistory()
    >>> for day, won in [("2026-11-26", True), ("2026-11-27", True), ("2026-11-27", False),
    ...                  ("2026-11-28", False), ("2026-11-28", True), ("2026-11-29", False)]:
    ...     h.record(day, won)
    >>> h.days_played, h.days_won
    (4, 3)
    >>> h.streak(today="2026-11-29"), h.streak(today="2026-11-30"), h.best_streak
    (3, 0, 3)
    """

    days: dict[str, bool] = field(default_factory=dict)  # "YYYY-MM-DD" -> won that day

    def record(self, date: str | datetime.date, won: bool) -> None:
        day = _date_text(date, "daily date")
        self.days[day] = self.days.get(day, False) or bool(won)

    @property
    def days_played(self) -> int:
        return len(self.days)

    @property
    def days_won(self) -> int:
        return sum(self.days.values())

    def streak(self, today: str | datetime.date | None = None) -> int:
        """Consecutive won dates up to today, or up to yesterday while today is unwon.

        ``today`` is a Japan date; by default the current one.
        """
        if today is None:
            # Imported here: the daily module pulls in the FreeCell deal tables.
            from game.freecell.daily import today_in_japan
            today = today_in_japan()
        day = datetime.date.fromisoformat(_date_text(today, "today"))
        if not self.days.get(day.isoformat()):
            day -= datetime.timedelta(days=1)
        count = 0
        while self.days.get(day.isoformat()):
            count += 1
            day -= datetime.timedelta(days=1)
        return count

    @property
    def best_streak(self) -> int:
        """The longest run of consecutive won dates ever."""
        best = run = 0
        previous: datetime.date | None = None
        for text in sorted(d for d, won in self.days.items() if won):
            day = datetime.date.fromisoformat(text)
            run = run + 1 if previous is not None and (day - previous).days == 1 else 1
            best = max(best, run)
            previous = day
        return best

    def to_dict(self) -> DailyFile:
        return {"days": dict(sorted(self.days.items()))}

    @classmethod
    def from_dict(cls, data: object) -> DailyHistory:
        d = _mapping(data, "the daily history")
        days = _mapping(d.get("days", {}), "daily days")
        return cls({_date_text(k, "daily date"): _bool(v, f"daily {k}") for k, v in days.items()})


class Statistics:
    """All statistics on this computer: one :class:`GameStats` per game, and
    FreeCell's :class:`DailyHistory`.

    ``stats["spider-2"]`` reads a game's figures; the ``record_*`` methods
    and :meth:`clear` change them; :meth:`to_dict` / :meth:`from_dict` and
    :meth:`load` / :meth:`save` keep them on disk.
    """

    def __init__(self, games: dict[str, GameStats] | None = None, daily: DailyHistory | None = None) -> None:
        self.games: dict[str, GameStats] = {g: GameStats() for g in GAMES}
        for key, value in (games or {}).items():
            self.games[game_key(key)] = value
        self.daily = daily if daily is not None else DailyHistory()

    def __getitem__(self, game: str) -> GameStats:
        return self.games[game_key(game)]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Statistics):
            return NotImplemented
        return self.games == other.games and self.daily == other.daily

    def __repr__(self) -> str:
        played = ", ".join(f"{g}: {s.won}/{s.played}" for g, s in self.games.items())
        return f"Statistics({played}; daily {self.daily.days_won}/{self.daily.days_played})"

    # --- recording --------------------------------------------------------------------

    def record_win(self, game: str, seconds: float, moves: int, *,
                   date: str | datetime.date | None = None,
                   daily: str | datetime.date | None = None, store: Store | None = None) -> Improved:
        """A won game: its time in seconds and its moves as the screen shows them.

        ``date`` (default today, local time) labels the recent result.
        ``daily`` is the Japan date of today's deal when that is what was
        played (FreeCell only); it marks that date won. With ``store`` the
        win is recorded on disk too, through :meth:`update`.
        """
        if store is not None:
            date = _date_text(date)  # the day the game ended, not the day the lock was got
            return self.update(store, lambda s: s.record_win(game, seconds, moves, date=date, daily=daily))
        key = game_key(game)
        day = self._daily_date(key, daily)
        improved = self.games[key].record_win(seconds, moves, _date_text(date))
        if day is not None:
            self.daily.record(day, True)
        return improved

    def record_loss(self, game: str, *, give_up: bool = False, seconds: float = 0.0, moves: int = 0,
                    date: str | datetime.date | None = None,
                    daily: str | datetime.date | None = None, store: Store | None = None) -> None:
        """A lost game: given up (``give_up=True``) or abandoned for a new one.

        Either way it counts as played and ends the win streak. ``daily``
        marks that Japan date played (not won, unless another game won it).
        With ``store`` the loss is recorded on disk too, through :meth:`update`.
        """
        if store is not None:
            date = _date_text(date)
            return self.update(store, lambda s: s.record_loss(game, give_up=give_up, seconds=seconds,
                                                              moves=moves, date=date, daily=daily))
        key = game_key(game)
        day = self._daily_date(key, daily)
        self.games[key].record_loss(_date_text(date), give_up=give_up, seconds=seconds, moves=moves)
        if day is not None:
            self.daily.record(day, False)

    @staticmethod
    def _daily_date(key: str, daily: str | datetime.date | None) -> str | None:
        # Checked before anything changes, so a bad call records nothing at all.
        if daily is None:
            return None
        if key != "freecell":
            raise ValueError(f"only FreeCell has a daily deal, not {key}")
        return _date_text(daily, "daily date")

    def clear(self, game: str) -> None:
        """The "clear statistics" action for one game; FreeCell's clears its daily history too."""
        key = game_key(game)
        self.games[key] = GameStats()
        if key == "freecell":
            self.daily = DailyHistory()

    def clear_all(self, store: Store | None = None) -> None:
        """Clear every game; with ``store``, on disk too (under the lock)."""
        if store is not None:
            return self.update(store, lambda s: s.clear_all())
        for key in GAMES:
            self.clear(key)

    # --- plain JSON ------------------------------------------------------------------------

    def to_dict(self) -> dict[str, object]:
        return {"version": FORMAT_VERSION,
                "games": {g: s.to_dict() for g, s in self.games.items()},
                "daily": self.daily.to_dict()}

    @classmethod
    def from_dict(cls, data: object) -> Statistics:
        """Read :meth:`to_dict`'s output. Missing keys take their defaults and
        unknown keys are ignored (a newer version may add some); anything of
        the wrong shape raises ``ValueError`` with a one-line reason.

        >>> Statistics.from_dict({}) == Statistics()
        True
        >>> Statistics.from_dict({"games": {"freecell": {"played": 2, "won": 3}}})
        Traceback (most recent call last):
        ...
        ValueError: statistics of freecell: 3 won and 0 given up out of 2 played do not add up
        """
        from game.schema import STATISTICS

        d = _mapping(data, "statistics")
        version = d.get("version", FORMAT_VERSION)
        if isinstance(version, bool) or not isinstance(version, int) or version < 1:
            raise ValueError(_("statistics version {version} is not a version number").format(version=shown(version)))
        if version > FORMAT_VERSION:
            raise ValueError(_("statistics version {version} is newer than this program reads ({newest})").format(
                version=version, newest=FORMAT_VERSION))
        # Types, ranges and sizes field by field first; the readers below add
        # what a schema cannot say (counts that must add up).
        STATISTICS.check(d)
        games = _mapping(d.get("games", {}), "games")
        parsed: dict[str, GameStats] = {}
        for key in GAMES:
            if key in games:
                try:
                    parsed[key] = GameStats.from_dict(games[key])
                except ValueError as exc:
                    raise ValueError(_("statistics of {game}: {why}").format(game=key, why=exc)) from None
        return cls(parsed, DailyHistory.from_dict(d.get("daily", {})))

    # --- on disk ----------------------------------------------------------------------------

    @classmethod
    def load(cls, store: Store, name: str = STORE_NAME) -> Statistics:
        """The statistics in ``store`` (a :class:`game.store.Store`); fresh ones
        when there are none. A file that does not hold statistics is set aside
        with a warning and clean statistics are written in its place at once
        (SPEC §3: never a crash)."""
        stats = store.load(name, default=None, check=cls.from_dict, fresh=cls().to_dict())
        return stats if stats is not None else cls()

    def save(self, store: Store, name: str = STORE_NAME) -> bool:
        """Write atomically through ``store`` (True when written).

        With two games on one folder, prefer :meth:`update`, which merges."""
        return store.save(name, self.to_dict())

    def update(self, store: Store, change: Callable[[Statistics], T], name: str = STORE_NAME) -> T:
        """Apply ``change`` to the statistics on disk, under the store's file
        lock, and write them back: another game on the same folder may have
        recorded games since these were read, and none of them is lost.

        ``self`` becomes what was written; ``change``'s result is returned.
        A missing or damaged file (set aside) leaves these statistics as the
        base, so what this game knows is kept; an unwritable folder keeps
        them in memory only.

        >>> import tempfile
        >>> from game.store import Store
        >>> folder = tempfile.mkdtemp()
        >>> one, two = Statistics.load(Store(folder)), Statistics.load(Store(folder))
        >>> one.record_loss("freecell", store=Store(folder))
        >>> two.record_loss("freecell", store=Store(folder))  # sees the first game
        >>> two["freecell"].played, Statistics.load(Store(folder))["freecell"].played
        (2, 2)
        """
        with store.locked(name):
            on_disk = store.load(name, default=None, check=type(self).from_dict)
            if on_disk is not None:
                self.games, self.daily = on_disk.games, on_disk.daily
            result = change(self)
            store.save(name, self.to_dict())
        return result

    # --- for the statistics panel ---------------------------------------------------------

    def summary(self, game: str) -> list[tuple[str, str]]:
        """Label/value rows for a statistics panel (times as m:ss).

        >>> s = Statistics(); _ = s.record_win("spider-1", 125.0, 140, date="2026-11-29")
        >>> s.summary("spider-1")[:4]
        [('Played', '1'), ('Won', '1'), ('Win rate', '100%'), ('Current streak', '1')]
        """
        g = self[game]
        rows = [
            # TRANSLATORS: the statistics' row labels, each followed by its figure.
            (_("Played"), str(g.played)),
            # TRANSLATORS: the statistics' row labels, each followed by its figure.
            (_("Won"), str(g.won)),
            # TRANSLATORS: the statistics' row labels, each followed by its figure.
            (_("Win rate"), percent(g.win_rate)),
            (_("Current streak"), str(g.current_streak)), (_("Best streak"), str(g.best_streak)),
            (_("Best time"), _clock(g.best_time)),
            (_("Fewest moves"), "-" if g.fewest_moves is None else str(g.fewest_moves))]
        if game_key(game) == "freecell":
            rows += [(_("Daily deals played"), str(self.daily.days_played)),
                     (_("Daily deals won"), str(self.daily.days_won)),
                     (_("Daily streak"), str(self.daily.streak()))]
        return rows

    def table(self, today: str | datetime.date | None = None) -> list[tuple[str, tuple[str, ...]]]:
        """The statistics table: one ``(name, cells)`` per row of :data:`TABLE_ROWS`,
        the cells in the order of :data:`TABLE_COLUMNS` (``-`` where nothing counts yet).

        Daily deals count days: a day played, a day won, and the run of won days.

        >>> s = Statistics(); _ = s.record_win("freecell", 125.0, 90, date="2026-11-29", daily="2026-11-29")
        >>> s.table(today="2026-11-29")[0]
        ('FreeCell', ('1', '1', '100%', '1', '1', '2:05', '90'))
        >>> s.table(today="2026-11-29")[-1]
        ('Daily deals', ('1', '1', '100%', '1', '1', '-', '-'))
        """
        out: list[tuple[str, tuple[str, ...]]] = []
        for key, name in TABLE_ROWS:
            if key == "daily":
                d = self.daily
                rate = percent(d.days_won / d.days_played) if d.days_played else "-"
                out.append((_(name), (str(d.days_played), str(d.days_won), rate, str(d.streak(today)),
                                   str(d.best_streak), "-", "-")))
                continue
            g = self[key]
            out.append((_(name), (str(g.played), str(g.won), percent(g.win_rate) if g.played else "-",
                               str(g.current_streak), str(g.best_streak), _clock(g.best_time),
                               "-" if g.fewest_moves is None else str(g.fewest_moves))))
        return out


#: The statistics table's columns (after the row's name), as msgids: :func:`table_columns` reads them.
TABLE_COLUMNS: tuple[str, ...] = (
    # TRANSLATORS: the statistics table's column heads: keep them short (a head may take two lines).
    N_("Played"),
    # TRANSLATORS: the statistics table's column heads: keep them short (a head may take two lines).
    N_("Won"),
    # TRANSLATORS: the statistics table's column heads: keep them short (a head may take two lines).
    N_("Win %"),
    # TRANSLATORS: the statistics table's column heads: keep them short (a head may take two lines).
    N_("Streak"),
    # TRANSLATORS: the statistics table's column heads: keep them short (a head may take two lines).
    N_("Best streak"),
    N_("Best time"), N_("Fewest moves"))
#: The table's rows: a game bucket of :data:`GAMES` and its name ("daily": FreeCell's daily deals).
TABLE_ROWS: tuple[tuple[str, str], ...] = (("freecell", N_("FreeCell")), ("freecell-easy", N_("FreeCell Easy")),
                                           ("freecell-normal", N_("FreeCell Normal")),
                                           ("freecell-hard", N_("FreeCell Hard")), ("spider-1", N_("Spider 1 suit")),
                                           ("spider-2", N_("Spider 2 suits")), ("spider-4", N_("Spider 4 suits")),
                                           ("daily", N_("Daily deals")))


def table_columns() -> tuple[str, ...]:
    """:data:`TABLE_COLUMNS` in the current language."""
    return tuple(_(c) for c in TABLE_COLUMNS)


def outcome(result: Result) -> str:
    """How a game ended, as the chart colours it: "won", "given up" or "lost" (abandoned).

    >>> outcome(Result(True, 90.0, 100, "2026-11-29")), outcome(Result(False, 5.0, 3, "2026-11-29", True))
    ('won', 'given up')
    """
    return "won" if result.won else "given up" if result.gave_up else "lost"


def _clock(seconds: float | None) -> str:
    """``m:ss`` (``h:mm:ss`` past an hour), rounded down as the game's clock is; ``-`` for none.

    >>> _clock(None), _clock(59.6), _clock(3725)
    ('-', '0:59', '1:02:05')
    """
    return "-" if seconds is None else clock_text(seconds)
