"""Pattern databases: admissible, built once, cached, rebuilt when the file is bad."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from cpsolve.search import pdb
from cpsolve.search.ranking import rank
from tests.support.sliding_brute import shortest

GOAL = [1, 2, 3, 4, 5, 0]  # a 3x2 board: cells 0..5 row-major, the blank last


def test_values_never_exceed_the_true_distance():
    table, _ = pdb.build(3, 2, [], GOAL, [1, 2, 4], use_cache=False)
    goal = ("1", "2", "3", "4", "5", "0")
    for cells in set(itertools.permutations(goal)):
        length, _ = shortest(3, 2, cells, goal)
        if length is None:
            continue
        where = [cells.index(str(label)) for label in (1, 2, 4)]
        assert table[rank(np.array(where), 6)] <= length, cells
    assert table.max() > 0


def test_duplicate_labels_use_the_nearest_home():
    goal = [1, 1, 2, 2, 2, 0]
    table, _ = pdb.build(3, 2, [], goal, [1, 1], use_cache=False)
    assert table[rank(np.array([1, 0]), 6)] == 0  # the two 1s swapped: still home


def test_walls_are_respected():
    goal = [1, -1, 2, 3, 4, 0]
    table, _ = pdb.build(3, 2, [1], goal, [1, 2], use_cache=False)
    # cell 0 is a dead end: tile 1 one step away at cell 3 (compact index 2)
    assert table[rank(np.array([2, 1]), 5)] >= 1


def test_built_once_then_loaded(tmp_path, monkeypatch):
    monkeypatch.setenv("CPSOLVE_CACHE", str(tmp_path))
    first, record = pdb.build(3, 2, [], GOAL, [1, 2, 3])
    assert record["source"] == "built"
    again, record = pdb.build(3, 2, [], GOAL, [1, 2, 3])
    assert record["source"] == "cache" and np.array_equal(first, again)


@pytest.mark.parametrize("damage", ["truncate", "garbage", "other format", "flip a byte"])
def test_a_bad_file_is_rebuilt(tmp_path, monkeypatch, damage):
    monkeypatch.setenv("CPSOLVE_CACHE", str(tmp_path))
    good, record = pdb.build(3, 2, [], GOAL, [1, 2, 3])
    path = tmp_path / record["path"].rsplit("/", 1)[1]
    if damage == "truncate":
        path.write_bytes(path.read_bytes()[:100])
    elif damage == "garbage":
        path.write_bytes(b"not a numpy file at all")
    elif damage == "other format":
        with np.load(path) as data:
            fields = dict(data)
        fields["format"] = np.array(pdb.FORMAT - 1)
        np.savez(path, **fields)
    else:
        with np.load(path) as data:
            fields = dict(data)
        fields["table"] = fields["table"].copy()
        fields["table"][0] ^= 1
        np.savez(path, **fields)
    table, record = pdb.build(3, 2, [], GOAL, [1, 2, 3])
    assert record["source"] == "built" and np.array_equal(table, good)
