"""Where the game's data files are: ``assets/`` and ``shaders/``.

In a source checkout they sit beside the ``game`` package; an installed copy
(``pip install .``) puts them under ``<prefix>/share/solitaire3d``.

    >>> asset_path("freecell-min-cells.tsv").name
    'freecell-min-cells.tsv'
"""

from __future__ import annotations

import sys
from pathlib import Path

__all__ = ["asset_path", "data_dir", "shader_path"]

_CHECKOUT = Path(__file__).resolve().parent.parent


def data_dir(kind: str) -> Path:
    """The ``assets`` or ``shaders`` folder in use."""
    local = _CHECKOUT / kind
    if local.is_dir():
        return local
    return Path(sys.prefix) / "share" / "solitaire3d" / kind


def asset_path(name: str) -> Path:
    return data_dir("assets") / name


def shader_path(name: str) -> Path:
    return data_dir("shaders") / name
