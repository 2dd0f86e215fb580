"""LITS benchmark: every method (solve and uniqueness proof) on boards published on
puzz.link (8x8 to 10x18) and boards made by the generator at the published size
(10x10); median, p90 and max, beside the baselines measured in the same run: a plain
CP-SAT model of our own (a Boolean per cell and per tetromino that fits in a region,
exactly one per region, a clause per touching pair of cells and shape, a sum per 2x2
block, connectivity by a flow; a second solution looked for by blocking the first and
solving again) and, when it is installed, the peer solver puzzlekit 0.3.4 (CP-SAT,
solve only: ``pip install puzzlekit==0.3.4``).

Run: ``.venv/bin/python benchmarks/lits.py [--quick]``.
"""

from __future__ import annotations

from typing import Any

from pencil import arguments, made, ours, puzzlekit_solver, report

from cpsolve.models.lits import LITS, Board, parse, solve
from cpsolve.models.lits.formats import to_text, to_url

PUBLISHED = [
    "https://puzz.link/p?lits/8/8/5ajmi9mhai2g514bdn32f340",
    "https://puzz.link/p?lits/8/8/c27k2bnetv903l7bpea88g50",
    "https://puzz.link/p?lits/8/8/22icf0kt4kkgvogk1a50bh10",
    "https://puzz.link/p?lits/10/10/4glcvamrtfs78mit3iqe4kr1kg8668t3qc4g",
    "https://puzz.link/p?lits/10/10/52bed3bn5jcur6lqic0cuaa23skrd0a85aim",
    "https://puzz.link/p?lits/10/10/0gglqiefi4knkjnnh47mrq57lbasqq75a1li",
    "https://puzz.link/p?lits/10/10/4l2f1atql8l45tkqggcifshcmkcmnuaql3e6",
    "https://puzz.link/p?lits/10/10/1gvnrsr48j3ipiclj8q69c4hfbfu6qjmadc2",
    "https://puzz.link/p?lits/10/10/0a7ldijkthgi62kcigugoa711i868entf2ch",
    "https://puzz.link/p?lits/10/10/2hclird6tigjbechjhee9sr10ad7esm29ccs",
    "https://puzz.link/p?lits/10/10/i8ntj9usn8vdhm1b008i74p9akngli9f7csr",
    "https://puzz.link/p?lits/10/10/11332c9punp777sojkff7e7se933s66k6ac6",
    "https://puzz.link/p?lits/10/10/6961c0ip6rvecctek8co80uufq6i48stecb6",
    "https://puzz.link/p?lits/10/10/00281g00000000304g0s0o0400vv00004030",
    "https://puzz.link/p?lits/10/10/gdifrsp0ia3c6kt9268q384lesv2bud20tgo",
    "https://puzz.link/p?lits/12/8/11084o2iif51gg8040vf3vu577erlpvfnvu",
    "https://puzz.link/p?lits/18/10/gq22685b584h8e95j9qec6j59gkke75245fh1hcqea87tdun2bmcfg1"
    "ke7961t00ea0",
]

# One orientation of each shape, as (row, column) offsets; the square never fits.
TETROMINOES = {"L": ((0, 0), (1, 0), (2, 0), (2, 1)), "I": ((0, 0), (1, 0), (2, 0), (3, 0)),
               "T": ((0, 0), (0, 1), (0, 2), (1, 1)), "S": ((0, 1), (0, 2), (1, 0), (1, 1))}


def orientations(cells: tuple[tuple[int, int], ...]) -> list[tuple[tuple[int, int], ...]]:
    """A shape's rotations and reflections, each moved to row 0 and column 0."""
    out = set()
    turned = list(cells)
    for _ in range(4):
        turned = [(c, -r) for r, c in turned]
        for image in (turned, [(r, -c) for r, c in turned]):
            top, left = min(r for r, _ in image), min(c for _, c in image)
            out.add(tuple(sorted((r - top, c - left) for r, c in image)))
    return sorted(out)


def placements(board: Board) -> list[list[tuple[str, tuple[int, ...]]]]:
    """Every region's tetrominoes: (shape, cells) for each one that lies in it."""
    rows, cols, region = board.rows, board.cols, board.region
    out: list[list[tuple[str, tuple[int, ...]]]] = [[] for _ in range(max(region) + 1)]
    for name, cells in TETROMINOES.items():
        for orientation in orientations(cells):
            for r in range(rows):
                for c in range(cols):
                    at = [(r + dr, c + dc) for dr, dc in orientation]
                    if all(rr < rows and cc < cols for rr, cc in at):
                        ids = tuple(rr * cols + cc for rr, cc in at)
                        if len({region[k] for k in ids}) == 1:
                            out[region[ids[0]]].append((name, ids))
    return out


