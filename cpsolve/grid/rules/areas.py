"""Areas on a grid as global rules of the rule language, each written once for every
backend (see :mod:`.globals`):

* :class:`Islands`: areas grown from seeds, each within a number of steps of its seed
  (Nurikabe's islands): a cell is in an area exactly when its literal ``member``
  holds, each area holds one seed, and two areas never touch. A seed's own part (its
  cell in its area, the area's size) is :class:`Seed`, which a clue states
  (:func:`seed`); with the clue off, its area is not there.
* :class:`Sized`: areas of equal numbers, each of as many cells as its number
  (Fillomino), over a number per cell (:mod:`.numbers`).

>>> from cpsolve.grid.geometry import Grid
>>> from cpsolve.grid.rules.model import Model
>>> m = Model(Grid(1, 3))
>>> shaded = m.cells("shaded")
>>> rule = islands(m, [-shaded[c] for c in range(3)], {0: 2})
>>> [(island.seed, island.steps, island.cells) for island in rule.islands]
[(0, 1, [0, 1])]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cpsolve.grid.rules.model import Layer, Model

if TYPE_CHECKING:
    import numpy as np

    from cpsolve.grid.geometry import Grid
    from cpsolve.grid.rules.certificate import CertOut
    from cpsolve.grid.rules.cpsat import CpsatOut
    from cpsolve.grid.rules.sat import SatOut

ROOMS = 4096  # the rooms too small kept, by number and cells (a board's steps meet fewer)


def _grid(m: Model) -> Grid:
    if m.grid is None:
        raise ValueError("an area rule needs the model's grid")
    return m.grid


def near(neighbours: Sequence[Sequence[int]], start: int, limit: int) -> dict[int, int]:
    """The cells within ``limit`` steps of ``start`` between neighbours, with their
    distances.

    >>> from cpsolve.grid.geometry import Grid
    >>> near(Grid(2, 3).neighbours, 0, 1)
    {0: 0, 1: 1, 3: 1}
    """
    seen = {start: 0}
    todo = [start]
    for cell in todo:  # breadth first: the list grows as it is read
        step = seen[cell] + 1
        if step > limit:
            continue
        for other in neighbours[cell]:
            if other not in seen:
                seen[other] = step
                todo.append(other)
    return seen


@dataclass
class Island:
    """One seed's area: ``label[cell]`` "the cell is in it" for each of ``cells``,
    those within ``steps`` of the seed (``near``: their distances), ``size`` its cells
    when told."""

    seed: int
    size: int | None
    steps: int
    near: dict[int, int]
    cells: list[int]
    label: Layer


@dataclass
class Islands:
    """Areas grown from seeds (see the module docstring): ``member[cell]`` the literal
    "the cell is in an area", ``islands`` one a seed.

    * SAT: a cell in an area is a member, and a member beside it is in the same area
      (or, out of the area's reach, not a member): so two areas never touch and an
      area holds one seed; every member is in one area; and each area is reached from
      its seed step by step: auxiliary ``r[cell][t]``, "in the area and at most ``t``
      steps from the seed through it", the seed at 0, a step ``t`` coming from the cell
      itself or a neighbour at ``t - 1``, every cell of the area reached within the
      steps (so the area is connected).
    * CP-SAT: the same area Booleans, each area connected by a flow from its seed.
    * certificate: the members' areas judged by a cut group (:class:`Areas
      <cpsolve.certify.cuts.Areas>`): one seed an area, as many cells as its size.
    """

    grid: Grid
    member: Sequence[int]
    islands: list[Island]
    name: str = "islands"

    def sat(self, out: SatOut) -> None:
        if not out.wants():
            return
        neighbours = self.grid.neighbours
        member = self.member
        clauses: list[list[int]] = []
        labels: list[list[int]] = [[] for _ in range(self.grid.cells)]
        for island in self.islands:
            label = dict(zip(island.cells, island.label.vars))
            steps, near = island.steps, island.near
            # r[cell][t], t from the cell's distance to the steps: the variable
            # reach[cell] + t (numbered cell by cell, step by step)
            reach: dict[int, int] = {}
            first = out.fresh(sum(steps + 1 - d for d in near.values()))
            for cell in label:
                reach[cell] = first - near[cell]
                first += steps + 1 - near[cell]
            for cell, x in label.items():
                labels[cell].append(x)
                clauses.append([-x, member[cell]])  # in an area: a member
                for other in neighbours[cell]:
                    y = label.get(other)
                    # a member beside it joins the area (out of reach: no member)
                    clauses.append([-x, -member[other], y] if y is not None
                                   else [-x, -member[other]])
                at, here = reach[cell], near[cell]
                around = [(near[o], reach[o]) for o in neighbours[cell] if o in label]
                clauses.append([-x, at + steps])  # reached within the steps
                for t in range(here, steps + 1):
                    r = at + t
                    clauses.append([-r, x])
                    if t == 0:
                        continue  # only the seed is at step 0: r[seed][0] is its label
                    before = [at + t - 1] if t > here else []
                    before += [o + t - 1 for d, o in around if d < t]
                    clauses.append([-r, *before])
                    if t > here:
                        clauses.append([-(r - 1), r])  # reached sooner: reached
            start = reach[island.seed]
            clauses.append([-start, label[island.seed]])
            clauses.append([-label[island.seed], start])
        for cell, own in enumerate(labels):
            clauses.append([-member[cell], *own])  # a member: in an area
            clauses.extend([-a, -b] for i, a in enumerate(own) for b in own[i + 1:])
        out.add(clauses)

    def cpsat(self, out: CpsatOut) -> None:
        from cpsolve.grid.connectivity import cpsat_connected_flow

        model, neighbours = out.model, self.grid.neighbours
        member = out.bools(self.member)
        labels: list[list[Any]] = [[] for _ in range(self.grid.cells)]
        for island in self.islands:
            x = dict(zip(island.cells, out.bools(island.label.vars)))
            for cell, var in x.items():
                labels[cell].append(var)
                model.add_implication(var, member[cell])
                for other in neighbours[cell]:
                    if other in x:
                        model.add_bool_or([~var, ~member[other], x[other]])
                    else:
                        model.add_implication(var, ~member[other])
            inside = [x.get(cell, 0) for cell in range(self.grid.cells)]
            cpsat_connected_flow(model, inside, neighbours, roots=[island.seed])
        for cell, own in enumerate(labels):
            if not own:
                model.add_bool_or([~member[cell]])  # no area reaches it
                continue
            model.add(sum(own) == 1).only_enforce_if(member[cell])
            model.add(sum(own) == 0).only_enforce_if(~member[cell])

    def certificate(self, out: CertOut) -> None:
        from cpsolve.certify.cuts import Areas

        sizes = {island.seed: island.size for island in self.islands}

        def judge(key: object, cells: frozenset[int], closed: bool) -> str | None:
            seeds = [cell for cell in cells if cell in sizes]
            if len(seeds) > 1:
                return "an area holds two seeds"
            size = sizes[seeds[0]] if seeds else None
            if size is not None and len(cells) > size:
                return f"an area of {size} holds more cells"
            if closed and not seeds:
                return "an area holds no seed"
            if closed and size is not None and len(cells) < size:
                return f"an area of {size} holds fewer cells"
            return None

        out.groups.append(Areas(self.name, self.grid.neighbours,
                                {"members": out.member(self.member)}, judge, self.grid.where))


def islands(m: Model, member: Sequence[int], seeds: Mapping[int, int | None],
            name: str = "islands") -> Islands:
    """State areas grown from ``seeds`` (a seed's cell and the area's size, ``None``
    when not told: any size) over the cells whose literal ``member`` holds: an area
    reaches no farther than its size less one step from its seed (any cell for
    ``None``), so its variables (``islands r1c1`` for the seed at r1c1) are one per
    cell within reach. Each seed's own part is stated by its clue (:func:`seed`)."""
    grid = _grid(m)
    grown = []
    for cell in sorted(seeds):
        size = seeds[cell]
        steps = grid.cells - 1 if size is None else max(size - 1, 0)
        reach = near(grid.neighbours, cell, steps)
        cells = sorted(reach)
        grown.append(Island(cell, size, steps, reach, cells,
                            m.layer((name, grid.name(cell)), cells)))
    rule = Islands(grid, list(member), grown, name)
    m.require(rule)
    return rule


def island_literals(cells: int, sizes: Iterable[int | None], per_cell: int) -> int:
    """About how many literals a model of :func:`islands` holds, before building it:
    ``per_cell`` for each of the grid's ``cells`` and, for each seed of the size given
    (``None``: any), about 12 for each cell it can reach and step it can take there (a
    seed of any size on a 1000x1000 board could reach a million cells in a million
    steps: 10\u00b9\u00b3).

    >>> island_literals(4, [2], per_cell=10)
    136
    """
    total = per_cell * cells
    for size in sizes:
        steps = cells if size is None else size
        total += 12 * min(cells, 2 * steps * steps + 2 * steps + 1) * steps
    return total


@dataclass
class Seed:
    """A seed's own part of :class:`Islands` (a clue's): the seed is in its area, and
    the area has ``size`` cells (a sequential counter on SAT) when told; a
    certificate states only that the seed is a member (its areas' cut group judges
    the rest)."""

    island: Island
    member: int
    size: int | None

    def sat(self, out: SatOut) -> None:
        from cpsolve.cnf import card_clauses

        if not out.wants():
            return
        label, size = self.island.label, self.size
        seed = label[self.island.seed]
        if size is None:
            out.add([[seed]])
        elif size > len(label):
            out.add([[seed], [-seed]])  # more cells than it can reach
        elif size == len(label):
            out.add([[seed], *([x] for x in label.vars)])  # every cell it can reach
        else:
            pool = out.pool()
            out.add([[seed], *card_clauses(label.vars, size, "seqcounter", pool, exact=True)])
            out.took(pool)

    def cpsat(self, out: CpsatOut) -> None:
        lits = out.bools(self.island.label.vars)
        out.model.add_bool_or([out.var(self.island.label[self.island.seed])])
        if self.size is not None:
            out.model.add(sum(lits) == self.size)

    def certificate(self, out: CertOut) -> None:
        out.clause([self.member])


def seed(m: Model, cell: int, size: int | None, name: str = "islands") -> None:
    """Inside a clue: the area seeded at ``cell`` is there, of ``size`` cells when told
    (:class:`Seed`); with the clue off, none of its cells is in it."""
    rule = next(item.data for item in m.items
                if isinstance(item.data, Islands) and item.data.name == name)
    island = next(island for island in rule.islands if island.seed == cell)
    m.require(Seed(island, rule.member[cell], size))
    with m.otherwise():
        m.clauses([[-x] for x in island.label.vars])


@dataclass
class Sized:
    """Areas of equal numbers, each of as many cells as its number: ``holds[cell, n -
    1]`` the variable "the cell holds ``n``" (exactly one a cell, stated beside it).

    * SAT, lazily: each candidate's areas are flooded; an area of ``n`` with more than
      ``n`` cells is cut by "some ``n + 1`` of its cells, joined, are not all ``n``",
      one of ``k < n`` cells, closed, by "no cell of it holds ``n`` with no cell beside
      it ``n``" (a cut a cell: that cell's area would lie in these ``k`` cells); once
      the same cells have come closed under two numbers, by the same for every number
      past ``k`` (a pocket the solver fills with one number after another); the same
      reasoning on partial boards (grading).
    * CP-SAT: a number and a label per cell, the label the first cell of its area (its
      root), equal across an edge exactly when the numbers are; each root counts the
      cells labelled with it, and every other cell has a neighbour of its area nearer
      its root.
    * certificate: a cut group (:class:`Areas <cpsolve.certify.cuts.Areas>`) keyed by
      the number.

    With ``over``, the last number stands for every number past the one before it: its
    areas have at least that many cells (a relaxation, SAT only: what a bound on the
    numbers is proven with).
    """

    grid: Grid
    holds: np.ndarray
    name: str = "areas"
    over: bool = False

    def sat(self, out: SatOut) -> None:
        from cpsolve.limits import charge

        if not out.wants():
            return
        cells, largest = self.holds.shape
        charge(cells * largest * 12)
        holds = self.holds.tolist()
        read = out.reader(self.holds.ravel().tolist())
        neighbours = self.grid.neighbours
        pockets: dict[frozenset[int], int] = {}  # closed areas too small: their number
        exact = largest - 1 if self.over else largest  # the numbers of exact sizes

        def refine(values: tuple[bool, ...]) -> list[list[int]]:
            on = read(values)
            filling = [next(n + 1 for n in range(largest) if on[c * largest + n])
                       for c in range(cells)]
            return _cuts(filling, holds, neighbours, pockets, exact)

        rooms: dict[tuple[int, bytes], list[tuple[list[int], list[int]]]] = {}

        def partial(state: Any) -> list[list[int]]:
            return _partial(state, self.holds, holds, neighbours, rooms, exact)

        out.add_lazy(refine, partial, inside=True)

    def cpsat(self, out: CpsatOut) -> None:
        from cpsolve.limits import charge

        if self.over:
            raise ValueError("areas of at least a size are stated on SAT only")
        grid = self.grid
        cells, largest = self.holds.shape
        charge(cells * cells * 4, "cpsat")
        model, name = out.model, grid.name
        lits = [out.bools(row) for row in self.holds.tolist()]
        number = [model.new_int_var(1, largest, f"n_{name(c)}") for c in range(cells)]
        label = [model.new_int_var(0, c, f"label_{name(c)}") for c in range(cells)]
        root = [model.new_bool_var(f"root_{name(c)}") for c in range(cells)]
        level = [model.new_int_var(0, cells - 1, f"level_{name(c)}") for c in range(cells)]
        for c in range(cells):
            model.add(number[c] == sum((n + 1) * lit for n, lit in enumerate(lits[c])))
            model.add(label[c] == c).only_enforce_if(root[c])
            model.add(label[c] < c).only_enforce_if(~root[c])
            model.add(level[c] == 0).only_enforce_if(root[c])
        same = {}
        for a, b in grid.pairs:
            s = model.new_bool_var(f"same_{a}_{b}")
            model.add(number[a] == number[b]).only_enforce_if(s)
            model.add(number[a] != number[b]).only_enforce_if(~s)
            model.add(label[a] == label[b]).only_enforce_if(s)
            model.add(label[a] != label[b]).only_enforce_if(~s)
            same[a, b] = same[b, a] = s
        for c in range(cells):
            steps = []
            for other in grid.neighbours[c]:
                step = model.new_bool_var(f"toward_{c}_{other}")
                model.add_implication(step, same[c, other])
                model.add(level[other] < level[c]).only_enforce_if(step)
                steps.append(step)
            model.add_bool_or([root[c], *steps])
        for r in range(cells):
            members = []
            for c in range(r, cells):
                member = model.new_bool_var(f"in_{c}_{r}")
                model.add(label[c] == r).only_enforce_if(member)
                model.add(label[c] != r).only_enforce_if(~member)
                model.add_implication(member, root[r])
                members.append(member)
            model.add(sum(members) == number[r]).only_enforce_if(root[r])

    def certificate(self, out: CertOut) -> None:
        from cpsolve.certify.cuts import Areas

        if self.over:
            raise ValueError("a certificate states the areas' exact sizes")

        def judge(key: object, part: frozenset[int], closed: bool) -> str | None:
            assert isinstance(key, int)
            if len(part) > key:
                return f"an area of {key} holds more cells"
            if closed and len(part) < key:
                return f"an area of {key} holds fewer cells"
            return None

        columns = self.holds.T.tolist()
        out.groups.append(Areas(self.name, self.grid.neighbours,
                                {n + 1: column for n, column in enumerate(columns)},
                                judge, self.grid.where))


def _flood(filling: Sequence[int], start: int, seen: list[bool],
           neighbours: Sequence[Sequence[int]]) -> list[int]:
    """The area of ``start``'s number holding it, its cells marked ``seen``."""
    number = filling[start]
    seen[start] = True
    area, todo = [start], [start]
    while todo:
        for other in neighbours[todo.pop()]:
            if not seen[other] and filling[other] == number:
                seen[other] = True
                area.append(other)
                todo.append(other)
    return area


def _cuts(filling: list[int], holds: list[list[int]], neighbours: Sequence[Sequence[int]],
          pockets: dict[frozenset[int], int] | None = None, exact: int | None = None
          ) -> list[list[int]]:
    """Cuts for a candidate whose areas have the wrong sizes (see :class:`Sized`);
    ``pockets`` keeps the closed areas too small met so far, with their numbers; an area
    of a number past ``exact`` may be larger than its number.

    >>> from cpsolve.grid.geometry import Grid
    >>> holds = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]  # a 1x3 row, numbers 1 to 3
    >>> _cuts([2, 1, 1], holds, Grid(1, 3).neighbours)  # a 2 alone, then 1s side by side
    [[-2, 5], [-4, -7], [-7, -4]]
    >>> pockets = {frozenset({0}): 3}  # the first cell came closed as a 3 before
    >>> _cuts([2, 1, 3], holds, Grid(1, 3).neighbours, pockets)[:2]  # so: as a 2 or a 3
    [[-2, 5], [-3, 6]]
    """
    seen = [False] * len(filling)
    cuts: list[list[int]] = []
    for start in range(len(filling)):
        if seen[start]:
            continue
        number = filling[start]
        area = _flood(filling, start, seen, neighbours)
        if len(area) > number and (exact is None or number <= exact):
            # n + 1 cells of the area, joined: breadth-first pieces from a few of its
            # cells (each cuts off other candidates)
            for first in dict.fromkeys((area[0], area[-1], area[len(area) // 2])):
                cuts.append([-holds[c][number - 1] for c in
                             _piece([first, *(c for c in area if c != first)], number,
                                    neighbours)])
        elif len(area) < number:
            # Any cell of these cells holding any number m past their count needs an m
            # beside them: else its area lies in them.
            members = frozenset(area)
            beside = sorted({o for c in area for o in neighbours[c] if o not in members})
            again = pockets is not None and pockets.setdefault(members, number) != number
            for m in range(len(area) + 1, len(holds[0]) + 1) if again else (number,):
                around = [holds[b][m - 1] for b in beside]
                cuts.extend([-holds[c][m - 1], *around] for c in area)
    return cuts


def _partial(state: Any, array: np.ndarray, holds: list[list[int]],
             neighbours: Sequence[Sequence[int]],
             rooms: dict[tuple[int, bytes], list[tuple[list[int], list[int]]]] | None = None,
             exact: int | None = None) -> list[list[int]]:
    """What the areas' sizes say on a partial assignment (``state`` by variable, 1
    true, 0 false, -1 open), as clauses every answer satisfies that are falsified or
    unit here: for each set of decided cells of one number ``n``, joined: past ``n``
    cells, some ``n + 1`` of them are not all ``n``; at ``n`` cells, no cell beside
    them holds ``n``; below ``n``, closed or all but one cell beside them ruled out of
    ``n``, some cell beside them holds it; and where the cells joined to them through
    cells not ruled out of ``n`` (their reach) are fewer than ``n``, some cell beside
    the reach holds ``n``, or where they are exactly ``n``, every cell of the reach
    does (the area lies in the reach unless a cell beside it holds ``n``). Past
    ``exact``, a number says "at least": only what is said of too few cells holds.

    >>> import numpy as np
    >>> from cpsolve.grid.geometry import Grid
    >>> holds = [[4 * c + n for n in range(1, 5)] for c in range(5)]  # a 1x5 row, 1 to 4
    >>> state = np.full(21, -1, dtype=np.int8)
    >>> state[[12, 4, 20]] = 1, 0, 0  # the middle cell holds 4, the two ends never do
    >>> _partial(state, np.array(holds), holds, Grid(1, 5).neighbours)  # its reach: 3 cells
    [[-12, 4, 20], [-8, 4, 20], [-16, 4, 20]]
    """
    from cpsolve.grid.connectivity import components

    on = state[array] == 1
    decided = ((on.argmax(axis=1) + 1) * on.any(axis=1)).tolist()
    seen = [False] * len(decided)
    out: list[list[int]] = []
    for start in range(len(decided)):
        number = decided[start]
        if not number or seen[start]:
            continue
        area = _flood(decided, start, seen, neighbours)
        members = set(area)
        beside = sorted({o for c in area for o in neighbours[c] if o not in members})
        inside = [-holds[c][number - 1] for c in area]
        if exact is not None and number > exact and len(area) >= number:
            continue  # (an area at least so large: nothing to say)
        if len(area) > number:
            joined = len(components(area[:number + 1], neighbours)) == 1
            out.append(inside[:number + 1] if joined else
                       [-holds[c][number - 1] for c in _piece(area, number, neighbours)])
        elif len(area) == number:
            out.extend([*inside, -holds[b][number - 1]] for b in beside
                       if state[holds[b][number - 1]] == -1)
        else:
            open_ = [b for b in beside if state[holds[b][number - 1]] != 0]
            if len(open_) <= 1:
                out.append([*inside, *(holds[b][number - 1] for b in beside)])
                continue
            reach, around = _reach(area, number, state, holds, neighbours)
            outside = [holds[b][number - 1] for b in around]
            if len(reach) < number:
                out.append([*inside, *outside])
            elif len(reach) == number and (exact is None or number <= exact):
                out.extend([*inside, *outside, holds[c][number - 1]] for c in reach
                           if state[holds[c][number - 1]] == -1)
    out.extend(_rooms(state[array], holds, neighbours, rooms))
    return out


def _rooms(view: np.ndarray, holds: list[list[int]], neighbours: Sequence[Sequence[int]],
           known: dict[tuple[int, bytes], list[tuple[list[int], list[int]]]] | None = None
           ) -> list[list[int]]:
    """No room: a cell not yet ruled out of a number ``n`` whose cells joined to it
    through cells not ruled out of ``n`` are fewer than ``n``, with every cell beside
    them ruled out, holds no ``n`` (its area would lie in them): as clauses, "not ``n``
    here, or ``n`` in a cell beside them". ``view`` is the partial assignment by cell and
    number (1 true, 0 false, -1 open); ``known`` keeps the rooms too small of each
    number's cells met before (a trial changes few).

    >>> import numpy as np
    >>> from cpsolve.grid.geometry import Grid
    >>> holds = [[3 * c + n for n in range(1, 4)] for c in range(4)]  # a 1x4 row, 1 to 3
    >>> state = np.full(13, -1, dtype=np.int8)
    >>> state[[9]] = 0  # the third cell holds no 3: no room for one either side of it
    >>> _rooms(state[np.array(holds)], holds, Grid(1, 4).neighbours)
    [[-3, 9], [-6, 9], [-12, 9]]
    """
    from cpsolve.grid.connectivity import components

    if known is None:
        known = {}
    elif len(known) > ROOMS:
        known.clear()
    out: list[list[int]] = []
    columns = (view != 0).T  # by number, then cell: not ruled out
    unset = view == -1
    for n in unset.any(axis=0).nonzero()[0].tolist():
        if n == 0:
            continue  # a 1 always has room
        column = columns[n]
        key = (n, column.tobytes())
        small = known.get(key)
        if small is None:
            small = known[key] = []
            for room in components(column.nonzero()[0].tolist(), neighbours):
                if len(room) <= n:  # fewer cells than its number, n + 1
                    members = set(room)
                    small.append((room, sorted({o for c in room for o in neighbours[c]
                                                if o not in members})))
        for room, beside in small:
            around = [holds[b][n] for b in beside]
            out.extend([-holds[c][n], *around] for c in room if unset[c, n])
    return out


def _reach(area: list[int], number: int, state: Any, holds: list[list[int]],
           neighbours: Sequence[Sequence[int]]) -> tuple[list[int], list[int]]:
    """The cells joined to ``area`` through cells not ruled out of ``number`` (up to
    ``number + 1`` of them: enough to tell fewer, exactly or more), and the cells
    beside them ruled out of it."""
    reach, inside, around = list(area), set(area), set()
    for cell in reach:  # breadth first: the list grows as it is read
        if len(reach) > number:
            break
        for other in neighbours[cell]:
            if other in inside or other in around:
                continue
            if state[holds[other][number - 1]] == 0:
                around.add(other)
            else:
                inside.add(other)
                reach.append(other)
    return reach, sorted(around)


def _piece(area: list[int], number: int, neighbours: Sequence[Sequence[int]]) -> list[int]:
    """``number + 1`` joined cells of ``area``, breadth first from its first."""
    members = set(area)
    piece, inside = [area[0]], {area[0]}
    for cell in piece:  # the list grows as it is read
        for other in neighbours[cell]:
            if other in members and other not in inside and len(piece) <= number:
                inside.add(other)
                piece.append(other)
        if len(piece) > number:
            break
    return piece


def sized(m: Model, holds: np.ndarray, name: str = "areas", over: bool = False) -> Sized:
    """State "every area of equal numbers has as many cells as its number" over a
    number per cell (``holds`` from :func:`.numbers.numbers`; with ``over``, the last
    number's areas have at least as many cells)."""
    rule = Sized(_grid(m), holds, name, over)
    m.require(rule)
    return rule


__all__ = ["Island", "Islands", "Seed", "Sized", "island_literals", "islands", "near", "seed",
           "sized"]
