"""The rule CNF of a board: the puzzle's rules as clauses, written by a family's
certificate encoder (``rules.py`` in its folder) with the builder here, apart from
every solving encoding.

A certificate encoder states the rules and nothing more: no deductions, no solver's
tricks. Its models, projected on the *primary* variables (the ones an answer sets:
a cell shaded, a lamp placed, an edge used), are exactly the answers that keep the
rules it states as clauses; the rules no compact CNF states (one connected area, one
loop, areas of a given size) are its *groups* (:mod:`cpsolve.certify.cuts`), which
add clauses a checker confirms from the board alone. The builder's one
cardinality encoding is the sequential counter (Sinz 2005; both ways for "exactly"),
written out here so that a certificate's CNF depends on nothing but this file and the
family's encoder.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

PAIRWISE_UP_TO = 6  # an "at most one" of up to this many literals is written pairwise


class RuleCnf:
    """A CNF under construction: named variables and clauses.

    >>> cnf = RuleCnf()
    >>> a, b, c = (cnf.var(("x", i)) for i in range(3))
    >>> cnf.exactly(1, [a, b, c])
    >>> cnf.var(("x", 1)), len(cnf.clauses)
    (2, 4)
    """

    def __init__(self) -> None:
        self.names: dict[Any, int] = {}
        self.nvars = 0
        self.clauses: list[list[int]] = []

    def var(self, name: Any) -> int:
        """The variable named ``name`` (a new one the first time it is asked)."""
        found = self.names.get(name)
        if found is None:
            self.nvars += 1
            found = self.names[name] = self.nvars
        return found

    def fresh(self) -> int:
        """A new variable with no name (the counters' own)."""
        self.nvars += 1
        return self.nvars

    def clause(self, literals: Iterable[int]) -> None:
        """Add one clause (a literal 0 is not allowed)."""
        clause = list(literals)
        if 0 in clause:
            raise ValueError("a clause holds no literal 0")
        self.clauses.append(clause)

    def counter(self, literals: Sequence[int], width: int, up: bool, down: bool
                ) -> list[int]:
        """A sequential counter over ``literals``: variables ``s[i][j]`` for the first
        ``i + 1`` literals and ``j < width``, meaning "at least ``j + 1`` of them are
        true". ``up`` adds the clauses that make ``s`` true when the count reaches it,
        ``down`` those that make it false when it does not; the last row is returned
        (``row[j]``: at least ``j + 1`` of all the literals)."""
        prev: list[int] = []
        for i, x in enumerate(literals):
            row = [self.fresh() for _ in range(min(width, i + 1))]
            for j, s in enumerate(row):
                # before: at least j + 1 of the literals before x (none: false);
                # carry: at least j of them (j = 0: true)
                before = [prev[j]] if j < len(prev) else []
                carry = [prev[j - 1]] if j >= 1 else []
                if up:
                    if before:
                        self.clause([-before[0], s])
                    self.clause([-x, *(-c for c in carry), s])
                if down:
                    self.clause([-s, x, *before])
                    if carry:
                        self.clause([-s, *carry, *before])
            prev = row
        return prev

    def at_most(self, bound: int, literals: Sequence[int]) -> None:
        """At most ``bound`` of ``literals`` true: pairwise for one of a few, else a
        counter (:meth:`counter`) to ``bound + 1`` whose last cell is false."""
        lits = list(literals)
        n = len(lits)
        if bound >= n:
            return
        if bound < 0:
            self.clause([])  # cannot hold: the empty clause
            return
        if bound == 0:
            for lit in lits:
                self.clause([-lit])
            return
        if bound == 1 and n <= PAIRWISE_UP_TO:
            for i in range(n):
                for j in range(i + 1, n):
                    self.clause([-lits[i], -lits[j]])
            return
        self.clause([-self.counter(lits, bound + 1, up=True, down=False)[bound]])

    def at_least(self, bound: int, literals: Sequence[int]) -> None:
        """At least ``bound`` of ``literals`` true: one clause for one, else a counter
        to ``bound`` whose last cell is true."""
        lits = list(literals)
        if bound <= 0:
            return
        if bound > len(lits):
            self.clause([])  # cannot hold: the empty clause
            return
        if bound == 1:
            self.clause(lits)
            return
        self.clause([self.counter(lits, bound, up=False, down=True)[bound - 1]])

    def exactly(self, bound: int, literals: Sequence[int]) -> None:
        """Exactly ``bound`` of ``literals`` true: "at most one" and "at least one" for
        one, else one counter both ways to ``bound + 1``."""
        lits = list(literals)
        n = len(lits)
        if bound <= 1 or bound >= n:
            self.at_least(bound, lits)
            self.at_most(bound, lits)
            return
        last = self.counter(lits, bound + 1, up=True, down=True)
        self.clause([last[bound - 1]])
        self.clause([-last[bound]])

    def dimacs(self) -> str:
        """The clauses in DIMACS, one per line after the ``p cnf`` header."""
        return dimacs(self.nvars, self.clauses)


@dataclass
class Rules:
    """A board's rules for a certificate.

    ``cnf`` holds the rules stated as clauses; ``primary`` the variables an answer
    sets, in a fixed order; ``literals(answer)`` the answer as a value of each
    (positive or negative literals, in that order); ``decode(true)`` an answer from
    the primary variables that are true; ``groups`` the rules stated by cuts
    (:mod:`cpsolve.certify.cuts`), each with its name."""

    cnf: RuleCnf
    primary: list[int]
    literals: Callable[[Any], list[int]]
    decode: Callable[[set[int]], Any]
    groups: list[Any] = field(default_factory=list)

    @staticmethod
    def of_cells(cnf: RuleCnf, chosen: Sequence[int], groups: Sequence[Any] = ()) -> Rules:
        """The rules of a family whose answer is the set of cells chosen (shaded, a
        star, a mine): ``chosen[cell]`` the variable of each cell."""
        primary = list(chosen)

        def literals(answer: Any) -> list[int]:
            return values({primary[cell] for cell in answer}, primary)

        def decode(true: set[int]) -> frozenset[int]:
            return frozenset(cell for cell, var in enumerate(primary) if var in true)

        return Rules(cnf, primary, literals, decode, list(groups))

    @staticmethod
    def of_numbers(cnf: RuleCnf, holds: Sequence[Sequence[int]],
                   groups: Sequence[Any] = ()) -> Rules:
        """The rules of a family whose answer is a number in every cell (1 and up):
        ``holds[cell][k - 1]`` the variable "the cell holds ``k``"."""
        primary = [var for cell in holds for var in cell]

        def literals(answer: Any) -> list[int]:
            return values({holds[cell][k - 1] for cell, k in enumerate(answer)
                           if 1 <= k <= len(holds[cell])}, primary)

        def decode(true: set[int]) -> tuple[int, ...]:
            return tuple(next((k + 1 for k, var in enumerate(cell) if var in true), 0)
                         for cell in holds)

        return Rules(cnf, primary, literals, decode, list(groups))

    def true(self, chosen: Sequence[bool]) -> set[int]:
        """The primary variables true in ``chosen``, their values in order."""
        return {var for var, on in zip(self.primary, chosen) if on}

    def refine(self, cuts: list[dict[str, Any]] | None = None
               ) -> Callable[[tuple[bool, ...]], list[list[int]]]:
        """The groups as lazy rules of the SAT kit
        (:func:`cpsolve.backends.sat.solve_in`): from a candidate's primary values,
        the clauses of the cuts it breaks, each cut's record also put in ``cuts``.
        Groups speak of primary variables only."""

        def refine(chosen: tuple[bool, ...]) -> list[list[int]]:
            true = self.true(chosen)
            found = [record for group in self.groups for record in group.faults(true)]
            if cuts is not None:
                cuts.extend(found)
            return [self.group(record["rule"]).clause(record) for record in found]

        return refine

    def group(self, name: str) -> Any:
        """The group named ``name`` (a :class:`KeyError` for an unknown one)."""
        for group in self.groups:
            if group.name == name:
                return group
        raise KeyError(name)

    def blocking(self, answer: Any) -> list[int]:
        """The clause no model with the primary values of ``answer`` satisfies."""
        return [-lit for lit in self.literals(answer)]


def dimacs(nvars: int, clauses: Sequence[Sequence[int]]) -> str:
    """``clauses`` in DIMACS, one per line after the ``p cnf`` header.

    >>> dimacs(2, [[1, -2], [2]])
    'p cnf 2 2\\n1 -2 0\\n2 0\\n'
    """
    lines = [f"p cnf {nvars} {len(clauses)}"]
    lines.extend(" ".join(map(str, clause)) + " 0" for clause in clauses)
    return "\n".join(lines) + "\n"


class Timeline:
    """The states of a time-expanded plan CNF, for the plan families' certificate
    encoders: ``holds[t][cell][label]``, "at time ``t`` the cell holds the label", for
    every time from 0 to ``steps``; every cell holds exactly one label at every time, the
    start's at time 0 and the goal's at the last. :meth:`moves` states how the steps
    follow one another, and :meth:`keep` that a cell no action touches keeps its label.
    """

    def __init__(self, cnf: RuleCnf, cells: Sequence[int], labels: Sequence[Any],
                 steps: int, start: Sequence[Any], goal: Sequence[Any]) -> None:
        self.cnf = cnf
        self.cells = list(cells)
        self.labels = list(labels)
        self.holds = [{c: {label: cnf.var(("holds", t, c, label)) for label in labels}
                       for c in cells} for t in range(steps + 1)]
        for state in self.holds:
            for c in cells:
                cnf.exactly(1, list(state[c].values()))
        for c in cells:
            cnf.clause([self.holds[0][c][start[c]]])
            cnf.clause([self.holds[steps][c][goal[c]]])

    def moves(self, actions: Sequence[Sequence[int]], undo: Sequence[int]) -> None:
        """``actions[t][a]``: step ``t`` takes action ``a``. A step takes one action at
        most; a step that takes none is followed only by steps that take none (idle
        steps last: a shorter plan is padded with them); no step takes the action
        ``undo[a]`` that undoes the one before (a plan that does has a plan two moves
        shorter). Every plan of at most as many moves as steps is still one model."""
        for t, acts in enumerate(actions):
            self.cnf.at_most(1, list(acts))
            if t + 1 < len(actions):
                for a, act in enumerate(actions[t + 1]):
                    self.cnf.clause([-act, *acts])
                    self.cnf.clause([-act, -acts[undo[a]]])

    def keep(self, t: int, touching: dict[int, list[int]]) -> None:
        """Between times ``t`` and ``t + 1``, a cell none of its ``touching`` actions
        takes keeps its label."""
        now, nxt = self.holds[t], self.holds[t + 1]
        for c in self.cells:
            for label in self.labels:
                self.cnf.clause([-now[c][label], nxt[c][label], *touching.get(c, [])])


def values(true: set[int], variables: Iterable[int]) -> list[int]:
    """``variables`` as literals, positive where true.

    >>> values({2}, [1, 2, 3])
    [-1, 2, -3]
    """
    return [v if v in true else -v for v in variables]


__all__ = ["RuleCnf", "Rules", "Timeline", "dimacs", "values"]
