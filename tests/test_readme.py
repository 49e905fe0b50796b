"""The README's Quick start is what CI runs, and what it names exists."""

from __future__ import annotations

import re
import tomllib

from conftest import ROOT


def quick_start_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", section, flags=re.S)]


def test_quick_start_has_exactly_two_commands_play_then_test():
    commands = quick_start_commands()
    assert len(commands) == 2 and all("\n" not in c for c in commands)
    play, test = commands
    assert "pip install ." in play and play.endswith("solitaire")
    assert "'.[test]'" in test and "pytest" in test
    # On every core: the whole suite stays within minutes on a 2-core machine.
    assert test.endswith("python3 -m pytest -n auto")


def test_ci_runs_the_readme_test_command_as_written():
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert quick_start_commands()[1] in ci


def test_solitaire_command_points_at_the_cli():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["scripts"]["solitaire"] == "game.commands:main"
    assert {"pygame-ce", "moderngl", "PyGLM"} <= {re.split(r"[<>=]", d)[0] for d in project["dependencies"]}
    test_needs = {re.split(r"[<>=]", d)[0] for d in project["optional-dependencies"]["test"]}
    assert {"pytest", "pytest-xdist"} <= test_needs  # -n in the test command is pytest-xdist's
