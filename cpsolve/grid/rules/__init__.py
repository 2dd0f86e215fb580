"""The rule language for grid puzzles: a genre's rules stated once (a
:class:`Statement` over a :class:`Model`), compiled by the kit to the SAT model it
solves (:mod:`.sat`), to CP-SAT (:mod:`.cpsat`) and to a certificate's rule CNF
(:mod:`.certificate`). ``docs/kit.md`` describes the language; ``docs/new-family.md``
writes a genre with it.
"""

from cpsolve.grid.rules.globals import Connected, Loop, edge_values, edges_of, loop
from cpsolve.grid.rules.model import FALSE, TRUE, Layer, Model
from cpsolve.grid.rules.statement import Method, Statement, lazy

__all__ = ["FALSE", "TRUE", "Connected", "Layer", "Loop", "Method", "Model", "Statement",
           "edge_values", "edges_of", "lazy", "loop"]
