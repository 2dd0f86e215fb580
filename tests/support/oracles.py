"""Brute-force oracles for every grid family, for the kit's setter contract test: small
boards of each family (unique, several solutions, none), every solution by brute force
(sharing no code with the encodings), and whether a board's layout has a symmetry."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

import numpy as np

from cpsolve.grid.geometry import Grid
from cpsolve.grid.puzzle import GridPuzzle


@dataclass(frozen=True)
class Oracle:
    """A family's ``puzzle``, small ``boards`` to test on, ``solutions(board)`` by brute
    force, ``symmetric(board, answer, symmetry)`` (the layout of a generated board),
    ``size``: the rows and columns of the boards
    its generator is tested at (brute force must finish on them), ``grades``: two
    grades its generator reaches, and ``graded``: the size it is asked for the second
    grade at, where boards of ``size`` are all of the first (``None``: ``size``)."""

    puzzle: GridPuzzle[Any, Any]
    boards: Callable[[], list[Any]]
    solutions: Callable[[Any], list[Any]]
    symmetric: Callable[[Any, Any, str], bool]
    size: tuple[int, int]
    grades: tuple[str, str] = ("gentle", "tough")
    graded: tuple[int, int] | None = None


# Akari ---------------------------------------------------------------------------------

def _akari() -> Oracle:
    from cpsolve.models.akari import AKARI, Board
    from cpsolve.models.akari.layout import generate
    from tests.support.akari_brute import solutions
    from tests.support.boards import random_board

    def boards() -> list[Any]:
        rows = [tuple(random_board(seed, 4)) for seed in range(70)]
        rows += [generate(3 + s % 3, 3 + (s // 3) % 3, black=0.2 + (s % 4) / 20,
                          clues=[0.2, 0.5, 1.0][s % 3], seed=s)[0].rows for s in range(40)]
        return [Board(r) for r in dict.fromkeys(rows)]

    def symmetric(board: Any, answer: Any, symmetry: str) -> bool:
        grid = Grid(board.height, board.width)
        black = {grid.cell(r, c) for r, row in enumerate(board.rows)
                 for c, ch in enumerate(row) if ch != "."}
        return all(set(grid.orbit(cell, symmetry)) <= black for cell in black)

    return Oracle(AKARI, boards, lambda board: list(solutions(list(board.rows))), symmetric,
                  (5, 5), ("easy", "tricky"))  # its own grader's scale, by human rules


# Heyawake ------------------------------------------------------------------------------

def _heyawake() -> Oracle:
    from cpsolve.models.heyawake import HEYAWAKE, Board
    from cpsolve.models.heyawake.layout import numbered, random_rooms, random_shading
    from tests.support.heyawake_brute import solutions

    def board(seed: int) -> Any:
        rng = random.Random(seed)
        rows, cols = rng.randint(2, 4), rng.randint(2, 4)
        room = random_rooms(rows, cols, rng, largest=rng.choice([2, 4, 6]))
        count = max(room) + 1
        numbers = tuple(rng.choice([None, None, 0, 1, 2]) for _ in range(count))
        cells = [[c for c in range(rows * cols) if room[c] == r] for r in range(count)]
        return Board(rows, cols, room, numbers, tuple(min(c) for c in cells))

    def solvable(seed: int) -> Any:
        """A board numbered from a valid shading, some numbers dropped."""
        rng = random.Random(seed)
        shading = None
        while shading is None:  # some room layouts allow no shading
            rows, cols = rng.randint(2, 4), rng.randint(2, 4)
            room = random_rooms(rows, cols, rng, largest=rng.choice([2, 4, 6]))
            shading = random_shading(numbered(rows, cols, room, frozenset()), rng)
        full = numbered(rows, cols, room, shading)
        return replace(full, numbers=tuple(n if rng.random() < 0.7 else None
                                           for n in full.numbers))

    def symmetric(board: Any, answer: Any, symmetry: str) -> bool:
        grid = board.grid
        same = {(a, b): board.room[a] == board.room[b] for a, b in grid.pairs}
        for a, b in grid.pairs:
            for x, y in zip(grid.images(a, symmetry), grid.images(b, symmetry)):
                if same[min(x, y), max(x, y)] != same[a, b]:
                    return False
        return True

    return Oracle(HEYAWAKE, lambda: [board(seed) for seed in range(60)]
                  + [solvable(seed) for seed in range(60)],
                  lambda board: sorted(solutions(board), key=sorted), symmetric, (4, 5))


# Masyu ---------------------------------------------------------------------------------

def _masyu() -> Oracle:
    from cpsolve.models.masyu import MASYU, Board
    from cpsolve.models.masyu.board import BLACK, EMPTY, WHITE
    from cpsolve.models.masyu.layout import candidates, random_loop
    from tests.support.masyu_brute import solutions

    def board(seed: int) -> Any:
        rng = random.Random(seed)
        rows, cols = rng.choice([(2, 3), (3, 3), (3, 4), (4, 4), (2, 5), (4, 3)])
        pearls = [rng.choice([EMPTY, EMPTY, EMPTY, WHITE, BLACK]) for _ in range(rows * cols)]
        if not any(pearls):
            pearls[rng.randrange(len(pearls))] = rng.choice([WHITE, BLACK])
        return Board(rows, cols, tuple(pearls))

    def solvable(seed: int) -> Any:
        """Some of the pearls a random loop allows."""
        rng = random.Random(seed)
        rows, cols = rng.choice([(3, 3), (3, 4), (4, 4), (4, 5), (5, 4)])
        fits = candidates(rows, cols, random_loop(rows, cols, rng, fill=rng.random()))
        share = rng.choice([0.6, 1.0, 1.0])
        keep = {cell: pearl for cell, pearl in fits.items() if rng.random() < share}
        return Board(rows, cols, tuple(keep.get(c, EMPTY) for c in range(rows * cols)))

    def symmetric(board: Any, answer: Any, symmetry: str) -> bool:
        grid = board.grid
        return all(all(board.pearls[image] != EMPTY for image in grid.orbit(cell, symmetry))
                   for cell in board.pearl_cells)

    return Oracle(MASYU, lambda: [board(seed) for seed in range(50)]
                  + [solvable(seed) for seed in range(70)],
                  lambda board: sorted(solutions(board), key=sorted), symmetric, (5, 6),
                  # Loops: pure propagation rarely decides a published Masyu either.
                  ("tough", "diabolical"))


# Mines: the family docs/new-family.md builds, from the page itself ------------------------

def _mines() -> Oracle:
    import tempfile
    from itertools import product

    from tests.support.doc_family import module

    family = module(tempfile.mkdtemp(prefix="mines-doc-"))
    Board = family.Board

    def solutions(board: Any) -> list[Any]:
        cells = board.rows * board.cols
        found = []
        for bits in product((False, True), repeat=cells):
            mines = frozenset(c for c in range(cells) if bits[c])
            if not family.check(board, mines):
                found.append(mines)
        return sorted(found, key=sorted)

    def board(seed: int) -> Any:
        rng = random.Random(seed)
        rows, cols = rng.choice([(2, 3), (3, 3), (2, 4), (2, 5)])
        mines = {c for c in range(rows * cols) if rng.random() < 0.3}
        grid = Grid(rows, cols)
        shown = rng.choice([0.4, 0.7, 1.0])
        numbers = tuple(None if c in mines or rng.random() > shown else
                        sum(1 for o in grid.touching[c] if o in mines) + (rng.random() < 0.1)
                        for c in range(rows * cols))
        return Board(rows, cols, numbers)

    def symmetric(board: Any, mines: Any, symmetry: str) -> bool:
        return all(set(board.grid.orbit(c, symmetry)) <= mines for c in mines)

    return Oracle(family.MINES, lambda: [board(seed) for seed in range(120)], solutions,
                  symmetric, (3, 4))


# Sudoku ----------------------------------------------------------------------------------

def _sudoku() -> Oracle:
    from cpsolve.models.sudoku import SUDOKU, Board
    from cpsolve.models.sudoku.layout import full_grid

    def solutions(board: Any) -> list[Any]:
        """Every filling, by backtracking cell by cell over the rows, columns and boxes
        worked out here from the box shape (no code shared with the family)."""
        n = board.size
        high = max(h for h in range(1, n + 1) if n % h == 0 and h * h <= n)
        wide = n // high
        grid = list(board.givens)

        def fits(cell: int, value: int) -> bool:
            r, c = divmod(cell, n)
            top, left = r - r % high, c - c % wide
            peers = ({r * n + k for k in range(n)} | {k * n + c for k in range(n)}
                     | {(top + i) * n + left + j for i in range(high) for j in range(wide)})
            return all(grid[p] != value for p in peers if p != cell)

        if any(v is not None and not fits(cell, v) for cell, v in enumerate(grid)):
            return []
        found: list[Any] = []

        def fill(cell: int) -> None:
            if cell == n * n:
                found.append(tuple(grid))
            elif grid[cell] is not None:
                fill(cell + 1)
            else:
                for value in range(1, n + 1):
                    if fits(cell, value):
                        grid[cell] = value
                        fill(cell + 1)
                grid[cell] = None

        fill(0)
        return sorted(found)

    def board(seed: int) -> Any:
        """4x4 (the tools count solutions of boards with few givens left: a 6x6 with
        two has hundreds of thousands; tests/sudoku checks larger boards against CP-SAT)."""
        rng = random.Random(seed)
        digits = full_grid(4, np.random.default_rng(seed))
        keep = rng.choice([0.25, 0.35, 0.5])
        givens = [v if rng.random() < keep else None for v in digits]
        if seed % 3 == 0:  # a wrong given: often no solution
            givens[rng.randrange(16)] = rng.randint(1, 4)
        return Board(4, tuple(givens))

    def symmetric(board: Any, answer: Any, symmetry: str) -> bool:
        given = {c for c, v in enumerate(board.givens) if v is not None}
        return all(set(board.grid.orbit(c, symmetry)) <= given for c in given)

    # Every 4x4 board is easy; at 6x6 a tricky one is rare (one seed in three).
    return Oracle(SUDOKU, lambda: [board(seed) for seed in range(120)], solutions,
                  symmetric, (4, 4), graded=(9, 9))


# Star Battle ---------------------------------------------------------------------------

def starbattle_solutions(board: Any) -> list[Any]:
    """Every placement of stars, cell by cell in reading order: a star only where no
    earlier star touches it (the eight cells around), the counts of the rows, columns
    and regions worked out here from the labels (no code shared with the family); a
    unit the board leaves ``free`` may hold any number."""
    rows, cols, stars = board.rows, board.cols, board.stars
    free = board.free
    label = board.region
    regions = max(label) + 1
    size = [label.count(k) for k in range(regions)]
    placed: list[bool] = [False] * (rows * cols)
    in_row, in_col, in_region = [0] * rows, [0] * cols, [0] * regions
    seen_col, seen_region = [0] * cols, [0] * regions
    found: list[Any] = []

    def counted(kind: str, index: int) -> bool:
        return (kind, index) not in free

    def fits(count: int, seen: int, total: int, kind: str, index: int) -> bool:
        """A unit can still end with ``stars`` stars."""
        if not counted(kind, index):
            return True
        return count <= stars and count + (total - seen) >= stars

    def place(cell: int) -> None:
        if cell == rows * cols:
            found.append(frozenset(k for k, on in enumerate(placed) if on))
            return
        r, c = divmod(cell, cols)
        k = label[cell]
        touching = any(placed[(r + dr) * cols + c + dc]
                       for dr, dc in ((-1, -1), (-1, 0), (-1, 1), (0, -1))
                       if 0 <= r + dr < rows and 0 <= c + dc < cols)
        for star in ((False, True) if not touching else (False,)):
            placed[cell] = star
            in_row[r] += star
            in_col[c] += star
            in_region[k] += star
            seen_col[c] += 1
            seen_region[k] += 1
            if (fits(in_row[r], c + 1, cols, "row", r)
                    and fits(in_col[c], seen_col[c], rows, "column", c)
                    and fits(in_region[k], seen_region[k], size[k], "region", k)):
                place(cell + 1)
            placed[cell] = False
            in_row[r] -= star
            in_col[c] -= star
            in_region[k] -= star
            seen_col[c] -= 1
            seen_region[k] -= 1

    place(0)
    return sorted(found, key=sorted)


def _starbattle() -> Oracle:
    from cpsolve.models.starbattle import STARBATTLE, Board
    from cpsolve.models.starbattle.layout import grow, random_stars

    def partition(size: int, rng: random.Random) -> tuple[int, ...]:
        """``size`` connected regions grown at random from random seeds."""
        grid = Grid(size, size)
        label = [-1] * grid.cells
        for k, seed in enumerate(rng.sample(range(grid.cells), size)):
            label[seed] = k
        while -1 in label:
            cell = rng.choice([c for c in range(grid.cells) if label[c] < 0 and any(
                label[o] >= 0 for o in grid.neighbours[c])])
            label[cell] = label[rng.choice([o for o in grid.neighbours[cell]
                                            if label[o] >= 0])]
        first: dict[int, int] = {}
        return tuple(first.setdefault(k, len(first)) for k in label)

    def board(seed: int) -> Any:
        rng = random.Random(seed)
        size = rng.choice([4, 5, 5])
        return Board(size, size, 1, partition(size, rng))

    def solvable(seed: int) -> Any:
        """Regions grown around a valid placement: one solution or more."""
        rng = random.Random(seed)
        size = rng.choice([4, 5, 5])
        stars = random_stars(size, 1, rng)
        assert stars is not None
        region = None
        while region is None:
            region = grow(Grid(size, size), stars, size, 1, rng, rng.random())
        return Board(size, size, 1, region)

    def symmetric(board: Any, answer: Any, symmetry: str) -> bool:
        return symmetry == "none"  # regions are laid out without symmetry

    return Oracle(STARBATTLE, lambda: [board(seed) for seed in range(60)]
                  + [solvable(seed) for seed in range(60)],
                  starbattle_solutions, symmetric, (5, 5))


# Hitori --------------------------------------------------------------------------------

def hitori_solutions(board: Any) -> list[Any]:
    """Every shading, cell by cell in reading order: a cell shaded only where the cell
    above and the one before are not, a row's and the columns' repeated numbers
    checked as soon as their cells are decided, the unshaded cells' connectivity at
    the end by a flood (no code shared with the family)."""
    rows, cols = board.rows, board.cols
    shown = [n if n is not None and n >= 0 else None for n in board.numbers]
    shaded = [False] * (rows * cols)
    found: list[Any] = []

    def repeats_ok(cell: int) -> bool:
        """The cell, if unshaded, repeats no unshaded number before it in its row or
        column."""
        if shaded[cell] or shown[cell] is None:
            return True
        r, c = divmod(cell, cols)
        before = [r * cols + k for k in range(c)] + [k * cols + c for k in range(r)]
        return all(shaded[o] or shown[o] != shown[cell] for o in before)

    def connected() -> bool:
        white = [k for k in range(rows * cols) if not shaded[k]]
        if not white:
            return True
        seen, stack = {white[0]}, [white[0]]
        while stack:
            r, c = divmod(stack.pop(), cols)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                k = rr * cols + cc
                if 0 <= rr < rows and 0 <= cc < cols and not shaded[k] and k not in seen:
                    seen.add(k)
                    stack.append(k)
        return len(seen) == len(white)

    def place(cell: int) -> None:
        if cell == rows * cols:
            if connected():
                found.append(frozenset(k for k, on in enumerate(shaded) if on))
            return
        r, c = divmod(cell, cols)
        touching = (r > 0 and shaded[cell - cols]) or (c > 0 and shaded[cell - 1])
        for shade in ((False, True) if not touching else (False,)):
            shaded[cell] = shade
            if repeats_ok(cell):
                place(cell + 1)
        shaded[cell] = False

    place(0)
    return sorted(found, key=sorted)


def _hitori() -> Oracle:
    from cpsolve.grid.layouts import scattered
    from cpsolve.models.hitori import HITORI, Board
    from cpsolve.models.hitori.layout import numbers_for

    def board(seed: int) -> Any:
        """Numbers at random from a few values, some cells empty or "?"."""
        rng = random.Random(seed)
        rows, cols = rng.randint(2, 4), rng.randint(2, 4)
        values = rng.randint(2, 4)
        return Board(rows, cols, tuple(rng.choice([*range(1, values + 1), None, -2])
                                       if rng.random() < 0.2 else rng.randint(1, values)
                                       for _ in range(rows * cols)))

    def made(seed: int) -> Any:
        """A layout the generator would start from: one solution or more."""
        rng = random.Random(seed)
        grid = Grid(rng.randint(3, 5), rng.randint(3, 5))
        shading = scattered(grid, rng.choice([0.2, 0.3]), rng)
        return Board(grid.rows, grid.cols, numbers_for(grid, shading, rng))

    def symmetric(board: Any, answer: Any, symmetry: str) -> bool:
        return all(set(board.grid.orbit(cell, symmetry)) <= answer for cell in answer)

    return Oracle(HITORI, lambda: [board(seed) for seed in range(60)]
                  + [made(seed) for seed in range(60)], hitori_solutions, symmetric, (5, 5),
                  # unit propagation alone decides no cell of a board numbered throughout
                  # (a Hitori needs trials from the first cell on), and the layouts made
                  # so far are decided by single trials: tricky is the one grade reached
                  grades=("tough", "tough"))


# Kurodoko ------------------------------------------------------------------------------

def kurodoko_solutions(board: Any) -> list[Any]:
    """Every shading, cell by cell in reading order (a numbered cell never shaded, a
    cell shaded only where the cell above and the one before are not), each whole one
    checked here: the unshaded cells one area by a flood, and each number the count of
    cells it sees, walked out along its row and column (no code shared with the
    family)."""
    rows, cols = board.rows, board.cols
    numbers = board.numbers
    shaded = [False] * (rows * cols)
    found: list[Any] = []

    def sees(cell: int) -> int:
        r, c = divmod(cell, cols)
        count = 1
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            rr, cc = r + dr, c + dc
            while 0 <= rr < rows and 0 <= cc < cols and not shaded[rr * cols + cc]:
                count += 1
                rr, cc = rr + dr, cc + dc
        return count

    def whole() -> bool:
        white = [k for k in range(rows * cols) if not shaded[k]]
        seen, stack = {white[0]}, [white[0]]
        while stack:
            r, c = divmod(stack.pop(), cols)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                k = rr * cols + cc
                if 0 <= rr < rows and 0 <= cc < cols and not shaded[k] and k not in seen:
                    seen.add(k)
                    stack.append(k)
        return len(seen) == len(white) and all(
            n is None or n < 0 or sees(k) == n for k, n in enumerate(numbers))

    def place(cell: int) -> None:
        if cell == rows * cols:
            if whole():
                found.append(frozenset(k for k, on in enumerate(shaded) if on))
            return
        r, c = divmod(cell, cols)
        touching = (r > 0 and shaded[cell - cols]) or (c > 0 and shaded[cell - 1])
        for shade in ((False, True) if not touching and numbers[cell] is None else (False,)):
            shaded[cell] = shade
            place(cell + 1)
        shaded[cell] = False

    place(0)
    return sorted(found, key=sorted)


def _kurodoko() -> Oracle:
    from cpsolve.grid.layouts import Settings
    from cpsolve.models.kurodoko import KURODOKO, Board
    from cpsolve.models.kurodoko.layout import make

    def board(seed: int) -> Any:
        """A few numbers at random (a "?" now and then), seldom all of them right."""
        rng = random.Random(seed)
        rows, cols = rng.randint(1, 4), rng.randint(2, 4)
        numbers: list[int | None] = [None] * (rows * cols)
        for cell in rng.sample(range(rows * cols), rng.randint(1, min(3, rows * cols))):
            numbers[cell] = -2 if rng.random() < 0.15 else rng.randint(1, rows + cols - 1)
        return Board(rows, cols, tuple(numbers))

    def made(seed: int) -> Any:
        """A layout the generator starts from, some of its numbers taken away: one
        solution or more."""
        rng = random.Random(seed)
        settings = Settings(rng.randint(3, 5), rng.randint(3, 5), "none", 0.0,
                            {"shaded": rng.choice([0.2, 0.3])})
        laid, _ = make(settings, np.random.default_rng(seed))
        keep = rng.choice([0.15, 0.3, 0.5])
        return laid.renumbered({cell: None for cell in laid.clue_cells
                                if rng.random() > keep})

    def symmetric(board: Any, answer: Any, symmetry: str) -> bool:
        return all(set(board.grid.orbit(cell, symmetry)) <= set(board.clue_cells)
                   for cell in board.clue_cells)

    return Oracle(KURODOKO, lambda: [board(seed) for seed in range(60)]
                  + [made(seed) for seed in range(60)], kurodoko_solutions, symmetric,
                  # a number's sight, counted, links its cells: chains
                  (5, 5), ("moderate", "tough"))


# Mochikoro -----------------------------------------------------------------------------

def mochikoro_solutions(board: Any) -> list[Any]:
    """Every shading, cell by cell in reading order (a numbered cell never shaded; as
    soon as a 2x2 block's last cell is decided, the block neither all shaded nor
    three unshaded cells in an L, which lie in one area that is then no rectangle),
    each whole one checked
    by floods written here: some cell shaded, each unshaded area as many cells as its
    bounding box, at most one number in it and a number its size, and the unshaded
    cells one piece through sides and corners (no code shared with the family)."""
    rows, cols = board.rows, board.cols
    n = rows * cols
    numbers = board.numbers
    shaded = [False] * n

    def flood(start: int, steps: list[tuple[int, int]], seen: set[int]) -> list[int]:
        part, stack = [start], [start]
        seen.add(start)
        while stack:
            r, c = divmod(stack.pop(), cols)
            for dr, dc in steps:
                rr, cc = r + dr, c + dc
                k = rr * cols + cc
                if 0 <= rr < rows and 0 <= cc < cols and not shaded[k] and k not in seen:
                    seen.add(k)
                    part.append(k)
                    stack.append(k)
        return part

    sides = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    around = sides + [(-1, -1), (-1, 1), (1, -1), (1, 1)]

    def valid() -> bool:
        if not any(shaded):
            return False
        land = [k for k in range(n) if not shaded[k]]
        if land and len(flood(land[0], around, set())) != len(land):
            return False
        seen: set[int] = set()
        for k in land:
            if k in seen:
                continue
            area = flood(k, sides, seen)
            rs = [a // cols for a in area]
            cs = [a % cols for a in area]
            if (max(rs) - min(rs) + 1) * (max(cs) - min(cs) + 1) != len(area):
                return False
            given = [numbers[a] for a in area if numbers[a] is not None]
            if len(given) > 1 or (given and given[0] >= 0 and given[0] != len(area)):
                return False
        return True

    found: list[Any] = []

    def place(cell: int) -> None:
        if cell == n:
            if valid():
                found.append(frozenset(k for k in range(n) if shaded[k]))
            return
        r, c = divmod(cell, cols)
        for shade in ((False,) if numbers[cell] is not None else (False, True)):
            shaded[cell] = shade
            block = r > 0 and c > 0 and sum(
                (shade, shaded[cell - 1], shaded[cell - cols], shaded[cell - cols - 1])) in (1, 4)
            if not block:
                place(cell + 1)
        shaded[cell] = False

    place(0)
    return sorted(found, key=sorted)


def _mochikoro() -> Oracle:
    from cpsolve.grid.layouts import Settings
    from cpsolve.models.mochikoro import MOCHIKORO, Board
    from cpsolve.models.mochikoro.layout import make

    def board(seed: int) -> Any:
        """A few numbers at random, some "?"."""
        rng = random.Random(seed)
        rows, cols = rng.randint(1, 4), rng.randint(2, 4)
        numbers: list[int | None] = [None] * (rows * cols)
        for cell in rng.sample(range(rows * cols), rng.randint(1, 2 + rows * cols // 6)):
            numbers[cell] = rng.choice([1, 1, 2, 2, 3, 4, 6, -2])
        return Board(rows, cols, tuple(numbers))

    def made(seed: int) -> Any:
        """A layout the generator starts from, some of its numbers taken away: one
        solution or more."""
        rng = random.Random(seed)
        settings = Settings(rng.randint(3, 4), rng.randint(3, 4), "none", 0.0,
                            {"largest": rng.choice([2, 3])})
        laid = make(settings, np.random.default_rng(seed))
        assert laid is not None
        keep = rng.choice([0.6, 1.0, 1.0])
        return laid[0].renumbered({cell: None for cell in laid[0].clue_cells
                                   if rng.random() > keep})

    def symmetric(board: Any, answer: Any, symmetry: str) -> bool:
        clues = set(board.clue_cells)
        return all(set(board.grid.orbit(cell, symmetry)) <= clues for cell in clues)

    return Oracle(MOCHIKORO, lambda: [board(seed) for seed in range(30)]
                  + [made(seed) for seed in range(45)], mochikoro_solutions, symmetric,
                  # an even width mirrored leaves the rectangles across the middle no
                  # cell for a number of their own (it would stand twice)
                  (4, 5), ("moderate", "tough"))


# Yajisan-Kazusan ------------------------------------------------------------------------

def yajikazu_solutions(board: Any) -> list[Any]:
    """Every shading, cell by cell in reading order (a cell shaded only where the cell
    above and the one before are not; each unshaded number with an arrow, once the cells
    it counts are placed, the count of shaded cells walked out to the edge), each whole
    one checked here: some cell shaded, the unshaded cells one area by a flood (no code
    shared with the family)."""
    rows, cols = board.rows, board.cols
    steps = {"n": (-1, 0), "s": (1, 0), "e": (0, 1), "w": (0, -1)}
    shaded = [False] * (rows * cols)
    found: list[Any] = []

    def counted(cell: int, way: str) -> int:
        (dr, dc), (r, c) = steps[way], divmod(cell, cols)
        total = 0
        r, c = r + dr, c + dc
        while 0 <= r < rows and 0 <= c < cols:
            total += shaded[r * cols + c]
            r, c = r + dr, c + dc
        return total

    def whole() -> bool:
        white = [k for k in range(rows * cols) if not shaded[k]]
        seen, stack = {white[0]}, [white[0]]
        while stack:
            r, c = divmod(stack.pop(), cols)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                k = rr * cols + cc
                if 0 <= rr < rows and 0 <= cc < cols and not shaded[k] and k not in seen:
                    seen.add(k)
                    stack.append(k)
        return len(seen) == len(white)

    def last(cell: int, way: str) -> int:
        """The last cell in reading order of the clue's cell and those it counts."""
        (dr, dc), (r, c) = steps[way], divmod(cell, cols)
        if (dr, dc) in ((1, 0), (0, 1)):
            r, c = (rows - 1, c) if dr else (r, cols - 1)
        return r * cols + c

    # each clue checked as soon as the cells it depends on are placed
    ready: list[list[int]] = [[] for _ in range(rows * cols)]
    for k, clue in enumerate(board.clues):
        if clue is not None and clue.number is not None and clue.direction is not None:
            ready[last(k, clue.direction)].append(k)

    def holds(cell: int) -> bool:
        return all(shaded[k] or counted(k, board.clues[k].direction) == board.clues[k].number
                   for k in ready[cell])

    def place(cell: int) -> None:
        if cell == rows * cols:
            if any(shaded) and whole():
                found.append(frozenset(k for k, on in enumerate(shaded) if on))
            return
        r, c = divmod(cell, cols)
        touching = (r > 0 and shaded[cell - cols]) or (c > 0 and shaded[cell - 1])
        for shade in ((False, True) if not touching else (False,)):
            shaded[cell] = shade
            if holds(cell):
                place(cell + 1)
        shaded[cell] = False

    place(0)
    return sorted(found, key=sorted)


