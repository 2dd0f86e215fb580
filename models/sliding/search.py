"""IDA* for sliding puzzles: the board as the flat arrays of the numba kernels."""

from __future__ import annotations

import numpy as np

from cpsolve.search.tiles import TileSearch, tile_ida
from models.sliding.board import WALL, path_moves
from models.sliding.bounds import Analysis


def arrays(analysis: Analysis) -> tuple[np.ndarray, int, np.ndarray, np.ndarray]:
    """``cells`` (label indices, 0 the blank, -1 walls), the blank, ``nbr`` (free
    neighbours, -1 padded) and ``dist`` (moves from a cell to the nearest goal cell of
    each label, around walls; 0 for the blank, whose moves the tiles' moves pay for)."""
    puzzle = analysis.puzzle
    index = {label: k for k, label in enumerate(analysis.labels)}
    cells = np.array([-1 if c == WALL else index[c] for c in puzzle.start.cells],
                     dtype=np.int64)
    nbr = np.full((len(cells), 4), -1, dtype=np.int64)
    for cell in analysis.free:
        for k, other in enumerate(sorted(analysis.graph.neighbors(cell))):
            nbr[cell, k] = other
    dist = analysis.to_goal.copy()
    dist[0] = 0
    return cells, puzzle.start.blank, nbr, dist


def ida(analysis: Analysis, *, weight: float = 1.0, count: bool = False,
        time_limit: float | None = None, max_length: int = 10_000) -> tuple[list[str],
                                                                            TileSearch]:
    """Plans (move strings) by the numba IDA*, and the search's record."""
    found = tile_ida(*arrays(analysis), weight=weight, count=count,
                     time_limit=time_limit, max_length=max_length)
    width = analysis.puzzle.width
    return [path_moves(width, path) for path in found.paths], found
