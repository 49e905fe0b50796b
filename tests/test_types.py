"""mypy checks the types with the configuration in pyproject.toml
(``[tool.mypy]``): every check of ``--strict`` for ``game/``, mypy's default
checks for ``tools/`` and ``tests/``. This test runs it as a contributor would
and fails with its messages. mypy comes with the ``test`` extra, so a missing
mypy is a failure (CI installs the extra), never a skip.

Each run starts from an empty cache of its own under the test's temporary
folder: what CI sees (it starts cold), and no file shared between test
workers or checkouts.

Run alone: ``python3 -m mypy`` from the repository root.
"""

from __future__ import annotations

import ast
import hashlib
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "pyproject.toml"


def mypy(cache: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """mypy with the repository's configuration, run from its root; messages on stdout, one a line."""
    done = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(CONFIG), "--cache-dir", str(cache),
                           "--no-color-output", "--no-error-summary", *args],
                          cwd=ROOT, check=False, capture_output=True, text=True, timeout=300)
    assert "No module named mypy" not in done.stderr, "mypy is not installed: pip install -e '.[test]'"
    return done


#: mypy's cache for the whole check, kept between runs outside the checkout (one a checkout):
#: mypy checks again every module whose source or dependencies changed, so a warm cache
#: gives the same messages in a few seconds where a cold one takes 15 s here. The tests
#: that plant an error use a fresh cache of their own.
CACHE = Path(tempfile.gettempdir()) / (f"solitaire3d-mypy-{os.getuid() if hasattr(os, 'getuid') else 0}-"
                                       f"{hashlib.sha1(str(ROOT).encode()).hexdigest()[:12]}")


def test_the_configured_paths_pass_mypy():
    # No paths given: mypy checks the configuration's `files` (game, tools, tests).
    done = mypy(CACHE)
    assert done.returncode == 0, done.stdout + done.stderr


def test_game_gets_every_check_of_strict():
    # The flags --strict turns on, as this mypy defines them, compared with what
    # the configuration gives a module of the game: a flag a newer mypy adds to
    # --strict, or one dropped from the configuration, shows up here by name.
    from mypy.main import process_options

    _, plain = process_options(["--config-file", "", "game/cards.py"])
    _, strict = process_options(["--config-file", "", "--strict", "game/cards.py"])
    _, configured = process_options(["--config-file", str(CONFIG), "game/cards.py"])
    game = configured.clone_for_module("game.cards")
    # (Options is a compiled class with slots: its settings are read by name.)
    settings = [name for name in dir(strict) if not name.startswith("_") and not callable(getattr(strict, name))]
    flags = {name for name in settings if getattr(plain, name) != getattr(strict, name)}
    assert {"disallow_untyped_defs", "disallow_any_generics", "warn_return_any"} <= flags, flags
    assert {name: getattr(game, name) for name in flags} == {name: getattr(strict, name) for name in flags}
    # tools/ and tests/ keep mypy's defaults for the strict flags.
    tool = configured.clone_for_module("screenshot")
    assert not tool.disallow_untyped_defs and not tool.disallow_any_generics


def test_mypy_reports_a_planted_type_error(tmp_path):
    # A copy of game/cards.py with two mistakes, checked in the real module's
    # place (--shadow-file), so it is read as game.cards under the same configuration.
    planted = tmp_path / "cards.py"
    source = (ROOT / "game" / "cards.py").read_text(encoding="utf-8")
    lines = source.count("\n")
    planted.write_text(source + "\n\ndef _planted(card: Card) -> int:\n    return card.rank\n\n\n_planted(3)\n"
                       "\n\ndef _unannotated(card):\n    return card\n", encoding="utf-8")
    done = mypy(tmp_path / "cache", "--shadow-file", "game/cards.py", str(planted), "game/cards.py")
    assert done.returncode == 1, done.stdout + done.stderr
    # The int where a Card is declared, and (strict only) the function without annotations.
    assert f'game/cards.py:{lines + 7}: error: Argument 1 to "_planted" has incompatible type "int"; expected "Card"' \
        in done.stdout, done.stdout
    assert f"game/cards.py:{lines + 10}: error: Function is missing a type annotation  [no-untyped-def]" \
        in done.stdout, done.stdout


