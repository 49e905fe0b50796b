"""Spider's fair review on the table: the coach's panels, judged by what the player saw.

A game still in play may be reviewed fairly at no cost (it still counts): the
table masks the position before each move itself (:func:`game.spider.masked.mask`)
and only those views cross to the worker (:meth:`SolverService.ask_fair_review`),
which judges each move by the fair search (:mod:`game.spider.fair_review`).
The panels are the coach's (:class:`game.play.coach.Coach`), in the fair
review's words: never a proven mistake, only how the move fared against the
search's choice in the sampled layouts::

    coach = FairCoach()
    note = coach.begin(session)      # "" or why not
    coach.poll()                     # each step, as the coach's
    table.panel = coach.panel()      # "Fair review" and the list

No pygame here: panels are plain values (:mod:`game.play.panels`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.i18n import _, ngettext
from game.play.coach import PAGE, SPIDER, ReviewCoach
from game.play.panels import Panel
from game.session import SpiderSession
from game.spider.fair_review import FairJudged
from game.spider.moves import Move
from game.spider.position import Position

if TYPE_CHECKING:  # the worker loads with the first review asked for
    from game.play.coach import AnyReview
    from game.solver import SolverService
    from game.spider.fair_review import FairReview

__all__ = ["FairCoach"]


class FairCoach(ReviewCoach[Position, Move, SpiderSession, FairJudged]):
    """The fair review of a Spider game (see the module docstring)."""

    #: The review a table's "review-fair" makes (the other is the coach knowing every card).
    fair = True

    def __init__(self, service: SolverService | None = None) -> None:
        super().__init__(SPIDER, service)

    def _ask(self, service: SolverService, start: Position, known_lost: bool, par: tuple[Move, ...] | None) -> int:
        """The fair review's request: the player's view before each move, made here (no hidden
        card leaves this process); a fair review has no par and no known loss."""
        from game.spider.masked import mask

        views = [mask(self.position_before(i + 1)) for i in range(len(self.moves))]
        return int(service.ask_fair_review(views, self.moves))

    def summary(self) -> str:
        if self.review is not None:
            return self.review.summary()
        if not self.moves:
            return ""
        return _("Judging: {done} of {total} moves").format(done=len(self.graded), total=self.total)

    def _label(self, index: int) -> str:
        from game.spider.fair_review import GRADE_WORDS

        phrase = self.rules.phrase(self.position_before(index), self.moves[index - 1])
        if index <= len(self.graded):
            return _("{n}. {move} \u2014 {grade}").format(n=index, move=phrase,
                                                         grade=_(GRADE_WORDS[self.graded[index - 1].grade.value]))
        return _("{n}. {move} \u2014 not graded yet").format(n=index, move=phrase)

    def panel(self) -> Panel:
        # TRANSLATORS: Spider's fair review: each move judged by what the player saw then.
        return replace(super().panel(), title=_("Fair review, judged by what you saw"))

    def detail(self, index: int) -> Panel:
        """One move: how it fared against the hint's choice, in the sampled layouts."""
        from game.spider.fair_review import FairGrade

        self.selected = index
        self.page = (index - 1) // PAGE
        before = self.position_before(index)
        phrase = self.rules.phrase
        title = _("Move {n}: {move}").format(n=index, move=phrase(before, self.moves[index - 1]))
        judged = self.graded[index - 1] if index <= len(self.graded) else None
        lines: list[str] = []
        if judged is None or judged.grade is FairGrade.UNKNOWN:
            lines.append(_("Not judged yet: the review is still working.") if judged is None and self.running
                         else _("Not judged: the review stopped before this move."))
        else:
            choice = phrase(before, judged.choice.move) if judged.choice is not None else ""
            lines.append({
                FairGrade.CHOICE: _("The hint's choice: seeing only what you saw, the fair search would have "
                                    "played it too."),
                FairGrade.EVEN: _("As good as the hint's choice, {move}, in the sampled layouts.").format(move=choice),
                FairGrade.FEWER: _("The hint preferred {move}: it won more of the sampled layouts, or left fewer "
                                   "looking lost.").format(move=choice),
                FairGrade.LOOKS_LOST: _("After it every sampled layout looks lost; the hint preferred {move}, "
                                        "which kept some.").format(move=choice),
            }[judged.grade])
            lines.append(self._counts(judged))
        lines.append(_("Judged by what you saw at this move: in each layout the face-down cards and the stock "
                       "were dealt at random, never as they really lie."))
        if judged is not None and judged.better is not None:
            lines.append(_("The table shows the position before this move; the move played is outlined, "
                           "the hint's choice glows."))
        else:
            lines.append(_("The table shows the position before this move; the move played is outlined."))
        # The page leaves the move's cards and the hint's choice in view (game.ui.placing.beside).
        return Panel(title, tuple(lines), self.page_buttons(index), focus=1, beside_marks=True)

    def _finished(self, review: AnyReview) -> FairReview | None:
        from game.spider.fair_review import FairReview

        return review if isinstance(review, FairReview) else None

    def _better(self, graded: FairJudged | None) -> Move | None:
        return graded.better if graded is not None else None

    @staticmethod
    def _counts(judged: FairJudged) -> str:
        """The layouts won and lost after the move played and after the hint's choice."""
        played, choice, n = judged.played, judged.choice, judged.samples
        if choice is None or played is None or played.move == choice.move:
            return ngettext("Of {n} sampled layout: {won} won after it, {lost} looking lost.",
                            "Of {n} sampled layouts: {won} won after it, {lost} looking lost.", n).format(
                n=n, won=played.wins if played else 0, lost=played.dry if played else 0)
        return ngettext("Of {n} sampled layout: {won} won after yours and {lost} looking lost; after the hint's, "
                        "{cwon} won and {clost} looking lost.",
                        "Of {n} sampled layouts: {won} won after yours and {lost} looking lost; after the hint's, "
                        "{cwon} won and {clost} looking lost.", n).format(
            n=n, won=played.wins, lost=played.dry, cwon=choice.wins, clost=choice.dry)
