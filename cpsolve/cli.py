"""The ``cpsolve`` command: the only module that prints.

Puzzle families add their own sub-commands through the registry; each returns an
:class:`~cpsolve.commands.Output`, which this module prints or writes. Errors the
user can fix are one line on standard error and exit status 2, never a traceback (a
usage error adds the hint ``Try 'cpsolve akari --help'.``); an error that is
cpsolve's own is one line and exit status 70 (``-v`` or ``CPSOLVE_TRACEBACK=1`` shows
the traceback); running out of memory is a limit reached (exit 3); Ctrl-C prints
``interrupted`` and exits 130. Under ``--json`` each of these is also one JSON object
on standard output: ``status`` ``"error"``, the message and the exit status.
"""

from __future__ import annotations

import contextlib
import os
import sys
import traceback
import warnings
from typing import Any

import click

from cpsolve import __version__, registry
from cpsolve.commands import (
    EXIT_ERROR,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_LIMIT,
    EXIT_OUTPUT,
    EXIT_PIPE,
    EXIT_USAGE,
    TIME_HELP,
    TIME_LIMIT,
    Output,
    write_file,
)
from cpsolve.errors import (
    DEVICE_ERRNOS,
    CacheWarning,
    CertificateError,
    CpsolveError,
    OutputError,
    TooLarge,
    UsageError,
)
from cpsolve.limits import Deadline, TimeUp

# ``cpsolve`` alone shows the help, as a usage error (click 8.2 and later).
NO_ARGUMENTS: Any = getattr(click.exceptions, "NoArgsIsHelpError", ())

