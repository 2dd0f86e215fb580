"""Sliding puzzles: seed figures, brute-force agreement, verdicts, bad input."""

from __future__ import annotations

import contextlib
import random
import time

import pytest

from cpsolve.errors import InputError
from cpsolve.models.sliding import Analysis, Board, Puzzle, check, parse, solve
from cpsolve.models.sliding.formats import moves_to_cells
from cpsolve.result import Status
from tests.support.sliding_brute import shortest

LINE = "A B A .\nC D C D\nA B A B\nC D C D\ngoal\n"
LINE_GOALS = {
    1: ("A B A .\nC A B D\nA C D B\nC D C D", 16, 4),
    2: ("A B A .\nC C A D\nA D B B\nC D C D", 12, 1),
    3: ("A C A .\nC D C A\nD B A B\nC D B D", 30, 3),
}
SAT_METHODS = [
    {"method": "sat", "encoding": "onehot"},
    {"method": "sat", "encoding": "onehot", "mode": "incremental"},
    {"method": "sat", "encoding": "blanklog"},
    {"method": "sat", "encoding": "onehot", "card": "seqcounter", "solver": "glucose4"},
    {"method": "sat", "encoding": "blanklog", "card": "totalizer", "prune": False},
]


@pytest.mark.parametrize("goal", [1, 2])
@pytest.mark.parametrize("options", SAT_METHODS + [{"method": "cpsat"}])
def test_line_puzzle_goals_1_and_2(goal, options):
    text, length, count = LINE_GOALS[goal]
    result = solve(parse(LINE + text), count_optimal=True, **options)
    assert result.status is Status.OPTIMAL
    assert len(result.solution) == length
    assert result.count == count and result.complete
    assert len(set(result.solutions)) == count


@pytest.mark.parametrize("options", SAT_METHODS[:3])
def test_line_puzzle_goal_3(options):
    text, length, count = LINE_GOALS[3]
    result = solve(parse(LINE + text), count_optimal=True, **options)
    assert (len(result.solution), result.count, result.complete) == (length, count, True)


@pytest.mark.slow
def test_line_puzzle_goal_3_cpsat():
    text, length, count = LINE_GOALS[3]
    result = solve(parse(LINE + text), method="cpsat", count_optimal=True)
    assert (len(result.solution), result.count, result.complete) == (length, count, True)


def test_line_puzzle_plans_as_cells():
    text, _, _ = LINE_GOALS[2]
    puzzle = parse(LINE + text)
    plan = solve(puzzle).solution
    cells = moves_to_cells(puzzle, plan)
    assert len(cells) == 12 and all(0 <= cell < 16 for cell in cells)


def test_8_puzzle_hardest_needs_31():
    puzzle = parse("8 6 7\n2 5 4\n3 0 1")
    result = solve(puzzle, method="sat", encoding="onehot", mode="incremental")
    assert result.status is Status.OPTIMAL and len(result.solution) == 31
    assert check(puzzle, result.solution) == []
    assert [h["status"] for h in result.stats.horizons][-1] == "sat"
    assert {h["status"] for h in result.stats.horizons[:-1]} == {"unsat"}


def test_8_puzzle_with_two_tiles_swapped_is_unsolvable_at_once():
    result = solve(parse("6 8 7\n2 5 4\n3 0 1"))
    assert result.status is Status.UNSOLVABLE
    assert result.reason.startswith("parity:")
    assert result.stats.horizons == []


def test_devquiz_board_with_walls():
    puzzle = parse("4,4,1=34D9=805FBA6EC")
    assert puzzle.start.walls == {1, 6}
    assert "".join(puzzle.goal.cells) == "1=3456=89ABCDEF0"
    for method in ("sat", "cpsat"):
        result = solve(puzzle, method=method)
        assert result.status is Status.OPTIMAL and len(result.solution) == 14
        assert check(puzzle, result.solution) == []


