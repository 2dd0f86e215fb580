"""The SAT and CP-SAT backends: projected enumeration, limits, statistics."""

from __future__ import annotations

import time

import pytest

from cpsolve.backends import cpsat, sat
from cpsolve.errors import UsageError
from cpsolve.limits import Deadline
from cpsolve.result import Stats


def xor_with_free_aux() -> sat.CnfModel:
    """x1 xor x2, plus an auxiliary x3 left free: 4 models, 2 projected solutions."""
    model = sat.CnfModel(nvars=3, projection=[1, 2])
    model.add([[1, 2], [-1, -2]])
    model.add([[3, -3]])
    return model


@pytest.mark.parametrize("solver", ["cadical195", "glucose4", "minisat22", "kissat404"])
def test_sat_enumerates_projected_solutions(solver):
    found = sat.enumerate_solutions(xor_with_free_aux(), solver=solver, limit=None)
    assert sorted(found.solutions) == [(False, True), (True, False)]
    assert found.exhausted and not found.timed_out


@pytest.mark.parametrize("solver", ["minisat22", "glucose3", "glucose4", "cadical153",
                                    "cadical195", "maplechrono", "lingeling"])
def test_clauses_reach_every_solver_natively_or_through_python_sat(solver):
    import numpy as np
    from pysat.solvers import Solver

    with Solver(name=solver) as checked:
        kind = type(checked.solver).__name__
        attribute, _ = sat.NATIVE_ADD.get(kind, ("", ""))
        # the table names python-sat's classes and their handles as installed
        assert (kind in sat.NATIVE_ADD) == (solver != "lingeling")
        assert not attribute or getattr(checked.solver, attribute) is not None
        sat._feed(checked, [np.array([[1, 2], [-1, 2], [1, -2]])])
        assert checked.solve() and checked.get_model()[:2] == [1, 2]
        sat._feed(checked, [[[-1, -2]]])  # no model is left: every clause counted
        assert not checked.solve()
    # an array larger than one slice, fed slice by slice
    many = np.array([[k, k + 1] for k in range(1, sat.FEED_ROWS + 10)])
    with Solver(name=solver) as fed:
        sat._feed(fed, [many])
        assert fed.nof_clauses() == len(many)
        assert fed.solve(assumptions=[-2, -3]) is False  # the clause [2, 3]


def test_sat_limit_and_statistics():
    stats = Stats()
    found = sat.enumerate_solutions(xor_with_free_aux(), limit=1, stats=stats)
    assert len(found.solutions) == 1 and not found.exhausted
    assert stats.variables == 3 and stats.clauses == 3 and stats.solver_calls == 1


def test_sat_unsatisfiable():
    model = sat.CnfModel(nvars=1, projection=[1])
    model.add([[1], [-1]])
    found = sat.enumerate_solutions(model)
    assert found.solutions == [] and found.exhausted


def pigeons(holes: int) -> sat.CnfModel:
    """holes + 1 pigeons in ``holes`` holes: unsatisfiable and hard for CDCL."""
    def var(p: int, h: int) -> int:
        return p * holes + h + 1
    model = sat.CnfModel(nvars=(holes + 1) * holes, projection=[1])
    model.add([[var(p, h) for h in range(holes)] for p in range(holes + 1)])
    model.add([[-var(p, h), -var(q, h)] for h in range(holes)
               for p in range(holes + 1) for q in range(p + 1, holes + 1)])
    return model


@pytest.mark.parametrize("solver", ["cadical195", "glucose4"])
def test_sat_time_limit_is_kept(solver):
    start = time.perf_counter()
    found = sat.enumerate_solutions(pigeons(11), solver=solver, deadline=Deadline(0.3))
    elapsed = time.perf_counter() - start
    assert found.timed_out and not found.exhausted and not found.solutions
    assert elapsed < 3


def test_unknown_solver_is_a_usage_error():
    with pytest.raises(UsageError, match="unknown SAT solver 'nosuch'"):
        sat.enumerate_solutions(xor_with_free_aux(), solver="nosuch")


def test_dimacs_export():
    text = xor_with_free_aux().to_dimacs()
    assert text.splitlines() == ["p cnf 3 3", "c p show 1 2 0", "1 2 0", "-1 -2 0", "3 -3 0"]


def test_cpsat_enumerates_projected_solutions():
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    x = [model.new_bool_var(f"x{i}") for i in range(3)]
    model.add(sum(x) == 1)
    model.NewIntVar(0, 10, "free")  # never projected, never multiplies solutions
    stats = Stats()
    found = cpsat.enumerate_solutions(cpsat.CpsatModel(model, x), limit=None, stats=stats)
    assert sorted(found.solutions) == [(False, False, True), (False, True, False),
                                       (True, False, False)]
    assert found.exhausted and stats.solver_calls == 4 and stats.constraints >= 1


# A solver that takes one call only (kissat aborts the whole process on a second), asked
# about a formula past one budget of conflicts (the pigeonhole formula of 7 pigeons:
# thousands of conflicts), with and without a deadline: in a process of its own, since
# the abort this guards against would end the test run.
ONE_CALL = """
import sys
from pysat.examples.genhard import PHP
from cpsolve.backends import sat
from cpsolve.limits import Deadline
from cpsolve.result import Stats
model = sat.CnfModel(nvars=PHP(7).nv, projection=[1])
model.add(PHP(7).clauses)
stats = Stats()
for deadline in (None, Deadline(60.0)):
    found = sat.enumerate_solutions(model, solver="kissat404", deadline=deadline, stats=stats)
    assert found.exhausted and not found.solutions, found
print(stats.solver_calls)
"""


def test_a_solver_of_one_call_is_given_a_new_solver_for_each_budget():
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", ONE_CALL], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-500:]
    assert int(done.stdout) > 2  # more than one budget each time, each in its own solver


def test_a_cardinality_encoding_laid_on_positions_is_pysat_cards_own():
    """cpsolve.cnf.card_clauses makes each encoding once over positions and lays it on a
    count's literals: the clauses, the auxiliary variables' numbers and the pool's top
    must be what pysat.card gives for those literals, in every kind and bound."""
    import random

    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool

    from cpsolve.cnf import card_clauses

    rng = random.Random(7)
    kinds = ["seqcounter", "totalizer", "sortnetwrk", "cardnetwrk", "mtotalizer",
             "kmtotalizer", "pairwise", "ladder", "bitwise"]
    compared = 0
    for _ in range(600):
        size = rng.randint(1, 12)
        lits = [rng.choice((-1, 1)) * v for v in rng.sample(range(1, 40), size)]
        kind = rng.choice(kinds)
        bound = 1 if kind in ("pairwise", "ladder", "bitwise") else rng.randint(0, size)
        exact = rng.random() < 0.5 and kind not in ("pairwise", "ladder", "bitwise")
        top = rng.randint(39, 60)
        theirs, ours = IDPool(start_from=top + 1), IDPool(start_from=top + 1)
        encode = CardEnc.equals if exact else CardEnc.atmost
        expected = encode(lits, bound, vpool=theirs, encoding=getattr(EncType, kind)).clauses
        assert card_clauses(lits, bound, kind, ours, exact=exact) == expected, (
            lits, bound, kind, exact)
        assert ours.top == theirs.top
        compared += 1
    assert compared == 600
