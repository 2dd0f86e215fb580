"""The ``cpsolve`` command: the only module that prints.

Puzzle families add their own sub-commands through the registry; each returns an
:class:`~cpsolve.commands.Output`, which this module prints or writes. Errors the
user can fix are one line on standard error and exit status 2, never a traceback.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import click

from cpsolve import __version__, registry
from cpsolve.commands import EXIT_USAGE, Output
from cpsolve.errors import CpsolveError

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
        family = registry.load(name)
        built: click.Command = family.command()
        return built


@click.group(cls=FamilyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cpsolve")
def app() -> None:
    """Compile puzzles into constraint models and solve them.

    BOARD is a file, - for standard input, or the board itself where it has a
    one-line form (a puzz.link URL, a Tatham game ID). Exit status: 0 done, 1 no
    solution exists, 2 bad input or usage, 3 a limit was reached first, 4 --unique
    asked and the solution is not unique, 5 a solver answer failed the checker.
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

    module = registry.load(family)
    if not hasattr(module, "analyze"):
        raise CpsolveError(f"puzzle family {family!r} has no whole-space analysis")
    from cpsolve.progress import progress

    puzzle = load(board, module.parse)
    with progress("sweep", None, unit="positions") as bar:
        report = module.analyze(puzzle, bar=bar)
    if plot is not None:
        from cpsolve.render import distribution_plot

        distribution_plot(report.distribution, plot,
                          f"{report.states:,} positions, diameter {report.diameter}")
    if as_json:
        data = {"puzzle": family, "states": report.states, "diameter": report.diameter,
                "distribution": report.distribution, "hardest": report.hardest,
                "hardest_count": report.hardest_count, "stats": report.stats.to_dict()}
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


def _forget_script_directory() -> None:
    """Drop the console script's own directory from the import path.

    Python puts the directory of the running script first on ``sys.path``. For the
    installed ``cpsolve`` script that is the environment's ``bin``, where python-sat
    installs example scripts such as ``models.py``, which would shadow the ``models``
    package of puzzle families. Nothing importable lives there.
    """
    script = sys.argv[0] if sys.argv else ""
    if script and sys.path and sys.path[0]:
        here = os.path.dirname(os.path.abspath(script))
        if os.path.abspath(sys.path[0]) == here and os.path.basename(script) == "cpsolve":
            del sys.path[0]


def main(argv: list[str] | None = None) -> Any:
    """Entry point of the console script."""
    _forget_script_directory()
    try:
        value = app.main(args=argv, prog_name="cpsolve", standalone_mode=False)
    except click.exceptions.Exit as done:
        return sys.exit(done.exit_code)
    except click.ClickException as error:
        error.show()
        return sys.exit(EXIT_USAGE)
    except click.exceptions.Abort:
        click.echo("cpsolve: interrupted", err=True)
        return sys.exit(130)
    except CpsolveError as error:
        click.echo(f"cpsolve: {error}", err=True)
        return sys.exit(EXIT_USAGE)
    except OSError as error:
        click.echo(f"cpsolve: {error.filename or ''}: {error.strerror or error}", err=True)
        return sys.exit(EXIT_USAGE)
    if isinstance(value, Output):
        try:
            return sys.exit(emit(value))
        except OSError as error:
            click.echo(f"cpsolve: {error.filename or ''}: {error.strerror or error}", err=True)
            return sys.exit(EXIT_USAGE)
    return sys.exit(value if isinstance(value, int) else 0)
