"""Replaying a plan: the puzzle's own check, independent of every encoding."""

from __future__ import annotations

from cpsolve.grid.geometry import where
from cpsolve.models.sliding.board import MOVES, WALL, Puzzle


def check(puzzle: Puzzle, moves: str) -> list[str]:
    """Why ``moves`` (blank directions U, D, L, R) fails to take the start to the goal;
    empty when it succeeds.

    >>> from cpsolve.models.sliding.formats import parse
    >>> p = parse("1 2 3\\n4 5 6\\n7 0 8")
    >>> check(p, "R"), check(p, "L")
    ([], ['after 1 move the board differs from the goal at row 3, column 1: 0, goal 7'])
    >>> check(p, "DR")
    ["move 1 'D': the blank at row 3, column 2 would leave the board"]
    """
    start = puzzle.start
    width, height = start.width, start.height
    # One list changed in place, move by move: a plan of millions of moves is replayed
    # in constant memory and about a microsecond a move.
    cells = list(start.cells)
    blank = start.blank

    def at(cell: int) -> str:
        return where(divmod(cell, width))

    for number, move in enumerate(moves, 1):
        if move not in MOVES:
            return [f"move {number} {move!r}: not one of U, D, L, R"]
        dr, dc = MOVES[move]
        r, c = blank // width + dr, blank % width + dc
        if not (0 <= r < height and 0 <= c < width):
            return [f"move {number} {move!r}: the blank at {at(blank)} "
                    "would leave the board"]
        target = r * width + c
        if cells[target] == WALL:
            return [f"move {number} {move!r}: the blank at {at(blank)} "
                    f"would move into the wall at {at(target)}"]
        cells[blank], cells[target] = cells[target], cells[blank]
        blank = target
    for cell, (got, want) in enumerate(zip(cells, puzzle.goal.cells)):
        if got != want:
            count = len(moves)
            return [f"after {count} move{'s' if count != 1 else ''} the board differs from "
                    f"the goal at {at(cell)}: {got}, goal {want}"]
    return []
