"""The hint service runs the solver in another process and never blocks."""

from __future__ import annotations

import time

from game.freecell import Move, deal
from game.freecell.hints import Hint, HintKind, Progress, hint_for, hint_text
from game.solver import HintService, SolverService


def wait_for_hint(service: HintService, timeout: float = 60.0) -> tuple[Hint, list[Progress]]:
    progress: list[Progress] = []
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for event in service.poll():
            if isinstance(event, Hint):
                return event, progress
            progress.append(event)
        time.sleep(0.005)
    raise AssertionError("no hint arrived")


def test_three_outcomes_in_process():
    win = hint_for(deal(1), improve_seconds=0)
    assert win.kind is HintKind.WIN and deal(1).is_legal(win.move)
    assert hint_text(deal(1), win).endswith(f" — a winning line of {win.line_length} moves follows")
    # The length is the player's moves, as the game counts them: with automatic moves home
    # on, the cards played home on their own are in the line but not counted.
    counted = hint_for(deal(1, auto_foundation="safe"), improve_seconds=0)
    assert counted.kind is HintKind.WIN and 0 < counted.line_length < len(counted.line)
    # Deal 6 after 8a 25 6b 4c 1d (9♣ to the last free cell lost it): a proof of a few
    # thousand positions (deal 11982's whole proof is tests/test_freecell_solver.py's).
    lost = deal(6, auto_foundation="safe")
    for token in ["8a", "25", "6b", "4c", "1d"]:
        lost.push(lost.parse_move(token), auto="safe")
    none = hint_for(lost, budget=2_000_000, time_limit=None, improve_seconds=0)
    assert none.kind is HintKind.NO_WIN and none.deal is None
    assert hint_text(lost, none) == "No winning line exists from here: the solver examined every position"
    cut = hint_for(deal(11982), budget=500, improve_seconds=0)
    assert cut.kind is HintKind.UNFINISHED and deal(11982).is_legal(cut.move)
    assert hint_text(deal(11982), cut).endswith("(no win is known yet)")


def test_service_answers_without_blocking_and_cancels():
    with HintService(budget=100_000, time_limit=20.0) as service:
        first = service.ask(deal(11982))
        # ask returns before any answer exists: the search runs in the worker.
        assert service.busy and not any(isinstance(e, Hint) for e in service.poll())
        assert all(e.request == first for e in service.poll())
        time.sleep(0.3)
        # The player moves: the next ask supersedes the running search.
        second = service.ask(deal(1))
        hint, _ = wait_for_hint(service)
        assert hint.request == second and hint.kind is HintKind.WIN
        assert deal(1).is_legal(hint.move)
        assert not service.busy


def test_service_reports_progress_and_a_cut_short_search_is_not_a_dead_end():
    with HintService(budget=40_000, time_limit=30.0) as service:
        request = service.ask(deal(11982))
        hint, progress = wait_for_hint(service)
        assert hint.request == request
        assert hint.kind is HintKind.UNFINISHED and isinstance(hint.move, Move)
        assert progress and all(p.request == request for p in progress)


def test_cancel_drops_the_answer():
    solver = SolverService("freecell")
    with HintService(service=solver) as service:
        first = service.ask(deal(1))  # easy: answered within moments
        # Block until the worker has handled the request: its answer has
        # arrived, not yet polled. Only cancel stands between it and poll.
        assert solver.wait()
        service.cancel()
        assert service.poll() == [] and not service.busy
        # Without the cancel, the answer is there (so the check above can fail).
        again = service.ask(deal(1))
        assert solver.wait()
        hints = [e for e in service.poll() if isinstance(e, Hint)]
        assert [h.request for h in hints] == [again] and again != first


