"""What the old line-count caps were for, checked as itself.

The caps (any module of game/ at 800 lines, the window at 300, the
controller at 350) were meant to keep each module a piece a reader can
hold. They measured lines, so they were met by squeezing lines: statements
joined with ``;`` or after a ``:``, lines of 182 and 191 columns, and code
moved out of a full module only to get under the number (issue 58). What
they were for is held here instead:

- one statement a line: ruff's E701 (after a colon), E702 (``;``) and E703
  (a trailing ``;``) hold for game/ and tools/;
- no line over 120 columns: ruff's E501 at line-length 120 holds for game/
  and tools/ (tests/ is exempt: a long assertion or table row can read
  better whole);
- one job a module: no number says that, so review asks it. The guard below
  is only a tripwire far above any module that does one job (the largest
  today are under 800 lines): a module past 1,200 lines is doing several
  jobs and is split by job, never squeezed. It is not a budget to fill.

ruff itself runs in tests/test_lint.py; this file checks that the
configuration keeps these rules on where they belong and that ruff reports
each of them on a planted line.

Run alone: ``python3 -m pytest -q tests/test_module_sizes.py``.
"""

from __future__ import annotations

import tomllib
from fnmatch import fnmatch
from pathlib import Path

from test_lint import ruff

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"
#: The tripwire, not a target: see the module's notes.
MANY_JOBS_LINES = 1200
#: One statement a line, and the line width.
RULES = ("E701", "E702", "E703", "E501")


def _ruff_config() -> dict:
    with (ROOT / "pyproject.toml").open("rb") as f:
        return tomllib.load(f)["tool"]["ruff"]


def _covers(chosen: list[str], code: str) -> bool:
    """ruff reads a chosen code as a prefix: "E7" chooses E701."""
    return any(code.startswith(prefix) for prefix in chosen)


def test_one_statement_a_line_and_120_columns_hold_in_game_and_tools():
    config = _ruff_config()
    lint = config["lint"]
    assert config["line-length"] == 120
    for code in RULES:
        assert _covers(lint["select"], code), f"{code} is not selected"
        assert not _covers(lint.get("ignore", []), code), f"{code} is ignored"
    # No per-file exemption reaches a module of game/ or tools/.
    checked = [p.relative_to(ROOT).as_posix() for top in ("game", "tools") for p in (ROOT / top).rglob("*.py")]
    assert len(checked) > 100
    for pattern, ignored in lint.get("per-file-ignores", {}).items():
        exempt = [code for code in RULES if _covers(ignored, code)]
        if exempt:
            assert [path for path in checked if fnmatch(path, pattern)] == [], (pattern, exempt)


def test_ruff_reports_each_squeezed_line(tmp_path):
    planted = tmp_path / "planted.py"
    long_line = "VALUE = " + " + ".join(["1"] * 40)
    assert len(long_line) > 120
    planted.write_text('"""Squeezed lines."""\n\n'
                       "first = 1; second = 2\n"
                       "if first: second = 3\n"
                       "third = 4;\n"
                       f"{long_line}\n", encoding="utf-8")
    done = ruff(str(planted), cwd=tmp_path)
    found = {line.split(": ")[1].split()[0] for line in done.stdout.splitlines() if "planted.py:" in line}
    assert found == set(RULES), done.stdout + done.stderr
    assert "planted.py:3:" in done.stdout and "planted.py:6:" in done.stdout


def test_no_module_of_game_is_past_the_many_jobs_tripwire():
    sizes = {p.relative_to(ROOT).as_posix(): len(p.read_text(encoding="utf-8").splitlines())
             for p in GAME.rglob("*.py")}
    assert len(sizes) > 30
    assert {name: n for name, n in sizes.items() if n > MANY_JOBS_LINES} == {}
