"""Gokigen Naname's checker, apart from the rules' statement: it counts the diagonals
at each numbered point and walks the points the diagonals join, peeling off the ends
of lines until only loops are left."""

from __future__ import annotations

from cpsolve.grid.geometry import Broken
from cpsolve.models.gokigen.board import BACKSLASH, SLASH, Answer, Board


def check(board: Board, answer: Answer) -> list[str]:
    """Every rule ``answer`` breaks: a number that counts otherwise, and each loop (its
    cells named and drawn)."""
    rc, where = board.grid.rc, board.grid.where
    errors: list[str] = []
    if len(answer) != board.cells or any(d not in (SLASH, BACKSLASH) for d in answer):
        return [f"the answer is not a diagonal in each of the {board.cells} cells"]
    W = board.cols + 1
    links: dict[int, list[tuple[int, int]]] = {}
    for cell, d in enumerate(answer):
        r, c = divmod(cell, board.cols)
        if d == BACKSLASH:
            a, b = r * W + c, (r + 1) * W + c + 1
        else:
            a, b = r * W + c + 1, (r + 1) * W + c
        links.setdefault(a, []).append((b, cell))
        links.setdefault(b, []).append((a, cell))
    for point, number in enumerate(board.numbers):
        if number is None or number < 0:
            continue
        found = len(links.get(point, ()))
        if found != number:
            around = sorted({rc(cell) for _, cell in links.get(point, ())} or
                            {rc(cell) for cell, _ in board.touching(point)})
            pr, pc = divmod(point, W)
            errors.append(Broken(f"the {number} at the point at row {pr + 1}, column "
                                 f"{pc + 1} touches {found} diagonals", *around))
    # Peel the points with one diagonal left: what stays is on a loop or joins loops.
    degree = {point: len(held) for point, held in links.items()}
    gone: set[int] = set()
    todo = [p for p, d in degree.items() if d == 1]
    while todo:
        point = todo.pop()
        for other, cell in links[point]:
            if cell not in gone:
                gone.add(cell)
                degree[point] -= 1
                degree[other] -= 1
                if degree[other] == 1:
                    todo.append(other)
    left = set(range(board.cells)) - gone
    while left:
        part, todo = set(), [min(left)]
        while todo:
            cell = todo.pop()
            if cell in part:
                continue
            part.add(cell)
            r, c = divmod(cell, board.cols)
            ends = ((r * W + c, (r + 1) * W + c + 1) if answer[cell] == BACKSLASH
                    else (r * W + c + 1, (r + 1) * W + c))
            todo.extend(o for p in ends for _, o in links[p] if o in left and o not in part)
        left -= part
        first = min(part)
        errors.append(Broken(f"the diagonals of {len(part)} cells from {where(first)} make "
                             "a loop", *sorted(rc(cell) for cell in part)))
    return errors
