"""A whole state space as ``cpsolve analyze`` shows it: where the user's own board sits
among the positions swept from the goal (its distance, how many positions are closer and
farther), the table of positions per distance and the plot, the board's distance marked
in both.

The sweep (a family's ``analyze``) counts positions by distance from the goal; the
board's own distance is the length of its shortest plan, found by the family's own
``solve`` (every plan checked by the family's checker) and proven optimal, or ``None``.
Moves can be undone in the families that sweep, so a board's distance to the goal is
the goal's distance to the board: the distance the sweep counted it at.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cpsolve.family import Family
    from cpsolve.result import SpaceReport

# The marked bar and its note, against the others' blue.
MARK_COLOUR = "#d9822b"
# How long the board's own shortest plan may take to find, at most.
DISTANCE_SECONDS = 60.0


@dataclass(frozen=True)
class Place:
    """Where a board sits in the space: its ``distance`` from the goal (None when it was
    not found), and ``why`` when it was not (unreachable, the time ran out)."""

    distance: int | None
    why: str | None = None


def place(family: Family, board: Any, seconds: float = DISTANCE_SECONDS) -> Place:
    """The board's own distance from the goal: its shortest plan, proven optimal.

    >>> from cpsolve.registry import load
    >>> slide = load("slide")
    >>> place(slide, slide.parse("1 2 3\\n4 0 5"))
    Place(distance=1, why=None)
    >>> place(slide, slide.parse("2 1 3\\n4 5 0")).why
    'no plan reaches the goal: the board is not among these positions'
    """
    from cpsolve.result import Status

    result = family.solve(board, time_limit=seconds)
    if result.status is Status.OPTIMAL:
        return Place(len(family.encode(board, result.solution)))
    if result.status is Status.UNSOLVABLE:
        return Place(None, "no plan reaches the goal: the board is not among these "
                           "positions")
    return Place(None, f"its shortest plan was not proven within {seconds:g} s")


def summary(report: SpaceReport, where: Place) -> str:
    """One line on where the board sits.

    >>> from cpsolve.result import SpaceReport
    >>> summary(SpaceReport(360, 21, [1, 2, 3, 5] + [20] * 17 + [9], [], 9), Place(2))
    'this board: 2 moves from the goal; 3 positions (0.8%) are closer, 354 (98.3%) farther'
    """
    if where.distance is None:
        return f"this board: {where.why}"
    closer = sum(report.distribution[:where.distance])
    farther = sum(report.distribution[where.distance + 1:])
    return (f"this board: {where.distance} moves from the goal; {closer:,} positions "
            f"({share(closer, report.states)}) are closer, {farther:,} "
            f"({share(farther, report.states)}) farther")


def share(part: int, whole: int) -> str:
    """``part`` of ``whole`` as a percentage that rounds to neither 0 nor 100 unless
    it is.

    >>> share(181_438, 181_440), share(2, 181_440), share(0, 9), share(3, 8)
    ('>99.9%', '<0.1%', '0%', '37.5%')
    """
    if part in (0, whole):
        return f"{100 * part // whole}%"
    percent = 100 * part / whole
    return "<0.1%" if percent < 0.1 else ">99.9%" if percent > 99.9 else f"{percent:.1f}%"


def table(report: SpaceReport, where: Place) -> list[str]:
    """Positions per distance, the board's distance marked.

    >>> from cpsolve.result import SpaceReport
    >>> print("\\n".join(table(SpaceReport(6, 2, [1, 2, 3], [], 3), Place(1))))
    distance  positions
           0  1
           1  2  <- this board
           2  3
    """
    lines = ["distance  positions"]
    for distance, count in enumerate(report.distribution):
        mark = "  <- this board" if distance == where.distance else ""
        lines.append(f"{distance:8}  {count:,}{mark}")
    return lines


def plot(report: SpaceReport, where: Place, path: str, title: str = "") -> None:
    """A bar chart of positions per distance (log scale), the board's bar in another
    colour with a note over it, written to ``path`` (PNG or SVG by its extension)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    distribution = report.distribution
    figure = Figure(figsize=(8, 4.5), dpi=100)
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    colours = ["#3b6ea8"] * len(distribution)
    if where.distance is not None:
        colours[where.distance] = MARK_COLOUR
    axes.bar(range(len(distribution)), distribution, color=colours)
    axes.set_xlabel("distance from the goal (moves)")
    axes.set_ylabel("positions")
    axes.set_title(title)
    axes.set_yscale("log")
    top = max(distribution)
    axes.set_ylim(0.5, top * 30)  # room above the bars for the note
    if where.distance is not None:
        count = distribution[where.distance]
        share = where.distance / max(1, len(distribution) - 1)
        side = "right" if share > 0.75 else "left" if share < 0.25 else "center"
        axes.annotate(f"this board: {where.distance} moves\n({count:,} positions there)",
                      xy=(where.distance, count), xytext=(where.distance, top * 6),
                      ha=side, va="bottom", color=MARK_COLOUR, fontweight="bold",
                      arrowprops={"arrowstyle": "->", "color": MARK_COLOUR})
    else:
        axes.text(0.01, 0.97, f"this board: {where.why}", transform=axes.transAxes,
                  ha="left", va="top", color=MARK_COLOUR)
    figure.tight_layout()
    figure.savefig(path)
