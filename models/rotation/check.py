"""Replaying a plan: the rotation puzzle's own check, independent of every method."""

from __future__ import annotations

from cpsolve.models.rotation.board import Puzzle, parse_moves


def check(puzzle: Puzzle, plan: str) -> list[str]:
    """Why ``plan`` (moves such as ``A+ B-``) fails to take the start to the goal;
    empty when it succeeds.

    >>> from cpsolve.models.rotation.formats import parse
    >>> p = parse("4 1 3\\n5 2 6\\n7 8 9")
    >>> check(p, "A-"), check(p, "A+")
    ([], ['after 1 move the grid differs from the goal at row 1, column 1: 5, goal 1'])
    >>> check(p, "E+")
    ["move 1: 'E+' is not a move of this puzzle (A+, A-, B+, B-, C+, C-, D+, D-)"]
    """
    moves, bad = parse_moves(puzzle, plan)
    if bad is not None:
        known = ", ".join(move.name for move in puzzle.moves)
        return [f"move {len(moves) + 1}: {bad!r} is not a move of this puzzle ({known})"]
    state = list(puzzle.start)
    for number in moves:
        move = puzzle.moves[number]
        cycle = puzzle.squares[move.square].cells
        before = list(state)
        for i, cell in enumerate(cycle):
            after = cycle[(i + 1) % len(cycle)]
            if move.turn > 0:
                state[after] = before[cell]  # clockwise: each label to the next cell
            else:
                state[cell] = before[after]
    for cell, (got, want) in enumerate(zip(state, puzzle.goal)):
        if got != want:
            row, column = divmod(cell, puzzle.width)
            count = len(moves)
            return [f"after {count} move{'s' if count != 1 else ''} the grid differs from "
                    f"the goal at row {row + 1}, column {column + 1}: {got}, goal {want}"]
    return []
