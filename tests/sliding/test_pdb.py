"""Pattern databases: never above the true distance (every position of small boards,
swept by a breadth-first search written here), exact when one database holds every
tile, the mirror lookup equal to the direct lookup of the mirror image, the kernel's
move-by-move ranks equal to ranks computed afresh, built once, cached, rebuilt when
the file is bad."""

from __future__ import annotations

import random
from collections import deque

import numpy as np
import pytest

from cpsolve.models.sliding import Analysis, Board, Puzzle, parse
from cpsolve.models.sliding.search import (
    _numbered,
    arrays,
    estimates,
    plan_databases,
    prepare,
    strips,
)
from cpsolve.search import pdb
from cpsolve.search.ranking import rank, rank_bits, unrank_bits, weights


def distances(goal: Board) -> dict[tuple[str, ...], int]:
    """Every position that reaches ``goal``, with its distance (moves are reversible)."""
    width, height = goal.width, goal.height
    seen = {goal.cells: 0}
    queue = deque([goal.cells])
    while queue:
        cells = queue.popleft()
        blank = cells.index("0")
        r, c = divmod(blank, width)
        for i, j in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            other = i * width + j
            if 0 <= i < height and 0 <= j < width and cells[other] != "=":
                nxt = list(cells)
                nxt[blank], nxt[other] = nxt[other], "0"
                key = tuple(nxt)
                if key not in seen:
                    seen[key] = seen[cells] + 1
                    queue.append(key)
    return seen


# Small boards: distinct labels, walls, repeated labels, a symmetric goal (the mirror
# lookup runs) and goals without one; each with a text and the budgets (placements
# times free cells) of the partitions tried: None is the default ``pdb``.
BOARDS = {
    "3x2": ("1 2 3\n4 5 0", [None, 20, 60, 200]),
    "3x3 walls": ("1 2 3\n4 5 6\n= 7 0", [None, 400, 3000]),
    "3x3 repeated": ("A A B\nB C C\nD D 0", [None, 500, 5000]),
    "3x3 mirror": ("0 1 2\n3 4 5\n6 7 8", [2000, 20000]),
    "4x2 walls repeated": ("A B = A\nB A B 0", [None, 100]),
    "2x4 repeated": ("A B\nA B\nC C\nA 0", [None, 50, 500]),
}
CASES = [(name, budget) for name, (_, budgets) in BOARDS.items() for budget in budgets]


@pytest.mark.parametrize("name, budget", CASES)
def test_estimates_never_exceed_the_true_distance(name, budget):
    text, _ = BOARDS[name]
    goal = parse(text).goal
    analysis = Analysis(Puzzle(goal, goal))
    groups = plan_databases(analysis, max_states=budget)
    assert sorted(c for g in groups for c in g) == [
        c for c in analysis.free if c != goal.blank]  # every tile in one pattern
    prepared, _ = prepare(analysis, groups, use_cache=False)
    _, _, _, to_goal = arrays(analysis)
    index = {label: k for k, label in enumerate(analysis.labels)}
    above = 0
    truth = list(distances(goal).items())
    for cells, distance in truth[::1 if len(truth) < 30_000 else 7]:  # 8-puzzle: a seventh
        values = estimates(analysis, prepared, Board(goal.width, goal.height, cells))
        assert max(values) <= distance, (cells, values, distance)
        manhattan = sum(int(to_goal[index[x], c]) for c, x in enumerate(cells) if x != "=")
        if len(groups) == 1:  # one database of every tile: exact (as four bits hold it)
            assert max(values) == min(distance, manhattan + (15 << prepared.shifts[0]))
        above += max(values) > manhattan
    if max(len(g) for g in groups) > 1:
        assert above > 0  # the databases see more than the distances


def test_one_database_of_every_tile_is_the_distance_itself():
    goal = parse("1 2 3\n4 5 0").goal
    analysis = Analysis(Puzzle(goal, goal))
    prepared, _ = prepare(analysis, plan_databases(analysis), use_cache=False)
    for cells, distance in distances(goal).items():
        assert estimates(analysis, prepared, Board(3, 2, cells)) == [distance]


