import compileall
import os
from pathlib import Path

import pytest

import cpsolve
import cpsolve.models

ROOT = Path(__file__).resolve().parent.parent


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
