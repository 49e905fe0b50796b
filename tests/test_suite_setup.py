"""What conftest promises the tests, which run on several workers at once (pytest -n)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import ROOT

from game.store import data_dir


def test_each_test_keeps_its_files_away_from_the_players_and_the_other_tests(tmp_path_factory):
    # conftest gives every test a data folder of its own under this worker's
    # temporary folder: tests running at once never share one, nor the player's.
    folder = data_dir()
    assert folder.is_relative_to(tmp_path_factory.getbasetemp())
    assert not folder.exists()  # made when the game first saves, so never one a test before used


def test_the_processes_tests_start_compile_the_game_once_and_outside_the_checkout():
    out = subprocess.run([sys.executable, "-c", "import sys; print(sys.dont_write_bytecode); print(sys.pycache_prefix)"],
                         capture_output=True, text=True, check=True, timeout=60)
    writes, prefix = out.stdout.splitlines()
    assert writes == "False"  # compiled files are kept, so the next process need not compile again
    assert prefix == "None" or not Path(prefix).resolve().is_relative_to(ROOT)
