"""Hitori benchmark: every method (solve and uniqueness proof) on boards published on
puzz.link (4x4 to 10x10, every cell numbered: puzzlekit reads no empty cell) and boards
made by the generator at published sizes (10x10, 12x12, 17x17, every cell numbered,
rot2); median, p90 and max, beside the peer solver
puzzlekit 0.3.4 (CP-SAT, solve only: ``pip install puzzlekit==0.3.4``) when it is
installed, measured in the same run.

Run: ``.venv/bin/python benchmarks/hitori.py [--quick]``.
"""

from __future__ import annotations

from typing import Any

from pencil import arguments, made, ours, puzzlekit_solver, report

from cpsolve.models.hitori import HITORI, parse, solve, to_text, to_url

PUBLISHED = [
    "https://puzz.link/p?hitori/4/4/1114142333214213",
    "https://puzz.link/p?hitori/8/8/7113844227266831246771852247731643381555633245178631347515"
    "752264",
    "https://puzz.link/p?hitori/10/10/1174453399113445756a2345678aa82513328aa85417a698323227a94"
    "11566517a43236688115329986a115274aa99886611",
]


def main() -> None:
    args = arguments(__doc__.splitlines()[0])
    sets = {"published": [parse(url) for url in PUBLISHED],
            **{f"{n}x{n} made": made(HITORI, to_url, parse, n, args.count)
               for n in (10, 12, 17)}}
    limit = args.limit

    def mine(**options: Any) -> Any:
        return ours(solve, limit, **options)

    methods = {"lazy SAT (default: CaDiCaL 1.5.3)": mine(),
               "lazy SAT, Glucose 4": mine(solver="glucose4"),
               "CP-SAT order": mine(encoding="order"), "CP-SAT flow": mine(encoding="flow")}
    peer = puzzlekit_solver("hitori", limit)
    if peer is not None:
        methods["peer: puzzlekit 0.3.4 (solve only)"] = lambda board: peer(to_text(board))
    report("Hitori", sets, methods, limit)


if __name__ == "__main__":
    main()
