"""The rule language compiled to SAT (:class:`~cpsolve.backends.sat.CnfModel`): the
model's variables as they are numbered, clauses as they are, counts by cardinality
encodings (subset clauses for short ones, a :mod:`pysat.card` encoding named by the
method's ``card`` otherwise), and the global rules by what each knows best: clauses,
or lazy cuts checked on each candidate (``refine``) with their partial form for
reasoning on undecided boards (``partial``).

Which items go in is a *selection* of tags (:class:`Selection`): a solve takes every
rule, clue and implied rule; the setter's clue model takes the rules that hold
whatever the clues (:data:`BASE`), then each clue's part guarded by its selector
(:meth:`Selection.clues`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from cpsolve.backends.sat import CnfModel, Partial, Refine
from cpsolve.grid.rules.model import Count, Model, Tag

DEFAULT_CARD = "seqcounter"


@dataclass(frozen=True)
class Selection:
    """Which items a compile takes and how: ``guards(tag)`` is ``None`` to leave an
    item out, else the literals its clauses get (a clue's ``-selector``)."""

    kind: str  # "solve", "base", "clues", "own" or "implied"
    selectors: Mapping[Hashable, int] = field(default_factory=dict)

    def guards(self, tag: Tag) -> tuple[int, ...] | None:
        kind = tag.kind
        if self.kind == "implied":  # what follows with the clues: the literals added
            return tuple(self.selectors.values()) if kind == "implied" and tag.keys else None
        if self.kind == "own":  # one clue's part, unguarded
            return () if kind == "clue" and tag.keys[0] in self.selectors else None
        if self.kind == "solve":
            return None if kind == "off" else ()
        if self.kind == "base":
            return () if kind == "rule" or (kind == "implied" and not tag.keys) else None
        if kind == "clue" and tag.keys[0] in self.selectors:
            return tuple(-self.selectors[k] for k in tag.keys if k in self.selectors)
        if kind == "off" and tag.keys[0] in self.selectors:
            return (self.selectors[tag.keys[0]],)
        return None

    @staticmethod
    def clues(selectors: Mapping[Hashable, int]) -> Selection:
        """Each of these clues' parts, guarded by its selector (``-s`` on its own part,
        ``s`` on what holds while it is off)."""
        return Selection("clues", dict(selectors))


SOLVE = Selection("solve")
BASE = Selection("base")


class SatOut:
    """What a compile writes to: clause groups, auxiliary variables after ``top``,
    lazy rules. Global rules write here (see :mod:`.globals`)."""

    def __init__(self, model: Model, select: Selection, top: int,
                 options: Mapping[str, Any]) -> None:
        self.model = model
        self.select = select
        self.top = top
        self.options = options
        self.groups: list[Any] = []
        self.lazy: list[tuple[Refine, Partial | None]] = []
        self.inside: list[bool] = []  # each lazy rule's: measured faster in the search
        self.lazy_guards: list[tuple[int, ...]] = []  # a lazy rule's guards, as its clauses'
        self.tag: Tag = Tag("rule")
        self.projection: Sequence[int] = model.projection or []
        self._positions: dict[int, int] | None = None
        self._merging = False  # the last group is a list of this compile's own

    # -- for global rules -------------------------------------------------------------

    def add(self, clauses: Any, tag: Tag | None = None) -> None:
        """A group of clauses under ``tag`` (the rule's own when ``None``)."""
        guards = self.select.guards(tag or self.tag)
        if guards is None or not len(clauses):
            return
        if guards:
            clauses = _guarded(clauses, guards)
        if isinstance(clauses, list):
            # Lists of clauses run together in one group (a solver is fed a group at a
            # time); the group is the compile's own, never an item's list.
            if self._merging:
                self.groups[-1].extend(clauses)
                return
            self.groups.append(list(clauses))
            self._merging = True
            return
        self.groups.append(clauses)
        self._merging = False

    def fresh(self, count: int = 1) -> int:
        """The first of ``count`` new auxiliary variables."""
        first = self.top + 1
        self.top += count
        return first

    def pool(self) -> Any:
        """A :class:`pysat.formula.IDPool` numbering after ``top`` (hand it back to
        :meth:`took` when done)."""
        from pysat.formula import IDPool

        return IDPool(start_from=self.top + 1)

    def took(self, pool: Any) -> None:
        self.top = max(self.top, pool.top)

    def wants(self, tag: Tag | None = None) -> bool:
        """Whether items under ``tag`` go in."""
        return self.select.guards(tag or self.tag) is not None

    def add_lazy(self, refine: Refine, partial: Partial | None = None, *,
                 inside: bool = False) -> None:
        """A lazy rule: ``refine(values)`` reads the projection's values of a candidate
        and returns the clauses it breaks; ``partial(state)`` reads a partial
        assignment by variable; ``inside``: the rule's partial check is measured to
        pay inside the search, where a solve of many cut rounds moves it
        (:attr:`CnfModel.search_inside`). Only a solve and the clue model's rules
        take them."""
        guards = self.select.guards(self.tag)
        if self.select.kind != "clues" and guards is not None:
            self.lazy.append((refine, partial))
            self.inside.append(inside and partial is not None)
            self.lazy_guards.append(guards)

    def reader(self, lits: Sequence[int]) -> Callable[[Sequence[bool]], list[bool]]:
        """A function from the projection's values to the values of ``lits``, each
        a literal of a projection variable (lazy rules read only those)."""
        projection = self.projection
        n = len(lits)
        if isinstance(projection, range) and projection.step == 1 and n:
            first = projection.start
            if all(lit == first + i for i, lit in enumerate(lits)):
                return lambda values: list(values[:n])
            if all(lit == -(first + i) for i, lit in enumerate(lits)):
                return lambda values: [not v for v in values[:n]]
        if self._positions is None:
            self._positions = {var: i for i, var in enumerate(projection)}
        try:
            at = [(self._positions[abs(lit)], lit < 0) for lit in lits]
        except KeyError as missing:
            raise ValueError(f"a lazy rule reads variable {missing}, which is not in the "
                             "answer") from None
        return lambda values: [values[p] != neg for p, neg in at]


def _guarded(clauses: Any, guards: tuple[int, ...]) -> Any:
    from cpsolve.cnf import guard

    for selector in guards:
        clauses = guard(clauses, -selector)
    return clauses


SHORT = 8  # exact counts over at most this many literals (all direct): clauses as lists


@cache
def _picks(size: int, number: int) -> tuple[tuple[tuple[int, ...], ...],
                                            tuple[tuple[int, ...], ...], int]:
    """Where the subset clauses of "exactly ``number`` of ``size``" take their literals:
    every ``number + 1`` of them (one is false), every ``size - number + 1`` (one is
    true); and how many literals that is."""
    from itertools import combinations

    off = tuple(combinations(range(size), number + 1)) if number < size else ()
    on = tuple(combinations(range(size), size - number + 1)) if number > 0 else ()
    return off, on, sum(map(len, off)) + sum(map(len, on))


def _subsets(lits: list[int], number: int) -> list[list[int]]:
    """The subset clauses of "exactly ``number`` of ``lits``" (as :func:`cpsolve.cnf.exactly`
    writes them, in lists: a short count is cheaper so than as arrays).

    >>> _subsets([1, 2, 3], 1)
    [[-1, -2], [-1, -3], [-2, -3], [1, 2, 3]]
    """
    from cpsolve.limits import charge

    off, on, size = _picks(len(lits), number)
    charge(size)
    return ([[-lits[i] for i in pick] for pick in off]
            + [[lits[i] for i in pick] for pick in on])


def count_groups(count: Count, out: SatOut, card: str) -> list[Any]:
    """The clause groups of one count: subset clauses when short (at most 8
    literals, a count of none or all, ``card`` ``direct``, or within the count's own
    literal budget), else a :mod:`pysat.card` encoding."""
    lits, lo, hi = list(count.lits), count.lo, count.hi
    size = len(lits)
    if lo == hi and size <= SHORT:
        return [_subsets(lits, lo)]
    if lo == 0 and hi is not None and 0 < hi < size <= SHORT:
        # At most hi of a few, whatever the card: every hi + 1 has a false one (for
        # one, the pairs at_most_one writes), in lists.
        return [[[-lits[i] for i in pick] for pick in _picks(size, hi)[0]]]
    import numpy as np

    from cpsolve.cnf import AMO_ONLY_CARDS, at_most_one, card_clauses, exactly

    card = count.card or card
    row = np.array([lits], dtype=np.int64)
    if lo == hi:
        if _as_subsets(size, lo, card, count.direct):
            return list(exactly(row, lo))
        pool = out.pool()
        exact = [card_clauses(lits, lo, card if card not in AMO_ONLY_CARDS else DEFAULT_CARD,
                              pool, exact=True)]
        out.took(pool)
        return exact
    groups: list[Any] = []
    if lo > 0:
        if lo == 1:
            groups.append([lits])
        else:
            groups.append(_bound(lits, lo, card, out, least=True))
    if hi is not None and hi < size:
        if hi == 0:
            groups.append([[-lit] for lit in lits])
        elif hi == 1 and card == "direct":
            amo, top = at_most_one(row, out.top)  # pairwise for a few, else a counter
            out.top = top
            groups.extend(amo)
        elif size <= 8 or card == "direct":
            groups.extend(exactly(row, hi)[:1])  # every hi + 1 of them has a false one
        else:
            groups.append(_bound(lits, hi, card, out, least=False))
    return groups


def exact_literals(size: int, number: int, card: str, direct: int | None = None) -> int:
    """About how many literals an exact count of ``number`` among ``size`` literals
    compiles to (:func:`count_groups`, ``direct`` the count's own budget): its subset
    clauses where they are written, else the counter ``card``. An upper estimate, to
    refuse a model too large to build before building it.

    >>> exact_literals(10, 2, "seqcounter", direct=2000), exact_literals(40, 10, "totalizer")
    (450, 2640)
    """
    from cpsolve.cnf import card_literals, count_literals

    if _as_subsets(size, number, card, direct):
        return count_literals(size, number, "direct") if number <= size else 2
    return card_literals(size, number, card)


def _as_subsets(size: int, number: int, card: str, direct: int | None) -> bool:
    """Whether an exact count of ``number`` among ``size`` literals is written as its
    subset clauses (short, of none or all, ``card`` ``direct``, or within the count's
    own literal budget ``direct``) rather than a counter."""
    from cpsolve.cnf import count_literals

    return (size <= SHORT or card == "direct" or number in (0, size)
            or (direct is not None and count_literals(size, number, "direct") <= direct))


def _bound(lits: list[int], bound: int, card: str, out: SatOut, *, least: bool) -> Any:
    from pysat.card import CardEnc, EncType

    from cpsolve.cnf import AMO_ONLY_CARDS

    if card in AMO_ONLY_CARDS and not (bound == 1 and not least):
        card = DEFAULT_CARD
    if card == "direct":
        card = DEFAULT_CARD
    pool = out.pool()
    encode = CardEnc.atleast if least else CardEnc.atmost
    clauses = encode(lits, bound, vpool=pool, encoding=getattr(EncType, card)).clauses
    out.took(pool)
    return clauses


def compile_into(model: Model, out: SatOut) -> None:
    """Write every item ``out`` selects."""
    card = out.options.get("card") or DEFAULT_CARD
    for item in model.items:
        out.tag = item.tag
        if item.kind == "global":
            item.data.sat(out)
            continue
        if not out.wants():
            continue
        if item.kind == "clauses":
            out.add(item.data)
        else:
            for group in count_groups(item.data, out, card):
                out.add(group)
    out.tag = Tag("rule")


def to_sat(model: Model, options: Mapping[str, Any] | None = None,
           select: Selection = SOLVE) -> CnfModel:
    """The SAT model of ``model`` for a selection (a solve's by default): its
    variables, the auxiliary ones after them, the answer as the projection, the lazy
    rules as ``refine`` and ``partial``, and the variables' names."""
    if model.projection is None:
        raise ValueError("the model declares no answer (Model.solution)")
    out = SatOut(model, select, model.nvars, options or {})
    compile_into(model, out)
    refine, partial = _joined(out.lazy)
    return CnfModel(nvars=out.top, projection=model.projection, groups=out.groups,
                    refine=refine, partial=partial, names=Names(model),
                    observed=model.nvars, search_inside=bool(out.inside) and all(out.inside))


def clue_groups(model: Model, selectors: Mapping[Hashable, int], top: int,
                options: Mapping[str, Any] | None = None) -> tuple[list[Any], int]:
    """The parts of the clues ``selectors`` names, each guarded by its selector, with
    auxiliary variables after ``top``: the groups and the new top."""
    out = SatOut(model, Selection.clues(selectors), top, options or {})
    compile_into(model, out)
    return out.groups, out.top


def _joined(lazy: list[tuple[Refine, Partial | None]]
            ) -> tuple[Refine | None, Partial | None]:
    if not lazy:
        return None, None
    if len(lazy) == 1:
        return lazy[0]
    refines = [r for r, _ in lazy]
    partials = [p for _, p in lazy if p is not None]

    def refine(values: tuple[bool, ...]) -> list[list[int]]:
        return [cut for r in refines for cut in r(values)]

    def partial(state: Any) -> list[list[int]]:
        return [clause for p in partials for clause in p(state)]

    # Each partial check is sound alone: a rule without one adds nothing to them.
    return refine, (partial if partials else None)


class Names(Mapping[int, str]):
    """The model's variables in words (``shaded r3c5``), made as they are read."""

    def __init__(self, model: Model) -> None:
        self.model = model

    def __getitem__(self, var: int) -> str:
        if not 1 <= var <= self.model.nvars:
            raise KeyError(var)
        return self.model.name(var)

    def __iter__(self) -> Any:
        return iter(range(1, self.model.nvars + 1))

    def __len__(self) -> int:
        return self.model.nvars


__all__ = ["BASE", "SOLVE", "Names", "SatOut", "Selection", "clue_groups", "count_groups",
           "exact_literals", "to_sat"]