def test_walled_off_tile_is_unsolvable_with_the_reason():
    # tile 1 sits in the top-left corner behind two walls, but its goal is elsewhere
    puzzle = Puzzle(Board(3, 3, ("2", "=", "3", "=", "4", "5", "6", "1", "0")),
                    Board(3, 3, ("1", "=", "2", "=", "3", "4", "5", "6", "0")))
    result = solve(puzzle)
    assert result.status is Status.UNSOLVABLE
    assert result.reason == ("tile 2 at row 1, column 1 cannot move (no blank in its part of "
                             "the board) and is not at its goal")


def random_puzzle(seed: int) -> Puzzle:
    rng = random.Random(seed)
    width, height = rng.choice([(2, 3), (3, 2), (2, 4), (4, 2), (3, 3)])
    cells = width * height
    walls = set(rng.sample(range(cells), rng.choice([0, 1, 2]) + (width * height == 9)))
    free = [c for c in range(cells) if c not in walls]
    if rng.random() < 0.5:
        labels = [str(k) for k in range(1, len(free))]
    else:
        labels = [rng.choice("ABC") for _ in range(len(free) - 1)]

    def arrange() -> Board:
        shuffled = labels[:]
        rng.shuffle(shuffled)
        board = ["="] * cells
        for cell, label in zip(free, [*shuffled, "0"]):
            board[cell] = label
        blank_home = rng.choice(free)
        board[free[-1]], board[blank_home] = board[blank_home], board[free[-1]]
        return Board(width, height, tuple(board))

    return Puzzle(arrange(), arrange())


PUZZLES = [random_puzzle(seed) for seed in range(40)]
TRUTH = {p: shortest(p.width, p.height, p.start.cells, p.goal.cells) for p in PUZZLES}


def test_random_boards_cover_the_cases():
    lengths = [length for length, _ in TRUTH.values()]
    assert None in lengths and any(length and length > 8 for length in lengths)
    assert any(count > 1 for _, count in TRUTH.values())


@pytest.mark.parametrize("options", SAT_METHODS)
def test_sat_agrees_with_brute_force(options):
    _sat_agrees(options, [p for p in PUZZLES if TRUTH[p][0] is not None])


@pytest.mark.slow
@pytest.mark.parametrize("options", SAT_METHODS)
def test_sat_finds_no_plan_where_brute_force_finds_none(options):
    # Most of these are searched to the horizon's end (seconds each per method).
    _sat_agrees(options, [p for p in PUZZLES if TRUTH[p][0] is None])


def _sat_agrees(options: dict[str, object], puzzles: list[Puzzle]) -> None:
    for puzzle in puzzles:
        length, count = TRUTH[puzzle]
        result = solve(puzzle, count_optimal=True, max_length=40, **options)
        if length is None:
            assert result.status in (Status.UNSOLVABLE, Status.UNKNOWN), puzzle
            continue
        assert result.status is Status.OPTIMAL, (puzzle, result.reason)
        assert len(result.solution) == length, puzzle
        assert result.count == count and result.complete, puzzle
        for plan in result.solutions:
            assert check(puzzle, plan) == []


def test_cpsat_agrees_with_brute_force():
    for puzzle in PUZZLES[:15]:
        length, count = TRUTH[puzzle]
        result = solve(puzzle, method="cpsat", count_optimal=True, max_length=40, workers=1)
        if length is None:
            assert result.status in (Status.UNSOLVABLE, Status.UNKNOWN)
        else:
            assert (len(result.solution), result.count) == (length, count), puzzle


def test_verdicts_and_bounds_are_sound():
    for puzzle in PUZZLES:
        length, _ = TRUTH[puzzle]
        analysis = Analysis(puzzle)
        if analysis.verdict.solvable is not None:
            assert analysis.verdict.solvable == (length is not None), puzzle
        if length is not None:
            assert analysis.lower_bound is not None and analysis.lower_bound <= length
            assert (length - analysis.lower_bound) % analysis.verdict.step == 0