def test_the_service_starts_from_a_script_without_a_main_guard(tmp_path):
    """Spawned workers must not re-run the parent's main script (game.solver.procs)."""
    import subprocess
    import sys
    from pathlib import Path

    script = tmp_path / "unguarded.py"
    script.write_text(
        "import sys, time\n"
        f"sys.path.insert(0, {str(Path(__file__).resolve().parents[1])!r})\n"
        "from game.freecell import deal\n"
        "from game.freecell.hints import Hint\n"
        "from game.solver import HintService\n"
        "service = HintService()\n"
        "service.ask(deal(1))\n"
        "end = time.monotonic() + 60\n"
        "while time.monotonic() < end:\n"
        "    hints = [e for e in service.poll() if isinstance(e, Hint)]\n"
        "    if hints:\n"
        "        print(hints[0].kind.value)\n"
        "        break\n"
        "    time.sleep(0.01)\n"
        "service.close()\n")
    out = subprocess.run([sys.executable, str(script)], check=False, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "win"


class _Worker:
    """A yardstick worker that answers when the test says: the requests it was asked,
    and whether a job (its own or another caller's, such as the review) is running."""

    game = "freecell"

    def __init__(self) -> None:
        self.asked: list[tuple[int, str]] = []  # (request, the position's board)
        self.out: list = []
        self.other = False  # another caller's job runs
        self.reviews: list[int] = []  # the review requests asked

    @property
    def busy(self) -> bool:
        return self.other or len(self.asked) > len(self.out)

    def ask_hint(self, position, **_limits) -> int:
        self.asked.append((len(self.asked) + 1, position.board()))
        return len(self.asked)

    def ask_review(self, start, moves, **_options) -> int:
        self.reviews.append(len(self.asked) + len(self.reviews) + 100)
        return self.reviews[-1]

    def answer(self) -> None:
        from game.solver import Answer, Ask, Verdict

        self.out.append(Answer(self.asked[-1][0], Ask.HINT, Verdict.UNKNOWN, reason="no line known"))

    def poll(self, request=None):
        out = [e for e in self.out if e.request == request]
        self.out = [e for e in self.out if e.request != request]
        self.asked = [a for a in self.asked if a[0] != request or not out]
        return out

    def cancel(self, request=None) -> None:
        pass


def test_the_yardstick_pass_is_never_stopped_by_the_next_move_nor_stops_the_review():
    """A player faster than the pass: the question in flight goes on (a new one would
    throw its search away, and the pass would never get past a position a search takes
    seconds on); once it answers, the table as it is then is asked. While the worker
    runs another caller's job (the game's review, which is the same pass) nothing is asked."""
    from game.play.freecell_hint import ShownHints, YardstickHint
    from game.session import FreeCellSession

    session = FreeCellSession(1234, auto_foundation="safe", now=lambda: 0.0)
    start = session.position.copy(stack=False)
    par = ("safe", tuple(hint_for(start, budget=20_000).line))
    worker = _Worker()
    pass_ = YardstickHint(worker)
    shown = ShownHints()
    for token in ("7c", "4a"):
        session.play(session.position.parse_move(token))
        pass_.follow(session, par, shown)
        pass_.poll()
    assert len(worker.asked) == 1, "the second move did not stop the first question"
    asked_first = worker.asked[0][1]
    assert pass_.pending(session.position) is False
    worker.answer()
    pass_.poll()
    pass_.follow(session, par, shown)
    assert [board for _r, board in worker.asked] == [session.position.board()] != [asked_first]
    worker.answer()
    pass_.poll()
    worker.other = True  # the review runs in the worker
    session.play(session.position.parse_move("75"))
    pass_.follow(session, par, shown)
    assert worker.asked == []
    worker.other = False
    pass_.follow(session, par, shown)
    assert [board for _r, board in worker.asked] == [session.position.board()]


def test_h_waits_a_second_for_the_pass_then_the_hints_own_search_answers():
    """The pass takes par's budget on a new position (several seconds): H waits for it
    for :data:`YARDSTICK_WAIT`, then the hint's own search answers (its line is kept for
    the review, so its move is still graded best)."""
    from game.play.freecell_hint import YARDSTICK_WAIT
    from game.play.freecell_table import FreeCellTable
    from game.play.table import TableEnv

    clock = [0.0]
    worker = _Worker()
    table = FreeCellTable(TableEnv(auto_foundation="safe", now=lambda: clock[0], yardstick=lambda game: worker), 1234)
    try:
        start = table.position.copy(stack=False)
        table.par_found = ("safe", tuple(hint_for(start, budget=20_000).line))
        assert table.play(table.position.parse_move("7c"))  # off par's line (it begins 4a)
        table.poll_hint()
        table.ask_hint()
        assert table.thinking and table.hints is None, "H waits for the pass at this position"
        clock[0] += YARDSTICK_WAIT / 2
        table.poll_hint()
        assert table.hints is None
        clock[0] += YARDSTICK_WAIT
        table.poll_hint()
        assert table.thinking and table.hints is not None and table.hints.busy, "the hint's own search runs"
    finally:
        table.close()


def test_the_review_waits_for_the_pass_to_finish_its_search_then_asks_the_same_worker():
    """The game's review is asked of the yardstick's worker, whose pass it reads: while
    the pass is searching, the review waits for it (asking would throw the search away)."""
    from game.play.coach import FREECELL, Coach
    from game.session import FreeCellSession

    session = FreeCellSession(1234, auto_foundation="safe", now=lambda: 0.0)
    session.play(session.position.parse_move("7c"))
    worker = _Worker()
    worker.other = True  # the pass is on its way
    coach = Coach(FREECELL, worker)
    assert coach.begin(session) == ""
    assert worker.reviews == [] and coach.running
    coach.poll()
    assert worker.reviews == []
    worker.other = False
    coach.poll()
    assert len(worker.reviews) == 1 and coach.running
    coach.close()
    assert worker.reviews and not coach.running  # the shared worker is its owner's to close
