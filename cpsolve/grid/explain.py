"""``--explain`` for any static family whose SAT model is a :class:`CnfModel`: the
cells whose state is not the same in every solution (:func:`cpsolve.grid.uniqueness.backbone`,
assumptions on one incremental solver, not a list of solutions), shown as text with
the cells marked, in JSON as ``undetermined`` (1-based ``[row, col]``), and as two
solutions side by side with the differing cells outlined.

A family gives its model, how a projection assignment reads as an answer, the cells
of each projection variable, and how an answer is written and drawn; Akari's own
``--explain`` adds fixes on top of the same backbone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from cpsolve.backends.sat import CnfModel
from cpsolve.grid.render import MARK, GridPicture, Sheet
from cpsolve.grid.report import Report
from cpsolve.limits import Deadline
from cpsolve.result import Result

A = TypeVar("A")
F = TypeVar("F", bound=Callable[..., Any])
Cell = tuple[int, int]

HELP = ("Not unique? Mark the cells that are not the same in every solution (found "
        "by assumptions on one SAT solver) and draw two solutions side by side.")


def explain_option(function: F) -> F:
    """The ``--explain`` flag, for a static command's ``options=``."""
    import click

    return click.option("--explain", is_flag=True, help=HELP)(function)


def explain(model: CnfModel, result: Result, deadline: Deadline, *,
            decode: Callable[[tuple[bool, ...]], A], cells_of: Callable[[int], Iterable[Cell]],
            marked: Callable[[A, set[Cell]], str],
            picture: Callable[[A], GridPicture]) -> Report:
    """The report: ``decode`` turns the model's projection values into an answer,
    ``cells_of`` names the cells (0-based ``(row, col)``) of a projection variable,
    ``marked`` writes an answer with cells marked ``?``, ``picture`` draws one."""
    from cpsolve.grid.uniqueness import backbone

    out = Report(keys={"undetermined": []})
    if not result.status.found:
        return out
    found = backbone(model, deadline=deadline)
    if found.first is None or (found.unique is None and found.second is None):
        _cut_short(result)
        return out
    first = decode(found.first)
    if found.second is None:
        out.text = marked(first, set()) + "\n\nunique: every cell is the same in every solution"
        out.picture = picture(first)
        return out
    cells = {cell for index in found.undetermined for cell in cells_of(index)}
    out.keys["undetermined"] = [[r + 1, c + 1] for r, c in sorted(cells)]
    out.text = (marked(first, cells) + f"\n\nnot unique: {len(cells)} "
                f"cell{'s are' if len(cells) != 1 else ' is'} not the same in every "
                "solution (marked ?)")
    if found.unique is None:
        _cut_short(result)
        out.lines.append("(the time ran out: there may be more)")
    shown = {cell for index, (a, b) in enumerate(zip(found.first, found.second)) if a != b
             for cell in cells_of(index)}
    sides = [picture(first), picture(decode(found.second))]
    for side in sides:
        side.marks.update({cell: MARK for cell in shown})
    out.picture = Sheet(sides, ["one solution", "another"])
    return out


def _cut_short(result: Result) -> None:
    result.limit_reached = True
    result.reason = "time limit reached before every undetermined cell was found"
