"""The Nonogram rules, stated once (:mod:`cpsolve.grid.rules`): a variable per cell,
``shaded``; each clue states its line's runs as the automaton that reads the line
(:mod:`cpsolve.grid.rules.runs`), its states ``runs column 3`` or ``runs row 2``."""

from __future__ import annotations

from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import Method, Model, Statement
from cpsolve.grid.rules.runs import runs, states
from cpsolve.models.nonogram.board import Board, Lengths


def rules(m: Model, board: Board) -> None:
    with m.rule("a cell is shaded or not"):
        m.solution(m.cells("shaded").vars)
    for side, index, lengths in board.given:  # each clue's automaton (its clauses: clue())
        states(m, ("runs", side, index, lengths), len(board.line(side, index)), lengths)


def clue(m: Model, board: Board, given: Clue) -> None:
    """A line's clue: its shaded cells form runs of the clue's lengths, in order."""
    key: tuple[str, int, Lengths] = given.key  # type: ignore[assignment]
    side, index, lengths = key
    shaded = m.layers["shaded"]
    runs(m, ("runs", side, index, lengths), [shaded[cell] for cell in board.line(side, index)],
         lengths)


def _size(board: Board, **_: object) -> int:
    return 4 * board.cells * (max(board.rows, board.cols) + 2)


STATEMENT: Statement[Board] = Statement(rules, clue, methods=(
    Method("automaton", "sat", "a variable a cell; each clue the states of the automaton "
           "that reads its line, as clauses", literals=_size),
    Method("automaton", "cpsat", "the same automaton's clauses on CP-SAT's Booleans",
           literals=_size),
))
