"""Solve an Akari from Python: parse, solve, prove unique, check, draw.

Run: ``.venv/bin/python examples/akari_api.py [BOARD]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from cpsolve.grid.render import to_svg
from cpsolve.models.akari import check, parse, solve, to_grid, to_url
from cpsolve.models.akari.picture import picture

HERE = Path(__file__).resolve().parent


def main(path: str) -> None:
    board = parse(Path(path).read_text())
    print(f"{board.width}x{board.height} board, {to_url(board)}")
    result = solve(board, unique=True)
    print(f"status: {result.status.value}, unique: {result.unique}")
    if result.solutions:
        assert check(board, result.solution) == []
        print(to_grid(board, result.solution))
        Path("akari.svg").write_text(to_svg(picture(board, result.solution)))
        print("picture: akari.svg")
    # Compare backends: both find the same solutions.
    sat = solve(board, backend="sat", solver="glucose4", limit=None)
    cpsat = solve(board, backend="cpsat", limit=None)
    assert set(sat.solutions) == set(cpsat.solutions)
    print(f"SAT and CP-SAT agree: {sat.count} solution(s)")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else str(HERE / "akari" / "seed-8x8.txt"))
