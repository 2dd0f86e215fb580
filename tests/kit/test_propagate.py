"""The lazy rules inside the search (:mod:`cpsolve.backends.propagate`): a solver that
takes an external propagator is given the rules' cuts while it searches. Its answers
are the answers of the rules kept between calls, board by board and genre by genre;
a solve of many cut rounds moves inside and ends in few calls."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from cpsolve import registry
from cpsolve.backends.sat import SatSession, enumerate_solutions
from cpsolve.family import Kind
from cpsolve.grid.solve import INSIDE_AFTER, solve
from cpsolve.result import Status
from tests.support.boards import published_unique

JANKO = {entry["file"]: entry["text"] for entry in json.loads(
    (Path(__file__).parents[1] / "data" / "forms" / "janko-files.json").read_text(
        encoding="utf-8"))["files"]}
NURIMAZE_133 = JANKO["https://www.janko.at/Raetsel/Nurimaze/133.a.htm"]
MOST = 300  # answers compared a model


def _with_partial_checks() -> list[str]:
    """The grid genres whose model of their smallest board has lazy rules with partial
    checks (which a solver with a propagator runs inside its search)."""
    found = []
    for name in registry.names():
        family = registry.load(name)
        if family.kind is not Kind.GRID or family.grid.statement is None:
            continue
        grid = family.grid
        if grid.statement.sat(grid.parse(published_unique(name)[0])).partial is not None:
            found.append(name)
    return found


GENRES = _with_partial_checks()
# Genres whose partial checks are slow inside the search (the areas of Double Choco,
# judged whole on each call: 14 s here), which no solve moves there by itself.
SLOW = {"dbchoco"}


def test_the_genres_with_partial_checks_are_the_connected_and_loop_genres():
    assert {"nurimaze", "firefly", "masyu", "slitherlink", "nurikabe"} <= set(GENRES)


@pytest.mark.parametrize("name", [pytest.param(name, marks=pytest.mark.slow) if name in SLOW
                                  else name for name in GENRES])
def test_inside_the_search_the_answers_are_those_of_the_cuts_between_calls(name):
    """The answers found with the lazy rules inside the search are those found with
    them between calls, on two models of the genre's smallest published board: its
    rules alone (the clues left out: many candidates for the rules to cut), and the
    board with some of its clues taken away (every 2nd, 3rd or 4th, the first whose
    answers can be listed: each passes the genre's checker, as every answer
    :func:`solve` gives does, or it says ERROR). Where the answers are too many to
    list, as many are found both ways."""
    grid = registry.load(name).grid
    board = grid.parse(published_unique(name)[0])
    model = grid.require_hints().rules(board)
    between, inside = (enumerate_solutions(model, solver=solver, limit=MOST)
                       for solver in ("minisat22", "cadical195"))
    assert between.exhausted == inside.exhausted, name
    if between.exhausted:
        assert set(between.solutions) == set(inside.solutions), name
    else:
        assert len(between.solutions) == len(inside.solutions) == MOST
    hints = grid.hints
    clues = hints.clues(board) if hints.removable and hints.without is not None else []
    for step in (2, 3, 4) if len(clues) > 1 else ():
        fewer = hints.without(board, clues[::step])
        kept, moved = (solve(grid, fewer, limit=MOST, solver=solver, time_limit=60)
                       for solver in ("minisat22", "cadical195"))
        assert kept.status is moved.status is Status.SOLVED, (name, kept.reason, moved.reason)
        assert kept.complete == moved.complete, name
        if kept.complete:
            assert sorted(map(repr, kept.solutions)) == sorted(map(repr, moved.solutions))
            return


def test_a_solve_of_many_cut_rounds_moves_its_rules_inside_the_search():
    """janko.at's Nurimaze 133 (10x10, 74 regions): between calls its loops are cut
    off one candidate at a time, 17,379 calls; moved inside the search after 200 of
    them (the partial checks loaded), it ends within a few more."""
    import cpsolve.grid.partial  # noqa: F401  loaded: the move waits for no time

    grid = registry.load("nurimaze").grid
    board = grid.parse(NURIMAZE_133)
    result = solve(grid, board, unique=True)
    assert result.unique is True and grid.check(board, result.solution) == []
    assert result.method["solver"] == "cadical195"
    assert result.stats.extra["rules_inside_after"] == INSIDE_AFTER
    assert result.stats.solver_calls <= INSIDE_AFTER + 5
    kept = solve(grid, board, unique=True, solver="minisat22")  # named: between calls
    assert kept.solution == result.solution and kept.unique is True
    assert "rules_inside_after" not in kept.stats.extra
    assert kept.stats.solver_calls > 10 * INSIDE_AFTER


def test_a_session_that_proves_keeps_its_rules_between_calls():
    """A DRAT proof covers the clauses the solver was given, so a session that logs
    one never takes the rules inside (their cuts would be clauses no proof step
    derives)."""
    grid = registry.load("nurimaze").grid
    model = grid.require_hints().rules(grid.parse(NURIMAZE_133))
    with SatSession("cadical195", proof=True) as session:
        session.search_with(model)
        assert session.lazy is None
    with SatSession("cadical195") as session:
        session.search_with(model)
        assert session.lazy is model


def test_the_propagator_keeps_the_deadline_of_a_call():
    """CaDiCaL takes no interrupt, and its calls are cut into slices of conflicts:
    with costly checks inside the search, one slice ran for seconds past the limit.
    Here each check takes 5 ms (slept: the same on a busy machine) on a pigeonhole
    formula no slice ends early: the call stops at its deadline, says so (None), and
    the next call, in a new solver, stops at its own."""
    from pysat.examples.genhard import PHP

    from cpsolve.backends.sat import CnfModel
    from cpsolve.limits import Deadline

    clauses = PHP(10).clauses
    top = max(abs(lit) for clause in clauses for lit in clause)

    def slow(_state):
        time.sleep(0.005)
        return []

    model = CnfModel(top, range(1, top + 1), [clauses], refine=lambda values: [],
                     partial=slow, observed=top)
    with SatSession("cadical195") as session:
        session.add(model.groups, model.nvars)
        session.search_with(model)
        for _ in range(2):
            start = time.perf_counter()
            assert session.solve(deadline=Deadline(0.3)) is None
            assert time.perf_counter() - start < 1.5
        assert session._rules.checks > 0


def test_the_json_names_the_solver_that_ended_the_search_and_none_where_none_ran():
    """``method.solver`` is the SAT solver the model chose that ran last, and ``None``
    where the deductions decided the board (it named the default SAT solver, which
    never ran); a solver the user names is named."""
    nonogram = registry.load("nonogram").grid
    board = nonogram.parse("https://puzz.link/p?nonogram/3/10/14i1121g43i2g1g2g2g1g1g3g1g1g3g")
    decided = solve(nonogram, board, unique=True)
    assert decided.unique is True and decided.stats.solver_calls == 0
    assert decided.method["solver"] is None
    assert solve(nonogram, board, unique=True, solver="glucose4").method["solver"] == "glucose4"
    searched = solve(nonogram, board, unique=True, deductions=False)
    assert searched.stats.solver_calls > 0 and searched.method["solver"] == "minisat22"
    assert solve(nonogram, board, unique=True, deductions=False, backend="cpsat"
                 ).method["solver"] == "cpsat"
    named = solve(nonogram, board, unique=True, deductions=False, solver="glucose4")
    assert named.method["solver"] == "glucose4"
