"""What the setter's questions add to a grid command's output once the solve is done:
the clues in conflict on a board with no solution, ``--explain`` (with fixes),
``--redundant``, ``--minimize`` and ``--grade``, for every grid family that declares
its clues (the answers come from :mod:`cpsolve.grid.setter` and the family's grader)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cpsolve.grid.solve import solve
from cpsolve.limits import Deadline
from cpsolve.progress import step
from cpsolve.result import Result, Status

if TYPE_CHECKING:
    from cpsolve.grid.hints import Clue, Edit
    from cpsolve.grid.puzzle import GridPuzzle
    from cpsolve.grid.render import GridPicture, Sheet


@dataclass
class Report:
    """What the setter's questions add to a grid command's output: ``keys`` for the
    JSON object (each documented in docs/json.md), ``lines`` printed after the
    answers, ``text`` printed instead of them, ``picture`` drawn instead of the
    answer's (for ``-o`` and ``--format svg/png``; also when there is no answer),
    ``notes`` on standard error, ``summary`` the short phrases the verdict line ends
    with when the output goes to a file or a picture (``3 cells undetermined, 10
    fixes``), ``proven`` what ``--certify`` says after the verdict, ``fixes`` the
    fixes ``--explain`` found (each with its changed board). A report cut
    short by the deadline says so on the result (``limit_reached`` and ``reason``),
    which sets the exit status."""

    keys: dict[str, Any] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)
    text: str | None = None
    picture: GridPicture | Sheet | None = None
    notes: list[str] = field(default_factory=list)
    summary: list[str] = field(default_factory=list)
    proven: str = ""  # how the verdict is proven, said after it: "certified, 0.04 s to check"
    fixes: list[Edit[Any]] = field(default_factory=list)  # the fixes found, as edits


QUESTIONS = ("explain", "redundant", "minimize", "grade")


def question_flags(function: Any) -> Any:
    """The setter's questions as flags, for every grid family with clues."""
    import click

    flags = [
        click.option("--explain", is_flag=True,
                     help="Mark the cells that differ between solutions and list single "
                          "changes that leave exactly one (each proven)."),
        click.option("--redundant", is_flag=True,
                     help="List the clues that can each go with the solution still unique."),
        click.option("--minimize", is_flag=True,
                     help="Print the board with a minimal set of clues, still unique."),
        click.option("--grade", is_flag=True,
                     help="Grade the board by the hardest kind of step its solve needs: "
                          "gentle, moderate, tough or diabolical (Akari: easy, tricky, "
                          "hard or search, by its own rules; README)."),
    ]
    for flag in reversed(flags):
        function = flag(function)
    return function


def _cells(cells: list[tuple[int, int]]) -> list[list[int]]:
    """Cells as JSON: ``[row, column]``, 1-based."""
    return [[r + 1, c + 1] for r, c in cells]


def _counted(count: int, noun: str) -> str:
    """``1 cell``, ``3 cells``."""
    return f"{count} {noun}{'s' if count != 1 else ''}"


def two_solutions(puzzle: GridPuzzle[Any, Any], board: Any, first: Any, second: Any
                  ) -> Sheet:
    """Two solutions of ``board`` side by side, the cells where they differ marked."""
    from cpsolve.grid.render import MARK, Sheet
    from cpsolve.grid.text import differing_cells

    differ = differing_cells(puzzle.show(board, first), puzzle.show(board, second))
    sides = [puzzle.picture(board, first), puzzle.picture(board, second)]
    for side in sides:
        side.marks.update({cell: MARK for cell in differ})
    return Sheet(sides, ["one solution", "another"],
                 title=f"{puzzle.name.capitalize()}: two solutions")


def _listed(clues: list[Clue]) -> str:
    return "; ".join(clue.named() for clue in clues)


def _limit(result: Result, what: str) -> None:
    result.limit_reached = True
    result.reason = f"time limit reached before {what}"


