"""Type-check cpsolve and its families as they are installed: ``python tools/typecheck.py``.

The families live in the folder ``models/`` but install as the package
``cpsolve.models`` (setuptools' package-dir). mypy reads sources by their folders,
so this script lays the installed shape out of links in a temporary directory
(``cpsolve/`` with ``cpsolve/models`` pointing at ``models/``) and runs mypy on it
with the project's settings; paths in its messages are mapped back to the sources.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="cpsolve-typecheck-") as tmp:
        package = Path(tmp) / "cpsolve"
        package.mkdir()
        for entry in (ROOT / "cpsolve").iterdir():
            if entry.name != "__pycache__":
                os.symlink(entry, package / entry.name)
        os.symlink(ROOT / "models", package / "models")
        done = subprocess.run(
            [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
             "-p", "cpsolve"], cwd=tmp, capture_output=True, text=True)
        text = (done.stdout + done.stderr).replace("cpsolve/models/", "models/")
        sys.stdout.write(text)
        return done.returncode


if __name__ == "__main__":
    sys.exit(main())
