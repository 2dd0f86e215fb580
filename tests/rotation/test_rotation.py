"""Rotation puzzles: the seed's figures, every method against brute force and each
other, formats and bad input."""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from cpsolve.errors import InputError, UsageError
from cpsolve.models.rotation import check, parse, parse_goal, solve, write
from cpsolve.models.rotation.analysis import Space
from cpsolve.models.rotation.search import analyze
from cpsolve.result import Status
from tests.support.cli import JSON_KEYS, golden_run, run, valid_json
from tests.support.rotation_brute import successors, sweep, turn

SEED_START = "9 8 7\n4 5 6\n3 2 1"
# The seed's 20 positions at distance 11 from 1..9, three rows of grids side by side.
SEED_HARDEST = """
9 8 7   9 8 7   9 8 7   9 4 7   3 8 7   9 8 7   9 8 7   9 8 7
6 5 1   4 5 6   6 2 4   8 5 2   6 5 4   6 4 5   6 5 4   6 5 4
3 2 4   3 2 1   3 5 1   3 6 1   9 2 1   3 2 1   2 3 1   3 1 2

9 8 7   9 8 7   9 6 7   9 8 4   9 8 1   9 8 7   9 5 7   9 2 7
3 5 4   5 6 4   2 5 8   6 5 7   6 5 4   6 5 4   6 8 4   6 5 4
6 2 1   3 2 1   3 4 1   3 2 1   3 2 7   1 2 3   3 2 1   3 8 1

6 8 7   7 8 9   9 7 8   8 9 7
9 5 4   6 5 4   6 5 4   6 5 4
3 2 1   3 2 1   3 2 1   3 2 1
"""


def seed_hardest() -> set[tuple[str, ...]]:
    out = set()
    for block in SEED_HARDEST.strip().split("\n\n"):
        rows = [re.split(r"\s{3,}", line.strip()) for line in block.splitlines()]
        for grid in zip(*rows):
            out.add(tuple(" ".join(grid).split()))
    return out


def test_moves_turn_as_the_seed_draws_them():
    puzzle = parse("1 2 3\n4 5 6\n7 8 9")
    a = puzzle.apply(puzzle.start, puzzle.by_name["A+"])
    assert a == tuple("413526789")  # (2) A turned clockwise: 1, 2, 5, 4 move round
    b = puzzle.apply(a, puzzle.by_name["B-"])
    assert b == tuple("436512789")  # (3) then B counter-clockwise
    assert check(parse("4 3 6\n5 1 2\n7 8 9"), "B+ A-") == []


def test_seed_start_needs_eleven_moves_by_every_method():
    puzzle = parse(SEED_START)
    lengths = {}
    for method in ("bfs", "bibfs", "ida", "sat", "cpsat"):
        result = solve(puzzle, method=method)
        assert result.status is Status.OPTIMAL
        assert check(puzzle, result.solution) == []
        lengths[method] = len(result.solution.split())
    assert set(lengths.values()) == {11}
    # The seed's own plan (A:R A:R B:L A:R D:L C:R A:R A:R D:L B:R A:L) is one of them.
    assert check(puzzle, "A:R A:R B:L A:R D:L C:R A:R A:R D:L B:R A:L") == []


def test_seed_start_plans_are_counted_alike():
    puzzle = parse(SEED_START)
    counts = {method: solve(puzzle, method=method, count_optimal=True).count
              for method in ("bfs", "bibfs", "ida")}
    counts["ida cells"] = solve(puzzle, method="ida", heuristic="cells",
                                count_optimal=True).count
    assert set(counts.values()) == {4504}


def test_analysis_matches_the_seed():
    report = analyze(parse(SEED_START))
    assert (report.states, report.diameter, report.hardest_count) == (362_880, 11, 20)
    assert {tuple(text.split()) for text in report.hardest} == seed_hardest()
    assert tuple(SEED_START.split()) in seed_hardest()


