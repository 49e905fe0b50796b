"""Layering: the rules engines are pure Python and the import graph has no circle.

The rules (``game/cards.py``, ``game/freecell/``, ``game/spider/``) import
no graphics library, no worker processes, and nothing from the layers above
them (the app, the UI, the command line). Across all of ``game/`` no module
imports one that imports it back, directly or through others.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT

GAME = ROOT / "game"
RULES = [GAME / "cards.py", *sorted((GAME / "freecell").rglob("*.py")), *sorted((GAME / "spider").rglob("*.py"))]
GRAPHICS = {"pygame", "moderngl", "glm"}
#: Module prefixes the rules must not import (``game.cli``/``game.textplay`` are the old names).
FORBIDDEN = ("pygame", "moderngl", "glm", "multiprocessing", "game.app", "game.ui", "game.cli",
             "game.commands", "game.textplay")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path, known: set[str] | None = None) -> set[str]:
    """The absolute module names ``path`` imports (function-level imports too).

    Relative imports are resolved against the module's package. ``from P import
    n`` counts as importing ``P.n`` when that is a module in ``known``, else ``P``.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for alias in node.names:
                full = f"{module}.{alias.name}"
                out.add(full if known is not None and full in known else module)
    return out


def _forbidden(name: str) -> bool:
    return any(name == f or name.startswith(f + ".") for f in FORBIDDEN)


def test_imports_resolves_relative_imports(tmp_path):
    assert module_name(GAME / "freecell" / "__init__.py") == "game.freecell"
    known = {"game.freecell.moves", "game.cards"}
    src = "from .moves import Move\nfrom .. import cards\nfrom ..spider import deal\nimport os.path\n"
    pkg = GAME / "freecell"
    probe = pkg / "_probe_for_test.py"
    try:
        probe.write_text(src)
        assert imports(probe, known) == {"game.freecell.moves", "game.cards", "game.spider", "os.path"}
    finally:
        probe.unlink()


def test_rules_sources_import_nothing_from_higher_layers():
    """Directly or through other modules of game/ (game.procs brings multiprocessing)."""
    assert len(RULES) > 4
    paths = {module_name(p): p for p in GAME.rglob("*.py")}
    known = set(paths)
    bad = []
    for path in RULES:
        # Walk every module of game/ this one reaches; any forbidden import on the way counts.
        start = module_name(path)
        via = {start: [start]}
        todo = [start]
        while todo:
            here = todo.pop()
            for name in sorted(imports(paths[here], known)):
                if _forbidden(name):
                    bad.append(f"{path.relative_to(ROOT)} imports {name} (via {' -> '.join(via[here])})")
                elif name in known and name not in via:
                    via[name] = via[here] + [name]
                    todo.append(name)
    assert sorted(set(bad)) == []


def test_importing_the_engines_loads_no_graphics_library():
    code = ("import sys, game.cards, game.freecell, game.spider, game.commands.freecell; "
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {sorted(GRAPHICS)!r}))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def import_graph() -> dict[str, set[str]]:
    """Each module of ``game/`` and the modules of ``game/`` it imports."""
    paths = {module_name(p): p for p in GAME.rglob("*.py")}
    known = set(paths)
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        graph[name] = {m for m in imports(path, known) if m in known and m != name}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of imports (its modules in order, the first repeated last), or None."""
    WHITE, GREY, BLACK = 0, 1, 2
    colour = dict.fromkeys(graph, WHITE)
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        colour[node] = GREY
        path.append(node)
        for nxt in sorted(graph[node]):
            if colour[nxt] == GREY:
                return path[path.index(nxt):] + [nxt]
            if colour[nxt] == WHITE and (found := visit(nxt)) is not None:
                return found
        path.pop()
        colour[node] = BLACK
        return None

    for start in sorted(graph):
        if colour[start] == WHITE and (found := visit(start)) is not None:
            return found
    return None


def test_find_cycle_finds_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_the_import_graph_of_game_has_no_circle():
    graph = import_graph()
    assert "game.commands" in graph and "game.freecell.position" in graph["game.freecell.deals"]
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


# --- the controller asks the tables; the window asks the controller (issue 30) -----------------

GAME_NAMES = {"freecell", "spider"}
TABLE_INTERNALS = ("game.play.table", "game.play.freecell_table", "game.play.spider_table", "game.play.flights",
                   "game.play.games")


def game_branches(source: str) -> list[str]:
    """Each place ``source`` decides by which game is up: a comparison with a game's
    name or with a ``game`` value, an ``isinstance`` on a table class, a table class imported."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            for side in [node.left, *node.comparators]:
                named = isinstance(side, ast.Constant) and side.value in GAME_NAMES
                game = (isinstance(side, ast.Attribute) and side.attr == "game") or (
                    isinstance(side, ast.Name) and side.id == "game")
                if named or game:
                    out.append(f"line {node.lineno}: {ast.unparse(node)}")
                    break
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance":
            if any(isinstance(n, ast.Name) and n.id.endswith("Table") for n in ast.walk(node.args[1])):
                out.append(f"line {node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.ImportFrom) and node.module in ("game.play.freecell_table", "game.play.spider_table"):
            out.append(f"line {node.lineno}: imports {node.module}")
    return out


def test_game_branches_finds_each_kind():
    src = ("from game.play.spider_table import SpiderTable\n"
           "if table.game == 'spider': pass\nif isinstance(t, FreeCellTable): pass\n"
           "if game != 'x': pass\nif 'freecell' in names: pass\nif n == 3: pass\n")
    assert [line.split(":")[0] for line in game_branches(src)] == ["line 1", "line 2", "line 3", "line 4", "line 5"]


@pytest.mark.parametrize("name", ("controller.py", "round.py"))
def test_the_controller_never_branches_on_which_game_is_up(name):
    """Every per-game question is the table's (or its game object's) to answer."""
    assert game_branches((GAME / "play" / name).read_text(encoding="utf-8")) == []


def test_the_window_imports_no_table_internals_and_never_reaches_into_play():
    """game/app/ draws Play's frame and sends it gestures: no table, no flights, no env."""
    known = set(import_graph())
    bad = []
    for path in sorted((GAME / "app").rglob("*.py")):
        bad += [f"{path.name} imports {m}" for m in imports(path, known)
                if any(m == t or m.startswith(t + ".") for t in TABLE_INTERNALS)]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr in ("table", "env")
                    and isinstance(node.value, ast.Attribute) and node.value.attr == "play"):
                bad.append(f"{path.name} line {node.lineno}: {ast.unparse(node)}")
    assert bad == []
