import compileall
import os
from pathlib import Path

import pytest

import cpsolve
import cpsolve.models

ROOT = Path(__file__).resolve().parent.parent


# Tests of one genre the kit's suites run for every genre, kept to the slow run
# (``-m slow``) where that genre takes tens of seconds and its other cases of the same
# test run by default: the CI's time is shared by every genre.
SLOW = {
    "test_generated_boards_are_unique_graded_and_symmetric[shakashaka-None-none]":
        "Shakashaka's boards without symmetry: 25-40 s; its rot2 boards run by default",
    "test_urls_cut_or_changed_are_read_as_pzprjs_reads_them[skyscrapers]":
        "pzpr 0.10.1's building takes 5 s on each of the three mutated URLs of a board's "
        "size; its published boards' answers are judged by default",
    "test_every_fix_leaves_exactly_one_solution_and_none_is_missed[nurikabe]":
        "Nurikabe's fixes against brute force: 25 s; its own fix tests run by default",
    "test_generated_boards_are_unique_graded_and_symmetric[kakuro-None-none]":
        "Kakuro's boards of any grade without symmetry: 10-13 s; its rot2 boards run by "
        "default",
    "test_the_default_board_is_proven_unique_by_a_second_method[kakuro]":
        "Kakuro's default 10x10 board made and proven again: 8 s; its generator's small "
        "boards run by default",
    "test_every_fix_leaves_exactly_one_solution_and_none_is_missed[tapa]":
        "Tapa's fixes against brute force: 18 s; its fixes' uniqueness is proven by the "
        "setter's own check on every run",
}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.name in SLOW:
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True, scope="session")
def pattern_database_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Pattern databases built by the tests go to a fresh cache, not the user's."""
    path = tmp_path_factory.mktemp("cache")
    os.environ["CPSOLVE_CACHE"] = str(path)
    return path


@pytest.fixture(autouse=True, scope="session")
def compiled_sources() -> None:
    """The package's modules compiled once, before the hundreds of ``cpsolve`` processes
    the tests start: where PYTHONDONTWRITEBYTECODE is set (CI's containers set it) an
    editable install's modules were compiled from source by every process, a sixth of
    an Akari solve's start-up and a quarter of a sliding one's."""
    for folder in {*cpsolve.__path__, *cpsolve.models.__path__}:
        compileall.compile_dir(folder, quiet=1)


@pytest.fixture
def examples() -> Path:
    return ROOT / "examples"


@pytest.fixture
def data() -> Path:
    return ROOT / "tests" / "data"
