"""Random Masyu boards with exactly one solution, for tests, benchmarks and
experiments: a random loop first (grown from a small ring by pushing one of its
edges out around a free pair of cells, over and over), then a pearl on every cell
where the loop allows one (a black one where it turns with straight legs, a white one
where it goes straight with a turn beside it); a loop those pearls do not pin down is
replaced by another. Then pearls are taken away, one at a time in random order, while
the solution stays unique (each step proven by solving for a second loop).
"""

from __future__ import annotations

import random

from cpsolve.errors import UsageError
from cpsolve.limits import Deadline
from cpsolve.models.masyu.board import BLACK, EMPTY, WHITE, Board, Loop
from cpsolve.models.masyu.check import check


def random_loop(rows: int, cols: int, rng: random.Random, *, fill: float = 0.6) -> Loop:
    """A random simple loop through about ``fill`` of the cells: a 2x2 ring grown by
    replacing an edge a-b with a-a'-b'-b, where a' and b' are the free cells beside
    them on one side (the loop stays one simple cycle)."""
    if rows < 2 or cols < 2:
        raise UsageError("a loop needs at least 2x2 cells")
    r, c = rng.randrange(rows - 1), rng.randrange(cols - 1)
    a, b, d, e = r * cols + c, r * cols + c + 1, (r + 1) * cols + c, (r + 1) * cols + c + 1
    edges = {(a, b), (b, e), (d, e), (a, d)}
    used = {a, b, d, e}
    target = max(4, int(fill * rows * cols))
    tries = 0
    while len(used) < target and tries < 50 * rows * cols:
        tries += 1
        x, y = rng.choice(sorted(edges))
        across = y - x == 1
        for side in rng.sample((-1, 1), 2):
            dr, dc = (side, 0) if across else (0, side)
            xr, xc = divmod(x, cols)
            yr, yc = divmod(y, cols)
            if not (0 <= xr + dr < rows and 0 <= xc + dc < cols and 0 <= yr + dr < rows
                    and 0 <= yc + dc < cols):
                continue
            x2, y2 = (xr + dr) * cols + xc + dc, (yr + dr) * cols + yc + dc
            if x2 in used or y2 in used:
                continue
            edges.discard((x, y))
            edges |= {(min(x, x2), max(x, x2)), (min(x2, y2), max(x2, y2)),
                      (min(y, y2), max(y, y2))}
            used |= {x2, y2}
            break
    return frozenset(edges)


def candidates(rows: int, cols: int, loop: Loop) -> dict[int, int]:
    """Cells where a pearl fits ``loop``: BLACK where it turns and goes straight on
    through the next cell on both legs, WHITE where it goes straight and turns in a
    neighbour on the line."""
    board = Board(rows, cols, (EMPTY,) * (rows * cols))

    def on(cell: int | None, dr: int, dc: int) -> bool:
        other = board.step(cell, dr, dc) if cell is not None else None
        return other is not None and cell is not None and (
            min(cell, other), max(cell, other)) in loop

    def straight(cell: int | None) -> bool:
        return cell is not None and ((on(cell, 0, -1) and on(cell, 0, 1))
                                     or (on(cell, -1, 0) and on(cell, 1, 0)))

    out = {}
    for cell in sorted({c for edge in loop for c in edge}):
        if straight(cell):
            dr, dc = (0, 1) if on(cell, 0, 1) else (1, 0)
            if not (straight(board.step(cell, dr, dc)) and straight(board.step(cell, -dr, -dc))):
                out[cell] = WHITE
        elif all(on(board.step(cell, dr, dc), dr, dc) for dr, dc in
                 ((0, -1), (0, 1), (-1, 0), (1, 0)) if on(cell, dr, dc)):
            out[cell] = BLACK
    return out


def _unique(board: Board, deadline: Deadline) -> bool:
    """Whether the board's loop is proven unique before the deadline."""
    from cpsolve.models.masyu.solve import solve

    return solve(board, unique=True, time_limit=deadline).unique is True


def generate(rows: int, cols: int, *, seed: int = 0, fill: float = 0.6, keep: float = 0.0,
             time_limit: float | None = None) -> tuple[Board, Loop]:
    """A ``rows`` x ``cols`` board with exactly one solution, and that loop.

    ``keep`` is the share of pearls kept beyond a minimal set (0: every pearl that
    can go goes; published puzzles keep more). A :class:`UsageError` when the time
    runs out first (nothing unproven is returned).

    >>> board, loop = generate(6, 6, seed=1)
    >>> from cpsolve.models.masyu.solve import solve
    >>> result = solve(board, unique=True)
    >>> result.unique, result.solution == loop
    (True, True)
    """
    rng = random.Random(seed)
    deadline = Deadline(time_limit)
    while not deadline.expired():
        loop = random_loop(rows, cols, rng, fill=fill)
        fits = candidates(rows, cols, loop)
        board = Board(rows, cols, tuple(fits.get(c, EMPTY) for c in range(rows * cols)))
        if not fits or not _unique(board, deadline):
            continue
        for cell in rng.sample(sorted(fits), len(fits)):
            if rng.random() < keep:
                continue
            trial = list(board.pearls)
            trial[cell] = EMPTY
            candidate = Board(rows, cols, tuple(trial))
            if candidate.pearl_cells and _unique(candidate, deadline):
                board = candidate
        if not check(board, loop) and _unique(board, deadline):
            return board, loop
    raise UsageError(f"no unique {rows}x{cols} board within the time limit")


def command():  # type: ignore[no-untyped-def]
    """The ``cpsolve generate masyu`` click command."""
    import click

    from cpsolve.commands import Output, with_file

    @click.command("masyu", short_help="Random Masyu boards with one solution.")
    @click.argument("cols", type=click.IntRange(min=2))
    @click.argument("rows", type=click.IntRange(min=2))
    @click.option("--fill", type=click.FloatRange(0.1, 1), default=0.6, show_default=True,
                  help="Share of the cells the loop passes.")
    @click.option("--keep", type=click.FloatRange(0, 1), default=0.0, show_default=True,
                  help="Share of pearls kept beyond a minimal set.")
    @click.option("--seed", type=int, default=0, help="Random seed.")
    @click.option("--format", "fmt", type=click.Choice(["url", "grid"]), default="url",
                  show_default=True)
    @click.option("--time-limit", type=click.FloatRange(min=0), default=None)
    @click.option("-o", "--output", type=click.Path(dir_okay=False), default=None)
    def generate_masyu(cols: int, rows: int, fill: float, keep: float, seed: int, fmt: str,
                       time_limit: float | None, output: str | None) -> Output:
        """A random COLS x ROWS board whose solution is unique (proven)."""
        from cpsolve.models.masyu.formats import to_text, to_url

        board, _ = generate(rows, cols, seed=seed, fill=fill, keep=keep,
                            time_limit=time_limit)
        text = to_url(board) if fmt == "url" else to_text(board)
        return with_file(Output(stdout=text + "\n"), output)

    return generate_masyu
