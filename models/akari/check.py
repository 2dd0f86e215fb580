"""The Akari rules, checked on a light placement, independently of every encoding.

The checker shares nothing with the encodings but the board's cells: it finds the
runs of white cells itself (a run starts at a white cell whose neighbour before it,
to the left or above, is black or the edge), counts the lights in each, and reads
every rule from those counts, so a fault in the segment tables the encoders use
cannot hide a wrong solution. Up to :data:`~cpsolve.models.akari.small.SMALL` white
cells the same reading runs over the rows' text in plain Python (:func:`_check_rows`,
which numpy's cost per call would otherwise make the dearest part of checking a small
board); the two give the same messages in the same order (``tests/akari/test_small.py``).
Where the C of :mod:`cpsolve.models.akari.small` is built, its ``valid`` reads the
same rules from the rows' text first (finding the runs itself, as here), and a
placement it passes has nothing to report; the words for one it fails come from here
(``tests/akari/test_fast.py`` holds the two verdicts to each other).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cpsolve.grid.geometry import Broken, where
from cpsolve.models.akari.board import WHITE, Board, Cell
from cpsolve.models.akari.small import CLUE, RUN, SMALL, _fast

if TYPE_CHECKING:
    import numpy as np


def _runs(white: np.ndarray) -> np.ndarray:
    """Per cell, the id of its run of white cells along the rows (meaningful on white
    cells only)."""
    import numpy as np

    start = white.copy()
    start[:, 1:] &= ~white[:, :-1]
    return np.cumsum(start.ravel()).reshape(white.shape)


def _pairs(runs: np.ndarray, light: np.ndarray) -> list[tuple[Cell, Cell]]:
    """Each light with the nearest light before it in its run (row-major ``runs``),
    as (before, light) pairs, ordered by the later light."""
    import numpy as np

    rs, cs = np.nonzero(light)
    ids = runs[rs, cs]
    same = np.nonzero(ids[1:] == ids[:-1])[0]
    return [((int(rs[k]), int(cs[k])), (int(rs[k + 1]), int(cs[k + 1]))) for k in same]


def check(board: Board, lights: frozenset[Cell]) -> list[str]:
    """Every rule ``lights`` breaks on ``board``, one message each (a
    :class:`~cpsolve.grid.geometry.Broken` naming its cells); empty when valid.

    >>> b = Board(("...", ".1.", "..."))
    >>> check(b, frozenset({(0, 1), (1, 0), (2, 2)}))
    ['clue 1 at row 2, column 2 has 2 lights around it']
    >>> check(Board(("..", "..")), frozenset({(0, 0), (1, 1)}))
    []
    >>> check(b, frozenset({(0, 0), (0, 2)}))[0]
    'lights at row 1, column 1 and row 1, column 3 shine on each other'
    """
    whites = "".join(board.rows).count(".")
    if _fast is not None and whites <= SMALL and _fast.valid(board.rows, lights):
        return []  # the same reading in C finds nothing broken
    if whites <= SMALL:
        return _check_rows(board, lights)
    import numpy as np

    errors: list[str] = []
    white = board.grid == WHITE
    light = np.zeros_like(white)
    for cell in sorted(lights):
        r, c = cell
        if not (0 <= r < board.height and 0 <= c < board.width):
            errors.append(Broken(f"light at {where(cell)} is outside the board"))
        elif not white[r, c]:
            errors.append(Broken(f"light at {where(cell)} is on a black cell", cell))
        else:
            light[r, c] = True
    across = _runs(white)
    down = _runs(white.T)
    pairs = _pairs(across, light)
    pairs += sorted((((a[1], a[0]), (b[1], b[0])) for a, b in _pairs(down, light.T)),
                    key=lambda pair: pair[1])
    errors.extend(Broken(f"lights at {where(a)} and {where(b)} shine on each other", a, b)
                  for a, b in pairs)
    # A white cell is lit when its row run or its column run holds a light.
    in_across = np.bincount(across[light], minlength=int(across.max()) + 1)
    in_down = np.bincount(down[light.T], minlength=int(down.max()) + 1)
    lit = (in_across[across] > 0) | (in_down[down] > 0).T
    for r, c in zip(*np.nonzero(white & ~lit)):
        dark = (int(r), int(c))
        errors.append(Broken(f"cell at {where(dark)} is not lit", dark))
    padded = np.pad(light, 1).astype(np.int8)
    around = padded[:-2, 1:-1] + padded[2:, 1:-1] + padded[1:-1, :-2] + padded[1:-1, 2:]
    clue = (board.grid >= 0) & (board.grid <= 4)
    for r, c in zip(*np.nonzero(clue & (around != board.grid))):
        cell = (int(r), int(c))
        errors.append(Broken(f"clue {board.grid[r, c]} at {where(cell)} has "
                             f"{around[r, c]} lights around it", cell))
    return errors


def _check_rows(board: Board, lights: frozenset[Cell]) -> list[str]:
    """:func:`check` over the rows' text: the runs of each row and column that hold
    lights found by a regular expression, the lit cells marked run by run."""
    rows, height, width = board.rows, board.height, board.width
    errors: list[str] = []
    light: set[Cell] = set()
    for cell in sorted(lights):
        r, c = cell
        if not (0 <= r < height and 0 <= c < width):
            errors.append(Broken(f"light at {where(cell)} is outside the board"))
        elif rows[r][c] != ".":
            errors.append(Broken(f"light at {where(cell)} is on a black cell", cell))
        else:
            light.add(cell)
    lit = [bytearray(width) for _ in range(height)]
    by_row: dict[int, list[int]] = {}
    by_col: dict[int, list[int]] = {}
    for r, c in sorted(light):
        by_row.setdefault(r, []).append(c)
        by_col.setdefault(c, []).append(r)  # rows ascending too

    def runs(text: str, spots: list[int]) -> list[tuple[int, int, int, int]]:
        """The runs of ``text`` holding lights at ``spots`` (ascending): (start, end,
        the light before, the light) per pair of lights in one run, and (start, end,
        -1, -1) per run with a light."""
        found = []
        k = 0
        for run in RUN.finditer(text):
            a, b = run.span()
            while k < len(spots) and spots[k] < a:
                k += 1
            last = -1
            while k < len(spots) and spots[k] < b:
                if last >= 0:
                    found.append((a, b, last, spots[k]))
                last = spots[k]
                k += 1
            if last >= 0:
                found.append((a, b, -1, -1))
        return found

    across, down = [], []
    for r, spots in by_row.items():
        for a, b, before, after in runs(rows[r], spots):
            if before >= 0:
                across.append(((r, before), (r, after)))
            else:
                lit[r][a:b] = b"\x01" * (b - a)
    columns = list(map("".join, zip(*rows)))
    for c, spots in by_col.items():
        for a, b, before, after in runs(columns[c], spots):
            if before >= 0:
                down.append(((before, c), (after, c)))
            else:
                for r in range(a, b):
                    lit[r][c] = 1
    errors.extend(Broken(f"lights at {where(a)} and {where(b)} shine on each other", a, b)
                  for a, b in across + sorted(down, key=lambda pair: pair[1]))
    for r, text in enumerate(rows):
        for run in RUN.finditer(text):
            a, b = run.span()
            c = lit[r].find(0, a, b)
            while c >= 0:
                errors.append(Broken(f"cell at {where((r, c))} is not lit", (r, c)))
                c = lit[r].find(0, c + 1, b)
    for r, text in enumerate(rows):
        for clue in CLUE.finditer(text):
            c = clue.start()
            count = ((r - 1, c) in light) + ((r + 1, c) in light) + ((r, c - 1) in light) + (
                (r, c + 1) in light)
            if count != ord(clue.group()) - 48:
                errors.append(Broken(f"clue {clue.group()} at {where((r, c))} has {count} "
                                     "lights around it", (r, c)))
    return errors
