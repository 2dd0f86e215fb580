"""The Numberlink rules, checked on an answer's edges, independently of every
encoding: each cell's lines counted, each line walked from end to end."""

from __future__ import annotations

from cpsolve.grid.geometry import Broken
from cpsolve.models.numberlink.board import Board, Paths


def check(board: Board, paths: Paths) -> list[str]:
    """Every rule ``paths`` breaks on ``board``, one message each (a
    :class:`~cpsolve.grid.geometry.Broken` naming its cells); empty when valid.

    >>> b = Board(2, 2, (1, None, None, 1))
    >>> check(b, frozenset({(0, 1), (1, 3)}))
    []
    >>> for error in check(b, frozenset({(0, 1)})):
    ...     print(error)
    a line ends at row 1, column 2, which holds no number
    the 1 at row 2, column 2 has no line
    """
    grid = board.grid
    where, rc = grid.where, grid.rc
    errors: list[str] = []
    links: list[list[int]] = [[] for _ in range(board.cells)]
    for a, b in sorted(paths):
        if (a, b) not in grid.edge_at:
            errors.append(Broken(f"({a}, {b}) does not join two neighbours"))
            continue
        links[a].append(b)
        links[b].append(a)
    for cell, others in enumerate(links):
        number = board.numbers[cell]
        if number is not None and len(others) != 1:
            said = "has no line" if not others else f"has {len(others)} lines"
            errors.append(Broken(f"the {number} at {where(cell)} {said}", rc(cell)))
        elif number is None and len(others) == 1:
            errors.append(Broken(f"a line ends at {where(cell)}, which holds no number",
                                 rc(cell)))
        elif number is None and len(others) > 2:
            errors.append(Broken(f"lines cross or branch at {where(cell)}", rc(cell)))
        elif number is None and not others and board.fill:
            errors.append(Broken(f"no path passes {where(cell)} (every cell is on a path)",
                                 rc(cell)))
    if errors:
        return errors
    seen = [False] * board.cells
    for start in board.ends:  # walk each line from an end to the other
        if seen[start]:
            continue
        previous, cell = -1, start
        while True:
            seen[cell] = True
            step = [o for o in links[cell] if o != previous]
            if not step:
                break
            previous, cell = cell, step[0]
        if board.numbers[cell] != board.numbers[start]:
            errors.append(Broken(f"a line joins the {board.numbers[start]} at "
                                 f"{where(start)} to the {board.numbers[cell]} at "
                                 f"{where(cell)}", rc(start), rc(cell)))
    for cell in range(board.cells):
        if links[cell] and not seen[cell]:
            errors.append(Broken(f"a line through {where(cell)} closes on itself without "
                                 "reaching a number",
                                 *(rc(c) for c in _ring(links, cell))))
            for c in _ring(links, cell):
                seen[c] = True
    return errors


def _ring(links: list[list[int]], start: int) -> list[int]:
    """The cells of the cycle through ``start``."""
    out, previous, cell = [start], -1, start
    while True:
        step = next(o for o in links[cell] if o != previous)
        if step == start:
            return out
        out.append(step)
        previous, cell = cell, step
