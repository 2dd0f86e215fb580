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

from cpsolve.certify.rules import RuleCnf, Timeline
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
    line = Timeline(cnf, cells, labels, moves, start.cells, goal.cells)
    swap = [[cnf.var(("swap", t, *pair)) for pair in pairs] for t in range(moves)]
    line.moves(swap, undo=list(range(len(pairs))))  # a swap undoes itself
    for t in range(moves):
        now, nxt = line.holds[t], line.holds[t + 1]
        touching: dict[int, list[int]] = {c: [] for c in cells}
        for (a, b), s in zip(pairs, swap[t]):
            touching[a].append(s)
            touching[b].append(s)
            cnf.clause([-s, now[a][BLANK], now[b][BLANK]])
            for label in labels:
                cnf.clause([-s, -now[a][label], nxt[b][label]])
                cnf.clause([-s, -now[b][label], nxt[a][label]])
        line.keep(t, touching)
    return cnf
