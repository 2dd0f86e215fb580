"""The Tapa rules, checked on a shading, independently of every encoding: it floods the
shaded cells, looks at every 2x2 block, and reads each clue's ring as a string of
shaded and unshaded cells, split into runs (as pzprjs's checker reads it). It shares
nothing with the models but the board.
"""

from __future__ import annotations

from cpsolve.grid.checks import off_board, sea_breaks
from cpsolve.grid.geometry import Broken
from cpsolve.models.tapa.board import RUN, UNKNOWN, TapaGrid, label

# Around a cell clockwise from its top left corner: (row step, column step).
AROUND = ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1))


def ring_runs(board: TapaGrid, shading: frozenset[int], cell: int) -> list[int]:
    """The lengths of the runs of shaded cells around ``cell``, read around the ring
    (``[0]`` for none), in the ring's order from a run's start.

    >>> ring_runs(TapaGrid(3, 3, (None,) * 9), frozenset({0, 1, 5, 8}), 4)
    [2, 2]
    """
    grid = board.grid
    r, c = grid.rc(cell)
    marks = "".join("1" if 0 <= r + dr < board.rows and 0 <= c + dc < board.cols
                    and grid.cell(r + dr, c + dc) in shading else "0" for dr, dc in AROUND)
    if "0" not in marks:
        return [8]
    turned = marks[marks.index("0"):] + marks[:marks.index("0")]  # a run never split
    found = [len(part) for part in turned.split("0") if part]
    return found or [0]


def _matches(clue: tuple[int, ...], found: list[int]) -> bool:
    """Whether each number of ``clue`` is one of the runs ``found``, each run taken
    once, a ``?`` any of them, and no run left over."""
    if len(found) != len(clue):
        return False
    if tuple(clue) == (RUN,):  # janko.at's one run: a cell at least
        return found[0] >= 1
    left = list(found)
    for number in clue:
        if number == UNKNOWN:
            continue
        if number not in left:
            return False
        left.remove(number)
    return True


def check(board: TapaGrid, shading: frozenset[int]) -> list[str]:
    """Every rule ``shading`` breaks on ``board``, one message each (a
    :class:`~cpsolve.grid.geometry.Broken` naming its cells); empty when valid.

    >>> b = TapaGrid(2, 3, ((2,), None, None, None, None, None))
    >>> check(b, frozenset({1, 4}))
    []
    >>> check(b, frozenset({1, 5}))[0]
    'the shaded cell at row 2, column 3 is cut off from the one at row 1, column 2'
    """
    grid = board.grid
    where, rc = grid.where, grid.rc
    errors: list[str] = off_board(board.cells, shading)
    if not any(0 <= cell < board.cells for cell in shading):
        errors.append(Broken("no cell is shaded"))
    errors.extend(sea_breaks(grid, shading))
    for cell, clue in enumerate(board.clues):
        if clue is None:
            continue
        if cell in shading:
            errors.append(Broken(f"the clue at {where(cell)} is shaded", rc(cell)))
            continue
        found = ring_runs(board, shading, cell)
        if not _matches(clue, found):
            runs = " ".join(map(str, sorted(found)))
            errors.append(Broken(f"the clue {label(clue)} at {where(cell)} has runs {runs} "
                                 f"around it", rc(cell)))
    return errors
