"""Every Hotaru Beam answer of a small board, by brute force: every set of edges in
which each cell without a firefly has two edges or none, decided cell by cell in
reading order, kept when the family's checker finds nothing wrong with it (the checker
walks and floods; it shares nothing with the rules' statement). Boards up to about 4x4."""

from __future__ import annotations

from cpsolve.models.firefly import Board, check

Edge = tuple[int, int]


def solutions(board: Board) -> set[frozenset[Edge]]:
    """Every valid answer of ``board``."""
    rows, cols = board.rows, board.cols
    cells = rows * cols
    degree = [0] * cells
    chosen: list[Edge] = []
    found: set[frozenset[Edge]] = set()

    def visit(cell: int) -> None:
        if cell == cells:
            answer = frozenset(chosen)
            if answer and not check(board, answer):
                found.add(answer)
            return
        r, c = divmod(cell, cols)
        for right in ((0, 1) if c + 1 < cols else (0,)):
            for down in ((0, 1) if r + 1 < rows else (0,)):
                if board.clues[cell] is None and degree[cell] + right + down not in (0, 2):
                    continue
                added = ([(cell, cell + 1)] if right else []) + \
                    ([(cell, cell + cols)] if down else [])
                if any(board.clues[b] is None and degree[b] + 1 > 2 for _, b in added):
                    continue
                for a, b in added:
                    degree[a] += 1
                    degree[b] += 1
                    chosen.append((a, b))
                visit(cell + 1)
                for a, b in added:
                    degree[a] -= 1
                    degree[b] -= 1
                    chosen.pop()

    visit(0)
    return found
