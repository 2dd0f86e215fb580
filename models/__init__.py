"""Puzzle families for cpsolve, one sub-package each, found through entry points."""
