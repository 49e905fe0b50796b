"""How the modules of game/ lean on each other.

A name with a leading underscore belongs to its module: another module of
game/ that imports it (``from game.x import _y``, or ``x._y`` on an imported
module) is leaning on a detail its owner may change without looking. A name
two modules share is public, with a docstring saying what it promises, or
the code lives where it is used. (gettext's ``_`` is the one underscore name
that is a convention, not a private, so it passes.) tests/ may still reach
private names: tests are white-box.

A hook that each game (or each field kind, each review) must supply is an
``abc.abstractmethod`` of an ``abc.ABC``, not a body that raises
NotImplementedError: a class that forgets one then fails when it is made,
with the hook's name, instead of on the day a player reaches the hook. Every
class of game/ that still has abstract methods must be a base that game/
builds on (has a subclass there); a leaf class with one left is a missing hook.

Run alone: ``python3 -m pytest -q tests/test_structure.py``.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path

import game

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"


def _module_name(path: Path, root: Path) -> tuple[str, bool]:
    """The dotted name of ``path`` under ``root`` and whether it is a package's ``__init__``."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    package = parts[-1] == "__init__"
    if package:
        parts.pop()
    return ".".join(parts), package


def _imported_module(node: ast.ImportFrom, here: str, package: bool) -> str:
    """The absolute module a ``from ... import`` reads, relative forms resolved."""
    if node.level == 0:
        return node.module or ""
    base = here.split(".") if package else here.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _private(name: str) -> bool:
    # "_" is gettext's translation function; "__x__" names are Python's own.
    return name.startswith("_") and name != "_" and not (name.startswith("__") and name.endswith("__"))


def private_imports(package_dir: Path) -> list[str]:
    """Every use, in a module under ``package_dir``, of a private name of another
    module of the same package, as ``"module:line: owner.name"``.

    Two ways in are found: ``from owner import _name`` and ``alias._name``,
    where ``alias`` was imported from the package (a module, or a class or
    function of one)."""
    root = package_dir.parent
    top = package_dir.name
    found = []
    for path in sorted(package_dir.rglob("*.py")):
        here, package = _module_name(path, root)
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        # What each local name stands for, when it came from the package.
        bound: dict[str, str] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                owner = _imported_module(node, here, package)
                if owner.split(".")[0] != top:
                    continue
                for alias in node.names:
                    if _private(alias.name) and owner != here:
                        found.append(f"{here}:{node.lineno}: {owner}.{alias.name}")
                    bound[alias.asname or alias.name] = f"{owner}.{alias.name}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.split(".")[0] == top:
                        # `import game.x.y` binds `game`; `import game.x.y as z` binds z to game.x.y.
                        bound[alias.asname or top] = alias.name if alias.asname else top
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and _private(node.attr):
                chain = [node.attr]
                value = node.value
                while isinstance(value, ast.Attribute):
                    chain.append(value.attr)
                    value = value.value
                if isinstance(value, ast.Name) and value.id in bound:
                    owner = ".".join([bound[value.id], *reversed(chain[1:])])
                    if owner != here:
                        found.append(f"{here}:{node.lineno}: {owner}.{node.attr}")
    return found


def test_no_module_of_game_uses_a_private_name_of_another():
    assert private_imports(GAME) == []


def test_a_planted_private_import_is_found(tmp_path):
    package = tmp_path / "game"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "sub" / "__init__.py").write_text("", encoding="utf-8")
    (package / "i18n.py").write_text("def _(text):\n    return text\n", encoding="utf-8")
    (package / "sub" / "owner.py").write_text(
        "def _helper():\n    return 1\n\n\ndef public():\n    return _helper()\n", encoding="utf-8")
    (package / "sub" / "user.py").write_text(
        "from game.i18n import _\n"
        "from game.sub import owner\n"
        "from game.sub.owner import public\n"
        "import game.sub.owner as aliased\n"
        "import game.sub.owner\n"
        "\n"
        "VALUE = _(str(public()))\n", encoding="utf-8")
    # The clean package passes: gettext's `_`, public names, a module's own privates.
    assert private_imports(package) == []
    user = package / "sub" / "user.py"
    clean = user.read_text(encoding="utf-8")
    for planted, expected in [
        ("from game.sub.owner import _helper\n", "game.sub.user:8: game.sub.owner._helper"),
        ("from .owner import _helper\n", "game.sub.user:8: game.sub.owner._helper"),
        ("from ..sub.owner import _helper as helper\n", "game.sub.user:8: game.sub.owner._helper"),
        ("X = owner._helper()\n", "game.sub.user:8: game.sub.owner._helper"),
        ("X = aliased._helper()\n", "game.sub.user:8: game.sub.owner._helper"),
        ("X = game.sub.owner._helper()\n", "game.sub.user:8: game.sub.owner._helper"),
        ("X = public._cache\n", "game.sub.user:8: game.sub.owner.public._cache"),
    ]:
        user.write_text(clean + planted, encoding="utf-8")
        assert private_imports(package) == [expected], planted


def game_classes() -> list[type]:
    """Every class defined at the top of a module of game/ (each module imported)."""
    classes = []
    for info in pkgutil.walk_packages(game.__path__, "game."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        classes += [c for c in vars(module).values() if inspect.isclass(c) and c.__module__ == info.name]
    return classes


def unfinished_leaves(classes: list[type]) -> dict[str, list[str]]:
    """The classes among ``classes`` that no other one builds on and that still
    have abstract methods (they cannot be made), with those methods' names."""
    bases = {base for c in classes for base in c.__mro__[1:]}
    return {c.__qualname__: sorted(getattr(c, "__abstractmethods__", ())) for c in classes
            if c not in bases and getattr(c, "__abstractmethods__", None)}


def test_every_hook_is_abstract_and_every_leaf_class_supplies_its_hooks():
    raising = [f"{path.relative_to(ROOT)}:{node.lineno}" for path in sorted(GAME.rglob("*.py"))
               for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
               if isinstance(node, ast.Raise) and node.exc is not None
               and "NotImplementedError" in ast.unparse(node.exc)]
    assert raising == [], "a hook that raises NotImplementedError: make it an abc.abstractmethod"
    classes = game_classes()
    abstract = {c.__qualname__ for c in classes if getattr(c, "__abstractmethods__", None)}
    # The hooks are there (the ABCs were found), and each leaf supplies all of them.
    assert {"Table", "Reviewing", "ReviewSteps", "Field"} <= abstract
    assert unfinished_leaves(classes) == {}


def test_a_leaf_class_missing_a_hook_is_found():
    from game.play.freecell_table import FreeCellTable
    from game.play.table import Table

    # A game's table that forgot one hook (built from the real one, less pile_size).
    namespace = {k: v for k, v in vars(FreeCellTable).items() if k not in ("pile_size", "__dict__", "__weakref__")}
    forgetful = type("ForgetfulTable", FreeCellTable.__bases__, namespace)
    assert unfinished_leaves([Table, FreeCellTable]) == {}
    assert unfinished_leaves([Table, forgetful]) == {"ForgetfulTable": ["pile_size"]}
