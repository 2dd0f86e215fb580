"""Rotation plans as a CNF, for certificates of optimality (``docs/certificates.md``):
the plans shorter than a plan of ``L`` moves, time-expanded: the plans of at most
``L - 1`` moves, or of at most ``L - 2`` where every label is on one cell and every
square has an even number of cells. Then every move permutes the cells' labels by a
cycle of even length, an odd permutation, so every plan's length has the parity of
the permutation from start to goal, the parity of ``L``, and no plan has ``L - 1``
moves.

Variables: ``holds(t, cell, label)`` for every time ``t`` from 0 to ``L - 1`` and every
cell, and ``turn(t, move)`` for each step and each move (a square turned clockwise or
counter-clockwise).

- every cell holds exactly one label at every time; at time 0 the start's, at the
  last time the goal's;
- a step makes at most one move; a move turning a square clockwise takes the label of
  each cell of its cycle to the next cell (counter-clockwise: to the one before); a
  cell that no move of the step turns keeps its label;
- a step that moves nothing is followed only by steps that move nothing (the idle
  steps come last: a shorter plan is padded with them);
- no step undoes the move of the step before (a plan that does has a plan two moves
  shorter, also shorter than ``L``): the CNF has a model exactly when a plan of fewer
  than ``L`` moves exists.
"""

from __future__ import annotations

from cpsolve.certify.rules import RuleCnf, Timeline
from cpsolve.models.rotation.board import Puzzle


def rules(puzzle: Puzzle, length: int) -> RuleCnf:
    """The CNF of the plans of ``puzzle`` shorter than ``length`` moves, ``length``
    the length of a plan."""
    odd = (len(set(puzzle.start)) == len(puzzle.start)
           and all(len(square.cells) % 2 == 0 for square in puzzle.squares))
    moves = max(length - (2 if odd else 1), 0)
    cnf = RuleCnf()
    cells = range(puzzle.width * puzzle.height)
    labels = sorted(set(puzzle.start))
    # Each move as (square, turn) and the cell each cell's label goes to.
    turns: list[tuple[int, int, dict[int, int]]] = []
    for k, square in enumerate(puzzle.squares):
        cycle = square.cells
        ahead = {cycle[i]: cycle[(i + 1) % len(cycle)] for i in range(len(cycle))}
        turns.append((k, 1, ahead))
        if len(cycle) > 2:
            turns.append((k, -1, {after: cell for cell, after in ahead.items()}))
    undo = {m: next(j for j, (k2, t2, _) in enumerate(turns)
                    if k2 == k and (t2 == -t or len(ahead) == 2))
            for m, (k, t, ahead) in enumerate(turns)}
    line = Timeline(cnf, cells, labels, moves, puzzle.start, puzzle.goal)
    move = [[cnf.var(("turn", t, m)) for m in range(len(turns))] for t in range(moves)]
    line.moves(move, undo=[undo[m] for m in range(len(turns))])
    for t in range(moves):
        now, nxt = line.holds[t], line.holds[t + 1]
        touching: dict[int, list[int]] = {c: [] for c in cells}
        for m, (_, _, ahead) in enumerate(turns):
            for cell, after in ahead.items():
                touching[cell].append(move[t][m])
                for label in labels:
                    cnf.clause([-move[t][m], -now[cell][label], nxt[after][label]])
        line.keep(t, touching)
    return cnf
