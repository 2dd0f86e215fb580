"""Running ``cpsolve`` as a user does (a subprocess), golden output files, and the JSON
contract's schema."""

from __future__ import annotations

import os
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

CPSOLVE = Path(sys.executable).with_name("cpsolve")
DATA = Path(__file__).resolve().parent.parent / "data"
UPDATE = os.environ.get("CPSOLVE_UPDATE_GOLDEN") == "1"
# A loaded machine (CI, two cores) starts Python and numba slowly: the margin past a
# time limit that a command may take, start-up included.
MARGIN = 2.5
# The keys of every solve's JSON object (docs/json.md).
JSON_KEYS = {"version", "puzzle", "status", "method", "solution", "solutions", "count",
             "complete", "unique", "length", "optimal", "lower_bound", "limit_reached",
             "reason", "stats", "rejected"}


def run(*args: str, stdin: str | None = None, env: dict[str, str] | None = None,
        timeout: float = 120, cwd: str | Path | None = None
        ) -> subprocess.CompletedProcess[str]:
    """``cpsolve ARGS`` in a subprocess (in the folder ``cwd``), its output as text."""
    command = [str(CPSOLVE)] if CPSOLVE.exists() else [sys.executable, "-m", "cpsolve"]
    return subprocess.run([*command, *args], input=stdin, capture_output=True, text=True,
                          timeout=timeout, env=env, cwd=cwd)


def in_process(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``cpsolve ARGS`` run by its entry point in this process (:func:`cpsolve.cli.main`,
    as the console script calls it), its exit status and output as :func:`run` gives
    them: for the contract's questions asked of every genre, where a process's start
    (a second of imports on a busy machine) would be most of the cost. What only a
    process shows (signals, a closed pipe, the start itself) is asked with :func:`run`."""
    import contextlib
    import io

    from cpsolve import cli

    def stream(data: bytes = b"") -> io.TextIOWrapper:  # with a buffer, as sys's have
        return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", write_through=True)

    out, err = stream(), stream()
    stdin_was = sys.stdin
    sys.stdin = stream((stdin or "").encode())
    code: Any = 0
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                cli.main(list(args))
            except SystemExit as done:
                code = done.code
    finally:
        sys.stdin = stdin_was
    if not isinstance(code, int):
        code = 0 if code is None else 1
    written = [s.buffer.getvalue().decode() for s in (out, err)]  # type: ignore[attr-defined]
    return subprocess.CompletedProcess(["cpsolve", *args], code, *written)


def interruptible(command: list[str], *, background: bool = False,
                  **popen: Any) -> subprocess.Popen[str]:
    """Start ``command`` as a shell starts a command in the foreground: SIGINT at its
    default, whatever this process has (a test runner started in the background by a
    non-interactive shell ignores SIGINT, and its children would inherit that), with
    the stacks printed should it hang (``PYTHONFAULTHANDLER``); or, ``background``, as
    a shell script starts one with ``&``: SIGINT ignored."""
    import signal

    wanted = signal.SIG_IGN if background else signal.SIG_DFL
    env = {**os.environ, "PYTHONFAULTHANDLER": "1", **popen.pop("env", {})}
    return subprocess.Popen(command, text=True, env=env,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, wanted),
                            **popen)


def golden(family: str, name: str, text: str) -> None:
    """``text`` must equal the golden file ``tests/data/FAMILY/NAME.golden``
    (``CPSOLVE_UPDATE_GOLDEN=1`` rewrites it)."""
    path = DATA / family / f"{name}.golden"
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    assert text == path.read_text(), f"differs from {path} (CPSOLVE_UPDATE_GOLDEN=1 rewrites)"


def golden_run(family: str, board: Path, *args: str, name: str) -> None:
    """``cpsolve FAMILY BOARD ARGS``: its exit status and standard output must equal
    the golden file ``tests/data/FAMILY/NAME.golden`` (exit status first)."""
    done = run(family, str(board), *args)
    golden(family, name, f"exit {done.returncode}\n{done.stdout}")


@cache
def _validator() -> Any:
    import jsonschema

    from cpsolve.result import schema

    found = schema()
    jsonschema.Draft202012Validator.check_schema(found)
    return jsonschema.Draft202012Validator(found)


def valid_json(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` after checking it against the shipped JSON Schema (an assertion error
    listing every violation otherwise)."""
    errors = sorted(_validator().iter_errors(data), key=lambda e: list(e.path))
    assert not errors, "; ".join(f"{list(e.path)}: {e.message}" for e in errors)
    return data


def warm_kernels() -> None:
    """Compile the numba kernels the limit and interrupt tests stop inside, once, into
    numba's cache: those tests are about a search or a solver stopped, and a kernel's
    first compile (seconds, on a fresh clone, two test processes at a time) would
    take their limits and their moment of Ctrl-C."""
    from tests.support.boards import scrambled

    run("slide", "-", "--method", "ida", "--heuristic", "manhattan", stdin="1 2 3\n4 0 6\n7 5 8\n")
    run("slide", "-", stdin="1 2 3\n4 0 6\n7 5 8\n")
    run("rotate", "-", "--method", "ida", stdin="9 8 7\n4 5 6\n3 2 1\n")
    run("generate", "akari", "10", "10", "--unique", "--grade", "tricky", "--seed", "1")
    run("slide", "-", "--time-limit", "30", stdin=scrambled(21, 40))
