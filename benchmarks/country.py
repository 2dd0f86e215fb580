"""Country Road benchmark: every method, solve and uniqueness proof, on the published
boards of ``benchmarks/data/published/country.txt`` (9 with one solution, 5x5 to
20x15) and on generated boards of 10x10 and 17x17 (made once by the family's generator,
every other one with as few numbers as uniqueness needs; kept in
benchmarks/data/country/), median, p90 and max, beside the baselines measured in the
same run: a plain CP-SAT model (AddCircuit over the cells, each region's crossings and
number a sum, OR-Tools' default workers) and, when it is installed, the peer solver
puzzlekit 0.3.4 (CP-SAT, solve only).

Run: ``.venv/bin/python benchmarks/country.py [--quick]``.
"""

from __future__ import annotations

from typing import Any

from pencil import plain_loop, run_family, unique_loop

from cpsolve.grid.rooms import UNKNOWN
from cpsolve.models.country import COUNTRY, Board


def plain_cpsat(board: Board, limit: float) -> tuple[bool, Any]:
    """The baseline: AddCircuit over the cells (two arcs an edge, a self-loop on every
    cell the loop skips), two crossings a region, each number the sum of its region's
    passed cells, no two skipped cells facing across a border."""
    grid = board.grid
    model, edge, skip = plain_loop(grid)
    if board.rooms > 1:
        for edges in board.crossing:
            model.add(sum(edge[k] for k in edges) == 2)
    for room, number in enumerate(board.numbers):
        if number is not None and number != UNKNOWN:
            cells = board.room_cells[room]
            model.add(sum(skip[c] for c in cells) == len(cells) - number)
    for a, b in board.borders:
        model.add_bool_or([~skip[a], ~skip[b]])
    return unique_loop(model, edge, grid, limit)


def puzzlekit_text(board: Board) -> str:
    """The board as puzzlekit's example writes it: regions numbered 1, 2, ... (its
    reader takes the region names ``x``, ``#`` and ``@`` for cells the loop must avoid,
    so the letters cpsolve's grid text names regions with would change the board)."""
    numbers = {cell: board.label(room) for room, cell in enumerate(board.clue_cell)
               if board.numbers[room] is not None}
    rows = [f"{board.rows} {board.cols}"]
    rows += [" ".join(numbers.get(r * board.cols + c) or "-" for c in range(board.cols))
             for r in range(board.rows)]
    rows += [" ".join(str(board.room[r * board.cols + c] + 1) for c in range(board.cols))
             for r in range(board.rows)]
    return "\n".join(rows)


def main() -> None:
    from cpsolve.models import country

    run_family("country", __doc__.splitlines()[0], country, COUNTRY,
               ["circuit", "flow"], ("plain CP-SAT circuit", plain_cpsat),
               sizes=((10, 10), (17, 17)), with_published=True, peer_name="country_road",
               peer_text=puzzlekit_text,
               heading="Country Road")


if __name__ == "__main__":
    main()
