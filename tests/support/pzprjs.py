"""pzprjs, puzz.link's own reader and answer checker (the npm package ``pzpr``, declared
in ``package.json``), run under node as a second judge of cpsolve's answers:
:class:`Judge` sends a board's puzz.link URL and an answer drawn on it to
``pzprjs_judge.js`` and reads back pzprjs's verdict; :func:`drawn` draws a genre's
answer in pzprjs's terms (shaded cells, numbers, lines between cells, sides of cells),
from the genre's answer kind, so that a new genre joins the check by its kind.

Where node or npm is missing the tests skip and say why, unless ``CPSOLVE_REQUIRE_NODE``
is set (CI sets it: there the second judge must run). The package is installed from
``package-lock.json`` (``npm ci``) the first time it is needed."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from cpsolve.grid.answers import Marks, Numbers, ShadedLoop, Tokens

ROOT = Path(__file__).parents[2]
SCRIPT = Path(__file__).with_name("pzprjs_judge.js")


def _unavailable(why: str) -> None:
    if os.environ.get("CPSOLVE_REQUIRE_NODE"):
        pytest.fail(why)
    pytest.skip(why)


def node() -> str:
    """The node binary, with pzprjs installed beside the project (``npm ci``)."""
    found = shutil.which("node")
    if found is None:
        _unavailable("no node here: install Debian's nodejs and npm for pzprjs's checks")
    assert found is not None
    if not (ROOT / "node_modules" / "pzpr" / "package.json").exists():
        npm = shutil.which("npm")
        if npm is None:
            _unavailable("no npm here to install pzprjs (npm ci)")
        assert npm is not None
        done = subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--silent"], cwd=ROOT,
                              capture_output=True, text=True, timeout=600)
        if done.returncode != 0:
            _unavailable(f"npm ci failed: {done.stderr.strip()[-300:]}")
    return found


class Judge:
    """One node process running pzprjs; call it with a URL and an answer."""

    def __init__(self) -> None:
        self._start()

    def _start(self) -> None:
        self.process = subprocess.Popen([node(), str(SCRIPT)], cwd=ROOT, text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.cpu = 0.0  # the process's CPU seconds after its last answer

    def __call__(self, url: str, answer: dict[str, Any]) -> dict[str, Any]:
        said = self.read(url, answer)
        assert said is not None, (url, f"pzprjs did not answer in {WAIT:g} s")
        assert "error" not in said, (url, said["error"])
        return said

    def read(self, url: str, answer: dict[str, Any] | None = None
             ) -> dict[str, Any] | None:
        """pzprjs's verdict, its ``error``, or ``None`` when it did not answer within
        :data:`WAIT` seconds of CPU (it loops for ever on some bodies it cannot read:
        the process is then started again)."""
        import select

        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps({"url": url, **(answer or {})}) + "\n")
        self.process.stdin.flush()
        while not select.select([self.process.stdout], [], [], 0.5)[0]:
            if _cpu(self.process.pid) > self.cpu + WAIT:
                self.process.kill()
                self.process.wait()
                self._start()
                return None
        self.cpu = _cpu(self.process.pid)
        said: dict[str, Any] = json.loads(self.process.stdout.readline())
        return said

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=30)


WAIT = 3.0  # CPU seconds pzprjs may take over one board (it reads one in milliseconds)


def _cpu(pid: int) -> float:
    """The CPU seconds process ``pid`` has taken (user and system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def size(board: Any) -> tuple[int, int]:
    """A board's rows and columns, whatever its genre calls them."""
    if hasattr(board, "size") and isinstance(board.size, int):
        return board.size, board.size
    if hasattr(board, "rows") and isinstance(board.rows, int):
        return board.rows, board.cols
    return board.height, board.width


def drawn(puzzle: Any, board: Any, answer: Any) -> dict[str, Any]:
    """``answer`` in the judge's terms, by the genre's answer kind: marks (shaded cells,
    stars) as cells, a loop or paths as lines between cells (Yajilin's shading too:
    every cell neither on the loop nor a clue), numbers where the board gives none;
    Akari's lights as cells, Slitherlink's loop as sides between grid points; a division
    (Shikaku's rectangles, Sashigane's Ls) as the borders between its areas; Gokigen
    Naname's diagonals as each cell's pzprjs code, as Shakashaka's triangles go."""
    rows, cols = size(board)
    kind = puzzle.answer
    if puzzle.name == "slitherlink":
        return {"edges": [[*divmod(a, cols + 1), *divmod(b, cols + 1)]
                          for a, b in sorted(answer)]}
    if puzzle.name in ("shikaku", "sashigane"):  # a division: borders between its areas
        return {"borders": [[*divmod(a, cols), *divmod(b, cols)]
                            for a, b in sorted(board.grid.pairs) if (a, b) not in answer]}
    if puzzle.name == "hashikake":  # bridges as lines, each with its count (1 or 2)
        return {"lines": [[*divmod(a, cols), *divmod(b, cols), n] for a, b, n in sorted(answer)]}
    if puzzle.name == "akari":
        return {"cells": sorted([r, c] for r, c in answer)}
    if puzzle.name == "shakashaka":
        return {"triangles": [[*divmod(cell, cols), code] for cell, code in enumerate(answer)
                              if code]}
    if puzzle.name == "gokigen":  # a diagonal a cell, by pzprjs's codes: 31 "\\", 32 "/"
        return {"triangles": [[*divmod(cell, cols), 31 if d == "\\" else 32]
                              for cell, d in enumerate(answer)]}
    if isinstance(kind, Marks):
        return {"cells": [list(divmod(cell, cols)) for cell in sorted(answer)]}
    if isinstance(kind, Tokens):
        out: dict[str, Any] = {"lines": [[*divmod(a, cols), *divmod(b, cols)]
                                         for a, b in sorted(answer)]}
        if isinstance(kind, ShadedLoop):
            passed = {cell for edge in answer for cell in edge}
            out["cells"] = [list(divmod(cell, cols)) for cell in range(rows * cols)
                            if cell not in passed and board.clues[cell] is None]
        return out
    if puzzle.name == "kakuro":  # a digit in each white cell
        return {"numbers": [[*divmod(cell, cols), n] for cell, n in enumerate(answer) if n]}
    if isinstance(kind, Numbers):
        given = getattr(board, "givens", None) or board.numbers
        return {"numbers": [[*divmod(cell, cols), n] for cell, n in enumerate(answer)
                            if given[cell] is None]}
    raise AssertionError(f"{puzzle.name}: no drawing of its answers for pzprjs")


def spoilt(board: Any, answer: Any, name: str = "") -> Any:
    """``answer`` with one thing wrong: a mark, a line or a side taken away, or the
    number of the first cell the board gives none changed (Shakashaka's triangle there
    taken away or put in)."""
    if isinstance(answer, frozenset):
        return answer - {min(answer)}
    if name == "gokigen":  # the first cell's diagonal turned the other way
        return ("/" if answer[0] == "\\" else "\\", *answer[1:])
    values = list(answer)
    if name == "kakuro":  # the first white cell's digit changed
        cell = next(k for k, d in enumerate(values) if d)
        values[cell] = values[cell] % 9 + 1
        return tuple(values)
    given = getattr(board, "givens", None) or board.numbers
    if name == "shakashaka":  # a triangle taken away, or one put in a white cell
        cell = next(k for k, g in enumerate(given) if g is None)
        values[cell] = 0 if values[cell] else 2
        return tuple(values)
    cell = next(k for k, g in enumerate(given) if g is None)
    values[cell] = values[cell] + 1 if values[cell] < max(values) else 1
    return tuple(values)
