"""Every Heyawake shading of a tiny board, by brute force: the shadings with no two
shaded cells side by side (found by trying each cell in turn), kept when the
family's checker accepts them."""

from __future__ import annotations

from cpsolve.models.heyawake import Board, check


def solutions(board: Board) -> set[frozenset[int]]:
    """Every valid shading of ``board``."""
    found: set[frozenset[int]] = set()
    cols = board.cols

    def grow(cell: int, shaded: list[int]) -> None:
        if cell == board.cells:
            if not check(board, frozenset(shaded)):
                found.add(frozenset(shaded))
            return
        grow(cell + 1, shaded)
        left = cell % cols and (cell - 1) in shaded
        up = cell >= cols and (cell - cols) in shaded
        if not left and not up:
            grow(cell + 1, [*shaded, cell])

    grow(0, [])
    return found
