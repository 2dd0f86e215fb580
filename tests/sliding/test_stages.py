"""Solving in stages: the DevQuiz boards today's optimal searches and beams leave open,
a few real boards of each size, and the pieces (good regions, corridors)."""

from __future__ import annotations

import random
import time
from pathlib import Path

import networkx as nx
import pytest

from cpsolve.graphs import grid_graph
from cpsolve.limits import Deadline
from cpsolve.models.sliding import check, parse
from cpsolve.models.sliding.analysis import Analysis
from cpsolve.models.sliding.stages import (
    FreeCells,
    _ears,
    good,
    next_group,
    reverse,
    solve_in_stages,
)

SAMPLE = Path(__file__).parents[1] / "data" / "sliding" / "devquiz2011-sample.txt"
CORRIDOR = "4,6,187F0C4D2A5B3=GK6==N9HLM"  # the bottom is a loop corridor; lower bound 47


def boards() -> list[str]:
    return [line for line in SAMPLE.read_text().splitlines()
            if line and not line.startswith("#")]


def test_corridor_board_is_answered_and_replayed():
    puzzle = parse(CORRIDOR)
    started = time.perf_counter()
    found = solve_in_stages(puzzle, deadline=Deadline(60))
    assert found is not None
    assert time.perf_counter() - started < 60
    assert check(puzzle, found.moves) == []
    assert len(found.moves) >= Analysis(puzzle).lower_bound
    # from the goal's side the corridor is one stage of its own
    assert (12, 16, 19, 20, 21, 22, 23) in found.stages


def test_corridor_is_an_ear():
    analysis = Analysis(parse(CORRIDOR))
    region = set(analysis.free)
    free = FreeCells(analysis.graph)
    assert _ears(free, region, 4)[0] == [12, 16, 19, 20, 21, 22, 23]
    assert not good(free, region - {23})
    assert good(free, region - {12, 16, 19, 20, 21, 22, 23})


def test_next_group_takes_the_far_row_first():
    analysis = Analysis(parse("4,4,123456789ABCDEF0"))
    assert next_group(FreeCells(analysis.graph), set(analysis.free), 4, 15) == (0, 1, 2, 3)


def test_good_region_needs_two_paths_everywhere():
    graph = FreeCells(grid_graph(3, 3))
    assert good(graph, range(9))
    assert not good(graph, [0, 1, 2, 5, 8, 7, 6, 3])  # a ring: tiles only rotate
    assert not good(graph, [0, 1, 3, 4, 5])  # cell 5 hangs by one side


@pytest.mark.parametrize("line", boards()[::4])
def test_good_regions_are_what_networkx_says(line):
    """The compiled test against its definition in networkx's terms, on regions of
    real boards with cells taken out at random."""
    analysis = Analysis(parse(line))
    free = FreeCells(analysis.graph)
    rng = random.Random(line)
    for _ in range(40):
        cells = [c for c in analysis.free if rng.random() < 0.85]
        sub = free.graph.subgraph(cells)
        expected = (len(cells) >= 3 and nx.is_biconnected(sub)
                    and sub.number_of_edges() > len(cells))
        assert good(free, cells) == expected


def test_reverse_undoes():
    puzzle = parse("3,3,168452=30")
    moves = solve_in_stages(puzzle).moves
    back = parse("3,3," + "".join(puzzle.goal.cells))
    assert reverse(reverse(moves)) == moves
    assert check(type(puzzle)(back.start, puzzle.start), reverse(moves)) == []


@pytest.mark.parametrize("line", boards()[::8])
def test_real_boards_quick(line):
    puzzle = parse(line)
    found = solve_in_stages(puzzle, deadline=Deadline(30))
    assert found is not None and check(puzzle, found.moves) == []


@pytest.mark.slow
@pytest.mark.parametrize("line", boards())
def test_real_boards_of_each_size_within_a_budget(line):
    puzzle = parse(line)
    started = time.perf_counter()
    found = solve_in_stages(puzzle, deadline=Deadline(30))
    assert found is not None and check(puzzle, found.moves) == []
    assert time.perf_counter() - started < 35


def test_a_part_that_hangs_by_one_cell_is_placed_whole():
    # the bottom two rows hang from the rest by one cell: the board is not 2-connected,
    # and the last board the batch's first two passes left open on the real set
    puzzle = parse("6,6,=74638EF9==C2KDGHI50====J=RSTUPVWXYZ")
    found = solve_in_stages(puzzle, deadline=Deadline(60))
    assert found is not None and check(puzzle, found.moves) == []
    assert (24, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35) in found.stages