def report(puzzle: GridPuzzle[Any, Any], board: Any, result: Result,
           options: dict[str, Any], deadline: Deadline) -> Report:
    """What a grid command prints beyond the answer: the clues in conflict when there
    is no solution, and what ``options`` ask for (:data:`QUESTIONS`; ``fixes``
    false: ``explain`` finds the undetermined cells and no fixes)."""
    from cpsolve.backends.sat import DEFAULT_SOLVER, NON_INCREMENTAL

    out = Report()
    solver = str(result.method.get("solver") or DEFAULT_SOLVER)
    if result.method.get("backend") != "sat" or solver in NON_INCREMENTAL:
        solver = DEFAULT_SOLVER  # the questions need assumptions on one SAT solver
    if result.status is Status.UNSOLVABLE:
        step("finding the clues in conflict")
        _conflict(puzzle, board, result, solver, deadline, out)
    if options.get("explain"):
        step("explaining: cells that differ")
        _explain(puzzle, board, result, solver, deadline, out, options.get("fixes", True))
    if options.get("redundant"):
        step("redundant clues: proving it unique")
        _redundant(puzzle, board, result, solver, deadline, out)
    if options.get("grade"):
        step("grading")
        _grade(puzzle, board, result, deadline, out)
    if options.get("minimize"):
        step("minimizing: proving it unique")
        _minimize(puzzle, board, result, solver, deadline, out)
    return out


def _conflict(puzzle: GridPuzzle[Any, Any], board: Any, result: Result, solver: str,
              deadline: Deadline, out: Report) -> None:
    from cpsolve.grid.render import MARK
    from cpsolve.grid.setter import conflict

    found = conflict(puzzle, board, solver=solver, deadline=deadline)
    out.keys["conflict"] = []
    if found.status is Status.UNSOLVABLE:
        out.keys["conflict"] = _cells([clue.cell for clue in found.clues])
        if not found.clues:
            out.lines.append("no clue is to blame: the rules alone have no solution on "
                             "this board")
            out.summary.append("no clue is to blame")
            return
        out.summary.append(_counted(len(found.clues), puzzle.require_hints().noun)
                           + " in conflict")
        what = ("the clue that cannot hold" if len(found.clues) == 1 else
                "clues that cannot hold together")
        if not puzzle.require_hints().monotone:
            what += f", whatever the other {puzzle.require_hints().noun}s"
        more = "" if found.minimal else " (the time ran out before the set was minimal)"
        out.lines.append(f"{what}{more}: {_listed(found.clues)}")
        pic = puzzle.picture(board, None)
        pic.marks.update({cell: MARK for clue in found.clues for cell in clue.outlined()})
        out.picture = pic
    elif found.status is Status.UNKNOWN:
        _limit(result, "the clues in conflict were found")


def _explain(puzzle: GridPuzzle[Any, Any], board: Any, result: Result, solver: str,
             deadline: Deadline, out: Report, fixes: bool = True) -> None:
    from cpsolve.grid.setter import explain
    from cpsolve.grid.text import marked

    out.keys.update(undetermined=[], **({"fixes": []} if fixes else {}))
    if not result.status.found:
        return
    found = explain(puzzle, board, solver=solver, deadline=deadline, fixes=fixes)
    if found.status is Status.UNKNOWN or found.first is None:
        _limit(result, "every undetermined cell was found")
        return
    out.keys["undetermined"] = _cells(found.undetermined)
    if fixes:
        out.keys["fixes"] = [fix.to_json() for fix in found.fixes]
        out.fixes = list(found.fixes)
    first_text = puzzle.show(board, found.first)
    if found.unique:
        out.text = first_text + "\n\nunique: every cell is the same in every solution"
        out.picture = puzzle.picture(board, found.first)
        return
    assert found.second is not None
    count = len(found.undetermined)
    out.text = (marked(first_text, set(found.undetermined))
                + f"\n\nnot unique: {count} cell{'s are' if count != 1 else ' is'} not the "
                  "same in every solution (marked ?)")
    out.picture = two_solutions(puzzle, board, found.first, found.second)
    out.summary.append(f"{_counted(count, 'cell')} undetermined")
    if found.status is not Status.SOLVED:
        _limit(result, "every undetermined cell was found")
        out.lines.append("(the time ran out: there may be more)")
        return
    if puzzle.require_hints().edits is None or not fixes:
        return
    more = "" if found.searched else " (there may be more)"
    out.summary[-1] += f", {len(found.fixes)} fix{'es' if len(found.fixes) != 1 else ''}{more}"
    if found.fixes:
        out.lines.append("\nfixes, each leaving exactly one solution:")
        out.lines.extend(f"  {fix.text}" for fix in found.fixes)
        if not found.searched:
            out.lines.append(f"  (the first {len(found.fixes)} found; there may be more)")
    else:
        out.lines.append(f"\nno single change tried ({found.candidates}) leaves exactly one "
                         "solution")
    if not found.searched and deadline.expired():
        _limit(result, "every fix was tried")


