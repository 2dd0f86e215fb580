"""The ``[benchmark]`` table of every genre's cases (what ``benchmarks/run.py`` measures):
sizes the genre's generator accepts, and only peers the runner knows how to call."""

from __future__ import annotations

import pytest

from cpsolve import registry
from cpsolve.family import Kind
from cpsolve.grid import cases as genre_cases

PEERS = {"puzzlekit", "noqx", "picross"}  # benchmarks/peers/: how the runner calls each
GRID = [name for name in registry.names() if registry.load(name).kind is Kind.GRID]


def bench(name: str) -> genre_cases.Benchmark | None:
    return genre_cases.of(registry.target(name).split(":")[0]).benchmark


WITH_TABLE = [name for name in GRID if bench(name) is not None]


def test_the_genres_with_published_cases_say_what_to_measure():
    for name in GRID:
        cases = genre_cases.of(registry.target(name).split(":")[0])
        if cases.published:
            assert cases.benchmark is not None, name


@pytest.mark.parametrize("name", WITH_TABLE)
def test_a_benchmark_table_names_sizes_the_generator_takes_and_known_peers(name):
    table = bench(name)
    assert table is not None
    assert set(table.peers) <= PEERS, table.peers
    layout = registry.load(name).grid.require_layout()
    for size in table.sizes:
        assert table.count_of(size) >= 1
        refused = layout.too_small(size.rows, size.cols) if layout.too_small else None
        assert not refused, (size, refused)


def test_every_labelled_board_is_read_with_a_label_on_its_scale():
    """benchmarks/labels.py's boards (people's difficulty labels): each is read by its
    genre as the board its URL says, and its label is one of the scale's."""
    import importlib
    from pathlib import Path

    from cpsolve.errors import InputError
    from cpsolve.grid.cases import tomllib

    folder = Path(__file__).parents[2] / "benchmarks" / "data" / "labelled"
    entries = [entry for path in sorted(folder.glob("*.toml"))
               for entry in tomllib.loads(path.read_text())["board"]]
    assert len(entries) >= 70
    for entry in entries:
        assert entry["label"] in ("easy", "hard", "extreme"), entry
        genre = importlib.import_module(f"cpsolve.models.{entry['genre']}")
        if "refused" in entry:  # a form of the genre cpsolve refuses, by name
            with pytest.raises(InputError, match=entry["refused"]):
                genre.parse(entry["board"])
            continue
        board = genre.parse(entry["board"])
        assert genre.parse(genre.to_url(board)) == board, entry["board"]
