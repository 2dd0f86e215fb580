"""A genre's techniques: the names its players' guides give the steps a hint takes.

The steps (:mod:`cpsolve.grid.steps`) find each deduction by reasoning over the genre's
rules and clues, and name the clue or rule it uses in the genre's words. Players learn
the same deductions under names of their own (Light Up's *Finish with Empty*, Sudoku's
*Hidden Single*, Nurikabe's *Surround Region*): a genre lists them once, with the
genre's statement (:attr:`~cpsolve.grid.rules.Statement.techniques`), each as a pattern
of a step:

* its ``kind``: ``rule`` (one clue or rule alone; with ``chains``, a chain of them
  too: a number and the rule that makes its island, say), ``trial`` (a trial that
  breaks ``rule``) or ``any`` (a pattern of clues a person sees at once, whichever
  kind of step the engine finds from it);
* the ``rule`` it uses, by name (a glob: ``"* holds each number once"``) or
  :data:`CLUE` for any of the board's clues (for a chain: one of those it uses);
* whether the step ``sets`` what it decides (every value true: shaded, a light, on the
  line) or clears it (every value false);
* the ``shape`` of a count clue's step: ``full`` (it has its count, the rest are off),
  ``needs`` (only as many places are left as it needs);
* ``alone``: the clue or rule reads no cell decided before (a 0 in Slitherlink, a 4 in
  Light Up);
* ``when``: a test of its own, on the board as the step found it (:class:`Seen`).

The kit names the steps of its own rules that several genres share (:data:`KIT`: the
loop's), after a genre's list. The first technique that fits a step names it: the step's
sentence starts with the name, and the JSON carries it (``technique``). A technique
only names a step: what the step decides is proven by the steps' reasoning, whatever it
is called, so a name can never make a step unsound. A test holds every technique a genre
lists to at least one step of its published boards (``tests/kit/test_techniques.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from functools import cached_property
from itertools import combinations
from typing import TYPE_CHECKING, Any, cast

from cpsolve.grid.rules.globals import LOOP

if TYPE_CHECKING:
    from cpsolve.grid.geometry import Grid
    from cpsolve.grid.hints import Clue
    from cpsolve.grid.steps import Group, Step, Stepper

CLUE = "<clue>"  # a technique's rule: any clue of the board


@dataclass
class Seen:
    """A step as a technique's test sees it: the ``step``, the ``stepper`` that found
    it (its board, its model), the literals ``known`` before it, and the ``group`` it
    turns on (a rule step's clue or rule, a chain's first clue, a trial's broken one),
    with its ``rule`` (``None`` for a clue) or ``clue``; ``shape``, a count clue's
    (a rule step's alone)."""

    step: Step
    stepper: Stepper
    known: frozenset[int]
    group: Group
    shape: str = ""
    memo: dict[Hashable, Any] = field(default_factory=dict, init=False, repr=False)

    @property
    def rule(self) -> str | None:
        return None if self.group.is_clue else self.group.text

    @property
    def clue(self) -> Clue | None:
        return self.group.clue

    @property
    def board(self) -> Any:
        return self.stepper.board

    @property
    def grid(self) -> Grid:
        """The grid whose cells the model's layers follow."""
        grid = self.stepper.model.grid
        if grid is None:
            raise ValueError("a technique's test of cells needs the model's grid")
        return grid

    @property
    def sets(self) -> bool | None:
        """Whether every value the step decides is true (``True``), false (``False``),
        or some of each (``None``)."""
        signs = {lit > 0 for lit in self.step.decided}
        return next(iter(signs)) if len(signs) == 1 else None

    @property
    def clues(self) -> list[Clue]:
        """The clues the step names (a trial's all, not only the broken one)."""
        return [g.clue for g in self.step.groups if g.clue is not None]

    def scope(self, layer: Hashable = "holds") -> list[Hashable]:
        """The keys of ``layer`` the step's group reads (a Sudoku row's cells and
        numbers), from its clauses."""
        model = self.stepper.model
        out = []
        for var in self.stepper.scope.get(self.group.selector) or ():
            name, key = model.key(var)
            if name == layer:
                out.append(key)
        return out

    def keys(self, lits: Sequence[int]) -> list[Hashable]:
        """The keys of ``lits`` in their layers (cells' indices)."""
        return [self.stepper.model.key(abs(lit))[1] for lit in lits]

    @property
    def decided(self) -> list[Hashable]:
        """The keys the step decides."""
        return self.keys(self.step.decided)

    @cached_property
    def after(self) -> frozenset[int]:
        """What is known after the step: for a trial, what the other clues and rules it
        names make of the value tried, the broken one left out (so that what breaks it
        shows: a count clue's cells all taken); for another step, what it decides."""
        step = self.step
        if step.tried is None:
            return self.known | set(step.decided)
        found = set(step.reached)  # the trial's own values first
        return frozenset(found | {lit for lit in self.known if -lit not in found})

    def tally(self) -> tuple[int, int] | None:
        """A count clue's literals true and still open in :attr:`after` (``None`` for
        a group that is no count)."""
        count = self.stepper.counts.get(self.group.selector)
        if count is None:
            return None
        after = self.after
        held = sum(lit in after for lit in count.lits)
        return held, sum(lit not in after and -lit not in after for lit in count.lits)

    # -- a layer of cells, as the board stands --------------------------------------

    def _known(self, layer: Hashable, after: bool) -> Iterator[tuple[Hashable, bool]]:
        """The known values of ``layer``'s variables, by key, before the step (or
        :attr:`after` it)."""
        model = self.stepper.model
        for lit in (self.after if after else self.known):
            if abs(lit) > model.nvars:  # a selector, an auxiliary of the hints' own
                continue
            name, key = model.key(abs(lit))
            if name == layer:
                yield key, lit > 0

    def state(self, layer: Hashable = "shaded", after: bool = False) -> list[bool | None]:
        """Each cell's value in ``layer`` (``None``: open), before the step (or
        :attr:`after` it)."""
        if ("state", layer, after) in self.memo:  # (asked by each technique's test)
            return cast("list[bool | None]", self.memo["state", layer, after])
        out: list[bool | None] = [None] * self.grid.cells
        self.memo["state", layer, after] = out
        for key, value in self._known(layer, after):
            if isinstance(key, int):
                out[key] = value
        return out

    def area(self, cell: int, state: Sequence[bool | None], value: bool | None) -> set[int]:
        """The cells joined to ``cell`` through cells of ``value`` in ``state``."""
        around = self.grid.neighbours
        seen, todo = {cell}, [cell]
        while todo:
            for n in around[todo.pop()]:
                if n not in seen and state[n] is value:
                    seen.add(n)
                    todo.append(n)
        return seen

    def enclosed(self, by: bool, layer: Hashable = "shaded") -> bool:
        """Whether each cell the step decides lies in an area of open cells that only
        cells of value ``by`` border."""
        state = self.state(layer)
        around = self.grid.neighbours
        for cell in self.decided:
            inside = self.area(int(cell), state, None)  # type: ignore[call-overload]
            if any(state[n] is not by for c in inside for n in around[c] if n not in inside):
                return False
        return True

    def numbers(self, layer: Hashable = "holds", after: bool = False
                ) -> dict[int, dict[int, bool | None]]:
        """A layer of numbers in cells (keys ``(cell, number)``): each cell's
        candidates, true (placed), false (ruled out) or ``None`` (open), before the
        step (or :attr:`after` it)."""
        if ("numbers", layer, after) in self.memo:  # (asked by each technique's test)
            return cast(dict[int, dict[int, bool | None]], self.memo["numbers", layer, after])
        out: dict[int, dict[int, bool | None]] = {}
        self.memo["numbers", layer, after] = out
        for key in self.stepper.model.layers[layer]:
            where, number = cast(tuple[int, int], key)
            out.setdefault(where, {})[number] = None
        for key, value in self._known(layer, after):
            at, number = cast(tuple[int, int], key)
            out.setdefault(at, {})[number] = value
        return out


def no_number_for_cell(seen: Seen) -> bool:
    """A trial leaves a cell no number (every candidate ruled out)."""
    return any(all(v is False for v in cands.values())
               for cands in seen.numbers(after=True).values())


def _unit(seen: Seen) -> set[int]:
    """The cells of the unit (a row, a room) the step's rule reads."""
    return {cast(tuple[int, int], key)[0] for key in seen.scope()}


def repeated(seen: Seen) -> bool:
    """A trial puts one number twice in the unit of the broken rule."""
    numbers = seen.numbers(after=True)
    placed = [n for cell in _unit(seen) for n, v in numbers[cell].items() if v]
    return len(placed) != len(set(placed))


def no_cell_for_number(seen: Seen) -> bool:
    """A trial leaves a number no cell in the unit of the broken rule."""
    numbers = seen.numbers(after=True)
    cells = _unit(seen)
    every = {n for cell in cells for n in numbers[cell]}
    return any(all(numbers[cell].get(n) is False for cell in cells if n in numbers[cell])
               for n in every)


def hidden(seen: Seen) -> bool:
    """The step places numbers, each one that no other cell of its rule's unit (a
    row, a room: the cells the rule reads) could still hold."""
    numbers = seen.numbers()
    cells = _unit(seen)
    placed = [cast(tuple[int, int], key) for lit, key in zip(seen.step.decided, seen.decided)
              if lit > 0 and seen.stepper._numbered(lit)]
    return bool(placed) and all(
        numbers[other].get(number) is False
        for cell, number in placed for other in cells - {cell} if number in numbers[other])


def _units(seen: Seen) -> list[tuple[Group, frozenset[int]]]:
    """Each rule of the step that reads one unit of numbers (a row, a box, a room),
    with the unit's cells, from the rule's clauses: no more cells than numbers (a rule
    of every cell, "every cell holds one number", is no unit)."""
    if "units" in seen.memo:
        return cast("list[tuple[Group, frozenset[int]]]", seen.memo["units"])
    model = seen.stepper.model
    out: list[tuple[Group, frozenset[int]]] = []
    seen.memo["units"] = out
    for group in seen.step.groups:
        if group.is_clue:
            continue
        cells, numbers = set(), set()
        for var in seen.stepper.scope.get(group.selector) or ():
            name, key = model.key(var)
            if name == "holds":
                cell, number = cast(tuple[int, int], key)
                cells.add(cell)
                numbers.add(number)
        if 1 < len(cells) <= len(numbers):
            out.append((group, frozenset(cells)))
    return out


def _ruled_out(seen: Seen) -> list[tuple[int, int]] | None:
    """The (cell, number) pairs the step rules out, when that is all it does."""
    if not seen.step.decided or any(lit > 0 or not seen.stepper._numbered(lit)
                                    for lit in seen.step.decided):
        return None
    return [cast(tuple[int, int], key) for key in seen.decided]


def _read(seen: Seen, unit: frozenset[int]) -> list[tuple[int, int]]:
    """The numbers ruled out in ``unit``'s cells that the step reads."""
    if "read" not in seen.memo:
        model = seen.stepper.model
        seen.memo["read"] = [cast(tuple[int, int], model.key(-lit)[1]) for lit in seen.step.given
                             if lit < 0 and seen.stepper._numbered(lit)]
    return [(cell, number) for cell, number in seen.memo["read"] if cell in unit]


def _subset(size: int, hidden: bool) -> Callable[[Seen], bool]:
    """A naked subset (``size`` open cells whose candidates together are ``size``
    numbers) or a hidden one (``size`` numbers that only ``size`` cells could hold) in
    a unit the step's rules read; the step rules those numbers out of the unit's other
    cells (naked), or the other numbers out of those cells (hidden). The two are one
    test with cells and numbers swapped. What the step reads in the unit is what makes
    the subset: the other numbers ruled out of its cells (naked), those numbers ruled out
    of the other cells (hidden)."""
    def side(cell: int, number: int) -> tuple[int, int]:
        return (number, cell) if hidden else (cell, number)

    def test(seen: Seen) -> bool:
        out = _ruled_out(seen)
        if out is None:
            return False
        numbers = seen.numbers()
        for _, unit in _units(seen):
            placed = {n for cell in unit for n, v in numbers[cell].items() if v}
            sides: dict[int, set[int]] = {}  # each open cell's numbers (naked), or each
            for cell in unit:  # number's cells (hidden)
                if True not in numbers[cell].values():
                    for n, v in numbers[cell].items():
                        if v is None and n not in placed:
                            key, value = side(cell, n)
                            sides.setdefault(key, set()).add(value)
            wanted = [side(cell, n) for cell, n in out]
            read = [side(cell, n)[0] for cell, n in _read(seen, unit)]
            few = [key for key, values in sides.items() if 1 < len(values) <= size]
            for chosen in combinations(few, size):
                held = set().union(*(sides[key] for key in chosen))
                if len(held) == size and all(
                        key in sides and key not in chosen and value in held
                        for key, value in wanted) and all(key in chosen for key in read):
                    return True
        return False
    return test


def naked(size: int) -> Callable[[Seen], bool]:
    """A naked subset of ``size`` (a pair, a triple): see :func:`_subset`."""
    return _subset(size, hidden=False)


def hidden_set(size: int) -> Callable[[Seen], bool]:
    """A hidden subset of ``size``: see :func:`_subset`."""
    return _subset(size, hidden=True)


def locked(inside: Callable[[Group], bool], along: Callable[[Group], bool]
           ) -> Callable[[Seen], bool]:
    """Locked candidates: a number that a unit the step reads (one ``inside`` picks:
    a Sudoku box) may hold only where it crosses another (one ``along`` picks: a row)
    is held there, so the step rules it out of the other unit's other cells."""
    def test(seen: Seen) -> bool:
        out = _ruled_out(seen)
        if out is None or len({n for _, n in out}) != 1:
            return False
        number = out[0][1]
        numbers = seen.numbers()
        units = _units(seen)
        for first, cells in units:
            if not inside(first):
                continue
            spots = {cell for cell in cells if numbers[cell].get(number, False) is not False}
            if any(numbers[cell].get(number) for cell in spots):
                continue  # placed there already
            for second, line in units:
                if along(second) and spots and spots <= line and all(
                        cell in line and cell not in cells for cell, _ in out):
                    return True
        return False
    return test


def places(seen: Seen) -> bool:
    """The step places a number (a cell's number decided, not only ruled out)."""
    return any(lit > 0 and seen.stepper._numbered(lit) for lit in seen.step.decided)


def too_many(seen: Seen) -> bool:
    """A trial that gives a count clue more than its number."""
    tally, count = seen.tally(), seen.stepper.counts.get(seen.group.selector)
    return (tally is not None and count is not None and count.hi is not None
            and tally[0] > count.hi)


def too_few(seen: Seen) -> bool:
    """A trial that leaves a count clue too few places for its number."""
    tally, count = seen.tally(), seen.stepper.counts.get(seen.group.selector)
    return tally is not None and count is not None and sum(tally) < count.lo


@dataclass(frozen=True)
class Technique:
    """A named deduction of a genre, as a pattern of a step (see the module)."""

    name: str
    rule: str | None = None
    kind: str = "rule"
    sets: bool | None = None
    shape: str = ""
    alone: bool | None = None
    when: Callable[[Seen], bool] | None = field(default=None, compare=False)
    chains: bool = False

    def __post_init__(self) -> None:
        if self.kind not in ("rule", "trial", "any"):
            raise ValueError(f"a technique names a rule or a trial step, or any, not "
                             f"{self.kind!r}")
        if self.shape not in ("", "full", "needs"):
            raise ValueError(f"no count shape {self.shape!r}: full or needs")

    def fits(self, seen: Seen) -> bool:
        step = seen.step
        if self.kind == "any":
            if step.kind not in ("rule", "chain", "trial"):
                return False
        elif step.kind != self.kind and not (
                self.kind == "rule" and step.kind == "chain" and self.chains):
            return False
        groups = [seen.group] if step.kind == "trial" else step.groups
        if self.rule == CLUE:
            if not any(g.is_clue for g in groups):
                return False
        elif self.rule is not None and not any(
                not g.is_clue and fnmatchcase(g.text, self.rule) for g in groups):
            return False
        if self.sets is not None and seen.sets is not self.sets:
            return False
        if self.shape and seen.shape != self.shape:
            return False
        if self.alone is not None and (not step.given) is not self.alone:
            return False
        return self.when is None or self.when(seen)


def named(techniques: Sequence[Technique], seen: Seen) -> str | None:
    """The name of the first technique that fits the step, if any: the genre's
    ``techniques``, then the kit's (:data:`KIT`)."""
    return next((t.name for t in (*techniques, *KIT) if t.fits(seen)), None)


def _finished(seen: Seen) -> bool:
    """The step reads just two lines on (a point or cell the loop passes already)."""
    given = seen.step.given
    return len(given) == 2 and all(lit > 0 for lit in given)


# The kit's own, after every genre's: the steps of the kit's rules that several genres
# share. The loop's (rules.loop), as LEGUP names them in Masyu: the line goes the only
# way left; a point whose path is finished takes no more line.
KIT = (
    Technique("Only One Choice", LOOP, sets=True),
    Technique("Finished Path", LOOP, sets=False, when=_finished),
)


__all__ = ["CLUE", "KIT", "Seen", "Technique", "hidden", "hidden_set", "locked", "naked", "named",
           "no_cell_for_number", "no_number_for_cell", "places", "repeated", "too_few",
           "too_many"]
