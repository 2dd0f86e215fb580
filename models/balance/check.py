"""The Balance Loop rules, checked on a set of edges, independently of every encoding:
the kit's walk of the loop (one closed loop, never branching), then at each circle the
two straight segments leaving it, measured by stepping along the loop until it turns.
"""

from __future__ import annotations

from cpsolve.grid import loops
from cpsolve.grid.geometry import DIRECTIONS, Broken
from cpsolve.models.balance.board import WHITE, Board, Loop, colour, named, number


def segments(board: Board, links: list[list[int]], cell: int) -> list[int]:
    """The lengths of the straight segments leaving ``cell`` along the loop, one a
    direction it leaves by."""
    grid, out = board.grid, []
    for dr, dc in DIRECTIONS:
        length, at = 0, cell
        while True:
            ahead = grid.step(at, dr, dc)
            if ahead is None or ahead not in links[at]:
                break
            length, at = length + 1, ahead
        if length:
            out.append(length)
    return out


def check(board: Board, loop: Loop) -> list[str]:
    """Every rule ``loop`` breaks on ``board``, one message each; empty when valid.

    >>> b = Board(2, 2, (0, None, None, None))
    >>> check(b, frozenset({(0, 1), (2, 3), (0, 2), (1, 3)}))
    []
    >>> check(b.renumbered({0: 5}), frozenset({(0, 1), (2, 3), (0, 2), (1, 3)}))
    ['the segments leaving the black circle 2 at row 1, column 1 are equal (1 and 1)']
    """
    grid = board.grid
    where, rc = grid.where, grid.rc
    links, errors = loops.loop_breaks(grid, loop)
    if board.full:
        errors.extend(Broken(f"the loop does not pass the cell at {where(cell)} (it must "
                             "pass every cell)", rc(cell))
                      for cell in range(grid.cells) if not links[cell])
    for cell in board.circles:
        code = board.numbers[cell]
        assert code is not None
        name = named(code)
        if not links[cell]:
            errors.append(Broken(f"the loop does not pass the {name} at {where(cell)}",
                                 rc(cell)))
            continue
        if len(links[cell]) != 2:
            continue  # the loop's own message says so
        first, second = segments(board, links, cell)
        value = number(code)
        if value is not None and first + second != value:
            errors.append(Broken(f"the segments leaving the {name} at {where(cell)} are "
                                 f"{first} and {second} long, {first + second} in all",
                                 rc(cell)))
        if colour(code) == WHITE and first != second:
            errors.append(Broken(f"the segments leaving the {name} at {where(cell)} are "
                                 f"unequal ({first} and {second})", rc(cell)))
        elif colour(code) != WHITE and first == second:
            errors.append(Broken(f"the segments leaving the {name} at {where(cell)} are "
                                 f"equal ({first} and {second})", rc(cell)))
    return errors
