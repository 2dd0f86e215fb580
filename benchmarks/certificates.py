"""Certificates: what ``--certify`` costs beside the solve it proves.

1. Published boards (``models/GENRE/cases.toml``: Akari, Heyawake, Masyu puzz.link
   URLs with their sources): per board, in this process, in turn, best of ``--rounds``:
   the solve and uniqueness proof alone (``solve(board, unique=True)``, as users call
   it), and the same followed by what ``--certify`` adds (``cpsolve.certify.command.
   certify``: the rule CNF, the cuts, the DRAT proof, the check by dratify's engines,
   the zip file in memory). Targets: Akari's median ratio at most 3x; Heyawake and
   Masyu under 2 s a board, all in.
2. The line puzzle's goals (16, 12 and 30 moves) certified optimal: the seconds to
   make the certificate and to check it with each engine.

Run: ``.venv/bin/python benchmarks/certificates.py [--rounds N] [--skip-plans]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path
from typing import Any

from common import machine
from published import published

from cpsolve import registry
from cpsolve.certify.certificate import Certificate, Claim, check, make
from cpsolve.certify.command import certify
from cpsolve.limits import Deadline

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def _best(call: Any, rounds: int) -> tuple[float, Any]:
    best, value = float("inf"), None
    for _ in range(rounds):
        start = time.perf_counter()
        value = call()
        best = min(best, time.perf_counter() - start)
    return best, value


def boards(family_name: str, rounds: int, engines: list[str] | None = None
           ) -> dict[str, Any]:
    """Solve + uniqueness alone and with the certificate, per published board (checked
    by ``engines``; default: every one installed, as ``--certify`` does)."""
    family = registry.load(family_name)
    alone, certified, ratios, sizes = [], [], [], []
    for url in published(family_name):
        board = family.parse(url)

        def solve(board: Any = board) -> Any:
            return family.solve(board, unique=True)

        def with_certificate(board: Any = board, url: str = url) -> Any:
            result = family.solve(board, unique=True)
            return certify(family, url, result, "x.cert.zip", Deadline(None),
                           engines=engines)

        a, result = _best(solve, rounds)
        b, proof = _best(with_certificate, rounds)
        assert result.unique and proof.keys["certificate"]["claim"] == "unique", url
        alone.append(a)
        certified.append(b)
        ratios.append(b / a)
        sizes.append(proof.keys["certificate"]["proof_steps"])
    return {"family": family_name, "count": len(alone), "alone": alone,
            "certified": certified, "ratios": ratios, "steps": sizes}


def plans(rounds: int) -> list[dict[str, Any]]:
    """The line puzzle's goals certified optimal: make, then check per engine."""
    family = registry.load("slide")
    out = []
    for goal in ("line-goal2.txt", "line-goal1.txt", "line-goal3.txt"):
        text = (EXAMPLES / "sliding" / goal).read_text()
        plan = family.solve(family.parse(text)).solution
        claim = Claim(family, text, "optimal", plan)
        made_s, made = _best(lambda claim=claim: make(claim),
                             rounds if goal != "line-goal3.txt" else 1)
        again = Certificate.read(made.to_bytes())
        row = {"goal": goal, "moves": len(plan), "make": made_s,
               "steps": made.manifest["formula"]["proof_steps"],
               "variables": made.manifest["formula"]["variables"],
               "clauses": made.manifest["formula"]["clauses"]}
        for engine in ("native", "python"):
            row[engine] = _best(lambda engine=engine, again=again: check(
                again, engines=[engine]), 1)[0]
        out.append(row)
        print(f"  {goal}: {row}", flush=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--skip-plans", action="store_true")
    args = parser.parse_args()
    print(f"machine: {machine()}\n")
    print("### Published boards: solve + uniqueness, alone and with --certify's certificate "
          f"(best of {args.rounds}, in turn)\n")
    print("| family, engines | boards | alone: median (ms) | total (s) | with certificate: median "
          "(ms) | total (s) | max (s) | over 2 s | ratio: median | max | proof steps: median |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for name, engines in (("akari", None), ("akari", ["native"]), ("heyawake", None),
                          ("heyawake", ["native"]), ("masyu", None), ("masyu", ["native"])):
        got = boards(name, args.rounds, engines)
        used = "+".join(engines or ["native", "python"])
        print(f"| {name}, {used} | {got['count']} | "
              f"{statistics.median(got['alone']) * 1000:.1f} | "
              f"{sum(got['alone']):.2f} | {statistics.median(got['certified']) * 1000:.1f} | "
              f"{sum(got['certified']):.2f} | {max(got['certified']):.2f} | "
              f"{sum(1 for b in got['certified'] if b > 2)} | "
              f"{statistics.median(got['ratios']):.2f}x | {max(got['ratios']):.1f}x | "
              f"{statistics.median(got['steps']):.0f} |", flush=True)
    if args.skip_plans:
        return
    print("\n### The line puzzle's goals certified optimal\n")
    rows = plans(args.rounds)
    print("\n| goal | moves | variables | clauses | make (s) | proof steps | check, "
          "native (s) | check, python (s) |")
    print("|---|---|---|---|---|---|---|---|")
    for row in rows:
        print(f"| {row['goal']} | {row['moves']} | {row['variables']} | {row['clauses']} | "
              f"{row['make']:.2f} | {row['steps']} | {row['native']:.2f} | "
              f"{row['python']:.2f} |")


if __name__ == "__main__":
    main()
