"""FreeCell and Spider Solitaire: rules engines, solvers and a 3D-look table."""

__version__ = "0.1.0"
