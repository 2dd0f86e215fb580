"""cpsolve.grid.uniqueness against brute force: random small CNFs (with and without lazy
rules), every assignment of the projection tried."""

from __future__ import annotations

import itertools
import random

import pytest

from cpsolve.backends.sat import CnfModel
from cpsolve.grid.uniqueness import (
    backbone,
    backbone_in,
    core_in,
    count_in,
    minimal_in,
    open_session,
    redundant_in,
)
from cpsolve.limits import Deadline
from cpsolve.result import Status

N = 6  # projection variables 1..N; selectors after them


def satisfies(clauses: list[list[int]], true: set[int]) -> bool:
    return all(any((lit > 0) == (abs(lit) in true) for lit in clause) for clause in clauses)


def solutions(clauses: list[list[int]], nvars: int, projection: list[int],
              fixed: dict[int, bool], allowed=lambda values: True) -> set[tuple[bool, ...]]:
    """Every projection assignment that extends to a model of ``clauses`` with the
    variables in ``fixed`` set so (others free), and that the lazy rule allows."""
    free = [v for v in range(1, nvars + 1) if v not in fixed]
    found = set()
    for bits in itertools.product([False, True], repeat=len(free)):
        true = {v for v, b in zip(free, bits) if b} | {v for v, b in fixed.items() if b}
        if satisfies(clauses, true):
            values = tuple(v in true for v in projection)
            if allowed(values):
                found.add(values)
    return found


def random_clauses(rng: random.Random, count: int) -> list[list[int]]:
    clauses = []
    for _ in range(count):
        size = rng.choice([2, 3])
        chosen = rng.sample(range(1, N + 1), size)
        clauses.append([v if rng.random() < 0.5 else -v for v in chosen])
    return clauses


def no_three_true(values: tuple[bool, ...]) -> bool:
    return sum(values) < 3


def refine_no_three(values: tuple[bool, ...]) -> list[list[int]]:
    """A lazy rule: never three true variables (cut: not all of these three)."""
    on = [i + 1 for i, v in enumerate(values) if v]
    return [[-v for v in on[:3]]] if len(on) >= 3 else []


CASES = [(seed, lazy) for seed in range(60) for lazy in (False, True)]


@pytest.mark.parametrize("seed, lazy", CASES)
def test_backbone_equals_brute_force(seed, lazy):
    rng = random.Random(seed)
    clauses = random_clauses(rng, rng.randint(3, 12))
    projection = list(range(1, N + 1))
    model = CnfModel(N, projection, [clauses], refine=refine_no_three if lazy else None)
    every = solutions(clauses, N, projection, {}, no_three_true if lazy else lambda v: True)
    found = backbone(model)
    if not every:
        assert found.status is Status.UNSOLVABLE and found.unique is False
        return
    assert found.status is Status.SOLVED
    varying = [i for i in range(N) if len({s[i] for s in every}) == 2]
    assert found.undetermined == varying
    assert found.unique is (len(every) == 1)
    assert found.first in every
    if len(every) > 1:
        assert found.second in every and found.second != found.first


@pytest.mark.parametrize("seed, lazy", CASES[::3])
def test_count_under_assumptions_leaves_the_session_as_it_was(seed, lazy):
    rng = random.Random(seed)
    clauses = random_clauses(rng, rng.randint(2, 8))
    projection = list(range(1, N + 1))
    allowed = no_three_true if lazy else (lambda v: True)
    model = CnfModel(N, projection, [clauses], refine=refine_no_three if lazy else None)
    with open_session(model) as session:
        for _ in range(3):
            lit = rng.choice(projection) * rng.choice([1, -1])
            expected = solutions(clauses, N, projection, {abs(lit): lit > 0}, allowed)
            found = count_in(session, projection, limit=100, assumptions=[lit],
                             refine=model.refine)
            assert found.exhausted and set(found.solutions) == expected
        everything = count_in(session, projection, limit=100, refine=model.refine)
        assert set(everything.solutions) == solutions(clauses, N, projection, {}, allowed)


def hinted(rng: random.Random, lazy: bool) -> tuple[CnfModel, list[int], list[list[int]],
                                                   list[list[int]]]:
    """Base clauses and hints (each a few clauses), the hints guarded by selectors
    N+1..; returns the model, the selectors, the base and the hints."""
    base = random_clauses(rng, rng.randint(0, 4))
    hints = [random_clauses(rng, rng.randint(1, 2)) for _ in range(rng.randint(2, 6))]
    selectors = [N + 1 + k for k in range(len(hints))]
    guarded = [[*clause, -s] for s, hint in zip(selectors, hints) for clause in hint]
    model = CnfModel(N + len(hints), list(range(1, N + 1)), [base + guarded],
                     refine=refine_no_three if lazy else None)
    return model, selectors, base, hints


