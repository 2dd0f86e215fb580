"""The Slitherlink rules, stated once (:mod:`cpsolve.grid.rules`): a variable per edge
between neighbouring corners of the cells, true where the loop runs, and one per
corner, true where it passes.

* one loop through the corners (:func:`~cpsolve.grid.rules.loop`: every corner two
  edges or none, not empty, one cycle; lazy cuts on SAT, the corners of a 3 or a 4
  the cuts' witnesses, every answer passing them; ``circuit`` or ``flow`` on CP-SAT);
* under the full rule (pzprjs's ``slither/f/``) the loop passes every corner;
* a number n in a cell (a clue): exactly n of the cell's four sides are on the loop;
* with the option ``parity`` (SAT), which cells are inside too, a variable a cell: a
  side on the board's edge is on the loop exactly when its cell is inside, a side
  between two cells exactly when one of them is. Implied by the loop (the cells
  inside are fixed by the edges, so counting is unchanged); written out, they let the
  solver reason as a solver on paper does (a cell's colour carried along a run of
  sides known off).
"""

from __future__ import annotations

from collections.abc import Callable

from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import Method, Model, Statement, edge_values, edges_of, lazy, loop
from cpsolve.grid.techniques import CLUE, Seen, Technique
from cpsolve.models.slitherlink.board import Board
from cpsolve.options import Option


def rules(m: Model, board: Board) -> None:
    corners = {board.point(r + dr, c + dc) for cell in board.clue_cells
               if (board.numbers[cell] or 0) >= 3 for r, c in [board.grid.rc(cell)]
               for dr in (0, 1) for dc in (0, 1)}
    edge = loop(m, board.points, witnesses=sorted(corners), where=board.corner,
                named=lambda p: "p{}.{}".format(*(k + 1 for k in board.points.rc(p)))).edge
    if board.full:
        with m.rule("the loop passes every point"):
            m.clauses([[passed] for passed in m.layers["passed"].vars])
    if m.options.get("parity", True):
        sides, inside = edge.vars, m.cells("inside").vars
        owners: dict[int, list[int]] = {}  # each side: the cells it bounds
        for cell, around in enumerate(board.side_table):
            for k in around:
                owners.setdefault(sides[k], []).append(inside[cell])
        rows = []
        for e, cells in owners.items():
            if len(cells) == 1:
                rows += [[-e, cells[0]], [e, -cells[0]]]
            else:
                a, b = cells
                rows += [[-e, a, b], [-e, -a, -b], [e, -a, b], [e, a, -b]]
        with m.implied():
            m.clauses(rows)


def clue(m: Model, board: Board, number: Clue) -> None:
    edge = m.layers["edge"]
    m.exactly(number.value, [edge[k] for k in board.side_table[number.index]])


def _pair(numbers: tuple[int, int], diagonal: bool) -> Callable[[Seen], bool]:
    """A step from the board alone by two clues showing ``numbers``, side by side (or
    ``diagonal``), with the loop's rule."""
    def test(seen: Seen) -> bool:
        clues = [g.clue for g in seen.step.groups if g.clue is not None]
        if len(clues) != 2 or sorted(c.number or 0 for c in clues) != sorted(numbers):
            return False
        (r1, c1), (r2, c2) = clues[0].cell, clues[1].cell
        dr, dc = abs(r1 - r2), abs(c1 - c2)
        return (dr, dc) == (1, 1) if diagonal else dr + dc == 1
    return test


def _cornered(seen: Seen) -> bool:
    """A step from the board alone by one clue in a corner cell, with the loop's rule."""
    board: Board = seen.board
    clues = [g.clue for g in seen.step.groups if g.clue is not None]
    rows, cols = board.grid.rows - 1, board.grid.cols - 1
    return len(clues) == 1 and not seen.step.given and clues[0].cell in {
        (0, 0), (0, cols), (rows, 0), (rows, cols)}


# The hints' names for the steps: the techniques of Conceptis's Slitherlink guide (the
# loop's are the kit's, cpsolve.grid.techniques.KIT).
TECHNIQUES = (
    Technique("No lines around a 0", CLUE, sets=False, alone=True,
              when=lambda s: s.clue is not None and s.clue.number == 0),
    Technique("Two adjacent 3's", kind="any", alone=True, when=_pair((3, 3), False)),
    Technique("Two diagonal 3's", kind="any", alone=True, when=_pair((3, 3), True)),
    Technique("A number in a corner", kind="any", alone=True, when=_cornered),
)


PARITY = Option("parity", True, "Also model which cells are inside the loop (each side on "
                "the loop between an inside and an outside cell).", kind=bool)


def per_point(literals: int) -> Callable[..., int]:
    """A method's size estimate, before building it: ``literals`` a corner (the options
    change it little)."""
    return lambda board, **_: literals * board.points.cells


STATEMENT: Statement[Board] = Statement(
    rules, clue, techniques=TECHNIQUES,
    decode=lambda board, values: edges_of(board, values, board.points),
    encode=lambda board, answer: edge_values(board, answer, board.points), methods=(
        lazy("one loop as cuts on the candidates an incremental SAT solver finds",
             options=(PARITY,), literals=per_point(80)),
        Method("circuit", "cpsat", "one loop by AddCircuit over the points",
               {"loop": "circuit", "parity": False}, literals=per_point(180)),
        Method("flow", "cpsat", "one loop as passed points connected through the chosen "
               "edges", {"loop": "flow", "parity": False}, literals=per_point(90)),
    ))