def test_time_limit_gives_unknown_with_a_proven_bound():
    puzzle = parse("15 14 13 12\n11 10 9 8\n7 6 5 4\n3 1 2 0")
    result = solve(puzzle, method="sat", time_limit=1.0)
    assert result.status is Status.UNKNOWN
    assert "time limit reached; no plan is shorter than" in result.reason
    assert result.lower_bound >= result.stats.extra["lower_bound"]


def test_checker_says_where_and_why():
    puzzle = parse("3,3,168452=03")
    assert check(puzzle, "X") == ["move 1 'X': not one of U, D, L, R"]
    assert check(puzzle, "D") == ["move 1 'D': the blank at row 3, column 2 would leave the "
                                  "board"]
    assert check(puzzle, "L") == ["move 1 'L': the blank at row 3, column 2 would move into "
                                  "the wall at row 3, column 1"]
    assert check(puzzle, "U")[0].startswith("after 1 move the board differs from the goal")


@pytest.mark.parametrize("text, message, line, column", [
    ("1 2 3\n4 5\n6 7 0", "row has 2 cells, the first row of the board has 3", 2, 4),
    ("1 2 3\n4 0 5\n6 7 0", "a second blank in the board (the first at line 2, column 3)",
     3, 5),
    ("1 2 3\n4 5 6\n7 8 9", "no blank (0 or .) in the board", 1, 1),
    ("1 2\n3 0\ngoal\n1 2\n4 0", "the goal has other labels than the start: label '4' is not "
     "on the start", 5, 1),
    ("1 2\n3 0\ngoal\n1 =\n3 0", "the goal has other walls than the start", 4, 3),
    ("3,3,16845a=30", "unknown cell 'a' (expected 0, =, 1-9 or A-Z)", 1, 10),
    ("3,3,168452=3", "8 cells for 3x3 = 9", 1, 13),
    ("3,3,168452=301", "10 cells for 3x3 = 9", 1, 14),
    ("3,3,108452=30", "a second blank (0)", 1, 13),
    ("1,3,1=0", "width 1 is below 2", 1, 1),
    ("", "empty board", 1, 1),
])
def test_bad_input(text, message, line, column):
    with pytest.raises(InputError) as caught:
        parse(text)
    assert (caught.value.message, caught.value.line, caught.value.column) == (message, line,
                                                                               column)


@pytest.mark.parametrize("goal", [1, 2, 3])
def test_line_puzzle_by_ida(goal):
    text, length, count = LINE_GOALS[goal]
    result = solve(parse(LINE + text), method="ida", heuristic="manhattan", count_optimal=True)
    assert (len(result.solution), result.count, len(set(result.solutions))) == (length, count,
                                                                                count)


@pytest.mark.slow
def test_line_puzzle_goal_3_by_ida_with_pattern_databases():
    text, length, count = LINE_GOALS[3]
    result = solve(parse(LINE + text), method="ida", count_optimal=True)
    assert (len(result.solution), result.count) == (length, count)


@pytest.mark.parametrize("heuristic", ["manhattan", "pdb"])
def test_8_puzzle_hardest_by_ida(heuristic):
    result = solve(parse("8 6 7\n2 5 4\n3 0 1"), method="ida", heuristic=heuristic)
    assert result.status is Status.OPTIMAL and len(result.solution) == 31
    assert result.stats.nodes > 0


@pytest.mark.parametrize("heuristic", ["manhattan", "pdb"])
def test_ida_agrees_with_brute_force(heuristic):
    for puzzle in PUZZLES:
        length, count = TRUTH[puzzle]
        result = solve(puzzle, method="ida", heuristic=heuristic, count_optimal=True,
                       max_length=40)
        if length is None:
            assert result.status in (Status.UNSOLVABLE, Status.UNKNOWN), puzzle
            continue
        assert (len(result.solution), result.count) == (length, count), puzzle
        assert all(check(puzzle, plan) == [] for plan in result.solutions)


