"""The game review on a table, for either game: the "review" buttons, the list
refreshed as grades arrive, the position before a chosen move shown on the
table, and "Try again from here" (:mod:`game.play.coach` makes the panels).

A table mixes :class:`Reviewing` in and names its coach's rules and how a
session becomes a table of its own kind::

    class SpiderTable(Reviewing, Table):
        coach_rules = SPIDER
        def table_for(self, session): return SpiderTable(self.env, session.number, session.suits, session)

and calls :meth:`poll_coach` in its ``update``, :meth:`coach_position` for the
position it shows, :meth:`coach_marks` for its marks and :meth:`close_coach`
when it closes.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Generic, TypeVar

from game.i18n import _
from game.play.coach import Coach, PositionLike, ReviewCoach, Rules
from game.play.flights import Flights
from game.play.panels import Button, Command, Panel
from game.play.table import Helped, TableEnv, TableEvent, TableWanted
from game.render.marks import Mark
from game.session import FreeCellSession, SpiderSession

if TYPE_CHECKING:
    from game.play.table import Table
    from game.solver import SolverService
    from game.spider.fair_review import FairJudged

__all__ = ["Reviewing"]

P = TypeVar("P", bound=PositionLike)  # the game's position
M = TypeVar("M")  # the game's move
S = TypeVar("S", FreeCellSession, SpiderSession)  # the game's session


class Reviewing(ABC, Generic[P, M, S]):
    """The review's side of a table (a mixin: ``self`` is a :class:`game.play.table.Table`
    of the game whose position, move and session are ``P``, ``M``, ``S``)."""

    #: The game's rules as the coach asks them (each table names its game's).
    coach_rules: Rules[P, M, S]
    #: The game review (made on the first "Review"), or the fair review (Spider's).
    coach: Coach[P, M, S] | ReviewCoach[P, M, S, FairJudged] | None = None
    # The table's own, declared for the checker (annotations only: nothing here
    # hides the table's attributes and methods).
    session: S
    panel: Panel | None
    env: TableEnv
    flights: Flights
    say: Callable[[str], None]
    emit: Callable[[TableEvent], None]

    @abstractmethod
    def table_for(self, session: S) -> Table:
        """A table of this game for ``session`` ("Try again from here")."""

    def review_button(self, name: str) -> None:
        """"review" (start, or back to the list), "review-fair" and "review-peek" (Spider's
        two reviews of a game in play), "review-page:±1", "review-move:N", "review-try:N"."""
        what, _sep, arg = name.partition(":")
        if what in ("review", "review-peek", "review-fair"):
            if what == "review" and self.coach is not None and self.coach_up():
                what = "review-fair" if self.coach.fair else "review-list"  # back to the list
            if what == "review" and self.peeks() and self.coach_rules.played(self.session)[1]:
                self.panel = self.peek_question()
                return
            fair = what == "review-fair"
            if self.coach is None or self.coach.fair != fair:
                coach = self.fair_coach() if fair else Coach(self.coach_rules, self.review_service())
                if coach is None:
                    return  # a table without hidden cards has no fair review
                if self.coach is not None:
                    self.coach.close()
                self.coach = coach
            if what == "review-peek":
                # The player chose to see what no player sees: the game no longer counts.
                self.session.help_with("peek")
                self.emit(Helped())
            if not self.coach.same_game(self.session):
                note = self.coach.begin(self.session, self.review_par(), self.shown_lines())
                if note:
                    self.say(note)
                    return
            panel = self.coach.panel()  # the keyboard on the move last looked at, if any
            self.coach.selected = 0
            self.panel = panel
        elif self.coach is None:
            return
        elif what == "review-page":
            self.coach.page += int(arg)
            self.panel = self.coach.panel()
        elif what == "review-move":
            self.flights.land()
            self.panel = self.coach.detail(int(arg))
        elif what == "review-try":
            session = self.coach.try_session(int(arg), self.env.now)
            self.emit(TableWanted(self.table_for(session),
                                  _("Trying again from move {n}: this game does not count in the statistics").format(
                                      n=int(arg))))

    def review_service(self) -> SolverService | None:
        """The worker the review asks, shared with the table (FreeCell's: its yardstick's,
        whose pass the review reads); None: the review's own."""
        return None

    def review_par(self) -> tuple[str, tuple[M, ...]] | None:
        """Par's level and line, which the review measures against (FreeCell's: the table's par)."""
        return None

    def shown_lines(self) -> dict[int, tuple[M, ...]]:
        """The hints' lines shown on the way of the game under review, by move count
        (the review knows them there); none for a game whose hint has no line to keep."""
        return {}

    def peeks(self) -> bool:
        """Whether the review would show what the player cannot see in a game that still
        counts: a review that knows every card (Spider's), of a game in play that is
        neither won nor already helped (then it can no longer help)."""
        s = self.session
        return self.coach_rules.knows_every_card and not s.won and not s.assisted

    def peek_question(self) -> Panel:
        """Asked before a review opens on a game that counts: the fair review (free), or the one
        that knows every card (the game stops counting)."""
        return Panel(_("Which review?"),
                     (_("The fair review judges each move by what you saw when you made it: the game still "
                        "counts."),
                      _("The review knowing every card sees the face-down cards and the stock, which you cannot: "
                        "while the game is played, it could show you how to win it, so this game would no longer "
                        "count in your statistics. Once the game is won, it is free."),),
                     (Button(_("Fair review"), "review-fair"),
                      Button(_("Knowing every card; the game stops counting"), "review-peek"),
                      Button(_("Cancel"), Command.CLOSE)), focus=0)

    def fair_coach(self) -> ReviewCoach[P, M, S, FairJudged] | None:
        """The fair review's coach (Spider's; a table without hidden cards has none)."""
        return None

    def coach_up(self) -> bool:
        """The review's list or one move's page is on screen (the keyboard walking
        its buttons makes a new panel value: the buttons tell which it is)."""
        panel = self.panel
        return panel is not None and any(str(b.action).startswith("review-") for b in panel.buttons)

    def coach_position(self) -> P | None:
        """The position before the move looked at while its page is up (None: the game's own;
        the panel covers input, and closing it ends this)."""
        if self.coach is not None and self.coach_up():
            return self.coach.shown
        return None

    def coach_marks(self) -> list[Mark] | None:
        """The move looked at and the better move (None: the table's own marks)."""
        if self.coach is not None and self.coach_up() and self.coach.selected:
            return self.coach.marks()
        return None

    def poll_coach(self) -> None:
        """Each step: the list grows as grades arrive; the keyboard stays on its button."""
        if self.coach is None or not self.coach.poll():
            return
        panel = self.panel
        if (panel is not None and self.coach_up()
                and not any(str(b.action).startswith("review-try:") for b in panel.buttons)):
            fresh: Panel = self.coach.panel()
            self.panel = replace(fresh, focus=panel.focus) if panel.focus < len(fresh.buttons) else fresh

    def close_coach(self) -> None:
        if self.coach is not None:
            self.coach.close()
