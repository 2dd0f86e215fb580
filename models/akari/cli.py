"""What ``cpsolve akari`` asks beyond the answer (``--explain``, ``--redundant``,
``--minimize``, ``--grade``, and the clues in conflict on a board with no solution)."""

from __future__ import annotations

from typing import Any

import click

from cpsolve.backends.sat import DEFAULT_SOLVER, NON_INCREMENTAL
from cpsolve.grid.geometry import where
from cpsolve.grid.render import MARK, Sheet
from cpsolve.grid.report import Report
from cpsolve.limits import Deadline
from cpsolve.models.akari.board import Board, Cell, Solution
from cpsolve.models.akari.formats import to_grid
from cpsolve.models.akari.picture import picture
from cpsolve.result import Result, Status

REPORTS = ("explain", "redundant", "minimize", "grade")


def _cells(cells: list[Cell]) -> list[list[int]]:
    """Cells as JSON: ``[row, column]``, 1-based."""
    return [[r + 1, c + 1] for r, c in cells]


def _listed(cells: list[Cell]) -> str:
    return "; ".join(where(cell) for cell in cells)


def marked(board: Board, lights: Solution, undetermined: list[Cell]) -> str:
    """Grid text with the lights every solution shares as ``*`` and the cells that
    differ between solutions as ``?``.

    >>> print(marked(Board(("..", ".#")), frozenset({(0, 0)}), [(0, 0), (0, 1), (1, 0)]))
    ??
    ?#
    """
    rows = [list(row) for row in to_grid(board, lights).split("\n")]
    for r, c in undetermined:
        rows[r][c] = "?"
    return "\n".join("".join(row) for row in rows)


def _limit(result: Result, what: str) -> None:
    result.limit_reached = True
    result.reason = f"time limit reached before {what}"


def report(board: Board, result: Result, options: dict[str, Any],
           deadline: Deadline) -> Report:
    """What ``cpsolve akari`` prints beyond the answer: the clues in conflict when there
    is no solution, and what ``options`` ask for."""
    from cpsolve.models.akari import setter

    out = Report()
    solver = str(result.method.get("solver") or DEFAULT_SOLVER)
    if result.method.get("backend") != "sat" or solver in NON_INCREMENTAL:
        solver = DEFAULT_SOLVER  # the questions below need assumptions on one SAT solver
    if result.status is Status.UNSOLVABLE:
        found = setter.conflict(board, solver=solver, deadline=deadline)
        if found.status is Status.UNSOLVABLE:
            out.keys["conflict"] = _cells(found.cells)
            what = ("the clue that cannot hold" if len(found.cells) == 1 else
                    "clues that cannot hold together")
            more = "" if found.minimal else " (the time ran out before the set was minimal)"
            out.lines.append(f"{what}{more}: {_listed(found.cells)}")
            pic = picture(board)
            pic.marks.update({cell: MARK for cell in found.cells})
            out.picture = pic
        else:
            out.keys["conflict"] = []
            if found.status is Status.UNKNOWN:
                _limit(result, "the clues in conflict were found")
    if options.get("explain"):
        _explain(board, result, solver, deadline, out)
    if options.get("redundant"):
        _redundant(board, result, solver, deadline, out)
    if options.get("grade"):
        _grade(board, result, deadline, out)
    if options.get("minimize"):
        _minimize(board, result, solver, deadline, out)
    return out


def _explain(board: Board, result: Result, solver: str, deadline: Deadline,
             out: Report) -> None:
    from cpsolve.models.akari.setter import explain

    out.keys.update(undetermined=[], fixes=[])
    if not result.status.found:
        return
    found = explain(board, solver=solver, deadline=deadline,
                    deductions=bool(result.method.get("deductions", True)))
    if found.status is Status.UNKNOWN or found.first is None:
        _limit(result, "every undetermined cell was found")
        return
    out.keys["undetermined"] = _cells(found.undetermined)
    out.keys["fixes"] = [fix.to_json() for fix in found.fixes]
    if found.unique:
        out.text = to_grid(board, found.first) + "\n\nunique: every cell is the same in " \
                                                 "every solution"
        out.picture = picture(board, found.first)
        return
    assert found.second is not None
    count = len(found.undetermined)
    out.text = (marked(board, found.first, found.undetermined)
                + f"\n\nnot unique: {count} cell{'s are' if count != 1 else ' is'} not the "
                  "same in every solution (marked ?)")
    if found.status is not Status.SOLVED:
        _limit(result, "every undetermined cell was found")
        out.lines.append("(the time ran out: there may be more)")
        return
    if found.fixes:
        more = "" if found.searched else f" (the first {len(found.fixes)} found)"
        out.lines.append(f"\nfixes, each leaving exactly one solution{more}:")
        out.lines.extend(f"  {fix.describe()}" for fix in found.fixes)
    else:
        out.lines.append(f"\nno single change tried ({found.candidates}) leaves exactly one "
                         "solution")
    if not found.searched and deadline.expired():
        _limit(result, "every fix was tried")
    differ = found.first ^ found.second
    sides = [picture(board, found.first), picture(board, found.second)]
    for side in sides:
        side.marks.update({cell: MARK for cell in differ})
    out.picture = Sheet(sides, ["one solution", "another"],
                        title=f"Akari {board.width}x{board.height}: two solutions")


