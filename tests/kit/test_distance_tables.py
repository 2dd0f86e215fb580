"""Distance tables: the Python search for small boards and the compiled one for large
boards give the same table (each against the other, walls and holes included)."""

from __future__ import annotations

import random

import pytest

import cpsolve.graphs as graphs
from cpsolve.graphs import distance_table, grid_graph


@pytest.mark.parametrize("seed", range(6))
def test_the_two_searches_agree(monkeypatch, seed):
    rng = random.Random(seed)
    width, height = rng.randint(1, 9), rng.randint(1, 9)
    walls = rng.sample(range(width * height), rng.randint(0, width * height // 3))
    graph = grid_graph(width, height, walls=walls)
    small = distance_table(graph, width * height)
    monkeypatch.setattr(graphs, "COMPILED_FROM", 0)
    compiled = distance_table(graph, width * height)
    assert small.tolist() == compiled.tolist()
    assert all(small[cell, cell] == (-1 if cell in walls else 0)
               for cell in range(width * height))


@pytest.mark.parametrize("seed", range(6))
def test_rows_for_given_sources_are_the_table_s_rows(monkeypatch, seed):
    rng = random.Random(seed)
    width, height = rng.randint(1, 9), rng.randint(1, 9)
    walls = rng.sample(range(width * height), rng.randint(0, width * height // 3))
    graph = grid_graph(width, height, walls=walls)
    sources = [rng.randrange(width * height) for _ in range(3)]
    table = distance_table(graph, width * height)
    assert distance_table(graph, width * height, sources).tolist() == table[sources].tolist()
    monkeypatch.setattr(graphs, "COMPILED_FROM", 0)
    assert distance_table(graph, width * height, sources).tolist() == table[sources].tolist()
