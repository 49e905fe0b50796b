"""The solver service's and the sessions' shapes (game/solver/api.py, game/session.py):
the classes are what their protocols say (mypy checks the functions below, as
tests/test_types.py runs it on tests/), and the worker's pipe reads what comes
through it as ``object``, refusing what is not a message of the service.

Run alone: ``python3 -m pytest -q tests/test_solver_api.py``.
"""

from __future__ import annotations

import pytest

from game.freecell import Move, deal
from game.playback import LinePlayer, Played
from game.session import FreeCellSession, Session, SpiderSession
from game.solver import Answer, Ask, FairReviewSolver, ReviewSolver, Solver, SolverService, Verdict
from game.solver.api import freecell_line, job_options, spider_line, to_worker
from game.solver.worker import _refused
from game.spider.moves import DEAL
from game.spider.moves import Move as SpiderMove

# --- what mypy checks: each class is its protocol (a missing or changed method is an error) ---

def _service_is_a_solver(service: SolverService) -> Solver:
    return service


def _solver_reviews(solver: Solver) -> tuple[ReviewSolver, FairReviewSolver]:
    return solver, solver


def _freecell_session(session: FreeCellSession) -> tuple[Session[Move], LinePlayer]:
    return session, session


def _spider_session(session: SpiderSession) -> tuple[Session[SpiderMove], Played]:
    return session, session


# --- at run time ---

def test_the_sessions_are_what_the_demo_plays_on():
    # Playback tells a FreeCell session (moves made as a player makes them) from
    # Spider's and from a bare position by these protocols.
    freecell, spider = FreeCellSession(617), SpiderSession(1, 1)
    assert isinstance(freecell, LinePlayer) and isinstance(freecell, Played)
    assert isinstance(spider, Played) and not isinstance(spider, LinePlayer)
    assert not isinstance(deal(617), Played)


def test_the_worker_reads_only_the_services_messages():
    position = deal(1)
    job = ("job", 3, Ask.CHECK, position, {"budget": 10, "time_limit": None})
    assert to_worker(job) == job
    assert to_worker(("cancel", 3)) == ("cancel", 3) and to_worker(None) is None
    for wrong in [("job", 3, "check", position, {}),            # the kind as text, not an Ask
                  ("job", 3, Ask.CHECK, "8a", {}),              # not a position
                  ("job", "3", Ask.CHECK, position, {}),        # the request's number as text
                  ("pong", 3), ["ping", 3], "ping"]:
        with pytest.raises(TypeError):
            to_worker(wrong)


def test_a_misspelt_option_is_refused_not_ignored():
    # Before the options had a type, "budjet" was read as no budget at all: the
    # search ran with the default 100,000 states, and nobody was told.
    with pytest.raises(TypeError, match=r"unknown option.*budjet"):
        job_options({"budjet": 10})
    assert job_options({"budget": 10, "time_limit": 0.5}) == {"budget": 10, "time_limit": 0.5}
    # The worker answers such a job as a failed search is answered, and drops what names no job.
    bad = ("job", 7, Ask.HINT, deal(1), {"budjet": 10})
    with pytest.raises(TypeError) as why:
        to_worker(bad)
    answer = _refused(bad, why.value)
    assert answer == Answer(7, Ask.HINT, Verdict.UNKNOWN, reason="solver error: unknown option(s) of a request: budjet")
    assert _refused(("pong", 7), why.value) is None


def test_spiders_hint_in_the_worker_takes_only_the_players_view():
    # The Spider hint's request is typed to take the player's view (a MaskedView);
    # the worker holds to it too, so no full-knowledge move can come back as a hint.
    from game.solver.worker import run_job
    from game.spider import deal as spider_deal
    from game.spider.masked import mask

    with pytest.raises(TypeError, match="player's view"):
        run_job(Ask.HINT, spider_deal(1, 1), {"budget": 2_000, "time_limit": 5.0})
    assert run_job(Ask.HINT, mask(spider_deal(1, 1)), {"budget": 2_000, "time_limit": 5.0}).advice is not None


def test_an_answers_line_is_read_as_its_games_moves():
    line = [Move.parse("8a"), Move.parse("3b")]
    assert freecell_line(line) == tuple(line)
    assert spider_line([DEAL]) == (DEAL,)
    with pytest.raises(TypeError):
        spider_line(line)
    with pytest.raises(TypeError):
        freecell_line([*line, DEAL])


# --- what the types catch: mistakes planted in copies of the modules, checked in their place ---

def test_mypy_catches_a_misspelt_job_option_and_an_any_in_a_pure_module(tmp_path):
    from test_types import ROOT, mypy

    # The service's Spider "shorter line" request with its option misspelt: the worker
    # would read no "than" and look for any line shorter than 1 move.
    service = (ROOT / "game" / "solver" / "service.py").read_text(encoding="utf-8")
    right = '        options["than"] = int(than)\n'
    assert service.count(right) == 1
    line = service[:service.index(right)].count("\n") + 1
    (tmp_path / "service.py").write_text(service.replace(right, right.replace("than", "tahn", 1)), encoding="utf-8")
    # A pure module (the grades) that takes anything at all.
    grading = (ROOT / "game" / "grading.py").read_text(encoding="utf-8")
    lines = grading.count("\n")
    (tmp_path / "grading.py").write_text(grading + "\n\ndef _planted(move: typing.Any) -> str:\n    return str(move)\n"
                                         "\n\nimport typing  # noqa: E402\n", encoding="utf-8")
    done = mypy(tmp_path / "cache", "--shadow-file", "game/solver/service.py", str(tmp_path / "service.py"),
                "--shadow-file", "game/grading.py", str(tmp_path / "grading.py"),
                "game/solver/service.py", "game/grading.py")
    assert done.returncode == 1, done.stdout + done.stderr
    assert f'game/solver/service.py:{line}: error: TypedDict "JobOptions" has no key "tahn"' in done.stdout, done.stdout
    assert f'game/grading.py:{lines + 3}: error: Explicit "Any" is not allowed  [explicit-any]' in done.stdout, \
        done.stdout
