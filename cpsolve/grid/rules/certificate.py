"""The rule language compiled to a certificate's rule CNF
(:class:`~cpsolve.certify.rules.Rules`): the plainest form of the same statement.

Every variable of the model is named by its key (``("shaded", 12)``) in the order the
model made them; clauses go as they are; counts by the certificate builder's own
sequential counter (:class:`~cpsolve.certify.rules.RuleCnf`, which depends on nothing
else); the global rules as the cut groups a checker confirms from the board alone
(:mod:`cpsolve.certify.cuts`), or as plain clauses. Implied rules stay out: a
certificate proves a claim from the rules, not from what the solvers were given to go
faster. How a certificate keeps a view of the rules apart from the solvers' is in
``docs/certificates.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cpsolve.certify.rules import RuleCnf, Rules, values
from cpsolve.grid.rules.model import FALSE, TRUE, Model


class CertOut:
    """What a compile writes to: the rule CNF ``cnf`` (the model's variable ``v`` is
    its ``v``) and the cut ``groups``."""

    def __init__(self, model: Model) -> None:
        self.source = model
        self.cnf = RuleCnf()
        self.groups: list[Any] = []
        for v in range(1, model.nvars + 1):
            self.cnf.var(model.key(v))

    def clause(self, lits: Sequence[int]) -> None:
        self.cnf.clause(lits)

    def member(self, lits: Sequence[int]) -> list[int]:
        """Literals for a cut group: ``FALSE`` is 0 (never in); ``TRUE`` has no
        literal there."""
        if TRUE in lits:
            raise ValueError("a cut group takes no literal that always holds")
        return [0 if lit == FALSE else lit for lit in lits]


def to_certificate(model: Model, decode: Callable[[tuple[bool, ...]], Any],
                   encode: Callable[[Any], Sequence[bool]]) -> Rules:
    """The rule CNF of ``model``, its primary variables the answer's (``decode`` and
    ``encode`` turn their values into an answer and back)."""
    if model.projection is None:
        raise ValueError("the model declares no answer (Model.solution)")
    out = CertOut(model)
    cnf = out.cnf
    for item in model.items:
        if item.tag.kind not in ("rule", "clue"):
            continue
        if item.kind == "global":
            item.data.certificate(out)
        elif item.kind == "clauses":
            rows = item.data.tolist() if hasattr(item.data, "tolist") else item.data
            for clause in rows:
                cnf.clause(clause)
        else:
            count = item.data
            lits = list(count.lits)
            if count.lo == count.hi:
                cnf.exactly(count.lo, lits)
            else:
                cnf.at_least(count.lo, lits)
                if count.hi is not None:
                    cnf.at_most(count.hi, lits)
    primary = list(model.projection)

    def literals(given: Any) -> list[int]:
        return [v if on else -v for v, on in zip(primary, encode(given))]

    def decoded(true: set[int]) -> Any:
        return decode(tuple(v in true for v in primary))

    return Rules(cnf, primary, literals, decoded, out.groups)


__all__ = ["CertOut", "to_certificate", "values"]
