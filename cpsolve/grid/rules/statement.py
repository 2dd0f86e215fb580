"""A genre's rules stated once, and what the kit makes of them.

A genre declares a :class:`Statement`: ``rules(model, board)`` states the board's
rules on a :class:`~.model.Model` (its variables, the answer's projection, every rule
that is not a clue's), and ``clue(model, board, clue)`` one clue's own rules (the kit
states each clue of the board inside ``model.clue(clue.key)``, and so can state a clue
a fix would add). From it the kit makes every model the genre needs:

* the solving methods (:class:`Method`: a backend and the compile options it fixes,
  ``lazy`` on SAT, ``flow`` or ``circuit`` on CP-SAT, ...) for the driver's table; a
  genre with deductions of its own (its ``prepare``) has them model what those leave
  when its prepared board says what they ``decided`` (:attr:`Model.decided`);
* the setter's clue model: the rules that hold whatever the clues, and each clue's
  part under a selector of its own (:meth:`Statement.hints`);
* a certificate's rule CNF (:meth:`Statement.certificate`).

>>> from types import SimpleNamespace
>>> from cpsolve.grid.geometry import Grid
>>> from cpsolve.grid.hints import Clue
>>> def rules(m, board):  # shade cells; no two side by side
...     x = m.cells("shaded")
...     m.clauses([[-x[a], -x[b]] for a, b in board.grid.pairs])
...     m.solution(x.vars)
>>> def clue(m, board, c):  # a number: how many of the row are shaded
...     m.exactly(c.number, m.layers["shaded"].vars)
>>> board = SimpleNamespace(grid=Grid(1, 3))
>>> s = Statement(rules, clue, clues=lambda board: [Clue((0, 0), "number 2", 0, 2)])
>>> [item.tag.kind for item in s.model(board).items]
['rule', 'clue']
>>> sorted(s.sat(board).clauses())
[[-2, -3], [-1, -2], [-1, -2, -3], [1, 2], [1, 3], [2, 3]]
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from copy import copy
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from cpsolve.grid.rules.model import Model, Tag
from cpsolve.options import Option

if TYPE_CHECKING:
    from cpsolve.backends.cpsat import CpsatModel
    from cpsolve.backends.sat import CnfModel
    from cpsolve.certify.rules import Rules
    from cpsolve.grid.hints import Clue
    from cpsolve.grid.model import Encodings
    from cpsolve.grid.techniques import Technique

Board = TypeVar("Board")


@dataclass(frozen=True)
class Method:
    """One way to solve: its ``name`` (``--encoding``), the ``backend`` (``sat`` or
    ``cpsat``), a ``summary`` (why it may win or lose), the compile options it
    fixes (``{"connect": "order"}``), the options a user may set (``card``), and
    ``literals(board, **options)``, an estimate of the model's size before it is built
    (the kit's own when ``None``: ``per_cell`` literals a cell).

    Methods of one name on the two backends are one entry of the driver's table
    (``--encoding NAME``, either backend; the first one's summary and estimate).
    ``build(prepared, **options)`` is a genre's own builder of the method's model,
    kept in place of the statement's compile where it is measured faster (a test
    holds its answers to the statement's); ``prepared`` is what the genre's
    ``prepare`` leaves. With ``residual``, ``literals`` reads that too, not the
    board (what the deductions left is what gets built)."""

    name: str
    backend: str
    summary: str
    fixed: Mapping[str, Any] = field(default_factory=dict)
    options: tuple[Option, ...] = ()
    literals: Callable[..., int] | None = None
    per_cell: int = 50
    build: Callable[..., Any] | None = None
    residual: bool = False


def lazy(summary: str = "the global rules as cuts on the candidates an incremental SAT "
         "solver finds", **more: Any) -> Method:
    """The usual SAT method: clauses, global rules lazily."""
    return Method("lazy", "sat", summary, **more)


@dataclass(frozen=True)
class Statement(Generic[Board]):
    """A genre's rules, stated once (see the module docstring). ``clues(board)`` lists
    the board's clues (the genre's :class:`~cpsolve.grid.hints.Hints` ``clues``, when
    it has them); ``grid(board)`` the grid whose cells the model's layers follow;
    ``decode(board, values)`` and ``encode(board, answer)`` turn the projection's values
    into an answer and back; ``methods`` the solving methods, the first the default;
    ``narrow(board)`` (optional) the board the deductions leave, a smaller model
    stated from it (Fillomino's bound on its numbers: with it the genre's command has
    ``--deductions``), and ``decided(board)`` (optional) the answer of a narrowed
    board whose every cell the deductions decided (``None`` otherwise): the solve
    takes it without a model, checked as any answer is; ``stats(board)`` what the JSON
    says of the board solved;
    ``bulk(m, board)`` (optional) every clue of the board's own stated at once, for a
    solve, where a clue a call costs too much (Hitori's pairs of equal numbers): the
    same constraints, held to ``clue`` by the conformance suite; ``techniques`` the
    names the genre's players give the hints' steps
    (:class:`~cpsolve.grid.techniques.Technique`), the first that fits a step naming it;
    ``bounded(board)`` (optional) the board the hints reason on, where the deductions
    prove that no answer writes some values (Fillomino's numbers past a bound): the
    steps never try them (a board with all its clues: not the generator's, whose clues
    are switched off and on); ``certified(board)`` (optional) the board a certificate states
    the rules of, where a deduction from the board alone, which the checker repeats,
    bounds the values (Fillomino's numbers up to the largest part of the board)."""

    rules: Callable[[Model, Any], None]
    clue: Callable[[Model, Any, Clue], None] | None = None
    clues: Callable[[Any], list[Clue]] | None = None
    grid: Callable[[Any], Any] = field(default=lambda board: board.grid)
    decode: Callable[[Any, tuple[bool, ...]], Any] | None = None
    encode: Callable[[Any, Any], Sequence[bool]] | None = None
    methods: tuple[Method, ...] = (lazy(),)
    narrow: Callable[[Any], Any] | None = None
    decided: Callable[[Any], Any] | None = None
    stats: Callable[[Any], dict[str, Any]] | None = None
    bulk: Callable[[Model, Any], None] | None = None
    techniques: tuple[Technique, ...] = ()
    bounded: Callable[[Any], Any] | None = None
    certified: Callable[[Any], Any] | None = None

    # -- the model -------------------------------------------------------------------

    def model(self, board: Any, options: Mapping[str, Any] | None = None,
              clues: Sequence[Clue] | None = None,
              decided: Mapping[Any, Mapping[Any, bool]] | None = None,
              bulk: bool = False, apart: bool = False) -> Model:
        """The model of ``board``: its rules and every clue's (``clues``: these instead
        of the board's own), with the values ``decided`` by deductions as constants
        (:attr:`Model.decided`). With ``bulk``, the board's own clues stated at once
        where the genre can (:attr:`bulk`: one tag for them all, so a solve's model,
        never a clue model's). With ``apart``, the rules each part apart where the genre
        states them so (:attr:`Model.apart`: the hints')."""
        m = Model(grid=self.grid(board), options=dict(options or {}), decided=decided or {},
                  apart=apart)
        self.rules(m, board)
        if bulk and clues is None and self.bulk is not None:
            with m.clue(BULK):
                self.bulk(m, board)
            return m
        given = clues if clues is not None else (
            self.clues(board) if self.clues is not None else [])
        for c in given:
            self._state(m, board, c)
        return m

    def _state(self, m: Model, board: Any, c: Clue, tag: Any = None) -> None:
        if self.clue is None:
            raise ValueError("the statement has no rules for one clue")
        saved = m._tag
        m._tag = Tag("clue", (c.key if tag is None else tag,))
        try:
            self.clue(m, board, c)
        finally:
            m._tag = saved

    def answer(self, board: Any, values: tuple[bool, ...]) -> Any:
        """The answer the projection's ``values`` make."""
        if self.decode is None:
            return frozenset(k for k, on in enumerate(values) if on)
        return self.decode(board, values)

    def values(self, board: Any, answer: Any) -> Sequence[bool]:
        """The projection's values of ``answer``."""
        if self.encode is None:
            return [k in answer for k in range(self.grid(board).cells)]
        return self.encode(board, answer)

    # -- what the kit makes of it ----------------------------------------------------

    def sat(self, board: Any, *, decided: Mapping[Any, Mapping[Any, bool]] | None = None,
            clues: Sequence[Clue] | None = None, **options: Any) -> CnfModel:
        """The SAT model a solve builds (``decided``: of what deductions leave;
        ``clues``: those its model still states, when they took the others in)."""
        from cpsolve.grid.rules.sat import to_sat

        return to_sat(self.model(board, options, clues, decided=decided, bulk=True), options)

    def cpsat(self, board: Any, *, decided: Mapping[Any, Mapping[Any, bool]] | None = None,
              clues: Sequence[Clue] | None = None, **options: Any) -> CpsatModel:
        """The CP-SAT model a solve builds (``decided`` and ``clues`` as for
        :meth:`sat`)."""
        from cpsolve.grid.rules.cpsat import to_cpsat

        return to_cpsat(self.model(board, options, clues, decided=decided, bulk=True), options)

    def certificate(self, board: Any) -> Rules:
        """The rule CNF of ``board`` for a certificate (of the board ``certified``
        makes, when the genre gives it)."""
        from cpsolve.grid.rules.certificate import to_certificate

        if self.certified is not None:
            board = self.certified(board)

        return to_certificate(self.model(board), partial(self.answer, board),
                              partial(self.values, board))

    def nearest(self, board: Any, answer: Any) -> Any | None:
        """An answer of ``board`` near ``answer``: the SAT model's, its solver trying
        ``answer``'s values first (``None`` when the board has none). Generators mend
        a layout with it."""
        from cpsolve.backends.sat import sample

        model = self.sat(board)
        phases = [v if on else -v for v, on in zip(model.projection, self.values(board, answer))]
        found = sample(model, phases)
        return self.answer(board, found) if isinstance(found, tuple) else None

    def encodings(self) -> Encodings:
        """The driver's table of methods (those of one name, one entry)."""
        from cpsolve.grid.model import Encoding, Encodings

        named: dict[str, list[Method]] = {}
        for method in self.methods:
            named.setdefault(method.name, []).append(method)
        entries = []
        for name, same in named.items():
            first = same[0]
            builds = {m.backend: partial(_build, self, m) for m in same}
            options = first.options if len(same) == 1 else {m.backend: m.options for m in same}
            entries.append(Encoding(name, first.summary, literals=partial(_literals, first),
                                    options=options, **builds))
        return Encodings(*entries)

    def prepare(self, board: Any, deduce: bool = True) -> Any:
        """The whole board for the methods, narrowed first when the genre deduces
        (``narrow``); otherwise the solvers propagate."""
        from cpsolve.grid.model import Whole

        if deduce and self.narrow is not None:
            board = self.narrow(board)
        stats = {} if self.stats is None else self.stats(board)
        answer = None if self.decided is None or not deduce else self.decided(board)
        if answer is not None:  # the one answer the deductions leave
            return Whole(board, lambda values: answer, solved=True, stats=stats)
        return Whole(board, partial(self.answer, board), stats=stats)

    # -- the setter's clue model ------------------------------------------------------

    def base(self, board: Any) -> CnfModel:
        """The rules that hold whatever the clues, as a SAT model over the whole
        board (the clue model's first part). Refused before it is built when the
        first SAT method's estimate of its size (read from the board) does not fit in
        memory."""
        from cpsolve.grid.rules.sat import BASE, to_sat
        from cpsolve.limits import model_fits

        first = next((m for m in self.methods if m.backend == "sat"), None)
        if first is not None and first.literals is not None and not first.residual:
            model_fits(first.literals(board, **first.fixed), "sat",
                       "the rules' model the setter's tools and the generator work on")
        return to_sat(self._kept(board), {}, BASE)

    def own(self, board: Any, clue: Clue, top: int) -> tuple[list[Any], int]:
        """One clue's clauses (its part as the board states it, or as a fix would
        add it), auxiliary variables after ``top``."""
        from cpsolve.grid.rules.sat import SatOut, Selection, compile_into

        m = self._with(board, [clue])
        out = SatOut(m, Selection("own", {_token(0): 0}), top, {})
        compile_into(m, out)
        return out.groups, out.top

    def guarded(self, board: Any, clues: Sequence[Clue], selectors: Sequence[int],
                top: int) -> tuple[list[Any], int]:
        """Every clue's part guarded by its selector (and what holds while it is
        off), auxiliary variables after ``top``. Clues are told apart by their place
        in ``clues`` (a fix may try several numbers for one room); a rule that needs
        two clues (``Model.clue(key, other)``) names the other by its key."""
        from cpsolve.grid.rules.sat import clue_groups

        m = self._with(board, clues)
        chosen: dict[Any, int] = {}
        for position, (c, selector) in enumerate(zip(clues, selectors)):
            chosen[_token(position)] = selector
            chosen.setdefault(c.key, selector)
        return clue_groups(m, chosen, top)

    def implied(self, board: Any, guards: Sequence[int], top: int) -> tuple[list[Any], int]:
        """What follows from the rules with the board's clues (``Model.implied(clues=
        False)``), each clause with the literals ``guards`` added, auxiliary variables
        after ``top``: the clue model's, holding while the board's clues stand as
        they are."""
        from cpsolve.grid.rules.sat import SatOut, Selection, compile_into

        m = self._kept(board)
        out = SatOut(m, Selection("implied", dict(enumerate(guards))), top, {})
        compile_into(m, out)
        return out.groups, out.top

    def _kept(self, board: Any) -> Model:
        """The board's rules without its clues, kept for the calls of one clue model
        (the base, then the clues' parts, number their variables alike)."""
        with _KEPT_LOCK:
            for kept_board, kept_model in _KEPT:
                if kept_board is board:
                    return kept_model
            made = self.model(board, clues=[])
            _KEPT.insert(0, (board, made))
            del _KEPT[KEEP:]
            return made

    def _with(self, board: Any, clues: Sequence[Clue]) -> Model:
        """A copy of the kept rules with ``clues`` stated, each under the token of its
        place (:func:`_token`)."""
        m = self._kept(board)
        more = copy(m)
        # (its own lists of items and layers: a clue that made variables would leave
        # them in the kept model, and the next call would take them for its own)
        more.items, more.layers, more._order = list(m.items), dict(m.layers), list(m._order)
        for position, c in enumerate(clues):
            self._state(more, board, c, _token(position))
        if more.nvars != m.nvars:
            raise ValueError("a clue's rules made variables of their own: a fix that adds "
                             "that clue needs a board of its own (Edit.base)")
        return more


BULK = "the board's clues"  # the tag of the clues a bulk statement states at once


def _token(position: int) -> tuple[str, int]:
    """The tag of the clue at ``position`` in a clue model's list."""
    return ("clue #", position)


KEEP = 4  # boards whose models are kept for their clue models
_KEPT: list[tuple[Any, Model]] = []
_KEPT_LOCK = threading.Lock()


def _build(statement: Statement[Any], method: Method, prepared: Any, **options: Any) -> Any:
    chosen = {**method.fixed, **options}
    if method.build is not None:
        return method.build(prepared, **chosen)
    # What a genre's own deductions decided, when its prepare says (``decided``).
    decided = getattr(prepared, "decided", None)
    # The clues the model still states, when the deductions took the others in
    # (``None``: every clue of the board).
    clues = getattr(prepared, "clues", None)
    if method.backend == "sat":
        return statement.sat(prepared.board, decided=decided, clues=clues, **chosen)
    return statement.cpsat(prepared.board, decided=decided, clues=clues, **chosen)


def _literals(method: Method, prepared: Any, **options: Any) -> int:
    if method.literals is not None:
        read = prepared if method.residual else prepared.board
        return method.literals(read, **{**method.fixed, **options})
    board = prepared.board
    cells = board.cells if hasattr(board, "cells") else board.grid.cells
    return method.per_cell * int(cells)


__all__ = ["Method", "Statement", "lazy"]