def test_game_keeps_few_type_ignores_each_naming_its_error():
    # A silenced error in the game names its code (a bare ignore would hide any
    # other error on the line too), and there are few: each is a wrong library
    # stub or a Python idiom typeshed cannot express, said beside it.
    found = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for m in re.finditer(r"#\s*type:\s*ignore(\[[a-z-]+(?:,\s*[a-z-]+)*\])?", line):
                found.append((f"{path.relative_to(ROOT)}:{n}", m.group(1)))
    assert [where for where, code in found if code is None] == []
    assert len(found) <= 10, found


def any_uses(source: str) -> list[int]:
    """The lines where ``typing.Any`` is used in a module's code (its import aside),
    string annotations included; prose and comments are not code.

    >>> any_uses('from typing import Any\\nx: "dict[str, Any]" = {}\\ny: typing.Any = 1  # Any at all\\n"Any"\\n')
    [2, 3]
    """
    tree = ast.parse(source)
    # A string annotation (and every string inside one) is code; other strings are prose.
    notes: set[int] = set()
    for node in ast.walk(tree):
        annotation = node.annotation if isinstance(node, (ast.arg, ast.AnnAssign)) else \
            node.returns if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else None
        if annotation is not None:
            notes.update(id(n) for n in ast.walk(annotation) if isinstance(n, ast.Constant))
    lines: list[int] = []

    def visit(node: ast.AST, line: int | None) -> None:
        for child in ast.walk(node):
            where = line if line is not None else getattr(child, "lineno", 0)
            named = isinstance(child, ast.Name) and child.id == "Any"
            if named or (isinstance(child, ast.Attribute) and child.attr == "Any"):
                lines.append(where)
            elif isinstance(child, ast.Constant) and isinstance(child.value, str) and id(child) in notes:
                try:
                    visit(ast.parse(child.value, mode="eval"), where)
                except SyntaxError:
                    pass  # a string that is not an expression names no type

    visit(tree, None)
    return sorted(lines)


#: The uses of Any the game keeps, each where no precise type can be written:
#: the command line's parser passes argparse's own keywords through (argparse
#: makes its subcommands' parsers with whatever keywords it was given), and
#: Spider's search state is one flat tuple read by computed index in the
#: search's hottest code (its comment says more). Everything else read from
#: outside is `object`, narrowed where it is read.
KEPT_ANY = {"game/commands/__init__.py": 2, "game/spider/states.py": 1}


def test_the_game_names_its_types_instead_of_any():
    # Issue 58: 361 uses of Any in game/ before; a value of unknown shape is object
    # and the shapes are protocols and typed dicts. mypy's disallow_any_explicit
    # holds every module but the command line's; this counts what a type: ignore
    # or that module would let back in.
    found = {}
    for path in sorted((ROOT / "game").rglob("*.py")):
        uses = any_uses(path.read_text(encoding="utf-8"))
        if uses:
            found[path.relative_to(ROOT).as_posix()] = uses
    more = {name: lines for name, lines in found.items() if len(lines) > KEPT_ANY.get(name, 0)}
    assert not more, f"Any used where a precise type can be written (module: lines): {more}"
    assert sum(len(lines) for lines in found.values()) <= sum(KEPT_ANY.values())


def test_every_module_of_the_game_but_the_command_line_forbids_an_explicit_any():
    from mypy.main import process_options

    _, configured = process_options(["--config-file", str(CONFIG), "game/cards.py"])
    for module in ("game.cards", "game.play.coach", "game.app.window", "game.schema", "game.spider.states"):
        assert configured.clone_for_module(module).disallow_any_explicit, module
    assert not configured.clone_for_module("game.commands").disallow_any_explicit
