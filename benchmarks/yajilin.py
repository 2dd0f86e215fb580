"""Yajilin benchmark: every method, solve and uniqueness proof, on the published
boards of ``benchmarks/data/published/yajilin.txt`` (49 with one solution, 6x6 to
19x13 and 17x17) and on generated boards of 10x10 and 20x20 (made once by the family's
generator, every other one with as few numbers as uniqueness needs, the rest with every
clue cell numbered; kept in benchmarks/data/yajilin/), median, p90 and max, beside the
baselines measured in the same run: a plain CP-SAT model (AddCircuit over the cells,
each arrow a sum, OR-Tools' default workers) and, when it is installed, the peer
solver puzzlekit 0.3.4 (CP-SAT, solve only).

Run: ``.venv/bin/python benchmarks/yajilin.py [--quick]``.
"""

from __future__ import annotations

from typing import Any

from pencil import plain_loop, run_family, unique_loop

from cpsolve.models.yajilin import YAJILIN, Board


def plain_cpsat(board: Board, limit: float) -> tuple[bool, Any]:
    """The baseline: AddCircuit over the cells (two arcs an edge, a self-loop on every
    cell the loop skips), clue cells skipped, no two skipped open cells side by side,
    each arrow the sum of the skipped open cells along it."""
    grid = board.grid
    model, edge, skip = plain_loop(grid)
    for cell in board.clue_cells:
        model.add(skip[cell] == 1)
    for a, b in grid.edges:
        if board.clues[a] is None and board.clues[b] is None:
            model.add_bool_or([~skip[a], ~skip[b]])
    for cell in board.counting:
        clue = board.clues[cell]
        assert clue is not None and clue.number is not None
        model.add(sum(skip[other] for other in board.counted(cell)) == clue.number)
    return unique_loop(model, edge, grid, limit)


def puzzlekit_text(board: Board) -> str:
    """The board as puzzlekit reads it: its tokens, a clue cell that counts nothing
    (no number or no arrow) written ``x``."""
    tokens = [("x" if not clue.counts else clue.token) if clue else "-"
              for clue in board.clues]
    rows = [" ".join(tokens[r * board.cols:(r + 1) * board.cols]) for r in range(board.rows)]
    return f"{board.rows} {board.cols}\n" + "\n".join(rows)


def main() -> None:
    from cpsolve.models import yajilin

    run_family("yajilin", __doc__.splitlines()[0], yajilin, YAJILIN,
               ["circuit", "flow"], ("plain CP-SAT circuit", plain_cpsat),
               sizes=((10, 10), (20, 20)), with_published=True, peer_text=puzzlekit_text,
               keep=1.0)


if __name__ == "__main__":
    main()
