"""The generator loop, written once for every grid family (cspuz's ``generate_problem``
with a family's eight-line builder): a family gives its :class:`Layout` (how a board
is laid out around an answer, and how it is mended where the answer is not pinned
down); the kit does the rest.

1. **Lay out** a board with the symmetry asked for (``rot2``, as published puzzles
   are, ``rot4``, ``mirror``, ``none``), around an answer, with every clue the answer
   allows (every black cell numbered, every room numbered, a pearl wherever one fits).
2. **Mend** it while the answer is not pinned down: with a grade, the cells the
   grade's reasoning leaves open; without, the cells where a second solution differs.
   The family changes the board there (a black cell, a room cut in two, another loop
   to pin down); then, where the family can, it **simplifies** the board again while
   the answer stays pinned down (rooms merged back).
3. **Take clues away**, in random order (in a few orders where the family asks, the
   board with the fewest clues kept), while the grade's reasoning still decides
   every cell (with no grade: while the answer stays unique, by
   :func:`cpsolve.grid.setter.minimize`: one incremental solver, every removal
   proven); ``density`` keeps a share of the clues at random first. Clues placed with
   the symmetry (pearls) go orbit by orbit.
4. A board that an easier grade also decides is made again from a new layout.
5. **Proven again**, from scratch, by the family's own solve (the method users run):
   unique, its solution the answer laid out; then graded as ``--grade`` grades it, and
   made again from a new layout where that is not the grade asked.

Every board printed has passed step 5; a generator that runs out of time or layouts
says so (exit 3) instead.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from cpsolve.grid.geometry import Grid
from cpsolve.grid.grading import grader_of
from cpsolve.grid.layouts import Cell, Layout, Made, Settings
from cpsolve.grid.setter import OutOfTime
from cpsolve.grid.solve import solve
from cpsolve.limits import Deadline, TimeUp, building
from cpsolve.options import Option
from cpsolve.progress import step

if TYPE_CHECKING:
    import numpy as np

    from cpsolve.grid.puzzle import GridPuzzle

ATTEMPTS = 40  # layouts tried before giving up
REPAIRS = 200  # mending rounds per layout
GRADE_SECONDS = 5.0  # how long a board made without a grade asked is graded for the record
# Rounds of the lazy rules (candidates cut off) a question "can this clue go?" may
# take before the clue is kept: counted work, so a seed makes the same board on every
# machine. A Double Choco's areas or a Hotaru Beam's uncounted lines, with most clues
# gone, can be cut one at a time for minutes.
PATIENCE = 100


def _open_cells(puzzle: GridPuzzle[Any, Any], board: Any, answer: Any, level: int | None,
                deadline: Deadline) -> tuple[set[Cell], Any]:
    """Where ``answer`` is not pinned down on ``board``: with a grade, the cells its
    reasoning leaves open; without, the cells where a second solution differs (and
    that solution). Empty when pinned down."""
    from cpsolve.grid.hints import clue_model
    from cpsolve.grid.text import differing_cells
    from cpsolve.grid.uniqueness import count_in, open_session

    grader = grader_of(puzzle)
    if level is None:
        level = grader.mend_level  # a level whose deductions decide only unique boards
    if level is not None:
        found = grader.open_cells(board, level, deadline)
        if found is None:
            raise OutOfTime
        return found, None
    clued = clue_model(puzzle.require_hints(), board, deadline=deadline, implied=True)
    with open_session(clued.model) as session:
        counted = count_in(session, clued.projection, assumptions=clued.selectors,
                           refine=clued.model.refine, deadline=deadline)
    if counted.timed_out:
        raise OutOfTime
    decode = puzzle.prepare(board, False).decode
    others = [decode(v) for v in counted.solutions]
    other = next((a for a in others if a != answer), None)
    if other is None:
        if not others:
            raise RuntimeError("a board laid out around an answer has no solution")
        return set(), None
    return differing_cells(puzzle.show(board, answer), puzzle.show(board, other)), other


def clue_groups(puzzle: GridPuzzle[Any, Any], board: Any, symmetry: str) -> list[list[int]]:
    """The board's clues (indices in :attr:`Hints.clues` order) that go or stay
    together: orbit by orbit when the family places its clues with the symmetry, else
    one by one."""
    clues = puzzle.require_hints().clues(board)
    if not puzzle.require_hints().symmetric or symmetry == "none":
        return [[k] for k in range(len(clues))]
    rows = max(r for r, _ in (c.cell for c in clues)) + 1 if clues else 1
    grid = _grid_of(puzzle, board, rows)
    index = {clue.cell: k for k, clue in enumerate(clues)}
    groups: list[list[int]] = []
    seen: set[int] = set()
    for k, clue in enumerate(clues):
        if k in seen:
            continue
        orbit = [index[grid.rc(cell)] for cell in grid.orbit(grid.cell(*clue.cell), symmetry)
                 if grid.rc(cell) in index]
        seen.update(orbit)
        groups.append(orbit)
    return groups


def removal_order(groups: list[list[int]], rng: Any, weight: Sequence[float] | None
                  ) -> list[int]:
    """The clues in the order they are tried for taking away: group by group in random
    order, the groups of the heaviest clue first when the layout weighs them
    (:attr:`Layout.first <cpsolve.grid.layouts.Layout>`).

    >>> import numpy as np
    >>> removal_order([[0, 3], [1], [2]], np.random.default_rng(0), [1, 5, 1, 2])
    [1, 0, 3, 2]
    """
    shuffled = rng.permutation(len(groups)).tolist()
    if weight is not None:
        shuffled.sort(key=lambda k: -max(weight[i] for i in groups[k]))
    return [i for k in shuffled for i in groups[k]]


def _grid_of(puzzle: GridPuzzle[Any, Any], board: Any, rows: int) -> Grid:
    # The grid the clues stand on: the cells', unless the board says another (the
    # points of Gokigen Naname's numbers).
    grid = getattr(board, "clue_grid", None) or getattr(board, "grid", None)
    if isinstance(grid, Grid):
        return grid
    return Grid(board.height, board.width)


def generate(puzzle: GridPuzzle[Any, Any], rows: int, cols: int, *, grade: str | None = None,
             symmetry: str | None = None, density: float | None = None, seed: int = 0,
             deadline: Deadline | None = None, attempts: int = ATTEMPTS,
             log: Callable[[str], None] | None = None, **options: Any) -> Made[Any, Any]:
    """A ``rows`` x ``cols`` puzzle of ``puzzle``'s family with exactly one solution, of
    ``grade`` (``None``: any, its clues minimal for uniqueness alone), laid out with
    ``symmetry`` (see the module docstring; default the family's, ``rot2`` where it
    has it).

    >>> from cpsolve.models.heyawake import HEYAWAKE, solve
    >>> made = generate(HEYAWAKE, 6, 6, seed=2)
    >>> result = solve(made.board, unique=True)
    >>> result.unique, result.solution == made.answer
    (True, True)
    """
    import numpy as np


    layout = puzzle.require_layout()
    if layout is None:
        raise ValueError(f"{puzzle.name} has no generator")
    symmetry = symmetry or layout.symmetry
    if symmetry not in layout.symmetries:
        raise ValueError(f"unknown symmetry {symmetry!r}; known: "
                         f"{', '.join(layout.symmetries)}")
    refused = refusal(layout, rows, cols, symmetry)
    if refused:
        raise ValueError(refused)
    grader = grader_of(puzzle)
    if grade is not None and grade not in grader.targets:
        raise ValueError(f"unknown grade {grade!r}; known: {', '.join(grader.targets)}")
    settings = Settings(rows, cols, symmetry,
                        layout.density.default if density is None else density,
                        {o.name: options.get(o.name, o.default)
                         for o in layout_options(puzzle)})
    start = time.perf_counter()
    deadline = deadline or Deadline(None)
    say = log or (lambda line: None)
    rng = np.random.default_rng(seed)
    level = None if grade is None else list(grader.grades).index(grade)
    tried = 0
    try:
        while tried < attempts:
            tried += 1
            step(f"layout {tried}: laid out")
            made = _attempt(puzzle, settings, level, rng, deadline, say)
            if made is not None:
                board, answer, name, repairs = made
                return Made(board, answer, name, tried, repairs, time.perf_counter() - start)
    except (OutOfTime, TimeUp):
        return Made(None, attempts=tried, seconds=time.perf_counter() - start,
                    reason="time limit reached before a unique board"
                           + (" of that grade" if grade else "") + " was made")
    what = f"grade {grade}" if grade else "one solution"
    return Made(None, attempts=tried, seconds=time.perf_counter() - start,
                reason=f"no {rows}x{cols} board of {what} in {tried} layouts"
                       + (f" ({', '.join(grader.targets)} are the grades)" if grade else ""))


def refusal(layout: Layout[Any, Any], rows: int, cols: int, symmetry: str) -> str | None:
    """Why no ``rows`` x ``cols`` board with ``symmetry`` can be laid out (``None``:
    one may), said at once rather than after layouts tried in vain."""
    if symmetry == "rot4" and rows != cols:
        return "--symmetry rot4 needs a square board"
    if layout.too_small is not None and (refused := layout.too_small(rows, cols)):
        return refused
    return layout.unfit(rows, cols, symmetry) if layout.unfit is not None else None


def _attempt(puzzle: GridPuzzle[Any, Any], settings: Settings, level: int | None,
             rng: np.random.Generator, deadline: Deadline, say: Callable[[str], None]
             ) -> tuple[Any, Any, str | None, int] | None:
    """One layout, mended, its clues taken away, graded and proven; ``None`` when it
    does not reach the grade."""
    layout = puzzle.require_layout()
    grader = grader_of(puzzle)
    if deadline.expired():
        raise OutOfTime
    with building(deadline, "the layout", "made"):
        made = layout.make(settings, rng)
    if made is None:
        say("no layout")
        return None
    board, answer = made
    _valid(puzzle, board, answer, "laid out", deadline)
    repairs = 0
    while True:
        if deadline.expired():
            raise OutOfTime
        cells, other = _open_cells(puzzle, board, answer, level, deadline)
        if not cells:
            break
        repairs += 1
        step(f"mending the layout: {len(cells)} cells open, repair {repairs}")
        with building(deadline, "the layout", "mended"):
            mended = layout.mend(board, answer, other, cells, settings, rng) \
                if repairs <= REPAIRS else None
        if mended is None:
            say(f"layout given up after {repairs} repairs")
            return None
        board, answer = mended
        _valid(puzzle, board, answer, "mended", deadline)
    if layout.simplify is not None:
        def pinned(changed: Any) -> bool:
            if puzzle.check(changed, answer):
                return False
            return not _open_cells(puzzle, changed, answer, level, deadline)[0]

        with building(deadline, "the layout", "simplified"):
            board = layout.simplify(board, answer, pinned, settings, rng)
        _valid(puzzle, board, answer, "simplified", deadline)
    clues = puzzle.require_hints().clues(board)
    say(f"layout: {len(clues)} {puzzle.require_hints().noun}s, {repairs} repairs")
    groups = clue_groups(puzzle, board, settings.symmetry)
    kept = [k for k in rng.permutation(len(groups)).tolist()
            if layout.clued and rng.random() < settings.density]
    keep = [i for k in kept for i in groups[k]]
    if not puzzle.require_hints().removable:
        keep = list(range(len(clues)))  # the clues are the genre's rules
    weight = None if layout.first is None else layout.first(clues, answer)
    best: tuple[int, Any] | None = None
    for _ in range(layout.orders):
        order = removal_order(groups, rng, weight)
        found = grader.fewest(board, answer, level, order, groups, keep, deadline, PATIENCE)
        count = len(puzzle.require_hints().clues(found))
        if best is None or count < best[0]:
            best = count, found
    assert best is not None
    board = best[1]
    if level is not None and level > 0:
        easier = grader.open_cells(board, level - 1, deadline)
        if easier is None:
            raise OutOfTime
        if not easier:
            say(f"too easy: {grader.grades[level - 1]} reasoning decides it")
            return None
    step("proving it unique again")
    name = _proven(puzzle, board, answer, level, deadline)
    if level is not None and name != grader.grades[level]:
        say(f"graded {name} by --grade")  # the grade as a user will find it, not reached
        return None
    return board, answer, name, repairs


def _valid(puzzle: GridPuzzle[Any, Any], board: Any, answer: Any, how: str,
           deadline: Deadline) -> None:
    """Refuse a board laid out around an answer that breaks its rules (a fault in the
    layout), the check under the time limit (a 1000x1000 one takes seconds)."""
    with building(deadline, "the layout", "checked"):
        errors = puzzle.check(board, answer)
    if errors:
        raise RuntimeError(f"a board {how} around an answer breaks its rules: {errors[0]}")


def _proven(puzzle: GridPuzzle[Any, Any], board: Any, answer: Any, level: int | None,
            deadline: Deadline) -> str | None:
    """The board's grade, after the family's solve proves it unique with ``answer``
    its solution (a failure here is a fault in cpsolve, not an outcome); ``None`` when
    no grade was asked and grading takes longer than :data:`GRADE_SECONDS`."""
    grader = grader_of(puzzle)
    result = solve(puzzle, board, unique=True, time_limit=deadline)
    if result.unique is None:
        raise OutOfTime
    if result.unique is not True or result.solution != answer:
        raise RuntimeError("a generated board is not unique after all")
    if level is not None:  # graded as --grade grades it: the grade printed is the one found
        graded = grader.grade(board, deadline)
        if graded.timed_out:
            raise OutOfTime
        return graded.name
    # No grade was asked: the board is graded for the record, within a short budget.
    graded = grader.grade(board, deadline.within(GRADE_SECONDS))
    if graded.timed_out:
        return None
    return graded.name or grader.grades[-1]


def layout_options(puzzle: GridPuzzle[Any, Any]) -> tuple[Option, ...]:
    """The options a layout reads: the family's own, and the flag of the rule its boards
    may carry (:class:`~cpsolve.grid.puzzle.Variant`: Numberlink's ``--fill``)."""
    own = puzzle.require_layout().options
    varied = puzzle.variant is not None and puzzle.variant.generated
    return (*own, puzzle.variant.option) if varied else own  # type: ignore[union-attr]


def command(puzzle: GridPuzzle[Any, Any]) -> Any:
    """``cpsolve generate NAME COLS ROWS``: a proven-unique board, graded to order, as
    a puzz.link URL (every genre's generator prints the same form by default); a
    random board that need not be unique only when asked for by name (``--random``)."""
    import click

    from cpsolve.commands import EXIT_LIMIT, SEED, TIME_LIMIT, Output, build, with_file
    from cpsolve.errors import UsageError
    from cpsolve.options import click_options

    layout = puzzle.require_layout()
    grader = grader_of(puzzle)
    formats = ("text", *puzzle.exports)
    printed = "url" if "url" in puzzle.exports else "text"  # the form setters share
    density = layout.density

    def run(cols: int, rows: int, unique: bool, grade: str | None, symmetry: str | None,
            seed: int, fmt: str | None, time_limit: float | None, verbose: bool,
            output: str | None, random: bool = False, **extra: Any) -> Output:
        chosen = {o.name: o.value(extra[o.name]) for o in (density, *layout_options(puzzle))
                  if extra.get(o.name) is not None}
        if random:
            if unique or grade:
                raise UsageError("--random boards are not proven unique: it does not go "
                                 "with --unique or --grade")
            assert layout.random is not None
            board = layout.random(Settings(rows, cols, symmetry or "none",
                                           chosen.pop(density.name, density.default)),
                                  seed, **chosen)
            return with_file(Output(stdout=_printed(puzzle, board, fmt or printed)), output)
        symmetry = symmetry or layout.symmetry
        refused = refusal(layout, rows, cols, symmetry)
        if refused:
            raise UsageError(refused)
        from cpsolve.commands import solving

        with solving(f"generate {puzzle.name}", verbose) as log:
            made = generate(puzzle, rows, cols, grade=grade, symmetry=symmetry,
                            density=chosen.pop(density.name, None), seed=seed,
                            deadline=Deadline(time_limit), log=log, **chosen)
        if made.board is None:
            return Output(stderr=[f"cpsolve: {made.reason} ({made.seconds:.1f} s)"],
                          exit_code=EXIT_LIMIT)
        clues = len(puzzle.require_hints().clues(made.board))
        out = with_file(Output(stdout=_printed(puzzle, made.board, fmt or printed)), output)
        if verbose:
            graded = made.grade or f"not decided within {GRADE_SECONDS:g} s"
            noun = puzzle.require_hints().noun
            out.stderr.append(f"unique, grade {graded}, {clues} {noun}s, "
                              f"{made.seconds:.2f} s")
        return out

    decorators: list[Callable[[Any], Any]] = [
        click.command(puzzle.name, short_help=f"{puzzle.name.capitalize()} puzzles, proven "
                      "unique, graded to order."),
        click.argument("cols", type=click.IntRange(min=layout.smallest, max=1000)),
        click.argument("rows", type=click.IntRange(min=layout.smallest, max=1000)),
        click.option("--unique", is_flag=True,
                     help="Exactly one solution, proven, clues minimal (always, unless "
                          "--random)."),
        *([click.option("--random", is_flag=True,
                        help="A random board instead, not proven to have one solution "
                             "(no puzzle yet: a start to edit).")]
          if layout.random is not None else []),
        click.option("--grade", type=click.Choice(grader.targets), default=None,
                     help="The reasoning it needs (README; implies --unique)."),
        click.option("--symmetry", type=click.Choice(layout.symmetries), default=None,
                     help=f"Of the layout (default {layout.symmetry}"
                          + (", as published)." if layout.symmetry == "rot2" else ").")),
        *click_options([density, *layout_options(puzzle)]),
        click.option("--seed", type=SEED, default=0, metavar="N",
                     help="Random seed (0 to 2**63-1)."),
        click.option("--format", "fmt", type=click.Choice(formats), default=None,
                     help=f"How the board is printed (default {printed}, as every "
                          "genre's generator prints it)."),
        click.option("--time-limit", type=TIME_LIMIT, default=None,
                     metavar="SECONDS", help="Give up (exit 3) after this long."),
        click.option("-v", "--verbose", is_flag=True, help="Each layout on standard error."),
        click.option("-o", "--output", type=click.Path(dir_okay=False), default=None),
    ]
    return build(decorators, run)


def _printed(puzzle: GridPuzzle[Any, Any], board: Any, fmt: str) -> str:
    text = puzzle.board_text(board) if fmt == "text" else puzzle.exports[fmt](board)
    return text if text.endswith("\n") else text + "\n"
