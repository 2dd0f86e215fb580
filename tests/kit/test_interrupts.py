"""Ctrl-C prints ``interrupted`` and exits 130 in every command, inside numba kernels
(IDA*, the Akari grading) and inside SAT and CP-SAT solvers too (subprocesses: SIGINT
sent once the search is under way)."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time

import pytest

from tests.support.boards import ARUKONE_127
from tests.support.cli import CPSOLVE, interruptible, warm_kernels


@pytest.fixture(scope="module", autouse=True)
def _kernels_compiled() -> None:
    warm_kernels()

FIFTEEN = "14 13 15 7\n11 12 9 5\n6 0 2 1\n4 8 3 10\n"  # 51 moves at least: minutes of search
# One of the hardest 15-puzzles (80 moves): hours of IDA* with the Manhattan distance,
# where FIFTEEN took 4 s (a kernel test's signal came after the search had ended).
EIGHTY = "0 12 9 13\n15 11 10 14\n3 7 2 5\n4 8 6 1\n"


def interrupted(args: list[str], *, stdin: str | None = None, started: str = "",
                after: float = 1.5, cwd: str | None = None, send: int = signal.SIGINT,
                background: bool = False) -> tuple[int, list[str], float]:
    """Run ``cpsolve ARGS``, wait until standard error shows ``started`` (the search
    is under way; at once when empty) and ``after`` seconds more, send ``send``
    (SIGINT: Ctrl-C); the exit status, the lines of standard error and the seconds it
    took to stop. ``background``: started with SIGINT ignored, as a shell script's
    ``&`` starts it (a SIGINT sent first, which it must ignore)."""
    command = [str(CPSOLVE)] if CPSOLVE.exists() else [sys.executable, "-m", "cpsolve"]
    process = interruptible([*command, *args], stdin=subprocess.PIPE,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=cwd,
                            background=background)
    lines: list[str] = []
    seen = threading.Event()

    def read() -> None:
        assert process.stderr is not None
        for line in process.stderr:
            lines.append(line.rstrip("\n"))
            if started and started in line:
                seen.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    if stdin is not None:
        assert process.stdin is not None
        process.stdin.write(stdin)
    assert process.stdin is not None
    process.stdin.close()
    if started:
        assert seen.wait(60), lines
    time.sleep(after)
    if background:
        process.send_signal(signal.SIGINT)
        time.sleep(0.5)
    assert process.poll() is None, ("finished before the signal", lines)
    sent = time.perf_counter()
    process.send_signal(send)
    try:
        code = process.wait(30)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGABRT)  # faulthandler prints every thread's stack
        process.wait(10)
        reader.join(5)
        raise AssertionError("did not stop:\n" + "\n".join(lines)) from None
    finally:
        if process.poll() is None:
            process.kill()
    stopped = time.perf_counter() - sent
    reader.join(5)
    return code, lines, stopped


def assert_interrupted(result: tuple[int, list[str], float], *,
                       said: str = "interrupted") -> None:
    code, lines, stopped = result
    assert code == 130, lines
    assert lines[-1] == f"cpsolve: {said}", lines
    assert not any("Traceback" in line or "internal error" in line for line in lines), lines
    assert stopped < 10, stopped


def test_inside_a_sat_solver():
    # python-sat's CaDiCaL aborted the process (status 134) when asked for its
    # statistics after it had been stopped mid-search
    assert_interrupted(interrupted(["slide", "-", "--method", "sat", "-v"], stdin=FIFTEEN,
                                   started="lower bound"))


def test_inside_a_sat_solver_under_a_time_limit():
    assert_interrupted(interrupted(["slide", "-", "--method", "sat", "-v", "--time-limit",
                                    "100"], stdin=FIFTEEN, started="lower bound"))


def test_inside_cp_sat():
    # CP-SAT used to take the signal as its own and end the search as if time ran out
    # (exit 3)
    assert_interrupted(interrupted(["slide", "-", "--method", "cpsat", "-v"], stdin=FIFTEEN,
                                   started="lower bound"))


def test_inside_the_ida_kernel():
    # a KeyboardInterrupt inside the kernel's look at the clock came out as a
    # SystemError (exit 70)
    for after in (0.3, 2.0):
        assert_interrupted(interrupted(["slide", "-", "--method", "ida", "--heuristic",
                                        "manhattan", "-v"], stdin=EIGHTY,
                                       started="before search", after=after))


def test_inside_the_rotation_kernel(tmp_path):
    grid = "\n".join(" ".join(str((r * 7 + c * 3) % 5) for c in range(8)) for r in range(8))
    assert_interrupted(interrupted(["rotate", "-", "--method", "ida", "-v"], stdin=grid,
                                   started="before search"))


def test_inside_heyawake_lazy_sat_and_the_batch(tmp_path):
    # Slow by construction: every answer of a 30x30 board without numbers, far more
    # than any machine enumerates (each one a solver call and its cuts), so the signal
    # always comes mid-search however fast the machine.
    n = 30
    rooms = "\n".join(" ".join(f"r{r // 10}_{c // 10}" for c in range(n)) for r in range(n))
    board = f"{n} {n}\n" + ("- " * n + "\n") * n + rooms + "\n"
    assert_interrupted(interrupted(["heyawake", "-", "--all", "-v"], stdin=board,
                                   started="model built", after=1.0))
    problems = tmp_path / "problems.txt"
    problems.write_text("9999 9999 9999 9999\n3\n6,6,R5=T4ZQ7BO0XGSL6EWFUMAI12D89PHCVJKYN\n"
                        "5,6,F5RS2T81KQ=7N3GCMEL6J9DPAOI40H\n"
                        "5,6,1=3L9ST04CPJA=B6GKDOMHQF8NI75R\n")
    assert_interrupted(interrupted(["batch", str(problems), "-o", str(tmp_path / "a.txt"),
                                    "--workers", "1"], after=3))


def test_inside_a_search_with_its_rules_inside():
    # The lazy rules' checks run in Python callbacks of CaDiCaL's search: Ctrl-C lands
    # in one, and python-sat lets the search run on to the end of its slice
    assert_interrupted(interrupted(["numberlink", "-", "--unique", "--solver", "cadical195",
                                    "-v"], stdin=ARUKONE_127, started="model built",
                                   after=1.0))


TERMINATED = [  # a command and what its standard error says once the work is under way
    (["slide", "-", "--method", "sat", "-v"], FIFTEEN, "lower bound"),  # python-sat
    (["slide", "-", "--method", "cpsat", "-v"], FIFTEEN, "lower bound"),  # CP-SAT
    (["slide", "-", "--method", "ida", "--heuristic", "manhattan", "-v"], EIGHTY,
     "before search"),  # a numba kernel
    (["numberlink", "-", "--unique", "--solver", "cadical195", "-v"], ARUKONE_127,
     "model built"),  # the lazy rules inside a search
]


@pytest.mark.parametrize(("args", "stdin", "started"), TERMINATED,
                         ids=["sat", "cpsat", "kernel", "inside"])
def test_sigterm_stops_a_command_as_ctrl_c_does(args, stdin, started):
    # SIGTERM (kill, a job scheduler) ended commands with no message (status 143)
    assert_interrupted(interrupted(args, stdin=stdin, started=started, send=signal.SIGTERM),
                       said="interrupted (SIGTERM)")


def test_sigterm_stops_a_background_command_that_ignores_ctrl_c(tmp_path):
    # Started with SIGINT ignored (a shell script's ``&``, nohup-style jobs): Ctrl-C
    # stays ignored, SIGTERM still stops the work inside the native solver, and the
    # batch's workers, asked to stop, leave no traceback and no semaphore behind.
    args, stdin, started = TERMINATED[0]
    assert_interrupted(interrupted(args, stdin=stdin, started=started, send=signal.SIGTERM,
                                   background=True), said="interrupted (SIGTERM)")
    problems = tmp_path / "problems.txt"
    problems.write_text("9999 9999 9999 9999\n3\n6,6,R5=T4ZQ7BO0XGSL6EWFUMAI12D89PHCVJKYN\n"
                        "5,6,F5RS2T81KQ=7N3GCMEL6J9DPAOI40H\n"
                        "5,6,1=3L9ST04CPJA=B6GKDOMHQF8NI75R\n")
    for after in (0.0, 2.0):  # workers starting, then at work
        assert_interrupted(interrupted(["batch", str(problems), "-o", str(tmp_path / "a.txt"),
                                        "--workers", "2"], after=after, send=signal.SIGTERM,
                                       background=True), said="interrupted (SIGTERM)")


@pytest.mark.slow
def test_inside_the_akari_generator():
    assert_interrupted(interrupted(["generate", "akari", "80", "80", "--unique", "--grade",
                                    "hard", "--seed", "3"], after=3))


def _script(script: str) -> subprocess.CompletedProcess[str]:
    """Run ``script`` in a Python of its own, SIGINT at its default."""
    process = interruptible([sys.executable, "-c", script], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    stdout, stderr = process.communicate(timeout=60)
    return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)


CALLBACK_SCRIPT = """
import os, signal, sys, time
from cpsolve.interrupts import COMPILING, kernels

