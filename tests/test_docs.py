"""The README is the front door and stays honest: short, its two commands the ones CI
runs, every link in it and in docs/ pointing at a file (and a heading) of this
repository, nothing outside the repository named, and one version everywhere."""

from __future__ import annotations

import re
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import ROOT, run_game

import game
from game import desktop

#: The pages a reader of the repository is sent to.
PAGES = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").glob("*.md"))]
#: Most lines the README may have: what a newcomer reads in five minutes.
README_LINES = 250
#: What names a file outside the repository: the spec and style guide kept beside the
#: checkout while the project was built, a path above the repository, a machine's own folder.
OUTSIDE = re.compile(r"\bshared/|SPEC\.md|STYLE\.md|SPEC §|beside this repository|\]\(\.\./\.\./|/work/")

LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+\"[^\"]*\")?\s*$", re.M)
FENCE = re.compile(r"^(```|~~~).*?^\1\s*$", re.M | re.S)


def prose(text: str) -> str:
    """The text without code blocks and inline code, where a link or a heading is only an example."""
    return re.sub(r"`[^`\n]*`", "", FENCE.sub("", text))


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: its text, lower case, punctuation dropped, spaces as hyphens.

    >>> slug("The coach: how a review grades"), slug("FreeCell's `solve` rules")
    ('the-coach-how-a-review-grades', 'freecells-solve-rules')
    """
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link counts by its text
    text = text.replace("`", "").replace("*", "").strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """The anchors GitHub gives a page's headings (a repeated one gets -1, -2, ...)."""
    seen: dict[str, int] = {}
    found = set()
    for heading in re.findall(r"^#{1,6}\s+(.+?)\s*#*\s*$", FENCE.sub("", page.read_text()), flags=re.M):
        base = slug(heading)
        n = seen.get(base, 0)
        seen[base] = n + 1
        found.add(base if n == 0 else f"{base}-{n}")
    return found


def broken_links(page: Path, root: Path = ROOT) -> list[str]:
    """Each relative link of ``page`` that leads nowhere in ``root``, and why."""
    text = prose(page.read_text())
    broken = []
    for target in LINK.findall(text) + REFERENCE.findall(text):
        if re.match(r"[a-z][a-z0-9+.-]*:", target, re.I):  # https:, mailto: ...
            continue
        path, _, anchor = target.partition("#")
        where = (page.parent / path).resolve() if path else page.resolve()
        if not where.is_relative_to(root.resolve()):
            broken.append(f"{target}: outside the repository")
        elif not where.exists():
            broken.append(f"{target}: no such file")
        elif anchor and where.suffix == ".md" and anchor not in anchors(where):
            broken.append(f"{target}: no heading #{anchor} in {where.name}")
    return broken


def quick_start_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", section, flags=re.S)]


def test_the_readme_is_a_front_door_of_at_most_250_lines():
    lines = (ROOT / "README.md").read_text().splitlines()
    assert len(lines) <= README_LINES, f"README.md has {len(lines)} lines; move the rest into docs/"


def test_quick_start_has_exactly_two_commands_play_then_test():
    commands = quick_start_commands()
    assert len(commands) == 2 and all("\n" not in c for c in commands)
    play, test = commands
    assert "pip install ." in play and play.endswith("solitaire")
    assert "'.[test]'" in test and "pytest" in test
    # On every core, the workers sharing what is left: the suite stays within minutes on a 2-core machine.
    assert test.endswith("python3 -m pytest -n auto --dist worksteal")


def test_ci_runs_the_readme_test_command_as_written():
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert quick_start_commands()[1] in ci


def test_solitaire_command_points_at_the_cli():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["scripts"]["solitaire"] == "game.commands:main"
    assert {"pygame-ce", "moderngl", "PyGLM"} <= {re.split(r"[<>=]", d)[0] for d in project["dependencies"]}
    test_needs = {re.split(r"[<>=]", d)[0] for d in project["optional-dependencies"]["test"]}
    assert {"pytest", "pytest-xdist"} <= test_needs  # -n in the test command is pytest-xdist's


def test_the_readme_links_every_docs_page():
    linked = {Path(t.partition("#")[0]) for t in LINK.findall(prose((ROOT / "README.md").read_text()))}
    pages = {p.relative_to(ROOT) for p in (ROOT / "docs").glob("*.md")}
    assert pages and pages <= linked, f"not linked from the README: {sorted(map(str, pages - linked))}"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_leads_to_a_file_and_heading_of_the_repository(page):
    assert broken_links(page) == []


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_nothing_outside_the_repository_is_named(page):
    found = [m.group(0) for m in OUTSIDE.finditer(page.read_text())]
    assert found == [], f"{page.name} names what a clone does not have: {found}"


def test_the_link_check_finds_a_missing_file_a_missing_heading_and_a_way_out(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "other.md").write_text("# Other\n\n## The coach: how it grades\n")
    page = tmp_path / "docs" / "page.md"
    page.write_text("[fine](other.md#the-coach-how-it-grades) [self](#page) `[code](gone.md)`\n\n# Page\n"
                    "[gone](gone.md) [heading](other.md#nowhere) ![out](../../elsewhere/SPEC.md)\n"
                    "[web](https://example.org/x.md)\n")
    assert broken_links(page, root=tmp_path) == [
        "gone.md: no such file", "other.md#nowhere: no heading #nowhere in other.md",
        "../../elsewhere/SPEC.md: outside the repository"]


def released() -> tuple[str, str]:
    """The newest release CHANGELOG.md names, as (version, date), under its Unreleased heading."""
    headings = re.findall(r"^## \[([^\]]+)\](?: - (\S+))?\s*$", (ROOT / "CHANGELOG.md").read_text(), flags=re.M)
    assert headings and headings[0][0] == "Unreleased", "Keep a Changelog: [Unreleased] comes first"
    return headings[1]


def test_one_version_in_pyproject_the_game_the_metainfo_the_command_and_the_changelog():
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    release = ET.fromstring(desktop.metainfo()).find("releases/release")
    assert release is not None
    command = run_game("--version")
    assert command.returncode == 0, command.stderr
    assert (game.__version__, release.get("version"), command.stdout.strip()) == (
        version, version, f"solitaire {version}")
    assert released() == (version, release.get("date")) == (version, game.RELEASED)
