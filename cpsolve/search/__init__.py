"""Search: a generic IDA* over callables, and numba kernels specialised for tile
puzzles (flat arrays, incremental heuristics, no allocation in the inner loop)."""

from __future__ import annotations

import os


def _writable(directory: str) -> bool:
    """Whether numba could keep its cache in ``directory``, tried as numba tries it."""
    import tempfile

    try:
        os.makedirs(directory, exist_ok=True)
        tempfile.TemporaryFile(dir=directory).close()
    except OSError:
        return False
    return True


def _numba_cache() -> None:
    """Give numba a cache it can write before any kernel is declared: the kernels are
    declared ``cache=True``, and numba refuses to declare one (an error at import)
    where none of its places can be written (``NUMBA_CACHE_DIR``, the package's
    ``__pycache__``, the user's cache directory). A cache is an optimisation: then
    a temporary one, removed at exit, and a :class:`~cpsolve.errors.CacheWarning`
    that the kernels are compiled again each run."""
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "__pycache__")
    user = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"),
                                                            ".cache")
    places = [os.environ.get("NUMBA_CACHE_DIR", ""), here, os.path.join(user, "numba")]
    if any(place and _writable(place) for place in places):
        return
    import atexit
    import shutil
    import sys
    import tempfile
    import warnings

    from cpsolve.errors import CacheWarning

    try:
        directory = tempfile.mkdtemp(prefix="cpsolve-numba-")
    except OSError:
        return  # nowhere at all: numba says so when a kernel is declared
    atexit.register(shutil.rmtree, directory, ignore_errors=True)
    os.environ["NUMBA_CACHE_DIR"] = directory
    if "numba" in sys.modules:  # numba read its settings when it was imported
        sys.modules["numba"].config.CACHE_DIR = directory
    warnings.warn(CacheWarning("no writable cache for the compiled search kernels (set "
                               "NUMBA_CACHE_DIR to a writable directory): they are "
                               "compiled again on each run"), stacklevel=2)


_numba_cache()
