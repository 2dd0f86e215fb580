"""What the free-cell graph says about a puzzle before any search: distances around
walls, where each label can be at each step, a lower bound, solvability, parity (the
planning kit's :class:`~cpsolve.planning.solve.Facts`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from cpsolve.combinatorics import arrangements
from cpsolve.graphs import distance_table, grid_graph, nearest_goal_bound, pebble_motion
from cpsolve.grid.geometry import where
from cpsolve.models.sliding.board import BLANK, WALL, Board, Puzzle
from cpsolve.verdict import Verdict


@dataclass(frozen=True)
class Analysis:
    """Graph facts about one puzzle, computed once and shared by every method."""

    puzzle: Puzzle

    @cached_property
    def graph(self) -> dict[int, tuple[int, ...]]:
        """Each free cell's neighbours (:func:`~cpsolve.graphs.grid_graph`)."""
        return grid_graph(self.puzzle.width, self.puzzle.height, self.puzzle.start.walls)

    @cached_property
    def dist(self) -> np.ndarray:
        return distance_table(self.graph, self.puzzle.width * self.puzzle.height)

    @cached_property
    def free(self) -> list[int]:
        return sorted(self.graph)

    @cached_property
    def labels(self) -> list[str]:
        """The blank first, then the tile labels in a fixed order."""
        from cpsolve.labels import natural_key

        return [BLANK, *sorted(self.puzzle.start.labels, key=natural_key)]

    def _cells_of(self, board: Board) -> dict[str, list[int]]:
        out: dict[str, list[int]] = {}
        for cell, label in enumerate(board.cells):
            if label != WALL:
                out.setdefault(label, []).append(cell)
        return out

    @cached_property
    def from_start(self) -> np.ndarray:
        """``[label index, cell]``: fewest moves before that label can be on that cell
        (the nearest start cell of the label; large where never)."""
        return self._nearest(self.puzzle.start)

    @cached_property
    def to_goal(self) -> np.ndarray:
        """``[label index, cell]``: fewest moves from that cell to a goal cell of the
        label (large where never)."""
        return self._nearest(self.puzzle.goal)

    def _nearest(self, board: Board) -> np.ndarray:
        far = 10**6
        cells = self._cells_of(board)
        table = np.full((len(self.labels), board.width * board.height), far, dtype=np.int64)
        dist = np.where(self.dist < 0, far, self.dist)
        for k, label in enumerate(self.labels):
            table[k] = dist[cells[label]].min(axis=0)
        return table

    @cached_property
    def state_space(self) -> int:
        """Arrangements of the labels and the blank on the free cells, reachable or not.

        >>> from cpsolve.models.sliding.formats import parse
        >>> Analysis(parse("1 2 3\\n4 5 6\\n7 8 0")).state_space
        362880
        """
        tiles = list(self.puzzle.start.labels.values())
        return arrangements([len(self.free) - sum(tiles), *tiles])

    @cached_property
    def verdict(self) -> Verdict:
        start, goal = self.puzzle.start, self.puzzle.goal
        width = start.width
        tokens = {c: lab for c, lab in enumerate(start.cells) if lab not in (WALL, BLANK)}
        wanted = {c: lab for c, lab in enumerate(goal.cells) if lab not in (WALL, BLANK)}
        # the blank's row of distances alone: the stages ask for the verdict, not the table
        reach = distance_table(self.graph, width * start.height, sources=[start.blank])[0]
        return pebble_motion(self.graph, reach, tokens, wanted, start.blank, goal.blank,
                             name=lambda cell: where(divmod(cell, width)))

    @cached_property
    def lower_bound(self) -> int | None:
        """The larger of the tiles' distance sum and the blank's distance, raised to the
        parity every plan has; ``None`` when a tile cannot reach its label's goal."""
        start, goal = self.puzzle.start, self.puzzle.goal
        tiles = {c: lab for c, lab in enumerate(start.cells) if lab not in (WALL, BLANK)}
        goals = {c: lab for c, lab in enumerate(goal.cells) if lab not in (WALL, BLANK)}
        total = nearest_goal_bound(self.dist, tiles, goals)
        blank = int(self.dist[start.blank, goal.blank])
        if total is None or blank < 0:
            return None
        bound = max(total, blank)
        if self.verdict.step == 2 and (bound - blank) % 2:
            bound += 1
        return bound
