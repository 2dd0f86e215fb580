"""The kit's numbers all different (:mod:`cpsolve.grid.rules.alldifferent`), counted: on
small boards every way the SAT compile may write the rule, CP-SAT and the certificate's
rule CNF allow exactly the fillings brute force finds, with the givens as clues and with
the deductions of given numbers (their contradictions exactly where brute force finds
none)."""

from __future__ import annotations

import itertools
import random
from functools import partial

import pytest

from cpsolve.backends import cpsat, sat
from cpsolve.certify.certificate import answers
from cpsolve.grid.geometry import Grid
from cpsolve.grid.rules import Model
from cpsolve.grid.rules.alldifferent import AllDifferent, Known, candidates, eliminated
from cpsolve.grid.rules.certificate import to_certificate
from cpsolve.grid.rules.cpsat import to_cpsat
from cpsolve.grid.rules.sat import to_sat

# (rows, cols, numbers, units): a Latin square (units as long as the numbers are many),
# and a grid whose rows and columns are shorter than its numbers are many.
BOARDS = [(3, 3, range(1, 4), [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7],
                               [2, 5, 8]]),
          (2, 2, range(1, 4), [[0, 1], [2, 3], [0, 2], [1, 3]])]
WAYS = [{}, {"once": "at most"}, {"one": "at least", "once": "at most"}]


def brute(numbers: range, cells: int, units: list[list[int]],
          givens: list[int | None]) -> list[tuple[int, ...]]:
    return sorted(filling for filling in itertools.product(numbers, repeat=cells)
                  if all(g is None or g == v for g, v in zip(givens, filling))
                  and all(len({filling[c] for c in unit}) == len(unit) for unit in units))


def model(grid: Grid, numbers: range, units: list[list[int]], givens: list[int | None],
          deduced: Known | None, options: dict[str, str]) -> Model:
    m = Model(grid, options=options, decided={"holds": deduced} if deduced else {})
    holds = candidates(m, "holds", numbers)
    m.require(AllDifferent(holds.lits, units, numbers))
    for cell, given in enumerate(givens):
        if given is not None:
            with m.clue(cell):
                m.clause(holds[cell, given])
    return m


def filling(known: Known, values: tuple[bool, ...]) -> tuple[int, ...]:
    full = known.filled(values)
    return tuple(known.numbers.start + int(row.argmax()) for row in full)


@pytest.mark.parametrize("board", range(len(BOARDS)))
def test_every_way_of_writing_the_rule_allows_what_brute_force_finds(board):
    rows, cols, numbers, units = BOARDS[board]
    grid, cells = Grid(rows, cols), rows * cols
    ways = WAYS if len(units[0]) == len(numbers) else WAYS[:2]  # "at least" needs that
    for seed in range(20):
        rng = random.Random(seed)
        givens = [rng.choice(numbers) if rng.random() < 0.3 else None for _ in range(cells)]
        expected = brute(numbers, cells, units, givens)
        array, why = eliminated(numbers, givens, units, "unit {}".format, grid.where)
        assert (why is not None) <= (not expected), (seed, why)
        whole = Known(array * 0 - 1, numbers)
        for deduced in (None, Known(array, numbers)):
            if deduced is not None and why is not None:
                continue
            known = deduced or whole
            for options in ways:
                m = model(grid, numbers, units, givens, deduced, options)
                found = sat.enumerate_solutions(to_sat(m, options), limit=None)
                assert sorted(filling(known, v) for v in found.solutions) == expected
            m = model(grid, numbers, units, givens, deduced, {})
            found = cpsat.enumerate_solutions(to_cpsat(m), limit=None)
            assert sorted(filling(known, v) for v in found.solutions) == expected
        m = model(grid, numbers, units, givens, None, {})
        rules = to_certificate(m, partial(filling, whole),
                               lambda f: [f[c] == v for c in range(cells) for v in numbers])
        assert sorted(answers(rules)) == expected, seed


def test_decided_pairs_given_one_by_one_read_as_the_array():
    grid, numbers = Grid(1, 2), range(1, 3)
    by_pair = Model(grid, decided={"holds": {(0, 1): True, (0, 2): False, (1, 1): False}})
    holds = candidates(by_pair, "holds", numbers)
    assert (holds[0, 1], holds[0, 2], holds[1, 2], by_pair.nvars) == (1 << 40, -(1 << 40), 1, 1)
    assert holds.get((1, 2)) == 1 and holds.get((5, 1), "none") == "none"
    assert list(holds) == [(1, 2)] and by_pair.name(1) == "holds r1c2=2"