def _yajikazu() -> Oracle:
    from cpsolve.grid.layouts import Settings
    from cpsolve.models.yajikazu import YAJIKAZU, Arrow, Board
    from cpsolve.models.yajikazu.layout import make

    def board(seed: int) -> Any:
        """A few clues at random (a "?" or a number without an arrow now and then)."""
        rng = random.Random(seed)
        rows, cols = rng.randint(1, 3), rng.randint(2, 4)
        clues: list[Any] = [None] * (rows * cols)
        for cell in rng.sample(range(rows * cols), rng.randint(2, min(5, rows * cols))):
            clues[cell] = Arrow(rng.choice([None, 0, 1, 1, 2, 2, 3]),
                                rng.choice([None, "n", "s", "e", "w", "e", "s"]))
        return Board(rows, cols, tuple(clues))

    def made(seed: int) -> Any:
        """A layout the generator starts from, some of its clues taken away: one
        solution or more."""
        rng = random.Random(seed)
        settings = Settings(rng.randint(3, 4), rng.randint(3, 4), "none", 0.0,
                            {"shaded": rng.choice([0.2, 0.3]), "lies": 0.5})
        laid = make(settings, np.random.default_rng(seed))
        if laid is None:
            return board(seed)
        keep = rng.choice([0.4, 0.6, 0.9])
        return laid[0].with_clues({cell: None for cell in laid[0].clue_cells
                                   if rng.random() > keep})

    def symmetric(board: Any, answer: Any, symmetry: str) -> bool:
        """The shading has the symmetry (the clues are taken away one by one)."""
        return all(set(board.grid.orbit(cell, symmetry)) <= answer for cell in answer)

    return Oracle(YAJIKAZU, lambda: [board(seed) for seed in range(30)]
                  + [made(seed) for seed in range(30)], yajikazu_solutions, symmetric,
                  # unit propagation decides no layout made so far (a clue on its own
                  # says "shaded, or this count": trials from the first): tough at 4x4,
                  # hard at 6x6
                  (4, 4), ("tough", "diabolical"), graded=(6, 6))


