"""Random Akari boards with a known solution, for tests, benchmarks and experiments.

Black cells are placed at random; lights are then placed greedily on unlit white
cells in random order (a new light on an unlit cell sees no other light, so the
placement is always valid and lights every cell); finally each black cell is given
its number of neighbouring lights as a clue with probability ``clues``. The board is
therefore always solvable, though not always uniquely.
"""

from __future__ import annotations

import numpy as np

from cpsolve.models.akari.board import Board, Cell


def generate(width: int, height: int, *, black: float = 0.2, clues: float = 1.0,
             seed: int = 0) -> tuple[Board, frozenset[Cell]]:
    """A random ``width`` x ``height`` board and the light placement it was made from.

    >>> from cpsolve.models.akari.check import check
    >>> board, lights = generate(12, 9, seed=3)
    >>> check(board, lights)
    []
    """
    rng = np.random.default_rng(seed)
    is_black = rng.random((height, width)) < black
    lit = is_black.copy()
    light = np.zeros((height, width), dtype=bool)
    order = rng.permutation(height * width)
    for index in order.tolist():
        r, c = divmod(index, width)
        if lit[r, c]:
            continue
        light[r, c] = True
        lit[r, c] = True
        for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            i, j = r + dr, c + dc
            while 0 <= i < height and 0 <= j < width and not is_black[i, j]:
                lit[i, j] = True
                i, j = i + dr, j + dc
    padded = np.pad(light, 1).astype(np.int8)
    around = padded[:-2, 1:-1] + padded[2:, 1:-1] + padded[1:-1, :-2] + padded[1:-1, 2:]
    numbered = is_black & (rng.random((height, width)) < clues)
    rows = []
    for r in range(height):
        rows.append("".join(
            (str(around[r, c]) if numbered[r, c] else "#") if is_black[r, c] else "."
            for c in range(width)))
    lights = frozenset(zip(*(axis.tolist() for axis in np.nonzero(light))))
    return Board(tuple(rows)), lights


def _relight(rows: list[list[str]], lights: set[Cell]) -> frozenset[Cell]:
    """Lights for ``rows`` kept from ``lights`` where still white, then more placed
    greedily on dark cells; every numbered cell renumbered from them."""
    board = Board(tuple("".join(row) for row in rows))
    kept = {cell for cell in lights if board.is_white(cell)}
    lit = set(kept)
    for cell in kept:
        lit.update(board.visible(cell))
    for cell in board.whites:
        if cell not in lit:
            kept.add(cell)
            lit.add(cell)
            lit.update(board.visible(cell))
    for (r, c) in board.clues:
        rows[r][c] = str(sum(1 for n in board.neighbours((r, c)) if n in kept))
    return frozenset(kept)


def make_unique(board: Board, lights: frozenset[Cell], *,
                max_rounds: int = 200) -> tuple[Board, frozenset[Cell]]:
    """Add clues, and where none can help black cells, until the board has exactly one
    solution (or ``max_rounds`` pass): what a setter does by hand. Returns the board
    and its solution, which is ``lights`` unless a black cell had to be added.

    Each round solves for two solutions. Where one differs from ``lights``, the
    unnumbered black cells next to the differing cells get their numbers (counted from
    ``lights``); if there are none, a differing cell without a bulb becomes a numbered
    black cell, and the bulbs are mended around it.

    >>> from cpsolve.models.akari.solve import solve
    >>> board, lights = make_unique(*generate(12, 12, clues=0.3, seed=4))
    >>> result = solve(board, unique=True)
    >>> result.unique, result.solution == lights
    (True, True)
    """
    from cpsolve.models.akari.solve import solve

    for _ in range(max_rounds):
        result = solve(board, unique=True)
        if result.unique:
            return board, lights
        other = next((s for s in result.solutions if s != lights), None)
        if other is None:
            return board, lights
        differ = sorted(lights ^ other)
        rows = [list(row) for row in board.rows]
        changed = False
        for cell in differ:
            for r, c in board.neighbours(cell):
                if rows[r][c] == "#":
                    rows[r][c] = str(sum(1 for n in board.neighbours((r, c)) if n in lights))
                    changed = True
        if not changed:
            r, c = next(cell for cell in differ if cell not in lights)
            rows[r][c] = "0"  # renumbered below
            lights = _relight(rows, set(lights))
        board = Board(tuple("".join(row) for row in rows))
    return board, lights


def tiled_unique(width: int, height: int, *, seed: int = 0, tile: int = 12,
                 kinds: int = 12) -> tuple[Board, frozenset[Cell]]:
    """A large board with exactly one solution, for benchmarks of uniqueness proofs:
    ``kinds`` random boards of ``tile`` x ``tile`` made unique by :func:`make_unique`,
    laid out at random, one black line between them (which keeps their solutions
    apart, so each stays the only one), black cells where no whole tile fits.

    >>> from cpsolve.models.akari.solve import solve
    >>> board, lights = tiled_unique(40, 27, seed=1)
    >>> result = solve(board, unique=True)
    >>> result.unique, result.solution == lights
    (True, True)
    """
    rng = np.random.default_rng(seed)
    pool = [make_unique(*generate(tile, tile, clues=0.3, seed=seed * 1000 + k))
            for k in range(kinds)]
    rows = [["#"] * width for _ in range(height)]
    lights: set[Cell] = set()
    for top in range(0, height - tile + 1, tile + 1):
        for left in range(0, width - tile + 1, tile + 1):
            board, solution = pool[int(rng.integers(kinds))]
            for r, row in enumerate(board.rows):
                rows[top + r][left:left + tile] = list(row)
            lights.update((top + r, left + c) for r, c in solution)
    return Board(tuple("".join(row) for row in rows)), frozenset(lights)


def command():  # type: ignore[no-untyped-def]
    """The ``cpsolve generate akari`` click command: a random solvable board (with
    ``--unique``, one with exactly one solution)."""
    import click

    from cpsolve.commands import Output, with_file

    @click.command("akari", short_help="Random solvable Akari boards.")
    @click.argument("width", type=click.IntRange(min=1))
    @click.argument("height", type=click.IntRange(min=1))
    @click.option("--black", type=click.FloatRange(0, 1), default=0.2,
                  help="Share of black cells.")
    @click.option("--clues", type=click.FloatRange(0, 1), default=1.0,
                  help="Share of black cells with their number.")
    @click.option("--unique", is_flag=True, help="Add clues until the solution is unique.")
    @click.option("--seed", type=int, default=0, help="Random seed.")
    @click.option("-o", "--output", type=click.Path(dir_okay=False), default=None)
    def generate_akari(width: int, height: int, black: float, clues: float, unique: bool,
                       seed: int, output: str | None) -> Output:
        """A random WIDTH x HEIGHT board with a known solution, one row per line."""
        board, lights = generate(width, height, black=black, clues=clues, seed=seed)
        if unique:
            board, lights = make_unique(board, lights)
        return with_file(Output(stdout="\n".join(board.rows) + "\n"), output)

    return generate_akari
