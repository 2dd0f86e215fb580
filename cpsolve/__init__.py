"""cpsolve: compile puzzles into constraint models and solve them.

The framework knows no particular puzzle. Puzzle families live in the ``models``
package and are found through the ``cpsolve.models`` entry-point group
(see :mod:`cpsolve.registry`).
"""

from cpsolve.errors import CpsolveError, InputError
from cpsolve.result import Result, Stats, Status

__all__ = ["CpsolveError", "InputError", "Result", "Stats", "Status", "__version__"]

__version__ = "0.1.0"
