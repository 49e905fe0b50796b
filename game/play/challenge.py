"""A daily challenge being played on the table: its tracker fed from the
game's events, what the status line and the result panel say about it, and
its marks in ``challenges.json``.

:class:`Attempt` is pure bookkeeping (no pygame); the round's
:class:`game.play.challenge_slot.ChallengeSlot` tells it what happened and
shows what it answers::

    attempt = Attempt(challenge, store, today=today_in_japan)
    attempt.moved(session)            # after each step
    attempt.undone()                  # after an undo
    attempt.status_text()             # 'Hard challenge: moves 23 / 40'
    news = attempt.news()             # None, or what changed: met, missed, out of reach
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, NotRequired, TypedDict

from game.challenges import Challenge, ChallengeProgress, NotPlayable, Status, Tracker
from game.challenges.goals import Goal, snapshot_of
from game.challenges.sentences import say
from game.i18n.formats import listed
from game.session import FreeCellSession, SpiderSession

if TYPE_CHECKING:
    from game.store import Store

__all__ = ["SAVE_NAME", "Attempt", "News", "first_game_shows_grades", "restored_attempt", "save_attempt"]

#: The store document that ties the saved game to the challenge it plays.
SAVE_NAME = "challenge-game"


class _Tie(TypedDict):
    """The store document :data:`SAVE_NAME`: the challenge and the game it deals."""

    id: str
    game: str
    number: int
    suits: int
    grades: NotRequired[bool]  # present (true) when the table showed the move grades


@dataclass(frozen=True)
class News:
    """The tracker's standing changed: ``status`` now, ``reason`` (why it is missed
    or out of reach), ``counted``: a met goal was newly recorded as done."""

    status: Status
    reason: str = ""
    counted: bool = False


class Attempt:
    """One challenge on the table, from its first deal until another game replaces it."""

    def __init__(self, challenge: Challenge, store: Store, *, today: Callable[[], datetime.date],
                 setting_level: str = "safe", shows_grades: bool = False) -> None:
        self.challenge = challenge
        #: The table marks which moves keep the win during this game, whatever the
        #: setting says (the Easy FreeCell challenge's first game: players discover
        #: the grades there; the setting itself is never changed).
        self.shows_grades = shows_grades
        self.store = store
        self.today = today
        self.tracker = Tracker(challenge.goal)
        #: The Settings level when the try began: a different one later is the player's choice.
        self.setting_level = setting_level
        #: The automatic level the player chose during this try (None: the goal's is in force).
        self.chosen: str | None = None
        #: A demo played some of this try (then meeting the goal does not count).
        self.spoiled = False
        self._told = Status.PLAYING
        self._tried = False
        #: The met goal was newly recorded as done (False: done before, or not recorded).
        self.counted = False
        #: One line to say when the progress file could not take a mark ("" when it did).
        self.warning = ""

    @property
    def goal(self) -> Goal:
        return self.challenge.goal

    @property
    def level_name(self) -> str:
        return self.challenge.level_name()

    # --- the automatic level -----------------------------------------------------------------

    def auto_level(self, setting: str) -> str:
        """The FreeCell level to play at while ``setting`` is the player's: the goal's,
        until the player picks another in Settings (which misses an "Off" goal)."""
        if self.goal.auto is None:
            return setting
        if setting != self.setting_level and self.chosen != setting:
            self.chosen = setting
            self.tracker.level_set(setting)
        return self.chosen if self.chosen is not None else self.goal.auto

    # --- what happened -------------------------------------------------------------------------

    def moved(self, session: FreeCellSession | SpiderSession) -> None:
        """A step was made: the tracker reads the table; the first one marks the challenge tried."""
        self.tracker.moved(*snapshot_of(session))
        if not self._tried:
            self._tried = True
            self._mark(lambda p, today: p.record_tried(self.challenge, today))

    def undone(self, steps: int = 1) -> None:
        for _ in range(steps):
            self.tracker.undone()

    def restart(self, setting: str) -> None:
        """The deal from the start: a fresh try at the goal's level."""
        self.tracker.restart()
        self.chosen = None
        self.setting_level = setting
        self.spoiled = False
        self.counted = False
        self._told = Status.PLAYING

    def news(self) -> News | None:
        """What changed since the last call: met (recorded once), missed, out of reach, back in reach."""
        status = self.tracker.status
        if status is self._told:
            return None
        self._told = status
        counted = False
        if status is Status.MET and not self.spoiled:
            counted = bool(self._mark(lambda p, today: p.record_done(self.challenge, today)))
        self.counted = counted
        return News(status, self.tracker.reason, counted)

    def _mark(self, change: Callable[[ChallengeProgress, datetime.date], bool]) -> bool:
        """Apply ``change`` to the progress on disk (under its lock); False when it could not."""
        today = self.today()
        try:
            return ChallengeProgress.load(self.store).update(self.store, lambda p: change(p, today))
        except NotPlayable as exc:
            self.warning = str(exc)
            return False

    # --- what the player reads ---------------------------------------------------------------

    def status_text(self) -> str:
        """The status line's piece: ``Hard challenge: moves 23 / 40, no Undo``."""
        level = self.level_name
        status = self.tracker.status
        if status is Status.MISSED:
            return say("play.status.missed", level=level)
        pieces = self.tracker.progress()
        if self.goal.auto == "off" and status is not Status.MET:
            pieces = [say("play.progress.off")] + pieces
        if not pieces:
            return say("play.status.plain", level=level)
        return say("play.status", level=level, progress=listed(pieces))

    def result_lines(self) -> tuple[str, ...]:
        """The result panel's lines about the challenge once the game is won."""
        status = self.tracker.status
        if status is Status.MET and self.spoiled:
            return (say("play.demo"),)
        if status is Status.MET:
            key = "play.result.met" if self.counted or self.warning else "play.result.again"
            return (say(key, level=self.level_name), self.challenge.sentence())
        return (say("play.result.missed", reason=self.tracker.reason),)


