"""The Shakashaka rules, checked on an answer independently of the rules' statement,
as pzprjs's checker states them: the white areas are found by flooding from cell to
cell across sides white on both hands; an area is right when it is all white cells
filling its bounding box (an upright rectangle), or when each of its cells has its
black sides, and only those, facing cells outside it (a rectangle at 45 degrees, its
sides the triangles' long sides). A number counts the triangles beside it, and at
least one triangle stands on the board.
"""

from __future__ import annotations

from cpsolve.grid.boards import NumberGrid as Board
from cpsolve.grid.geometry import Broken

# A triangle's black sides, by pzprjs's code.
BLACK_SIDES = {2: "sw", 3: "se", 4: "ne", 5: "nw"}
STEPS = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}
FACING = {"n": "s", "s": "n", "e": "w", "w": "e"}


def check(board: Board, answer: tuple[int, ...]) -> list[str]:
    """Every rule ``answer`` (a triangle's code 2-5 a cell, 0 none) breaks on
    ``board``, one message each; empty when valid.

    >>> b = Board(2, 2, (None, None, None, None))  # a diamond of four triangles
    >>> check(b, (5, 4, 2, 3))
    []
    >>> check(b, (5, 4, 2, 0))[0]
    'the white area at row 1, column 1 is no rectangle'
    """
    grid = board.grid
    where, rc = grid.where, grid.rc
    errors: list[str] = []
    for cell, code in enumerate(answer):
        if code and (code not in BLACK_SIDES or board.numbers[cell] is not None):
            errors.append(Broken(f"a triangle of code {code} at {where(cell)} cannot stand "
                                 "there", rc(cell)))
    if errors:
        return errors
    if not any(answer):
        errors.append(Broken("no triangle on the board"))

    near = {side: [grid.step(cell, dr, dc) for cell in range(board.cells)]
            for side, (dr, dc) in STEPS.items()}

    def beside(cell: int, side: str) -> int | None:
        return near[side][cell]

    def white(cell: int, side: str) -> bool:
        return side not in BLACK_SIDES.get(answer[cell], "")

    area = [-1] * board.cells
    areas: list[list[int]] = []
    for start in range(board.cells):
        if board.numbers[start] is not None or area[start] >= 0:
            continue
        area[start] = len(areas)
        found, stack = [start], [start]
        while stack:
            cell = stack.pop()
            for side in STEPS:
                other = beside(cell, side)
                if other is not None and board.numbers[other] is None and area[other] < 0 \
                        and white(cell, side) and white(other, FACING[side]):
                    area[other] = len(areas)
                    found.append(other)
                    stack.append(other)
        areas.append(sorted(found))
    for k, cells in enumerate(areas):
        rows = [grid.rc(cell)[0] for cell in cells]
        cols = [grid.rc(cell)[1] for cell in cells]
        box = (max(rows) - min(rows) + 1) * (max(cols) - min(cols) + 1)
        if box == sum(1 for cell in cells if not answer[cell]):
            continue  # an upright rectangle of white cells
        slanted = all(
            (not white(cell, side)) == (other is None or area[other] != k)
            for cell in cells for side in STEPS for other in [beside(cell, side)])
        if not slanted:
            errors.append(Broken(f"the white area at {where(cells[0])} is no rectangle",
                                 *(rc(cell) for cell in cells)))
    for cell, number in enumerate(board.numbers):
        if number is None or number < 0:
            continue
        touched = sum(1 for side in STEPS
                      if (o := beside(cell, side)) is not None and answer[o])
        if touched != number:
            errors.append(Broken(f"the {number} at {where(cell)} touches {touched} triangles",
                                 rc(cell)))
    return errors
