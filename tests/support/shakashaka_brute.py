"""Every Shakashaka answer of a small board by brute force, sharing nothing with the
rules' statement or the checker: each cell is cut by its diagonals into four quarter
triangles (north, east, south, west), a triangle blacks two of them, and the white
quarters are flooded into areas. An area is a rectangle when it fills its bounding box
upright, or its bounding box at 45 degrees (measured along x + y and x - y), in area.
The search prunes only what no answer holds: a triangle's white side against a black
side, a black cell or the board's edge, and a number already past or out of reach.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

# A triangle's black quarters, by pzprjs's code; its black sides are the same.
BLACK = {0: "", 2: "sw", 3: "se", 4: "ne", 5: "nw"}
STEP = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}
OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e"}
# A quarter's corners, (x, y) within its cell: two of the cell's corners and its centre.
QUARTER = {"n": ((0, 0), (1, 0)), "e": ((1, 0), (1, 1)), "s": ((1, 1), (0, 1)),
           "w": ((0, 1), (0, 0))}
NEXT = {"n": "ew", "e": "ns", "s": "ew", "w": "ns"}  # quarters sharing a half-diagonal


def rectangles(rows: int, cols: int, numbers: tuple[Any, ...], answer: tuple[int, ...]) -> bool:
    """Whether every white area of ``answer`` is a rectangle."""
    white = {(r, c, q) for r in range(rows) for c in range(cols)
             if numbers[r * cols + c] is None for q in "nesw"
             if q not in BLACK[answer[r * cols + c]]}
    seen: set[tuple[int, int, str]] = set()
    for start in sorted(white):
        if start in seen:
            continue
        area, stack = [start], [start]
        seen.add(start)
        while stack:
            r, c, q = stack.pop()
            dr, dc = STEP[q]
            for other in [(r, c, p) for p in NEXT[q]] + [(r + dr, c + dc, OPPOSITE[q])]:
                if other in white and other not in seen:
                    seen.add(other)
                    area.append(other)
                    stack.append(other)
        points = [(c + x, r + y) for r, c, q in area for x, y in QUARTER[q]] \
            + [(Fraction(2 * c + 1, 2), Fraction(2 * r + 1, 2)) for r, c, _ in area]
        size = Fraction(len(area), 4)
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        us, vs = [x + y for x, y in points], [x - y for x, y in points]
        upright = (max(xs) - min(xs)) * (max(ys) - min(ys))
        slanted = (max(us) - min(us)) * (max(vs) - min(vs)) / 2
        if size not in (upright, slanted):
            return False
    return True


def solutions(board: Any) -> list[tuple[int, ...]]:
    """Every answer of ``board`` (a NumberGrid: ``None`` white, a number or -2 black)."""
    rows, cols, numbers = board.rows, board.cols, board.numbers
    cells = rows * cols
    answer = [0] * cells
    found: list[tuple[int, ...]] = []
    near = [[(r + dr) * cols + c + dc for dr, dc in STEP.values()
             if 0 <= r + dr < rows and 0 <= c + dc < cols]
            for r in range(rows) for c in range(cols)]
    near_numbers = [[o for o in near[cell] if numbers[o] is not None and numbers[o] >= 0]
                    for cell in range(cells)]

    def fits(cell: int) -> bool:
        r, c = divmod(cell, cols)
        code = answer[cell]
        for side, (dr, dc) in STEP.items():
            r2, c2 = r + dr, c + dc
            other = r2 * cols + c2
            if 0 <= r2 < rows and 0 <= c2 < cols and numbers[other] is None:
                if other > cell:
                    continue
                facing = OPPOSITE[side] in BLACK[answer[other]]
                if (code and side not in BLACK[code] and facing) or \
                        (answer[other] and not facing and side in BLACK[code]):
                    return False
            elif code and side not in BLACK[code]:
                return False
        for o in near_numbers[cell]:  # a number changes only as a neighbour is decided
            number = numbers[o]
            done = [x for x in near[o] if x <= cell]
            have = sum(1 for x in done if answer[x])
            if have > number or have + len(near[o]) - len(done) < number:
                return False
        return True

    def place(cell: int) -> None:
        if cell == cells:
            if any(answer) and rectangles(rows, cols, numbers, tuple(answer)):
                found.append(tuple(answer))
            return
        for code in ((0,) if numbers[cell] is not None else (0, 2, 3, 4, 5)):
            answer[cell] = code
            if fits(cell):
                place(cell + 1)
        answer[cell] = 0

    place(0)
    return found
