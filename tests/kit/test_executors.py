"""The task runners: in process, local pool and Dask give the same results."""

from __future__ import annotations

import math
import subprocess
import sys

import pytest

from cpsolve.errors import UsageError
from cpsolve.executors import local_cluster, run_tasks

ITEMS = [10, 3, 7, 0, 12, 5]


def test_in_process_runs_in_order():
    assert list(run_tasks(math.factorial, ITEMS, workers=1)) == [
        (i, math.factorial(n)) for i, n in enumerate(ITEMS)]


def test_local_pool_returns_every_result_once():
    got = list(run_tasks(math.factorial, ITEMS, workers=2))
    assert sorted(got) == [(i, math.factorial(n)) for i, n in enumerate(ITEMS)]


def test_errors_propagate():
    with pytest.raises(ValueError):
        list(run_tasks(math.factorial, [3, -1], workers=2))


def test_closing_early_with_large_results_in_flight_lets_the_process_end():
    # The pool's workers, stopped while sending a result, left the pool's thread
    # waiting for the rest of it for ever, and the process could not exit.
    script = ("from cpsolve.executors import run_tasks\n"
              "for _ in range(4):\n"
              "    tasks = run_tasks(bytes, [1 << 20] * 200, workers=2)\n"
              "    for count, _ in enumerate(tasks):\n"
              "        if count == 15:\n"
              "            break\n"
              "    tasks.close()\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and done.stderr == "", done.stderr  # no traceback either


def test_dask_cluster_gives_the_same_results():
    with local_cluster(2) as address:
        got = list(run_tasks(math.factorial, ITEMS, scheduler=address))
    assert sorted(got) == [(i, math.factorial(n)) for i, n in enumerate(ITEMS)]


def test_unreachable_scheduler_is_a_usage_error(monkeypatch):
    from cpsolve import executors

    monkeypatch.setattr(executors, "CONNECT_SECONDS", 1)  # nothing listens: no need to wait
    with pytest.raises(UsageError, match="cannot reach"):
        list(run_tasks(abs, [1], scheduler="tcp://127.0.0.1:9"))


def test_without_dask_a_scheduler_is_a_usage_error_that_says_how_to_install_it(
        monkeypatch, tmp_path, capsys):
    """Dask is an extra: with its import failing (``sys.modules`` holding None for it,
    as for a package not installed), local runs need nothing from it and
    ``--scheduler`` is one usage error before any work."""
    import sys

    from cpsolve import cli
    from cpsolve.executors import NO_DASK, dask

    monkeypatch.setitem(sys.modules, "distributed", None)
    assert list(run_tasks(abs, [-2, 3], workers=1)) == [(0, 2), (1, 3)]
    with pytest.raises(UsageError, match=r"pip install 'cpsolve\[dask\]'"):
        dask()
    with pytest.raises(UsageError, match="not installed"):
        list(run_tasks(abs, [1], scheduler="tcp://127.0.0.1:9"))
    spec = tmp_path / "spec.toml"
    spec.write_text('name = "x"\n')
    problems = tmp_path / "problems.txt"
    problems.write_text("3,3,168452=30\n")
    for args in (["experiment", str(spec), "--db", str(tmp_path / "r.db")],
                 ["batch", str(problems), "--store", str(tmp_path / "b.sqlite")]):
        with pytest.raises(SystemExit) as done:
            cli.main([*args, "--scheduler", "tcp://127.0.0.1:9"])
        assert done.value.code == 2
        assert capsys.readouterr().err.splitlines() == [
            f"cpsolve: {NO_DASK}", f"Try 'cpsolve {args[0]} --help'."]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["problems.txt", "spec.toml"]
