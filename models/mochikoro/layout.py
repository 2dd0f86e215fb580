"""How the generator lays out a Mochikoro and mends it (the loop is the kit's,
:mod:`cpsolve.grid.generate`): a shading first, the rules' answer nearest a random
scatter of shaded cells (the share ``--shaded``) on a board without numbers, under the
symmetry (its cells' images shaded alike, so the rectangles are each other's images);
then every rectangle numbered with its area, at a cell whose images fall in other
rectangles (a rectangle its own image takes its number on the centre, or none). The
kit then takes numbers away, orbit by orbit, while the answer stays the only one.
Where the answer is not pinned down, a rectangle there without a number gets one:
the answer's, or else the second solution's, which then becomes the answer.
"""

from __future__ import annotations

import numpy as np

from cpsolve.backends.sat import sample
from cpsolve.grid.boards import NumberGrid as Board
from cpsolve.grid.connectivity import components
from cpsolve.grid.geometry import Grid
from cpsolve.grid.layouts import Layout, Settings
from cpsolve.models.mochikoro.check import check
from cpsolve.models.mochikoro.rules import STATEMENT
from cpsolve.options import Option

Shading = frozenset[int]


def areas(grid: Grid, shading: Shading) -> list[int]:
    """The unshaded area of each cell (its place in the list of areas), -1 shaded."""
    out = [-1] * grid.cells
    land = [cell for cell in range(grid.cells) if cell not in shading]
    for k, area in enumerate(components(land, grid.neighbours)):
        for cell in area:
            out[cell] = k
    return out


def numbered(board: Board, shading: Shading, cells: list[int], symmetry: str
             ) -> Board | None:
    """``board`` with a number on each of ``cells`` (in order) and its images, each the
    area of its rectangle in ``shading``, where the rectangle (and each image's) holds
    no number yet and no two images fall in one rectangle; ``None`` when none is
    written."""
    grid = board.grid
    area = areas(grid, shading)
    sizes = np.bincount([a for a in area if a >= 0], minlength=1).tolist()
    taken = {area[cell] for cell in board.clue_cells if area[cell] >= 0}
    written: dict[int, int] = {}
    for cell in cells:
        images = sorted(set(grid.orbit(cell, symmetry)))
        held = [area[image] for image in images]
        if min(held) < 0 or len(set(held)) < len(held) or taken & set(held):
            continue
        taken.update(held)
        written.update((image, sizes[area[image]]) for image in images)
    return board.renumbered(written) if written else None


def scatter(grid: Grid, largest: int, symmetry: str, rng: np.random.Generator) -> set[int]:
    """A shading the rules' answer is led by: rectangles of sides up to ``largest``
    left unshaded (with their images), packed from each cell in random order (the
    first of a few random shapes that fits there, none beside another), the rest
    shaded."""
    free = np.ones(grid.cells, dtype=bool)  # neither unshaded nor beside an unshaded cell
    land: set[int] = set()
    for start in rng.permutation(grid.cells).tolist():
        r, c = grid.rc(start)
        for _ in range(6):
            height, width = (int(x) for x in rng.integers(1, largest + 1, size=2))
            if r + height > grid.rows or c + width > grid.cols or height * width == 1:
                continue
            cells = {image for rr in range(r, r + height) for cc in range(c, c + width)
                     for image in grid.orbit(grid.cell(rr, cc), symmetry)}
            if all(free[cell] for cell in cells):
                land |= cells
                for cell in cells:
                    free[cell] = False
                    free[list(grid.neighbours[cell])] = False
                break
    return set(range(grid.cells)) - land


