"""Whole-space analysis: the 8-puzzle's figures from the seed, brute force on small
boards, the command line."""

from __future__ import annotations

import json
from collections import deque

import pytest

from cpsolve.errors import UsageError
from cpsolve.models.sliding import parse
from cpsolve.models.sliding.search import analyze
from tests.support.cli import run

SEED_HARDEST = {"8 6 7\n2 5 4\n3 . 1", "6 4 7\n8 5 .\n3 2 1"}


def test_8_puzzle_space():
    report = analyze(parse("1 2 3\n4 5 6\n7 8 0"))
    assert (report.states, report.diameter, report.hardest_count) == (181_440, 31, 2)
    assert set(report.hardest) == SEED_HARDEST
    assert sum(report.distribution) == report.states and report.distribution[0] == 1


def layers_by_brute_force(width: int, height: int, goal: tuple[str, ...]) -> list[int]:
    depth = {goal: 0}
    queue = deque([goal])
    while queue:
        state = queue.popleft()
        blank = state.index("0")
        r, c = divmod(blank, width)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            i, j = r + dr, c + dc
            if 0 <= i < height and 0 <= j < width and state[i * width + j] != "=":
                cells = list(state)
                cells[blank], cells[i * width + j] = cells[i * width + j], "0"
                nxt = tuple(cells)
                if nxt not in depth:
                    depth[nxt] = depth[state] + 1
                    queue.append(nxt)
    sizes = [0] * (max(depth.values()) + 1)
    for d in depth.values():
        sizes[d] += 1
    return sizes


@pytest.mark.parametrize("text, width, height", [
    ("1 2 3\n4 5 0", 3, 2),
    ("A B A\nB = 0", 3, 2),
    ("1 2 = 3\n4 5 6 0", 4, 2),
    ("A A B\nB C C\nD D 0", 3, 3),
])
def test_distribution_equals_brute_force(text, width, height):
    puzzle = parse(text)
    report = analyze(puzzle)
    assert report.distribution == layers_by_brute_force(width, height, puzzle.goal.cells)


def test_a_space_too_large_is_refused_with_its_size():
    with pytest.raises(UsageError, match="too many to sweep"):
        analyze(parse("6,6,123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ0"))


def test_command_line(examples, tmp_path):
    plot = tmp_path / "distribution.png"
    done = run("analyze", "slide", str(examples / "sliding" / "8-puzzle-hardest.txt"),
               "--json", "--plot", str(plot))
    data = json.loads(done.stdout)
    assert (data["positions"], data["largest_distance"], len(data["per_distance"])) == (
        181_440, 31, 32)
    assert set(data["hardest"]) == SEED_HARDEST
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    text = run("analyze", "slide", "3,3,168452=30").stdout
    assert text.startswith("20,160 positions reachable; the largest distance is 34 moves")


def test_command_line_refusals(examples):
    big = run("analyze", "slide", "6,6,123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ0")
    assert big.returncode == 2 and "too many to sweep" in big.stderr
    akari = run("analyze", "akari", str(examples / "akari" / "seed-7x7.txt"))
    assert akari.returncode == 2 and "has no whole-space analysis" in akari.stderr


def bars(png) -> list[str]:
    """The bars of a distribution plot from left to right, each ``blue`` or ``marked``
    by its colour, read along the lowest row of pixels every bar has."""
    from matplotlib.image import imread

    from cpsolve.space import MARK_COLOUR

    image = imread(png)[:, :, :3]
    colours = {"blue": (0x3B, 0x6E, 0xA8), "marked": tuple(
        int(MARK_COLOUR[i:i + 2], 16) for i in (1, 3, 5))}
    near = {name: (abs(image - [c / 255 for c in rgb]).max(axis=2) < 0.03)
            for name, rgb in colours.items()}
    row = max(r for r in range(image.shape[0]) if near["blue"][r].any())
    found: list[str] = []
    for column in range(image.shape[1]):
        here = next((name for name, mask in near.items() if mask[row, column]), None)
        if here is not None and (column == 0 or not near[here][row, column - 1]):
            found.append(here)
    return found


def test_the_boards_own_distance_is_marked_in_the_table_the_plot_and_json(tmp_path):
    board = "1 2 3\n4 0 5\n7 8 6"  # two moves from the goal
    plot = tmp_path / "distribution.png"
    done = run("analyze", "slide", board, "--plot", str(plot))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[1] == ("this board: 2 moves from the goal; 3 positions (<0.1%) are closer, "
                        "181,433 (>99.9%) farther")  # 181,440 - 3 - 4
    marked = [line for line in lines if line.endswith("<- this board")]
    assert marked == ["       2  4  <- this board"]  # distance 2: 4 positions
    shown = bars(plot)
    assert len(shown) == 32 and shown.index("marked") == 2 and shown.count("marked") == 1
    data = json.loads(run("analyze", "slide", board, "--json").stdout)
    assert data["board_distance"] == 2 and data["per_distance"][2] == 4


def test_a_board_off_the_goals_space_is_said_to_be(tmp_path):
    from tests.support.cli import valid_json

    plot = tmp_path / "distribution.png"
    done = run("analyze", "slide", "1 2 3\n5 4 0", "--plot", str(plot))
    assert done.stdout.splitlines()[1] == (
        "this board: no plan reaches the goal: the board is not among these positions")
    assert "<- this board" not in done.stdout
    assert "marked" not in bars(plot) and len(bars(plot)) == 22
    data = valid_json(json.loads(run("analyze", "slide", "1 2 3\n5 4 0", "--json").stdout))
    assert data["board_distance"] is None
