"""Experiments: a matrix of instances x methods x seeds, each run in a child process
under enforced limits, stored in SQLite as it finishes, and reported the way the SAT
and CP communities compare solvers (solved counts, PAR-2, virtual best, cactus plots).

- :mod:`~cpsolve.experiments.spec`: the TOML spec and its expansion into runs.
- :mod:`~cpsolve.experiments.child`: one run, in a fresh interpreter.
- :mod:`~cpsolve.experiments.runner`: limits, the child's outcome, the run loop.
- :mod:`~cpsolve.experiments.store`: the SQLite results store.
- :mod:`~cpsolve.experiments.report`: tables, cross-checks, CSV.
- :mod:`~cpsolve.experiments.plots`: cactus, scatter and per-horizon plots.
"""