def test_the_mirror_lookup_is_the_direct_lookup_of_the_mirror_image():
    # the 15-puzzle's goal is its own mirror image about the main diagonal: tile 4r+c+1
    # at (r, c) goes to (c, r), where tile 4c+r+1 belongs
    goal = parse("1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0").goal
    analysis = Analysis(Puzzle(goal, goal))
    prepared, _ = prepare(analysis, plan_databases(analysis, max_states=16 * 3360))
    assert len(prepared.cell_of) == 2  # a second view: the mirror image

    def mirror(cells: tuple[str, ...]) -> tuple[str, ...]:
        out = ["0"] * 16
        for cell, label in enumerate(cells):
            r, c = divmod(cell, 4)
            out[c * 4 + r] = label if label == "0" else str(4 * ((int(label) - 1) % 4)
                                                               + (int(label) - 1) // 4 + 1)
        return tuple(out)

    rng = random.Random(5)
    labels = list(goal.cells)
    for _ in range(200):
        rng.shuffle(labels)
        board = Board(4, 4, tuple(labels))
        image = Board(4, 4, mirror(board.cells))
        direct, reflected = estimates(analysis, prepared, board)
        assert reflected == estimates(analysis, prepared, image)[0]
        assert direct == estimates(analysis, prepared, image)[1]


@pytest.mark.parametrize("text", ["1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0",
                                  "0 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15",
                                  "A B = C\nA 0 D C\nB D E =\nE F F G"])
def test_ranks_follow_the_moves(text):
    # the kernel's step (tiles/_moved) against ranks, distances and estimates computed
    # afresh, along a long random walk: vertical moves pass over tiles of the pattern
    from cpsolve.search.tiles import _moved

    goal = parse(text).goal
    analysis = Analysis(Puzzle(goal, goal))
    prepared, _ = prepare(analysis, plan_databases(analysis, max_states=16 * 3360))
    _, _, nbr, dist = arrays(analysis)
    compact = np.full(len(goal.cells), -1, dtype=np.int64)
    compact[analysis.free] = np.arange(len(analysis.free))
    tiles, _ = _numbered(analysis)
    board, ranks, mds, entries, hs = prepared.state(tiles, dist, compact)
    rng = random.Random(1)
    blank = goal.blank
    views = len(prepared.cell_of)
    for _ in range(3000):
        a = rng.choice([int(c) for c in nbr[blank] if c >= 0])
        u = tiles[a]
        for v in range(views):
            image, twin = prepared.cell_of[v], prepared.tile_of[v]
            p, r, md, e, h = _moved(twin[u], image[a], image[blank], board[v], compact,
                                    prepared.pat_of, prepared.slot_of, prepared.label_of,
                                    dist, prepared.weights, prepared.offsets, prepared.shifts,
                                    prepared.tables, ranks[v], mds[v], entries[v], hs[v])
            ranks[v, p], mds[v, p], entries[v, p], hs[v] = r, md, e, h
            board[v, image[blank]], board[v, image[a]] = twin[u], 0
        tiles[blank], tiles[a] = u, 0
        blank = a
        fresh = prepared.state(tiles, dist, compact)
        for kept, computed in zip((board, ranks, mds, entries, hs), fresh):
            assert np.array_equal(kept, computed)


def test_strips_follow_the_blank():
    # Korf's goal (blank top-left) and the usual one (bottom-right): the same cut, turned
    assert strips(4, 4, list(range(1, 16)), [6, 6, 3], 0) == [
        [1, 4, 5, 8, 9, 12], [2, 3, 6, 7, 10, 11], [13, 14, 15]]
    assert strips(4, 4, list(range(15)), [6, 6, 3], 15) == [
        [3, 6, 7, 10, 11, 14], [4, 5, 8, 9, 12, 13], [0, 1, 2]]
    assert strips(4, 4, list(range(15)), [8, 7], 15) == [
        [2, 3, 6, 7, 10, 11, 14], [0, 1, 4, 5, 8, 9, 12, 13]]
    # a blank on the top edge: strips along it
    assert strips(4, 4, [c for c in range(16) if c != 1], [6, 6, 3], 1) == [
        [0, 2, 3, 4, 5, 6], [8, 9, 10, 12, 13, 14], [7, 11, 15]]
    for blank in range(16):
        cells = [c for c in range(16) if c != blank]
        groups = strips(4, 4, cells, [6, 6, 3], blank)
        assert sorted(len(g) for g in groups) == [3, 6, 6]
        assert sorted(c for g in groups for c in g) == cells


def test_partitions_by_budget():
    analysis = Analysis(parse("1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0"))
    assert [len(g) for g in plan_databases(analysis)] == [6, 6, 3]
    assert [len(g) for g in plan_databases(analysis, heuristic="pdb-large")] == [7, 8]
    walls = Analysis(parse("1 2 3 = 4\n5 6 7 8 9\nA B C D =\nE F G H 0"))  # 18 free: 6-6-5
    assert sorted(len(g) for g in plan_databases(walls)) == [5, 6, 6]
    # repeated labels: each label whole (the line puzzle's four, at most six tiles a group)
    line = Analysis(parse("A B A .\nC D C D\nA B A B\nC D C D\ngoal\n"
                          "A C A .\nC D C A\nD B A B\nC D B D"))
    goal = line.puzzle.goal.cells
    assert sorted("".join(sorted({goal[c] for c in g})) for g in plan_databases(line)) == [
        "A", "B", "C", "D"]


def test_fast_ranks_are_the_ranks():
    rng = random.Random(3)
    for n, k in ((16, 6), (16, 8), (20, 5), (9, 9), (36, 4)):
        out = np.empty(k, dtype=np.int64)
        for _ in range(300):
            cells = np.array(rng.sample(range(n), k), dtype=np.int64)
            r = rank(cells, n)
            assert rank_bits(cells, n) == r
            assert unrank_bits(r, n, k, out) == sum(1 << int(c) for c in cells)
            assert np.array_equal(out, cells)
            digits = [cells[i] - sum(cells[j] < cells[i] for j in range(i)) for i in range(k)]
            assert int(np.dot(digits, weights(n, k))) == r


def test_four_bit_entries_hold_the_exact_values():
    # a database of three tiles of the 15-puzzle (Korf's goal) against a 0-1
    # breadth-first search over the abstract space written here: every placement
    goal_labels = list(range(16))
    database, record = pdb.build(4, 4, [], goal_labels, [1, 2, 5], use_cache=False)
    assert record["source"] == "built" and database is not None
    assert database.shift == 1 and record["entries"] == 16 * 15 * 14
    exact = _abstract_distances(4, 4, [1, 2, 5], blank=0)
    assert len(exact) == record["entries"]
    cells = np.arange(16, dtype=np.int64)
    for placement, value in exact.items():
        assert database.value(np.array(placement), cells) == value


def _abstract_distances(width: int, height: int, homes: list[int],
                        blank: int) -> dict[tuple[int, ...], int]:
    """Fewest moves of the pattern's tiles from every placement to ``homes``, the other
    tiles blurred: a 0-1 breadth-first search over (placement, blank)."""
    start = (tuple(homes), blank)
    best = {start: 0}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        placement, b = state
        r, c = divmod(b, width)
        for i, j in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if not (0 <= i < height and 0 <= j < width):
                continue
            other = i * width + j
            cost = 1 if other in placement else 0
            moved = tuple(b if x == other else x for x in placement)
            nxt = (moved, other)
            if best.get(nxt, 1 << 30) > best[state] + cost:
                best[nxt] = best[state] + cost
                if cost:
                    queue.append(nxt)
                else:
                    queue.appendleft(nxt)
    out: dict[tuple[int, ...], int] = {}
    for (placement, _), value in best.items():
        out[placement] = min(out.get(placement, 1 << 30), value)
    return out


GOAL = [1, 2, 3, 4, 5, 0]  # a 3x2 board: cells 0..5 row-major, the blank last


def test_built_once_then_loaded(tmp_path, monkeypatch):
    monkeypatch.setenv("CPSOLVE_CACHE", str(tmp_path))
    first, record = pdb.build(3, 2, [], GOAL, [1, 2, 3])
    assert record["source"] == "built"
    again, record = pdb.build(3, 2, [], GOAL, [1, 2, 3])
    assert record["source"] == "cache" and np.array_equal(first.table, again.table)
    _, record = pdb.build(3, 2, [], GOAL, [3, 2, 1])  # another order: another table
    assert record["source"] == "built"


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
    assert record["source"] == "built" and np.array_equal(table.table, good.table)