# Nurikabe ------------------------------------------------------------------------------

def nurikabe_solutions(board: Any) -> list[Any]:
    """Every shading, cell by cell in reading order (a numbered cell never shaded, no
    2x2 block all shaded as soon as its last cell is decided), each whole one checked
    by floods written here: one sea, each island one number equal to its size (no code
    shared with the family)."""
    rows, cols = board.rows, board.cols
    n = rows * cols
    numbers = board.numbers
    shaded = [False] * n

    def flood(start: int, want: bool, seen: set[int]) -> list[int]:
        part, stack = [start], [start]
        seen.add(start)
        while stack:
            r, c = divmod(stack.pop(), cols)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                k = rr * cols + cc
                if 0 <= rr < rows and 0 <= cc < cols and shaded[k] == want and k not in seen:
                    seen.add(k)
                    part.append(k)
                    stack.append(k)
        return part

    def valid() -> bool:
        sea = [k for k in range(n) if shaded[k]]
        if sea and len(flood(sea[0], True, set())) != len(sea):
            return False
        seen: set[int] = set()
        for k in range(n):
            if shaded[k] or k in seen:
                continue
            island = flood(k, False, seen)
            clues = [c for c in island if numbers[c] is not None]
            if len(clues) != 1:
                return False
            size = numbers[clues[0]]
            if size is not None and size >= 0 and size != len(island):
                return False
        return True

    found: list[Any] = []

    def place(cell: int) -> None:
        if cell == n:
            if valid():
                found.append(frozenset(k for k in range(n) if shaded[k]))
            return
        r, c = divmod(cell, cols)
        for shade in ((False,) if numbers[cell] is not None else (False, True)):
            shaded[cell] = shade
            block = (shade and r > 0 and c > 0 and shaded[cell - 1]
                     and shaded[cell - cols] and shaded[cell - cols - 1])
            if not block:
                place(cell + 1)
        shaded[cell] = False

    place(0)
    return sorted(found, key=sorted)


def _nurikabe() -> Oracle:
    from cpsolve.models.nurikabe import NURIKABE, Board
    from cpsolve.models.nurikabe.layout import land, numbered

    def board(seed: int) -> Any:
        """A few numbers at random, some "?"."""
        rng = random.Random(seed)
        rows, cols = rng.randint(2, 4), rng.randint(2, 4)
        numbers: list[int | None] = [None] * (rows * cols)
        for cell in rng.sample(range(rows * cols), rng.randint(1, 3)):
            numbers[cell] = rng.choice([1, 1, 2, 2, 3, 4, -2])
        return Board(rows, cols, tuple(numbers))

    def made(seed: int) -> Any:
        """A layout as the generator makes it: one solution or more."""
        rng = random.Random(seed)
        grid = Grid(rng.randint(3, 4), rng.randint(3, 4))
        islands = None
        while islands is None:
            islands = land(grid, "none", rng.choice([0.3, 0.5]), 5, rng)
        return Board(grid.rows, grid.cols, numbered(grid, islands, "none", rng))

    def symmetric(board: Any, answer: Any, symmetry: str) -> bool:
        clues = set(board.clue_cells)
        return all(set(board.grid.orbit(cell, symmetry)) <= clues for cell in clues)

    return Oracle(NURIKABE, lambda: [board(seed) for seed in range(60)]
                  + [made(seed) for seed in range(60)], nurikabe_solutions, symmetric,
                  # 4x4 has no mirror layout: its two middle columns stay sea
                  (4, 5), ("moderate", "tough"))


# Nurimisaki ----------------------------------------------------------------------------

def nurimisaki_solutions(board: Any) -> list[Any]:
    """Every shading, cell by cell in reading order (a circle never shaded, no 2x2
    block all of one side as soon as its last cell is decided, a cell's cape counted
    once its neighbours are all decided), each whole one checked by code written here:
    a cell shaded, the unshaded cells connected by a flood, every cape circled and
    every circle a cape, each number its run (no code shared with the family)."""
    rows, cols = board.rows, board.cols
    n = rows * cols
    numbers = board.numbers
    shaded = [False] * n

    def around(cell: int) -> list[int]:
        r, c = divmod(cell, cols)
        return [rr * cols + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= rr < rows and 0 <= cc < cols]

    def cape_ok(cell: int, runs: bool = True) -> bool:
        """The cell is a cape where it has a circle, and only there; with ``runs``
        (the whole board decided), its number is its run."""
        open_ = [o for o in around(cell) if not shaded[o]]
        if numbers[cell] is None:
            return shaded[cell] or len(open_) != 1
        if shaded[cell] or len(open_) != 1:
            return False
        if numbers[cell] < 0 or not runs:
            return True
        (r, c), (orow, ocol) = divmod(cell, cols), divmod(open_[0], cols)
        dr, dc, run = orow - r, ocol - c, 1
        while 0 <= r + run * dr < rows and 0 <= c + run * dc < cols \
                and not shaded[(r + run * dr) * cols + c + run * dc]:
            run += 1
        return run == numbers[cell]

    def valid() -> bool:
        if not any(shaded) or not all(cape_ok(k) for k in range(n)):
            return False
        land = [k for k in range(n) if not shaded[k]]
        seen, stack = {land[0]}, [land[0]]
        while stack:
            for o in around(stack.pop()):
                if not shaded[o] and o not in seen:
                    seen.add(o)
                    stack.append(o)
        return len(seen) == len(land)

    found: list[Any] = []

    def place(cell: int) -> None:
        if cell == n:
            if valid():
                found.append(frozenset(k for k in range(n) if shaded[k]))
            return
        r, c = divmod(cell, cols)
        for shade in ((False,) if numbers[cell] is not None else (False, True)):
            shaded[cell] = shade
            if r > 0 and c > 0 and len({shaded[cell], shaded[cell - 1], shaded[cell - cols],
                                        shaded[cell - cols - 1]}) == 1:
                continue
            if c == cols - 1 and r > 0 and not all(
                    cape_ok(k, False) for k in range((r - 1) * cols, r * cols)):
                continue  # the row above is decided, and its neighbours (not its runs)
            place(cell + 1)
        shaded[cell] = False

    place(0)
    return sorted(found, key=sorted)


def _nurimisaki() -> Oracle:
    from cpsolve.models.nurimisaki import NURIMISAKI, Board
    from cpsolve.models.nurimisaki.layout import circled, maze

    def board(seed: int) -> Any:
        """A few circles at random, some with numbers."""
        rng = random.Random(seed)
        rows, cols = rng.randint(2, 4), rng.randint(2, 4)
        numbers: list[int | None] = [None] * (rows * cols)
        for cell in rng.sample(range(rows * cols), rng.randint(1, 4)):
            numbers[cell] = rng.choice([2, 2, 3, 4, -2, -2])
        return Board(rows, cols, tuple(numbers))

    def made(seed: int) -> Any:
        """A maze as the generator lays it out, its capes circled, some numbers left
        out: one solution or more."""
        rng = random.Random(seed)
        grid = Grid(rng.randint(3, 4), rng.randint(3, 5))
        open_ = None
        while open_ is None:
            open_ = maze(grid, "none", rng)
        numbers = circled(grid, open_)
        return Board(grid.rows, grid.cols, tuple(
            -2 if n is not None and rng.random() < 0.6 else n for n in numbers))

    def symmetric(board: Any, answer: Any, symmetry: str) -> bool:
        return all(set(board.grid.orbit(cell, symmetry)) <= answer for cell in answer)

    return Oracle(NURIMISAKI, lambda: [board(seed) for seed in range(60)]
                  + [made(seed) for seed in range(60)], nurimisaki_solutions, symmetric,
                  (4, 5))


# Tapa ----------------------------------------------------------------------------------

def tapa_solutions(board: Any) -> list[Any]:
    """Every shading, cell by cell in reading order (a clue cell never shaded, no 2x2
    block all shaded as soon as its last cell is decided), each whole one checked here:
    some cell shaded, the shaded cells one flood, and around each clue the shaded runs,
    found by walking the eight cells around it as a string, are its numbers in some
    order, a ? any (no runs at all read as one run of 0), no code shared with the
    family."""
    rows, cols = board.rows, board.cols
    n = rows * cols
    shaded = [False] * n
    ring = ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1))

    def runs(cell: int) -> list[int]:
        r, c = divmod(cell, cols)
        marks = "".join("#" if 0 <= r + dr < rows and 0 <= c + dc < cols
                        and shaded[(r + dr) * cols + c + dc] else "." for dr, dc in ring)
        if "." not in marks:
            return [8]
        cut = marks.index(".")
        found = [len(part) for part in (marks[cut:] + marks[:cut]).split(".") if part]
        return found or [0]

    def valid() -> bool:
        sea = [k for k in range(n) if shaded[k]]
        if not sea:
            return False
        seen, stack = {sea[0]}, [sea[0]]
        while stack:
            r, c = divmod(stack.pop(), cols)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                k = rr * cols + cc
                if 0 <= rr < rows and 0 <= cc < cols and shaded[k] and k not in seen:
                    seen.add(k)
                    stack.append(k)
        if len(seen) != len(sea):
            return False
        for cell, clue in enumerate(board.clues):
            if clue is None:
                continue
            found = sorted(runs(cell))
            known = sorted(x for x in clue if x >= 0)
            if len(found) != len(clue):
                return False
            rest = list(found)
            for x in known:
                if x not in rest:
                    return False
                rest.remove(x)
        return True

    def fits(cell: int) -> bool:
        clue = board.clues[cell]
        found = runs(cell)
        rest = list(found)
        for x in clue:
            if x >= 0 and x not in rest:
                return False
            if x >= 0:
                rest.remove(x)
        return len(found) == len(clue)

    # each clue checked as soon as the last cell of its ring is decided
    last: dict[int, list[int]] = {}
    for cell, clue in enumerate(board.clues):
        if clue is not None:
            r, c = divmod(cell, cols)
            last.setdefault(min(r + 1, rows - 1) * cols + min(c + 1, cols - 1), []).append(cell)
    found: list[Any] = []

    def place(cell: int) -> None:
        if cell == n:
            if valid():
                found.append(frozenset(k for k in range(n) if shaded[k]))
            return
        r, c = divmod(cell, cols)
        for shade in ((False,) if board.clues[cell] is not None else (False, True)):
            shaded[cell] = shade
            if not (shade and r > 0 and c > 0 and shaded[cell - 1]
                    and shaded[cell - cols] and shaded[cell - cols - 1]) and all(
                    fits(k) for k in last.get(cell, ())):
                place(cell + 1)
        shaded[cell] = False

    place(0)
    return sorted(found, key=sorted)


