"""The round's place for a daily challenge: empty while a plain game is on the
table, else the :class:`~game.play.challenge.Attempt` being played, from the
question asked before its deal to the panel that says it was missed.

:class:`game.play.round.Round` holds one slot and calls it. The slot never
deals a table (the round does, at the level :meth:`ChallengeSlot.auto_level`
gives) and speaks through the round's message line, a :class:`Teller`::

    slot = ChallengeSlot(store, teller)
    question, yes, deal = slot.asked("2026-12-02-freecell-easy", round_.start_challenge)
    slot.begin(challenge, settings.auto_moves)   # then the round deals its game
    slot.tie()                                    # a game saved on quit comes back as the challenge
    teller.say(slot.opening())                    # 'Easy challenge: ' and the goal's sentence
    slot.moved(session)                           # after each step, as slot.undone() after an undo
    panel = slot.follow(won=False)                # says what changed; a panel when it was met or missed
    slot.status_text()                            # 'Hard challenge: moves 23 / 40' ('' for a plain game)
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from game.challenges import Status
from game.challenges.sentences import say
from game.i18n import _
from game.play.challenge import Attempt, first_game_shows_grades, restored_attempt, save_attempt
from game.play.panels import Button, Command, Panel

if TYPE_CHECKING:  # for the annotations (the challenges' marks load with their first use)
    from game.challenges import Challenge, ChallengeProgress
    from game.session import FreeCellSession, SpiderSession
    from game.store import Store

__all__ = ["ChallengeSlot", "Teller"]


class Teller(Protocol):
    """Where the slot speaks: the round's message line (:class:`game.play.round.Round`)."""

    def say(self, text: str) -> None:
        """Put ``text`` on the message line."""

    def say_store_warnings(self) -> None:
        """Say what the data folder had to say (a file set aside, a folder not writable)."""


def _today() -> datetime.date:
    from game.freecell.daily import today_in_japan

    return today_in_japan()


