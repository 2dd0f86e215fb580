import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True, scope="session")
def pattern_database_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Pattern databases built by the tests go to a fresh cache, not the user's."""
    path = tmp_path_factory.mktemp("cache")
    os.environ["CPSOLVE_CACHE"] = str(path)
    return path


@pytest.fixture
def examples() -> Path:
    return ROOT / "examples"


@pytest.fixture
def data() -> Path:
    return ROOT / "tests" / "data"
