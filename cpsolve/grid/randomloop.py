"""Random simple loops on a grid, laid out with a symmetry, for the generators of loop
families (Masyu's loop through cell centres, Slitherlink's through a board's corners):
a small ring (round the centre, for a symmetry) grown by pushing one of its edges out
around a free pair of nodes, and each image of the edge the same way, over and over
(:func:`random_loop`); :func:`push` grows a loop where a generator mends a board.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from cpsolve.errors import UsageError
from cpsolve.grid.geometry import Edge, Grid

if TYPE_CHECKING:
    from cpsolve.grid.layouts import Layout

Loop = frozenset[Edge]
FILL = 0.6  # the share of nodes a random loop passes


def seeded(rng: Any) -> random.Random:
    """A Python random generator seeded from a numpy one (a generator's ``rng``)."""
    return random.Random(int(rng.integers(1 << 62)))


def maps(grid: Grid, symmetry: str) -> list[Callable[[int], int]]:
    """The symmetry's maps of cells other than the identity (one for ``rot2`` and
    ``mirror``, three for ``rot4``)."""
    def image(k: int) -> Callable[[int], int]:
        return lambda cell: grid.images(cell, symmetry)[k]

    return [image(k) for k in range(1, len(grid.images(0, symmetry)))]


def _edge(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


class _Edges(set[tuple[int, int]]):
    """A loop's edges that also index in sorted order (``edges.ordered[k]``, the k-th
    smallest, in logarithmic time), so that a random edge is drawn as from
    ``sorted(edges)`` without sorting every time (quadratic on a large board). Keys
    follow the tuples' order: an edge (a, b), b = a + 1 or a + cols, is 2a or 2a + 1."""

    def __init__(self, edges: set[tuple[int, int]], cols: int, cells: int) -> None:
        super().__init__()
        self.cols = cols
        self.size = 2 * cells
        self.tree = [0] * (self.size + 1)  # a Fenwick tree of the keys present
        self.ordered = _Ordered(self)
        for edge in edges:
            self.add(edge)

    def _key(self, edge: tuple[int, int]) -> int:
        return 2 * edge[0] + (edge[1] != edge[0] + 1)

    def _bump(self, key: int, step: int) -> None:
        key += 1
        while key <= self.size:
            self.tree[key] += step
            key += key & -key

    def add(self, edge: tuple[int, int]) -> None:
        if edge not in self:
            super().add(edge)
            self._bump(self._key(edge), 1)

    def discard(self, edge: object) -> None:
        if edge in self:
            assert isinstance(edge, tuple)
            super().discard(edge)
            self._bump(self._key(edge), -1)

    def __ior__(self, other: Any) -> _Edges:  # type: ignore[override,misc]
        for edge in other:
            self.add(edge)
        return self

    def nth(self, k: int) -> tuple[int, int]:
        """The k-th smallest edge (0-based)."""
        position, step = 0, 1 << self.size.bit_length()
        while step:
            if position + step <= self.size and self.tree[position + step] <= k:
                position += step
                k -= self.tree[position]
            step >>= 1
        a, down = divmod(position, 2)
        return (a, a + (self.cols if down else 1))


class _Ordered:
    """``sorted(edges)`` as a sequence that is never built (for ``rng.choice``)."""

    def __init__(self, edges: _Edges) -> None:
        self.edges = edges

    def __len__(self) -> int:
        return len(self.edges)

    def __getitem__(self, k: int) -> tuple[int, int]:
        return self.edges.nth(k)


def push(grid: Grid, edges: set[tuple[int, int]], used: set[int], edge: tuple[int, int],
          rng: random.Random, images: Sequence[Callable[[int], int]] = ()) -> bool:
    """Replace the loop's ``edge`` a-b by a-a'-b'-b, a' and b' the free cells beside
    it on a random side, and the same at each image of the edge under ``images`` (the
    loop stays one simple cycle, as symmetric as it was); False when no side is free."""
    x, y = edge
    across = y - x == 1
    for side in rng.sample((-1, 1), 2):
        dr, dc = (side, 0) if across else (0, side)
        x2, y2 = grid.step(x, dr, dc), grid.step(y, dr, dc)
        if x2 is None or y2 is None:
            continue
        moves = [(x, y, x2, y2)] + [(f(x), f(y), f(x2), f(y2)) for f in images]
        new = [cell for move in moves for cell in move[2:]]
        olds = {_edge(a, b) for a, b, _, _ in moves}
        if (len(set(new)) != len(new) or used & set(new) or len(olds) != len(moves)
                or not olds <= edges):
            continue
        for a, b, a2, b2 in moves:
            edges.discard(_edge(a, b))
            edges |= {_edge(a, a2), _edge(a2, b2), _edge(b2, b)}
        used |= set(new)
        return True
    return False


def _ring(grid: Grid, symmetry: str, rng: random.Random) -> tuple[int, int, int, int]:
    """A ring's top row, left column, bottom row and right column: at random, or
    round the centre where the symmetry asks."""
    rows, cols = grid.rows, grid.cols

    def centred(size: int) -> tuple[int, int]:
        low = size // 2 - 1  # two rows (columns) round the middle, three for an odd size
        return low, size - 1 - low

    top, left = rng.randrange(rows - 1), rng.randrange(cols - 1)
    bottom, right = top + 1, left + 1
    if symmetry in ("rot2", "rot4"):
        top, bottom = centred(rows)
    if symmetry != "none":
        left, right = centred(cols)
    return top, left, bottom, right


def random_loop(rows: int, cols: int, rng: random.Random, *, fill: float = FILL,
                symmetry: str = "none") -> Loop:
    """A random simple loop through about ``fill`` of the cells, laid out with
    ``symmetry``: a small ring (round the centre, for a symmetry) grown by pushing its
    edges out, with their images (:func:`push`)."""
    if rows < 2 or cols < 2:
        raise UsageError("a loop needs at least 2x2 cells")
    grid = Grid(rows, cols)
    top, left, bottom, right = _ring(grid, symmetry, rng)
    ring = ([grid.cell(top, c) for c in range(left, right + 1)]
            + [grid.cell(r, right) for r in range(top + 1, bottom + 1)]
            + [grid.cell(bottom, c) for c in range(right - 1, left - 1, -1)]
            + [grid.cell(r, left) for r in range(bottom - 1, top, -1)])
    edges = _Edges({_edge(a, b) for a, b in zip(ring, ring[1:] + ring[:1])}, cols,
                   rows * cols)
    used = set(ring)
    images = maps(grid, symmetry)
    target = max(len(used), int(fill * rows * cols))
    tries = 0
    while len(used) < target and tries < 50 * rows * cols:
        tries += 1
        push(grid, edges, used, rng.choice(edges.ordered), rng, images)  # type: ignore[arg-type]
    return frozenset(edges)


def grown_beside(grid: Grid, loop: Loop, nodes: Sequence[int], symmetry: str,
                 rng: random.Random) -> Loop | None:
    """``loop`` pushed out at one of its edges at a node of ``nodes`` (tried in random
    order), with that edge's images under ``symmetry`` (:func:`push`): where a
    generator mends a board whose answer is not pinned down; ``None`` when no edge
    there can be pushed."""
    images = maps(grid, symmetry)
    edges, used = set(loop), {node for edge in loop for node in edge}
    order = list(nodes)
    rng.shuffle(order)
    for node in order:
        mine = [edge for edge in sorted(edges) if node in edge]
        rng.shuffle(mine)
        if any(push(grid, edges, used, edge, rng, images) for edge in mine):
            return frozenset(edges)
    return None


def pull(grid: Grid, edges: set[tuple[int, int]], used: set[int], node: int,
         rng: random.Random, images: Sequence[Callable[[int], int]] = ()) -> bool:
    """The inverse of :func:`push`: where the loop runs a-x-y-b round three sides of a
    2x2 block (``node`` one of x and y), replace that by the block's fourth side a-b,
    x and y left out, and the same at each image under ``images``; False when the loop
    has no such bend at ``node`` (or it would leave fewer than four nodes, or its
    images overlap)."""
    if len(used) <= 4:
        return False
    links: dict[int, list[int]] = {}
    for a, b in edges:
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    if node not in links:
        return False
    for y in rng.sample(links[node], len(links[node])):
        x = node
        a = next(o for o in links[x] if o != y)
        b = next(o for o in links[y] if o != x)
        if grid.edge_at.get(_edge(a, b)) is None or _edge(a, b) in edges:
            continue
        moves = [(a, x, y, b)] + [(f(a), f(x), f(y), f(b)) for f in images]
        freed = [cell for move in moves for cell in move[1:3]]
        if len(set(freed)) != len(freed) or len(used) - len(freed) < 4:
            continue
        if not all({_edge(p, q), _edge(q, r), _edge(r, s)} <= edges
                   and _edge(p, s) not in edges for p, q, r, s in moves):
            continue
        for p, q, r, s in moves:
            edges -= {_edge(p, q), _edge(q, r), _edge(r, s)}
            edges.add(_edge(p, s))
        used -= set(freed)
        return True
    return False


def pulled_beside(grid: Grid, loop: Loop, nodes: Sequence[int], symmetry: str,
                  rng: random.Random) -> Loop | None:
    """``loop`` pulled in at a node of ``nodes`` (tried in random order), with its
    images under ``symmetry`` (:func:`pull`): the node left out of the loop, where a
    generator mends a board whose answer is not pinned down; ``None`` when the loop
    bends round a 2x2 block at none of them."""
    images = maps(grid, symmetry)
    edges, used = set(loop), {node for edge in loop for node in edge}
    order = list(nodes)
    rng.shuffle(order)
    for node in order:
        if pull(grid, edges, used, node, rng, images):
            return frozenset(edges)
    return None


def around(loop: Loop) -> list[int]:
    """The nodes of a single loop in order round it, from its smallest node.

    >>> around(frozenset({(0, 1), (1, 3), (2, 3), (0, 2)}))
    [0, 1, 3, 2]
    """
    links: dict[int, list[int]] = {}
    for a, b in loop:
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    start = min(links)
    order, previous, node = [start], -1, start
    while True:
        step = next(o for o in links[node] if o != previous)
        if step == start:
            return order
        order.append(step)
        previous, node = node, step


def too_small_for(genre: str) -> Callable[[int, int], str | None]:
    """A generator's ``too_small`` for a genre whose loop runs through cells: a loop
    needs two rows and two columns.

    >>> too_small_for("Yajilin")(1, 5), too_small_for("Yajilin")(2, 2)
    ('a Yajilin loop needs at least 2x2 cells: 5x1 is too small', None)
    """
    def too_small(rows: int, cols: int) -> str | None:
        if rows < 2 or cols < 2:
            return f"a {genre} loop needs at least 2x2 cells: {cols}x{rows} is too small"
        return None

    return too_small


def loop_layout(clued: Callable[[Any, Loop], Any], *, clues: str, points: bool = False,
                tries: int = 1, adopt: bool = False, **more: Any) -> Layout[Any, Loop]:
    """A generator's layout (:class:`~cpsolve.grid.generate.Layout`) for a genre of one
    loop whose clues are read off the loop (Masyu's pearls, Slitherlink's numbers): a
    random loop with the symmetry asked for, through the option ``fill`` of the cells'
    centres (with ``points``, of the cells' corners), and ``clued(settings, loop)``, the
    board of every clue it allows (``tries`` loops for one with a clue at all). To mend
    it, the loop is pushed out beside a cell left open (beside a corner of one, with
    ``points``), with its images, and the clues read again; with ``adopt``, a second
    solution that allows more clues than the board is pinned down instead. ``clues``
    names them in the ``--density`` help; ``more``: the layout's other fields."""
    from cpsolve.grid.layouts import Layout
    from cpsolve.options import Option

    def nodes(settings: Any) -> Grid:
        return Grid.of(settings.rows + points, settings.cols + points)

    def make(settings: Any, rng: Any) -> tuple[Any, Loop] | None:
        rnd, grid = seeded(rng), nodes(settings)
        for _ in range(tries):
            loop = random_loop(grid.rows, grid.cols, rnd, fill=settings.options["fill"],
                               symmetry=settings.symmetry)
            board = clued(settings, loop)
            if board.clue_cells:
                return board, loop
        return None

    def mend(board: Any, loop: Loop, other: Loop | None, cells: set[tuple[int, int]],
             settings: Any, rng: Any) -> tuple[Any, Loop] | None:
        if adopt and other is not None:
            grown = clued(settings, other)
            if len(grown.clue_cells) > len(board.clue_cells):
                return grown, other
        grid = nodes(settings)
        near = sorted({grid.cell(r + dr, c + dc) for r, c in cells
                       for dr in range(1 + points) for dc in range(1 + points)})
        pushed = grown_beside(grid, loop, near, settings.symmetry, seeded(rng))
        if pushed is None:
            return None
        changed = clued(settings, pushed)
        return (changed, pushed) if changed.clue_cells else None

    return Layout(
        make=make, mend=mend,
        density=Option("density", 0.0, f"Share of the {clues} (orbits, with a symmetry) kept "
                       "at least beyond those uniqueness needs", kind=float, low=0, high=1,
                       metavar="D"),
        options=(Option("fill", FILL, f"Share of the {'corners' if points else 'cells'} the "
                        "loop passes", kind=float, low=0.1, high=1, metavar="F"),), **more)
