"""Boards too large to read, and models too large for memory, are refused with one line
before the work (exit 2 for what is read, as URLs over a million cells are; exit 3, a
memory limit reached, for a model estimated not to fit), in every family; and the
estimates agree with the models actually built."""

from __future__ import annotations

import random
import time

import pytest

from cpsolve.backends.sat import literals as count_literals
from tests.support.boards import scrambled
from tests.support.cli import run


def one_line(done) -> str:
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    return lines[0]


def test_akari_file_over_a_million_cells_is_refused_before_reading(tmp_path):
    board = tmp_path / "big.txt"
    board.write_text(("." * 1001 + "\n") * 1000)
    started = time.perf_counter()
    done = run("akari", str(board))
    assert done.returncode == 2 and time.perf_counter() - started < 20
    assert one_line(done) == (f"cpsolve: {board}:1:1: 1001x1000 is too large "
                              "(at most 1,000,000 cells)")
    url = run("akari", "https://puzz.link/p?akari/1001/1000/zzzz")
    assert url.returncode == 2 and "1001x1000 is too large" in one_line(url)


def test_akari_model_that_cannot_fit_is_refused_before_it_is_built(tmp_path):
    board = tmp_path / "open.txt"
    board.write_text(("." * 1000 + "\n") * 1000)  # a million cells: read, but the sight
    done = run("akari", str(board))  # clauses hold 2 billion literals
    assert done.returncode == 3
    assert one_line(done).startswith("cpsolve: limit reached: the sat model, sight encoding "
                                     "(about 2,012,000,000 literals) would need about 201 GB")


def test_a_board_file_larger_than_any_board_is_not_read(tmp_path):
    board = tmp_path / "huge.txt"
    board.write_bytes(b"." * (64 << 20) + b"\n")
    done = run("akari", str(board))
    assert done.returncode == 2 and "more than 64 MB" in one_line(done)


def test_heyawake_room_counter_too_large_and_rooms_read_in_linear_time(tmp_path):
    n = 400
    numbers = ["- " * n] * n
    numbers[0] = "40000 " + "- " * (n - 1)
    board = tmp_path / "room.txt"
    board.write_text(f"{n} {n}\n" + "\n".join(numbers) + "\n" + ("a " * n + "\n") * n)
    done = run("heyawake", str(board))
    assert done.returncode == 3 and "the sat model, lazy encoding" in one_line(done)
    n = 500  # 2,500 rooms of 10x10: read room by room, not every room over every cell
    rooms = "\n".join(" ".join(f"r{r // 10}_{c // 10}" for c in range(n)) for r in range(n))
    many = tmp_path / "rooms.txt"
    many.write_text(f"{n} {n}\n" + ("- " * n + "\n") * n + rooms + "\n")
    started = time.perf_counter()
    done = run("heyawake", str(many), "--time-limit", "1")
    assert done.returncode == 3 and time.perf_counter() - started < 30


def test_masyu_model_and_its_cuts_are_kept_within_memory(tmp_path):
    def board(n: int) -> str:
        rows = ["- " * n] * n
        rows[5] = "w w w " + "- " * (n - 3)
        rows[n // 2] = " ".join("b" if c % 97 == 3 else "-" for c in range(n))
        return f"{n} {n}\n" + "\n".join(rows) + "\n"

    path = tmp_path / "masyu.txt"
    path.write_text(board(300))
    env = {"CPSOLVE_MEMORY_MB": "500", "PATH": "/usr/bin:/bin"}
    done = run("masyu", str(path), env=env)
    assert done.returncode == 3 and "the sat model, lazy encoding" in one_line(done)
    assert run("masyu", str(path), "--backend", "cpsat", env=env).returncode == 3
    # 200x200 fits, but the cuts around the stray cycles the solver draws grow past
    # the memory the session may take: stopped there, not by the kernel's OOM killer
    # (with at most 16 clauses a stray cycle, past 500 MB within seconds; past 1,000
    # MB, not within the minute)
    path.write_text(board(200))
    done = run("masyu", str(path), "--time-limit", "60",
               env={"CPSOLVE_MEMORY_MB": "500", "PATH": "/usr/bin:/bin"})
    assert done.returncode == 3 and "added while solving" in one_line(done)


def test_plan_boards_capped_and_horizon_models_estimated():
    done = run("slide", "51,50,0")
    assert done.returncode == 2 and "51x50 is too large (at most 2,500 cells)" in one_line(done)
    grid = "\n".join(" ".join("1" for _ in range(40)) for _ in range(40))
    done = run("rotate", "-", stdin=grid)
    assert done.returncode == 2 and "40x40 is too large (at most 1,000 cells)" in one_line(done)
    done = run("slide", "-", "--method", "sat", "--encoding", "onehot", stdin=scrambled(40, 200))
    assert done.returncode == 3
    assert "the sat model of plans of" in one_line(done) and "onehot encoding" in done.stderr


@pytest.mark.parametrize("family, board", [
    pytest.param("slide", "6,6,R5=T4ZQ7BO0XGSL6EWFUMAI12D89PHCVJKYN",
                 marks=pytest.mark.slow),
    ("slide", "A B A .\nC D C D\nA B A B\nC D C D\ngoal\nA B A .\nC A B D\nA C D B\n"
              "C D C D\n"),
    ("rotate", "9 8 7\n4 5 6\n3 2 1\n"),
])
def test_horizon_estimates_bound_the_models_built(family, board):
    from cpsolve.registry import load

    found = load(family)
    module = "sliding" if family == "slide" else "rotation"
    solve = __import__(f"cpsolve.models.{module}.solve", fromlist=["PLANNER"])
    facts = solve.PLANNER.facts(found.parse(board))
    for extra in (0, 10, 40):
        horizon = facts.lower_bound + extra
        for entry in solve.PLANNER.encodings.entries:
            model = entry.build(facts, horizon).model()
            if model is None:
                continue
            estimate = entry.literals(facts, horizon)
            if entry.backend == "sat":
                built = count_literals(model.groups)
                assert built <= estimate <= 3 * built + 1000, (entry.name, horizon)
            else:  # terms: at least a constraint each
                assert len(model.model.proto.constraints) <= estimate, horizon


def test_akari_estimates_match_the_models_built():
    from cpsolve.models.akari import AKARI
    from cpsolve.models.akari.encodings import build_sat, literals
    from cpsolve.models.akari.formats import parse

    rng = random.Random(3)
    for size in (8, 30, 60):
        rows = ["".join(rng.choice("......#1") for _ in range(size)) for _ in range(size)]
        board = parse("\n".join(rows))
        for deduce in (True, False):
            prepared = AKARI.prepare(board, deduce)
            if prepared.contradiction is not None or prepared.solved:
                continue
            for encoding in ("sight", "segments"):
                built = count_literals(build_sat(prepared, encoding=encoding).groups)
                assert built <= literals(prepared, encoding=encoding) <= 2 * built + 100
