"""Random Masyu boards with exactly one solution, for tests, benchmarks and
experiments: a random loop first (grown from a small ring by pushing one of its
edges out around a free pair of cells, over and over), then a pearl on every cell
where the loop allows one (a black one where it turns with straight legs, a white one
where it goes straight with a turn beside it). While another loop fits those pearls,
that loop becomes the one to pin down: it passes every pearl so far, so its own pearls
are a larger set, and the sets only grow until one loop is the only one (a loop that
adds no pearl starts the search again). Then pearls are taken away, one at a time in
random order, while the solution stays unique (each step proven by solving for a
second loop).

The proofs share one incremental SAT solver (:class:`Pins`): each pearl's rules are
switched on by an assumption, the intended loop is excluded once, and the loop cuts
the solver learns hold whatever the pearls, so each step reuses all that came before.
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
        other = board.grid.step(cell, dr, dc) if cell is not None else None
        return other is not None and cell is not None and (
            min(cell, other), max(cell, other)) in loop

    def straight(cell: int | None) -> bool:
        return cell is not None and ((on(cell, 0, -1) and on(cell, 0, 1))
                                     or (on(cell, -1, 0) and on(cell, 1, 0)))

    out = {}
    for cell in sorted({c for edge in loop for c in edge}):
        if straight(cell):
            dr, dc = (0, 1) if on(cell, 0, 1) else (1, 0)
            step = board.grid.step
            if not (straight(step(cell, dr, dc)) and straight(step(cell, -dr, -dc))):
                out[cell] = WHITE
        elif all(on(board.grid.step(cell, dr, dc), dr, dc) for dr, dc in
                 ((0, -1), (0, 1), (-1, 0), (1, 0)) if on(cell, dr, dc)):
            out[cell] = BLACK
    return out


class Pins:
    """Whether the pearls at some of the candidate cells leave ``loop`` the only one:
    one SAT solver for every question, each pearl's rules under its own switch."""

    def __init__(self, rows: int, cols: int, loop: Loop, fits: dict[int, int]) -> None:
        from cpsolve.backends.sat import SatSession
        from cpsolve.models.masyu.encodings import pearl_clauses, structure_clauses

        board = Board(rows, cols, (EMPTY,) * (rows * cols))
        self.board = board
        n = len(board.grid.edges)
        top = n + board.cells
        self.switch = {cell: top + k + 1 for k, cell in enumerate(sorted(fits))}
        groups: list[list[list[int]]] = [structure_clauses(board)]
        for cell, pearl in fits.items():
            groups.append([[*clause, -self.switch[cell]]
                           for clause in pearl_clauses(board, cell, pearl)])
        # Any loop but the intended one.
        groups.append([[-(k + 1) if edge in loop else k + 1
                        for k, edge in enumerate(board.grid.edges)]])
        self.session = SatSession()
        self.session.add(groups, top + len(fits))
        self.n = n

    def unique(self, chosen: set[int], deadline: Deadline) -> bool | None:
        """True when no other loop fits the pearls at ``chosen``; None if the deadline
        passed first."""
        from cpsolve.backends.sat import solve_in
        from cpsolve.grid.connectivity import loop_cuts

        board, n = self.board, self.n
        edges, incident = board.grid.edges, board.grid.incident

        def refine(values: tuple[bool, ...]) -> list[list[int]]:
            return loop_cuts(values, edges, lambda k: k + 1, lambda cell: n + cell + 1,
                             sorted(chosen), incident=incident)

        assumptions = [switch if cell in chosen else -switch
                       for cell, switch in self.switch.items()]
        found = solve_in(self.session, list(range(1, n + 1)), assumptions=assumptions,
                         deadline=deadline, refine=refine)
        return None if found is None else found is False

    def close(self) -> None:
        self.session.close()


def _pinned(rows: int, cols: int, loop: Loop, deadline: Deadline
            ) -> tuple[Loop, dict[int, int]] | None:
    """A loop that its own pearls pin down, reached from ``loop`` (see the module
    docstring), with those pearls; None when the pearls stop growing first."""
    from cpsolve.models.masyu import solve

    fits = candidates(rows, cols, loop)
    while not deadline.expired():
        board = Board(rows, cols, tuple(fits.get(c, EMPTY) for c in range(rows * cols)))
        result = solve(board, limit=2, time_limit=deadline)
        if result.limit_reached:
            return None
        others = [other for other in result.solutions if other != loop]
        if not others:
            return (loop, fits) if fits else None
        grown = candidates(rows, cols, others[0])
        if len(grown) <= len(fits):
            return None
        loop, fits = others[0], grown
    return None


def generate(rows: int, cols: int, *, seed: int = 0, fill: float = 0.6, keep: float = 0.0,
             time_limit: float | None = None) -> tuple[Board, Loop]:
    """A ``rows`` x ``cols`` board with exactly one solution, and that loop.

    ``keep`` is the share of pearls kept beyond a minimal set (0: every pearl that
    can go goes; published puzzles keep more). A :class:`UsageError` when the time
    runs out first (nothing unproven is returned).

    >>> board, loop = generate(6, 6, seed=1)
    >>> from cpsolve.models.masyu import solve
    >>> result = solve(board, unique=True)
    >>> result.unique, result.solution == loop
    (True, True)
    """
    from cpsolve.models.masyu import solve

    rng = random.Random(seed)
    deadline = Deadline(time_limit)
    while not deadline.expired():
        found = _pinned(rows, cols, random_loop(rows, cols, rng, fill=fill), deadline)
        if found is None:
            continue
        loop, fits = found
        pins = Pins(rows, cols, loop, fits)
        try:
            chosen = set(fits)
            for cell in rng.sample(sorted(fits), len(fits)):
                if rng.random() < keep or len(chosen) == 1:
                    continue
                if pins.unique(chosen - {cell}, deadline):
                    chosen.discard(cell)
        finally:
            pins.close()
        board = Board(rows, cols, tuple(fits[c] if c in chosen else EMPTY
                                        for c in range(rows * cols)))
        # Proven again, from scratch, by the solver users run.
        final = solve(board, unique=True, time_limit=deadline)
        if not check(board, loop) and final.unique and final.solution == loop:
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
