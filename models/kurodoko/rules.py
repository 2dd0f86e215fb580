"""The Kurodoko rules, stated once (:mod:`cpsolve.grid.rules`): a variable per cell,
true where it is shaded.

* no two shaded cells side by side; the unshaded cells connected (lazy cuts on SAT;
  ``order`` or ``flow`` on CP-SAT);
* a number (a clue), or a "?", stands on an unshaded cell;
* a number ``n`` sees ``n`` cells, itself included. Along each of its four rays a
  ``sees`` variable a step says that every cell up to that step is unshaded: it
  implies the one before and its own cell unshaded, and they imply it. The variables
  of a ray are its count of cells seen in unary (the k-th: at least k), so the count
  up and down adds into a ``column`` sum and left and right into a ``row`` sum, each
  in unary, by the totaliser's merge (at least i and at least j give at least i + j;
  fewer than i + 1 and fewer than j + 1 give fewer than i + j + 1); then the number's
  clue says the row sum is at least k exactly when the column sum is below n - k, for
  every k: two clauses a step. A ray, and a sum, is followed no farther than ``n``
  steps: seeing ``n`` or more along one ray is already too many, so the shortened
  counts say what the whole ones do, with fewer variables. CP-SAT states the count
  as one linear constraint over the ``sees`` variables in its ``order`` method
  (``count="linear"``), and as the unary sums in its ``flow`` method (measured a
  little faster there).

The ``sees`` and sum variables are the board's (its numbers', made with the rules): a
number a fix would write or change is tried on a board of its own (see the hints).
"""

from __future__ import annotations

from collections.abc import Sequence

from cpsolve.grid.boards import NumberGrid
from cpsolve.grid.geometry import DIRECTIONS
from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import FALSE, TRUE, Method, Model, Statement, lazy
from cpsolve.grid.rules.shading import apart, shading, unshaded_connected

LINEAR = {"count": "linear"}  # the CP-SAT methods' count: one linear constraint a number
WAYS = ("up", "left", "right", "down")  # the directions of a number's rays, as DIRECTIONS


def rays(board: NumberGrid, cell: int) -> list[list[int]]:
    """The cells a number at ``cell`` may count along its four rays (up, left, right,
    down), each cut to the number's own steps (none for "?").

    >>> rays(NumberGrid(2, 3, (None, 2, None, None, None, None)), 1)
    [[], [0], [2], [4]]
    """
    number = board.shown(cell)
    if number is None:
        return []
    return [board.grid.ray(cell, dr, dc)[:number] for dr, dc in DIRECTIONS]


def at_least(unary: Sequence[int], k: int) -> int:
    """The literal "at least ``k``" of a count in unary (``unary[i]``: at least i + 1).

    >>> at_least([5, 6], 0) == TRUE, at_least([5, 6], 2), at_least([5, 6], 3) == FALSE
    (True, 6, True)
    """
    return TRUE if k <= 0 else unary[k - 1] if k <= len(unary) else FALSE


def merge(m: Model, a: Sequence[int], b: Sequence[int], total: Sequence[int]) -> None:
    """``total`` (unary, as long as told) is the sum of the unary counts ``a`` and
    ``b``, up to its length (then: at least that)."""
    cap = len(total)
    for i in range(len(a) + 1):
        for j in range(len(b) + 1):
            if 1 <= i + j <= cap:
                m.clause(-at_least(a, i), -at_least(b, j), total[i + j - 1])
            if i + j < cap:
                m.clause(at_least(a, i + 1), at_least(b, j + 1), -total[i + j])


def rules(m: Model, board: NumberGrid) -> None:
    shaded = shading(m)
    apart(m, shaded)
    unshaded_connected(m, shaded)
    numbered = [cell for cell in board.clue_cells if board.shown(cell) is not None]
    grid = board.grid
    sees = m.layer("sees", [(cell, d, k) for cell in numbered
                            for d, ray in enumerate(rays(board, cell))
                            for k in range(len(ray))],
                   named=lambda key: f"{grid.name(key[0])} {WAYS[key[1]]} {key[2] + 1}")
    for cell in numbered:
        for d, ray in enumerate(rays(board, cell)):
            for k, other in enumerate(ray):
                here, free = sees[(cell, d, k)], -shaded[other]
                m.implies(here, free)
                before = sees[(cell, d, k - 1)] if k else TRUE
                m.implies(here, before)
                m.clause(-before, -free, here)
    if m.options.get("count") == "linear":
        return
    sums = m.layer("sum", [(cell, axis, k) for cell in numbered for axis in ("column", "row")
                           for k in range(board.numbers[cell] or 0)],
                   named=lambda key: f"{grid.name(key[0])} {key[1]} {key[2] + 1}")
    for cell in numbered:
        up, left, right, down = ([sees[(cell, d, k)] for k in range(len(ray))]
                                 for d, ray in enumerate(rays(board, cell)))
        for axis, a, b in (("column", up, down), ("row", left, right)):
            merge(m, a, b, [sums[(cell, axis, k)] for k in range(board.numbers[cell] or 0)])


def clue(m: Model, board: NumberGrid, number: Clue) -> None:
    """A number (or "?") on an unshaded cell; a number sees that many cells."""
    shaded, cell = m.layers["shaded"], number.index
    m.clause(-shaded[cell])
    if number.number is None:
        return
    if board.shown(cell) != number.number:
        raise ValueError("a number the board does not show needs a board of its own")
    if m.options.get("count") == "linear":
        sees = m.layers["sees"]
        m.exactly(number.value - 1, [sees[(cell, d, k)] for d, ray in
                                     enumerate(rays(board, cell)) for k in range(len(ray))])
        return
    sums = m.layers["sum"]
    column, row = ([sums[(cell, axis, k)] for k in range(number.value)]
                   for axis in ("column", "row"))
    others = number.value - 1  # the cells seen besides its own
    for k in range(others + 2):  # the row sees k or more: the column fewer than n - k
        m.clause(-at_least(row, k), -at_least(column, others - k + 1))
        m.clause(at_least(row, k), at_least(column, others - k + 1))


def literals(board: NumberGrid, per_cell: int, per_step: int) -> int:
    """About how many literals a model holds, before building it: ``per_cell`` a cell
    and ``per_step`` a step of a number's rays, times the number (its sums' merge).

    >>> literals(NumberGrid(1, 3, (3, None, None)), 10, 20)
    150
    """
    steps = sum(len(ray) * (board.shown(cell) or 0) for cell in board.clue_cells
                for ray in rays(board, cell))
    return per_cell * board.cells + per_step * steps


STATEMENT: Statement[NumberGrid] = Statement(rules, clue, methods=(
    lazy("connectivity as cuts on the candidates an incremental SAT solver finds; each "
         "number's count as unary sums", literals=lambda board, **_: literals(board, 12, 8)),
    Method("order", "cpsat", "connectivity as distances falling towards an unshaded cell",
           {"connect": "order", **LINEAR}, literals=lambda board, **_: literals(board, 130, 4)),
    Method("flow", "cpsat", "connectivity as a flow from an unshaded cell; each number's "
           "count as unary sums",
           {"connect": "flow"}, literals=lambda board, **_: literals(board, 50, 4)),
))
