"""Models for outside tools: ``--dump-cnf FILE`` (DIMACS CNF, the projection as a
``c p show`` line) and ``--dump-model FILE`` (CP-SAT's protobuf text format, which
``solve_model`` / ``CpSolver`` read back), shared by every family's command.

A command adds the options with :func:`dump_options` and, when either is given,
calls :func:`dumped` with builders for the two kinds of model; the files go into its
:class:`~cpsolve.commands.Output` like any other file it writes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from cpsolve.backends.cpsat import CpsatModel
from cpsolve.backends.sat import CnfModel

F = TypeVar("F", bound=Callable[..., Any])


def dump_options(function: F) -> F:
    """``--dump-cnf FILE`` and ``--dump-model FILE``."""
    function = click.option("--dump-model", type=click.Path(dir_okay=False), default=None,
                            metavar="FILE",
                            help="Write the CP-SAT model (protobuf text) to FILE.")(function)
    function = click.option("--dump-cnf", type=click.Path(dir_okay=False), default=None,
                            metavar="FILE",
                            help="Write the SAT model (DIMACS CNF) to FILE.")(function)
    return function


def dumped(cnf_file: str | None, model_file: str | None, *,
           cnf: Callable[[], CnfModel | Any], model: Callable[[], CpsatModel | Any]
           ) -> dict[str, str]:
    """The files asked for: path -> text, each model built only when asked (``cnf()``
    returns a :class:`CnfModel`, ``model()`` a :class:`CpsatModel`).

    >>> from cpsolve.backends.sat import CnfModel
    >>> files = dumped("f.cnf", None, cnf=lambda: CnfModel(2, [1, 2], [[[1, -2]]]),
    ...                model=lambda: None)
    >>> print(files["f.cnf"], end="")
    p cnf 2 1
    c p show 1 2 0
    1 -2 0
    """
    files = {}
    if cnf_file is not None:
        files[cnf_file] = cnf().to_dimacs()
    if model_file is not None:
        files[model_file] = model().to_text()
    return files