def test_weighted_ida_is_bounded_suboptimal():
    for puzzle in PUZZLES:
        length, _ = TRUTH[puzzle]
        if length is None:
            continue
        result = solve(puzzle, method="ida", weight=2.0)
        assert result.status is Status.SOLVED
        assert length <= len(result.solution) <= 2 * length
        assert check(puzzle, result.solution) == []


def test_ida_time_limit():
    puzzle = parse("15 14 13 12\n11 10 9 8\n7 6 5 4\n3 1 2 0")
    start = time.perf_counter()
    result = solve(puzzle, method="ida", time_limit=0.5)  # stops the databases' build too
    assert time.perf_counter() - start < 10  # loading compiled kernels takes a moment
    assert result.status is Status.UNKNOWN and result.limit_reached
    assert "no plan is shorter than" in result.reason


def test_generic_ida_star_counts_like_brute_force():
    from cpsolve.search.ida import ida_star

    def successors(board: Board) -> list[tuple[str, Board, int]]:
        out = []
        for move in "UDLR":
            with contextlib.suppress(ValueError):  # the blank cannot go there
                out.append((move, board.apply(move), 1))
        return out

    for puzzle in PUZZLES[:12]:
        length, count = TRUTH[puzzle]
        if length is None or length > 20:  # longer plans take the generic search seconds
            continue
        goal = puzzle.goal.cells
        found = ida_star(puzzle.start, successors,
                         lambda b, goal=goal: sum(1 for x, y in zip(b.cells, goal)
                                                  if x != y and x != "0"),
                         lambda b, goal=goal: b.cells == goal, count=True)
        assert (found.threshold, len(found.plans)) == (length, count), puzzle


@pytest.mark.parametrize("method", ["bfs", "bibfs"])
def test_breadth_first_agrees_with_brute_force(method):
    for puzzle in PUZZLES:
        length, count = TRUTH[puzzle]
        result = solve(puzzle, method=method, count_optimal=True)
        if length is None:
            assert result.status is Status.UNSOLVABLE, puzzle
            continue
        assert (len(result.solution), result.count) == (length, count), puzzle
        assert check(puzzle, result.solution) == []


@pytest.mark.parametrize("goal", [1, 2, 3])
def test_line_puzzle_by_bidirectional_bfs(goal):
    text, length, count = LINE_GOALS[goal]
    result = solve(parse(LINE + text), method="bibfs", count_optimal=True)
    assert (len(result.solution), result.count) == (length, count)


@pytest.mark.parametrize("goal", [1, 2])
def test_line_puzzle_by_full_bfs(goal):
    text, length, count = LINE_GOALS[goal]
    result = solve(parse(LINE + text), method="bfs", count_optimal=True)
    assert (len(result.solution), result.count) == (length, count)


@pytest.mark.slow
def test_line_puzzle_goal_3_by_full_bfs():  # sweeps 88 million positions: two minutes
    text, length, count = LINE_GOALS[3]
    result = solve(parse(LINE + text), method="bfs", count_optimal=True)
    assert (len(result.solution), result.count) == (length, count)


def test_8_puzzle_hardest_by_every_method():
    puzzle = parse("8 6 7\n2 5 4\n3 0 1")
    counts = set()
    for method in ("bfs", "bibfs", "ida", "auto"):
        result = solve(puzzle, method=method, count_optimal=True)
        assert len(result.solution) == 31, method
        counts.add(result.count)
    assert counts == {40}


def test_auto_says_what_it_chose():
    small = solve(parse("8 6 7\n2 5 4\n3 0 1"))
    assert small.method["method"] == "bibfs" and "bidirectional BFS" in small.method["auto"]
    line = solve(parse(LINE + LINE_GOALS[3][0]))
    assert line.method["method"] == "ida" and line.method["heuristic"] == "manhattan"  # repeats