def test_analysis_matches_brute_force_with_repeats_and_listed_squares():
    puzzle = parse("A A B\nB C C\ngoal\nA B C\nA B C\nsquares\n0 1 4 3\n1 2 5 4\n0 3\n")
    dist, _ = sweep(puzzle, puzzle.goal)
    report = analyze(puzzle)
    assert report.states == len(dist)
    assert report.distribution == [n for _, n in sorted(Counter(dist.values()).items())]
    far = max(dist.values())
    assert sorted(report.hardest) == sorted(
        puzzle.text(s) for s, d in dist.items() if d == far)


BOARDS = [
    "1 2 3\n4 5 6",  # 2x3, two squares
    "1 2 3\n4 5 5",  # m - 1 distinct labels: a database that keeps every label
    "1\n2\n1\ngoal\n2\n1\n1\nsquares\n1 2\n1 0\n1 2\n",  # a swap listed twice
    "A A B\nB C C\nD D E",  # repeated labels
    "1 2 3 4\n5 6 7 8\ngoal\n1 2 3 4\n5 6 7 8\nsquares\n0 1 5 4\n2 3 7 6\n1 2\n5 6\n",
    "1 2 3 4\nsquares\n0 1 2\n1 2 3\n",  # three-cycles on a line
]


@pytest.mark.parametrize("text", BOARDS)
def test_every_method_agrees_with_brute_force(text):
    base = parse(text)
    dist, ways = sweep(base, base.goal)
    rng = random.Random(len(text))
    few = sorted(state for state in dist if ways[state] <= 60)  # SAT lists every plan
    for state in rng.sample(few, min(4, len(few))):
        puzzle = parse(write(base).replace(base.text(base.start), base.text(state), 1))
        assert puzzle.start == state
        for method in ("bfs", "bibfs", "ida", "sat", "cpsat"):
            # CP-SAT re-solves from scratch for every plan it lists: lengths only.
            result = solve(puzzle, method=method, count_optimal=method != "cpsat")
            assert result.status is Status.OPTIMAL, (method, state)
            assert all(check(puzzle, plan) == [] for plan in result.solutions)
            assert len(result.solution.split()) == dist[state], (method, state)
            if method == "cpsat":
                continue
            assert result.count == ways[state], (method, state)
            if method in ("ida", "sat", "cpsat"):
                assert len(set(result.solutions)) == ways[state]


@pytest.mark.parametrize("seed", range(6))
def test_random_seed_positions_agree(seed):
    rng = random.Random(seed)
    base = parse(SEED_START)
    state = base.goal
    for _ in range(rng.randint(4, 8)):
        state = rng.choice(successors(base, state))
    text = "\n".join(" ".join(state[r * 3:r * 3 + 3]) for r in range(3))
    puzzle = parse(text)
    lengths = {m: len(solve(puzzle, method=m).solution.split())
               for m in ("bfs", "bibfs", "ida", "sat", "cpsat")}
    assert len(set(lengths.values())) == 1, lengths


def test_three_cycles_cannot_make_an_odd_permutation():
    result = solve(parse("2 1 3 4\nsquares\n0 1 2\n1 2 3\n"))
    assert result.status is Status.UNSOLVABLE and "even permutation" in result.reason


def test_a_label_outside_every_square_is_stuck():
    result = solve(parse("1 2 3\n4 6 5\nsquares\n0 1 4 3\n"))
    assert result.status is Status.UNSOLVABLE and "can never reach" in result.reason


def test_breadth_first_search_proves_unreachable_goals():
    # One 4-cycle, labels repeated: A A B B around it never becomes A B A B. No rule
    # decides it; the searches run out of positions.
    puzzle = parse("A A\nB B\ngoal\nA B\nB A")
    assert Space(puzzle).verdict.solvable is None
    for method in ("bfs", "bibfs", "ida"):
        result = solve(puzzle, method=method)
        assert result.status is Status.UNSOLVABLE, method
        assert "cannot be reached" in result.reason


def test_parity_is_decided_per_group_of_cells():
    # 3-cycles on the top row (even), a swap below (odd): the top row alone is odd.
    result = solve(parse("2 1 3\n4 5 6\nsquares\n0 1 2\n3 4\n"), method="sat")
    assert result.status is Status.UNSOLVABLE and "even permutation" in result.reason
    assert solve(parse("1 2 3\n5 4 6\nsquares\n0 1 2\n3 4\n")).solution == "B+"


