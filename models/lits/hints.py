"""LITS's clues for the setter's tools: the regions, each "a tetromino here".

A LITS has no clues a setter takes away: its regions are the puzzle. Each region's
"it holds a tetromino" is a clue here so that a board with no solution names the
regions that cannot hold theirs together (a region taken away holds nothing), and
the tools that take clues away leave them be (``removable``). A fix moves a cell
where solutions differ into the region beside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from cpsolve.backends.sat import CnfModel
from cpsolve.grid import regions
from cpsolve.grid.hints import Clue, Edit, Hints
from cpsolve.models.lits.board import Board
from cpsolve.models.lits.encodings import (
    Numbering,
    names,
    on_partial,
    refine,
    region_clause,
    rule_groups,
)


def clues(board: Board) -> list[Clue]:
    """Every region that holds a tetromino, in reading order."""
    grid = board.grid
    return [Clue(grid.rc(board.region_cells[k][0]), "a tetromino", k,
                 place=f"the region at {grid.where(board.region_cells[k][0])}",
                 cells=tuple(map(grid.rc, board.region_cells[k])))
            for k in board.asked]


def rules(board: Board) -> CnfModel:
    """Every rule but the regions' "a tetromino here" (a region may hold none)."""
    numbering = Numbering(board)
    groups, top = rule_groups(board, numbering)
    return CnfModel(nvars=top, projection=range(1, board.cells + 1), groups=groups,
                    refine=partial(refine, board), names=names(board, numbering),
                    partial=partial(on_partial, board))


def clauses(board: Board, clue: Clue, top: int) -> tuple[list[Any], int]:
    """"The region holds a tetromino": one of its placements is chosen."""
    assert isinstance(clue.key, int)
    return [[region_clause(Numbering(board), clue.key)]], top


def without(board: Board, gone: Sequence[Clue]) -> Board:
    """``board`` with the regions of ``gone`` holding no tetromino."""
    return replace(board, free=board.free | {clue.key for clue in gone})  # type: ignore[misc]


def edits(board: Board, cells: set[tuple[int, int]]) -> list[Edit[Board]]:
    """Each cell where solutions differ moved into a region beside it."""
    grid = board.grid
    out: list[Edit[Board]] = []
    for cell, into, region in regions.moves(grid, board.region,
                                            sorted(grid.cell(r, c) for r, c in cells)):
        changed = replace(board, region=region, free=frozenset())
        out.append(Edit(grid.rc(cell), "region", f"the cell at {grid.where(cell)} moved "
                        f"into the region at {grid.where(board.region_cells[into][0])}",
                        changed, base=changed))
    return out


HINTS: Hints[Board] = Hints(clues=clues, rules=rules, clauses=clauses, without=without,
                            edits=edits, noun="region", removable=False,
                            kept="the regions are the puzzle, not clues a setter takes "
                                 "away")
