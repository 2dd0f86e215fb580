"""Pieces every family's command shares: reading BOARD, common options, exit codes,
the JSON shape. Commands return an :class:`Output`; only :mod:`cpsolve.cli` prints.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import click

from cpsolve.errors import InputError, UsageError
from cpsolve.result import Result, Status

F = TypeVar("F", bound=Callable[..., Any])

# Exit statuses (see the README): 0 done, 1 no solution exists, 2 bad input or usage,
# 3 a limit was reached before an answer, 4 --unique asked and not unique,
# 5 a solver returned a solution the puzzle's checker rejects.
EXIT_OK, EXIT_UNSOLVABLE, EXIT_USAGE, EXIT_LIMIT, EXIT_NOT_UNIQUE, EXIT_ERROR = range(6)


@dataclass
class Output:
    """What a command produced: text for standard output, notes for standard error,
    files to write, and the exit status."""

    stdout: str = ""
    stderr: list[str] = field(default_factory=list)
    files: dict[str, str | bytes] = field(default_factory=dict)
    exit_code: int = EXIT_OK


def read_board(arg: str) -> tuple[str, str]:
    """The text of BOARD and the name to report errors against.

    BOARD is ``-`` for standard input, a file, or the board itself where it has a
    one-line form (a URL, a game ID, a DevQuiz line).
    """
    if arg == "-":
        try:
            return sys.stdin.buffer.read().decode("utf-8"), "<stdin>"
        except UnicodeDecodeError as error:
            raise InputError(f"not a text file ({error.reason})", source="<stdin>") from None
    if os.path.isdir(arg):
        raise InputError("is a directory, not a board file", source=arg)
    if os.path.exists(arg):
        try:
            with open(arg, encoding="utf-8") as handle:
                return handle.read(), arg
        except UnicodeDecodeError as error:
            raise InputError(f"not a text file ({error.reason})", source=arg) from None
        except OSError as error:
            raise InputError(error.strerror or str(error), source=arg) from None
    if any(mark in arg for mark in ("\n", ":", ",", "#")):
        return arg, "<argument>"
    raise InputError("no such file (and not a one-line board)", source=arg)


def load(arg: str, parse: Callable[[str], Any]) -> Any:
    """Read BOARD and parse it; errors name the file (or ``<stdin>``, ``<argument>``)."""
    text, source = read_board(arg)
    try:
        return parse(text)
    except InputError as error:
        raise error.located(source) from None


def choose_format(fmt: str | None, as_json: bool, output: str | None,
                  pictures: tuple[str, ...] = ("svg", "png")) -> str:
    """The output format from --format, --json and the -o file's extension."""
    if as_json:
        if fmt not in (None, "json"):
            raise UsageError("--json and --format disagree")
        return "json"
    if fmt is None:
        suffix = (output or "").rsplit(".", 1)[-1].lower()
        fmt = suffix if suffix in (*pictures, "json") else "text"
    if fmt == "png" and output is None:
        raise UsageError("PNG output needs -o FILE")
    return fmt


def with_file(out: Output, output: str | None) -> Output:
    """Send standard output to ``output`` instead, when one is given."""
    if output is not None and out.stdout:
        out.files[output] = out.stdout if out.stdout.endswith("\n") else out.stdout + "\n"
        out.stdout = ""
    return out


def common_options(function: F) -> F:
    """``--time-limit``, ``--json``, ``-v`` and ``-o``, shared by every solve command."""
    decorators = [
        click.option("--time-limit", type=click.FloatRange(min=0), default=None,
                     metavar="SECONDS", help="Wall-clock limit for the whole solve."),
        click.option("--json", "as_json", is_flag=True,
                     help="Print one JSON object (the same keys for every puzzle)."),
        click.option("-v", "--verbose", is_flag=True,
                     help="Method and statistics on standard error."),
        click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
                     help="Write the output to FILE (needed for PNG)."),
    ]
    for decorator in reversed(decorators):
        function = decorator(function)
    return function


def exit_code(result: Result) -> int:
    """The exit status a result calls for."""
    if result.status is Status.ERROR:
        return EXIT_ERROR
    if result.status is Status.UNSOLVABLE:
        return EXIT_UNSOLVABLE
    if result.status is Status.UNKNOWN or result.limit_reached:
        return EXIT_LIMIT
    if result.unique is False:
        return EXIT_NOT_UNIQUE
    return EXIT_OK


def result_json(puzzle: str, result: Result, encode: Callable[[Any], Any],
                **fields: Any) -> dict[str, Any]:
    """The JSON object every family prints; ``fields`` sets ``length``/``optimal``."""
    return {
        "puzzle": puzzle,
        "status": result.status.value,
        "method": result.method,
        "solution": encode(result.solution) if result.solutions else None,
        "length": fields.get("length"),
        "optimal": fields.get("optimal"),
        "unique": result.unique,
        "count": result.count,
        "complete": result.complete if result.count is not None else None,
        "solutions": [encode(s) for s in result.solutions] if result.count is not None else None,
        "reason": result.reason,
        "stats": result.stats.to_dict(),
    }


def describe_stats(result: Result) -> str:
    """One line of method and statistics for ``-v``."""
    method = " ".join(f"{key}={value}" for key, value in result.method.items())
    stats = result.stats
    parts = [f"build {stats.build_seconds * 1000:.1f} ms",
             f"solve {stats.solve_seconds * 1000:.1f} ms ({stats.solver_calls} calls)"]
    for name in ("variables", "clauses", "constraints", "conflicts", "nodes"):
        value = getattr(stats, name)
        if value is not None:
            parts.append(f"{name} {value}")
    return f"{method}: " + ", ".join(parts)


def render_plans(family: str, result: Result, fmt: str, show_all: bool, *,
                 show: Callable[[Any], str] = str,
                 length: Callable[[Any], int] = len) -> Output:
    """What a planning family prints: JSON, or the first plan (every plan found with
    ``show_all``) and, when plans were counted, a line with the count; the reason when
    there is no plan. ``show`` writes a plan, ``length`` counts its moves."""
    import json

    code = exit_code(result)
    if fmt == "json":
        data = result_json(family, result, show,
                           length=length(result.solution) if result.solutions else None,
                           optimal=result.status is Status.OPTIMAL)
        return Output(stdout=json.dumps(data, indent=2), exit_code=code)
    if not result.solutions:
        reason = f": {result.reason}" if result.reason else ""
        return Output(stdout=f"{result.status.value}{reason}", exit_code=code)
    lines = [show(plan) for plan in (result.solutions if show_all else result.solutions[:1])]
    if result.count is not None:
        more = "" if result.complete else " (counting stopped early)"
        if show_all and len(result.solutions) < result.count:
            more += (f"; {len(result.solutions)} listed (breadth-first search lists one: "
                     "ida or sat list them all)")
        lines.append(f"{result.count} optimal plan{'s' if result.count != 1 else ''} of "
                     f"{length(result.solution)} moves{more}")
    return Output(stdout="\n".join(lines) or "\n", exit_code=code)  # an empty plan: a blank line
