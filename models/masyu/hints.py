"""Masyu's clues for the setter's tools and the generator: the pearls.

A fix may put a white or a black pearl on a cell where solutions differ (or next to
one), or turn a pearl there to the other colour. Pearls stand where the board's
symmetry puts them, so the generator takes them away orbit by orbit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from cpsolve.backends.sat import CnfModel
from cpsolve.grid.hints import Clue, Edit, Hints
from cpsolve.models.masyu.board import BLACK, EMPTY, WHITE, Board

NAMES = {WHITE: "white pearl", BLACK: "black pearl"}


def clues(board: Board) -> list[Clue]:
    """The pearls, in reading order."""
    return [Clue(board.grid.rc(cell), NAMES[board.pearls[cell]], (cell, board.pearls[cell]))
            for cell in board.pearl_cells]


def rules(board: Board) -> CnfModel:
    """Every rule of any loop, whatever the pearls; "one loop" lazy."""
    from cpsolve.models.masyu.encodings import build_lazy, prepare

    return build_lazy(prepare(board), pearls=False)


def clauses(board: Board, clue: Clue, top: int) -> tuple[list[Any], int]:
    """The rules a pearl adds."""
    from cpsolve.models.masyu.encodings import pearl_clauses

    cell, pearl = cast(tuple[int, int], clue.key)
    return [pearl_clauses(board, cell, pearl)], top


def with_pearls(board: Board, pearls: dict[int, int], keep: bool = False) -> Board:
    """``board`` with the pearls ``pearls`` (cell: colour; EMPTY removes one) and, with
    ``keep``, its own elsewhere."""
    base = list(board.pearls) if keep else [EMPTY] * board.cells
    for cell, pearl in pearls.items():
        base[cell] = pearl
    return Board(board.rows, board.cols, tuple(base))


def without(board: Board, gone: Sequence[Clue]) -> Board:
    """``board`` with the pearls of ``gone`` taken away."""
    return with_pearls(board, {cast(tuple[int, int], clue.key)[0]: EMPTY for clue in gone},
                       keep=True)


def edits(board: Board, cells: set[tuple[int, int]]) -> list[Edit[Board]]:
    """Pearls on the cells where solutions differ and their neighbours: a new pearl on
    an empty cell, or a pearl turned to the other colour."""
    grid = board.grid
    near = grid.around(cells)
    out: list[Edit[Board]] = []
    for cell in near:
        at, where = grid.rc(cell), grid.where(cell)
        current = board.pearls[cell]
        for pearl in (WHITE, BLACK):
            if pearl == current:
                continue
            clue = Clue(at, NAMES[pearl], (cell, pearl))
            changed = with_pearls(board, {cell: pearl}, keep=True)
            if current == EMPTY:
                out.append(Edit(at, "pearl", f"a {NAMES[pearl]} at {where}", changed,
                                clue=clue))
            else:
                out.append(Edit(at, "pearl", f"the {NAMES[current]} at {where} turned "
                                "to a " + NAMES[pearl], changed, clue=clue,
                                base=with_pearls(board, {cell: EMPTY}, keep=True), cost=2))
    return out


HINTS: Hints[Board] = Hints(clues=clues, rules=rules, clauses=clauses, without=without,
                            edits=edits, noun="pearl", unit="edges", symmetric=True)
