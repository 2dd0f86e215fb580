"""The ``cpsolve`` command: the only module that prints.

Puzzle families add their own sub-commands through the registry; each returns an
:class:`~cpsolve.commands.Output`, which this module prints or writes. Errors the
user can fix are one line on standard error and exit status 2, never a traceback;
an error that is cpsolve's own is one line and exit status 70 (``-v`` or
``CPSOLVE_TRACEBACK=1`` shows the traceback); running out of memory is a limit
reached (exit 3); Ctrl-C prints ``interrupted`` and exits 130.
"""

from __future__ import annotations

import os
import sys
import traceback
from typing import Any

import click

from cpsolve import __version__, registry
from cpsolve.commands import (
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_LIMIT,
    EXIT_USAGE,
    Output,
)
from cpsolve.errors import CpsolveError, TooLarge
from cpsolve.limits import TimeUp

# Framework commands that live in their own modules, imported only when run:
# name -> "module:attribute" of a click command.
BUILTINS = {
    "batch": "cpsolve.batch:command",
    "experiment": "cpsolve.experiments.cli:experiment",
    "generate": "cpsolve.generate:command",
    "report": "cpsolve.experiments.cli:report",
}


def _builtin(name: str) -> click.Command | None:
    """The framework command ``name``, or None where its module is not part of this
    installation."""
    import importlib
    import importlib.util

    module, _, attribute = BUILTINS[name].partition(":")
    try:
        if importlib.util.find_spec(module) is None:
            return None
    except ModuleNotFoundError:  # the parent package is missing
        return None
    found: click.Command = getattr(importlib.import_module(module), attribute)
    return found


