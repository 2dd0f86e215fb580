"""Star Battle's clues for the setter's tools: the counts of the rows, columns and
regions, each "N stars in this unit".

A Star Battle has no clues a setter takes away: its counts are its rules. They are
the clues here so that a board with no solution names the rows, columns and regions
whose counts cannot hold together, and the tools that take clues away (redundant
clues, a minimal board, the generator's last step) leave them be (``removable``).
A fix moves a cell where solutions differ into the region beside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from cpsolve.backends.sat import CnfModel
from cpsolve.grid import regions
from cpsolve.grid.hints import Clue, Edit, Hints
from cpsolve.models.starbattle.board import Board, Unit


def clues(board: Board) -> list[Clue]:
    """Every counted unit: rows, columns, then regions."""
    return [Clue(board.grid.rc(unit.first), f"{board.stars} star"
                 f"{'s' if board.stars != 1 else ''}", unit.key, board.stars,
                 place=place(board, unit), cells=tuple(map(board.grid.rc, unit.cells)))
            for unit in board.units]


def place(board: Board, unit: Unit) -> str:
    """How a sentence names a unit: ``row 3``, ``column 2``, ``the region at row 1,
    column 4``."""
    if unit.kind == "region":
        return f"the region at {board.grid.where(unit.first)}"
    return f"{unit.kind} {unit.index + 1}"


def rules(board: Board) -> CnfModel:
    """The rule without counts: no two stars touch."""
    from cpsolve.models.starbattle.encodings import apart_clauses

    return CnfModel(nvars=board.cells, projection=range(1, board.cells + 1),
                    groups=apart_clauses(board))


def clauses(board: Board, clue: Clue, top: int) -> tuple[list[Any], int]:
    """"The unit holds ``board.stars`` stars"."""
    from pysat.formula import IDPool

    from cpsolve.models.starbattle.encodings import unit_clauses

    unit = next(unit for unit in board.units if unit.key == clue.key)
    pool = IDPool(start_from=top + 1)
    groups = unit_clauses(unit.cells, board.stars, pool)
    return groups, max(top, pool.top)


def without(board: Board, gone: Sequence[Clue]) -> Board:
    """``board`` with the counts of ``gone`` no longer asked for."""
    return replace(board, free=board.free | {clue.key for clue in gone})  # type: ignore[misc]


def edits(board: Board, cells: set[tuple[int, int]]) -> list[Edit[Board]]:
    """Each cell where solutions differ moved into a region beside it."""
    grid = board.grid
    out: list[Edit[Board]] = []
    for cell, into, region in regions.moves(grid, board.region,
                                            sorted(grid.cell(r, c) for r, c in cells)):
        changed = replace(board, region=region)
        out.append(Edit(grid.rc(cell), "region", f"the cell at {grid.where(cell)} moved "
                        f"into the region at {grid.where(board.region_cells[into][0])}",
                        changed, base=changed))
    return out


HINTS: Hints[Board] = Hints(clues=clues, rules=rules, clauses=clauses, without=without,
                            edits=edits, noun="count", removable=False,
                            kept="the counts are the genre's rules, not clues a setter "
                                 "takes away")