namespace = {}
callback = os.path.join(os.sep, "site", "llvmlite", "binding", "executionengine.py")
exec(compile("def notify(done):\\n    import signal\\n    signal.raise_signal(signal.SIGINT)\\n"
             "    for _ in range(1000):\\n        pass\\n    done.append(True)\\n",
             callback, "exec"), namespace)
exec(compile("def dispatch(notify, done):\\n    import time\\n    notify(done)\\n"
             "    time.sleep(2)\\n    done.append(False)\\n",
             os.path.join(os.sep, "site", COMPILING), "exec"), namespace)
done = []
started = time.perf_counter()
try:
    with kernels():
        namespace["dispatch"](namespace["notify"], done)
except KeyboardInterrupt:
    print("interrupted", done, round(time.perf_counter() - started, 1) < 1,
          signal.getsignal(signal.SIGINT) is signal.default_int_handler)
"""


def test_a_signal_inside_a_callback_of_llvm_is_sent_again_once_it_returned():
    # numba compiling a kernel (its dispatcher) has LLVM call Python back (llvmlite's
    # object cache); a KeyboardInterrupt raised there was printed as "Exception
    # ignored in" with its traceback and dropped. The callback now ends, and the
    # compiling is interrupted just after. (In a process of its own: a signal raised
    # here must never reach the test runner.)
    done = _script(CALLBACK_SCRIPT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["interrupted", "[True]", "True", "True"], done.stdout
    assert "Exception ignored" not in done.stderr and not done.stderr


DROPPED_SCRIPT = """
import signal, time
from cpsolve import limits


