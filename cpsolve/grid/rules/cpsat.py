"""The rule language compiled to CP-SAT (:class:`~cpsolve.backends.cpsat.CpsatModel`):
a Boolean per variable, each clause a ``bool_or``, each count a linear constraint
(CP-SAT's own ``at_most_one`` or ``exactly_one`` for one of several), and the global
rules by CP-SAT's own means (flows, ``AddCircuit``), which the method's
options choose (``connect``: ``flow`` or ``order``; ``loop``: ``circuit`` or
``flow``). Every rule, clue and implied rule goes in, as in a solve.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cpsolve.backends.cpsat import CpsatModel
from cpsolve.grid.rules.model import Model


class CpsatOut:
    """What a compile writes to: the CP-SAT ``model``, the variables (``var(lit)`` a
    literal's Boolean) and the method's ``options``."""

    def __init__(self, model: Model, options: Mapping[str, Any]) -> None:
        from ortools.sat.python import cp_model

        self.source = model
        self.options = options
        self.model = cp_model.CpModel()
        new = self.model.new_bool_var
        self.vars = [None, *(new(name.replace(" ", "_")) for name in model.names())]

    def var(self, lit: int) -> Any:
        """The Boolean of a literal (negated for a negative one)."""
        return self.vars[lit] if lit > 0 else ~self.vars[-lit]  # type: ignore[operator]

    def bools(self, lits: Any) -> list[Any]:
        return [self.var(lit) for lit in lits]


def to_cpsat(model: Model, options: Mapping[str, Any] | None = None) -> CpsatModel:
    """The CP-SAT model of ``model``, as a solve takes it."""
    if model.projection is None:
        raise ValueError("the model declares no answer (Model.solution)")
    from ortools.sat.python.cp_model import LinearExpr

    out = CpsatOut(model, options or {})
    cp = out.model
    bools = out.vars
    for item in model.items:
        if item.tag.kind == "off":
            continue
        if item.kind == "global":
            item.data.cpsat(out)
        elif item.kind == "clauses":
            rows = item.data.tolist() if hasattr(item.data, "tolist") else item.data
            for clause in rows:
                cp.add_bool_or([bools[lit] if lit > 0 else ~bools[-lit]  # type: ignore
                                for lit in clause])
        else:
            count = item.data
            lits = [bools[lit] if lit > 0 else ~bools[-lit] for lit in count.lits]  # type: ignore
            # At most, exactly or at least one: CP-SAT's own constraints (built faster
            # than a sum, and what its presolve would make of one).
            if count.lo == 0 and count.hi == 1:
                cp.add_at_most_one(lits)
                continue
            if count.lo == 1 and count.hi in (1, None):
                (cp.add_exactly_one if count.hi == 1 else cp.add_bool_or)(lits)
                continue
            total = LinearExpr.sum(lits)
            if count.lo == count.hi:
                cp.add(total == count.lo)
            else:
                if count.lo > 0:
                    cp.add(total >= count.lo)
                if count.hi is not None:
                    cp.add(total <= count.hi)
    return CpsatModel(model=cp, projection=[out.vars[v] for v in model.projection])


__all__ = ["CpsatOut", "to_cpsat"]
