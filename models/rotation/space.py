"""A rotation puzzle as the arrays of the search kernels, and what can be said about
it before any search: which goals are out of reach, a lower bound, the parity of
every plan's length."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np

from models.rotation.board import Puzzle

if TYPE_CHECKING:
    from cpsolve.search.permutation import Databases


def _parity(perm: np.ndarray) -> int:
    """0 for an even permutation, 1 for an odd one."""
    seen = np.zeros(len(perm), dtype=bool)
    odd = 0
    for i in range(len(perm)):
        length = 0
        while not seen[i]:
            seen[i] = True
            i = int(perm[i])
            length += 1
        if length:
            odd ^= (length - 1) & 1
    return odd


@dataclass(frozen=True)
class Verdict:
    """Whether the goal can be reached (None: not decided without a search), why, and
    the step between possible plan lengths (2 when every move changes parity)."""

    solvable: bool | None
    reason: str
    step: int = 1


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
    def arrangements(self) -> int:
        from math import factorial

        out = factorial(len(self.goal))
        for c in self.counts:
            out //= factorial(int(c))
        return out

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
    def verdict(self) -> Verdict:
        cells = np.arange(len(self.state))
        stuck = np.nonzero(self.to_goal[self.state, cells] < 0)[0]
        if len(stuck):
            row, column = divmod(int(stuck[0]), self.puzzle.width)
            return Verdict(False, f"label {self.puzzle.start[stuck[0]]} at row {row + 1}, "
                           f"column {column + 1} can never reach a goal cell of its kind")
        parities = {_parity(row) for row in self.perms}
        step = 2 if self.puzzle.distinct and parities == {1} else 1
        if self.puzzle.distinct and parities == {0}:
            # goal[cell] = start[sigma[cell]]: sigma must be a product of even moves
            where = {int(label): cell for cell, label in enumerate(self.state)}
            sigma = np.array([where[int(label)] for label in self.goal])
            if _parity(sigma):
                return Verdict(False, "every move is an even permutation of the cells, and "
                               "the goal is an odd permutation of the start")
        if self.arrangements <= 20_000_000:
            return Verdict(None, "decided by breadth-first search", step)
        return Verdict(None, "every label can reach its goal cells; whether the whole "
                       "arrangement can is not decided before a search", step)

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
            where = {int(label): cell for cell, label in enumerate(self.state)}
            parity = _parity(np.array([where[int(label)] for label in self.goal]))
            if bound % 2 != parity:
                bound += 1
        return bound

    def text(self, state: np.ndarray) -> str:
        return self.puzzle.text(tuple(self.puzzle.labels[int(k)] for k in state))

    def plan(self, moves: list[int]) -> str:
        return " ".join(self.puzzle.moves[k].name for k in moves)
