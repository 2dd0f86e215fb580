"""The rule language's model: a genre's rules on one board, stated once, as a lazy
container of Boolean variables keyed by name and the constraints over them. It solves
nothing and prints nothing; the compilers (:mod:`.sat`, :mod:`.cpsat`,
:mod:`.certificate`) read it.

Variables are Booleans keyed by name (``("shaded", cell)``), numbered from 1 in the
order they are made; a literal is a variable or its negation (``-v``), so rows of
literals go to a SAT solver as they are. A genre never computes a number: it asks the
model for a layer of variables (:meth:`Model.layer`, one per cell or per any keys) and
reads them by key. :data:`TRUE` and :data:`FALSE` are constants a layer gives for keys it
does not hold (an edge off the board, a black cell's light); :meth:`Model.clause` and
the counts fold them away.

Constraints are *items*: clauses (lists, or 2-D integer arrays of same-length clauses
built with numpy), counts (``lo <= sum(lits) <= hi``) and global rules
(:mod:`.globals`: connected sets, one loop, paths, areas), each under a *tag*:

* a rule of the genre (the default);
* a clue's own part, stated inside ``with model.clue(key):``, which the setter's tools
  switch on and off by a selector; ``with model.otherwise():`` inside it states what
  holds when that clue is off (the island of a number taken away is not there);
* an implied rule (``with model.implied():``), true in every answer, which the solvers
  get to go faster and a certificate does without; ``clues=False`` for one that holds
  only with the board's clues (the clue model does without it too).

>>> m = Model()
>>> x = m.layer("x", 3)
>>> m.clause(x[0], -x[1]); m.exactly(1, x)
>>> with m.clue("k"):
...     m.clause(x[2])
>>> m.nvars, [item.kind for item in m.items], m.items[-1].tag
(3, ['clauses', 'count', 'clauses'], Tag(kind='clue', keys=('k',)))
>>> m.key(2)
('x', 1)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from cpsolve.grid.geometry import Grid

TRUE = 1 << 40  # a literal that always holds; its negation, FALSE, never does
FALSE = -TRUE


class Tag(NamedTuple):
    """Whose an item is: ``kind`` ``rule`` (``keys``: its name, when it has one),
    ``clue`` (holds while every clue of ``keys`` is on), ``off`` (holds while the clue
    ``keys[0]`` is off), ``implied``
    (the solvers' alone; ``keys`` ``("clues",)`` when it needs the board's clues)."""

    kind: str
    keys: tuple[Hashable, ...] = ()


RULE = Tag("rule")


@dataclass
class Item:
    """One constraint: ``kind`` ``clauses`` (``data`` a list of clauses or a 2-D
    array), ``count`` (``data`` a :class:`Count`) or ``global`` (``data`` a global
    rule, see :mod:`.globals`)."""

    kind: str
    data: Any
    tag: Tag = RULE


@dataclass(frozen=True)
class Count:
    """``lo <= sum(lits) <= hi`` (``hi`` ``None``: no upper bound). ``card`` names
    the SAT encoding (``None``: the method's, see :mod:`.sat`); a count whose subset
    clauses take at most ``direct`` literals is written as them whatever the
    encoding."""

    lits: tuple[int, ...]
    lo: int
    hi: int | None
    card: str | None = None
    direct: int | None = None


class Layer(Mapping[Hashable, int]):
    """The variables of one name, by key (a cell, an edge, a pair): ``layer[key]``
    the variable, :data:`FALSE` for a key it does not hold (``layer.get`` for another
    default). Iterating gives the keys; :attr:`vars` the variables in key order.
    ``fixed`` keys (values the deductions decided, :attr:`Model.decided`) are no
    variables: they read as :data:`TRUE` or :data:`FALSE`."""

    def __init__(self, name: Hashable, keys: Sequence[Hashable] | None, first: int,
                 count: int, named: Callable[[Any], str] | None = None,
                 fixed: Mapping[Hashable, bool] | None = None) -> None:
        self.name = name
        self.first = first
        self.count = count
        self.named = named  # a key in words, for variable names (None: the model's way)
        self.fixed = fixed
        self._keys = keys  # None: the keys are 0 .. count - 1
        self._index: dict[Hashable, int] | None = None

    def _position(self, key: Hashable) -> int | None:
        if self._keys is None:
            if isinstance(key, int) and not isinstance(key, bool) and 0 <= key < self.count:
                return key
            return None
        if self._index is None:
            self._index = {k: i for i, k in enumerate(self._keys)}
        return self._index.get(key)

    def __getitem__(self, key: Hashable) -> int:
        if self._keys is None and type(key) is int:  # noqa: E721 (bool is no cell)
            return self.first + key if 0 <= key < self.count else FALSE
        position = self._position(key)
        if position is None:
            return TRUE if self.fixed is not None and self.fixed.get(key) else FALSE
        return self.first + position

    def get(self, key: Hashable, default: Any = None) -> Any:  # type: ignore[override]
        position = self._position(key)
        if position is None:
            if self.fixed is not None and key in self.fixed:
                return TRUE if self.fixed[key] else FALSE
            return default
        return self.first + position

    def __contains__(self, key: object) -> bool:
        return self._position(key) is not None  # type: ignore[arg-type]

    def __iter__(self) -> Iterator[Hashable]:
        return iter(range(self.count) if self._keys is None else self._keys)

    def __len__(self) -> int:
        return self.count

    def key(self, position: int) -> Hashable:
        return position if self._keys is None else self._keys[position]

    @property
    def vars(self) -> list[int]:
        """The variables, in key order."""
        return list(range(self.first, self.first + self.count))

    def __repr__(self) -> str:
        return f"Layer({self.name!r}, {self.count} variables from {self.first})"


@dataclass
class Model:
    """A board's rules: variables keyed by name and the constraints over them (see the
    module docstring). ``grid`` names cells in messages and ``--dump-cnf``;
    ``options`` are the chosen method's (a genre's statement may read them, as its
    ``card``). ``decided`` holds, by layer name, the keys a genre's own deductions
    decided and their values: a layer of that name leaves them out, and the rules
    stated on them fold as constants, so the model is what the deductions leave.
    ``apart``: the rules are wanted apart, each part under the name players give it
    (the hints' model: "row 3 holds each number once"), where a solve takes one
    statement of them all (the same clauses, compiled at once)."""

    grid: Grid | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    nvars: int = 0
    items: list[Item] = field(default_factory=list)
    layers: dict[Hashable, Layer] = field(default_factory=dict)
    projection: Sequence[int] | None = None
    _order: list[Layer] = field(default_factory=list)
    _tag: Tag = RULE
    decided: Mapping[Hashable, Mapping[Hashable, bool]] = field(default_factory=dict)
    apart: bool = False
    # The clause list clause() adds to: (items list, tag, list); see clause().
    _last: tuple[list[Item], Tag, list[list[int]]] | None = field(default=None, repr=False)

    # -- variables -------------------------------------------------------------------

    def adopt(self, made: Layer) -> Layer:
        """A layer of a kind of its own (a number per cell over its candidates,
        :class:`~.alldifferent.Candidates`), made with ``made.first`` the model's next
        variable: numbered, named and kept as :meth:`layer` keeps its own."""
        if made.name in self.layers:
            raise ValueError(f"the model already has variables called {made.name!r}")
        if made.first != self.nvars + 1:
            raise ValueError(f"the layer {made.name!r} does not start at the next variable")
        self.nvars += made.count
        self.layers[made.name] = made
        self._order.append(made)
        return made

    def layer(self, name: Hashable, keys: int | Iterable[Hashable], *,
              named: Callable[[Any], str] | None = None) -> Layer:
        """New variables called ``name``, one per key: ``keys`` a count (keys 0 to
        count - 1: cells, edges) or the keys themselves, in order. ``named`` writes a
        key in variable names (an edge as its two ends; by default a number below the
        grid's cells is a cell)."""
        if name in self.layers:
            raise ValueError(f"the model already has variables called {name!r}")
        fixed = self.decided.get(name)
        if fixed:
            listed = [k for k in (range(keys) if isinstance(keys, int) else keys)
                      if k not in fixed]
            made = Layer(name, listed, self.nvars + 1, len(listed), named, fixed)
        elif isinstance(keys, int):
            made = Layer(name, None, self.nvars + 1, keys, named)
        else:
            listed = list(keys)
            made = Layer(name, listed, self.nvars + 1, len(listed), named)
        self.nvars += made.count
        self.layers[name] = made
        self._order.append(made)
        return made

    def cells(self, name: Hashable) -> Layer:
        """A variable per cell of the grid."""
        return self.layer(name, self._grid().cells)

    def var(self, name: Hashable) -> int:
        """One variable called ``name`` (made the first time it is asked)."""
        found = self.layers.get(("one", name))
        return (found if found is not None else self.layer(("one", name), 1)).first

    def key(self, var: int) -> tuple[Hashable, Hashable]:
        """The name and key of variable ``var``."""
        low, high = 0, len(self._order)
        while low < high:  # the last layer starting at or before var
            mid = (low + high) // 2
            if self._order[mid].first <= var:
                low = mid + 1
            else:
                high = mid
        found = self._order[low - 1] if low else None
        if found is None or not found.first <= var < found.first + found.count:
            raise KeyError(var)
        if isinstance(found.name, tuple) and found.name[:1] == ("one",):
            return found.name[1], None
        return found.name, found.key(var - found.first)

    def name(self, var: int) -> str:
        """Variable ``var`` in words (``shaded r3c5``), for ``--dump-cnf``."""
        name, key = self.key(var)
        words = " ".join(map(str, name)) if isinstance(name, tuple) else str(name)
        if key is None:
            return words
        named = self.layers[name].named if name in self.layers else None
        if named is not None:
            return f"{words} {named(key)}"
        if self.grid is not None and isinstance(key, int) and not isinstance(key, bool):
            return f"{words} {self.grid.name(key)}" if key < self.grid.cells else \
                f"{words} {key}"
        return f"{words} {key}"

    def names(self) -> list[str]:
        """Every variable's :meth:`name`, in order; a layer that writes its own keys
        (``named``) a key at a time, without looking each variable up (CP-SAT names
        every variable it makes)."""
        found: list[str] = []
        for layer in self._order:
            named, name = layer.named, layer.name
            if named is None:
                found.extend(map(self.name, range(layer.first, layer.first + layer.count)))
                continue
            words = " ".join(map(str, name)) if isinstance(name, tuple) else str(name)
            found.extend(f"{words} {named(key)}" for key in layer)
        return found

    def _grid(self) -> Grid:
        if self.grid is None:
            raise ValueError("a model without a grid has no cells")
        return self.grid

    # -- tags ------------------------------------------------------------------------

    def rule(self, name: str) -> _Tagged:
        """Items stated inside (``with model.rule("no two shaded cells side by side"):``)
        are a rule of the genre called ``name``: the words a hint names the rule by
        (:mod:`cpsolve.grid.steps`). A rule stated outside any is named by its global
        rule's own name, or as the genre's rules."""
        return _Tagged(self, Tag("rule", (name,)))

    def clue(self, *keys: Hashable) -> _Tagged:
        """Items stated inside (``with model.clue(key):``) are the clue ``keys[0]``'s own
        (with several keys: they hold while all those clues are on)."""
        return _Tagged(self, Tag("clue", keys))

    def also(self, *keys: Hashable) -> _Tagged:
        """Inside a clue: items that hold only while the clues ``keys`` are on too (a
        pair of equal numbers that forbids both cells unshaded needs both numbers)."""
        if self._tag.kind != "clue":
            raise ValueError("also() belongs inside a clue")
        return _Tagged(self, Tag("clue", (*self._tag.keys, *keys)))

    def otherwise(self) -> _Tagged:
        """Inside a clue: items that hold while the clue is off."""
        if self._tag.kind != "clue":
            raise ValueError("otherwise() belongs inside a clue")
        return _Tagged(self, Tag("off", self._tag.keys[:1]))

    def implied(self, clues: bool = True) -> _Tagged:
        """Items that every answer keeps, for the solvers alone (``clues=False``: they
        follow from the rules only with the board's clues)."""
        return _Tagged(self, Tag("implied", () if clues else ("clues",)))

    def _add(self, kind: str, data: Any) -> None:
        self.items.append(Item(kind, data, self._tag))

    # -- constraints -----------------------------------------------------------------

    def clause(self, *lits: int) -> None:
        """At least one of ``lits`` holds (constants folded: a clause with TRUE is
        dropped, FALSE literals left out; an empty clause cannot hold)."""
        if TRUE in lits:
            return
        clause = [lit for lit in lits if lit != FALSE] if FALSE in lits else list(lits)
        # Clauses stated one after another under one tag go in one item (a clue's few
        # clauses, a rule's many): fewer items to compile.
        items, tag, last = self.items, self._tag, self._last
        if last is not None and last[0] is items and last[1] is tag and items[-1].data is last[2]:
            last[2].append(clause)
            return
        own = [clause]
        items.append(Item("clauses", own, tag))
        self._last = (items, tag, own)

    def clauses(self, rows: Any) -> None:
        """Many clauses at once, as they are (no constants): a list of lists of
        literals, or a 2-D integer array whose rows are clauses of one length."""
        if len(rows):
            self._add("clauses", rows)

    def implies(self, a: int, *b: int) -> None:
        """``a`` implies one of ``b``."""
        self.clause(-a, *b)

    def nand(self, *lits: int) -> None:
        """Not all of ``lits``."""
        self.clause(*(-lit for lit in lits))

    def iff(self, a: int, b: int) -> None:
        """``a`` holds exactly when ``b`` does."""
        self.clause(-a, b)
        self.clause(a, -b)

    def count(self, lits: Iterable[int], lo: int, hi: int | None, *, card: str | None = None,
              direct: int | None = None) -> None:
        """Between ``lo`` and ``hi`` of ``lits`` hold (``hi`` ``None``: at least
        ``lo``); constants folded."""
        listed = list(lits)
        if lo <= 0 and hi is not None and hi >= len(listed):
            return  # always holds, whatever the constants (at most one of one)
        trues = listed.count(TRUE)
        kept = tuple(lit for lit in listed if lit not in (TRUE, FALSE)) \
            if trues or FALSE in listed else tuple(listed)
        lo, hi = lo - trues, None if hi is None else hi - trues
        if hi is not None and (hi < 0 or lo > hi) or lo > len(kept):
            self._add("clauses", [[]])  # cannot hold
            return
        if lo <= 0 and (hi is None or hi >= len(kept)):
            return  # always holds
        self._add("count", Count(kept, max(lo, 0), hi, card, direct))

    def exactly(self, number: int, lits: Iterable[int], **how: Any) -> None:
        """Exactly ``number`` of ``lits`` hold."""
        self.count(lits, number, number, **how)

    def at_most(self, number: int, lits: Iterable[int], **how: Any) -> None:
        """At most ``number`` of ``lits`` hold."""
        self.count(lits, 0, number, **how)

    def at_least(self, number: int, lits: Iterable[int], **how: Any) -> None:
        """At least ``number`` of ``lits`` hold."""
        self.count(lits, number, None, **how)

    def require(self, rule: Any) -> None:
        """A global rule (:mod:`.globals`): a connected set, one loop, ..."""
        self._add("global", rule)

    def solution(self, projection: Sequence[int]) -> None:
        """Declare the variables whose values make an answer, in order (the genre's
        statement turns their values into an answer and back)."""
        self.projection = projection

    def clue_keys(self) -> list[Hashable]:
        """The clues the items name, in the order they first appear."""
        seen: dict[Hashable, None] = {}
        for item in self.items:
            if item.tag.kind == "clue":
                seen.setdefault(item.tag.keys[0], None)
        return list(seen)


class _Tagged:
    """A ``with`` block whose items carry a tag (a plain class: a generator-based
    context manager costs several times as much, and a clue's statement opens one a
    pair of cells)."""

    __slots__ = ("model", "tag", "saved")

    def __init__(self, model: Model, tag: Tag) -> None:
        self.model = model
        self.tag = tag
        self.saved = RULE

    def __enter__(self) -> None:
        self.saved, self.model._tag = self.model._tag, self.tag

    def __exit__(self, *_: object) -> None:
        self.model._tag = self.saved


def literal_of(var: int, on: bool) -> int:
    """``var`` as a literal true when ``on``."""
    return var if on else -var


__all__ = ["FALSE", "RULE", "TRUE", "Count", "Item", "Layer", "Model", "Tag"]
