"""Heyawake as constraint models: pure builders, one Boolean per cell ("shaded"), the
projection in cell order for every encoding, so all decode alike.

The local rules are clauses (or their CP-SAT forms):

* no two shaded cells side by side: one binary clause per pair of neighbours;
* a room numbered N has exactly N shaded cells: the direct subset clauses for small
  rooms, a ``pysat.card`` encoding (``card``) for large ones;
* a straight run that crosses two room borders holds a shaded cell: one clause per
  run from the cell before the first border to the cell after the second;
* on a board of at least 2x2, an unshaded cell has an unshaded neighbour (implied by
  connectivity, since such a board leaves at least two cells unshaded), which gives
  the solver the short cuts for free.

The global rule, "the unshaded cells are connected", three ways:

``lazy`` (SAT)
    Left out of the clauses; each candidate is checked, and a disconnected one is cut
    off by :func:`cpsolve.grid.connectivity.connected_cuts` (a cell of a stray region, a
    cell of the largest, and the shaded cells around the stray region: one of them must
    change). The cuts of a Heyawake are the chains of shaded cells that wall a region
    off; the solver usually needs few.
``flow`` (CP-SAT)
    A flow from the first unshaded cell sends a unit to every other unshaded cell.
``order`` (CP-SAT)
    Every unshaded cell but the first has an unshaded neighbour nearer to it.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from cpsolve.backends.cpsat import CpsatModel
from cpsolve.backends.sat import CnfModel
from cpsolve.cnf import CARD, COUNTING_CARDS, count_clauses, count_literals, known_card
from cpsolve.grid.connectivity import ShadingRules, cpsat_connected_flow, cpsat_connected_order
from cpsolve.grid.model import Encoding, Encodings, Whole
from cpsolve.models.heyawake.board import UNKNOWN, Board, Shading

# A room's number is an exact count: the encodings that only say "at most one" cannot
# (cpsolve.cnf.COUNTING_CARDS).


def prepare(board: Board, deduce: bool = True) -> Whole[Board, Shading]:
    """The whole board for the encoders (Heyawake has no deductions before search:
    the encodings' unit propagation does that work)."""
    def decode(values: tuple[bool, ...]) -> Shading:
        return frozenset(cell for cell, on in enumerate(values) if on)

    return Whole(board, decode)


def _names(board: Board) -> dict[int, str]:
    return {cell + 1: f"shaded {board.grid.name(cell)}" for cell in range(board.cells)}


def room_clauses(board: Board, room: int, number: int, pool: Any,
                 card: str = "totalizer") -> list[Any]:
    """Clause groups for "the room has ``number`` shaded cells" (cell c is variable
    c + 1; auxiliary variables from ``pool``, a pysat IDPool)."""
    return count_clauses([cell + 1 for cell in board.room_cells[room]], number, pool, card)


def local_clauses(board: Board, card: str = "totalizer") -> tuple[list[Any], int]:
    """Every rule but connectivity as clause groups (cell c is variable c + 1), and the
    number of variables they use."""
    from pysat.formula import IDPool

    known_card(card)
    rules = ShadingRules(board.grid)
    groups: list[Any] = rules.clauses()[:1]
    pool = IDPool(start_from=board.cells + 1)
    for room, number in enumerate(board.numbers):
        if number is not None and number != UNKNOWN:
            groups.extend(room_clauses(board, room, number, pool, card))
    groups.append([[cell + 1 for cell in run] for run in board.runs])
    groups.extend(rules.clauses()[1:])
    return groups, max(board.cells, pool.top)


def build_lazy(prepared: Whole[Board, Shading], *, card: str = "totalizer") -> CnfModel:
    """``lazy``: the local rules as clauses; connectivity checked on each candidate."""
    board = prepared.board
    groups, nvars = local_clauses(board, card)
    rules = ShadingRules(board.grid)
    return CnfModel(nvars=nvars, projection=range(1, board.cells + 1), groups=groups,
                    refine=rules.refine, names=_names(board), partial=rules.partial)


def _cpsat(prepared: Whole[Board, Shading], connect: Any) -> CpsatModel:
    from ortools.sat.python import cp_model

    board = prepared.board
    model = cp_model.CpModel()
    shaded = [model.new_bool_var(f"shaded_{board.grid.name(c)}")
              for c in range(board.cells)]
    for room, number in enumerate(board.numbers):
        if number is not None and number != UNKNOWN:
            model.add(sum(shaded[c] for c in board.room_cells[room]) == number)
    for run in board.runs:
        model.add_bool_or([shaded[c] for c in run])
    ShadingRules(board.grid).cpsat(model, shaded, connect)
    return CpsatModel(model=model, projection=shaded)


def literals(prepared: Whole[Board, Shading], *, per_cell: int, card: str | None = None) -> int:
    """About how many literals (terms, for CP-SAT) a model holds, before building it:
    ``per_cell`` for each cell (measured at 200x200, with the solver's own copies),
    and each room's count: the direct subset clauses for small rooms (and every room
    with ``card="direct"``: one room of 100 cells numbered 20 would need 10\u00b2\u00b2),
    else a counter of its cells by its number (one room of a million cells numbered
    300,000 would need 10\u00b9\u00b2).

    >>> from cpsolve.models.heyawake.formats import parse
    >>> literals(prepare(parse("2 2\\n2 -\\n- -\\na a\\na a")), per_cell=12)
    72
    >>> rows = ["20" + " -" * 9] + [" ".join("-" * 10)] * 9 + [" ".join("a" * 10)] * 10
    >>> big = prepare(parse("10 10\\n" + "\\n".join(rows)))
    >>> literals(big, per_cell=12) < 10**5 < 10**20 < literals(big, per_cell=12, card="direct")
    True
    """
    board = prepared.board
    rooms = sum(count_literals(len(cells), number, card)
                for cells, number in zip(board.room_cells, board.numbers)
                if number is not None and number >= 0)
    return per_cell * board.cells + rooms


ENCODINGS = Encodings(
    Encoding("lazy", "connectivity as cuts on the candidates an incremental SAT solver "
             "finds (the fastest measured)", sat=build_lazy,
             literals=partial(literals, per_cell=12),
             options=(CARD.but(default="totalizer", choices=COUNTING_CARDS),)),
    Encoding("order", "connectivity as distances falling towards the first unshaded cell",
             cpsat=partial(_cpsat, connect=cpsat_connected_order),
             literals=partial(literals, per_cell=130)),
    Encoding("flow", "connectivity as a flow from the first unshaded cell",
             cpsat=partial(_cpsat, connect=cpsat_connected_flow),
             literals=partial(literals, per_cell=50)),
)
