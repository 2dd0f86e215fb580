"""The rule language compiled to CP-SAT (:class:`~cpsolve.backends.cpsat.CpsatModel`):
a Boolean per variable, each clause a ``bool_or``, each count a linear constraint,
and the global rules by CP-SAT's own means (flows, ``AddCircuit``), which the method's
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
        name = model.name
        self.vars = [None, *(self.model.new_bool_var(name(v).replace(" ", "_"))
                             for v in range(1, model.nvars + 1))]

    def var(self, lit: int) -> Any:
        """The Boolean of a literal (negated for a negative one)."""
        return self.vars[lit] if lit > 0 else ~self.vars[-lit]  # type: ignore[operator]

    def bools(self, lits: Any) -> list[Any]:
        return [self.var(lit) for lit in lits]


def to_cpsat(model: Model, options: Mapping[str, Any] | None = None) -> CpsatModel:
    """The CP-SAT model of ``model``, as a solve takes it."""
    if model.projection is None:
        raise ValueError("the model declares no answer (Model.solution)")
    out = CpsatOut(model, options or {})
    cp = out.model
    var = out.var
    for item in model.items:
        if item.tag.kind == "off":
            continue
        if item.kind == "global":
            item.data.cpsat(out)
        elif item.kind == "clauses":
            rows = item.data.tolist() if hasattr(item.data, "tolist") else item.data
            for clause in rows:
                cp.add_bool_or([var(lit) for lit in clause])
        else:
            count = item.data
            total = sum(var(lit) for lit in count.lits)
            if count.lo == count.hi:
                cp.add(total == count.lo)
            else:
                if count.lo > 0:
                    cp.add(total >= count.lo)
                if count.hi is not None:
                    cp.add(total <= count.hi)
    return CpsatModel(model=cp, projection=[out.vars[v] for v in model.projection])


__all__ = ["CpsatOut", "to_cpsat"]
