"""Random Heyawake boards with exactly one solution, for tests, benchmarks and
experiments, made the way setters make them: rooms first (rectangles, cut at random
from the whole grid), then a valid shading (a SAT answer of the rules without
numbers, found under random phases), every room numbered from it; a board that is
still not unique is mended as setters mend one, a room where two solutions differ cut
in two (or, failing that, given other rooms); then numbers are taken away in random
order while the solution stays unique (:func:`cpsolve.grid.uniqueness.minimal_in`: one
incremental solver, each room's number switched by an assumption, every removal
proven). The result is unique by proof, with a minimal set of numbers (or as many
more as ``keep`` asks), and proven unique once more by the solver users run.
"""

from __future__ import annotations

import random

from cpsolve.backends.sat import CnfModel
from cpsolve.errors import UsageError
from cpsolve.grid.uniqueness import minimal_in, open_session
from cpsolve.limits import Deadline
from cpsolve.models.heyawake.board import Board, Shading
from cpsolve.models.heyawake.check import check


def random_rooms(rows: int, cols: int, rng: random.Random, *, largest: int = 12
                 ) -> tuple[int, ...]:
    """Rooms as rectangles: the grid is cut in two, across or along, at random, and
    each part again until it has at most a random size in 2..``largest`` cells (or
    cannot be cut). Rooms numbered by their first cell."""
    label = [0] * (rows * cols)
    pending = [(0, 0, rows, cols)]
    count = 0
    while pending:
        top, left, height, width = pending.pop()
        if height * width <= rng.randint(2, largest) or (height == 1 and width == 1):
            for r in range(top, top + height):
                for c in range(left, left + width):
                    label[r * cols + c] = count
            count += 1
            continue
        across = height > 1 and (width == 1 or rng.random() < height / (height + width))
        if across:
            cut = rng.randint(1, height - 1)
            pending += [(top, left, cut, width), (top + cut, left, height - cut, width)]
        else:
            cut = rng.randint(1, width - 1)
            pending += [(top, left, height, cut), (top, left + cut, height, width - cut)]
    order: dict[int, int] = {}
    return tuple(order.setdefault(x, len(order)) for x in label)