class Finalised:
    def __del__(self):  # a KeyboardInterrupt raised here is printed and dropped
        signal.raise_signal(signal.SIGINT)


started = time.perf_counter()
try:
    with limits.building(limits.Deadline(None), "a model"):
        Finalised()
        print("went on", flush=True)
        while time.perf_counter() - started < 5:
            pass
    print("not interrupted")
except KeyboardInterrupt:
    print("interrupted", round(time.perf_counter() - started, 1) < 1,
          signal.getsignal(signal.SIGINT) is signal.default_int_handler)
"""


def test_an_interrupt_lost_inside_a_build_is_raised_at_the_next_look():
    # Ctrl-C that landed where Python drops exceptions (a finaliser, as during the
    # CP-SAT build of a large board) was lost, and the build and solve went on. The
    # build's watch now raises it again at its next look (each 50 ms).
    done = _script(DROPPED_SCRIPT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["went", "on", "interrupted", "True", "True"], done.stdout


CADICAL_CALL = """
import sys
import pysat.solvers as solvers
from pysat.examples.genhard import PHP
from cpsolve.backends.sat import _python_sigint

solver = solvers.Solver(name="cadical153", bootstrap_with=PHP(10).clauses)
solver.conf_budget(40_000)
print("go", flush=True)
try:
    with _python_sigint():
        solver.solve_limited()
except KeyboardInterrupt:
    conflicts = solver.accum_stats()["conflicts"]  # CaDiCaL aborts here if broken
    solver.delete()
    print("interrupted after the call:", conflicts >= 40_000, flush=True)