def test_grids_of_more_than_twenty_cells():
    base = parse("\n".join(" ".join(str(r * 5 + c + 1) for c in range(5)) for r in range(5)))
    state = base.goal
    for move in ("A+", "F-", "K+", "P+"):
        state = base.apply(state, base.by_name[move])
    puzzle = parse(base.text(state))
    for method in ("auto", "ida", "sat"):
        result = solve(puzzle, method=method, time_limit=60)
        assert len(result.solution.split()) == 4, method
    with pytest.raises(UsageError, match="15,511,210,043,330,985,984,000,000 states"):
        solve(puzzle, method="bfs")


def test_max_length_and_time_limit():
    puzzle = parse(SEED_START)
    for method in ("bfs", "bibfs", "ida", "sat"):
        result = solve(puzzle, method=method, max_length=9)
        assert result.status is Status.UNKNOWN and "--max-length" in result.reason
    result = solve(puzzle, method="sat", time_limit=0.0)
    assert result.status is Status.UNKNOWN and result.limit_reached


def test_formats_round_trip_and_goal():
    puzzle = parse("# the seed\n9 8 7\n4 5 6\n\n3 2 1\n")
    assert parse(write(puzzle)) == puzzle
    assert parse_goal("1 2 3\n4 5 6\n7 8 9", puzzle).goal == puzzle.goal
    assert [s.name for s in parse("1 2 3\n4 5 6\n7 8 9\n10 11 12").squares] == list("ABCDEF")


@pytest.mark.parametrize(("text", "where", "message"), [
    ("1 2 3\n4 5\n6 7 8", (2, 1), "this row of the board has 2 labels"),
    ("1 2\n3 4\ngoal\n1 2\n3 5", (2, 3), "label '4' is not in the goal"),
    ("1 1\n3 4\ngoal\n1 3\n3 4", (1, 3), "label '1' is in the board 2 times, in the goal 1"),
    ("1 2\n3 4\nsquares\n0 1 4", (4, 5), "cell 4 is outside the 2x2 grid"),
    ("1 2\n3 4\nsquares\n0 1 1 3", (4, 5), "cell 1 is repeated in square A"),
    ("1 2\n3 4\nsquares\n0 x", (4, 3), "'x' is not a cell number"),
    ("1 2\n3 4\nsquares\n0 \u00b2", (4, 3), "is not a cell number"),
    ("1 2\n3 4\nsquares\nA:", (4, 1), "square A needs at least two cells"),
    ("1 2\n3 4\nsquares\nA: 0 1\nA: 1 3", (5, 1), "square A is named twice"),
    ("1 2\n3 4\ngoal", (3, 1), "the 'goal' section is empty"),
    ("1 2 3", (1, 1), "has no 2x2 square"),
])
def test_bad_input_is_located(text, where, message):
    with pytest.raises(InputError) as caught:
        parse(text)
    assert (caught.value.line, caught.value.column) == where
    assert message in caught.value.message


def test_cli_bad_input_is_one_line_and_exit_2(tmp_path):
    board = tmp_path / "board.txt"
    board.write_text("1 2\n3 4\nsquares\n0 1 9\n")
    done = run("rotate", str(board))
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"cpsolve: {board}:4:5: cell 9 is outside the 2x2 grid (cells 0-3)"]


def test_cli_solves_counts_checks_and_prints_json(examples, tmp_path):
    seed = str(examples / "rotation" / "seed.txt")
    done = run("rotate", seed, "--count-optimal")
    assert done.returncode == 0
    assert done.stdout.splitlines()[-1] == "4504 optimal plans of 11 moves"
    data = json.loads(run("rotate", seed, "--json", "--method", "sat").stdout)
    assert set(data) == JSON_KEYS
    assert (data["puzzle"], data["status"], data["length"]) == ("rotate", "optimal", 11)
    assert run("rotate", seed, "--check", " ".join(data["solution"])).stdout == "valid\n"
    wrong = run("rotate", seed, "--check", "A+ Q+")
    assert wrong.returncode == 1 and "'Q+' is not a move" in wrong.stdout
    goal = tmp_path / "goal.txt"
    goal.write_text("9 8 7\n4 5 6\n3 1 2\n")
    done = run("rotate", seed, "--goal", str(goal), "--count-optimal")
    assert done.stdout.splitlines()[-1].endswith(" moves") and done.returncode == 0


