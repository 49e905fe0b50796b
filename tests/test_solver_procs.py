"""Workers die with the game (issue 18): after ``kill -9`` of a program that
uses the solver service, its worker and multiprocessing's resource tracker
exit on their own, whichever way the worker notices."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ROOT

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="walks /proc (Linux)")

PROGRAM = """\
import sys, time
sys.path.insert(0, {root!r})
import game.solver.procs as procs
procs.PDEATHSIG = {deathsig!r}
from game.freecell import deal
from game.solver import Answer, Progress, SolverService
service = SolverService("freecell")
if {searching!r}:
    service.ask_check(deal(11982), budget=10**9, time_limit=None)
    while not any(isinstance(e, Progress) for e in service.poll()):
        time.sleep(0.01)
else:
    service.ask_check(deal(1))
    while not any(isinstance(e, Answer) for e in service.poll()):
        time.sleep(0.01)
print(service.pid, flush=True)
time.sleep(600)
"""


def stat(pid: int) -> tuple[str, int] | None:
    """(state, parent pid) of a process, None when it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()
    return fields[0], int(fields[1])


def descendants(root: int) -> set[int]:
    pids = [int(p) for p in os.listdir("/proc") if p.isdigit()]
    parents = {pid: s[1] for pid in pids if (s := stat(pid)) is not None}
    found: set[int] = set()
    frontier = {root}
    while frontier:
        frontier = {pid for pid, ppid in parents.items() if ppid in frontier} - found
        found |= frontier
    return found


def running(pid: int) -> bool:
    s = stat(pid)
    return s is not None and s[0] not in ("Z", "X")  # a zombie has exited


def cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


@pytest.mark.parametrize("deathsig, searching", [(True, True), (False, True), (False, False)],
                         ids=["pdeathsig-searching", "pipe-searching", "pipe-idle"])
def test_the_worker_and_the_tracker_die_with_a_killed_game(tmp_path, deathsig, searching):
    script = tmp_path / "game_with_worker.py"
    script.write_text(PROGRAM.format(root=str(ROOT), deathsig=deathsig, searching=searching))
    game = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        ready, _, _ = select.select([game.stdout], [], [], 120)
        assert ready, "the program did not start its worker"
        worker = int(game.stdout.readline())
        children = descendants(game.pid)
        assert worker in children
        # Spawn on POSIX starts the resource tracker: it must go too.
        assert any("resource_tracker" in cmdline(pid) for pid in children)
    finally:
        game.send_signal(signal.SIGKILL)
        game.wait()
    end = time.monotonic() + 10  # generous: the worker notices within milliseconds
    left = {pid for pid in children if running(pid)}
    while left and time.monotonic() < end:
        time.sleep(0.05)
        left = {pid for pid in left if running(pid)}
    stuck = [cmdline(pid) for pid in left]
    for pid in left:  # do not leave them behind for the next test run
        os.kill(pid, signal.SIGKILL)
    assert not stuck, f"still running after the game was killed: {stuck}"
