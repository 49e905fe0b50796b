"""A shader program's uniform by name, typed as one.

moderngl's ``program[name]`` may be a uniform, a uniform block, an attribute
or a varying (its stub cannot tell which from a name); every name read
through here is a uniform in the shaders (``shaders/``)::

    uniform(prog, "u_vp").write(view_projection)
    uniform(prog, "u_base").value = 4.0
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    import moderngl

__all__ = ["uniform"]


def uniform(prog: moderngl.Program, name: str) -> moderngl.Uniform:
    """``prog[name]``, which the shader declares a uniform."""
    return cast("moderngl.Uniform", prog[name])