class ChallengeSlot:
    """The daily challenge on the table (or none), as the round deals, plays and ends games."""

    def __init__(self, store: Store, teller: Teller) -> None:
        self.store = store
        self.teller = teller
        #: The daily challenge being played on the table (None: a plain game).
        self.attempt: Attempt | None = None
        #: The date challenges are played on (Japan's, as the daily deal's).
        self.today: Callable[[], datetime.date] = _today

    def restore(self, session: FreeCellSession | SpiderSession, setting_level: str) -> None:
        """Take up again the challenge a restored game was playing (if it still may be played today)."""
        self.attempt = restored_attempt(self.store, session, today=self.today, setting_level=setting_level)

    def marks(self) -> ChallengeProgress:
        """The player's challenge marks as ``challenges.json`` has them now."""
        from game.challenges import ChallengeProgress

        marks = ChallengeProgress.load(self.store)
        self.teller.say_store_warnings()
        return marks

    # --- dealing one -----------------------------------------------------------------------

    def asked(self, name: str, deal: Callable[[Challenge], None]) -> tuple[str, str, Callable[[], None]] | None:
        """For the challenge ``name`` (an id): the question to ask before it replaces a game
        in progress, its yes, and what deals it (``deal`` given the challenge); None, said on
        the message line, when it cannot be played today."""
        from game.challenges import challenge_by_id, playable

        challenge = challenge_by_id(name)
        if challenge is None or not playable(challenge.date, self.today()):
            self.teller.say(say("play.closed", id=name))
            return None
        return (say("play.confirm", level=challenge.level_name()), say("play.confirm.yes"),
                lambda: deal(challenge))

    def begin(self, challenge: Challenge, setting_level: str) -> None:
        """Follow ``challenge`` from the deal the round makes next (``setting_level``: the
        automatic level in Settings now); the Easy FreeCell one's first game shows the grades."""
        grades = first_game_shows_grades(challenge, self.marks())
        self.attempt = Attempt(challenge, self.store, today=self.today, setting_level=setting_level,
                               shows_grades=grades)

    def tie(self) -> None:
        """Tie the saved game to the challenge just dealt, so that a game saved on quit comes back as it."""
        attempt = self.attempt
        assert attempt is not None, "no challenge is being dealt"
        save_attempt(self.store, attempt.challenge, shows_grades=attempt.shows_grades)

    def opening(self) -> str:
        """What the message line says as the challenge is dealt: its level and goal."""
        attempt = self.attempt
        assert attempt is not None, "no challenge is being dealt"
        challenge = attempt.challenge
        goal = say("play.started", level=challenge.level_name(), goal=challenge.sentence())
        if attempt.shows_grades:
            # TRANSLATORS: said as the first Easy challenge is dealt: {goal} is the challenge's own sentence.
            return _("{goal} \u2014 in this first game, green targets keep the win and red ones lose it").format(
                goal=goal)
        return goal

    def end(self) -> None:
        """Another game replaces the one on the table: a challenge lasts as long as its game."""
        if self.attempt is not None:
            save_attempt(self.store, None)
        self.attempt = None

    # --- what happened on the table -----------------------------------------------------------

    def moved(self, session: FreeCellSession | SpiderSession) -> None:
        """A step was made on the table (its session as it stands now)."""
        if self.attempt is not None:
            self.attempt.moved(session)

    def undone(self, steps: int = 1) -> None:
        """``steps`` steps were taken back (an undo, a Rewind)."""
        if self.attempt is not None:
            self.attempt.undone(steps)

    def spoil(self) -> None:
        """The demo played some of the game, or help that ends its counting was taken (Spider's
        review knowing every card): meeting the goal no longer counts."""
        if self.attempt is not None:
            self.attempt.spoiled = True

    def restart(self, setting_level: str) -> bool:
        """The deal from its start: a fresh try at the goal's level; False for a plain game."""
        if self.attempt is None:
            return False
        self.attempt.restart(setting_level)
        return True

    def follow(self, won: bool) -> Panel | None:
        """Say at once what changed about the challenge: met, missed, out of reach; the panel
        to put up (missed: Restart offered; a Spider suits goal met before the game is ``won``)."""
        attempt = self.attempt
        assert attempt is not None, "no challenge is being followed"
        news = attempt.news()
        if attempt.warning:
            self.teller.say(attempt.warning)
            attempt.warning = ""
        self.teller.say_store_warnings()
        if news is None:
            return None
        if news.status is Status.MISSED and not won:
            buttons = (Button(say("play.retry"), Command.RETRY), Button(say("play.keep"), Command.CLOSE))
            return Panel(say("play.missed.title"), (news.reason, say("restart")), buttons, focus=0)
        if news.status is Status.MET and not won:  # a Spider suits goal, met before the game ends
            return Panel(say("play.result.met", level=attempt.level_name), attempt.result_lines()[1:],
                         (Button(say("play.keep"), Command.CLOSE), Button(_("New game"), Command.NEW)), focus=0)
        if news.status is Status.OVER:
            self.teller.say(news.reason)
        return None

    # --- what the player reads, and the level it holds ------------------------------------------

    def auto_level(self, setting: str) -> str:
        """The FreeCell automatic level in force while ``setting`` is Settings' (the goal's, if it sets one)."""
        return self.attempt.auto_level(setting) if self.attempt is not None else setting

    def held(self, setting: str) -> tuple[str, str] | None:
        """While a challenge that sets the automatic level is on the table: the level in
        force and why Settings cannot change it now (None: Settings' own level is in force)."""
        from game.challenges.sentences import level_name

        attempt = self.attempt
        if attempt is None or attempt.goal.auto is None:
            return None
        level = self.auto_level(setting)
        return level, say("menu.auto.held", level=attempt.level_name, auto=level_name(level))

    @property
    def shows_grades(self) -> bool:
        """The table shows the move grades for the challenge, whatever the setting."""
        return self.attempt is not None and self.attempt.shows_grades

    def status_text(self) -> str:
        """The status line's piece about the challenge ('' for a plain game)."""
        return self.attempt.status_text() if self.attempt is not None else ""

    def result_lines(self) -> tuple[str, ...]:
        """The result panel's lines about the challenge (none for a plain game)."""
        return self.attempt.result_lines() if self.attempt is not None else ()