"""


def test_ctrl_c_inside_a_cadical_call_waits_for_its_return_and_leaves_the_solver_whole():
    """On the main thread python-sat's own SIGINT handler jumps out of CaDiCaL wherever
    the signal lands and leaves the solver (and the C heap) broken: freeing it then was
    a double free, now and then, under load. cpsolve's solver calls keep SIGINT
    Python's: the signal arrives mid-call, the call runs to its budget, Python raises
    KeyboardInterrupt as it returns, and the solver can still be read and freed."""
    child = interruptible([sys.executable, "-c", CADICAL_CALL], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE)
    assert child.stdout is not None
    assert child.stdout.readline() == "go\n"
    time.sleep(0.2)
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 0, err
    assert out == "interrupted after the call: True\n"  # the whole budget, then the signal


def test_no_interrupt_is_raised_where_a_context_manager_is_entered_or_left():
    # A build's timer fired as its context manager was left, before the manager's own
    # clean-up ran: the KeyboardInterrupt got out with the timer still armed and Ctrl-C
    # still held, and it fired again in the error's report (a traceback, exit -2).
    from contextlib import contextmanager

    from cpsolve.interrupts import stoppable

    seen = []

    @contextmanager
    def manager():
        seen.append(stoppable(sys._getframe()))
        yield
        seen.append(stoppable(sys._getframe()))

    with manager():
        seen.append(stoppable(sys._getframe()))
    assert seen == [False, True, False]


def test_no_interrupt_is_raised_inside_a_garbage_collector_callback():
    # A build's timer fired inside hypothesis's gc callback (it runs in whatever code
    # allocates): the TimeUp raised there was printed and dropped ("Exception ignored
    # in gc_callback"), and the build ran on to the next look.
    import gc

    from cpsolve.interrupts import stoppable

    seen = []

    def nested() -> None:
        seen.append(stoppable(sys._getframe()))

    def callback(phase: str, info: dict) -> None:
        if phase == "start":
            nested()

    gc.callbacks.append(callback)
    try:
        gc.collect()
    finally:
        gc.callbacks.remove(callback)
    assert seen and not any(seen)
    assert stoppable(sys._getframe())


def test_a_watchs_raise_dropped_in_a_finaliser_is_noted_and_not_printed():
    # A page's build timed out while the thread ran a weak reference's callback: Python
    # dropped the watch's TimeUp there and printed "Exception ignored in" with its
    # traceback on the server's log. The watch raises it again at once; the hook it
    # wraps (Python's prints) never hears of it, and hears of every other.
    import types

    from cpsolve import limits

    watch = limits._ThreadWatch(limits.Watch(limits.Deadline(None), "a model", "built"))
    stopped = limits._raising(limits.TimeUp("time limit reached"), watch)()
    other = ValueError("not the watch's")
    heard: list[BaseException] = []
    saved = sys.unraisablehook
    try:
        sys.unraisablehook = lambda unraisable: heard.append(unraisable.exc_value)
        limits._noticing_drops()
        for error in (stopped, other):
            sys.unraisablehook(types.SimpleNamespace(
                exc_type=type(error), exc_value=error, exc_traceback=None,
                err_msg="Exception ignored in", object=None))
    finally:
        sys.unraisablehook = saved
    assert watch.dropped
    assert heard == [other]


def test_a_dumped_model_is_written_before_the_solve(tmp_path):
    # --dump-cnf wrote its file when the command ended: a long solve stopped by Ctrl-C
    # left nothing (a 99x99 picture had written nothing after 11 minutes). Now it is
    # there once the model is built, and stays when the solve is stopped.
    board = tmp_path / "arukone.txt"  # janko.at's Arukone 127: not decided in minutes
    board.write_text(ARUKONE_127)
    cnf = tmp_path / "arukone.cnf"
    assert_interrupted(interrupted(["numberlink", str(board), "--unique", "--dump-cnf",
                                    str(cnf), "-v"], started="model built", after=0.0))
    header = cnf.read_text().splitlines()
    assert any(line.startswith("p cnf ") for line in header[:5]), header[:5]


# A session closed as Ctrl-C is raised again inside the native solver's freeing (a
# build's watch looks at its limits on a timer, and raises the interrupt again).
FREED_THEN_INTERRUPTED = """
import gc
import pysat.solvers as solvers
from cpsolve.backends.sat import SatSession

session = SatSession("cadical153")
session.add([[[1, 2], [-1, 2]]], nvars=2)
session.solve()
real = solvers.pysolvers.cadical153_del


def freed_then_interrupted(*args):
    real(*args)
    raise KeyboardInterrupt


solvers.pysolvers.cadical153_del = freed_then_interrupted
try:
    session.close()
except KeyboardInterrupt:
    print("raised", flush=True)
solvers.pysolvers.cadical153_del = real
gc.collect()
print("whole", flush=True)
"""


def test_a_solver_freed_as_ctrl_c_is_raised_again_is_never_freed_twice():
    """Ctrl-C during Fillomino's proof of a bound (inside the deductions' build, whose
    watch raises a pending interrupt at every look) landed as the session freed its
    solver: python-sat had not yet forgotten it and freed it again as the process
    ended (a segmentation fault after "interrupted"). The session now drops it first."""
    done = subprocess.run([sys.executable, "-c", FREED_THEN_INTERRUPTED], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "raised\nwhole\n"

