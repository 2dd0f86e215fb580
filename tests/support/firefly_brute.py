"""Every Hotaru Beam answer of a small board, by brute force: every set of edges in
which each cell without a firefly has two edges or none, decided cell by cell in
reading order, kept when the family's checker finds nothing wrong with it (the checker
walks and floods; it shares nothing with the rules' statement). Edges at a dot are
on, and an edge between two fireflies joins a dot to a body (both as the rules say, and
pruned early). Boards up to about 4x4."""

from __future__ import annotations

from cpsolve.grid.arrows import STEPS
from cpsolve.models.firefly import Board, check

Edge = tuple[int, int]


def solutions(board: Board) -> set[frozenset[Edge]]:
    """Every valid answer of ``board``."""
    rows, cols = board.rows, board.cols
    cells = rows * cols
    degree = [0] * cells
    chosen: list[Edge] = []
    found: set[frozenset[Edge]] = set()
    ahead = {cell: board.grid.step(cell, *STEPS[clue.direction]) for cell, clue in
             enumerate(board.clues) if clue is not None and clue.direction is not None}
    if None in ahead.values():
        return found  # a dot facing off the board has no line

    def allowed(a: int, b: int, on: int) -> bool:
        """An edge at a dot is on; one between two fireflies joins a dot to a body."""
        dots = (ahead.get(a) == b) + (ahead.get(b) == a)
        if dots:
            return bool(on) and dots == 1
        return not on or board.clues[a] is None or board.clues[b] is None

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
                if (c + 1 < cols and not allowed(cell, cell + 1, right)) or (
                        r + 1 < rows and not allowed(cell, cell + cols, down)):
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