def plain_cpsat(board: Board, limit: float) -> tuple[bool, Any]:
    """The baseline: the rules as they read, and a second solve with the first
    solution's shading blocked (CP-SAT's enumeration would count every flow of one
    shading as a solution)."""
    import time

    from ortools.sat.python import cp_model

    start = time.perf_counter()
    rows, cols, region = board.rows, board.cols, board.region
    cells = rows * cols
    model = cp_model.CpModel()
    shaded = [model.new_bool_var(f"s{k}") for k in range(cells)]
    fits = placements(board)
    covering: list[list[Any]] = [[] for _ in range(cells)]
    shape: list[dict[str, Any]] = []
    for k, found in enumerate(fits):
        chosen = [model.new_bool_var(f"p{k}_{i}") for i in range(len(found))]
        model.add_exactly_one(chosen)  # no placement: no solution
        shape.append({})
        for name in TETROMINOES:
            shape[k][name] = model.new_bool_var(f"r{k}{name}")
            model.add(shape[k][name] == sum(v for v, (s, _) in zip(chosen, found) if s == name))
        for var, (_, ids) in zip(chosen, found):
            for cell in ids:
                covering[cell].append(var)
    for cell in range(cells):
        model.add(shaded[cell] == sum(covering[cell]))
    edges = [(r * cols + c, r * cols + c + 1) for r in range(rows) for c in range(cols - 1)]
    edges += [(r * cols + c, (r + 1) * cols + c) for r in range(rows - 1) for c in range(cols)]
    for a, b in edges:
        if region[a] != region[b]:
            for name in TETROMINOES:
                model.add_bool_or([~shaded[a], ~shaded[b], ~shape[region[a]][name],
                                   ~shape[region[b]][name]])
    for r in range(rows - 1):
        for c in range(cols - 1):
            k = r * cols + c
            model.add(shaded[k] + shaded[k + 1] + shaded[k + cols] + shaded[k + cols + 1] <= 3)
    # Connectivity: the shaded cells (four a region) fed by a flow from one shaded cell
    # of the smallest region, each shaded cell keeping one unit.
    total = 4 * len(fits)
    smallest = min(board.region_cells, key=len)
    root = {cell: model.new_bool_var(f"root{cell}") for cell in smallest}
    model.add_exactly_one(root.values())
    for cell, var in root.items():
        model.add_implication(var, shaded[cell])
    into: list[list[Any]] = [[] for _ in range(cells)]
    out: list[list[Any]] = [[] for _ in range(cells)]
    for a, b in edges:
        for u, v in ((a, b), (b, a)):
            flow = model.new_int_var(0, total - 1, f"f{u}_{v}")
            model.add(flow == 0).only_enforce_if(~shaded[u])
            model.add(flow == 0).only_enforce_if(~shaded[v])
            out[u].append(flow)
            into[v].append(flow)
    for cell in range(cells):
        model.add(sum(into[cell]) - sum(out[cell])
                  == shaded[cell] - (total * root[cell] if cell in root else 0))

    def run(left: float) -> frozenset[int] | str:
        """The shading of a solution, or why there is none: "none" or "time"."""
        solver = cp_model.CpSolver()
        solver.parameters.max_time_in_seconds = max(left, 0.001)
        status = solver.solve(model)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return frozenset(k for k in range(cells) if solver.boolean_value(shaded[k]))
        return "none" if status == cp_model.INFEASIBLE else "time"

    first = run(limit - (time.perf_counter() - start))
    if isinstance(first, str):
        return False, None
    model.add_bool_or([~shaded[k] for k in first])
    unique = run(limit - (time.perf_counter() - start)) == "none"
    return unique, (first if unique else None)


def main() -> None:
    args = arguments(__doc__.splitlines()[0])
    sets = {"published": [parse(url) for url in PUBLISHED],
            "10x10 made": made(LITS, to_url, parse, 10, args.count + 2, "10x10.txt")}
    limit = args.limit

    def mine(**options: Any) -> Any:
        return ours(solve, limit, **options)

    methods = {"SAT placements, lazy cuts (default: CaDiCaL 1.5.3)": mine(),
               "CP-SAT flow": mine(backend="cpsat"),
               "baseline: plain CP-SAT": lambda board: plain_cpsat(board, limit)}
    peer = puzzlekit_solver("lits", limit)
    if peer is not None:
        methods["peer: puzzlekit 0.3.4 (solve only)"] = lambda board: peer(to_text(board))
    report("LITS", sets, methods, limit)


if __name__ == "__main__":
    main()
