"""A sliding puzzle's models at one horizon, for ``--dump-cnf`` and ``--dump-model``:
"the start reaches the goal in exactly H moves" as DIMACS CNF (the ``onehot`` or
``blanklog`` encoding) or as CP-SAT protobuf text."""

from __future__ import annotations

from cpsolve.backends.cpsat import CpsatModel
from cpsolve.backends.sat import CnfModel
from cpsolve.errors import UsageError
from models.sliding.board import Puzzle
from models.sliding.bounds import Analysis
from models.sliding.encodings import Options, encoder


def model_at(puzzle: Puzzle, horizon: int, encoding: str,
             options: Options | None = None) -> CnfModel | CpsatModel:
    """The model of plans of exactly ``horizon`` moves in ``encoding`` (``onehot``,
    ``blanklog`` or ``cpsat``); a :class:`UsageError` when no such plan can exist for
    a reason the graph shows (then there is no model to write).

    >>> from models.sliding.formats import parse
    >>> cnf = model_at(parse("1 2 3\\n4 5 6\\n0 7 8"), 2, "blanklog")
    >>> cnf.to_dimacs().startswith("p cnf ")
    True
    >>> model_at(parse("1 2 3\\n4 5 6\\n0 7 8"), 3, "blanklog")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cpsolve.errors.UsageError: no plan of exactly 3 moves can exist (the parity ...
    """
    analysis = Analysis(puzzle)
    if analysis.verdict.solvable is False or analysis.lower_bound is None:
        raise UsageError(f"the puzzle has no solution ({analysis.verdict.reason}), so there "
                         "is no model to write")
    built = encoder(encoding, analysis, options or Options(), horizon).model()
    if built is None:
        raise UsageError(f"no plan of exactly {horizon} moves can exist (the parity or "
                         "distances rule it out)")
    model: CnfModel | CpsatModel = built
    return model
