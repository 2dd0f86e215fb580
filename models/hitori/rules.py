"""The Hitori rules, stated once (:mod:`cpsolve.grid.rules`): a variable per cell,
true where it is shaded.

* no two shaded cells side by side; the unshaded cells connected (lazy cuts on SAT;
  ``order`` or ``flow`` on CP-SAT);
* a number (a clue) and each other cell of its row or column showing the same number
  are not both unshaded: a rule of the pair, which holds while both numbers are
  there (a number taken away leaves its cell empty).
"""

from __future__ import annotations

from collections.abc import Callable

from cpsolve.grid.boards import NumberGrid
from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import Method, Model, Statement, lazy
from cpsolve.grid.rules.shading import apart, shading, unshaded_connected
from cpsolve.grid.techniques import Seen, Technique


def rules(m: Model, board: NumberGrid) -> None:
    shaded = shading(m)
    apart(m, shaded)
    unshaded_connected(m, shaded)


def clue(m: Model, board: NumberGrid, number: Clue) -> None:
    shaded, cell, value = m.layers["shaded"], number.index, number.value
    # The board's own number states its pairs with the cells after it (each pair
    # once); a number a fix writes, every pair it makes.
    own = board.shown(cell) == value
    for other in board.showing(cell, value):
        if not own or other > cell:
            with m.also(other):
                m.clause(shaded[cell], shaded[other])


def bulk(m: Model, board: NumberGrid) -> None:
    """Every pair of the board's own equal numbers in a line at once, as :func:`clue`
    states them one number at a time (for a solve: a clue a call costs 4 us a pair)."""
    shaded = m.layers["shaded"].vars
    m.clauses([[shaded[a], shaded[b]] for cells in board.lines_showing()
               for k, a in enumerate(cells) for b in cells[k + 1:]])


def literals(board: NumberGrid, per_cell: int) -> int:
    """About how many literals a model holds, before building it: ``per_cell`` for each
    cell and two for each pair of equal numbers in a line (a 1000x1000 board of one
    number would need 2\u00b710\u2079).

    >>> literals(NumberGrid(2, 2, (1, 1, 1, 1)), 12)
    56
    """
    pairs = sum(len(cells) * (len(cells) - 1) // 2 for cells in board.lines_showing())
    return per_cell * board.cells + 2 * pairs


def _numbers(seen: Seen) -> dict[tuple[int, int], int | None]:
    """The step's numbers (its clues), by cell."""
    return {g.clue.cell: g.clue.number for g in seen.step.groups if g.clue is not None}


def _cell(seen: Seen) -> tuple[int, int, int | None] | None:
    """The one cell the step decides, and its number."""
    board: NumberGrid = seen.board
    if len(seen.decided) != 1:
        return None
    cell = int(seen.decided[0])  # type: ignore[call-overload]
    return (*divmod(cell, board.cols), board.shown(cell))  # type: ignore[return-value]


def _between(triplet: bool) -> Callable[[Seen], bool]:
    """The step finds the cell between two equal numbers of its line unshaded (a
    ``triplet``: the cell shows the same number)."""
    def test(seen: Seen) -> bool:
        one, numbers = _cell(seen), _numbers(seen)
        if one is None or seen.sets is not False:
            return False
        r, c, own = one
        return any(numbers.get((r - dr, c - dc)) is not None
                   and numbers.get((r - dr, c - dc)) == numbers.get((r + dr, c + dc))
                   and (numbers[r - dr, c - dc] == own) is triplet
                   for dr, dc in ((0, 1), (1, 0)))
    return test


def _induced(seen: Seen) -> bool:
    """The step shades a number whose line holds a pair of it side by side."""
    one, numbers = _cell(seen), _numbers(seen)
    if one is None or seen.sets is not True:
        return False
    r, c, own = one
    return any(n == own and (a == r or b == c) and numbers.get((a + da, b + db)) == own
               and (a + da == r or b + db == c) and (a, b) != (r, c)
               and (a + da, b + db) != (r, c)
               for (a, b), n in numbers.items() for da, db in ((0, 1), (1, 0)))


# The hints' names for the steps: the techniques of Conceptis's Hitori guide, and
# pzl.org.uk's "Encircle Shaded".
TECHNIQUES = (
    Technique("Searching for adjacent triplets", kind="any", when=_between(True)),
    Technique("Square between a pair", kind="any", when=_between(False)),
    Technique("Pair induction", kind="any", when=_induced),
    Technique("Encircle Shaded", "no two shaded cells side by side", sets=False),
)

STATEMENT: Statement[NumberGrid] = Statement(rules, clue, bulk=bulk, techniques=TECHNIQUES,
                                             methods=(
    lazy("connectivity as cuts on the candidates an incremental SAT solver finds",
         literals=lambda board, **_: literals(board, 12)),
    Method("order", "cpsat", "connectivity as distances falling towards an unshaded cell",
           {"connect": "order"}, literals=lambda board, **_: literals(board, 130)),
    Method("flow", "cpsat", "connectivity as a flow from an unshaded cell",
           {"connect": "flow"}, literals=lambda board, **_: literals(board, 50)),
))
