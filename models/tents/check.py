"""The Tents rules, checked on an answer, independently of the rules' statement: no
tent on a tree, no two tents touching, the numbers outside the grid counted along
their lines, and the trees and tents paired off by a matching of their own (Kuhn's
augmenting paths) in each camp, a group of trees and tents joined side by side, as
pzprjs's checker groups them."""

from __future__ import annotations

from cpsolve.grid.geometry import Broken
from cpsolve.models.tents.board import Board, Tents, where


def matched(trees: list[int], tents: set[int], beside: list[list[int]]) -> int:
    """How many of ``trees`` pair off with a tent of ``tents`` beside each, at most."""
    owner: dict[int, int] = {}

    def claim(tree: int, seen: set[int]) -> bool:
        for cell in beside[tree]:
            if cell in tents and cell not in seen:
                seen.add(cell)
                if cell not in owner or claim(owner[cell], seen):
                    owner[cell] = tree
                    return True
        return False

    return sum(claim(tree, set()) for tree in trees)


def camps(board: Board, tents: Tents) -> list[list[int]]:
    """The groups of trees and tents joined side by side, each in reading order."""
    beside, seen, out = board.grid.neighbours, set(), []
    for start in sorted(set(board.tree_cells) | set(tents)):
        if start in seen:
            continue
        seen.add(start)
        group, stack = [], [start]
        while stack:
            cell = stack.pop()
            group.append(cell)
            for other in beside[cell]:
                if other not in seen and (board.trees[cell] and other in tents
                                          or cell in tents and board.trees[other]):
                    seen.add(other)
                    stack.append(other)
        out.append(sorted(group))
    return out


def check(board: Board, tents: Tents) -> list[str]:
    """Every rule ``tents`` breaks on ``board``, one message each; empty when valid.

    >>> b = Board(1, 3, (True, False, False), ((None,) * 3, (1,)))
    >>> check(b, frozenset({1})), check(b, frozenset({2}))
    ([], ['the tree at row 1, column 1 has no tent beside it', \
'the tent at row 1, column 3 has no tree beside it'])
    """
    grid, rc = board.grid, board.grid.rc
    errors: list[str] = []
    for cell in sorted(tents):
        if board.trees[cell]:
            errors.append(Broken(f"a tent on the tree at {grid.where(cell)}", rc(cell)))
    for cell in sorted(tents):
        for other in grid.touching[cell]:
            if other > cell and other in tents:
                errors.append(Broken(f"the tents at {grid.where(cell)} and "
                                     f"{grid.where(other)} touch", rc(cell), rc(other)))
    for side, line, number in board.outside:
        cells = board.line(side, line)
        found = sum(cell in tents for cell in cells)
        if found != number:
            errors.append(Broken(f"the {number} {where(side, line)} counts {found} "
                                 f"tent{'s' * (found != 1)}", *map(rc, cells)))
    for group in camps(board, tents):
        trees = [cell for cell in group if board.trees[cell]]
        placed = {cell for cell in group if cell in tents and not board.trees[cell]}
        if not placed:
            errors.append(Broken(f"the tree at {grid.where(trees[0])} has no tent beside "
                                 "it", rc(trees[0])))
            continue
        if not trees:
            cell = min(placed)
            errors.append(Broken(f"the tent at {grid.where(cell)} has no tree beside it",
                                 rc(cell)))
            continue
        pairs = matched(trees, placed, grid.neighbours)
        if pairs < max(len(trees), len(placed)):
            errors.append(Broken(
                f"the {len(trees)} tree{'s' * (len(trees) != 1)} and {len(placed)} "
                f"tent{'s' * (len(placed) != 1)} joined at {grid.where(group[0])} pair "
                f"off {pairs} to {pairs}, not one to one", *map(rc, group)))
    return errors
