"""The task runners: in process, local pool and Dask give the same results."""

from __future__ import annotations

import math

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


def test_dask_cluster_gives_the_same_results():
    with local_cluster(2) as address:
        got = list(run_tasks(math.factorial, ITEMS, scheduler=address))
    assert sorted(got) == [(i, math.factorial(n)) for i, n in enumerate(ITEMS)]


def test_unreachable_scheduler_is_a_usage_error():
    with pytest.raises(UsageError, match="cannot reach"):
        list(run_tasks(abs, [1], scheduler="tcp://127.0.0.1:9"))
