"""Akari boards: random ones with a known solution (for tests, benchmarks and
experiments), and puzzles made to order, unique and graded, as a setter makes them.

:func:`generate` places black cells at random, then lights greedily on unlit white
cells in random order (a new light on an unlit cell sees no other light, so the
placement is always valid and lights every cell), and gives each black cell, with
probability ``clues``, its number of neighbouring lights. Always solvable, not always
uniquely.

:func:`puzzle` makes a puzzle the way Simon Tatham's Light Up does, with a repair step
that lets it reach large boards:

1. black cells laid out with the symmetry asked for (``rot2``, as published puzzles
   are, ``rot4``, ``mirror`` left to right, or ``none``), about ``density`` of the
   board; lights placed as above; every black cell numbered;
2. *repair*: while the deductions of the grade asked (for no grade: the solver's
   backbone, :mod:`cpsolve.grid.uniqueness`) leave cells undetermined, some of those cells
   become black (with their symmetric images), spread apart, and the lights and
   numbers are mended around them;
3. *fewer numbers*: numbers go, in random order, while the board stays decided by
   the deductions of its grade (with no grade: while the solution stays unique, by
   :func:`cpsolve.grid.uniqueness.minimal_in`); the numbers no deduction used go at once
   (the same deductions decide the same cells without them). No number left can
   go alone;
4. a board that an easier grade also decides is made again from a new layout;
5. the solver proves the board unique, and the solution is the one made in step 1.

Every printed board has passed step 5; a generator that runs out of time or tries
says so instead.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from cpsolve.limits import Deadline
from cpsolve.models.akari.board import Board, Cell

SYMMETRIES = ("rot2", "rot4", "mirror", "none")
ATTEMPTS = 40  # layouts tried before giving up
REPAIRS = 200  # repair rounds per layout
NEAR = 3  # rows and columns around a number whose cells a quick test leaves open
HARDEST = 2  # the level of the strongest deductions (hard)


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
    light = _lights(is_black, rng)
    numbered = is_black & (rng.random((height, width)) < clues)
    board = _board(is_black, light, numbered)
    return board, frozenset(zip(*(axis.tolist() for axis in np.nonzero(light))))


def _lights(is_black: np.ndarray, rng: np.random.Generator,
            keep: np.ndarray | None = None) -> np.ndarray:
    """A valid placement lighting every white cell: the lights of ``keep`` that are
    still white and see no other, then a light on each unlit cell in random order."""
    height, width = is_black.shape
    white = ~is_black
    if not white.any():
        return np.zeros_like(white)
    # Segment ids of every white cell (rows first, then columns).
    left = np.zeros_like(white)
    left[:, 1:] = white[:, :-1]
    row_id = np.cumsum((white & ~left).ravel()).reshape(white.shape) - 1
    above = np.zeros_like(white)
    above[1:, :] = white[:-1, :]
    col_start = (white & ~above).T.ravel()
    col_id = (np.cumsum(col_start).reshape(width, height).T - 1) + int(row_id.max()) + 1
    lit = np.zeros(int(col_id.max()) + 1, dtype=bool)
    light = np.zeros_like(white)
    rows, cols = row_id.tolist(), col_id.tolist()
    order: list[int] = []
    if keep is not None:
        order.extend(np.flatnonzero(keep & white).tolist())
    order.extend(rng.permutation(height * width).tolist())
    whites = white.ravel().tolist()
    for index in order:
        if not whites[index]:
            continue
        r, c = divmod(index, width)
        a, b = rows[r][c], cols[r][c]
        if lit[a] or lit[b]:
            continue
        lit[a] = lit[b] = True
        light[r, c] = True
    return light


def _board(is_black: np.ndarray, light: np.ndarray, numbered: np.ndarray) -> Board:
    """The board of a layout: numbered black cells show their count of lights."""
    padded = np.pad(light, 1).astype(np.int8)
    around = padded[:-2, 1:-1] + padded[2:, 1:-1] + padded[1:-1, :-2] + padded[1:-1, 2:]
    codes = np.where(is_black, np.where(numbered, 48 + around, ord("#")), ord("."))
    return Board(tuple(bytes(row).decode() for row in codes.astype(np.uint8).tolist()))


def orbit(cell: Cell, width: int, height: int, symmetry: str) -> set[Cell]:
    """The cells ``symmetry`` maps ``cell`` to (``cell`` included).

    >>> sorted(orbit((0, 1), 4, 4, "rot4"))
    [(0, 1), (1, 3), (2, 0), (3, 2)]
    >>> sorted(orbit((1, 0), 3, 3, "mirror"))
    [(1, 0), (1, 2)]
    """
    r, c = cell
    found = {cell}
    if symmetry in ("rot2", "rot4"):
        found.add((height - 1 - r, width - 1 - c))
    if symmetry == "rot4":
        found.update({(c, width - 1 - r), (width - 1 - c, r)})
    if symmetry == "mirror":
        found.add((r, width - 1 - c))
    return found


def layout(width: int, height: int, density: float, symmetry: str,
           rng: np.random.Generator) -> np.ndarray:
    """Black cells with ``symmetry``, about ``density`` of the board: whole orbits
    taken in random order until the share is reached.

    >>> black = layout(9, 7, 0.2, "rot2", np.random.default_rng(1))
    >>> bool((black == black[::-1, ::-1]).all()), bool(0.15 < black.mean() < 0.3)
    (True, True)
    """
    black = np.zeros((height, width), dtype=bool)
    want = round(density * width * height)
    count = 0
    for index in rng.permutation(width * height).tolist():
        if count >= want:
            break
        cell = divmod(index, width)
        if black[cell]:
            continue
        for r, c in orbit(cell, width, height, symmetry):
            if not black[r, c]:
                black[r, c] = True
                count += 1
    return black


def _spread(cells: list[Cell], rng: np.random.Generator, share: int = 6) -> list[Cell]:
    """Some of ``cells``, in random order, no two within two rows and two columns of
    each other: about one in ``share``, at least one."""
    chosen: list[Cell] = []
    for k in rng.permutation(len(cells)).tolist():
        r, c = cells[k]
        if all(abs(r - a) > 2 or abs(c - b) > 2 for a, b in chosen):
            chosen.append((r, c))
            if len(chosen) >= max(1, len(cells) // share):
                break
    return chosen


@dataclass(frozen=True)
class Made:
    """A generated puzzle: the board, its one solution, its grade, the layouts tried,
    the repairs made to the last one, and the seconds taken; or, when ``board`` is
    ``None``, why there is none (``reason``)."""

    board: Board | None
    lights: frozenset[Cell] = frozenset()
    grade: str | None = None
    attempts: int = 0
    repairs: int = 0
    seconds: float = 0.0
    reason: str | None = None


class _OutOfTime(Exception):
    pass


def puzzle(width: int, height: int, *, grade: str | None = None, symmetry: str = "rot2",
           density: float = 0.2, seed: int = 0, deadline: Deadline | None = None,
           attempts: int = ATTEMPTS, log: Callable[[str], None] | None = None) -> Made:
    """A ``width`` x ``height`` puzzle with exactly one solution, of ``grade`` (easy,
    tricky or hard; ``None``: any, with numbers minimal for uniqueness alone), black
    cells laid out with ``symmetry`` (see the module docstring).

    >>> made = puzzle(10, 10, grade="easy", seed=2)
    >>> made.grade, len(made.board.rows)
    ('easy', 10)
    >>> from cpsolve.models.akari import solve
    >>> result = solve(made.board, unique=True)
    >>> result.unique, result.solution == made.lights
    (True, True)
    """
    from cpsolve.models.akari.grading import GRADES, LEVELS

    if symmetry not in SYMMETRIES:
        raise ValueError(f"unknown symmetry {symmetry!r}; known: {', '.join(SYMMETRIES)}")
    if symmetry == "rot4" and width != height:
        raise ValueError("rot4 symmetry needs a square board")
    if grade is not None and grade not in GRADES[:3]:
        raise ValueError(f"unknown grade {grade!r}; known: {', '.join(GRADES[:3])}")
    start = time.perf_counter()
    deadline = deadline or Deadline(None)
    say = log or (lambda line: None)
    rng = np.random.default_rng(seed)
    level = None if grade is None else LEVELS[grade]
    tried = 0
    try:
        while tried < attempts:
            tried += 1
            made = _attempt(width, height, level, symmetry, density, rng, deadline, say)
            if made is not None:
                board, lights, name, repairs = made
                return Made(board, lights, name, tried, repairs,
                            time.perf_counter() - start)
    except _OutOfTime:
        return Made(None, attempts=tried, seconds=time.perf_counter() - start,
                    reason="time limit reached before a unique board of that grade was "
                           "made")
    return Made(None, attempts=tried, seconds=time.perf_counter() - start,
                reason=f"no unique board of that grade in {tried} layouts")


def _attempt(width: int, height: int, level: int | None, symmetry: str, density: float,
             rng: np.random.Generator, deadline: Deadline, say: Callable[[str], None]
             ) -> tuple[Board, frozenset[Cell], str, int] | None:
    """One layout, repaired, its numbers reduced, graded and proven; ``None`` when it
    does not reach the grade."""
    from cpsolve.models.akari.grading import GRADES, Engine

    black = layout(width, height, density, symmetry, rng)
    light = _lights(black, rng)
    repairs = 0
    while True:
        if deadline.expired():
            raise _OutOfTime
        board = _board(black, light, black)
        undetermined = _undetermined(board, level, deadline)
        if not undetermined:
            break
        repairs += 1
        if repairs > REPAIRS:
            say(f"layout given up after {REPAIRS} repairs")
            return None
        for cell in _spread(undetermined, rng):
            for r, c in orbit(cell, width, height, symmetry):
                black[r, c] = True
        light = _lights(black, rng, keep=light & ~black)
    say(f"layout: {int(black.sum())} black cells ({black.mean():.0%}), {repairs} repairs")
    lights = frozenset(zip(*(axis.tolist() for axis in np.nonzero(light))))
    if level is None:
        # The deductions take most numbers away quickly; the solver the rest.
        board = _fewest_for_level(board, lights, HARDEST, rng, deadline)
        board = _fewest_for_uniqueness(board, lights, rng, deadline)
    else:
        board = _fewest_for_level(board, lights, level, rng, deadline)
        if level > 0 and Engine(board).run(level - 1, deadline=deadline).solved:
            say(f"too easy: {GRADES[level - 1]} deductions decide it")
            return None
    name = _proven(board, lights, level, deadline)
    return board, lights, name, repairs


def _undetermined(board: Board, level: int | None, deadline: Deadline) -> list[Cell]:
    """The cells the deductions of ``level`` leave open (for no grade, those of the
    hardest: a board they decide is unique, and the solver takes the numbers on from
    there)."""
    from cpsolve.models.akari.grading import Engine

    whites = board.whites
    outcome = Engine(board).run(HARDEST if level is None else level, deadline=deadline)
    if outcome.timed_out:
        raise _OutOfTime
    if outcome.contradiction:
        raise RuntimeError("the deductions refute a board built around a solution")
    return [whites[int(i)] for i in outcome.open]


def _fewest_for_level(board: Board, lights: frozenset[Cell], level: int,
                      rng: np.random.Generator, deadline: Deadline) -> Board:
    """Numbers removed in random order while the deductions of ``level`` still decide
    every cell; those a successful run did not use go with the one tried.

    Two things keep this fast on large boards. Most removals fail, and fail near the
    number removed, so each is first tried from the solution with only the cells near
    the number open (:data:`NEAR`): when the deductions cannot decide those, they
    cannot from nothing either (:meth:`Engine.run`). And a removal that passes is
    run from the cells the last successful run decided before it first used that
    number, which it decides again without it (:attr:`Outcome.first_use`)."""
    from cpsolve.models.akari.grading import EMPTY, LIGHT, OPEN, Engine
    from cpsolve.models.akari.setter import without_numbers

    engine = Engine(board)
    numbers = engine.numbers.copy()
    outcome = engine.run(level, numbers, deadline)
    if outcome.timed_out:
        raise _OutOfTime
    if not outcome.solved:
        raise RuntimeError("a repaired board is not decided by its deductions")
    numbers[~outcome.used] = -1
    first, order = outcome.first_use, outcome.order
    solution = np.array([LIGHT if cell in lights else EMPTY for cell in board.whites],
                        dtype=np.int8)
    where_ = np.array(board.whites, dtype=np.int64).reshape(-1, 2)
    for k in rng.permutation(len(numbers)).tolist():
        if numbers[k] < 0:
            continue
        kept = numbers[k]
        numbers[k] = -1
        r, c = engine.clue_at[k]
        near = (np.abs(where_[:, 0] - r) <= NEAR) & (np.abs(where_[:, 1] - c) <= NEAR)
        outcome = engine.run(level, numbers, deadline,
                             given=np.where(near, OPEN, solution).astype(np.int8))
        if outcome.solved:
            before = int(first[k]) - 1  # the cells decided before number k was used
            given = np.full(len(solution), OPEN, dtype=np.int8)
            given[order[:before]] = solution[order[:before]]
            outcome = engine.run(level, numbers, deadline, given=given,
                                 order=order[:before])
        if outcome.timed_out:
            raise _OutOfTime
        if not outcome.solved:
            numbers[k] = kept
            continue
        # The cells given were decided using the numbers used before them: those
        # numbers count as used where they were, unless this run used them earlier.
        found = outcome.first_use.copy()
        inherited = (first > 0) & (first - 1 <= before)
        found[inherited] = np.where(found[inherited] > 0,
                                    np.minimum(found[inherited], first[inherited]),
                                    first[inherited])
        first, order = found, outcome.order
        numbers[first == 0] = -1
    return without_numbers(board, [cell for cell, number in zip(engine.clue_at, numbers)
                                   if number < 0])


def _fewest_for_uniqueness(board: Board, lights: frozenset[Cell], rng: np.random.Generator,
                           deadline: Deadline) -> Board:
    """Numbers removed in random order while the solution stays unique."""
    from cpsolve.models.akari.setter import minimize

    clues = sorted(board.clues)
    order = [clues[k] for k in rng.permutation(len(clues)).tolist()]
    found = minimize(board, lights, order=order, deadline=deadline)
    if found.status.value == "unknown":
        raise _OutOfTime
    return found.board


def _proven(board: Board, lights: frozenset[Cell], level: int | None,
            deadline: Deadline) -> str:
    """The board's grade, after the solver proves it unique with ``lights`` its
    solution (a failure here is a fault in cpsolve, not an outcome)."""
    from cpsolve.models.akari import solve
    from cpsolve.models.akari.grading import GRADES, grade

    result = solve(board, unique=True, time_limit=deadline)
    if result.unique is None:
        raise _OutOfTime
    if result.unique is not True or result.solution != lights:
        raise RuntimeError("a generated board is not unique after all")
    if level is not None:
        return GRADES[level]
    graded = grade(board, deadline)
    if graded.timed_out:
        raise _OutOfTime
    return graded.name or "search"


def tiled_unique(width: int, height: int, *, seed: int = 0, tile: int = 12,
                 kinds: int = 12) -> tuple[Board, frozenset[Cell]]:
    """A large board with exactly one solution, for benchmarks of uniqueness proofs:
    ``kinds`` unique puzzles of ``tile`` x ``tile`` (:func:`puzzle`, no grade) laid
    out at random, one black line between them (which keeps their solutions apart, so
    each stays the only one), black cells where no whole tile fits.

    >>> from cpsolve.models.akari import solve
    >>> board, lights = tiled_unique(40, 27, seed=1, kinds=2)
    >>> result = solve(board, unique=True)
    >>> result.unique, result.solution == lights
    (True, True)
    """
    rng = np.random.default_rng(seed)
    pool = []
    for k in range(kinds):
        made = puzzle(tile, tile, seed=seed * 1000 + k, symmetry="none")
        assert made.board is not None
        pool.append((made.board, made.lights))
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
    """The ``cpsolve generate akari`` click command: a random solvable board, or
    (``--unique``, ``--grade``) a puzzle with exactly one solution, proven."""
    import click

    from cpsolve.commands import EXIT_LIMIT, Output, with_file

    @click.command("akari", short_help="Akari boards: random, or unique and graded.")
    @click.argument("width", type=click.IntRange(min=1, max=1000))
    @click.argument("height", type=click.IntRange(min=1, max=1000))
    @click.option("--unique", is_flag=True,
                  help="A puzzle with exactly one solution, proven, numbers minimal.")
    @click.option("--grade", type=click.Choice(("easy", "tricky", "hard")), default=None,
                  help="The deductions it needs (README; implies --unique).")
    @click.option("--symmetry", type=click.Choice(SYMMETRIES), default=None,
                  help="Of the black cells (default: rot2 with --unique, none without).")
    @click.option("--density", "--black", "density", type=click.FloatRange(0, 1),
                  default=0.2, show_default=True, help="Share of black cells (at the start).")
    @click.option("--clues", type=click.FloatRange(0, 1), default=1.0,
                  help="Without --unique: share of black cells with their number.")
    @click.option("--seed", type=int, default=0, help="Random seed.")
    @click.option("--time-limit", type=click.FloatRange(min=0), default=None,
                  metavar="SECONDS", help="Give up (exit 3) after this long.")
    @click.option("-v", "--verbose", is_flag=True, help="Each layout on standard error.")
    @click.option("-o", "--output", type=click.Path(dir_okay=False), default=None)
    def generate_akari(width: int, height: int, unique: bool, grade: str | None,
                       symmetry: str | None, density: float, clues: float, seed: int,
                       time_limit: float | None, verbose: bool, output: str | None
                       ) -> Output:
        """A WIDTH x HEIGHT board, one row per line: random with a known solution, or
        with --unique / --grade a puzzle with exactly one solution, proven by the
        solver before it is printed, its numbers minimal."""
        from cpsolve.errors import UsageError

        if not (unique or grade):
            board, _ = generate(width, height, black=density, clues=clues, seed=seed)
            return with_file(Output(stdout="\n".join(board.rows) + "\n"), output)
        chosen = symmetry or "rot2"
        if chosen == "rot4" and width != height:
            raise UsageError("--symmetry rot4 needs a square board")
        log = None
        if verbose:
            from cpsolve.cli import say

            log = say
        made = puzzle(width, height, grade=grade, symmetry=chosen, density=density,
                      seed=seed, deadline=Deadline(time_limit), log=log)
        if made.board is None:
            return Output(stderr=[f"cpsolve: {made.reason} ({made.seconds:.1f} s)"],
                          exit_code=EXIT_LIMIT)
        note = (f"unique, grade {made.grade}, {len(made.board.clues)} numbers, "
                f"{made.seconds:.2f} s")
        out = with_file(Output(stdout="\n".join(made.board.rows) + "\n"), output)
        if verbose:
            out.stderr.append(note)
        return out

    return generate_akari
