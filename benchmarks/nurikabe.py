"""Nurikabe benchmark: every method (solve and uniqueness proof) on boards published on
puzz.link and its mirrors (5x5 to 18x10, no "?": the peer reads none) and boards made by
the generator at published sizes (10x10 and 15x15, rot2); median, p90 and max, beside
the peer solver puzzlekit 0.3.4 (CP-SAT, solve only: ``pip install puzzlekit==0.3.4``)
when it is installed, measured in the same run.

Run: ``.venv/bin/python benchmarks/nurikabe.py [--quick]``.
"""

from __future__ import annotations

from typing import Any

from pencil import arguments, made, ours, puzzlekit_solver, report

from cpsolve.models.nurikabe import NURIKABE, parse, solve
from cpsolve.models.nurikabe.formats import to_text, to_url

PUBLISHED = [
    "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g",
    "https://puzz.link/p?nurikabe/10/10/1k4u1j7i3r6y1w-11m3n2",
    "https://puzz.link/p?nurikabe/10/10/zh3j5t3g3hat3g3h9zr",
    "https://puzz.link/p?nurikabe/10/10/n2n2u2k2g2l2r2k2n2s2n-16",
    "https://puzz.link/p?nurikabe/10/10/8i1h2g5p2zi5j22k4zh1p6g1h2i7",
    "https://puzz.link/p?nurikabe/10/10/g5p5k5p5s5p5zo5k5g5m",
    "https://puzz.link/p?nurikabe/10/10/zj7n7j9n7t7i7n7zj",
    "https://puzz.link/p?nurikabe/18/10/w3g8k1i4n1k5j1i1k9r1l2n3j3n9t1l2h2i1j5h2j7l4n6y",
]


def main() -> None:
    args = arguments(__doc__.splitlines()[0])
    sets = {"published": [parse(url) for url in PUBLISHED],
            **{f"{n}x{n} made": made(NURIKABE, to_url, parse, n, args.count)
               for n in (10, 15)}}
    limit = args.limit

    def mine(**options: Any) -> Any:
        return ours(solve, limit, **options)

    methods = {"SAT islands (default)": mine(), "SAT islands, glucose4": mine(solver="glucose4"),
               "CP-SAT flow": mine(backend="cpsat")}
    peer = puzzlekit_solver("nurikabe", limit)
    if peer is not None:
        methods["peer: puzzlekit 0.3.4 (solve only)"] = lambda board: peer(to_text(board))
    report("Nurikabe", sets, methods, limit)


if __name__ == "__main__":
    main()
