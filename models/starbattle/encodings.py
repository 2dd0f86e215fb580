"""Star Battle as constraint models: pure builders, one Boolean per cell ("a star"),
the projection in cell order for every encoding, so all decode alike.

* no two stars touch, not even diagonally: one binary clause per pair of cells that
  touch (CP-SAT: at most one star in each 2x2 block, which covers every such pair);
* every row, column and region holds exactly ``stars`` stars: the direct subset
  clauses where they are few (every ``stars + 1`` cells of the unit hold an empty one,
  every ``size - stars + 1`` a star), a ``pysat.card`` encoding (``card``) for the
  units where they would be many; CP-SAT: a linear equality per unit.

There is no global rule, so no lazy cuts: the SAT model is the whole of the rules.
"""

from __future__ import annotations

from functools import partial
from math import comb
from typing import Any

import numpy as np

from cpsolve.backends.cpsat import CpsatModel
from cpsolve.backends.sat import CnfModel
from cpsolve.cnf import (
    AMO_ONLY_CARDS,
    CARD,
    CARDS,
    card_clauses,
    card_literals,
    exactly,
    known_card,
)
from cpsolve.grid.model import Encoding, Encodings, Whole
from cpsolve.models.starbattle.board import Board, Stars

# A unit whose direct subset clauses take at most this many literals gets them (a row
# of 10 with 2 stars: 450); larger ones a counter.
DIRECT_UP_TO = 2000
# A unit's count is exact: the encodings that only say "at most one" cannot.
COUNTING_CARDS = tuple(card for card in CARDS if card not in AMO_ONLY_CARDS)


def prepare(board: Board, deduce: bool = True) -> Whole[Board, Stars]:
    """The whole board for the encoders (no deductions before search: unit
    propagation of the clauses does that work)."""
    def decode(values: tuple[bool, ...]) -> Stars:
        return frozenset(cell for cell, on in enumerate(values) if on)

    return Whole(board, decode)


def direct_literals(size: int, stars: int) -> int:
    """The literals of the direct clauses for "exactly ``stars`` of ``size`` cells".

    >>> direct_literals(10, 2)
    450
    """
    if stars > size:
        return 2
    return (((stars + 1) * comb(size, stars + 1) if stars < size else 0)
            + ((size - stars + 1) * comb(size, size - stars + 1) if stars > 0 else 0))


def unit_clauses(cells: tuple[int, ...], stars: int, pool: Any,
                 card: str = "seqcounter") -> list[Any]:
    """Clause groups for "``stars`` of ``cells`` hold a star" (cell c is variable
    c + 1; auxiliary variables from ``pool``, a pysat IDPool)."""
    lits = [cell + 1 for cell in cells]
    if stars > len(lits):
        return [[[lits[0]], [-lits[0]]]]  # more stars than cells: no answer
    if card == "direct" or direct_literals(len(lits), stars) <= DIRECT_UP_TO:
        return list(exactly(np.array([lits], dtype=np.int64), stars))
    return [card_clauses(lits, stars, card, pool, exact=True)]


def apart_clauses(board: Board) -> list[Any]:
    """No two stars touch: a binary clause per pair of touching cells."""
    if not board.pairs:
        return []
    return [-(np.array(board.pairs, dtype=np.int64) + 1)]


def _names(board: Board) -> dict[int, str]:
    return {cell + 1: f"star {board.grid.name(cell)}" for cell in range(board.cells)}


def build_sat(prepared: Whole[Board, Stars], *, card: str = "seqcounter") -> CnfModel:
    """The rules as clauses: stars apart, and each unit's count."""
    from pysat.formula import IDPool

    board = prepared.board
    known_card(card)
    pool = IDPool(start_from=board.cells + 1)
    groups = apart_clauses(board)
    for unit in board.units:
        groups.extend(unit_clauses(unit.cells, board.stars, pool, card))
    return CnfModel(nvars=max(board.cells, pool.top), projection=range(1, board.cells + 1),
                    groups=groups, names=_names(board))


def build_cpsat(prepared: Whole[Board, Stars]) -> CpsatModel:
    """A Boolean per cell, a linear equality per unit, at most one star per 2x2 block."""
    from ortools.sat.python import cp_model

    board = prepared.board
    model = cp_model.CpModel()
    star = [model.new_bool_var(f"star_{board.grid.name(c)}") for c in range(board.cells)]
    for unit in board.units:
        model.add(sum(star[c] for c in unit.cells) == board.stars)
    if board.rows >= 2 and board.cols >= 2:
        for block in board.grid.blocks:
            model.add_at_most_one([star[cell] for cell in block])
    else:
        for a, b in board.pairs:
            model.add_bool_or([~star[a], ~star[b]])
    return CpsatModel(model=model, projection=star)


def literals(prepared: Whole[Board, Stars], *, per_cell: int, card: str | None = None) -> int:
    """About how many literals (terms, for CP-SAT) a model holds, before building it:
    ``per_cell`` for each cell (the touching pairs, with the solver's own copies) and
    each unit's count: its direct clauses where they are few (every unit with
    ``card="direct"``: a 40x40 board with 10 stars would need 4\u00b710\u00b9\u00b2), else a
    counter of its cells by the number of stars. (The 6x6 board below holds 914
    literals.)

    >>> from cpsolve.models.starbattle.formats import parse
    >>> board = prepare(parse("https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk"))
    >>> literals(board, per_cell=10, card="totalizer")
    1054
    """
    board = prepared.board
    total = per_cell * board.cells
    for unit in board.units:
        direct = direct_literals(len(unit.cells), board.stars)
        if card is None or card == "direct" or direct <= DIRECT_UP_TO:
            total += direct if card is not None else len(unit.cells)
        else:
            total += card_literals(len(unit.cells), board.stars, card)
    return total


ENCODINGS = Encodings(
    Encoding("direct", "a Boolean per cell, each unit's count as subset clauses or a "
             "counter (card)", sat=build_sat, literals=partial(literals, per_cell=10),
             options=(CARD.but(default="seqcounter", choices=COUNTING_CARDS),)),
    Encoding("linear", "a Boolean per cell, each unit's count a linear equality, at most "
             "one star per 2x2 block", cpsat=build_cpsat,
             literals=partial(literals, per_cell=40)),
)
