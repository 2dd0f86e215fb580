"""The Fillomino rules, stated once (:mod:`cpsolve.grid.rules`): a number per cell,
one-hot (:func:`cpsolve.grid.rules.numbers.numbers`), from 1 to the largest an answer
may write (the board's cells; with the deductions, :func:`bound`; under the tri rule,
pzprjs's ``fillomino/t/``, at most 3: no area is larger than 3).

* two 1s are never side by side; a cell of a number above 1 has a neighbour of that
  number; a cell of a 2 has at most one (implied, for the solvers);
* every area of equal numbers has as many cells as its number (the kit's
  :func:`~cpsolve.grid.rules.areas.sized`: cuts on the candidates an incremental SAT
  solver finds, labels and roots on CP-SAT, the areas' cut group in a certificate);
* the cells either side of a border drawn in the board (puzz.link's, after the numbers)
  hold different numbers: as pzprjs checks it, such a border may not lie inside an area
  (``bdUnused``) and areas side by side differ in size (``bsSameNum``);
* a given number (a clue) is written in its cell;
* the numbers :func:`impossible` rules out are not written (implied by the givens, for
  the solvers).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from cpsolve.grid.boards import NumberGrid
from cpsolve.grid.connectivity import components
from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import Method, Model, Statement, lazy
from cpsolve.grid.rules.areas import sized
from cpsolve.grid.rules.numbers import decoded, encoded, numbers

Filling = tuple[int, ...]  # an answer: the number of every cell
TRI = 3  # the largest area under the tri rule


@dataclass(frozen=True)
class Board(NumberGrid):
    """A Fillomino board: the kit's grid of numbers (``None`` an empty cell, "?" a
    given cell whose number is not told); ``bound``, when the deductions proved one,
    the largest number any answer writes (none: the number of cells); ``tri``, whether
    no area may be larger than 3 (pzprjs's variant, ``fillomino/t/``); ``drawn``,
    the borders drawn in the board, each between the cells ``a < b`` beside it (the
    cells either side of one hold different numbers).

    >>> b = Board(2, 2, (1, None, None, 3))
    >>> b.cells, b.clue_cells, b.largest, b.tri_rule(True).largest
    (4, (0, 3), 4, 3)
    """

    bound: int | None = None
    tri: bool = False
    drawn: frozenset[tuple[int, int]] = frozenset()
    over: bool = False  # the relaxation a bound is proven with: see :func:`past`

    @property
    def largest(self) -> int:
        """The largest number an answer may write (the tri rule's 3 at most); with
        ``over``, one more, which stands for every number past the bound."""
        return min(self.bound or self.cells, TRI if self.tri else self.cells) + self.over

    @property
    def rule(self) -> str:
        """The rule in force, in words."""
        return "no area larger than 3" if self.tri else "areas of any size"

    def tri_rule(self, tri: bool = True) -> Board:
        """The same numbers under the tri rule (or without it)."""
        return self if self.tri == tri else replace(self, tri=tri)


def _parts(board: Board, number: int) -> tuple[list[int], list[int]]:
    """The parts of the board apart from the cells showing a number other than
    ``number``: each cell's part (0 for those cells) and each part's size (from 1)."""
    open_ = [c for c in range(board.cells) if board.shown(c) in (None, number)]
    part, sizes = [0] * board.cells, [0]
    for found in components(open_, board.grid.neighbours):
        sizes.append(len(found))
        for cell in found:
            part[cell] = len(sizes) - 1
    return part, sizes


def bound(board: Board) -> int:
    """The largest number an answer of ``board`` can write: an area of ``n`` lies in one
    part of the board apart from the cells showing other numbers, and beside an area of
    every number shown (:func:`_room`), so past the largest part or that room, and past
    every number shown, no ``n`` fits (for a number not shown, the parts are those apart
    from every given cell: one pass).

    >>> bound(Board(1, 5, (2, None, 1, None, None)))  # parts of 2 and 2 cells
    2
    """
    shown = max((n for n in board.numbers if n is not None and n > 0), default=0)
    return min(board.cells, max(shown, min(max(_parts(board, 0)[1]), _room(board))))


def _room(board: Board) -> int:
    """The most cells an area of a number not shown can have: what the areas of the
    numbers shown leave. Each number shown has an area of its own, and two cells
    showing ``n`` farther apart than ``n - 1`` steps lie in two (an area of ``n`` cells
    spans ``n - 1`` at most): cells so far apart are counted, taken in reading order (a
    76 and a 14 shown on a 10x10 leave 10; 5s far apart leave 5 less each).

    >>> _room(Board(2, 3, (3, None, None, 1, None, None)))
    2
    >>> _room(Board(1, 7, (2, None, None, None, None, None, 2)))  # two 2s: two areas
    3
    """
    cols = board.cols
    used = 0
    for n in sorted({n for n in board.numbers if n is not None and n > 0}):
        apart: list[tuple[int, int]] = []
        for cell, shown in enumerate(board.numbers):
            if shown == n:
                r, c = divmod(cell, cols)
                if all(abs(r - a) + abs(c - b) > n - 1 for a, b in apart):
                    apart.append((r, c))
        used += n * len(apart)
    return board.cells - used


FIRST = 2  # past how many times the largest number shown a bound is proven (see past)
PAST = 20_000  # the conflicts a proof of a bound may take (a budget of work, counted)
ROUNDS = 200  # and the rounds of cuts (the published 36x20s': up to 140)
TRIES = 2  # the bounds tried: the largest number shown, then twice it


def past(board: Board, bound: int, budget: int = PAST, rounds: int = ROUNDS) -> bool | None:
    """Whether some answer of ``board`` writes a number past ``bound``, at least every
    number shown (``None``: not decided within ``budget`` conflicts of the solver and
    ``rounds`` rounds of cuts). Asked of a relaxation: the numbers
    up to ``bound`` as they are, and one value for every number past it, whose areas
    have more than ``bound`` cells (a number past the bound has a neighbour past it;
    two such areas side by side may look like one, and a drawn border may lie between
    them), with "some cell is past the bound". Every answer of the board is one of the
    relaxation's, its numbers past the bound written as that value; so where the
    relaxation has none with that value, no answer writes a number past the bound.

    >>> past(Board(1, 4, (2, None, None, 2)), 2)  # two 2s: nothing larger
    False
    >>> past(Board(1, 4, (1, None, None, None)), 1)  # a 3 past the 1
    True
    """
    from cpsolve.backends.sat import SatSession
    from cpsolve.progress import step

    if any(n is not None and n > bound for n in board.numbers):
        raise ValueError("a bound proven is at least every number shown")
    if bound >= board.cells:
        return False  # no area is larger than the board
    relaxed = replace(board, bound=bound, over=True, tri=False)
    model = STATEMENT.sat(relaxed)
    largest = bound + 1
    past_it = [model.projection[c * largest + bound] for c in range(board.cells)]
    with SatSession() as session:
        session.add(model.groups, model.nvars)
        session.add([[past_it]])
        spent = 0
        for _ in range(rounds):
            step(f"deductions: a number past {bound}?", spent, budget)
            outcome, spent = session.spend(budget - spent)
            if not outcome:  # None: the budget spent; False: nothing past the bound
                return outcome
            assert model.refine is not None  # (the areas' cuts)
            cuts = model.refine(session.values(model.projection))
            if not cuts:
                return True
            session.add([cuts])
            if spent >= budget:
                break
    return None


def narrow(board: Board) -> Board:
    """The board with a bound on its numbers (:func:`bound`); where the parts of the
    board allow numbers far past those shown (more than :data:`FIRST` times the
    largest), the bound proven by :func:`past`: the largest shown, or else twice it
    (:data:`TRIES`), where nothing past it is written."""
    most = min(bound(board), board.bound or board.cells)  # (a bound proven before kept)
    shown = max((n for n in board.numbers if n is not None and n > 0), default=1)
    if board.tri:
        return replace(board, bound=most)
    tried = max(shown, 2)
    for _ in range(TRIES):
        if tried * FIRST >= most:
            break
        if past(board, tried) is False:
            return replace(board, bound=tried)
        tried *= 2
    return replace(board, bound=most)


def impossible(board: Board) -> list[int]:
    """The pairs "``cell`` holds ``n``" the given numbers rule out, each as ``cell *
    largest + n`` (its variable in the one-hot numbering): the other numbers of a
    numbered cell, ``n`` in a cell whose part of the board apart from the cells
    showing other numbers has fewer than ``n`` cells (an area of ``n`` lies in one), and
    a number not shown past the room the numbers shown leave (:func:`_room`).

    >>> sorted(impossible(Board(1, 3, (2, None, 1))))  # the middle cell holds no 3
    [1, 3, 6, 8, 9]
    >>> b = Board(1, 4, (2, None, None, None), bound=3)  # the 2 leaves two cells: no 3
    >>> sorted((v - 1) // 3 for v in impossible(b) if (v - 1) % 3 == 2)  # cells without 3
    [0, 1, 2, 3]
    """
    largest = board.largest
    given = [board.shown(c) or 0 for c in range(board.cells)]
    out = [cell * largest + n for cell, number in enumerate(given) if number
           for n in range(1, largest + 1) if n != number]
    shown = set(given) - {0}
    apart = _parts(board, 0)  # the parts for every number not shown: computed once
    room = _room(board)
    for n in range(1, largest + 1):
        if n > room and n not in shown:
            out.extend(c * largest + n for c in range(board.cells) if not given[c])
            continue
        part, sizes = _parts(board, n) if n in shown else apart
        out.extend(c * largest + n for c in range(board.cells)
                   if not given[c] and part[c] and sizes[part[c]] < n)
    return out


def rules(m: Model, board: Board) -> None:
    grid, largest = board.grid, board.largest
    with m.rule("every cell holds one number"):
        holds = numbers(m, largest).lits
    rows = holds.tolist()
    with m.rule("an area of equal numbers has that many cells"):
        if grid.pairs:
            m.clauses(-holds[np.asarray(grid.pairs), 0])
        m.clauses([[-rows[c][n], *(rows[o][n] for o in grid.neighbours[c])]
                   for c in range(board.cells) for n in range(1, largest)])
    with m.implied():
        m.clauses([[-rows[c][1], -rows[a][1], -rows[b][1]] for c in range(board.cells)
                   for i, a in enumerate(grid.neighbours[c])
                   for b in grid.neighbours[c][i + 1:]] if largest - board.over >= 2 else [])
    with m.rule("an area of equal numbers has that many cells"):
        sized(m, holds, over=board.over)
    if board.drawn:
        with m.rule("the cells either side of a border drawn in the board hold different "
                    "numbers"):
            pairs = np.asarray(sorted(board.drawn))
            exact = holds[:, :-1] if board.over else holds  # two areas past the bound may
            m.clauses(np.stack([-exact[pairs[:, 0]], -exact[pairs[:, 1]]], axis=-1)
                      .reshape(-1, 2))
    with m.implied(clues=False):
        m.clauses(-holds.reshape(-1, 1)[np.asarray(impossible(board), dtype=np.int64) - 1])


def clue(m: Model, board: Board, number: Clue) -> None:
    m.clause(m.layers["holds"][number.index, number.value])  # FALSE past the largest


STATEMENT: Statement[Board] = Statement(
    rules, clue,
    decode=lambda board, values: decoded(values, board.largest),
    encode=lambda board, filling: encoded(filling, board.largest),
    narrow=narrow, bounded=narrow,
    certified=lambda board: replace(board, bound=bound(board)),
    stats=lambda board: {"numbers up to": board.largest},
    # About how many literals (terms, for CP-SAT) a model holds, before building it: so
    # many for every cell and number (a 100x100 board: 10^8 Booleans).
    methods=(lazy("a Boolean per cell and number; the areas' sizes as cuts on the "
                  "candidates an incremental SAT solver finds",
                  literals=lambda board, **_: 20 * board.cells * board.largest),
             Method("labels", "cpsat", "a number and the label of its area's first cell per "
                    "cell; each first cell counts its area",
                    literals=lambda board, **_: 12 * board.cells * board.largest)))


__all__ = ["STATEMENT", "Board", "Filling", "bound", "impossible", "narrow", "past", "rules"]