def test_cli_analyze_rotate(examples):
    done = run("analyze", "rotate", str(examples / "rotation" / "seed.txt"), "--json")
    data = valid_json(json.loads(done.stdout))
    assert (data["positions"], data["largest_distance"], len(data["hardest"])) == (
        362_880, 11, 20)
    assert data["per_distance"][:3] == [1, 8, 52] and sum(data["per_distance"]) == 362_880


def test_brute_force_turns_agree_with_the_checker():
    puzzle = parse(SEED_START)
    for k, move in enumerate(puzzle.moves):
        after = turn(puzzle, puzzle.start, move.square, move.turn > 0)
        assert puzzle.apply(puzzle.start, k) == after


def test_cpsat_counts_plans_on_a_small_board():
    base = parse("1 2 3\n4 5 6")
    dist, ways = sweep(base, base.goal)
    state = max(dist, key=lambda s: (dist[s], s))
    puzzle = parse(base.text(state))
    result = solve(puzzle, method="cpsat", count_optimal=True)
    assert (len(result.solution.split()), result.count) == (dist[state], ways[state])


def test_models_dumped_for_outside_solvers(examples, tmp_path):
    from tests.kit.test_export import solve_dimacs, solve_proto_text

    seed = str(examples / "rotation" / "seed.txt")
    cnf, proto, below = tmp_path / "11.cnf", tmp_path / "11.txt", tmp_path / "9.cnf"
    done = run("rotate", seed, "--dump-cnf", str(cnf), "--dump-model", str(proto))
    assert done.returncode == 0, done.stderr
    model = solve_dimacs(cnf)
    show = next(line for line in cnf.read_text().splitlines() if line.startswith("c p show"))
    shown = [int(v) for v in show.split()[3:-1]]
    assert len(shown) == 11 * 8
    plan = " ".join(parse(SEED_START).moves[i % 8].name
                    for i, v in enumerate(shown) if model[v - 1] > 0)
    assert check(parse(SEED_START), plan) == []
    assert solve_proto_text(proto)
    short = run("rotate", seed, "--max-length", "9", "--dump-cnf", str(below))
    assert short.returncode == 3 and solve_dimacs(below) is None


def test_analysis_refuses_a_space_too_large_up_front():
    big = parse("\n".join(" ".join(str(r * 5 + c) for c in range(5)) for r in range(5)))
    with pytest.raises(UsageError, match="15,511,210,043,330,985,984,000,000 arrangements"):
        analyze(big)


def test_analysis_draws_a_progress_bar_when_asked(examples):
    import os

    done = run("analyze", "rotate", str(examples / "rotation" / "seed.txt"),
               env={**os.environ, "CPSOLVE_PROGRESS": "1"})
    assert done.returncode == 0 and "sweep" in done.stderr and "362880/362880" in done.stderr


def test_rings_example_listed_cycles_and_repeated_colours(examples):
    puzzle = parse((examples / "rotation" / "rings.txt").read_text())
    assert [len(s.cells) for s in puzzle.squares] == [8, 8]
    dist, ways = sweep(puzzle, puzzle.goal)
    found = {method: solve(puzzle, method=method, count_optimal=True)
             for method in ("bibfs", "ida", "sat")}
    for result in found.values():
        assert (len(result.solution.split()), result.count) == (
            dist[puzzle.start], ways[puzzle.start]) == (11, 10)


GOLDEN = {
    "seed": ["seed.txt"],
    "seed-count": ["seed.txt", "--count-optimal"],
    "seed-sat": ["seed.txt", "--method", "sat"],
    "rings": ["rings.txt"],
    "seed-check-short": ["seed.txt", "--check", "A+ B-"],
    "seed-cut": ["seed.txt", "--method", "ida", "--max-length", "6"],
}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_output(examples, name):
    """What a user reads, kept in tests/data/rotate/*.golden (exit status first)."""
    file, *args = GOLDEN[name]
    golden_run("rotate", examples / "rotation" / file, *args, name=name)
