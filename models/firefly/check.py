"""The Hotaru Beam checker, independent of the rules' statement: it walks the answer's
lines from firefly to firefly and counts their turns, and floods the lines for the
network, as pzprjs's checks do one by one."""

from __future__ import annotations

from cpsolve.grid.arrows import STEPS, ArrowGrid
from cpsolve.grid.geometry import Broken

Lines = frozenset[tuple[int, int]]


def check(board: ArrowGrid, lines: Lines) -> list[str]:
    """Every rule ``lines`` breaks, one message each, naming its cells."""
    grid, clues = board.grid, board.clues
    where, rc = grid.where, grid.rc
    cols = grid.cols
    errors: list[str] = []
    near: dict[int, list[int]] = {cell: [] for cell in range(grid.cells)}
    for a, b in lines:
        if b not in grid.neighbours[a]:
            errors.append(Broken(f"a line joins {where(a)} and {where(b)}, which are not "
                                 f"side by side", rc(a), rc(b)))
            continue
        near[a].append(b)
        near[b].append(a)
    if not lines:
        return [*errors, "no line is drawn"]
    for cell in range(grid.cells):
        if clues[cell] is None and len(near[cell]) == 1:
            errors.append(Broken(f"a line ends at {where(cell)}, on no firefly", rc(cell)))
        elif clues[cell] is None and len(near[cell]) == 3:
            errors.append(Broken(f"a line branches at {where(cell)}", rc(cell)))
        elif clues[cell] is None and len(near[cell]) == 4:
            errors.append(Broken(f"lines cross at {where(cell)}", rc(cell)))

    def facing(cell: int) -> int | None:
        clue = clues[cell]
        if clue is None or clue.direction is None:
            return None
        dr, dc = STEPS[clue.direction]
        r, c = rc(cell)
        return (r + dr) * cols + c + dc if grid.contains(r + dr, c + dc) else None

    for cell in board.clue_cells:
        clue = clues[cell]
        if clue is not None and clue.direction is not None and facing(cell) not in near[cell]:
            errors.append(Broken(f"no line leaves the dot of the firefly at {where(cell)}",
                                 rc(cell)))
    walked: set[tuple[int, int]] = set()
    for start in board.clue_cells:
        for first in near[start]:
            if (start, first) in walked:
                continue
            cells, turns = [start, first], 0
            while clues[cells[-1]] is None and len(near[cells[-1]]) == 2:
                here, before = cells[-1], cells[-2]
                after = near[here][0] if near[here][1] == before else near[here][1]
                if (after - here) != (here - before):
                    turns += 1
                cells.append(after)
            end = cells[-1]
            walked.add((start, first))
            walked.add((end, cells[-2]))
            if clues[end] is None:
                continue  # a dead end or a branch, told above
            at_dot = [facing(start) == first, facing(end) == cells[-2]]
            places = f"{where(start)} and {where(end)}"
            if all(at_dot):
                errors.append(Broken(f"a line joins the dots of the fireflies at {places}",
                                     rc(start), rc(end)))
            elif not any(at_dot):
                errors.append(Broken(f"a line joins the fireflies at {places} by no dot",
                                     rc(start), rc(end)))
            else:
                source = start if at_dot[0] else end
                number = clues[source].number  # type: ignore[union-attr]
                if number is not None and number != turns:
                    errors.append(Broken(f"the line from the firefly at {where(source)} "
                                         f"turns {turns} times, not {number}", rc(source)))
    touched = [cell for cell in range(grid.cells) if near[cell]]
    seen = {touched[0]}
    todo = [touched[0]]
    while todo:
        for other in near[todo.pop()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    if len(seen) < len(touched):
        apart = min(set(touched) - seen)
        errors.append(Broken(f"the lines are not one network: {where(apart)} is cut off "
                             f"from {where(touched[0])}", rc(apart), rc(touched[0])))
    return errors
