"""The Nurikabe rules, stated once (:mod:`cpsolve.grid.rules`): a variable per cell,
true where it is shaded (the sea).

* no 2x2 block is all shaded; the shaded cells are connected (lazy cuts on SAT, a
  flow on CP-SAT);
* every unshaded cell is in the island of one number, and islands never touch: each
  number's island is grown from its cell, no farther than the number less one step
  (any cell for "?"), by the kit's areas grown from seeds
  (:func:`cpsolve.grid.rules.areas.islands`: reach steps on SAT, a flow per island on
  CP-SAT, the islands' cut group in a certificate);
* a number (a clue): its cell is in its island (unshaded), and the island has that
  many cells.
  With the number taken away its island is not there, so the numbers are no
  relaxation (see the hints).
"""

from __future__ import annotations

from typing import cast

from cpsolve.grid.boards import NumberGrid
from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import Method, Model, Statement
from cpsolve.grid.rules.areas import island_literals, islands, seed
from cpsolve.grid.rules.shading import no_block, shaded_connected, shading
from cpsolve.grid.techniques import CLUE, Seen, Technique


def rules(m: Model, board: NumberGrid) -> None:
    shaded = shading(m)
    with m.rule(ISLANDS):
        islands(m, [-v for v in shaded.vars], {c: board.shown(c) for c in board.clue_cells})
    no_block(m, shaded)
    shaded_connected(m, shaded)


def clue(m: Model, board: NumberGrid, number: Clue) -> None:
    seed(m, number.index, number.number)
    m.clause(-m.layers["shaded"][number.index])  # its cell, unshaded: what it shows


def literals(board: NumberGrid, per_cell: int) -> int:
    """About how many literals a model holds, before building it
    (:func:`~cpsolve.grid.rules.areas.island_literals`)."""
    return island_literals(board.cells, map(board.shown, board.clue_cells), per_cell)


def _island(seen: Seen, after: bool = False) -> tuple[int | None, set[int]]:
    """The number of the step's clue and the unshaded cells joined to it."""
    state = seen.state(after=after)
    assert seen.clue is not None
    return seen.clue.number, seen.area(seen.clue.index, state, False)


def _complete(seen: Seen) -> bool:
    """The clue's island is whole, and the step shades cells beside it (besides the
    number's own cell, which it may find unshaded on the way)."""
    number, island = _island(seen)
    assert seen.clue is not None
    around = seen.grid.neighbours
    beside = {n for c in island for n in around[c]}
    return number is not None and len(island) == number and all(
        lit > 0 and key in beside for lit, key in zip(seen.step.decided, seen.decided)
        if key != seen.clue.index)


def _unreachable(seen: Seen) -> bool:
    """No island can reach the cells the step decides: each is farther from every
    number's island (through cells not shaded) than the cells it lacks."""
    board: NumberGrid = seen.board
    state = seen.state()
    around = seen.grid.neighbours
    reach: set[int] = set()
    for area, numbers in _numbered(seen):
        shown = [board.shown(n) for n in numbers]
        if any(n is None or n < 0 for n in shown):
            return False  # a "?" island reaches as far as it likes
        if len(shown) != 1:
            continue
        left = cast(int, shown[0]) - len(area)
        layer, done = set(area), set(area)
        for _ in range(left):
            layer = {n for c in layer for n in around[c] if n not in done and not state[n]}
            done |= layer
        reach |= done
    return not reach & set(seen.decided)  # type: ignore[arg-type]


def _too_many(seen: Seen) -> bool:
    """The trial gives the clue's island more cells than its number (and no other
    number: two numbers joined are another contradiction)."""
    board: NumberGrid = seen.board
    number, island = _island(seen, after=True)
    return number is not None and len(island) > number and \
        len(set(board.clue_cells) & island) == 1


def _too_few(seen: Seen) -> bool:
    state = seen.state(after=True)
    assert seen.clue is not None
    number = seen.clue.number
    # The cells the island could take: every one not shaded.
    room = seen.area(seen.clue.index, [s is True for s in state], False)
    return number is not None and len(room) < number


def _numbered(seen: Seen, after: bool = False) -> list[tuple[set[int], list[int]]]:
    """The areas of known unshaded cells, each with the numbers in it."""
    board: NumberGrid = seen.board
    state = seen.state(after=after)
    done: set[int] = set()
    out = []
    for cell, value in enumerate(state):
        if value is False and cell not in done:
            area = seen.area(cell, state, False)
            done |= area
            out.append((area, [c for c in board.clue_cells if c in area]))
    return out


def _between(seen: Seen) -> bool:
    """Each decided cell touches two areas of unshaded cells with numbers of their own."""
    around = seen.grid.neighbours
    of = {c: k for k, (area, numbers) in enumerate(_numbered(seen)) if numbers for c in area}
    return all(len({of[n] for n in around[int(c)] if n in of}) >= 2  # type: ignore[call-overload]
               for c in seen.decided)


def _unnumbered(seen: Seen) -> bool:
    """The step decides no number's own cell (which the number says is unshaded)."""
    board: NumberGrid = seen.board
    return not set(board.clue_cells) & set(seen.decided)


def _no_number(seen: Seen) -> bool:
    """An area of unshaded cells without a number is closed in by shaded cells."""
    state = seen.state(after=True)
    around = seen.grid.neighbours
    return any(not numbers and all(state[n] is True for c in area for n in around[c]
                                   if n not in area)
               for area, numbers in _numbered(seen, after=True))


# The hints' names for the steps: LEGUP's rules of Nurikabe (its direct rules and
# contradictions, as its reference sheet names them).
ISLANDS = "each island of unshaded cells holds one number, its size"
TECHNIQUES = (
    # A number and the rule of islands make its island together: their chains too.
    Technique("Surround Region", CLUE, when=_complete, chains=True),
    Technique("White Bottle Neck", CLUE, sets=False, when=_unnumbered, chains=True),
    Technique("Black Between Regions", ISLANDS, sets=True, when=_between, chains=True),
    Technique("Fill In Black", ISLANDS, sets=True, when=lambda s: s.enclosed(True)),
    Technique("Can't Reach Cell", ISLANDS, sets=True, when=_unreachable, chains=True),
    Technique("White Bottle Neck", ISLANDS, sets=False, when=_unnumbered, chains=True),
    Technique("Prevent Black Square", "no 2x2 block all shaded", sets=False),
    Technique("Fill In White", "the shaded cells are connected", sets=False,
              when=lambda s: s.enclosed(False)),
    Technique("Black Bottle Neck", "the shaded cells are connected", sets=True),
    Technique("Black Square", "no 2x2 block all shaded", kind="trial"),
    Technique("Isolated Black", "the shaded cells are connected", kind="trial"),
    Technique("Too Many Spaces", CLUE, kind="trial", when=_too_many),
    Technique("Too Few Spaces", CLUE, kind="trial", when=_too_few),
    Technique("No Number", ISLANDS, kind="trial", when=_no_number),
)

STATEMENT: Statement[NumberGrid] = Statement(rules, clue, techniques=TECHNIQUES, methods=(
    Method("islands", "sat", "a Boolean per cell and island, islands reached from their "
           "number step by step, the sea connected by lazy cuts",
           literals=lambda board, **_: literals(board, 10)),
    Method("flow", "cpsat", "island Booleans, each island and the sea connected by a flow",
           literals=lambda board, **_: literals(board, 80)),
))
