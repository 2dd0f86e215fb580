"""The Akari rules, checked on a light placement, independently of every encoding."""

from __future__ import annotations

from models.akari.board import Board, Cell, where


def check(board: Board, lights: frozenset[Cell]) -> list[str]:
    """Every rule ``lights`` breaks on ``board``, one message each; empty when valid.

    >>> b = Board(("...", ".1.", "..."))
    >>> check(b, frozenset({(0, 1), (2, 0)}))
    []
    >>> check(b, frozenset({(0, 0), (0, 2)}))[0]
    'lights at row 1, column 1 and row 1, column 3 shine on each other'
    """
    errors = []
    for cell in sorted(lights):
        r, c = cell
        if not (0 <= r < board.height and 0 <= c < board.width):
            errors.append(f"light at {where(cell)} is outside the board")
        elif not board.is_white(cell):
            errors.append(f"light at {where(cell)} is on a black cell")
    placed = {cell for cell in lights if
              0 <= cell[0] < board.height and 0 <= cell[1] < board.width and board.is_white(cell)}
    lit = set(placed)
    for cell in sorted(placed):
        for other in board.visible(cell):
            lit.add(other)
            if other in placed and cell < other:
                errors.append(f"lights at {where(cell)} and {where(other)} shine on each other")
    for cell in board.whites:
        if cell not in lit:
            errors.append(f"cell at {where(cell)} is not lit")
    for cell, number in sorted(board.clues.items()):
        around = sum(1 for n in board.neighbours(cell) if n in placed)
        if around != number:
            errors.append(f"clue {number} at {where(cell)} has {around} lights around it")
    return errors
