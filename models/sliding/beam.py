"""Near-optimal plans for boards too large to prove optimal: bidirectional beam search
over the wall-aware distances of :class:`~models.sliding.bounds.Analysis`."""

from __future__ import annotations

import numpy as np

from models.sliding.board import WALL, path_moves
from models.sliding.bounds import Analysis


def beam_arrays(analysis: Analysis) -> tuple[np.ndarray, ...]:
    """Start and goal (label indices, 0 the blank, -1 walls), free neighbours, and the
    distance tables to the goal and to the start (0 for the blank)."""
    from models.sliding.search import arrays

    puzzle = analysis.puzzle
    index = {label: k for k, label in enumerate(analysis.labels)}
    start, _, nbr, to_goal = arrays(analysis)
    goal = np.array([-1 if c == WALL else index[c] for c in puzzle.goal.cells], dtype=np.int64)
    to_start = analysis.from_start.copy()
    to_start[0] = 0
    return start, goal, nbr, to_goal, to_start


def beam(analysis: Analysis, *, width: int = 2000, bidirectional: bool = True,
         max_length: int = 600, seed: int = 0, noise: int = 0,
         conflicts: bool = True) -> str | None:
    """A plan by beam search (the blank's moves), or None if the beams found none.

    >>> from models.sliding.check import check
    >>> from models.sliding.generate import random_puzzle
    >>> puzzle = random_puzzle(5, 4, walls=2, seed=1)
    >>> check(puzzle, beam(Analysis(puzzle), width=200))
    []
    """
    from cpsolve.search.beam import beam_search

    # the hash tables hold about three children per kept state and level, for plans
    # of up to twice the lower bound (past that, beams stop remembering new states)
    expected = 3 * width * (2 * (analysis.lower_bound or 0) + 40) * (1 + bidirectional)
    bits = max(12, min(22, int(expected * 1.4).bit_length()))
    found = beam_search(*beam_arrays(analysis), width=width, max_length=max_length,
                        table_bits=bits,
                        bidirectional=bidirectional, seed=seed, noise=noise,
                        shape=(analysis.puzzle.width, analysis.puzzle.height) if conflicts
                        else None)
    if found.length is None:
        return None
    return path_moves(analysis.puzzle.width, found.path)