def _redundant(board: Board, result: Result, solver: str, deadline: Deadline,
               out: Report) -> None:
    from cpsolve.models.akari.setter import redundant

    out.keys["redundant"] = []
    if result.unique is not True:
        if result.status.found and result.unique is False:
            out.lines.append("\nredundant numbers: none can go, the board is not unique")
        return
    found = redundant(board, result.solution, solver=solver, deadline=deadline)
    out.keys["redundant"] = _cells(found.cells)
    if found.status is Status.UNKNOWN:
        _limit(result, "every number was tried")
    if found.cells:
        out.lines.append("\nnumbers that can each go, the solution staying unique: "
                         + _listed(found.cells))
    else:
        out.lines.append("\nno number can go: without any one, another solution appears")
    if found.open:
        out.lines.append(f"(not decided before the time limit: {_listed(found.open)})")
    pic = picture(board, result.solution)
    pic.marks.update({cell: MARK for cell in found.cells})
    out.picture = pic


def _grade(board: Board, result: Result, deadline: Deadline, out: Report) -> None:
    from cpsolve.models.akari.grading import grade

    out.keys.update(grade=None, deductions={})
    if result.unique is not True:
        if result.status.found and result.unique is False:
            out.lines.append("\ngrade: none, the board is not unique")
        return
    found = grade(board, deadline)
    if found.timed_out:
        _limit(result, "the board was graded")
        return
    if found.lights is not None and found.lights != result.solution:
        raise RuntimeError("the deductions and the solver disagree on the solution")
    out.keys.update(grade=found.name, deductions=found.counts)
    counts = found.counts
    out.lines.append(f"\ngrade: {found.name} (cells decided by the basic rules "
                     f"{counts['basic']}, single trials {counts['trial']}, nested trials "
                     f"{counts['deep']})")


def _minimize(board: Board, result: Result, solver: str, deadline: Deadline,
              out: Report) -> None:
    from cpsolve.models.akari import solve
    from cpsolve.models.akari.setter import minimize

    if result.unique is not True:
        if result.status.found and result.unique is False:
            out.lines.append("\nnothing to minimize: the board is not unique")
        return
    found = minimize(board, result.solution, solver=solver, deadline=deadline)
    # Each number removed was proven to go; the board is proven unique once more, from
    # scratch, unless the time is up (the proofs of the removals stand).
    again = solve(found.board, unique=True, solver=solver, time_limit=deadline)
    if again.unique is False or (again.unique and again.solution != result.solution):
        raise RuntimeError("the board with fewer numbers lost its one solution")
    out.keys["minimized"] = list(found.board.rows)
    out.text = "\n".join(found.board.rows)
    out.picture = picture(found.board)
    kept = len(found.board.clues)
    out.notes.append(f"unique with {kept} of {len(board.clues)} numbers"
                     + (", none of which can go alone" if found.minimal else
                        " (the time ran out before the set was minimal)"))
    if not found.minimal:
        _limit(result, "the numbers were minimal")


def options(function: Any) -> Any:
    """The setter's questions as flags."""
    flags = [
        click.option("--explain", is_flag=True,
                     help="Mark the cells that differ between solutions and list single "
                          "changes that leave exactly one (each proven)."),
        click.option("--redundant", is_flag=True,
                     help="List the numbers that can each go with the solution still unique."),
        click.option("--minimize", is_flag=True,
                     help="Print the board with a minimal set of numbers, still unique."),
        click.option("--grade", is_flag=True,
                     help="Grade the board: easy, tricky, hard or search (README)."),
    ]
    for flag in reversed(flags):
        function = flag(function)
    return function
