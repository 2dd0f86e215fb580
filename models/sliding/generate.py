"""Random solvable sliding boards, one at a time or as DevQuiz 2011-like problem sets.

A board's tiles are placed uniformly at random over its free cells. Where Wilson's
theorem decides solvability (the free cells 2-connected and not a cycle; grids are
bipartite) a wrong permutation parity is fixed by swapping two tiles, so every
solvable arrangement is equally likely. Elsewhere (a corridor or a dead end in the
free cells) the tiles are scrambled by a long random walk of the blank from the goal,
which is solvable by construction.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cpsolve.graphs import grid_graph, two_connected
from cpsolve.grid.connectivity import components
from cpsolve.models.sliding.board import BLANK, WALL, Board, Puzzle
from cpsolve.models.sliding.formats import devquiz_goal

# DevQuiz 2011: 5000 boards and these totals of L, R, U, D moves over all answers.
DEVQUIZ_COUNT = 5000
DEVQUIZ_LIMITS = {"L": 72187, "R": 81749, "U": 72303, "D": 81778}
# The size mix: sides 3..6 uniformly (as the contest states), so three in four are 4..6.
SIDES = (3, 4, 5, 6)
SIDE_WEIGHTS = (1, 1, 1, 1)
WALLED = 0.75  # share of boards with walls
MAX_WALLS = 6
# The most boards one problem set holds (the contest's 5,000 times 20): each is kept in
# memory until the file is written.
MAX_SET = 100_000
# Free cells a board keeps at the least (2 x 2 + 1): fewer leave no puzzle to set.
LEAST_FREE = 5
WALK_TRIES = 100  # random walks tried for an arrangement other than the goal


def _neighbours(width: int, height: int, cell: int) -> list[int]:
    """A cell's neighbours in the order the blank's random walk draws from (up, down,
    left, right: the boards each seed gives depend on it)."""
    r, c = divmod(cell, width)
    out = []
    if r > 0:
        out.append(cell - width)
    if r + 1 < height:
        out.append(cell + width)
    if c > 0:
        out.append(cell - 1)
    if c + 1 < width:
        out.append(cell + 1)
    return out


def _connected(width: int, height: int, free: set[int]) -> bool:
    return len(components(free, grid_graph(width, height))) == 1


def _wilson(width: int, height: int, free: set[int]) -> bool:
    """Whether Wilson's theorem applies: connected, no cut cell, not a cycle."""
    cells = width * height
    graph = grid_graph(width, height, set(range(cells)) - free)
    if len(free) < 3 or not two_connected([graph.get(c, ()) for c in range(cells)],
                                          [c in free for c in range(cells)]):
        return False
    return not all(len(graph[c]) == 2 for c in free)  # a cycle


def random_walls(width: int, height: int, count: int, rng: random.Random) -> frozenset[int]:
    """``count`` wall cells that leave the free cells connected (fewer if the board
    is too small to keep at least 2 x 2 + 1 free cells)."""
    count = max(0, min(count, width * height - LEAST_FREE))
    while True:
        walls = frozenset(rng.sample(range(width * height), count))
        if _connected(width, height, set(range(width * height)) - walls):
            return walls


def _parity(cells: list[str], goal: list[str]) -> int:
    """The parity of the permutation taking ``goal`` to ``cells`` (labels distinct)."""
    where = {label: k for k, label in enumerate(goal) if label != WALL}
    seen = [False] * len(cells)
    parity = 0
    for first in range(len(cells)):
        if cells[first] == WALL or seen[first]:
            continue
        length, k = 0, first
        while not seen[k]:
            seen[k] = True
            k = where[cells[k]]
            length += 1
        parity ^= (length - 1) & 1
    return parity


def _walk(width: int, height: int, cells: list[str], steps: int, rng: random.Random) -> None:
    """Move the blank ``steps`` times at random (never straight back), in place."""
    blank = cells.index(BLANK)
    previous = -1
    for _ in range(steps):
        options = [o for o in _neighbours(width, height, blank)
                   if cells[o] != WALL and o != previous]
        if not options:  # a dead end: turning back is the only move
            options = [previous]
        target = rng.choice(options)
        cells[blank], cells[target] = cells[target], BLANK
        previous, blank = blank, target