def _redundant(puzzle: GridPuzzle[Any, Any], board: Any, result: Result, solver: str,
               deadline: Deadline, out: Report) -> None:
    from cpsolve.grid.render import MARK
    from cpsolve.grid.setter import redundant

    out.keys["redundant"] = []
    noun = puzzle.require_hints().noun
    if not puzzle.require_hints().removable:
        out.lines.append(f"\nredundant {noun}s: none, {puzzle.require_hints().kept}")
        return
    if result.unique is not True:
        if result.status.found and result.unique is False:
            out.lines.append(f"\nredundant {noun}s: none can go, the board is not unique")
        return
    found = redundant(puzzle, board, result.solution, solver=solver, deadline=deadline)
    out.keys["redundant"] = _cells([clue.cell for clue in found.clues])
    if found.status is Status.UNKNOWN:
        _limit(result, "every clue was tried")
    out.summary.append(f"{_counted(len(found.clues), noun)} can each go")
    if found.clues:
        out.lines.append(f"\n{noun}s that can each go, the solution staying unique: "
                         + _listed(found.clues))
    else:
        out.lines.append(f"\nno {noun} can go: without any one, another solution appears")
    if found.open:
        out.lines.append(f"(not decided before the time limit: {_listed(found.open)})")
    pic = puzzle.picture(board, result.solution)
    pic.marks.update({cell: MARK for clue in found.clues for cell in clue.outlined()})
    out.picture = pic


def _grade(puzzle: GridPuzzle[Any, Any], board: Any, result: Result, deadline: Deadline,
           out: Report) -> None:
    from cpsolve.grid.grading import COUNTED, grader_of

    out.keys.update(grade=None, deductions={})
    if result.unique is not True:
        if result.status.found and result.unique is False:
            out.lines.append("\ngrade: none, the board is not unique")
        return
    found = grader_of(puzzle).grade(board, deadline)
    if found.timed_out:
        _limit(result, "the board was graded")
        return
    if found.answer is not None and found.answer != result.solution:
        raise RuntimeError("the grading deductions and the solver disagree on the solution")
    out.keys.update(grade=found.name, deductions=found.counts)
    out.summary.append(f"grade {found.name}")
    said = ", ".join(f"{COUNTED.get(kind, kind)} {n}" for kind, n in found.counts.items())
    out.lines.append(f"\ngrade: {found.name} ({found.unit} decided by {said})")


def _minimize(puzzle: GridPuzzle[Any, Any], board: Any, result: Result, solver: str,
              deadline: Deadline, out: Report) -> None:
    from cpsolve.grid.setter import minimize

    if not puzzle.require_hints().removable:
        out.lines.append(f"\nnothing to minimize: {puzzle.require_hints().kept}")
        return
    if result.unique is not True:
        if result.status.found and result.unique is False:
            out.lines.append("\nnothing to minimize: the board is not unique")
        return
    found = minimize(puzzle, board, result.solution, solver=solver, deadline=deadline)
    # Each clue removed was proven to go; the board is proven unique once more, from
    # scratch, by the family's own solve, unless the time is up (the proofs stand).
    again = solve(puzzle, found.board, unique=True, time_limit=deadline)
    if again.unique is False or (again.unique and again.solution != result.solution):
        raise RuntimeError("the board with fewer clues lost its one solution")
    text = puzzle.board_text(found.board)
    out.keys["minimized"] = text.splitlines()
    out.text = text
    out.picture = puzzle.picture(found.board, None)
    before = len(puzzle.require_hints().clues(board))
    kept = before - len(found.removed)
    out.notes.append(f"unique with {kept} of {before} {puzzle.require_hints().noun}s"
                     + (", none of which can go alone" if found.minimal else
                        " (the time ran out before the set was minimal)"))
    if not found.minimal:
        _limit(result, "the clues were minimal")