def first_game_shows_grades(challenge: Challenge, progress: ChallengeProgress) -> bool:
    """The grades during play are on for the Easy FreeCell challenge's first game
    (never tried before), so that players discover them."""
    return challenge.game == "freecell" and challenge.level == "easy" and progress.state(challenge) == "none"


def save_attempt(store: Store, challenge: Challenge | None, *, shows_grades: bool = False) -> None:
    """Remember which challenge the game on the table plays (None: a plain game), so that a
    game saved on quit comes back as that challenge (and with its grades shown, if they were)."""
    if challenge is None:
        if store.path(SAVE_NAME).exists():
            store.delete(SAVE_NAME)
        return
    g = challenge.goal
    tie: _Tie = {"id": challenge.id, "game": g.game, "number": g.number, "suits": g.suits or 1}
    if shows_grades:
        tie["grades"] = True
    store.save(SAVE_NAME, tie)


def _read_tie(data: object) -> tuple[Challenge, tuple[str, int, int], bool]:
    """The saved tie's challenge, the game it was for and whether its grades were shown
    (ValueError when it holds anything else)."""
    from game.challenges import challenge_by_id

    keys = {"id", "game", "number", "suits"}
    if not isinstance(data, dict) or set(data) not in (keys, keys | {"grades"}):
        raise ValueError("it is not a challenge's game")
    if data.get("grades", True) is not True:
        raise ValueError("its grades mark is not true")
    name = data["id"]
    challenge = challenge_by_id(name) if isinstance(name, str) and len(name) < 40 else None
    if challenge is None:
        raise ValueError(f"no challenge is named {str(name)[:40]!r}")
    g = challenge.goal
    game = (data["game"], data["number"], data["suits"])
    if game != (g.game, g.number, g.suits or 1) or any(type(v) is not t for v, t in zip(game, (str, int, int))):
        raise ValueError("its game is not its challenge's")
    return challenge, game, "grades" in data


def restored_attempt(store: Store, session: FreeCellSession | SpiderSession, *, today: Callable[[], datetime.date],
                     setting_level: str) -> Attempt | None:
    """The challenge a restored ``session`` was playing, its tracker rebuilt from the
    session's history (undos and level included); None for a plain game, a challenge
    that can no longer be played today, or a tie that does not match (it is dropped)."""
    from game.challenges import playable
    from game.challenges.goals import tracker_for

    tie: tuple[Challenge, tuple[str, int, int], bool] | None = store.load(SAVE_NAME, None, check=_read_tie)
    if tie is None:
        return None
    challenge, (game, number, suits), grades = tie
    if isinstance(session, SpiderSession):
        here = ("spider", session.number, session.suits)
    else:
        here = ("freecell", session.number, 1)
    if here != (game, number, suits) or not playable(challenge.date, today()):
        save_attempt(store, None)
        return None
    attempt = Attempt(challenge, store, today=today, setting_level=setting_level, shows_grades=grades)
    attempt.tracker = tracker_for(challenge.goal, session)
    level = session.auto_level if isinstance(session, FreeCellSession) else None
    if challenge.goal.auto is not None and level != challenge.goal.auto:
        attempt.chosen = level  # the player had chosen another level before quitting
    attempt._tried = session.moves > 0
    attempt._told = attempt.tracker.status
    return attempt