def _clue_cells(rows: int, cols: int, room: tuple[int, ...]) -> tuple[int, ...]:
    count = max(room) + 1
    cells: list[list[int]] = [[] for _ in range(count)]
    for cell, r in enumerate(room):
        cells[r].append(cell)
    return tuple(min(found, key=lambda c: (c % cols, c // cols)) for found in cells)


def random_shading(board: Board, rng: random.Random, *, density: float = 0.3,
                   deadline: Deadline | None = None) -> Shading | None:
    """A valid shading of ``board``'s rooms ignoring its numbers (None if the rooms
    allow none, or the deadline passed): the SAT model's answer with each cell's
    value tried first at random, shaded with probability ``density``."""
    from cpsolve.backends.sat import sample
    from cpsolve.models.heyawake.encodings import build_lazy, prepare

    blank = Board(board.rows, board.cols, board.room, (None,) * board.rooms, board.clue_cell)
    model = build_lazy(prepare(blank))
    phases = [cell + 1 if rng.random() < density else -(cell + 1)
              for cell in range(board.cells)]
    found = sample(model, phases, deadline=deadline)
    if not isinstance(found, tuple):
        return None
    return frozenset(cell for cell, on in enumerate(found) if on)


def _switched(board: Board) -> tuple[CnfModel, list[int]]:
    """The lazy SAT model of ``board``'s rooms with each room's number (every room has
    one here) under a selector of its own (:func:`cpsolve.cnf.guard`), and the
    selectors, room by room. The connectivity cuts hold whatever the numbers."""
    from pysat.formula import IDPool

    from cpsolve.cnf import guard
    from cpsolve.models.heyawake.encodings import build_lazy, prepare, room_clauses

    blank = Board(board.rows, board.cols, board.room, (None,) * board.rooms, board.clue_cell)
    model = build_lazy(prepare(blank))
    selectors = list(range(model.nvars + 1, model.nvars + 1 + board.rooms))
    pool = IDPool(start_from=model.nvars + board.rooms + 1)
    for room, number in enumerate(board.numbers):
        assert number is not None
        for group in room_clauses(board, room, number, pool):
            model.add(guard(group, selectors[room]))
    model.nvars = max(model.nvars + board.rooms, pool.top)
    return model, selectors


def _numbers(room: tuple[int, ...], count: int, shading: Shading) -> list[int | None]:
    numbers: list[int | None] = [0] * count
    for cell in shading:
        numbers[room[cell]] = (numbers[room[cell]] or 0) + 1
    return numbers


def _split(rows: int, cols: int, room: tuple[int, ...], target: int, cell: int,
           rng: random.Random) -> tuple[int, ...] | None:
    """``room`` with room ``target`` (a rectangle) cut in two across or along, at
    random, beside ``cell``; None when the room is a single cell."""
    members = [c for c, r in enumerate(room) if r == target]
    top, left = min(c // cols for c in members), min(c % cols for c in members)
    bottom, right = max(c // cols for c in members), max(c % cols for c in members)
    r, c = divmod(cell, cols)
    cuts = ([("row", k) for k in (r, r + 1) if top < k <= bottom]
            + [("col", k) for k in (c, c + 1) if left < k <= right])
    if not cuts:
        return None
    axis, at = rng.choice(cuts)
    fresh = max(room) + 1
    label = [fresh if x == target and ((i // cols if axis == "row" else i % cols) >= at)
             else x for i, x in enumerate(room)]
    order: dict[int, int] = {}
    return tuple(order.setdefault(x, len(order)) for x in label)


def _mended(rows: int, cols: int, room: tuple[int, ...], shading: Shading,
            rng: random.Random, deadline: Deadline, rounds: int = 200) -> tuple[int, ...]:
    """The rooms mended as a setter mends them: while the fully numbered board has a
    second solution, a room holding a cell where the two differ is cut in two (the
    shading must stay valid under the new borders), so the numbers say more. Returns
    the rooms reached (unique or not: the caller proves it)."""
    from cpsolve.models.heyawake import solve

    for _ in range(rounds):
        if deadline.expired():
            break
        count = max(room) + 1
        board = Board(rows, cols, room, tuple(_numbers(room, count, shading)),
                      _clue_cells(rows, cols, room))
        found = solve(board, unique=True, time_limit=deadline)
        if found.unique is not False or len(found.solutions) < 2:
            break
        first, second = found.solutions[0], found.solutions[1]
        differ = sorted(first ^ second)
        rng.shuffle(differ)
        for cell in differ:
            cut = _split(rows, cols, room, room[cell], cell, rng)
            if cut is None:
                continue
            trial = Board(rows, cols, cut, tuple(_numbers(cut, max(cut) + 1, shading)),
                          _clue_cells(rows, cols, cut))
            if not check(trial, shading):
                room = cut
                break
        else:
            break  # no cut keeps the shading valid: the caller starts again
    return room


def generate(rows: int, cols: int, *, seed: int = 0, largest: int = 12,
             keep: float = 0.0, time_limit: float | None = None
             ) -> tuple[Board, Shading]:
    """A ``rows`` x ``cols`` board with exactly one solution, and that solution.

    ``keep`` is the share of numbers kept beyond a minimal set (0: every number that
    can go goes; published puzzles keep more). A :class:`UsageError` when the time
    runs out first (nothing unproven is returned).

    >>> board, shading = generate(6, 6, seed=2)
    >>> from cpsolve.models.heyawake import solve
    >>> result = solve(board, unique=True)
    >>> result.unique, result.solution == shading
    (True, True)
    """
    from cpsolve.models.heyawake import solve

    rng = random.Random(seed)
    deadline = Deadline(time_limit)
    while not deadline.expired():
        room = random_rooms(rows, cols, rng, largest=largest)
        count = max(room) + 1
        clue_cell = _clue_cells(rows, cols, room)
        shading = random_shading(Board(rows, cols, room, (None,) * count, clue_cell), rng,
                                 deadline=deadline)
        if shading is None:
            continue
        room = _mended(rows, cols, room, shading, rng, deadline)
        count = max(room) + 1
        clue_cell = _clue_cells(rows, cols, room)
        numbers = _numbers(room, count, shading)
        board = Board(rows, cols, room, tuple(numbers), clue_cell)
        assert not check(board, shading)
        model, selectors = _switched(board)
        order = list(range(count))
        rng.shuffle(order)
        kept = [r for r in order if rng.random() < keep]
        loose = [r for r in order if r not in kept]
        solution = tuple(cell in shading for cell in range(board.cells))
        with open_session(model) as session:
            found = minimal_in(session, list(model.projection), [selectors[r] for r in loose],
                               solution, keep=[selectors[r] for r in kept],
                               refine=model.refine, deadline=deadline)
        if not found.unique:
            continue  # not unique even when mended: other rooms will do better
        wanted = set(kept) | {loose[i] for i in found.kept}
        board = Board(rows, cols, room, tuple(n if r in wanted else None
                                              for r, n in enumerate(numbers)), clue_cell)
        # Proven again, from scratch, by the solver users run.
        final = solve(board, unique=True, time_limit=deadline)
        if not check(board, shading) and final.unique and final.solution == shading:
            return board, shading
    raise UsageError(f"no unique {rows}x{cols} board within the time limit")


def command():  # type: ignore[no-untyped-def]
    """The ``cpsolve generate heyawake`` click command."""
    import click

    from cpsolve.commands import Output, with_file

    @click.command("heyawake", short_help="Random Heyawake boards with one solution.")
    @click.argument("cols", type=click.IntRange(min=2))
    @click.argument("rows", type=click.IntRange(min=2))
    @click.option("--largest", type=click.IntRange(min=2), default=12, show_default=True,
                  help="Most cells in a room.")
    @click.option("--keep", type=click.FloatRange(0, 1), default=0.0, show_default=True,
                  help="Share of numbers kept beyond a minimal set.")
    @click.option("--seed", type=int, default=0, help="Random seed.")
    @click.option("--format", "fmt", type=click.Choice(["url", "grid"]), default="url",
                  show_default=True)
    @click.option("--time-limit", type=click.FloatRange(min=0), default=None)
    @click.option("-o", "--output", type=click.Path(dir_okay=False), default=None)
    def generate_heyawake(cols: int, rows: int, largest: int, keep: float, seed: int,
                          fmt: str, time_limit: float | None, output: str | None) -> Output:
        """A random COLS x ROWS board whose solution is unique (proven)."""
        from cpsolve.models.heyawake.formats import to_text, to_url

        board, _ = generate(rows, cols, seed=seed, largest=largest, keep=keep,
                            time_limit=time_limit)
        text = to_url(board) if fmt == "url" else to_text(board)
        return with_file(Output(stdout=text + "\n"), output)

    return generate_heyawake