def _tapa() -> Oracle:
    from cpsolve.grid.layouts import Settings
    from cpsolve.models.tapa import TAPA, Board
    from cpsolve.models.tapa.layout import make

    def board(seed: int) -> Any:
        """A few clues at random, some with '?'."""
        rng = random.Random(seed)
        rows, cols = rng.randint(2, 4), rng.randint(2, 4)
        clues: list[Any] = [None] * (rows * cols)
        choices = [(0,), (1,), (2,), (3,), (4,), (1, 1), (2, 1), (-2,), (-2, 1), (1, 1, 1),
                   (-2, -2), (5,)]
        for cell in rng.sample(range(rows * cols), rng.randint(1, 3)):
            clues[cell] = rng.choice(choices)
        return Board(rows, cols, tuple(clues))

    def made(seed: int) -> Any:
        """A layout as the generator makes it, none, some or half of its clues taken
        away: one solution or more."""
        rng = random.Random(seed)
        settings = Settings(rng.randint(3, 4), rng.randint(3, 4), "none",
                            rng.choice([0.3, 0.5]), {"large": rng.choice([6, 9])})
        laid = make(settings, np.random.default_rng(seed))
        if laid is None:
            return board(seed)
        clues = list(laid[0].clues)
        for cell in range(len(clues)):
            if rng.random() < (0.0, 0.3, 0.5)[seed % 3]:
                clues[cell] = None
        return Board(settings.rows, settings.cols, tuple(clues))

    def symmetric(board: Any, answer: Any, symmetry: str) -> bool:
        clues = set(board.clue_cells)
        return all(set(board.grid.orbit(cell, symmetry)) <= clues for cell in clues)

    return Oracle(TAPA, lambda: [board(seed) for seed in range(60)]
                  + [made(seed) for seed in range(60)], tapa_solutions, symmetric, (5, 5))


# LITS ----------------------------------------------------------------------------------

