"""An experiment of many small runs, end to end: `cpsolve experiment` as users run it.

The Star Battle example's matrix (examples/experiments/starbattle.toml: 9 boards x 4
methods = 36 runs, each solved and proven unique in milliseconds), three ways:

- **files**: its nine boards as files (the six generated ones written out once), so the
  time is the runs' and the command's alone;
- **first**: the example spec itself, its six boards made by the generator (a fresh store);
- **rerun**: the example spec again on that store (every run stored, every board kept).

Each case runs with this checkout and, with ``--baseline DIR``, with another checkout of
cpsolve (``git worktree add DIR REV``), in turn (this, baseline, this, ...), with the same
interpreter; prints each case's median wall seconds and the ratio this/baseline.

    .venv/bin/python benchmarks/experiments.py --baseline /tmp/cpsolve-before --repeat 3
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import machine  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "examples" / "experiments" / "starbattle.toml"
FILES_SPEC = """name = "starbattle-files"
[limits]
time = 20
memory = 4096

[[instances]]
family = "starbattle"
files = ["boards/*.txt"]

[[methods]]""" + SPEC.read_text().split("[[methods]]", 1)[1]


def experiment(checkout: Path, spec: Path, db: Path) -> float:
    """Wall seconds of one ``cpsolve experiment`` with cpsolve from ``checkout``."""
    env = {**os.environ, "PYTHONPATH": str(checkout), "CPSOLVE_PROGRESS": "0"}
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "cpsolve", "experiment", str(spec),
                           "--db", str(db)], env=env, capture_output=True, text=True,
                          cwd=spec.parent)
    seconds = time.perf_counter() - start
    if done.returncode != 0 or "36 runs" not in done.stdout:
        raise SystemExit(f"{checkout}: {done.stderr or done.stdout}")
    return seconds


def boards(into: Path) -> None:
    """The example's nine boards as files: its generator's run once, by this checkout."""
    (into / "boards").mkdir(parents=True)
    db = into / "make.db"
    experiment(ROOT, SPEC, db)
    with sqlite3.connect(db) as store:
        for name, text in store.execute("SELECT DISTINCT r.instance, i.text FROM runs r "
                                        "JOIN instances i ON i.sha = r.instance_sha"):
            (into / "boards" / (Path(name).stem + ".txt")).write_text(text)
    (into / "spec.toml").write_text(FILES_SPEC)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, help="another checkout of cpsolve")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    checkouts = {"this": ROOT} | ({"baseline": args.baseline} if args.baseline else {})
    print(machine())
    print(f"load average at the start: {os.getloadavg()[0]:.2f}")
    work = Path(tempfile.mkdtemp(prefix="cpsolve-bench-"))
    try:
        boards(work)
        times: dict[tuple[str, str], list[float]] = {}
        for _ in range(args.repeat):
            for name, checkout in checkouts.items():
                db = work / f"{name}.db"
                db.unlink(missing_ok=True)
                times.setdefault(("files", name), []).append(
                    experiment(checkout, work / "spec.toml", db))
                db.unlink()
                times.setdefault(("first", name), []).append(experiment(checkout, SPEC, db))
                times.setdefault(("rerun", name), []).append(experiment(checkout, SPEC, db))
        print(f"{'case':<7} " + " ".join(f"{name + ' s':>12}" for name in checkouts)
              + ("  this/baseline" if args.baseline else ""))
        for case in ("files", "first", "rerun"):
            medians = {name: statistics.median(times[case, name]) for name in checkouts}
            line = f"{case:<7} " + " ".join(f"{medians[name]:>12.2f}" for name in checkouts)
            if args.baseline:
                line += f"  {medians['this'] / medians['baseline']:>13.2f}"
            print(line)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
