"""The Heyawake rules, stated once (:mod:`cpsolve.grid.rules`): a variable per cell,
true where it is shaded.

* no two shaded cells side by side;
* a straight run of cells that crosses two borders holds a shaded cell (a run of
  unshaded cells may span two rooms, never three; a wall inside a room is a border
  here, as pzprjs counts it);
* the unshaded cells are connected (lazy cuts on SAT; ``order`` or ``flow`` on
  CP-SAT); on a board of at least 2x2, an unshaded cell has an unshaded neighbour
  (implied, for the solvers);
* a room's number (a clue) is how many of its cells are shaded.
"""

from __future__ import annotations

from cpsolve.cnf import CARD, COUNTING_CARDS, count_literals
from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import Method, Model, Statement, lazy
from cpsolve.grid.rules.shading import apart, shading, unshaded_connected
from cpsolve.grid.techniques import CLUE, Technique, too_few, too_many
from cpsolve.models.heyawake.board import Board


def rules(m: Model, board: Board) -> None:
    shaded = shading(m)
    apart(m, shaded)
    with m.rule(RUNS):
        m.clauses([[shaded[c] for c in run] for run in board.runs])
    unshaded_connected(m, shaded)


def clue(m: Model, board: Board, number: Clue) -> None:
    shaded = m.layers["shaded"]
    m.exactly(number.value, [shaded[c] for c in board.room_cells[number.index]])


def literals(board: Board, *, per_cell: int, card: str | None = None, **_: object) -> int:
    """About how many literals (terms, for CP-SAT) a model holds, before building it:
    ``per_cell`` for each cell (measured at 200x200, with the solver's own copies), and
    each room's count (one room of a million cells numbered 300,000 would need 10\u00b9\u00b2
    literals as a counter).

    >>> from cpsolve.models.heyawake import parse
    >>> literals(parse("2 2\\n2 -\\n- -\\na a\\na a"), per_cell=12)
    72
    """
    return per_cell * board.cells + sum(
        count_literals(len(cells), number, card)
        for cells, number in zip(board.room_cells, board.numbers)
        if number is not None and number >= 0)


# The hints' names for the steps: LEGUP's rules of Heyawake (its direct rules and
# contradictions, as its reference sheet names them).
RUNS = "no run of unshaded cells crosses two room borders"
TECHNIQUES = (
    Technique("Fill Room White", CLUE, shape="full"),
    Technique("Fill Room Black", CLUE, shape="needs"),
    Technique("White Around Black", "no two shaded cells side by side", sets=False),
    Technique("Prevent White Line", RUNS, sets=True),
    Technique("Bottle Neck", "the unshaded cells are connected", sets=False),
    Technique("Room too Full", CLUE, kind="trial", when=too_many),
    Technique("Room too Empty", CLUE, kind="trial", when=too_few),
    Technique("Adjacent Blacks", "no two shaded cells side by side", kind="trial"),
    Technique("White Line", RUNS, kind="trial"),
    Technique("White Area", "the unshaded cells are connected", kind="trial"),
)

STATEMENT: Statement[Board] = Statement(rules, clue, techniques=TECHNIQUES, methods=(
    lazy("connectivity as cuts on the candidates an incremental SAT solver finds (the "
         "fastest measured)", options=(CARD.but(default="totalizer", choices=COUNTING_CARDS),),
         literals=lambda board, **o: literals(board, per_cell=12, **o)),
    Method("order", "cpsat", "connectivity as distances falling towards the first unshaded "
           "cell", {"connect": "order"},
           literals=lambda board, **o: literals(board, per_cell=130)),
    Method("flow", "cpsat", "connectivity as a flow from the first unshaded cell",
           {"connect": "flow"}, literals=lambda board, **o: literals(board, per_cell=50)),
))
