"""ruff keeps the repository clean with the rules chosen in pyproject.toml
(``[tool.ruff]``): this test runs it as a contributor would and fails with its
findings. ruff comes with the ``test`` extra, so a missing ruff is a failure
(CI installs the extra), never a skip.

Run alone: ``python3 -m ruff check`` from the repository root.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "pyproject.toml"


def ruff(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """``ruff check`` with the repository's configuration; its findings on stdout, one a line."""
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--config", str(CONFIG), "--no-cache",
                           "--output-format", "concise", *args], cwd=cwd, check=False, capture_output=True,
                          text=True, timeout=120)
    assert "No module named ruff" not in done.stderr, "ruff is not installed: pip install -e '.[test]'"
    return done


def test_the_repository_passes_ruff():
    done = ruff(".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_reports_a_planted_violation(tmp_path):
    # Outside the repository so the planted file is checked on its own, by the same rules.
    planted = tmp_path / "planted.py"
    planted.write_text('"""A module with one unused import."""\n\nimport os\n\nVALUE = 1\n', encoding="utf-8")
    done = ruff(str(planted), cwd=tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "planted.py:3:8: F401" in done.stdout, done.stdout
    # A rule beyond ruff's core set, chosen in pyproject.toml, is on too.
    planted.write_text('"""Runs a command."""\n\nimport subprocess\n\nsubprocess.run(["true"])\n', encoding="utf-8")
    done = ruff(str(planted), cwd=tmp_path)
    assert "planted.py:5:1: PLW1510" in done.stdout, done.stdout
