"""The Akari rules, stated once (:mod:`cpsolve.grid.rules`): a variable per white cell,
true where a light stands.

* a run of white cells (along a row or a column, between black cells or the edge)
  holds at most one light: two lights in one run would shine on each other;
* every white cell is lit: a light stands in its row run or its column run (its own
  cell is in both). ``sight`` states it as one clause a cell; ``segments`` marks each
  run of two or more cells that holds a light (a mark needs a light in its run) and
  asks a cell for a marked run, or its own light where the run is that one cell:
  clauses of two literals, however long the runs;
* a black cell's number (a clue) counts the lights on the white cells beside it.

The CP-SAT methods (after Akari's deductions, the cells they decided constants), the
certificate's rule CNF and a clue's clauses for the setter's fixes are compiled from
this statement. The SAT methods keep Akari's own builders
(:func:`~cpsolve.models.akari.encodings.build_sat`, after the deductions of
:mod:`~cpsolve.models.akari.analysis`: in C or plain Python on published boards,
numpy beyond), and the clue model its bulk ones (:mod:`~cpsolve.models.akari.hints`):
measured faster than the compile, and held to this statement
(``tests/akari/test_statement.py``).
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from cpsolve.cnf import CARD
from cpsolve.grid.rules import FALSE, TRUE, Method, Model, Statement
from cpsolve.grid.techniques import CLUE, Technique, too_few, too_many
from cpsolve.models.akari.board import Board, Solution
from cpsolve.models.akari.encodings import build_sat, literals

if TYPE_CHECKING:
    from cpsolve.grid.hints import Clue


def rules(m: Model, board: Board) -> None:
    t = board.tables
    light = m.layer("light", t.whites, named=lambda cell: f"r{cell[0] + 1}c{cell[1] + 1}")
    lights = [light[cell] for cell in t.whites]
    runs = [[lights[i] for i in run] for run in t.segments]  # across, then down
    card = m.options.get("card", "direct")  # the SAT builders' measured default
    with m.rule("no light shines on another"):
        for run in runs:
            m.at_most(1, run, card=card)
    with m.rule("every white cell is lit"):
        if m.options.get("encoding") == "segments":
            # A run's mark says it holds a light: a variable for two or more open cells,
            # the light itself for one, a constant where the deductions decided the run.
            kept = [[x for x in run if x != FALSE] for run in runs]
            long = [s for s, run in enumerate(kept) if len(run) > 1 and TRUE not in run]
            mark = m.layer("mark", long)
            marks = [mark.get(s) or (TRUE if TRUE in run else run[0] if run else FALSE)
                     for s, run in enumerate(kept)]
            for s in long:
                m.implies(mark[s], *runs[s])
            for a, b in zip(t.row, t.col):
                m.clause(marks[a], marks[b])
        else:  # a cell and those that see it, in reading order: above, its row, below
            for own, a, b in zip(lights, t.row, t.col):
                down = runs[b]
                k = down.index(own)
                m.clause(*down[:k], *runs[a], *down[k + 1:])
    m.solution(light.vars)


def clue(m: Model, board: Board, number: Clue) -> None:
    light = m.layers["light"]
    m.exactly(number.value, [light[cell] for cell in board.neighbours(number.cell)])


def clues(board: Board) -> list[Clue]:
    """The numbers, in reading order."""
    from cpsolve.grid.hints import Clue

    return [Clue(cell, f"number {n}", cell, n) for cell, n, _ in board.tables.clues]


def decode(board: Board, values: tuple[bool, ...]) -> Solution:
    return frozenset(compress(board.tables.whites, values))


def encode(board: Board, lights: Solution) -> list[bool]:
    return [cell in lights for cell in board.tables.whites]


def _methods(name: str, summary: str) -> tuple[Method, Method]:
    """The method on both backends: SAT by Akari's own builder, CP-SAT compiled; the
    size of either read from what the deductions leave."""
    fixed = {"encoding": name}
    return (Method(name, "sat", summary, fixed, (CARD,), literals, build=build_sat,
                   residual=True),
            Method(name, "cpsat", summary, fixed, literals=literals, residual=True))


# The hints' names for the steps: LEGUP's rules of Light Up (its direct rules and
# contradictions, as its reference sheet names them).
TECHNIQUES = (
    Technique("Finish with Empty", CLUE, shape="full"),
    Technique("Finish with Bulbs", CLUE, shape="needs"),
    Technique("Empty Cells in Light", "no light shines on another", sets=False),
    Technique("Must Light", "every white cell is lit", sets=True),
    Technique("Too Many Bulbs", CLUE, kind="trial", when=too_many),
    Technique("Too Few Bulbs", CLUE, kind="trial", when=too_few),
    Technique("Bulbs in Path", "no light shines on another", kind="trial"),
    Technique("Cannot Light a Cell", "every white cell is lit", kind="trial"),
)

STATEMENT: Statement[Board] = Statement(
    rules, clue, clues, grid=lambda board: None, decode=decode, encode=encode,
    techniques=TECHNIQUES, methods=(
        *_methods("sight", "each dark cell lists the cells that see it; no auxiliary "
                  "variable (the fastest measured)"),
        *_methods("segments", "one mark per row or column segment; short clauses on "
                  "boards with long segments")))

__all__ = ["STATEMENT", "clue", "clues", "rules"]