def _canonical(cells: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """The least of a piece's eight images, moved to the origin: equal for pieces of
    one shape."""
    images = []
    for flip in (False, True):
        points = [(r, -c) if flip else (r, c) for r, c in cells]
        for _ in range(4):
            points = [(c, -r) for r, c in points]
            top, left = min(r for r, _ in points), min(c for _, c in points)
            images.append(tuple(sorted((r - top, c - left) for r, c in points)))
    return min(images)


def lits_solutions(board: Any) -> list[Any]:
    """Every shading: each asked region's four connected cells (every 4-subset of its
    cells, flooded), one per region in every combination, kept when the shading has
    no 2x2 block, no two pieces of one shape side by side and is connected; a free
    region stays unshaded."""
    from itertools import combinations, product

    grid = board.grid

    def connected(cells: set[int]) -> bool:
        start = min(cells)
        seen, todo = {start}, [start]
        while todo:
            for other in grid.neighbours[todo.pop()]:
                if other in cells and other not in seen:
                    seen.add(other)
                    todo.append(other)
        return seen == cells

    pieces = []
    for k, cells in enumerate(board.region_cells):
        if k in board.free:
            continue
        pieces.append([frozenset(four) for four in combinations(cells, 4)
                       if connected(set(four))])
    shape = {piece: _canonical([grid.rc(c) for c in piece]) for some in pieces
             for piece in some}
    found = []
    for choice in product(*pieces):
        shaded = frozenset().union(*choice)
        if any(all(c in shaded for c in block) for block in grid.blocks):
            continue
        if shaded and not connected(set(shaded)):
            continue
        kind = {cell: shape[piece] for piece in choice for cell in piece}
        if any(board.region[a] != board.region[b] and a in shaded and b in shaded
               and kind[a] == kind[b] for a, b in grid.pairs):
            continue
        found.append(shaded)
    return sorted(found, key=sorted)


def _lits() -> Oracle:
    from cpsolve.models.lits import LITS, Board
    from cpsolve.models.lits.layout import make

    def partition(rows: int, cols: int, rng: random.Random) -> tuple[int, ...]:
        """Regions of four to seven cells grown at random."""
        grid = Grid(rows, cols)
        label = [-1] * grid.cells
        count = 0
        for seed in rng.sample(range(grid.cells), grid.cells):
            if label[seed] >= 0:
                continue
            label[seed] = count
            size, want = 1, rng.randint(4, 7)
            while size < want:
                near = [o for c in range(grid.cells) if label[c] == count
                        for o in grid.neighbours[c] if label[o] < 0]
                if not near:
                    break
                label[rng.choice(near)] = count
                size += 1
            count += 1
        first: dict[int, int] = {}
        return tuple(first.setdefault(k, len(first)) for k in label)

    def board(seed: int) -> Any:
        rng = random.Random(seed)
        rows, cols = rng.randint(3, 4), rng.randint(4, 5)
        return Board(rows, cols, partition(rows, cols, rng))

    def made(seed: int) -> Any:
        """A layout as the generator makes it: one solution or more."""
        from cpsolve.grid.layouts import Settings

        rng = np.random.default_rng(seed)
        found = None
        while found is None:
            found = make(Settings(4, 5, "none", 0.5), rng)
        return found[0]

    def pinned(seed: int) -> Any:
        """A made layout with cells moved between regions, each move the one of those
        beside where two solutions differ that leaves the fewest (by brute force),
        until one is left: a unique board (or the last tried)."""
        from cpsolve.grid.regions import moves

        rng = random.Random(seed)
        current = made(seed + 1000)
        for _ in range(30):
            found = lits_solutions(current)
            if len(found) <= 1:
                break
            near = found[0] ^ found[1]
            pool = sorted(near | {o for c in near for o in current.grid.neighbours[c]})
            tried = []
            for _cell, _into, region in moves(current.grid, current.region, pool):
                changed = replace(current, region=region)
                count = len(lits_solutions(changed))
                if count:
                    tried.append((count, rng.random(), changed))
            if not tried:
                break
            current = min(tried, key=lambda t: t[:2])[2]
        return current

    def symmetric(board: Any, answer: Any, symmetry: str) -> bool:
        return symmetry == "none"  # regions are laid out without symmetry

    return Oracle(LITS, lambda: [board(seed) for seed in range(50)]
                  + [made(seed) for seed in range(30)] + [pinned(seed) for seed in range(15)],
                  lits_solutions, symmetric, (4, 5),
                  # a 4x5 holds three tetrominoes, never decided by the basic rules alone
                  grades=("tough", "diabolical"))


# Norinori ------------------------------------------------------------------------------

def norinori_solutions(board: Any) -> list[Any]:
    """Every shading: two cells of each asked region (any cells of a free one) in every
    combination, kept when every shaded cell has exactly one shaded neighbour."""
    from itertools import chain, combinations, product

    grid = board.grid
    choices = []
    for k, cells in enumerate(board.region_cells):
        sizes = range(len(cells) + 1) if k in board.free else (2,)
        choices.append([frozenset(some) for n in sizes for some in combinations(cells, n)])
    found = []
    for choice in product(*choices):
        shaded = frozenset(chain.from_iterable(choice))
        if all(sum(o in shaded for o in grid.neighbours[c]) == 1 for c in shaded):
            found.append(shaded)
    return sorted(found, key=sorted)


def _norinori() -> Oracle:
    from cpsolve.grid.layouts import Settings
    from cpsolve.models.norinori import NORINORI, Board
    from cpsolve.models.norinori.layout import make, mend

    def board(seed: int) -> Any:
        """Regions of two to four cells grown at random."""
        rng = random.Random(seed)
        rows, cols = rng.randint(2, 4), rng.randint(3, 5)
        grid = Grid(rows, cols)
        label = [-1] * grid.cells
        count = 0
        for start in rng.sample(range(grid.cells), grid.cells):
            if label[start] >= 0:
                continue
            label[start], members, want = count, [start], rng.randint(2, 4)
            while len(members) < want:
                near = [o for c in members for o in grid.neighbours[c] if label[o] < 0]
                if not near:
                    break
                members.append(rng.choice(near))
                label[members[-1]] = count
            count += 1
        first: dict[int, int] = {}
        return Board(rows, cols, tuple(first.setdefault(k, len(first)) for k in label))

    def made(seed: int, shape: tuple[int, int] = (4, 5)) -> Any:
        """A layout as the generator makes it: one solution or more."""
        rng = np.random.default_rng(seed)
        found = None
        while found is None:
            found = make(Settings(*shape, "none", 0.4), rng)
        return found[0]

    @cache
    def pinned(seed: int) -> tuple[Any, Any]:
        """A made layout mended by the generator's own mending where two solutions
        (by brute force) differ, until one is left: the board one mending before that
        (several solutions, where a move leaves one) and the unique board (or the last
        tried)."""
        shape = [(3, 4), (4, 4), (4, 5)][seed % 3]
        settings, rng = Settings(*shape, "none", 0.4), np.random.default_rng(seed)
        current = before = made(seed + 1000, shape)
        for _ in range(60):
            found = norinori_solutions(current)
            if len(found) <= 1:
                break
            grid = current.grid
            mended = mend(current, found[0], found[1],
                          {grid.rc(c) for c in found[0] ^ found[1]}, settings, rng)
            if mended is not None:  # else stuck this time: mending is random, try again
                before, current = current, mended[0]
        return before, current

    return Oracle(NORINORI, lambda: [board(seed) for seed in range(60)]
                  + [pinned(seed)[0] for seed in range(16)]
                  + [pinned(seed)[1] for seed in range(16)]
                  + [made(seed) for seed in range(20)],
                  norinori_solutions,
                  lambda board, answer, symmetry: symmetry == "none", (4, 5))


# Nurimaze ------------------------------------------------------------------------------

def nurimaze_solutions(board: Any) -> list[Any]:
    """Every shading of whole regions, each region shaded or not in every combination,
    kept when code written here finds S, G, the circles and the triangles unshaded, no
    2x2 block of one shade, the unshaded cells one piece with one side fewer than cells
    (a tree), and the tree's way from S to G through every circle and no triangle."""
    from itertools import product

    rows, cols = board.rows, board.cols
    n = rows * cols
    cells_of: dict[int, list[int]] = {}
    for cell, k in enumerate(board.region):
        cells_of.setdefault(k, []).append(cell)
    marks = board.marks
    kept = {board.start, board.goal} | {c for c in range(n) if marks[c]}

    def around(cell: int) -> list[int]:
        r, c = divmod(cell, cols)
        return [rr * cols + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= rr < rows and 0 <= cc < cols]

    found = []
    for choice in product((False, True), repeat=len(cells_of)):
        shaded = {c for k, on in zip(sorted(cells_of), choice) if on for c in cells_of[k]}
        if shaded & kept:
            continue
        if any(len({(r + dr) * cols + c + dc in shaded for dr in (0, 1) for dc in (0, 1)}) == 1
               for r in range(rows - 1) for c in range(cols - 1)):
            continue
        land = [c for c in range(n) if c not in shaded]
        sides = sum(1 for c in land for o in around(c) if o > c and o not in shaded)
        came = {board.start: board.start}
        queue = [board.start]
        for cell in queue:
            for o in around(cell):
                if o not in shaded and o not in came:
                    came[o] = cell
                    queue.append(o)
        if len(came) != len(land) or sides != len(land) - 1:
            continue
        way, cell = {board.goal}, board.goal
        while cell != board.start:
            cell = came[cell]
            way.add(cell)
        if all((marks[c] == 1) == (c in way) for c in range(n) if marks[c]):
            found.append(frozenset(shaded))
    return sorted(found, key=sorted)


def _nurimaze() -> Oracle:
    from cpsolve.grid.layouts import Settings
    from cpsolve.models.nurimaze import NURIMAZE, Board
    from cpsolve.models.nurimaze.layout import make, mend

    def board(seed: int) -> Any:
        """Regions of one to three cells, S and G, a few circles and triangles."""
        rng = random.Random(seed)
        rows, cols = rng.randint(2, 4), rng.randint(2, 5)
        grid = Grid(rows, cols)
        label = [-1] * grid.cells
        count = 0
        for start in rng.sample(range(grid.cells), grid.cells):
            if label[start] >= 0:
                continue
            label[start], members, want = count, [start], rng.randint(1, 3)
            while len(members) < want:
                near = [o for c in members for o in grid.neighbours[c] if label[o] < 0]
                if not near:
                    break
                members.append(rng.choice(near))
                label[members[-1]] = count
            count += 1
        first: dict[int, int] = {}
        start, goal, *marked = rng.sample(range(grid.cells), min(grid.cells, 4))
        marks = [0] * grid.cells
        for cell in marked[:rng.randint(0, 2)]:
            marks[cell] = rng.choice([1, 1, 2])
        return Board(rows, cols, tuple(first.setdefault(k, len(first)) for k in label),
                     start, goal, tuple(marks))

    @cache
    def pinned(seed: int) -> tuple[Any, Any]:
        """A layout as the generator makes it with its marks thinned out, mended by the
        generator's own mending where two solutions (by brute force) differ, until one
        is left: the board one mending before that, and the last."""
        rng, rnd = np.random.default_rng(seed), random.Random(seed)
        shape = [(3, 4), (4, 4), (4, 5)][seed % 3]
        settings = Settings(*shape, "none", 0.0, {"region": 1.5})
        found = None
        while found is None:
            found = make(settings, rng)
        current = replace(found[0], marks=tuple(m if rnd.random() < 0.3 else 0
                                                for m in found[0].marks))
        before = current
        for _ in range(40):
            solutions = nurimaze_solutions(current)
            if len(solutions) <= 1:
                break
            grid = current.grid
            mended = mend(current, solutions[0], solutions[1],
                          {grid.rc(c) for c in solutions[0] ^ solutions[1]}, settings, rng)
            if mended is None:
                break
            before, current = current, mended[0]
        return before, current

    return Oracle(NURIMAZE, lambda: [board(seed) for seed in range(36)]
                  + [pinned(seed)[0] for seed in range(12)]
                  + [pinned(seed)[1] for seed in range(12)],
                  nurimaze_solutions,
                  lambda board, answer, symmetry: symmetry == "none", (4, 5))


# Fillomino -----------------------------------------------------------------------------

def fillomino_solutions(board: Any) -> list[Any]:
    """Every filling: the board cut into connected pieces, the first free cell in
    reading order starting a piece of any connected set of free cells, each piece
    numbered with its size, no two pieces of one size side by side, every given
    number its piece's size."""
    grid = board.grid
    given = [n if n is not None and n > 0 else 0 for n in board.numbers]

    def pieces(start: int, free: set[int]) -> list[frozenset[int]]:
        found = {frozenset({start})}
        todo = [frozenset({start})]
        while todo:
            piece = todo.pop()
            for cell in piece:
                for other in grid.neighbours[cell]:
                    if other in free and other not in piece:
                        bigger = piece | {other}
                        if bigger not in found:
                            found.add(bigger)
                            todo.append(bigger)
        return sorted(found, key=sorted)

    filling = [0] * board.cells
    found: list[Any] = []

    def place() -> None:
        free = {c for c in range(board.cells) if not filling[c]}
        if not free:
            found.append(tuple(filling))
            return
        start = min(free)
        for piece in pieces(start, free):
            size = len(piece)
            if any(given[c] and given[c] != size for c in piece):
                continue
            if any(filling[o] == size for c in piece for o in grid.neighbours[c]
                   if o not in piece):
                continue
            for c in piece:
                filling[c] = size
            place()
            for c in piece:
                filling[c] = 0

    place()
    return sorted(found)


def _fillomino() -> Oracle:
    from cpsolve.models.fillomino import FILLOMINO, Board
    from cpsolve.models.fillomino.layout import random_filling

    def board(seed: int) -> Any:
        """A filling at random with some of its numbers kept, now and then one
        changed (no solution, often)."""
        rng = random.Random(seed)
        grid = Grid(rng.randint(2, 3), rng.randint(3, 4))
        filling = None
        while filling is None:
            filling = random_filling(grid, 4, rng)
        keep = rng.choice([0.4, 0.4, 0.8])
        numbers: list[int | None] = [n if rng.random() < keep else None for n in filling]
        if rng.random() < 0.3:
            numbers[rng.randrange(grid.cells)] = rng.randint(1, 4)
        return Board(grid.rows, grid.cols, tuple(numbers))

    def symmetric(board: Any, answer: Any, symmetry: str) -> bool:
        clues = set(board.clue_cells)
        return all(set(board.grid.orbit(cell, symmetry)) <= clues for cell in clues)

    return Oracle(FILLOMINO, lambda: [board(seed) for seed in range(120)],
                  fillomino_solutions, symmetric, (3, 4))


# Slitherlink ---------------------------------------------------------------------------

def _slitherlink() -> Oracle:
    from cpsolve.grid.randomloop import random_loop
    from cpsolve.models.slitherlink import SLITHERLINK, Board
    from tests.support.slitherlink_brute import solutions

    sizes = [(2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (4, 3)]

    def board(seed: int) -> Any:
        """Numbers at random (no solution, often)."""
        rng = random.Random(seed)
        rows, cols = rng.choice(sizes)
        numbers = [rng.choice([None, None, None, 0, 1, 2, 3]) for _ in range(rows * cols)]
        return Board(rows, cols, tuple(numbers))

    def solvable(seed: int) -> Any:
        """Some of the numbers a random loop gives."""
        rng = random.Random(seed)
        rows, cols = rng.choice(sizes)
        empty = Board(rows, cols, (None,) * (rows * cols))
        loop = random_loop(rows + 1, cols + 1, rng, fill=rng.random())
        on = {empty.points.edge_at[pair] for pair in loop}
        share = rng.choice([0.3, 0.6, 1.0])
        return Board(rows, cols, tuple(sum(k in on for k in sides) if rng.random() < share
                                       else None for sides in empty.side_table))

    def symmetric(board: Any, answer: Any, symmetry: str) -> bool:
        clues = set(board.clue_cells)
        return all(set(board.grid.orbit(cell, symmetry)) <= clues for cell in clues)

    return Oracle(SLITHERLINK, lambda: [board(seed) for seed in range(50)]
                  + [solvable(seed) for seed in range(70)],
                  lambda board: sorted(solutions(board), key=sorted), symmetric, (4, 4),
                  ("gentle", "tough"))


# Yajilin --------------------------------------------------------------------------------

def _yajilin() -> Oracle:
    from cpsolve.grid.layouts import Settings
    from cpsolve.grid.randomloop import random_loop
    from cpsolve.models.yajilin import YAJILIN, Arrow, Board
    from cpsolve.models.yajilin.layout import lay_out
    from tests.support.yajilin_brute import solutions

    sizes = [(2, 3), (3, 3), (3, 4), (4, 3), (4, 4), (2, 5)]

    def board(seed: int) -> Any:
        """Clue cells and arrows at random (no solution, often)."""
        rng = random.Random(seed)
        rows, cols = rng.choice(sizes)
        clues: list[Any] = [None] * (rows * cols)
        for cell in rng.sample(range(rows * cols), rng.randrange(1, 4)):
            clues[cell] = Arrow(rng.choice([None, 0, 0, 1, 1, 2]),
                                rng.choice([None, "n", "s", "e", "w", "e", "s"]))
        return Board(rows, cols, tuple(clues))

    def solvable(seed: int) -> Any:
        """Laid out around a random loop by the generator's own layout, some numbers
        taken away."""
        rng = random.Random(seed)
        rows, cols = rng.choice(sizes)
        settings = Settings(rows, cols, "none", 0.0)
        laid = lay_out(settings, random_loop(rows, cols, rng, fill=rng.uniform(0.5, 1.0)), rng)
        share = rng.choice([0.3, 0.6, 1.0])
        return Board(rows, cols, tuple(
            clue if clue is None or rng.random() < share else Arrow(None, None)
            for clue in laid.clues))

    def symmetric(board: Any, answer: Any, symmetry: str) -> bool:
        clues = set(board.clue_cells)
        return all(set(board.grid.orbit(cell, symmetry)) <= clues for cell in clues)

    # Every clue cell numbered (the layout's default), small boards need trials: the
    # generator reaches "tough" there, neither "gentle" nor "diabolical".
    return Oracle(YAJILIN, lambda: [board(seed) for seed in range(50)]
                  + [solvable(seed) for seed in range(70)],
                  lambda board: sorted(solutions(board), key=sorted), symmetric, (4, 4),
                  ("tough", "tough"))


# Country Road ---------------------------------------------------------------------------

def _country() -> Oracle:
    from cpsolve.grid.layouts import Settings
    from cpsolve.grid.rooms import clue_cells
    from cpsolve.models.country import COUNTRY, Board
    from cpsolve.models.country.layout import make
    from tests.support.country_brute import solutions

    sizes = [(2, 3), (3, 3), (3, 4), (4, 3), (4, 4), (2, 5)]

    def board(seed: int) -> Any:
        """Regions grown at random, numbers at random (no solution, often)."""
        rng = random.Random(seed)
        rows, cols = rng.choice(sizes)
        grid = Grid(rows, cols)
        label = list(range(rows * cols))
        for _ in range(rng.randrange(rows * cols // 2, rows * cols)):
            a, b = rng.choice(grid.edges)
            old, new = label[a], label[b]
            label = [new if x == old else x for x in label]
        names: dict[int, int] = {}
        room = tuple(names.setdefault(x, len(names)) for x in label)
        numbers = tuple(rng.choice([None, None, 1, 2, 3]) for _ in names)
        return Board(rows, cols, room, numbers, clue_cells(grid, room))

    def solvable(seed: int) -> Any:
        """Laid out by the generator's own layout, some numbers taken away."""
        rng = random.Random(seed)
        rows, cols = rng.choice(sizes)
        settings = Settings(rows, cols, "none", 0.0, {"fill": rng.uniform(0.4, 1.0)})
        laid = make(settings, np.random.default_rng(seed))
        assert laid is not None
        share = rng.choice([0.3, 0.6, 1.0])
        made = laid[0]
        return Board(rows, cols, made.room, tuple(n if rng.random() < share else None
                                                  for n in made.numbers), made.clue_cell)

    return Oracle(COUNTRY, lambda: [board(seed) for seed in range(50)]
                  + [solvable(seed) for seed in range(70)],
                  lambda board: sorted(solutions(board), key=sorted),
                  lambda board, answer, symmetry: True, (4, 4), ("moderate", "tough"),
                  graded=(6, 6))  # every 4x4 and 5x5 board is moderate


# Numberlink -----------------------------------------------------------------------------

def _numberlink() -> Oracle:
    from cpsolve.grid.layouts import Settings
    from cpsolve.models.numberlink import NUMBERLINK, Board
    from cpsolve.models.numberlink.layout import make
    from tests.support.numberlink_brute import solutions

    sizes = [(2, 3), (3, 3), (3, 4), (4, 3), (4, 4), (2, 5)]

    def board(seed: int) -> Any:
        """Pairs of numbers at random, under either rule (no answer, often)."""
        rng = random.Random(seed)
        rows, cols = rng.choice(sizes)
        numbers: list[int | None] = [None] * (rows * cols)
        for k, cell in enumerate(rng.sample(range(rows * cols), 2 * rng.randint(1, 3))):
            numbers[cell] = k // 2 + 1
        return Board(rows, cols, tuple(numbers), rng.random() < 0.5)

    def solvable(seed: int) -> Any:
        """Laid out by the generator's own layout, under either rule."""
        rng = random.Random(seed)
        rows, cols = rng.choice(sizes)
        settings = Settings(rows, cols, "none", rng.choice([0.2, 0.3, 0.5]),
                            {"fill": rng.random() < 0.5})
        laid = make(settings, np.random.default_rng(seed))
        return board(seed) if laid is None else laid[0]

    return Oracle(NUMBERLINK, lambda: [board(seed) for seed in range(50)]
                  + [solvable(seed) for seed in range(70)],
                  lambda board: sorted(solutions(board), key=sorted),
                  lambda board, answer, symmetry: True, (4, 4), ("moderate", "tough"),
                  graded=(6, 6))  # every 4x4 and 5x5 board is moderate


# Shikaku -------------------------------------------------------------------------------

def shikaku_solutions(board: Any) -> list[Any]:
    """Every division: the first cell no rectangle covers yet, in reading order, is the
    top left corner of a rectangle of free cells of any height and width holding
    exactly one number, equal to its area ("?": any area); each division as the pairs
    of neighbours one rectangle holds (no code shared with the family)."""
    rows, cols = board.rows, board.cols
    numbers = board.numbers
    owner = [-1] * (rows * cols)
    found: list[Any] = []

    def place(start: int) -> None:
        while start < rows * cols and owner[start] >= 0:
            start += 1
        if start == rows * cols:
            found.append(frozenset((a, b) for a in range(rows * cols)
                                   for b in (a + 1, a + cols)
                                   if b < rows * cols and (b != a + 1 or b % cols)
                                   and owner[a] == owner[b]))
            return
        top, left = divmod(start, cols)
        for height in range(1, rows - top + 1):
            for width in range(1, cols - left + 1):
                cells = [(top + r) * cols + left + c for r in range(height)
                         for c in range(width)]
                if any(owner[k] >= 0 for k in cells):
                    break  # wider ones overlap too
                given = [numbers[k] for k in cells if numbers[k] is not None]
                if len(given) > 1:
                    break
                if len(given) == 1 and (given[0] < 0 or given[0] == len(cells)):
                    for k in cells:
                        owner[k] = start
                    place(start + 1)
                    for k in cells:
                        owner[k] = -1

    place(0)
    return sorted(found, key=sorted)


def _shikaku() -> Oracle:
    from cpsolve.grid.layouts import Settings
    from cpsolve.models.shikaku import SHIKAKU, Board
    from cpsolve.models.shikaku.layout import make

    def board(seed: int) -> Any:
        """A few numbers at random, some "?" (no solution, often)."""
        rng = random.Random(seed)
        rows, cols = rng.randint(2, 4), rng.randint(2, 4)
        numbers: list[int | None] = [None] * (rows * cols)
        for cell in rng.sample(range(rows * cols), rng.randint(1, 4)):
            numbers[cell] = rng.choice([1, 2, 2, 3, 4, 4, 6, -2])
        return Board(rows, cols, tuple(numbers))

    def made(seed: int) -> Any:
        """A layout as the generator makes it (one solution or more), some numbers
        shown as "?"."""
        rng = random.Random(seed)
        rows, cols = rng.randint(2, 4), rng.randint(3, 5)
        laid = make(Settings(rows, cols, "none", 1.0, {"largest": rng.choice([3, 4, 6])}),
                    np.random.default_rng(seed))
        assert laid is not None
        share = rng.choice([0.0, 0.2, 0.5])
        return Board(rows, cols, tuple(-2 if n is not None and rng.random() < share else n
                                       for n in laid[0].numbers))

    def symmetric(board: Any, answer: Any, symmetry: str) -> bool:
        clues = set(board.clue_cells)
        return all(set(board.grid.orbit(cell, symmetry)) <= clues for cell in clues)

    return Oracle(SHIKAKU, lambda: [board(seed) for seed in range(60)]
                  + [made(seed) for seed in range(60)], shikaku_solutions, symmetric, (4, 5),
                  ("moderate", "tough"))


# Sashigane -----------------------------------------------------------------------------

def sashigane_solutions(board: Any) -> list[Any]:
    """Every division into Ls: the first free cell in reading order taken by each L of
    free cells (a box of two rows and two columns at least, one whole row and one whole
    column of it, meeting at one of its four corners) where each clue of the L stands
    as it may (a circle on the corner, its number the L's size; an arrow on the far
    cell of the row or column, pointing back along it), as the joins inside each L."""
    rows, cols = board.rows, board.cols
    step = {"n": (-1, 0), "s": (1, 0), "e": (0, 1), "w": (0, -1)}
    shapes: list[tuple[frozenset[int], int, set[int]]] = []  # cells, corner, ends
    for top in range(rows):
        for left in range(cols):
            for bottom in range(top + 1, rows):
                for right in range(left + 1, cols):
                    for r in (top, bottom):
                        for c in (left, right):
                            cells = {r * cols + x for x in range(left, right + 1)}
                            cells |= {y * cols + c for y in range(top, bottom + 1)}
                            far_r = bottom if r == top else top
                            far_c = right if c == left else left
                            shapes.append((frozenset(cells), r * cols + c,
                                           {far_r * cols + c, r * cols + far_c}))

    def fits(cells: frozenset[int], corner: int) -> bool:
        for cell in cells:
            value = board.clues[cell]
            if value is None or value == "?":
                continue
            if value == "o" or isinstance(value, int):
                if cell != corner or (isinstance(value, int) and value != len(cells)):
                    return False
                continue
            dr, dc = step[value]
            r, c = divmod(cell, cols)
            ahead = (r + dr) * cols + c + dc
            if not (0 <= r + dr < rows and 0 <= c + dc < cols and ahead in cells):
                return False
            links = sum(1 for o in board.grid.neighbours[cell] if o in cells)
            if links != 1:
                return False
        return True

    usable = [(cells, corner) for cells, corner, _ in shapes if fits(cells, corner)]
    found: list[Any] = []
    taken: list[frozenset[int]] = []

    def place(free: frozenset[int]) -> None:
        if not free:
            found.append(frozenset((a, b) for piece in taken for a in piece
                                   for b in board.grid.neighbours[a] if a < b and b in piece))
            return
        start = min(free)
        for cells, _ in usable:
            if start in cells and cells <= free:
                taken.append(cells)
                place(free - cells)
                taken.pop()

    place(frozenset(range(board.cells)))
    return sorted(found, key=sorted)


def _sashigane() -> Oracle:
    from cpsolve.grid.layouts import Settings
    from cpsolve.models.sashigane import SASHIGANE, Board
    from cpsolve.models.sashigane.layout import clued, division

    def board(seed: int) -> Any:
        """A random division's clues, some kept, now and then one changed."""
        rng = random.Random(seed)
        rows, cols = rng.randint(2, 4), rng.randint(3, 4)
        settings = Settings(rows, cols, "none", 0.0, {"largest": 6, "numbered": 0.6})
        joins = division(settings, rng)
        if joins is None:
            return Board(rows, cols, (None,) * (rows * cols))
        full = clued(settings.grid, joins, 0.6, rng)
        keep = rng.choice([0.1, 0.3, 0.5, 0.8])
        clues = [v if rng.random() < keep else None for v in full.clues]
        if rng.random() < 0.3:
            clues[rng.randrange(rows * cols)] = rng.choice(["o", "n", "s", "e", "w", "?", 3, 4])
        return Board(rows, cols, tuple(clues))

    return Oracle(SASHIGANE, lambda: [board(seed) for seed in range(100)],
                  sashigane_solutions, lambda board, answer, symmetry: True, (4, 4),
                  ("moderate", "tough"))


# Shakashaka ----------------------------------------------------------------------------

def _shakashaka() -> Oracle:
    from cpsolve.grid.layouts import Settings
    from cpsolve.models.shakashaka import SHAKASHAKA, Board
    from cpsolve.models.shakashaka.layout import make
    from tests.support.shakashaka_brute import solutions

    def board(seed: int) -> Any:
        """Black cells at random, numbered or not, the rest white."""
        rng = random.Random(seed)
        rows, cols = rng.randint(2, 4), rng.randint(2, 3)
        return Board(rows, cols, tuple(rng.choice([0, 1, 2, 3, -2, None])
                                       if rng.random() < 0.3 else None
                                       for _ in range(rows * cols)))

    def made(seed: int) -> Any:
        """A layout the generator would start from: one answer or more."""
        rng = random.Random(seed)
        grid = Grid(rng.randint(3, 4), 3)
        laid = make(Settings(grid.rows, grid.cols, "none", 1.0,
                             {"black": rng.choice([0.1, 0.2]), "triangles": 0.3}),
                    np.random.default_rng(seed))
        return laid[0] if laid else board(seed + 1000)

    def symmetric(board: Any, answer: Any, symmetry: str) -> bool:
        black = set(board.clue_cells)
        return all(set(board.grid.orbit(cell, symmetry)) <= black for cell in black)

    return Oracle(SHAKASHAKA, lambda: [board(seed) for seed in range(60)]
                  + [made(seed) for seed in range(40)], solutions, symmetric, (4, 4),
                  # unit propagation decides no 4x4 layout made so far
                  grades=("tough", "tough"))


# Double Choco --------------------------------------------------------------------------

def dbchoco_solutions(board: Any) -> list[Any]:
    """Every division: the first free cell in reading order starts an area of any
    connected set of free cells, kept when its white and grey cells are each
    connected, equally many, of one shape under the eight turns and mirrors
    (compared as sorted offsets from their least cell), and every number the size
    of its colour's cells; each answer the pairs of neighbours in two areas."""
    grid = board.grid
    rc = grid.rc

    def joined(cells: frozenset[int]) -> bool:
        start = min(cells)
        seen, todo = {start}, [start]
        while todo:
            for o in grid.neighbours[todo.pop()]:
                if o in cells and o not in seen:
                    seen.add(o)
                    todo.append(o)
        return len(seen) == len(cells)

    def norm(points: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
        low = min(points)
        return tuple(sorted((r - low[0], c - low[1]) for r, c in points))

    def shapes(points: list[tuple[int, int]]) -> set[Any]:
        out = set()
        for a, b, c, d in ((1, 0, 0, 1), (0, 1, -1, 0), (-1, 0, 0, -1), (0, -1, 1, 0),
                           (-1, 0, 0, 1), (1, 0, 0, -1), (0, 1, 1, 0), (0, -1, -1, 0)):
            out.add(norm([(a * r + b * q, c * r + d * q) for r, q in points]))
        return out

    def good(area: frozenset[int]) -> bool:
        white = frozenset(c for c in area if not board.grey[c])
        dark = area - white
        if not white or len(white) != len(dark) or not joined(white) or not joined(dark):
            return False
        if any(board.shown(c) not in (None, len(white)) for c in area):
            return False
        return norm([rc(c) for c in dark]) in shapes([rc(c) for c in white])

    def pieces(start: int, free: set[int]) -> list[frozenset[int]]:
        found = {frozenset({start})}
        todo = [frozenset({start})]
        while todo:
            piece = todo.pop()
            for cell in piece:
                for other in grid.neighbours[cell]:
                    if other in free and other not in piece:
                        bigger = piece | {other}
                        if bigger not in found:
                            found.add(bigger)
                            todo.append(bigger)
        return sorted((p for p in found if good(p)), key=sorted)

    label = [0] * board.cells
    found: list[Any] = []

    def place(count: int) -> None:
        free = {c for c in range(board.cells) if not label[c]}
        if not free:
            found.append(frozenset((a, b) for a, b in grid.pairs if label[a] != label[b]))
            return
        for piece in pieces(min(free), free):
            for c in piece:
                label[c] = count + 1
            place(count + 1)
            for c in piece:
                label[c] = 0

    place(0)
    return sorted(found, key=sorted)


def _dbchoco() -> Oracle:
    from cpsolve.models.dbchoco import DBCHOCO, Board

    def board(seed: int) -> Any:
        """Colours at random (now and then with no division), mostly those with a division,
        with some of its halves' sizes written and now and then one changed."""
        rng = random.Random(seed)
        rows, cols = rng.randint(2, 3), rng.randint(2, 4)
        numbers: list[int | None] = [None] * (rows * cols)
        for _ in range(60 if seed % 4 else 1):  # most seeds: colours with a division
            grey = tuple(rng.random() < 0.5 for _ in range(rows * cols))
            plain = Board(rows, cols, tuple(numbers), grey)
            found = dbchoco_solutions(plain)
            if found:
                break
        if found:
            answer = found[rng.randrange(len(found))]
            for c in range(rows * cols):
                if rng.random() < 0.3:
                    label = plain.grid.label_regions(lambda a, b: (a, b) in answer)
                    numbers[c] = label.count(label[c]) // 2
            if rng.random() < 0.3:
                numbers[rng.randrange(rows * cols)] = rng.randint(1, 3)
        elif rng.random() < 0.3:
            numbers[rng.randrange(rows * cols)] = rng.choice([1, 2, -2])
        return Board(rows, cols, tuple(numbers), grey)

    # the layouts have no symmetry; generated 3x4 boards need nested trials (diabolical)
    return Oracle(DBCHOCO, lambda: [board(seed) for seed in range(80)], dbchoco_solutions,
                  lambda board, answer, symmetry: True, (3, 4), grades=("diabolical", "tough"))


# Hotaru Beam ----------------------------------------------------------------------------

def _firefly() -> Oracle:
    from cpsolve.grid.layouts import Settings
    from cpsolve.models.firefly import FIREFLY, Arrow, Board
    from cpsolve.models.firefly.layout import make
    from tests.support.firefly_brute import solutions

    sizes = [(2, 3), (3, 3), (3, 4), (4, 3), (4, 4), (2, 5)]

    def board(seed: int) -> Any:
        """Fireflies, dots and numbers at random (no answer, often)."""
        rng = random.Random(seed)
        rows, cols = rng.choice(sizes)
        clues: list[Any] = [None] * (rows * cols)
        for cell in rng.sample(range(rows * cols), rng.randint(2, 4)):
            clues[cell] = Arrow(rng.choice([None, None, 0, 1, 1, 2, 3]),
                                rng.choice([None, "n", "s", "e", "w", "e", "s"]))
        return Board(rows, cols, tuple(clues))

    def solvable(seed: int) -> Any:
        """Laid out by the generator's own layout, some numbers taken away."""
        rng = random.Random(seed)
        rows, cols = rng.choice(sizes)
        laid = make(Settings(rows, cols, "none", rng.choice([0.2, 0.3, 0.4])),
                    np.random.default_rng(seed))
        if laid is None:
            return board(seed)
        share = rng.choice([0.3, 0.6, 1.0])
        return Board(rows, cols, tuple(
            clue if clue is None or rng.random() < share else Arrow(None, clue.direction)
            for clue in laid[0].clues))

    return Oracle(FIREFLY, lambda: [board(seed) for seed in range(50)]
                  + [solvable(seed) for seed in range(70)],
                  lambda board: sorted(solutions(board), key=sorted),
                  lambda board, answer, symmetry: True, (4, 4), ("gentle", "tough"),
                  graded=(6, 6))


# Ripple Effect -------------------------------------------------------------------------

def ripple_solutions(board: Any) -> list[Any]:
    """Every filling: each room in turn takes every order of 1 to its size, kept while
    its cells hold their given numbers and no equal number k stands k or fewer cells
    away in a row or column among the cells filled so far."""
    from itertools import permutations

    rows, cols = board.rows, board.cols
    rooms: dict[int, list[int]] = {}
    for cell, k in enumerate(board.region):
        rooms.setdefault(k, []).append(cell)
    filling = [0] * (rows * cols)
    found: list[Any] = []

    def clear(cell: int, k: int) -> bool:
        r, c = divmod(cell, cols)
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            for step in range(1, k + 1):
                r2, c2 = r + dr * step, c + dc * step
                if 0 <= r2 < rows and 0 <= c2 < cols and filling[r2 * cols + c2] == k:
                    return False
        return True

    order = [rooms[k] for k in sorted(rooms)]

    def fill(index: int) -> None:
        if index == len(order):
            found.append(tuple(filling))
            return
        cells = order[index]
        for numbers in permutations(range(1, len(cells) + 1)):
            if any(board.numbers[c] is not None and board.numbers[c] > 0
                   and board.numbers[c] != n for c, n in zip(cells, numbers)):
                continue
            placed = []
            for cell, n in zip(cells, numbers):
                if not clear(cell, n):
                    break
                filling[cell] = n
                placed.append(cell)
            else:
                fill(index + 1)
            for cell in placed:
                filling[cell] = 0

    fill(0)
    return sorted(found)


def _ripple() -> Oracle:
    from cpsolve.grid.layouts import Settings
    from cpsolve.models.ripple import RIPPLE, Board
    from cpsolve.models.ripple.layout import make

    def rooms(rng: random.Random, rows: int, cols: int) -> tuple[int, ...]:
        """Rooms of one to four cells grown at random."""
        grid = Grid(rows, cols)
        label = [-1] * grid.cells
        count = 0
        for start in rng.sample(range(grid.cells), grid.cells):
            if label[start] >= 0:
                continue
            label[start], members, want = count, [start], rng.randint(1, 4)
            while len(members) < want:
                near = [o for c in members for o in grid.neighbours[c] if label[o] < 0]
                if not near:
                    break
                members.append(rng.choice(near))
                label[members[-1]] = count
            count += 1
        first: dict[int, int] = {}
        return tuple(first.setdefault(k, len(first)) for k in label)

    def board(seed: int) -> Any:
        """Random rooms, some numbers of one of their fillings kept (or, where they
        have none, numbers at random), now and then one changed."""
        rng = random.Random(seed)
        rows, cols = rng.randint(1, 3), rng.randint(2, 4)
        room = rooms(rng, rows, cols)
        bare = Board(rows, cols, (None,) * (rows * cols), room)
        every = ripple_solutions(bare)
        keep = rng.choice([0.2, 0.4, 0.7])
        source = rng.choice(every) if every else [rng.randint(1, 3) for _ in room]
        numbers: list[int | None] = [n if rng.random() < keep else None for n in source]
        if rng.random() < 0.3:
            cell = rng.randrange(len(room))
            numbers[cell] = rng.randint(1, 4)
        return Board(rows, cols, tuple(numbers), room)

    def made(seed: int) -> Any:
        """A layout as the generator makes it, a third of its numbers kept."""
        rng = np.random.default_rng(seed)
        found = None
        while found is None:
            found = make(Settings(3, 4, "none", 0.0, {"largest": 5}), rng)
        keep = random.Random(seed)
        return Board(3, 4, tuple(n if keep.random() < 0.3 else None for n in found[0].numbers),
                     found[0].region)

    def symmetric(board: Any, answer: Any, symmetry: str) -> bool:
        clues = set(board.clue_cells)
        return all(set(board.grid.orbit(cell, symmetry)) <= clues for cell in clues)

    return Oracle(RIPPLE, lambda: [board(seed) for seed in range(80)]
                  + [made(seed) for seed in range(20)],
                  ripple_solutions, symmetric, (4, 4))


# Skyscrapers --------------------------------------------------------------------------

def skyscrapers_solutions(board: Any) -> list[Any]:
    """Every Latin square of heights: each row in turn takes every order of 1 to N,
    kept while no column holds a height twice and the row keeps its given heights;
    then every clue outside the grid counted along its line by a walk of its own."""
    from itertools import permutations

    n = board.rows
    top, bottom, left, right = board.sides
    found: list[Any] = []

    def seen(line: list[int]) -> int:
        count, tallest = 0, 0
        for h in line:
            if h > tallest:
                count, tallest = count + 1, h
        return count

    def fits(square: list[tuple[int, ...]]) -> bool:
        columns = [[row[c] for row in square] for c in range(n)]
        return (all(clue is None or seen(list(columns[c])) == clue for c, clue in enumerate(top))
                and all(clue is None or seen(columns[c][::-1]) == clue
                        for c, clue in enumerate(bottom))
                and all(clue is None or seen(list(square[r])) == clue
                        for r, clue in enumerate(left))
                and all(clue is None or seen(list(square[r][::-1])) == clue
                        for r, clue in enumerate(right)))

    def fill(square: list[tuple[int, ...]]) -> None:
        r = len(square)
        if r == n:
            if fits(square):
                found.append(tuple(h for row in square for h in row))
            return
        for row in permutations(range(1, n + 1)):
            if any(board.numbers[r * n + c] not in (None, row[c]) for c in range(n)):
                continue
            if any(row[c] == above[c] for above in square for c in range(n)):
                continue
            fill([*square, row])

    fill([])
    return sorted(found)


def _skyscrapers() -> Oracle:
    from cpsolve.models.skyscrapers import SKYSCRAPERS
    from cpsolve.models.skyscrapers.board import Board
    from cpsolve.models.skyscrapers.layout import framed, latin

    def board(seed: int) -> Any:
        """A random Latin square's clues and heights, some kept, now and then one
        changed."""
        rng = random.Random(seed)
        n = rng.choice([2, 3, 3, 4])
        heights = latin(n, np.random.default_rng(seed))
        full = framed(n, heights, heights)
        keep, given = rng.choice([0.1, 0.3, 0.7]), rng.choice([0.0, 0.0, 0.2])
        sides = [[c if rng.random() < keep else None for c in side] for side in full.sides]
        if rng.random() < 0.3:
            sides[rng.randrange(4)][rng.randrange(n)] = rng.randint(1, n)
        numbers = tuple(h if rng.random() < given else None for h in heights)
        return Board(n, n, numbers, tuple(map(tuple, sides)))

    return Oracle(SKYSCRAPERS, lambda: [board(seed) for seed in range(70)],
                  skyscrapers_solutions, lambda board, answer, symmetry: True, (4, 4))


# Tents ---------------------------------------------------------------------------------

def tents_solutions(board: Any) -> list[Any]:
    """Every set of as many tents as trees, chosen among the empty cells beside a tree:
    kept when no two touch (a king's move apart), every number outside the grid counts
    its line, and some assignment of the trees, each to a different tent beside it,
    uses every tent (tried tree by tree)."""
    from itertools import combinations

    rows, cols = board.rows, board.cols
    trees = [cell for cell in range(rows * cols) if board.trees[cell]]

    def beside(cell: int) -> list[int]:
        r, c = divmod(cell, cols)
        return [(r + dr) * cols + c + dc for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                if 0 <= r + dr < rows and 0 <= c + dc < cols]

    spots = sorted({o for t in trees for o in beside(t) if not board.trees[o]})
    top, left = board.sides

    def paired(k: int, free: set[int]) -> bool:
        if k == len(trees):
            return True
        return any(paired(k + 1, free - {o}) for o in beside(trees[k]) if o in free)

    found = []
    for chosen in combinations(spots, len(trees)):
        if any(abs(a // cols - b // cols) <= 1 and abs(a % cols - b % cols) <= 1
               for a, b in combinations(chosen, 2)):
            continue
        if any(n is not None and sum(t % cols == c for t in chosen) != n
               for c, n in enumerate(top)):
            continue
        if any(n is not None and sum(t // cols == r for t in chosen) != n
               for r, n in enumerate(left)):
            continue
        if paired(0, set(chosen)):
            found.append(frozenset(chosen))
    return sorted(found, key=sorted)


def _tents() -> Oracle:
    from cpsolve.grid.layouts import Settings
    from cpsolve.models.tents import TENTS
    from cpsolve.models.tents.board import Board
    from cpsolve.models.tents.layout import counted, make

    def board(seed: int) -> Any:
        """A generated layout's trees and numbers, some numbers kept, now and then one
        changed or a tree moved."""
        rng = random.Random(seed)
        rows, cols = rng.choice([(3, 3), (3, 4), (4, 4), (4, 3), (2, 5)])
        made, generator = None, np.random.default_rng(seed)
        while made is None:
            made = make(Settings(rows, cols, "none", 1.0, {"trees": rng.choice([0.15, 0.25])}),
                        generator)
        full, tents = made
        trees = list(full.trees)
        if rng.random() < 0.2:
            a, b = rng.randrange(rows * cols), rng.randrange(rows * cols)
            trees[a], trees[b] = trees[b], trees[a]
        full = counted(rows, cols, tuple(trees), tents)
        keep = rng.choice([0.3, 0.7, 1.0])
        sides = [[n if rng.random() < keep else None for n in side] for side in full.sides]
        if rng.random() < 0.3:
            side = rng.randrange(2)
            sides[side][rng.randrange(len(sides[side]))] = rng.randint(0, 2)
        return Board(rows, cols, tuple(trees), (tuple(sides[0]), tuple(sides[1])))

    return Oracle(TENTS, lambda: [board(seed) for seed in range(70)], tents_solutions,
                  lambda board, answer, symmetry: symmetry == "none", (5, 5))


# Nonogram -----------------------------------------------------------------------------

def nonogram_solutions(board: Any) -> list[Any]:
    """Every shading: each row in turn takes every subset of its cells, kept when its
    runs (counted here by a walk of their own) are the row's clue; then each column's
    runs compared with its clue."""
    from itertools import product

    rows, cols = board.rows, board.cols

    def runs(bits: Any) -> tuple[int, ...]:
        out, count = [], 0
        for bit in (*bits, 0):
            if bit:
                count += 1
            elif count:
                out.append(count)
                count = 0
        return tuple(out)

    options = [[bits for bits in product((0, 1), repeat=cols)
                if board.lines[r] is None or runs(bits) == board.lines[r]]
               for r in range(rows)]
    found = []
    for picture in product(*options):
        if all(board.columns[c] is None or runs([picture[r][c] for r in range(rows)])
               == board.columns[c] for c in range(cols)):
            found.append(frozenset(r * cols + c for r in range(rows) for c in range(cols)
                                   if picture[r][c]))
    return sorted(found, key=sorted)


def _nonogram() -> Oracle:
    from cpsolve.models.nonogram import NONOGRAM
    from cpsolve.models.nonogram.layout import clued

    def board(seed: int) -> Any:
        """A random picture's clues, some lines left without one, now and then one
        changed."""
        rng = random.Random(seed)
        rows, cols = rng.choice([(1, 3), (2, 2), (3, 3), (3, 4), (4, 3), (4, 4)])
        fill = rng.choice([0.3, 0.5, 0.7])
        shaded = frozenset(cell for cell in range(rows * cols) if rng.random() < fill)
        full = clued(rows, cols, shaded)
        drop = rng.choice([0.0, 0.0, 0.3])
        columns = [None if rng.random() < drop else c for c in full.columns]
        lines = [None if rng.random() < drop else c for c in full.lines]
        if rng.random() < 0.3:
            k = rng.randrange(cols)
            columns[k] = (rng.randint(1, rows),)
        return type(full)(rows, cols, tuple(columns), tuple(lines))

    return Oracle(NONOGRAM, lambda: [board(seed) for seed in range(70)],
                  nonogram_solutions, lambda board, answer, symmetry: True, (4, 4),
                  graded=(5, 5))  # tricky 4x4s are rare: 1 of 3 seeds in 40 layouts


# Kakuro ---------------------------------------------------------------------------------

def kakuro_solutions(board: Any) -> list[Any]:
    """Every filling of the white cells with digits 1 to 9, cell by cell in reading
    order, kept while no row or column segment between black cells holds a digit twice
    and each segment, once full, makes its sum (a sum of 0 or none asks nothing); the
    segments found by a walk of their own."""
    rows, cols, black = board.rows, board.cols, board.black
    segments: list[tuple[list[int], int | None]] = []
    for r in range(rows):
        run: list[int] = []
        for c in range(cols + 1):
            if c < cols and not black[r * cols + c]:
                run.append(r * cols + c)
            elif run:
                total = board.sums.get(("across", (r, run[0] % cols - 1)))
                segments.append((run, total or None))
                run = []
    for c in range(cols):
        run = []
        for r in range(rows + 1):
            if r < rows and not black[r * cols + c]:
                run.append(r * cols + c)
            elif run:
                total = board.sums.get(("down", (run[0] // cols - 1, c)))
                segments.append((run, total or None))
                run = []
    mine: dict[int, list[tuple[list[int], int | None]]] = {}
    for segment in segments:
        for cell in segment[0]:
            mine.setdefault(cell, []).append(segment)
    white = [cell for cell in range(rows * cols) if not black[cell]]
    digits = [0] * (rows * cols)
    found: list[Any] = []

    def fits(run: list[int], total: int | None) -> bool:
        values = [digits[o] for o in run if digits[o]]
        if len(values) != len(set(values)):
            return False
        if total is None:
            return True
        left, need = len(run) - len(values), total - sum(values)
        free = sorted(set(range(1, 10)) - set(values))
        return left <= len(free) and sum(free[:left]) <= need <= sum(free[len(free) - left:])

    def fill(k: int) -> None:
        if k == len(white):
            found.append(tuple(digits))
            return
        cell = white[k]
        for d in range(1, 10):
            digits[cell] = d
            if all(fits(run, total) for run, total in mine[cell]):
                fill(k + 1)
        digits[cell] = 0

    fill(0)
    return sorted(found)


def _kakuro() -> Oracle:
    from cpsolve.models.kakuro import KAKURO, Board

    def board(seed: int) -> Any:
        """A few black cells at random, random digits, most sums kept, now and then
        one changed."""
        rng = random.Random(seed)
        rows, cols = rng.choice([(2, 2), (2, 3), (3, 3), (3, 2)])
        black = [rng.random() < 0.3 for _ in range(rows * cols)]
        while black.count(False) > 5:  # few white cells: brute force lists every answer
            black[rng.choice([k for k, b in enumerate(black) if not b])] = True
        if all(black):
            black[0] = False
        bare = Board(rows, cols, tuple(black))
        digits = [0] * (rows * cols)
        for cell in bare.white:
            used = {digits[o] for run in bare.runs if cell in run.cells for o in run.cells}
            free = [d for d in range(1, 10) if d not in used]
            digits[cell] = rng.choice(free) if free else 1
        keep = rng.choice([0.8, 1.0, 1.0])
        sums = {(run.way, run.key): sum(digits[c] for c in run.cells) for run in bare.runs
                if rng.random() < keep}
        if sums and rng.random() < 0.3:
            key = rng.choice(sorted(sums))
            sums[key] = rng.randint(0, 20)
        return bare.resummed(sums)

    def symmetric(board: Any, answer: Any, symmetry: str) -> bool:
        grid = board.grid
        return all(board.black[image] == board.black[cell] for cell in range(grid.cells)
                   for image in grid.orbit(cell, symmetry))

    return Oracle(KAKURO, lambda: [board(seed) for seed in range(70)], kakuro_solutions,
                  symmetric, (4, 4))


# Gokigen Naname ------------------------------------------------------------------------

def _gokigen() -> Oracle:
    from cpsolve.grid.boards import UNKNOWN
    from cpsolve.models.gokigen import GOKIGEN
    from cpsolve.models.gokigen.board import Board
    from cpsolve.models.gokigen.layout import numbered
    from tests.support.gokigen_brute import solutions

    def board(seed: int) -> Any:
        """Numbers at random on the points, most of them none."""
        rng = random.Random(seed)
        rows, cols = rng.randint(1, 3), rng.randint(2, 4)
        return Board(rows, cols, tuple(rng.choice([0, 1, 1, 2, 2, 3, 4, UNKNOWN])
                                       if rng.random() < 0.3 else None
                                       for _ in range((rows + 1) * (cols + 1))))

    def thinned(seed: int) -> Any:
        """A board numbered from an answer, some numbers taken away: one answer or more."""
        rng = random.Random(seed)
        rows, cols = rng.randint(2, 3), rng.randint(2, 4)
        while True:
            answer = tuple(rng.choice("/\\") for _ in range(rows * cols))
            if solutions(Board(rows, cols, numbered(rows, cols, answer).numbers)):
                break
        full = numbered(rows, cols, answer)
        return full.renumbered({p: None for p in range(len(full.numbers))
                                if rng.random() < 0.6})

    def symmetric(board: Any, answer: Any, symmetry: str) -> bool:
        points = board.points
        numbered_points = set(board.clue_points)
        return all(set(points.orbit(p, symmetry)) <= numbered_points for p in numbered_points)

    return Oracle(GOKIGEN, lambda: [board(seed) for seed in range(40)]
                  + [thinned(seed) for seed in range(40)], solutions, symmetric, (4, 4))


# Balance Loop --------------------------------------------------------------------------

def _balance() -> Oracle:
    from cpsolve.models.balance import BALANCE, Board, check
    from tests.support.masyu_brute import _cycles

    def arms(rows: int, cols: int, loop: Any, cell: int) -> list[int]:
        """The lengths of the straight runs of ``loop`` leaving ``cell``, by stepping."""
        out = []
        for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            r, c, length = divmod(cell, cols) + (0,)
            while 0 <= r + dr < rows and 0 <= c + dc < cols:
                a, b = r * cols + c, (r + dr) * cols + c + dc
                if (min(a, b), max(a, b)) not in loop:
                    break
                r, c, length = r + dr, c + dc, length + 1
            if length:
                out.append(length)
        return out

    def solutions(board: Any) -> list[Any]:
        circles = sum(1 << cell for cell in board.circles)
        return sorted((loop for loop, cells in _cycles(board.rows, board.cols)
                       if cells & circles == circles and not check(board, loop)), key=sorted)

    def board(seed: int) -> Any:
        rng = random.Random(seed)
        rows, cols = rng.choice([(2, 3), (3, 3), (3, 4), (4, 4), (2, 5), (4, 3)])
        codes = [rng.choice([None, None, None, None, 0, 1, 4, 5, 6, 7])
                 for _ in range(rows * cols)]
        if all(c is None for c in codes):
            codes[rng.randrange(len(codes))] = rng.choice([0, 1])
        return Board(rows, cols, tuple(codes))

    def solvable(seed: int) -> Any:
        """Circles a random cycle allows, some with their numbers."""
        rng = random.Random(seed)
        rows, cols = rng.choice([(3, 3), (3, 4), (4, 4), (4, 3)])
        loop, cells = rng.choice(_cycles(rows, cols))
        codes: list[int | None] = [None] * (rows * cols)
        for cell in range(rows * cols):
            if cells >> cell & 1 and rng.random() < 0.4:
                first, second = arms(rows, cols, loop, cell)
                shade = 0 if first == second else 1
                codes[cell] = shade + (2 * (first + second) if rng.random() < 0.5 else 0)
        if all(c is None for c in codes):
            codes[next(c for c in range(rows * cols) if cells >> c & 1)] = rng.choice([0, 1])
        return Board(rows, cols, tuple(codes))

    def symmetric(board: Any, answer: Any, symmetry: str) -> bool:
        grid = board.grid
        return all(all(board.numbers[image] is not None for image in grid.orbit(cell, symmetry))
                   for cell in board.circles)

    return Oracle(BALANCE, lambda: [board(seed) for seed in range(12)]
                  + [solvable(seed) for seed in range(32)],
                  solutions, symmetric, (5, 5), ("tough", "diabolical"))


# Hashiwokakero -------------------------------------------------------------------------

def hashikake_solutions(board: Any) -> list[Any]:
    """Every choice of none, one or two bridges for each pair of islands that see each
    other along a row or column, kept when no two chosen pairs cross, every number is
    met and the islands are one network; each written as the edges its bridges run
    along, with their counts."""
    from itertools import product

    rows, cols, numbers = board.rows, board.cols, board.numbers
    islands = [(r, c) for r in range(rows) for c in range(cols)
               if numbers[r * cols + c] is not None]
    pairs: list[tuple[tuple[int, int], tuple[int, int], list[tuple[int, int]]]] = []
    for r, c in islands:
        for dr, dc in ((0, 1), (1, 0)):
            between, (y, x) = [], (r + dr, c + dc)
            while 0 <= y < rows and 0 <= x < cols and numbers[y * cols + x] is None:
                between.append((y, x))
                y, x = y + dr, x + dc
            if 0 <= y < rows and 0 <= x < cols:
                pairs.append(((r, c), (y, x), between))
    found = []
    for counts in product(range(3), repeat=len(pairs)):
        chosen = [(p, n) for p, n in zip(pairs, counts) if n]
        if not chosen:
            continue
        crossed: set[tuple[int, int]] = set()
        clash = False
        for (_, _, between), _n in chosen:
            if crossed & set(between):
                clash = True
                break
            crossed |= set(between)
        if clash:
            continue
        total = {island: 0 for island in islands}
        joined = {island: set() for island in islands}
        for (a, b, _), n in chosen:
            total[a] += n
            total[b] += n
            joined[a].add(b)
            joined[b].add(a)
        if any(numbers[r * cols + c] >= 0 and numbers[r * cols + c] != total[(r, c)]
               for r, c in islands):
            continue
        seen, todo = {islands[0]}, [islands[0]]
        while todo:
            for other in joined[todo.pop()] - seen:
                seen.add(other)
                todo.append(other)
        if len(seen) < len(islands):
            continue
        edges = set()
        for (a, b, between), n in chosen:
            line = [a, *between, b]
            for (r0, c0), (r1, c1) in zip(line, line[1:]):
                edges.add((r0 * cols + c0, r1 * cols + c1, n))
        found.append(frozenset(edges))
    return sorted(found, key=sorted)


def _hashikake() -> Oracle:
    from cpsolve.grid.layouts import Settings
    from cpsolve.models.hashikake import HASHIKAKE, Board
    from cpsolve.models.hashikake.layout import make

    sizes = [(2, 3), (3, 3), (3, 4), (4, 3), (4, 4), (2, 5)]

    def board(seed: int) -> Any:
        """Islands and numbers at random (no answer, often)."""
        rng = random.Random(seed)
        rows, cols = rng.choice(sizes)
        numbers: list[Any] = [None] * (rows * cols)
        for cell in rng.sample(range(rows * cols), rng.randint(2, 5)):
            numbers[cell] = rng.choice([-2, 1, 1, 2, 2, 3, 3, 4, 5])
        return Board(rows, cols, tuple(numbers))

    def solvable(seed: int) -> Any:
        """Laid out by the generator's own layout, some numbers made "?"."""
        rng = random.Random(seed)
        rows, cols = rng.choice(sizes)
        laid = make(Settings(rows, cols, "none", 1.0,
                             {"islands": rng.choice([0.2, 0.3, 0.45])}),
                    np.random.default_rng(seed))
        if laid is None:
            return board(seed)
        share = rng.choice([0.5, 0.8, 1.0])
        return Board(rows, cols, tuple(n if n is None or rng.random() < share else -2
                                       for n in laid[0].numbers))

    return Oracle(HASHIKAKE, lambda: [board(seed) for seed in range(50)]
                  + [solvable(seed) for seed in range(70)],
                  hashikake_solutions, lambda board, answer, symmetry: True, (5, 5))


ORACLES: dict[str, Callable[[], Oracle]] = {"akari": _akari, "heyawake": _heyawake,
                                            "fillomino": _fillomino, "hitori": _hitori,
                                            "kurodoko": _kurodoko,
                                            "lits": _lits, "norinori": _norinori,
                                            "masyu": _masyu, "mines": _mines,
                                            "nurikabe": _nurikabe,
                                            "mochikoro": _mochikoro, "yajikazu": _yajikazu,
                                            "tapa": _tapa,
                                            "nurimisaki": _nurimisaki,
                                            "nurimaze": _nurimaze,
                                            "slitherlink": _slitherlink,
                                            "starbattle": _starbattle, "sudoku": _sudoku,
                                            "yajilin": _yajilin, "country": _country,
                                            "numberlink": _numberlink,
                                            "shikaku": _shikaku, "sashigane": _sashigane,
                                            "shakashaka": _shakashaka, "dbchoco": _dbchoco,
                                            "firefly": _firefly, "ripple": _ripple,
                                            "skyscrapers": _skyscrapers, "tents": _tents,
                                            "nonogram": _nonogram, "hashikake": _hashikake,
                                            "kakuro": _kakuro,
                                            "gokigen": _gokigen, "balance": _balance}


@cache
def oracle(name: str) -> Oracle:
    return ORACLES[name]()


@cache
def cases(name: str) -> list[tuple[Any, list[Any]]]:
    """The family's small boards with their solutions."""
    found = oracle(name)
    return [(board, found.solutions(board)) for board in found.boards()]