def scramble(goal: Board, rng: random.Random) -> Board:
    """A random arrangement of ``goal``'s tiles from which ``goal`` can be reached."""
    width, height = goal.width, goal.height
    free = [k for k, cell in enumerate(goal.cells) if cell != WALL]
    if not _wilson(width, height, set(free)):
        cells = list(goal.cells)
        # A walk of a random length: in a corridor the walk is forced, and one of a
        # fixed length can bring the blank home every time.
        _walk(width, height, cells, 200 * len(free) + rng.randrange(2 * len(free)), rng)
        return Board(width, height, tuple(cells))
    labels = [goal.cells[k] for k in free]
    rng.shuffle(labels)
    cells = list(goal.cells)
    for k, label in zip(free, labels):
        cells[k] = label
    # Every move is one transposition and moves the blank to the other colour of the
    # grid's chequerboard, so the parities of the permutation and of the blank's
    # displacement agree on every solvable board.
    blank, home = cells.index(BLANK), goal.blank
    moved = (blank // width + blank % width + home // width + home % width) % 2
    if _parity(cells, list(goal.cells)) != moved:
        a, b = [k for k in free if cells[k] != BLANK][:2]
        cells[a], cells[b] = cells[b], cells[a]
    return Board(width, height, tuple(cells))


def random_puzzle(width: int, height: int, *, walls: int = 0, seed: int = 0) -> Puzzle:
    """A random solvable DevQuiz board of ``width`` x ``height`` with ``walls`` wall
    cells (free cells connected), its goal by the DevQuiz rule.

    >>> from cpsolve.models.sliding.analysis import Analysis
    >>> p = random_puzzle(5, 4, walls=3, seed=7)
    >>> len(p.start.walls), Analysis(p).verdict.solvable
    (3, True)
    """
    if not (2 <= width <= 6 and 2 <= height <= 6):
        raise ValueError("DevQuiz boards are 2..6 x 2..6 (labels 1-9, A-Z)")
    if walls > width * height - LEAST_FREE:
        raise ValueError(f"at most {max(0, width * height - LEAST_FREE)} walls on a "
                         f"{width}x{height} board (it keeps {LEAST_FREE} free cells)")
    rng = random.Random(f"slide {width}x{height} walls {walls} seed {seed}")
    return _random_puzzle(width, height, walls, rng)


def _random_puzzle(width: int, height: int, walls: int, rng: random.Random) -> Puzzle:
    wall_cells = random_walls(width, height, walls, rng)
    first = min(set(range(width * height)) - wall_cells)
    shape = tuple(WALL if k in wall_cells else BLANK if k == first else "1"
                  for k in range(width * height))
    goal = devquiz_goal(Board(width, height, shape))
    for _ in range(WALK_TRIES):
        start = scramble(goal, rng)
        if start != goal:
            return Puzzle(start, goal)
    raise ValueError(f"no arrangement but the goal found on a {width}x{height} board "
                     f"with {walls} walls")


@dataclass(frozen=True)
class ProblemSet:
    """A DevQuiz-like problem set: the four move limits and the boards."""

    limits: dict[str, int]
    puzzles: list[Puzzle]

    def text(self) -> str:
        """The DevQuiz problem file: limits ``L R U D``, the count, one line per board."""
        lines = [" ".join(str(self.limits[m]) for m in "LRUD"), str(len(self.puzzles))]
        lines += [p.start.devquiz() or "" for p in self.puzzles]
        return "\n".join(lines) + "\n"


def scaled_limits(count: int) -> dict[str, int]:
    """The contest's limits scaled to ``count`` boards.

    >>> scaled_limits(500)
    {'L': 7219, 'R': 8175, 'U': 7230, 'D': 8178}
    """
    return {move: round(limit * count / DEVQUIZ_COUNT) for move, limit in DEVQUIZ_LIMITS.items()}


def devquiz_set(count: int = DEVQUIZ_COUNT, *, seed: int = 0) -> ProblemSet:
    """``count`` random solvable boards with the DevQuiz mix: sides 3..6 (mostly
    4..6), three quarters with 1..6 walls, and the contest's limits scaled to
    ``count``.

    >>> s = devquiz_set(4, seed=1)
    >>> s.text().splitlines()[:2]
    ['58 65 58 65', '4']
    """
    rng = random.Random(f"devquiz {count} seed {seed}")
    puzzles = []
    for _ in range(count):
        width, height = (rng.choices(SIDES, SIDE_WEIGHTS)[0] for _ in range(2))
        walls = rng.randint(1, MAX_WALLS) if rng.random() < WALLED else 0
        walls = min(walls, width * height // 5)
        puzzles.append(_random_puzzle(width, height, walls, rng))
    return ProblemSet(scaled_limits(count), puzzles)


def command():  # type: ignore[no-untyped-def]
    """The ``cpsolve generate slide`` click command."""
    import click

    from cpsolve.commands import SEED, Output

    @click.command("slide", short_help="Random solvable sliding boards or DevQuiz-like sets.")
    @click.option("--devquiz", "count", type=click.IntRange(min=1, max=MAX_SET),
                  default=None, metavar="N", help="A problem file of N boards with the "
                  f"contest's mix and limits scaled to N (at most {MAX_SET:,}).")
    @click.option("--size", default="4x4", metavar="WxH",
                  help="One board of this size (without --devquiz).")
    @click.option("--walls", type=click.IntRange(min=0), default=0, help="Wall cells.")
    @click.option("--seed", type=SEED, default=0, metavar="N",
                  help="Random seed (0 to 2**63-1).")
    @click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
                  help="Write to FILE instead of standard output.")
    def generate_slide(count: int | None, size: str, walls: int, seed: int,
                       output: str | None) -> Output:
        """A random solvable board as a DevQuiz line, or with --devquiz N a whole
        problem file (limits line, count line, N boards)."""
        from cpsolve.commands import with_file
        from cpsolve.errors import UsageError

        if count is not None:
            text = devquiz_set(count, seed=seed).text()
        else:
            try:
                width, height = (int(x) for x in size.lower().split("x"))
            except ValueError:
                raise UsageError(f"--size {size}: give WxH, as 4x4") from None
            try:
                puzzle = random_puzzle(width, height, walls=walls, seed=seed)
            except ValueError as error:
                raise UsageError(f"--size {size}{f' --walls {walls}' if walls else ''}: "
                                 f"{error}") from None
            text = (puzzle.start.devquiz() or "") + "\n"
        return with_file(Output(stdout=text), output)

    return generate_slide
