"""The Sudoku rules, stated once (:mod:`cpsolve.grid.rules`): a variable per cell and
number, true where the cell holds that number (:mod:`~cpsolve.grid.rules.alldifferent`).

* every cell holds exactly one number;
* no row, column or box holds a number twice, so each holds every number once;
* a given (a clue): its cell holds that number.

The deductions (``--deductions``, on by default) are Kwon and Jain's optimisation
("Optimized CNF encoding for Sudoku puzzles", 2006): the numbers a given rules out in
its cell and in its row, column and box are no variables at all, and neither are the
given cells; every clause they satisfy is gone and every literal they falsify left
out. With ``--no-deductions`` every cell has a variable for every number and the
givens are unit clauses: the encodings as Lynce and Ouaknine define them ("Sudoku as a
SAT problem", 2006). The SAT methods write these halves of the rules (pairwise "at
most one"):

``extended`` (the default: the steadiest measured, its p90 and maximum the lowest; and
with the deductions Kwon and Jain's *optimised* encoding)
    Every cell holds at least one number and at most one; every row, column and box
    holds every number at least once and at most once.
``efficient``
    Every cell holds at least one number and at most one; no row, column or box holds
    a number twice.
``minimal``
    Every cell holds at least one number; no row, column or box holds a number twice.

The halves left out follow from those written: the N cells of a row hold N numbers at
least, none twice, so each number once and one number a cell (and so for columns and
boxes). CP-SAT (``alldifferent``): an integer per cell over its candidates,
``AddAllDifferent`` for each row, column and box.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import numpy as np

from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import Method, Model, Statement
from cpsolve.grid.rules.alldifferent import AllDifferent, candidates, given_numbers
from cpsolve.grid.techniques import (
    Technique,
    hidden,
    hidden_set,
    locked,
    naked,
    no_cell_for_number,
    places,
    repeated,
)
from cpsolve.models.sudoku.board import Board, Digits


def rules(m: Model, board: Board) -> None:
    with m.rule(CELL):
        holds = candidates(m, "holds", range(1, board.size + 1))
    if not m.apart:  # a solve's: every unit at once
        with m.rule("no row, column or box holds a number twice"):
            m.require(AllDifferent(holds.lits, board.units))
        return
    # The hints': each row, column and box a rule of its own, as players name them;
    # the same clauses.
    for k, unit in enumerate(board.units):
        with m.rule(f"{board.unit_name(k)} holds each number once"):
            m.require(AllDifferent(holds.lits, (unit,)))


def clue(m: Model, board: Board, given: Clue) -> None:
    m.clause(m.layers["holds"][given.index, given.value])


def decode(board: Board, values: Any) -> Digits:
    on = np.asarray(values, dtype=bool).reshape(board.cells, board.size)
    return tuple(((on.argmax(axis=1) + 1) * on.any(axis=1)).tolist())


def encode(board: Board, digits: Digits) -> list[bool]:
    return [digit == v for digit in digits for v in range(1, board.size + 1)]


def prepare(board: Board, deduce: bool = True) -> Any:
    """What the deductions leave (see the module docstring): the candidates, or a
    clash or a number without a place, named.

    >>> from cpsolve.models.sudoku.formats import parse
    >>> board = parse("1...\\n..3.\\n.4..\\n...2")
    >>> prepare(board).stats, prepare(board, False).solved
    ({'candidates': 20, 'empty cells': 12}, False)
    >>> prepare(parse("1..1\\n....\\n....\\n....")).contradiction
    'row 1 holds 1 twice, at row 1, column 1 and row 1, column 4'
    """
    if not deduce:
        return STATEMENT.prepare(board, False)
    return given_numbers(board, range(1, board.size + 1), board.units, board.unit_name,
                         partial(decode, board))


def literals(board: Board, *, one: str = "exactly", once: str = "exactly", **_: Any) -> int:
    """About how many literals a SAT model holds, before building it (at most this):
    a cell's "at least one" (N literals) and "at most one" (N(N - 1) pairwise), each
    unit's the same for each number, a given's unit clause (the pairwise clauses grow
    as N⁴: 400 million literals at 100x100).

    >>> literals(Board(9, (None,) * 81)), literals(Board(9, (None,) * 81), one="at least")
    (26325, 20493)
    """
    n = board.size
    pairwise = 3 + (one == "exactly")  # rows, columns, boxes and, when written, cells
    return n ** 3 * (1 + 3 * (once == "exactly")) + n ** 3 * (n - 1) * pairwise + n * n


def _sat(name: str, summary: str, **fixed: str) -> Method:
    return Method(name, "sat", summary, fixed, literals=literals)


def _box(group: Any) -> bool:
    return str(group.text).startswith("box ")


def _line(group: Any) -> bool:
    return str(group.text).startswith(("row ", "column "))


# The hints' names for the steps: as Sudoku's guides name them (sudokuwiki.org: the
# singles, naked pairs and triples, hidden pairs and triples, pointing pairs, box/line
# reduction), and LEGUP's contradictions of Sudoku.
CELL, UNIT = "every cell holds one number", "* holds each number once"
TECHNIQUES = (
    Technique("Naked Single", CELL, when=places),
    Technique("Hidden Single", UNIT, when=hidden),
    Technique("Naked Pair", kind="any", when=naked(2)),
    Technique("Naked Triple", kind="any", when=naked(3)),
    Technique("Hidden Pair", kind="any", when=hidden_set(2)),
    Technique("Hidden Triple", kind="any", when=hidden_set(3)),
    Technique("Pointing Pair", kind="any", when=locked(_box, _line)),
    Technique("Box/Line Reduction", kind="any", when=locked(_line, _box)),
    Technique("Repeated Numbers", UNIT, kind="trial", when=repeated),
    Technique("No Cell for Number", UNIT, kind="trial", when=no_cell_for_number),
)

STATEMENT: Statement[Board] = Statement(rules, clue, decode=decode, encode=encode,
                                        techniques=TECHNIQUES, methods=(
    _sat("extended", "every cell and every row, column and box: each number at least "
         "and at most once (with the deductions: Kwon and Jain's optimised encoding; the "
         "steadiest measured)"),
    _sat("efficient", "every cell one number; no number twice in a row, column or box",
         once="at most"),
    _sat("minimal", "every cell at least one number; no number twice in a row, column or "
         "box", one="at least", once="at most"),
    Method("alldifferent", "cpsat", "an integer per cell, AddAllDifferent per row, column "
           "and box", literals=lambda board, **_: 4 * board.size ** 3),
))