def with_hints(base: list[list[int]], hints: list[list[list[int]]], on: list[int],
               lazy: bool) -> set[tuple[bool, ...]]:
    clauses = base + [c for k in on for c in hints[k]]
    return solutions(clauses, N, list(range(1, N + 1)), {},
                     no_three_true if lazy else lambda v: True)


@pytest.mark.parametrize("seed, lazy", CASES)
def test_minimal_core_of_hints(seed, lazy):
    rng = random.Random(seed)
    model, selectors, base, hints = hinted(rng, lazy)
    with open_session(model) as session:
        found = core_in(session, model.projection, selectors, refine=model.refine)
    everything = with_hints(base, hints, list(range(len(hints))), lazy)
    if everything:
        assert found.status is Status.SOLVED and found.solution in everything
        return
    assert found.status is Status.UNSOLVABLE and found.minimal
    chosen = [selectors.index(s) for s in found.literals]
    assert not with_hints(base, hints, chosen, lazy)  # the core cannot hold
    for k in chosen:  # and dropping any one of it can
        assert with_hints(base, hints, [j for j in chosen if j != k], lazy)


@pytest.mark.parametrize("seed, lazy", CASES)
def test_redundant_and_minimal_hints(seed, lazy):
    rng = random.Random(seed)
    model, selectors, base, hints = hinted(rng, lazy)
    everything = with_hints(base, hints, list(range(len(hints))), lazy)
    if len(everything) != 1:
        if everything:
            with open_session(model) as session:
                found = redundant_in(session, model.projection, selectors,
                                     next(iter(everything)), refine=model.refine)
            assert found.unique is False and found.redundant == []
        return
    (solution,) = everything
    every = list(range(len(hints)))
    with open_session(model) as session:
        found = redundant_in(session, model.projection, selectors, solution,
                             refine=model.refine)
        order = rng.sample(every, len(every))
        least = minimal_in(session, model.projection, selectors, solution, order=order,
                           refine=model.refine)
    assert found.status is Status.SOLVED and found.unique
    assert found.redundant == [k for k in every
                               if with_hints(base, hints, [j for j in every if j != k],
                                             lazy) == {solution}]
    assert sorted(found.redundant + found.needed) == every
    assert least.minimal and least.unique
    assert with_hints(base, hints, least.kept, lazy) == {solution}
    for k in least.kept:
        assert len(with_hints(base, hints, [j for j in least.kept if j != k], lazy)) > 1


def test_a_deadline_leaves_the_rest_open():
    model = CnfModel(N, list(range(1, N + 1)), [[[1, 2]]])
    with open_session(model) as session:
        found = backbone_in(session, model.projection, deadline=Deadline(0))
    assert found.status is Status.UNKNOWN and found.open == list(range(N))
    assert found.unique is None


def test_many_variables_vary_in_few_calls():
    """Forty free pairs: the preferred flipped values show them all varying at once."""
    clauses = [[2 * k + 1, 2 * k + 2] for k in range(40)]
    found = backbone(CnfModel(80, list(range(1, 81)), [clauses]))
    assert found.undetermined == list(range(80)) and found.calls <= 6


def test_patience_keeps_a_hint_whose_question_runs_long():
    """The lazy rule alone allows only all-true, cutting one candidate a round: every
    hint can go, but only after rounds of cuts; with a patience of one round each
    hint whose question needs more is kept, undecided, and the set is not called
    minimal."""
    def refine(values):
        return [] if all(values) else [[-v if on else v for v, on in zip(range(1, 5), values)]]

    hints = [[[1]], [[2], [3], [4]]]
    selectors = [5, 6]
    groups = [[[-s, *clause] for clause in hints[k]] for k, s in enumerate(selectors)]
    solution = (True,) * 4

    def run(patience):
        model = CnfModel(6, [1, 2, 3, 4], [clause for clause in groups], refine=refine)
        with open_session(model) as session:
            return minimal_in(session, model.projection, selectors, solution,
                              refine=refine, patience=patience)

    patient, hasty = run(None), run(1)
    assert patient.kept == [] and patient.minimal and patient.undecided == []
    assert hasty.status is Status.SOLVED and not hasty.minimal and hasty.undecided
    assert set(hasty.undecided) <= set(hasty.kept) and hasty.removed == [
        k for k in range(2) if k not in hasty.kept]
