"""The rules engines are pure Python: no pygame, moderngl or glm anywhere in them."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES = [ROOT / "game" / "cards.py", *sorted((ROOT / "game" / "freecell").rglob("*.py")),
         *sorted((ROOT / "game" / "spider").rglob("*.py"))]
FORBIDDEN = {"pygame", "moderngl", "glm"}


def test_rules_sources_import_no_graphics_library():
    assert len(RULES) > 4
    for path in RULES:
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN, f"{path.relative_to(ROOT)} imports {name}"


def test_importing_the_engines_loads_no_graphics_library():
    code = ("import sys, game.cards, game.freecell, game.spider; "
            "import game.freecell.commands; "
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {sorted(FORBIDDEN)!r}))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
