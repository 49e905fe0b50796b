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
