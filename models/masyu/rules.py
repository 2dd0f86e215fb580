"""The Masyu rules as a CNF, for certificates (``docs/certificates.md``): one variable
per edge between neighbouring cells, true where the loop uses it.

- every cell has two edges of the loop or none: never one alone, never three;
- the loop is not empty, and passes through every pearl (two edges there);
- through a white pearl the loop goes straight (no two of its edges at a right
  angle), and turns in the cell before it or the cell after it;
- at a black pearl the loop turns (never two opposite edges), and each edge it uses
  there goes on straight through the next cell;
- the edges form one loop: a cut (:class:`~cpsolve.certify.cuts.Loop`).
"""

from __future__ import annotations

from itertools import combinations

from cpsolve.certify.cuts import Loop
from cpsolve.certify.rules import RuleCnf, Rules, values
from cpsolve.grid.geometry import DOWN, LEFT, RIGHT, UP
from cpsolve.models.masyu.board import BLACK, WHITE, Board
from cpsolve.models.masyu.board import Loop as Answer


def rules(board: Board) -> Rules:
    """The rule CNF of ``board``."""
    cnf = RuleCnf()
    grid = board.grid
    edge = [cnf.var(("edge", a, b)) for a, b in grid.edges]

    def way(cell: int, step: tuple[int, int]) -> int | None:
        """The edge leaving ``cell`` towards ``step``, and the cell it reaches."""
        k = grid.edge(cell, *step)
        return None if k is None else edge[k]

    def beyond(cell: int, step: tuple[int, int]) -> int | None:
        """The edge one cell further along ``step``: from the neighbour onwards."""
        nxt = grid.step(cell, *step)
        return None if nxt is None else way(nxt, step)

    for cell in range(board.cells):
        mine = [edge[k] for k in grid.incident[cell]]
        for one in mine:
            cnf.clause([-one, *(other for other in mine if other != one)])
        for three in combinations(mine, 3):
            cnf.clause([-lit for lit in three])
    cnf.clause(edge)  # the empty loop is no answer
    for cell in board.pearl_cells:
        cnf.clause(edge[k] for k in grid.incident[cell])
        if board.pearls[cell] == WHITE:
            for a, b in ((UP, LEFT), (UP, RIGHT), (DOWN, LEFT), (DOWN, RIGHT)):
                ea, eb = way(cell, a), way(cell, b)
                if ea is not None and eb is not None:
                    cnf.clause([-ea, -eb])
            for back, ahead in ((LEFT, RIGHT), (UP, DOWN)):
                e1, e2 = way(cell, back), way(cell, ahead)
                f1, f2 = beyond(cell, back), beyond(cell, ahead)
                if None not in (e1, e2, f1, f2):
                    cnf.clause([-e1, -e2, -f1, -f2])  # type: ignore[operator]
        elif board.pearls[cell] == BLACK:
            for back, ahead in ((LEFT, RIGHT), (UP, DOWN)):
                e1, e2 = way(cell, back), way(cell, ahead)
                if e1 is not None and e2 is not None:
                    cnf.clause([-e1, -e2])
            for step in (UP, LEFT, RIGHT, DOWN):
                first, second = way(cell, step), beyond(cell, step)
                if first is not None:
                    cnf.clause([-first] if second is None else [-first, second])
    loop = Loop("one loop", board.cells, grid.edges, edge, grid.where)
    index = {pair: k for k, pair in enumerate(grid.edges)}

    def literals(answer: Answer) -> list[int]:
        return values({edge[index[pair]] for pair in answer if pair in index}, edge)

    def decode(true: set[int]) -> Answer:
        return frozenset(pair for k, pair in enumerate(grid.edges) if edge[k] in true)

    return Rules(cnf, edge, literals, decode, [loop])
