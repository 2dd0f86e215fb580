"""The Star Battle rules, stated once (:mod:`cpsolve.grid.rules`): a variable per cell,
true where a star stands.

* no two stars touch, not even at a corner: a clause a touching pair on SAT, at most
  one star in each 2x2 block on CP-SAT
  (:class:`~cpsolve.grid.rules.shading.Untouching`);
* no star stands in a hole (a cell in no region);
* every row, column and region holds the board's number of stars. Each count is a
  clue of the board, so that a board with no solution names the rows, columns and
  regions whose counts cannot hold together (the setter's tools never take one
  away: they are the genre's rules). A count is written as its subset clauses while
  they take at most :data:`DIRECT_UP_TO` literals (a row of 10 with 2 stars: 450),
  else as a counter (``card``); on CP-SAT, a linear equality.

There is no global rule, so no lazy cuts: the SAT model is the whole of the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any, cast

from cpsolve.cnf import CARD, COUNTING_CARDS
from cpsolve.grid import regions
from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import Method, Model, Statement
from cpsolve.grid.rules.sat import exact_literals
from cpsolve.grid.rules.shading import apart, shading
from cpsolve.grid.techniques import CLUE, Seen, Technique, too_few, too_many
from cpsolve.models.starbattle.board import Board

DIRECT_UP_TO = 2000  # the most literals a count's subset clauses take


def rules(m: Model, board: Board) -> None:
    star = shading(m, "star")
    apart(m, star, corners=True)
    with m.rule("no star stands outside the regions"):
        m.clauses([[-star[cell]] for cell in sorted(board.holes)])  # no star in no region


def clue(m: Model, board: Board, unit: Clue) -> None:
    star = m.layers["star"]
    m.exactly(board.stars, [star[c] for c in board.unit[unit.key]], direct=DIRECT_UP_TO)


clues = regions.unit_clues(lambda board: board.units, lambda board: f"{board.stars} star"
                           f"{'s' if board.stars != 1 else ''}", lambda board: board.stars)


WITHIN = 4  # the most units of a kind a step of units within units reads


def within(inner: str, outer: str) -> Callable[[Seen], bool]:
    """LEGUP's units within units (*Rows Within Regions*, ...): some ``inner`` units
    (rows, columns or regions) whose open cells all lie in as many ``outer`` units as
    need no more stars than they do: those stars all stand in the inner units, so the
    outer units' other cells are empty, the cells the step clears among them. The
    outer units hold the cells cleared and, so that the step's chain is this
    reasoning, one of the units the step names (or the cells of an inner one it
    names); :data:`WITHIN` of them at most."""
    def test(seen: Seen) -> bool:
        if seen.sets is not False:
            return False
        board, state = cast(Board, seen.board), seen.state("star")
        ins = [u for u in board.units if cast(tuple[str, int], u.key)[0] == inner]
        outs = [u for u in board.units if cast(tuple[str, int], u.key)[0] == outer]
        of = {c: k for k, u in enumerate(outs) for c in u.cells}
        cleared = [int(cast(int, key)) for key in seen.decided]
        if any(c not in of for c in cleared):
            return False

        def need(unit: Any) -> int:
            return board.stars - sum(state[c] is True for c in unit.cells)
        needs_in, needs_out = list(map(need, ins)), list(map(need, outs))
        # each inner unit's outer units: those its open cells lie in (None: a cell
        # in none, or no open cell)
        feet: list[frozenset[int] | None] = []
        for unit in ins:
            spots = [c for c in unit.cells if state[c] is None]
            feet.append(frozenset(of[c] for c in spots)
                        if spots and all(c in of for c in spots) else None)
        barred = {k for k, u in enumerate(ins) if set(u.cells) & set(cleared)}
        base = frozenset(of[c] for c in cleared)
        seeds: set[frozenset[int]] = set()
        for clue in seen.clues:  # the step's units
            at_out = [k for k, u in enumerate(outs) if u.key == clue.key]
            at_in = [k for k, u in enumerate(ins) if u.key == clue.key]
            seeds.update(base | {k} for k in at_out)
            seeds.update(base | foot for k in at_in if (foot := feet[k]) is not None
                         and needs_in[k] > 0 and k not in barred)
        for seed in seeds:
            rest = [k for k in range(len(outs)) if k not in seed]
            for more in range(WITHIN - len(seed) + 1):
                for extra in combinations(rest, more):
                    chosen = seed.union(extra)
                    inside = [k for k, foot in enumerate(feet) if needs_in[k] > 0
                              and foot is not None and foot <= chosen]
                    if inside and barred.isdisjoint(inside) and sum(
                            needs_in[k] for k in inside) == sum(needs_out[k] for k in chosen):
                        return True
        return False
    return test


# The hints' names for the steps: LEGUP's rules of Star Battle (its direct rules and
# contradictions, as its reference sheet names them).
TOUCH = "no two stars touch, not even at a corner"
TECHNIQUES = (
    Technique("Finish With Empty", CLUE, shape="full"),
    Technique("Finish With Stars", CLUE, shape="needs"),
    Technique("Surround Star", TOUCH, sets=False),
    *(Technique(f"{inner.capitalize()}s Within {outer.capitalize()}s", kind="any",
                when=within(inner, outer))
      for inner, outer in (("row", "region"), ("column", "region"), ("region", "row"),
                           ("region", "column"))),
    Technique("Too Many Stars", CLUE, kind="trial", when=too_many),
    Technique("Too Few Stars", CLUE, kind="trial", when=too_few),
    Technique("Clashing Orbit", TOUCH, kind="trial"),
)


def literals(board: Board, *, per_cell: int, card: str | None = None, **_: object) -> int:
    """About how many literals (terms, for CP-SAT) a model holds, before building it:
    ``per_cell`` for each cell (the touching pairs, with the solver's own copies) and
    each unit's count: its subset clauses where they are few (every unit with
    ``card="direct"``: a 40x40 board with 10 stars would need 4\u00b710\u00b9\u00b2), else a
    counter of its cells by the number of stars; a linear term a cell on CP-SAT (no
    ``card``). (The 6x6 board below holds 914 literals.)

    >>> from cpsolve.models.starbattle import parse
    >>> literals(parse("https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk"), per_cell=10,
    ...          card="totalizer")
    1054
    """
    return per_cell * board.cells + sum(
        len(unit.cells) if card is None
        else exact_literals(len(unit.cells), board.stars, card, DIRECT_UP_TO)
        for unit in board.units)


STATEMENT: Statement[Board] = Statement(rules, clue, clues, techniques=TECHNIQUES, methods=(
    Method("direct", "sat", "a Boolean per cell, each unit's count as subset clauses or a "
           "counter (card)", options=(CARD.but(default="seqcounter", choices=COUNTING_CARDS),),
           literals=lambda board, **o: literals(board, per_cell=10, **o)),
    Method("linear", "cpsat", "a Boolean per cell, each unit's count a linear equality, at "
           "most one star per 2x2 block", literals=lambda board, **o: literals(board, per_cell=40)),
))
