"""--dump-cnf and --dump-model: the files outside solvers read, solved outside cpsolve."""

from __future__ import annotations

from pathlib import Path

import pytest

from cpsolve.models.akari import check, parse
from tests.support.cli import run


def solve_dimacs(path: Path, blocked: list[list[int]] = ()) -> list[int] | None:
    from pysat.formula import CNF
    from pysat.solvers import Solver

    formula = CNF(from_file=str(path))
    with Solver(name="minisat22", bootstrap_with=formula.clauses + list(blocked)) as solver:
        return solver.get_model() if solver.solve() else None


def solve_proto_text(path: Path) -> bool:
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    model.proto.parse_text_format(path.read_text())
    return cp_model.CpSolver().solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)


def test_akari_models_solve_outside(tmp_path, examples):
    board_file = examples / "akari" / "seed-18x10.txt"
    cnf, proto = tmp_path / "board.cnf", tmp_path / "board.txt"
    done = run("akari", str(board_file), "--no-deductions", "--dump-cnf", str(cnf),
               "--dump-model", str(proto))
    assert done.returncode == 0, done.stderr
    board = parse(board_file.read_text())
    header = cnf.read_text().splitlines()[:2]
    shown = [int(v) for v in header[1].split()[3:-1]]
    assert header[0].startswith("p cnf ") and len(shown) == len(board.whites)
    model = solve_dimacs(cnf)
    lights = frozenset(board.whites[v - 1] for v in shown if model[v - 1] > 0)
    assert check(board, lights) == []
    # The board's solution is unique: blocking it on the projection leaves nothing.
    assert solve_dimacs(cnf, [[-v if model[v - 1] > 0 else v for v in shown]]) is None
    assert solve_proto_text(proto)


@pytest.mark.slow  # 20 s; the Akari and rotation models are exported by default
def test_sliding_models_at_the_optimal_horizon_and_below(tmp_path):
    board = "3,3,168452=30"  # a DevQuiz board with a wall: 16 moves
    optimal, below = tmp_path / "16.cnf", tmp_path / "14.cnf"
    proto = tmp_path / "16.txt"
    done = run("slide", board, "--method", "sat", "--dump-cnf", str(optimal),
               "--dump-model", str(proto))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["16 moves, optimal", done.stdout.split()[-1]]
    assert len(done.stdout.split()[-1]) == 16
    assert solve_dimacs(optimal) is not None and solve_proto_text(proto)
    short = run("slide", board, "--method", "sat", "--max-length", "14", "--encoding",
                "onehot", "--dump-cnf", str(below))
    assert short.returncode == 3 and "no plan of at most 14 moves" in short.stdout
    assert solve_dimacs(below) is None  # the optimality proof, by an outside solver
    odd_file = tmp_path / "15.cnf"
    odd = run("slide", board, "--max-length", "15", "--dump-cnf", str(odd_file))
    assert odd.returncode == 3, odd.stderr  # no plan of at most 15 moves
    text = odd_file.read_text()
    assert "c no plan of exactly 15 moves can exist: the parity or the distances rule it out" \
        in text.splitlines()
    assert solve_dimacs(odd_file) is None  # trivially unsatisfiable, and says why
