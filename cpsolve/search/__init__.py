"""Search: a generic IDA* over callables, and numba kernels specialised for tile
puzzles (flat arrays, incremental heuristics, no allocation in the inner loop)."""
