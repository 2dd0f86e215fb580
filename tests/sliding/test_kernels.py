"""The tile kernels' pieces against plain definitions: linear conflicts against the
longest increasing run found by brute force, and the beams' growing tables against
tables that never grow."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cpsolve.models.sliding import check, parse
from cpsolve.models.sliding.analysis import Analysis
from cpsolve.models.sliding.search import beam
from cpsolve.search import beam as beams
from cpsolve.search.tiles import Lines, _line_conflict


def longest_run(keys: list[int]) -> int:
    """The longest strictly increasing subsequence, by trying every subset."""
    for size in range(len(keys), 0, -1):
        if any(all(a < b for a, b in zip(pick, pick[1:]))
               for pick in combinations(keys, size)):
            return size
    return 0


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 9), st.data())
def test_line_conflict_is_twice_the_tiles_off_the_longest_run(width, data):
    """One row of ``width`` cells holding some of its own tiles (goal positions 1..width,
    label = goal position + 1) and tiles of other rows (labels above width + 1)."""
    order = data.draw(st.permutations(range(width)))
    own = data.draw(st.lists(st.booleans(), min_size=width, max_size=width))
    cells = np.array([order[i] + 1 if own[i] else width + 1 + i for i in range(width)],
                     dtype=np.int64)
    labels = 2 * width + 2
    goal_line = np.full(labels, 1, dtype=np.int64)  # other tiles belong to another line
    key = np.zeros(labels, dtype=np.int64)
    for position in range(width):
        goal_line[position + 1], key[position + 1] = 0, position
    line_cells = np.arange(width, dtype=np.int64).reshape(1, width)
    line_len = np.array([width], dtype=np.int64)
    keys = [int(key[label]) for label in cells if label <= width]
    expected = 2 * (len(keys) - longest_run(keys))
    assert _line_conflict(cells, 0, line_cells, line_len, goal_line, key) == expected


def test_line_conflicts_of_a_board():
    """The 15-puzzle's rows and columns: 4 3 2 1 in the goal's first row conflicts
    three times over (six moves), a tile of another row adds nothing."""
    goal = np.array(list(range(1, 16)) + [0], dtype=np.int64)
    lines = Lines.of(4, 4, np.zeros(16, dtype=bool), goal)
    cells = goal.copy()
    cells[:4] = [4, 3, 2, 1]
    assert list(lines.values(cells)) == [6, 0, 0, 0, 0, 0, 0, 0]
    cells[:4] = [4, 3, 2, 5]  # 5 belongs to the second row
    cells[4] = 1
    assert lines.values(cells)[0] == 4
    with pytest.raises(ValueError):
        Lines.of(65, 1, np.zeros(65, dtype=bool), np.arange(65, dtype=np.int64))


@pytest.mark.parametrize("text", ["6,5,238=I67E9MBC1AF05HJKRLNGPDQSTO",
                                  "5,6,12=E4D9HIF8=GN576LOABMTPKQSR0J"])
def test_tables_that_grow_give_the_same_plans(monkeypatch, text):
    """A table that starts at 4,096 slots and doubles holds what one of the final size
    holds: the beams find the same plans, which the checker replays."""
    analysis = Analysis(parse(text))
    plans = []
    for first in (12, 22):
        monkeypatch.setattr(beams, "FIRST_BITS", first)
        plans.append(beam(analysis, width=500))
    assert plans[0] is not None and plans[0] == plans[1]
    assert check(analysis.puzzle, plans[0]) == []
