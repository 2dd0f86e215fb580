"""Families are found through entry points; results and errors behave."""

from __future__ import annotations

import pytest

from cpsolve import registry
from cpsolve.errors import InputError, UsageError
from cpsolve.result import Result, Stats, Status


def test_akari_is_registered():
    assert "akari" in registry.names()
    family = registry.load("akari")
    assert family.name == "akari" and callable(family.parse) and callable(family.check)
    assert family.command().name == "akari"


def test_unknown_family():
    with pytest.raises(UsageError, match="unknown puzzle family 'nosuch'"):
        registry.load("nosuch")


def test_input_error_located():
    error = InputError("bad", line=2, column=3).located("b.txt")
    assert str(error) == "b.txt:2:3: bad"
    assert str(error.located("other")) == "b.txt:2:3: bad"
    assert isinstance(error, ValueError)


def test_result_defaults_and_stats():
    stats = Stats()
    stats.add_solve(0.5, 10)
    stats.add_solve(0.25, None)
    assert (stats.solve_seconds, stats.solver_calls, stats.conflicts) == (0.75, 2, 10)
    assert Result(Status.UNSOLVABLE).solution is None
    assert Status.SOLVED.found and not Status.UNKNOWN.found
    assert "horizons" not in stats.to_dict()
