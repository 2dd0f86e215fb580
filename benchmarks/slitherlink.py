"""Slitherlink benchmark: every method, solve and uniqueness proof, on the published
boards of ``benchmarks/data/published/slitherlink.txt`` (100 with one solution, 3x3 to
45x31) and on generated boards of 10x10 and 14x24 (made once by the family's generator
with as few numbers as uniqueness needs, or 30% more; kept in
benchmarks/data/slitherlink/), median, p90 and max, beside the baselines measured in the
same run: a plain CP-SAT model (AddCircuit over the corners, each number a sum, OR-Tools'
default workers) and, when it is installed, the peer solver puzzlekit 0.3.4 (CP-SAT,
solve only).

Run: ``.venv/bin/python benchmarks/slitherlink.py [--quick]``.
"""

from __future__ import annotations

from typing import Any

from pencil import plain_loop, run_family, unique_loop

from cpsolve.models.slitherlink import SLITHERLINK, Board


def plain_cpsat(board: Board, limit: float) -> tuple[bool, Any]:
    """The baseline: AddCircuit over the corners (two arcs an edge, a self-loop on every
    corner the loop skips) and each number as the sum of its cell's four sides."""
    points = board.points
    model, edge, _ = plain_loop(points)
    for cell in board.clue_cells:
        model.add(sum(edge[k] for k in board.side_table[cell]) == board.numbers[cell])
    return unique_loop(model, edge, points, limit)


def main() -> None:
    from cpsolve.models import slitherlink

    run_family("slitherlink", __doc__.splitlines()[0], slitherlink, SLITHERLINK,
               ["circuit", "flow"], ("plain CP-SAT circuit", plain_cpsat),
               sizes=((10, 10), (14, 24)), with_published=True)


if __name__ == "__main__":
    main()
