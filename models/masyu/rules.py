"""The Masyu rules, stated once (:mod:`cpsolve.grid.rules`): a variable per edge
between neighbouring cells, true where the loop runs, and one per cell, true where it
passes. With L, R, U, D a cell's edges to the left, right, up and down, and LL the edge
beyond L (and so on; an edge off the board is never drawn):

* one loop through the cells' centres (:func:`~cpsolve.grid.rules.loop`: every cell two
  edges or none, not empty, one cycle; lazy cuts on SAT, the pearls the cuts'
  witnesses; ``circuit`` or ``flow`` on CP-SAT);
* a pearl (a clue) is passed; a black one turns (not L and R, not U and D) and goes
  straight on through the next cell on both sides (L implies LL, ...); a white one goes
  straight through (L exactly when R, U exactly when D) and turns beside it on at least
  one side (not L, LL and RR together);
* under the full rule (pzprjs's ``mashu/f/``) the loop passes every cell;
* no ring around a 2x2 block while a pearl lies outside it: the smallest stray cycles,
  ruled out up front (implied by the rules with the board's pearls).
"""

from __future__ import annotations

from typing import cast

from cpsolve.grid.geometry import DOWN, LEFT, RIGHT, UP
from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import FALSE, Method, Model, Statement, edge_values, edges_of, lazy, loop
from cpsolve.grid.rules.globals import LOOP
from cpsolve.grid.techniques import CLUE, Seen, Technique
from cpsolve.models.masyu.board import BLACK, Board


def rules(m: Model, board: Board) -> None:
    grid = board.grid
    edge = loop(m, grid, witnesses=board.pearl_cells).edge.vars
    if board.full:
        with m.rule("the loop passes every cell"):
            m.clauses([[passed] for passed in m.layers["passed"].vars])
    pearls, at = set(board.pearl_cells), grid.edge_at
    with m.implied(clues=False):
        m.clauses([[-edge[at[a, b]], -edge[at[a, c]], -edge[at[b, d]], -edge[at[c, d]]]
                   for a, b, c, d in grid.blocks if pearls.difference((a, b, c, d))])


def clue(m: Model, board: Board, pearl: Clue) -> None:
    cell, colour = cast(tuple[int, int], pearl.key)
    grid, edge = board.grid, m.layers["edge"]

    def side(at: int | None, step: tuple[int, int]) -> int:
        return FALSE if at is None else edge[grid.edge(at, *step)]

    def beyond(step: tuple[int, int]) -> int:
        return side(grid.step(cell, *step), step)

    left, right, up, down = (side(cell, step) for step in (LEFT, RIGHT, UP, DOWN))
    m.clause(m.layers["passed"][cell])
    if colour == BLACK:
        m.nand(left, right)
        m.nand(up, down)
        for step in (LEFT, RIGHT, UP, DOWN):
            m.implies(side(cell, step), beyond(step))
    else:
        m.iff(left, right)
        m.iff(up, down)
        m.nand(left, beyond(LEFT), beyond(RIGHT))
        m.nand(up, beyond(UP), beyond(DOWN))


def _black(seen: Seen) -> bool:
    """The step's one clue is a black pearl."""
    return len(seen.clues) == 1 and cast(tuple[int, int], seen.clues[0].key)[1] == BLACK


def _white(seen: Seen) -> bool:
    """The step's one clue is a white pearl."""
    return len(seen.clues) == 1 and not _black(seen)


def _blocked(seen: Seen) -> bool:
    """A black pearl (with the loop's rule at most) whose way out is blocked: lines
    off where its straight leg would run take that leg away."""
    return _black(seen) and all(g.is_clue or g.text == LOOP for g in seen.step.groups) \
        and seen.sets is False and bool(seen.step.given) \
        and all(lit < 0 for lit in seen.step.given)


# The hints' names for the steps: LEGUP's rules of Masyu (its direct rules: a pearl
# read from the board alone, a black pearl blocked on one side); the loop's are the
# kit's (cpsolve.grid.techniques.KIT).
TECHNIQUES = (
    Technique("Black Edge", CLUE, alone=True, when=_black),
    Technique("White Edge", CLUE, alone=True, when=_white),
    Technique("Blocked Black", CLUE, alone=False, when=_blocked, chains=True),  # and the loop
)

# Literals a cell, measured at 200x200 with the solver's own copies (the cuts added
# while solving are counted as they come, by the SAT session).
STATEMENT: Statement[Board] = Statement(rules, clue, decode=edges_of, encode=edge_values,
                                        techniques=TECHNIQUES, methods=(
    lazy("one loop as cuts on the candidates an incremental SAT solver finds", per_cell=60),
    Method("circuit", "cpsat", "one loop by AddCircuit over the cells", {"loop": "circuit"},
           per_cell=180),
    Method("flow", "cpsat", "one loop as passed cells connected through the chosen edges",
           {"loop": "flow"}, per_cell=90),
))