def test_linear_conflicts_prune_and_stay_optimal():
    from cpsolve.models.sliding.search import ida

    analysis = Analysis(parse("8 6 7\n2 5 4\n3 0 1"))
    plain, without = ida(analysis, conflicts=False)
    better, with_conflicts = ida(analysis, conflicts=True)
    assert len(plain[0]) == len(better[0]) == 31
    assert with_conflicts.nodes < without.nodes


def test_every_2x2_and_2x3_cycle_verdict_matches_brute_force():
    # on a 2x2 board (a cycle) the tiles only rotate; check every pair of arrangements
    import itertools

    for width, height, cells in ((2, 2, "1230"), (3, 2, "12340=")):
        free = [c for c in cells if c != "="]
        for start in itertools.permutations(free):
            for goal in list(itertools.permutations(free))[:: 7 if width == 3 else 1]:
                puzzle = Puzzle(
                    Board(width, height, tuple(_with_walls(cells, start))),
                    Board(width, height, tuple(_with_walls(cells, goal))))
                length, _ = shortest(width, height, puzzle.start.cells, puzzle.goal.cells)
                verdict = Analysis(puzzle).verdict
                if verdict.solvable is not None:
                    assert verdict.solvable == (length is not None), puzzle


def _with_walls(cells: str, labels: tuple[str, ...]) -> list[str]:
    it = iter(labels)
    return ["=" if c == "=" else next(it) for c in cells]


def test_6x6_devquiz_goal_without_walls():
    puzzle = parse("6,6,123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ0")
    assert puzzle.goal.cells == puzzle.start.cells
    assert solve(puzzle).solution == ""


@pytest.mark.parametrize("method", ["ida", "bfs", "bibfs", "sat"])
def test_max_length_is_a_limit_not_a_verdict(method):
    result = solve(parse("8 6 7\n2 5 4\n3 0 1"), method=method, max_length=20)
    assert result.status is Status.UNKNOWN
    assert result.reason == "no plan of at most 20 moves (--max-length)"


@pytest.mark.parametrize("method", ["auto", "ida", "bfs", "bibfs", "sat", "cpsat"])
def test_no_time_at_all(method):
    result = solve(parse("1 2 3\n4 5 6\n0 7 8"), method=method, time_limit=0.0)
    assert result.status is Status.UNKNOWN and result.limit_reached


def test_a_board_with_only_the_blank():
    puzzle = parse("= =\n= 0")
    for method in ("ida", "bfs", "sat", "auto"):
        assert solve(puzzle, method=method).solution == "", method


@pytest.mark.parametrize("goal", [1, 2])
def test_every_method_lists_the_same_optimal_plans(goal):
    text, _, count = LINE_GOALS[goal]
    puzzle = parse(LINE + text)
    by_sat = set(solve(puzzle, method="sat", count_optimal=True).solutions)
    by_ida = set(solve(puzzle, method="ida", heuristic="manhattan",
                       count_optimal=True).solutions)
    by_cpsat = set(solve(puzzle, method="cpsat", count_optimal=True).solutions)
    assert len(by_sat) == count and by_sat == by_ida == by_cpsat


def test_ida_stops_close_to_its_deadline():
    """The kernels look at the clock every few milliseconds: a 0.05 s limit on a board
    IDA* cannot finish in minutes ends well before 0.25 s (looking every million nodes,
    the first look came after about a quarter of a second)."""
    from cpsolve.limits import Deadline
    from cpsolve.models.sliding.search import ida

    ida(Analysis(parse("3,3,168452=30")))  # compiled (or loaded) before timing
    analysis = Analysis(parse("4,6,187F0C4D2A5B3=GK6==N9HLM"))
    times = []
    for _ in range(3):
        started = time.perf_counter()
        plans, _search = ida(analysis, deadline=Deadline(0.05))
        times.append(time.perf_counter() - started)
        assert plans == []
    assert min(times) < 0.25, times
