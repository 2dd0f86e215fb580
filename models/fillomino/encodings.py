"""Fillomino as constraint models: pure builders over a number per cell.

SAT ``lazy``: a Boolean ``v(c, n)`` for every cell ``c`` and every number ``n`` from 1
to the board's size (an area may be as large as the board: no smaller bound is a
rule), exactly one per cell; the projection is these Booleans, cell by cell, so every
answer is one filling. The local rules as clauses: two 1s never side by side; a cell
of a number above 1 has a neighbour of that number; a cell of a 2 has at most one.
The areas' sizes are checked on each candidate (:func:`refine`), cut off by clauses
that hold in every answer:

* an area of ``n`` with more than ``n`` cells: some ``n + 1`` of its cells, connected,
  are not all ``n`` (they would be one area of more than ``n`` cells);
* an area of ``n`` with fewer cells, closed: not all its cells ``n`` with no cell
  beside it ``n`` (it would be a whole area of the wrong size).

CP-SAT ``labels``: a number and a label per cell, the label the first cell of its
area (its root), equal across an edge exactly when the numbers are; each root counts
the cells labelled with it, and every other cell has a neighbour of its area nearer
its root.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any

import numpy as np

from cpsolve.backends.cpsat import CpsatModel
from cpsolve.backends.sat import CnfModel
from cpsolve.cnf import at_most_one
from cpsolve.grid.model import Encoding, Encodings, Whole
from cpsolve.limits import charge
from cpsolve.models.fillomino.board import Board, Filling


def var(board: Board, cell: int, number: int) -> int:
    """The Boolean "``cell`` holds ``number``" (1-based numbers)."""
    return cell * board.largest + number


def prepare(board: Board, deduce: bool = True) -> Whole[Board, Filling]:
    """The board for the encoders; with ``deduce``, the numbers bounded by
    :func:`bound` (a smaller model when the givens close off the board's parts)."""
    if deduce:
        board = replace(board, bound=bound(board))
    largest = board.largest

    def decode(values: tuple[bool, ...]) -> Filling:
        return tuple(next((n + 1 for n in range(largest) if values[c * largest + n]), 0)
                     for c in range(board.cells))

    return Whole(board, decode, stats={"numbers up to": largest})


def _parts(board: Board, number: int) -> tuple[list[int], list[int]]:
    """The parts of the board apart from the cells showing a number other than
    ``number``: each cell's part (0 for those cells) and each part's size (from 1)."""
    grid = board.grid
    given = [n if n is not None and n > 0 else 0 for n in board.numbers]
    part = [0] * board.cells
    sizes = [0]
    for start in range(board.cells):
        if part[start] or (given[start] and given[start] != number):
            continue
        sizes.append(0)
        part[start] = len(sizes) - 1
        todo = [start]
        while todo:
            cell = todo.pop()
            sizes[-1] += 1
            for other in grid.neighbours[cell]:
                if not part[other] and not (given[other] and given[other] != number):
                    part[other] = part[start]
                    todo.append(other)
    return part, sizes


def bound(board: Board) -> int:
    """The largest number an answer of ``board`` can write: an area of ``n`` lies in one
    part of the board apart from the cells showing other numbers, so past the largest
    part, and past every number shown, no ``n`` fits (for a number not shown, the parts
    are those apart from every given cell: one pass).

    >>> bound(Board(1, 5, (2, None, 1, None, None)))  # parts of 2 and 2 cells
    2
    """
    shown = max((n for n in board.numbers if n is not None and n > 0), default=0)
    return min(board.cells, max(shown, max(_parts(board, 0)[1])))


def rule_groups(board: Board) -> tuple[list[Any], int]:
    """The rules but the given numbers and the areas' sizes, and the new top variable."""
    grid, largest = board.grid, board.largest
    cells = board.cells
    charge(cells * largest * 12)
    lits = (np.arange(cells * largest, dtype=np.int64).reshape(cells, largest) + 1)
    groups: list[Any] = [lits]  # at least one number a cell
    top = cells * largest
    amo, top = at_most_one(lits, top)
    groups.extend(amo)
    if grid.pairs:
        ones = np.array([[var(board, a, 1), var(board, b, 1)] for a, b in grid.pairs])
        groups.append(-ones)
    needs = [[-var(board, c, n), *(var(board, b, n) for b in grid.neighbours[c])]
             for c in range(cells) for n in range(2, largest + 1)]
    if needs:
        groups.append(needs)
    twos = [[-var(board, c, 2), -var(board, a, 2), -var(board, b, 2)]
            for c in range(cells) for i, a in enumerate(grid.neighbours[c])
            for b in grid.neighbours[c][i + 1:]] if largest >= 2 else []
    if twos:
        groups.append(twos)
    return groups, top


def impossible(board: Board) -> list[int]:
    """The Booleans "``cell`` holds ``n``" the given numbers rule out: the other numbers
    of a numbered cell, and ``n`` in a cell whose part of the board apart from the cells
    showing other numbers has fewer than ``n`` cells (an area of ``n`` lies in one).

    >>> sorted(impossible(Board(1, 3, (2, None, 1))))  # the middle cell holds no 3
    [1, 3, 6, 8, 9]
    """
    largest = board.largest
    given = [n if n is not None and n > 0 else 0 for n in board.numbers]
    out: list[int] = []
    for cell, number in enumerate(given):
        if number:
            out.extend(var(board, cell, n) for n in range(1, largest + 1) if n != number)
    shown = set(given) - {0}
    apart = _parts(board, 0)  # the parts for every number not shown: computed once
    for n in range(1, largest + 1):
        part, sizes = _parts(board, n) if n in shown else apart
        out.extend(var(board, c, n) for c in range(board.cells)
                   if not given[c] and part[c] and sizes[part[c]] < n)
    return out


def clue_clause(board: Board, cell: int, number: int) -> list[int]:
    """"``cell`` holds its given ``number``" (a unit clause; none fits past the board)."""
    return [var(board, cell, number)] if number <= board.largest else []


def refine(board: Board, values: Any) -> list[list[int]]:
    """Cuts for a candidate whose areas have the wrong sizes (see the module)."""
    grid, largest = board.grid, board.largest
    filling = [next(n + 1 for n in range(largest) if values[c * largest + n])
               for c in range(board.cells)]
    seen = [False] * board.cells
    cuts: list[list[int]] = []
    for start in range(board.cells):
        if seen[start]:
            continue
        number = filling[start]
        seen[start] = True
        area, todo = [start], [start]
        while todo:
            for other in grid.neighbours[todo.pop()]:
                if not seen[other] and filling[other] == number:
                    seen[other] = True
                    area.append(other)
                    todo.append(other)
        if len(area) > number:
            # n + 1 cells of the area, connected: breadth-first pieces from a few of
            # its cells (each cuts off other candidates)
            for first in dict.fromkeys((area[0], area[-1], area[len(area) // 2])):
                cuts.append(_piece(board, [first, *(c for c in area if c != first)],
                                   number))
        elif len(area) < number:
            members = set(area)
            beside = sorted({o for c in area for o in grid.neighbours[c] if o not in members})
            cuts.append([*(-var(board, c, number) for c in area),
                         *(var(board, b, number) for b in beside)])
    return cuts


def on_partial(board: Board, values: Any) -> list[list[int]]:
    """What the areas' sizes say on a partial assignment (``values`` by variable, 1
    true, 0 false, -1 open; index 0 unused), as clauses every answer satisfies that are
    falsified or unit here: for each set of decided cells of one number ``n``, joined:
    past ``n`` cells, some ``n + 1`` of them are not all ``n``; at ``n`` cells, no cell
    beside them holds ``n``; below ``n``, closed or all but one cell beside them ruled
    out of ``n``, some cell beside them holds it."""
    grid, largest = board.grid, board.largest
    decided = [0] * board.cells
    for cell in range(board.cells):
        row = values[cell * largest + 1:(cell + 1) * largest + 1]
        hits = np.flatnonzero(row == 1)
        if len(hits):
            decided[cell] = int(hits[0]) + 1
    seen = [False] * board.cells
    out: list[list[int]] = []
    for start in range(board.cells):
        number = decided[start]
        if not number or seen[start]:
            continue
        seen[start] = True
        area, todo = [start], [start]
        while todo:
            for other in grid.neighbours[todo.pop()]:
                if not seen[other] and decided[other] == number:
                    seen[other] = True
                    area.append(other)
                    todo.append(other)
        members = set(area)
        beside = sorted({o for c in area for o in grid.neighbours[c] if o not in members})
        inside = [-var(board, c, number) for c in area]
        if len(area) > number:
            out.append(inside[:number + 1] if _joined(grid, area[:number + 1])
                       else _piece(board, area, number))
        elif len(area) == number:
            out.extend([*inside, -var(board, b, number)] for b in beside
                       if values[var(board, b, number)] == -1)
        else:
            open_ = [b for b in beside if values[var(board, b, number)] != 0]
            if len(open_) <= 1:
                out.append([*inside, *(var(board, b, number) for b in beside)])
    return out


def _joined(grid: Any, cells: list[int]) -> bool:
    members = set(cells)
    seen, todo = {cells[0]}, [cells[0]]
    while todo:
        for other in grid.neighbours[todo.pop()]:
            if other in members and other not in seen:
                seen.add(other)
                todo.append(other)
    return len(seen) == len(cells)


def _piece(board: Board, area: list[int], number: int) -> list[int]:
    """"Not all ``n``" over ``n + 1`` joined cells of ``area`` (breadth first)."""
    members = set(area)
    piece, queue, inside = [area[0]], [area[0]], {area[0]}
    while len(piece) <= number:
        for other in board.grid.neighbours[queue.pop(0)]:
            if other in members and other not in inside and len(piece) <= number:
                inside.add(other)
                piece.append(other)
                queue.append(other)
    return [-var(board, c, number) for c in piece]


class _Names(dict):  # type: ignore[type-arg]
    """The variables' meanings, worked out when asked (a large board has many)."""

    def __init__(self, board: Board) -> None:
        super().__init__()
        self.board = board

    def __missing__(self, key: int) -> str:
        cell, number = divmod(key - 1, self.board.largest)
        if not 0 <= cell < self.board.cells:
            raise KeyError(key)
        return f"{self.board.grid.name(cell)} holds {number + 1}"


def build_sat(prepared: Whole[Board, Filling]) -> CnfModel:
    """``lazy``: the local rules and the givens as clauses; the areas' sizes as cuts."""
    board = prepared.board
    groups, top = rule_groups(board)
    clues = [clue_clause(board, c, board.numbers[c] or 0) for c in board.clue_cells]
    groups.append(clues)
    ruled_out = impossible(board)  # implied by the givens and the rules
    if ruled_out:
        groups.append(-np.array(ruled_out, dtype=np.int64).reshape(-1, 1))
    return CnfModel(nvars=top, projection=range(1, board.cells * board.largest + 1),
                    groups=groups, refine=partial(refine, board), names=_Names(board),
                    partial=partial(on_partial, board))


def build_cpsat(prepared: Whole[Board, Filling]) -> CpsatModel:
    """``labels``: see the module."""
    from ortools.sat.python import cp_model

    board = prepared.board
    grid, cells, largest = board.grid, board.cells, board.largest
    charge(cells * cells * 4, "cpsat")
    model = cp_model.CpModel()
    number = [model.new_int_var(1, largest, f"n_{grid.name(c)}") for c in range(cells)]
    label = [model.new_int_var(0, c, f"label_{grid.name(c)}") for c in range(cells)]
    root = [model.new_bool_var(f"root_{grid.name(c)}") for c in range(cells)]
    level = [model.new_int_var(0, cells - 1, f"level_{grid.name(c)}") for c in range(cells)]
    for c in range(cells):
        model.add(label[c] == c).only_enforce_if(root[c])
        model.add(label[c] < c).only_enforce_if(~root[c])
        model.add(level[c] == 0).only_enforce_if(root[c])
        given = board.numbers[c]
        if given is not None and given > 0:
            model.add(number[c] == given)
    same = {}
    for a, b in grid.pairs:
        s = model.new_bool_var(f"same_{a}_{b}")
        model.add(number[a] == number[b]).only_enforce_if(s)
        model.add(number[a] != number[b]).only_enforce_if(~s)
        model.add(label[a] == label[b]).only_enforce_if(s)
        model.add(label[a] != label[b]).only_enforce_if(~s)
        same[a, b] = same[b, a] = s
    for c in range(cells):
        steps = []
        for other in grid.neighbours[c]:
            step = model.new_bool_var(f"toward_{c}_{other}")
            model.add_implication(step, same[c, other])
            model.add(level[other] < level[c]).only_enforce_if(step)
            steps.append(step)
        model.add_bool_or([root[c], *steps])
    for r in range(cells):
        members = []
        for c in range(r, cells):
            member = model.new_bool_var(f"in_{c}_{r}")
            model.add(label[c] == r).only_enforce_if(member)
            model.add(label[c] != r).only_enforce_if(~member)
            model.add_implication(member, root[r])
            members.append(member)
        model.add(sum(members) == number[r]).only_enforce_if(root[r])
    lits = [model.new_bool_var(f"{grid.name(c)}_{n}") for c in range(cells)
            for n in range(1, largest + 1)]
    for ruled_out in impossible(board):
        model.add(lits[ruled_out - 1] == 0)
    for c in range(cells):
        row = lits[c * largest:(c + 1) * largest]
        model.add_exactly_one(row)
        model.add(number[c] == sum((n + 1) * row[n] for n in range(largest)))
    return CpsatModel(model=model, projection=lits)


def literals(prepared: Whole[Board, Filling], *, per: int) -> int:
    """About how many literals (terms, for CP-SAT) a model holds, before building it:
    ``per`` for every cell and number (a 100x100 board: 10\u2078 Booleans).

    >>> from cpsolve.models.fillomino.formats import parse
    >>> literals(prepare(parse("2 2\\n1 -\\n- 3"), False), per=20)
    320
    """
    board = prepared.board
    return per * board.cells * board.largest


ENCODINGS = Encodings(
    Encoding("lazy", "a Boolean per cell and number; the areas' sizes as cuts on the "
             "candidates an incremental SAT solver finds", sat=build_sat,
             literals=partial(literals, per=20)),
    Encoding("labels", "a number and the label of its area's first cell per cell; each "
             "first cell counts its area", cpsat=build_cpsat,
             literals=partial(literals, per=12)),
)
