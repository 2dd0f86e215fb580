"""A rotation puzzle as the arrays of the search kernels, and what can be said about
it before any search: which goals are out of reach, a lower bound, the parity of
every plan's length (the planning kit's :class:`~cpsolve.planning.solve.Facts`)."""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np

from cpsolve.combinatorics import arrangements, permutation_parity
from cpsolve.models.rotation.board import Puzzle
from cpsolve.verdict import Verdict

if TYPE_CHECKING:
    from cpsolve.search.permutation import Databases


def _parity(perm: np.ndarray) -> int:
    """0 for an even permutation, 1 for an odd one: of the cells it moves (a move
    turns a few cells of a board of up to 1,000, for every one of its moves).

    >>> _parity(np.array([0, 2, 3, 4, 1, 5])), _parity(np.array([1, 0, 2]))
    (1, 1)
    """
    moved = np.nonzero(perm != np.arange(len(perm)))[0].tolist()
    return permutation_parity({cell: int(perm[cell]) for cell in moved})


def _restricted(sigma: np.ndarray, group: list[int]) -> np.ndarray:
    """``sigma`` (a permutation of cells mapping the group into itself) on the group
    alone, renumbered 0 .. len(group) - 1."""
    index = {cell: i for i, cell in enumerate(group)}
    return np.array([index[int(sigma[cell])] for cell in group])


class Space:
    """The puzzle's labels as indices (natural order), counts, moves as permutations."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        index = {label: k for k, label in enumerate(puzzle.labels)}
        self.state = np.array([index[x] for x in puzzle.start], dtype=np.int64)
        self.goal = np.array([index[x] for x in puzzle.goal], dtype=np.int64)
        self.counts = np.bincount(self.goal, minlength=len(puzzle.labels)).astype(np.int64)
        self.perms = puzzle.perms
        self.cycle = np.array([len(puzzle.squares[m.square].cells) for m in puzzle.moves],
                              dtype=np.int64)

    @cached_property
    def state_space(self) -> int:
        """Arrangements of the labels on the cells, reachable or not."""
        return arrangements(int(c) for c in self.counts)

    @cached_property
    def to_goal(self) -> np.ndarray:
        """``[label, cell]``: fewest moves carrying a label from the cell to a goal cell
        of its kind (-1: never)."""
        from cpsolve.search.permutation import cell_distances

        return cell_distances(self.goal, len(self.counts), self.perms)

    @cached_property
    def from_start(self) -> np.ndarray:
        """``[label, cell]``: fewest moves carrying a label to the cell from a start cell
        of its kind (the moves include their inverses, so distances are symmetric)."""
        from cpsolve.search.permutation import cell_distances

        return cell_distances(self.state, len(self.counts), self.perms)

    @cached_property
    def sigma(self) -> np.ndarray:
        """For distinct labels, the permutation of cells from start to goal:
        ``goal[cell] == start[sigma[cell]]``."""
        where = {int(label): cell for cell, label in enumerate(self.state)}
        return np.array([where[int(label)] for label in self.goal])

    @cached_property
    def verdict(self) -> Verdict:
        cells = np.arange(len(self.state))
        stuck = np.nonzero(self.to_goal[self.state, cells] < 0)[0]
        if len(stuck):
            row, column = divmod(int(stuck[0]), self.puzzle.width)
            return Verdict(False, f"label {self.puzzle.start[stuck[0]]} at row {row + 1}, "
                           f"column {column + 1} can never reach a goal cell of its kind")
        parities = {_parity(row) for row in self.perms}
        step = 2 if self.puzzle.distinct and parities == {1} else 1
        if self.puzzle.distinct:
            # Every label stays within its group of connected cells (checked above), so
            # sigma splits by group, and a group whose squares are all even
            # permutations (odd cycles) needs an even part.
            for group, even in self._groups():
                if even and _parity(_restricted(self.sigma, group)):
                    row, column = divmod(group[0], self.puzzle.width)
                    return Verdict(False, f"every square that touches the cell at row "
                                   f"{row + 1}, column {column + 1} is an even permutation, "
                                   "and the goal is an odd permutation of the start there")
        return Verdict(None, "every label can reach its goal cells; whether the whole "
                       "arrangement can is not decided before a search", step)

    def _groups(self) -> list[tuple[list[int], bool]]:
        """The groups of cells the squares connect (cells in no square left out), and
        whether every square of the group is an even permutation."""
        parent = list(range(len(self.state)))

        def root(cell: int) -> int:
            while parent[cell] != cell:
                parent[cell] = parent[parent[cell]]
                cell = parent[cell]
            return cell

        for square in self.puzzle.squares:
            for cell in square.cells[1:]:
                parent[root(cell)] = root(square.cells[0])
        even: dict[int, bool] = {}
        for square in self.puzzle.squares:
            key = root(square.cells[0])
            even[key] = even.get(key, True) and len(square.cells) % 2 == 1
        members: dict[int, list[int]] = {}
        for cell in range(len(self.state)):
            if root(cell) in even:
                members.setdefault(root(cell), []).append(cell)
        return [(cells, even[key]) for key, cells in members.items()]

    @cached_property
    def databases(self) -> Databases:
        """Pattern databases toward the goal (:func:`cpsolve.search.permutation.databases`),
        built once per puzzle."""
        from cpsolve.search.permutation import databases

        return databases(self.goal, self.counts, self.perms)

    @cached_property
    def lower_bound(self) -> int:
        """An admissible bound: the cell-distance bound and small pattern databases
        (:mod:`cpsolve.search.permutation`), raised to the parity every plan has."""
        from cpsolve.search.permutation import initial_bound

        bound = initial_bound(self.state, self.goal, self.counts, self.perms,
                              pdb=self.databases)
        step = self.verdict.step
        if step == 2:
            parity = _parity(self.sigma)
            if bound % 2 != parity:
                bound += 1
        return bound

    def text(self, state: np.ndarray) -> str:
        return self.puzzle.text(tuple(self.puzzle.labels[int(k)] for k in state))

    def plan(self, moves: list[int]) -> str:
        return " ".join(self.puzzle.moves[k].name for k in moves)
