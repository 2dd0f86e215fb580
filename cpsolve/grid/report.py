"""What the setter's questions add to a grid command's output once the solve is done."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cpsolve.grid.render import GridPicture, Sheet


@dataclass
class Report:
    """What the setter's questions add to a grid command's output: ``keys`` for the
    JSON object (each documented in docs/json.md), ``lines`` printed after the
    answers, ``text`` printed instead of them, ``picture`` drawn instead of the
    answer's (for ``-o`` and ``--format svg/png``; also when there is no answer),
    ``notes`` on standard error. A report cut short by the deadline says so on the
    result (``limit_reached`` and ``reason``), which sets the exit status."""

    keys: dict[str, Any] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)
    text: str | None = None
    picture: GridPicture | Sheet | None = None
    notes: list[str] = field(default_factory=list)
