"""The rule CNF of a board: the puzzle's rules as clauses, written by a family's
certificate encoder (``rules.py`` in its folder) with the builder here, apart from
every solving encoding.

A certificate encoder states the rules and nothing more: no deductions, no solver's
tricks. Its models, projected on the *primary* variables (the ones an answer sets:
a cell shaded, a lamp placed, an edge used), are exactly the answers that keep the
rules it states as clauses; the rules no compact CNF states (one connected area, one
loop, areas of a given size) are its *groups* (:mod:`cpsolve.certify.cuts`), which
add clauses a checker confirms from the board alone. The builder's one
cardinality encoding is the sequential counter (Sinz 2005), written out here so
that a certificate's CNF depends on nothing but this file and the family's encoder.
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

    def at_most(self, bound: int, literals: Sequence[int]) -> None:
        """At most ``bound`` of ``literals`` true: pairwise for one of a few, else a
        sequential counter whose variable ``s[i][j]`` says that at least ``j + 1`` of
        the first ``i + 1`` literals are true."""
        lits = list(literals)
        n = len(lits)
        if bound >= n:
            return
        if bound <= 0:
            for lit in lits:
                self.clause([-lit])
            return
        if bound == 1 and n <= PAIRWISE_UP_TO:
            for i in range(n):
                for j in range(i + 1, n):
                    self.clause([-lits[i], -lits[j]])
            return
        s = [[self.fresh() for _ in range(bound)] for _ in range(n - 1)]
        self.clause([-lits[0], s[0][0]])
        for j in range(1, bound):
            self.clause([-s[0][j]])
        for i in range(1, n - 1):
            self.clause([-lits[i], s[i][0]])
            self.clause([-s[i - 1][0], s[i][0]])
            for j in range(1, bound):
                self.clause([-lits[i], -s[i - 1][j - 1], s[i][j]])
                self.clause([-s[i - 1][j], s[i][j]])
            self.clause([-lits[i], -s[i - 1][bound - 1]])
        self.clause([-lits[n - 1], -s[n - 2][bound - 1]])

    def at_least(self, bound: int, literals: Sequence[int]) -> None:
        """At least ``bound`` of ``literals`` true: at most ``n - bound`` false."""
        lits = list(literals)
        if bound <= 0:
            return
        if bound > len(lits):
            self.clause([])  # cannot hold: the empty clause
            return
        if bound == 1:
            self.clause(lits)
            return
        self.at_most(len(lits) - bound, [-lit for lit in lits])

    def exactly(self, bound: int, literals: Sequence[int]) -> None:
        """Exactly ``bound`` of ``literals`` true."""
        self.at_least(bound, literals)
        self.at_most(bound, literals)

    def dimacs(self) -> str:
        """The clauses in DIMACS, one per line after the ``p cnf`` header."""
        lines = [f"p cnf {self.nvars} {len(self.clauses)}"]
        lines.extend(" ".join(map(str, clause)) + " 0" for clause in self.clauses)
        return "\n".join(lines) + "\n"


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

    def group(self, name: str) -> Any:
        """The group named ``name`` (a :class:`KeyError` for an unknown one)."""
        for group in self.groups:
            if group.name == name:
                return group
        raise KeyError(name)

    def blocking(self, answer: Any) -> list[int]:
        """The clause no model with the primary values of ``answer`` satisfies."""
        return [-lit for lit in self.literals(answer)]


def values(true: set[int], variables: Iterable[int]) -> list[int]:
    """``variables`` as literals, positive where true.

    >>> values({2}, [1, 2, 3])
    [-1, 2, -3]
    """
    return [v if v in true else -v for v in variables]


__all__ = ["RuleCnf", "Rules", "values"]