def grown(board: Board, shading: Shading, symmetry: str, rng: np.random.Generator
          ) -> Shading:
    """``shading`` with its rectangles grown a row or a column at a time (with their
    images), each growth kept where the rules still hold (by the checker), smallest
    rectangles first, an area of one cell that cannot grow shaded where it may, until
    nothing changes: published boards have few areas of one cell. A rectangle does
    not grow into its own image without a cell a number can stand on alone."""
    grid = board.grid
    grew = True
    while grew:
        grew = False
        area = areas(grid, shading)
        cells: dict[int, list[int]] = {}
        for cell, k in enumerate(area):
            if k >= 0:
                cells.setdefault(k, []).append(cell)
        order = sorted(cells, key=lambda k: (len(cells[k]), rng.random()))
        for k in order:
            rs, cs = zip(*map(grid.rc, cells[k]))
            top, bottom, left, right = min(rs), max(rs), min(cs), max(cs)
            strips = [[(r, c) for c in range(left, right + 1)] for r in (top - 1, bottom + 1)]
            strips += [[(r, c) for r in range(top, bottom + 1)] for c in (left - 1, right + 1)]
            for strip in sorted(strips, key=lambda _: rng.random()):
                if not all(0 <= r < grid.rows and 0 <= c < grid.cols for r, c in strip):
                    continue
                added = {image for r, c in strip
                         for image in grid.orbit(grid.cell(r, c), symmetry)}
                whole = set(cells[k]) | {grid.cell(r, c) for r, c in strip}
                if not any(set(grid.orbit(cell, symmetry)) & whole == {cell} for cell in whole):
                    continue  # its own image, with no cell to number alone
                if added <= shading and not check(board, shading - added):
                    shading, grew = shading - added, True
                    break
            if not grew and len(cells[k]) == 1:  # an area of one cell shaded, if it may
                gone = set(grid.orbit(cells[k][0], symmetry))
                if not check(board, shading | gone):
                    shading, grew = shading | gone, True
            if grew:
                break
    return shading


def make(settings: Settings, rng: np.random.Generator) -> tuple[Board, Shading] | None:
    """The rules' answer nearest a random scatter under the symmetry, every rectangle
    numbered at a random cell."""
    grid = settings.grid
    empty = Board(grid.rows, grid.cols, (None,) * grid.cells)
    model = STATEMENT.sat(empty)
    shaded = list(model.projection)
    model.add([[sign * shaded[cell], -sign * shaded[image]]
               for cell in range(grid.cells) for image in grid.orbit(cell, settings.symmetry)
               if image != cell for sign in (1, -1)])
    target = scatter(grid, settings.options["largest"], settings.symmetry, rng)
    found = sample(model, [v if cell in target else -v for cell, v in enumerate(shaded)])
    if not isinstance(found, tuple):
        return None
    shading = grown(empty, frozenset(cell for cell, on in enumerate(found) if on),
                    settings.symmetry, rng)
    board = numbered(empty, shading, rng.permutation(grid.cells).tolist(),
                     settings.symmetry)
    return (board if board is not None else empty), shading


def mend(board: Board, shading: Shading, other: Shading | None, cells: set[tuple[int, int]],
         settings: Settings, rng: np.random.Generator) -> tuple[Board, Shading] | None:
    """A number on each rectangle without one where the answer is open (and on its
    images), in the answer or else in the second solution, which then is the answer;
    ``None`` when neither has such a rectangle."""
    grid = board.grid
    open_cells = [grid.cell(r, c) for r, c in sorted(cells)]
    rng.shuffle(open_cells)
    for answer in (shading, other):
        if answer is None:
            continue
        changed = numbered(board, answer, open_cells, settings.symmetry)
        if changed is not None:
            return changed, answer
    return None


LAYOUT: Layout[Board, Shading] = Layout(
    make=make, mend=mend,
    density=Option("density", 0.0, "Share of the numbers kept at least (0: only those "
                   "the answer needs)", kind=float, low=0, high=1, metavar="D"),
    options=(Option("largest", 5, "Longest side of the rectangles the layout lays out",
                    kind=int, low=1, high=100, metavar="N"),),
)

__all__ = ["LAYOUT", "areas", "make", "mend", "numbered"]