# Framework commands that live in their own modules, imported only when run:
# name -> "module:attribute" of a click command.
BUILTINS = {
    "batch": "cpsolve.batch:command",
    "experiment": "cpsolve.experiments.cli:experiment",
    "generate": "cpsolve.generate:command",
    "report": "cpsolve.experiments.cli:report",
    "serve": "cpsolve.serve.command:serve",
    "verify": "cpsolve.certify.command:verify",
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
    an internal error (a bug), 74 an output could not be written, 130 interrupted,
    141 the reader of standard output went away.
    """


# The pictures --plot draws, by the file's extension.
PLOTS = ("png", "svg")


@app.command("analyze", short_help="Sweep a puzzle's whole state space from its goal.")
@click.argument("family")
@click.argument("board")
@click.option("--json", "as_json", is_flag=True, help="One JSON object.")
@click.option("--plot", default=None, metavar="FILE",
              help="Draw the distribution of distances to FILE (its name ends in .png or "
                   ".svg).")
@click.option("--time-limit", type=TIME_LIMIT, default=None, metavar="SECONDS",
              help=f"Give up (exit 3) after this long ({TIME_HELP}).")
def analyze(family: str, board: str, as_json: bool, plot: str | None,
            time_limit: float | None) -> Output:
    """Count the positions reachable from BOARD's goal, the positions at each
    distance, the largest distance and the positions that need it, and where BOARD
    itself sits: its distance from the goal, marked in the table and the plot (FAMILY:
    a puzzle family with an analysis, e.g. slide)."""
    import json

    from cpsolve import space
    from cpsolve.commands import load
    from cpsolve.progress import progress
    from cpsolve.result import JSON_VERSION

    if plot is not None and ("." not in plot or plot.rsplit(".", 1)[-1].lower() not in PLOTS):
        raise UsageError(f"--plot {plot}: a plot is a PNG or SVG file (its name ends in "
                         f"{' or '.join('.' + kind for kind in PLOTS)})")
    found = registry.load(family)
    if found.analyze is None:
        raise CpsolveError(f"puzzle family {family!r} has no whole-space analysis")
    deadline = Deadline(time_limit)
    puzzle = load(board, found.parse, deadline)
    with progress("sweep", None, unit="positions") as bar:
        report = found.analyze(puzzle, bar=bar, deadline=deadline)
    left = deadline.remaining()
    where = space.place(found, puzzle, space.DISTANCE_SECONDS if left is None
                        else min(space.DISTANCE_SECONDS, max(left, 0.001)))
    if plot is not None:
        try:
            space.plot(report, where, plot,
                       f"{report.states:,} positions, largest distance {report.diameter}")
        except OSError as error:
            raise OutputError(f"cannot write {plot}: {error.strerror or error}") from None
    if as_json:
        data = {"version": JSON_VERSION, "puzzle": family, "positions": report.states,
                "largest_distance": report.diameter, "per_distance": report.distribution,
                "hardest": report.hardest, "hardest_count": report.hardest_count,
                "board_distance": where.distance, "stats": report.stats.to_dict()}
        return Output(stdout=json.dumps(data, indent=2))
    lines = [f"{report.states:,} positions reachable; the largest distance is "
             f"{report.diameter} moves", space.summary(report, where), "",
             *space.table(report, where)]
    shown = "all of them" if len(report.hardest) == report.hardest_count else (
        f"{len(report.hardest)} of them")
    lines += ["", f"{report.hardest_count:,} position(s) at distance {report.diameter} "
                  f"({shown}):", ""]
    lines += [text + "\n" for text in report.hardest]
    return Output(stdout="\n".join(lines).rstrip())


def emit(output: Output) -> int:
    """Print and write what a command produced; return its exit status. A file or
    standard output that cannot be written is an :class:`OutputError` that names it
    (a closed pipe is left to :func:`main`, which stops quietly)."""
    for path, content in output.files.items():
        write_file(path, content)
    if output.stdout:
        _written(output.stdout if output.stdout.endswith("\n") else output.stdout + "\n")
    for line in output.stderr:
        click.echo(line, err=True)
    return output.exit_code


def _written(text: str = "") -> None:
    """Write ``text`` to standard output and flush it (what a command printed as it
    ran too); an :class:`OutputError` when it cannot be written, a closed pipe left
    to :func:`main`."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as error:
        _pipe_closed()  # what is still buffered cannot be written either
        raise OutputError(f"cannot write standard output: {error.strerror or error}"
                          ) from None


def _pipe_closed() -> int:
    """The reader of standard output went away (``cpsolve ... | head``): stop quietly,
    as other Unix tools do, with what is still buffered dropped, not reported again
    when the interpreter exits (also for a standard output that failed otherwise)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
    return EXIT_PIPE


def _traceback_wanted(argv: list[str]) -> bool:
    return os.environ.get("CPSOLVE_TRACEBACK", "") not in ("", "0") or any(
        arg in ("-v", "--verbose") for arg in argv)


def invoked(args: list[str]) -> tuple[str, click.Command]:
    """The command ``args`` name (``cpsolve akari``) and its click command, told from
    the arguments alone: errors raised after click has let go of its context still
    name the command in their hint and know whether it was asked for JSON."""
    path: list[str] = ["cpsolve"]
    command: click.Command = app
    context = click.Context(app, info_name="cpsolve")
    for arg in args:
        if not isinstance(command, click.Group):
            break
        if arg.startswith("-"):  # the group's own options take no values
            continue
        try:
            sub = command.get_command(context, arg)
        except Exception:  # a family that cannot load: its name is the hint's still
            return " ".join([*path, arg]), command
        if sub is None:
            break
        path.append(arg)
        command = sub
        context = click.Context(sub, parent=context, info_name=arg)
    return " ".join(path), command


def wants_json(command: click.Command, args: list[str]) -> bool:
    """Whether ``args`` ask ``command`` for JSON (``--json``, ``--format json``), and
    the command takes it: its failures are then a JSON object on standard output."""
    flag = any("--json" in param.opts for param in command.params)
    formats = any("--format" in param.opts and "json" in getattr(param.type, "choices", ())
                  for param in command.params)
    return (flag and "--json" in args) or (formats and (
        "--format=json" in args or any(a == "--format" and b == "json"
                                       for a, b in zip(args, args[1:]))))


def failure(error: BaseException, args: list[str]) -> tuple[str, int, bool]:
    """The one-line message of a command that failed, its exit status, and whether it
    is a usage error (the message is then followed by the usage hint)."""
    import sqlite3

    from cpsolve import stores
    if isinstance(error, click.UsageError):
        return error.format_message(), EXIT_USAGE, True
    if isinstance(error, click.ClickException):
        return error.format_message(), EXIT_USAGE, False
    if isinstance(error, (click.exceptions.Abort, KeyboardInterrupt)):
        return _interrupted(), EXIT_INTERRUPTED, False
    if isinstance(error, OutputError):
        return str(error), EXIT_OUTPUT, False
    if isinstance(error, CertificateError):
        return f"not certified: {error}", EXIT_ERROR, False
    if isinstance(error, (TimeUp, TooLarge)):
        # the time limit passed before there was anything to show, or a problem refused
        # before the work: a memory limit, not bad input
        return f"limit reached: {error}", EXIT_LIMIT, False
    if isinstance(error, CpsolveError):
        return str(error), EXIT_USAGE, isinstance(error, UsageError)
    if isinstance(error, MemoryError):
        return ("limit reached: out of memory (the problem is too large for this "
                "machine)"), EXIT_LIMIT, False
    if isinstance(error, sqlite3.Error) and stores.device_failed(error):
        # a store written somewhere its own commands do not name (a bug to name it)
        return f"cannot write a store: {error} (is the disk full?)", EXIT_OUTPUT, False
    if isinstance(error, OSError):
        reason = error.strerror or str(error)
        if error.errno in DEVICE_ERRNOS:  # the disk full, say: 74 wherever it happens
            if error.filename is not None:
                return f"cannot write {error.filename}: {reason}", EXIT_OUTPUT, False
            # written somewhere no name is known for (click's own help, say)
            return f"cannot write standard output: {reason}", EXIT_OUTPUT, False
        return (f"{error.filename}: {reason}" if error.filename else reason), EXIT_USAGE, False
    if isinstance(error.__cause__ or error.__context__, KeyboardInterrupt):
        # Ctrl-C inside compiled code that reports it as another error (numba loading
        # a kernel's Python parts): still an interrupt.
        return _interrupted(), EXIT_INTERRUPTED, False
    # a bug: one line and its own status, never a traceback
    if _traceback_wanted(args):
        traceback.print_exc()
    return (f"internal error: {type(error).__name__}: {error} (a bug in cpsolve; run "
            "with CPSOLVE_TRACEBACK=1 for the traceback)"), EXIT_INTERNAL, False


def _interrupted() -> str:
    """How an interrupted command says so: Ctrl-C, or SIGTERM treated as it."""
    from cpsolve import interrupts

    return "interrupted (SIGTERM)" if interrupts.terminated() else "interrupted"


def fail(error: BaseException, args: list[str]) -> int:
    """Say why the command ``args`` failed, and return its exit status: one line on
    standard error (a usage error adds the hint ``Try 'cpsolve akari --help'.``), and
    under ``--json`` one JSON object on standard output (docs/json.md)."""
    import json

    from cpsolve.result import error_json

    message, code, usage = failure(error, args)
    path, command = invoked(args)
    click.echo(f"cpsolve: {message}", err=True)
    if usage:
        context = getattr(error, "ctx", None)
        if context is not None:
            path = context.command_path
        click.echo(f"Try '{path} --help'.", err=True)
    if wants_json(command, args):
        try:
            sys.stdout.write(json.dumps(error_json(message, code)) + "\n")
            sys.stdout.flush()
        except BrokenPipeError:
            return _pipe_closed()
        except OSError:  # standard output itself failed: said on standard error
            _pipe_closed()
    return code


def main(argv: list[str] | None = None) -> Any:
    """Entry point of the console script. cpsolve's own warnings (a cache it cannot
    use) are one line on standard error, ``cpsolve: warning: ...``, each said once."""
    with warnings.catch_warnings():
        shown = warnings.showwarning

        def warned(message: Warning | str, category: type[Warning], filename: str,
                   lineno: int, file: Any = None, line: str | None = None) -> None:
            if issubclass(category, CacheWarning):
                click.echo(f"cpsolve: warning: {message}", err=True)
            else:
                shown(message, category, filename, lineno, file, line)

        warnings.showwarning = warned
        warnings.simplefilter("once", CacheWarning)
        try:
            return _main(argv)
        except SystemExit as done:
            _leave_native_threads(done)
            raise


def _leave_native_threads(done: SystemExit) -> None:
    """End the process at once, its output flushed, when a thread still runs native
    code nothing can stop (:func:`cpsolve.interrupts.abandon`): the interpreter's
    finalization beside it can crash the process."""
    from cpsolve import interrupts

    if not interrupts.left_running():
        return
    code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(code)


def _main(argv: list[str] | None) -> Any:
    from cpsolve import interrupts

    args = sys.argv[1:] if argv is None else argv
    if argv is None:  # the process's own command line: SIGTERM stops it as Ctrl-C does
        interrupts.terminate_as_interrupt()
    try:
        value = app.main(args=args, prog_name="cpsolve", standalone_mode=False)
        if isinstance(value, Output):
            value = emit(value)
        _written()  # what a command printed itself, before the interpreter's exit
    except click.exceptions.Exit as done:  # --help, --version
        try:
            _written()
        except BrokenPipeError:
            return sys.exit(_pipe_closed())
        except OutputError as error:
            return sys.exit(fail(error, args))
        return sys.exit(done.exit_code)
    except NO_ARGUMENTS as error:  # ``cpsolve`` alone: the help
        error.show()
        return sys.exit(EXIT_USAGE)
    except BrokenPipeError:
        return sys.exit(_pipe_closed())
    except SystemExit:
        # click met the closed pipe itself (printing --version, say): it quietens
        # standard output and exits 1, which here would mean "no solution"
        if type(sys.stdout).__name__ == "_PacifyFlushWrapper":
            return sys.exit(_pipe_closed())
        raise
    except (Exception, KeyboardInterrupt) as error:
        return sys.exit(fail(error, args))
    return sys.exit(value if isinstance(value, int) else 0)
