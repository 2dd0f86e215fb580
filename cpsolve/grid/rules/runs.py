"""Runs along a line: its true literals form runs of the given lengths, in order, with
at least one false literal between two runs (a Nonogram's clue), stated as the
automaton that reads the line (:func:`runs`).

The automaton is the regular language ``0* 1^a1 0+ 1^a2 ... 0+ 1^ak 0*``: a state for
each place in the pattern ``0 1^a1 0 1^a2 ... 1^ak 0``, a ``0`` place reading any
number of false literals, a ``1`` place one true literal. ``state[i, q]``: after the
line's first ``i`` literals, the automaton is in state ``q``, kept only where ``q``
can be reached by then and the line can still end in an accepting state. The
clauses: each state and literal lead to the next state (forward); a state holds only
after a state before it (backward); a ``1`` state after a true literal, a ``0`` state
after a false one. The automaton is deterministic, so each line of literals the
language holds has exactly one run of states, and no other line has one: the
models of the clauses are the lines, one to one (counted by the tests).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import lru_cache

import numpy as np

from cpsolve.grid.rules.model import FALSE, TRUE, Model


def pattern(lengths: Sequence[int]) -> list[int]:
    """The kind of each state: ``0`` (reads false literals, any number) or ``1``
    (reads one true literal).

    >>> pattern([2, 1])
    [0, 1, 1, 0, 1, 0]
    """
    kinds = [0]
    for length in lengths:
        kinds += [1] * length + [0]
    return kinds


def _window(n: int, size: int, i: int) -> range:
    """The states an automaton of ``size`` states may be in after ``i`` of ``n``
    literals: reached by then, and the last run's last cell (``size - 2``) still
    reachable by the end."""
    return range(max(0, size - 2 - (n - i)), min(i, size - 1) + 1)


def states(m: Model, name: Hashable, n: int, lengths: Sequence[int]) -> None:
    """The automaton's states for a line of ``n`` literals, a layer called ``name``
    (made before the clue states :func:`runs` over them, when the clue is one a setter
    switches on and off: a clue's part makes no variables)."""
    size = len(pattern(lengths))
    if not lengths or sum(lengths) + len(lengths) - 1 > n or name in m.layers:
        return
    m.layer(name, [(i, q) for i in range(1, n + 1) for q in _window(n, size, i)],
            named=lambda key: f"{key[0]}:{key[1]}")


def runs(m: Model, name: Hashable, lits: Sequence[int], lengths: Sequence[int]) -> None:
    """The true literals of ``lits`` form runs of ``lengths``, in order (none at all
    for no lengths); ``name`` names the automaton's states (a layer of the model, made
    here unless :func:`states` made it)."""
    n, k = len(lits), len(lengths)
    if not k:
        for lit in lits:
            m.clause(-lit)
        return
    if sum(lengths) + k - 1 > n:
        m.clause()  # the runs do not fit: cannot hold
        return
    states(m, name, n, lengths)
    layer = m.layers[name]
    # The clauses over the template's codes: 1.. the states, then the literals.
    values = np.concatenate([np.arange(layer.first - 1, layer.first + layer.count),
                             np.asarray(lits, dtype=np.int64)])
    for rows in _template(n, tuple(lengths)):
        m.clauses(np.sign(rows) * values[np.abs(rows)])


@lru_cache(maxsize=1024)
def _template(n: int, lengths: tuple[int, ...]) -> tuple[np.ndarray, ...]:
    """The clauses of :func:`runs` for a line of ``n`` and ``lengths``, over codes:
    ``q + 1`` the automaton's ``q``-th state variable (in the layer's order), then
    ``count + 1 + i`` the line's ``i``-th literal; grouped by length."""
    kinds = np.array(pattern(lengths))
    size = len(kinds)
    count = sum(len(_window(n, size, i)) for i in range(1, n + 1))
    # table[i, q]: the state q after i literals (a constant where it cannot be); an
    # extra last column FALSE, so that a state q - 1 of -1, or none, reads FALSE.
    table = np.full((n + 1, size + 1), FALSE, dtype=np.int64)
    table[0, 0] = TRUE
    at = 1
    for i in range(1, n + 1):
        window = _window(n, size, i)
        table[i, window.start:window.stop] = np.arange(at, at + len(window))
        at += len(window)
    q = np.arange(size)
    after = np.append(kinds[1:], 0)  # the kind of the state after each
    on = np.where((kinds == 0) & (q + 1 < size) | (kinds == 1) & (after == 1), q + 1, size)
    off = np.where(kinds == 0, q, np.where((kinds == 1) & (after == 0), q + 1, size))
    here, there = table[:-1, :size], table[1:, :size]  # (i, q): before and after literal i
    line = np.arange(count + 1, count + n + 1, dtype=np.int64)
    x = np.repeat(line[:, None], size, axis=1)
    self_loop = np.where(kinds == 0, here, FALSE)
    groups = [
        [-here, -x, table[1:, on]],  # a state and a true literal: the next state
        [-here, x, table[1:, off]],  # and a false one
        [-there, np.where(kinds == 1, x, -x)],  # a 1 state after a true literal
        [-there, table[:-1, q - 1], self_loop],  # a state after one before it
        # Implied by those, and stated so that unit propagation decides what a line
        # alone decides (each line's reasoning as a player's): a state goes on to one
        # of its next states, and a literal, true or false, is read into a state of
        # its kind.
        [-here, table[1:, on], table[1:, off]],
        [-line, *(there[:, j] for j in np.flatnonzero(kinds == 1))],
        [line, *(there[:, j] for j in np.flatnonzero(kinds == 0))],
    ]
    by_width: dict[int, list[np.ndarray]] = {}
    for columns in groups:
        for rows in _folded(columns):
            by_width.setdefault(rows.shape[1], []).append(rows)
    return tuple(np.concatenate(found) for _, found in sorted(by_width.items()))


def _folded(columns: list[np.ndarray]) -> list[np.ndarray]:
    """Clauses, one a row of the stacked ``columns``, with their constants folded
    (a clause holding TRUE dropped, FALSE literals left out), grouped by length. The
    runs never fit no line here, so no clause folds to nothing."""
    rows = np.stack([c.ravel() for c in columns], axis=1)
    rows = rows[~(rows == TRUE).any(axis=1)]
    falses = (rows == FALSE).sum(axis=1)
    width = rows.shape[1]
    out = []
    for count in np.unique(falses).tolist():
        chosen = rows[falses == count]
        out.append(chosen[chosen != FALSE].reshape(len(chosen), width - count))
    return out