class FamilyGroup(click.Group):
    """A group whose sub-commands are the registered puzzle families and the
    framework's commands."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        builtins = {name for name in BUILTINS if _builtin(name) is not None}
        return sorted(set(super().list_commands(ctx)) | builtins | set(registry.names()))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        command = super().get_command(ctx, name)
        if command is not None:
            return command
        if name in BUILTINS:
            return _builtin(name)
        if name not in registry.names():
            return command
        built: click.Command = registry.load(name).command()
        return built


@click.group(cls=FamilyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cpsolve")
def app() -> None:
    """Compile puzzles into constraint models and solve them.

    BOARD is a file, - for standard input, or the board itself where it has a
    one-line form (a puzz.link URL, a Tatham game ID). Exit status: 0 done, 1 no
    solution exists, 2 bad input or usage, 3 a limit was reached first, 4 --unique
    asked and the solution is not unique, 5 a solver answer failed the checker, 70
    an internal error (a bug), 130 interrupted.
    """


@app.command("analyze", short_help="Sweep a puzzle's whole state space from its goal.")
@click.argument("family")
@click.argument("board")
@click.option("--json", "as_json", is_flag=True, help="One JSON object.")
@click.option("--plot", default=None, metavar="FILE",
              help="Draw the distribution of distances (PNG or SVG).")
def analyze(family: str, board: str, as_json: bool, plot: str | None) -> Output:
    """Count the positions reachable from BOARD's goal, the positions at each
    distance, the largest distance and the positions that need it (FAMILY: a puzzle
    family with an analysis, e.g. slide)."""
    import json

    from cpsolve.commands import load
    from cpsolve.progress import progress
    from cpsolve.result import JSON_VERSION

    found = registry.load(family)
    if found.analyze is None:
        raise CpsolveError(f"puzzle family {family!r} has no whole-space analysis")
    puzzle = load(board, found.parse)
    with progress("sweep", None, unit="positions") as bar:
        report = found.analyze(puzzle, bar=bar)
    if plot is not None:
        from cpsolve.grid.render import distribution_plot

        distribution_plot(report.distribution, plot,
                          f"{report.states:,} positions, largest distance {report.diameter}")
    if as_json:
        data = {"version": JSON_VERSION, "puzzle": family, "positions": report.states,
                "largest_distance": report.diameter, "per_distance": report.distribution,
                "hardest": report.hardest, "hardest_count": report.hardest_count,
                "stats": report.stats.to_dict()}
        return Output(stdout=json.dumps(data, indent=2))
    lines = [f"{report.states:,} positions reachable; the largest distance is "
             f"{report.diameter} moves", "",
             "distance  positions"]
    lines += [f"{d:8}  {n:,}" for d, n in enumerate(report.distribution)]
    shown = "all of them" if len(report.hardest) == report.hardest_count else (
        f"{len(report.hardest)} of them")
    lines += ["", f"{report.hardest_count:,} position(s) at distance {report.diameter} "
                  f"({shown}):", ""]
    lines += [text + "\n" for text in report.hardest]
    return Output(stdout="\n".join(lines).rstrip())


def say(line: str) -> None:
    """One line of ``-v`` on standard error, at once: commands pass this to the
    solvers as their log, so phases are reported as they end."""
    click.echo(line, err=True)


def emit(output: Output) -> int:
    """Print and write what a command produced; return its exit status."""
    for path, content in output.files.items():
        mode = "wb" if isinstance(content, bytes) else "w"
        with open(path, mode) as handle:
            handle.write(content)
    if output.stdout:
        sys.stdout.write(output.stdout if output.stdout.endswith("\n") else output.stdout + "\n")
    for line in output.stderr:
        click.echo(line, err=True)
    return output.exit_code


def _traceback_wanted(argv: list[str]) -> bool:
    return os.environ.get("CPSOLVE_TRACEBACK", "") not in ("", "0") or any(
        arg in ("-v", "--verbose") for arg in argv)


def main(argv: list[str] | None = None) -> Any:
    """Entry point of the console script."""
    args = sys.argv[1:] if argv is None else argv
    try:
        value = app.main(args=args, prog_name="cpsolve", standalone_mode=False)
        if isinstance(value, Output):
            value = emit(value)
    except click.exceptions.Exit as done:
        return sys.exit(done.exit_code)
    except click.ClickException as error:
        error.show()
        return sys.exit(EXIT_USAGE)
    except (click.exceptions.Abort, KeyboardInterrupt):
        click.echo("cpsolve: interrupted", err=True)
        return sys.exit(EXIT_INTERRUPTED)
    except TimeUp as error:  # the time limit passed before there was anything to show
        click.echo(f"cpsolve: limit reached: {error}", err=True)
        return sys.exit(EXIT_LIMIT)
    except TooLarge as error:  # refused before the work: a memory limit, not bad input
        click.echo(f"cpsolve: limit reached: {error}", err=True)
        return sys.exit(EXIT_LIMIT)
    except CpsolveError as error:
        click.echo(f"cpsolve: {error}", err=True)
        return sys.exit(EXIT_USAGE)
    except MemoryError:
        click.echo("cpsolve: limit reached: out of memory (the problem is too large for "
                   "this machine)", err=True)
        return sys.exit(EXIT_LIMIT)
    except OSError as error:
        click.echo(f"cpsolve: {error.filename or ''}: {error.strerror or error}", err=True)
        return sys.exit(EXIT_USAGE)
    except Exception as error:  # a bug: one line and its own status, never a traceback
        if isinstance(error.__cause__ or error.__context__, KeyboardInterrupt):
            # Ctrl-C inside compiled code that reports it as another error (numba
            # loading a kernel's Python parts): still an interrupt.
            click.echo("cpsolve: interrupted", err=True)
            return sys.exit(EXIT_INTERRUPTED)
        if _traceback_wanted(args):
            traceback.print_exc()
        click.echo(f"cpsolve: internal error: {type(error).__name__}: {error} (a bug in "
                   "cpsolve; run with CPSOLVE_TRACEBACK=1 for the traceback)", err=True)
        return sys.exit(EXIT_INTERNAL)
    return sys.exit(value if isinstance(value, int) else 0)
