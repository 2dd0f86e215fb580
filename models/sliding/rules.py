"""Sliding plans as a CNF, for certificates of optimality (``docs/certificates.md``):
the plans shorter than a plan of ``L`` moves, time-expanded. Every move takes the
blank to a neighbouring cell, so it changes the colour of the blank's cell on a
chessboard: every plan's length has the parity of the distance between the blank's
start and goal cells, the parity of ``L``, and no plan has ``L - 1`` moves. The CNF
states the plans of at most ``moves = L - 2`` moves (none when ``L`` is 1: the start
must already be the goal); it has no model exactly when the plan of ``L`` moves is
optimal.

Variables: ``holds(t, cell, label)`` (the blank is a label here) for every time ``t``
from 0 to ``moves`` and every cell that is not a wall, and ``swap(t, a, b)`` for each
step ``t`` and each pair of neighbouring cells: the step exchanges their contents.

- every cell holds exactly one label at every time; at time 0 the start's, at the
  last time the goal's;
- a step swaps at most one pair; a pair swapped holds the blank on one side, and the
  two cells exchange their labels; a cell no swap of the step touches keeps its label;
- a step that swaps nothing is followed only by steps that swap nothing (the idle
  steps come last: a plan of fewer moves is padded with them);
- no step swaps back the pair the step before swapped (a plan that undoes a move has
  a plan two moves shorter, also of at most ``moves`` moves: the CNF has a model
  exactly when some plan of at most ``moves`` moves exists).
"""

from __future__ import annotations

from cpsolve.certify.rules import RuleCnf
from cpsolve.models.sliding.board import BLANK, WALL, Puzzle


def rules(puzzle: Puzzle, length: int) -> RuleCnf:
    """The CNF of the plans of ``puzzle`` shorter than ``length`` moves, ``length``
    the length of a plan (the parity of every plan's)."""
    moves = max(length - 2, 0)
    cnf = RuleCnf()
    start, goal = puzzle.start, puzzle.goal
    width, height = start.width, start.height
    cells = [c for c in range(width * height) if start.cells[c] != WALL]
    labels = sorted({start.cells[c] for c in cells} | {BLANK})
    pairs = []
    for c in cells:
        r, col = divmod(c, width)
        for other in ((r + 1) * width + col if r + 1 < height else None,
                      c + 1 if col + 1 < width else None):
            if other is not None and start.cells[other] != WALL:
                pairs.append((c, other))
    holds = [{c: {label: cnf.var(("holds", t, c, label)) for label in labels} for c in cells}
             for t in range(moves + 1)]
    swap = [{pair: cnf.var(("swap", t, *pair)) for pair in pairs} for t in range(moves)]
    for t in range(moves + 1):
        for c in cells:
            cnf.exactly(1, list(holds[t][c].values()))
    for c in cells:
        cnf.clause([holds[0][c][start.cells[c]]])
        cnf.clause([holds[moves][c][goal.cells[c]]])
    for t in range(moves):
        now, nxt = holds[t], holds[t + 1]
        cnf.at_most(1, list(swap[t].values()))
        touching: dict[int, list[int]] = {c: [] for c in cells}
        for (a, b), s in swap[t].items():
            touching[a].append(s)
            touching[b].append(s)
            cnf.clause([-s, now[a][BLANK], now[b][BLANK]])
            for label in labels:
                cnf.clause([-s, -now[a][label], nxt[b][label]])
                cnf.clause([-s, -now[b][label], nxt[a][label]])
        for c in cells:
            for label in labels:
                cnf.clause([-now[c][label], nxt[c][label], *touching[c]])
        if t + 1 < moves:
            for pair, s in swap[t + 1].items():
                cnf.clause([-s, *swap[t].values()])
                cnf.clause([-s, -swap[t][pair]])
    return cnf
