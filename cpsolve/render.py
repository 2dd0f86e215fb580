"""Pictures of grid puzzles: a family describes cells, this module draws SVG and PNG.

A :class:`GridPicture` says, per cell, its fill, an optional label and an optional
disc (a bulb, a marker). :func:`shapes` turns it into primitives in cell units; the
SVG writer and the PNG writer (matplotlib, imported only when a PNG is drawn) draw
the same primitives, so both pictures agree.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import NamedTuple

Cell = tuple[int, int]
GRID_LINE = "#8a8a8a"
BORDER = "#000000"


@dataclass
class GridPicture:
    """What to draw on an ``height`` x ``width`` grid; unset cells are plain white."""

    height: int
    width: int
    fill: dict[Cell, str] = field(default_factory=dict)
    label: dict[Cell, tuple[str, str]] = field(default_factory=dict)  # text, colour
    disc: dict[Cell, str] = field(default_factory=dict)  # fill colour
    title: str = ""


class Shape(NamedTuple):
    kind: str  # "rect", "line", "circle", "text"
    x: float
    y: float
    a: float = 0.0  # width, x2 or radius
    b: float = 0.0  # height or y2
    fill: str = "none"
    stroke: str = "none"
    weight: float = 0.0  # stroke width in cell units; font size for text
    text: str = ""


def shapes(picture: GridPicture) -> list[Shape]:
    """The picture as primitives, in cell units, y pointing down."""
    out = [Shape("rect", 0, 0, picture.width, picture.height, fill="#ffffff")]
    for (r, c), colour in picture.fill.items():
        out.append(Shape("rect", c, r, 1, 1, fill=colour))
    for r in range(1, picture.height):
        out.append(Shape("line", 0, r, picture.width, r, stroke=GRID_LINE, weight=0.03))
    for c in range(1, picture.width):
        out.append(Shape("line", c, 0, c, picture.height, stroke=GRID_LINE, weight=0.03))
    out.append(Shape("rect", 0, 0, picture.width, picture.height, stroke=BORDER, weight=0.08))
    for (r, c), colour in picture.disc.items():
        out.append(Shape("circle", c + 0.5, r + 0.5, 0.32, fill=colour, stroke="#5a4500",
                         weight=0.04))
    for (r, c), (text, colour) in picture.label.items():
        out.append(Shape("text", c + 0.5, r + 0.5, fill=colour, weight=0.6, text=text))
    return out


def to_svg(picture: GridPicture, cell: int = 40) -> str:
    """The picture as an SVG document, ``cell`` pixels a cell."""
    margin = 0.25
    width, height = picture.width + 2 * margin, picture.height + 2 * margin
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * cell:.0f}" '
        f'height="{height * cell:.0f}" viewBox="{-margin} {-margin} {width} {height}">'
    ]
    if picture.title:
        parts.append(f"<title>{_escape(picture.title)}</title>")
    for s in shapes(picture):
        if s.kind == "rect":
            parts.append(f'<rect x="{s.x}" y="{s.y}" width="{s.a}" height="{s.b}" '
                         f'fill="{s.fill}" stroke="{s.stroke}" stroke-width="{s.weight}"/>')
        elif s.kind == "line":
            parts.append(f'<line x1="{s.x}" y1="{s.y}" x2="{s.a}" y2="{s.b}" '
                         f'stroke="{s.stroke}" stroke-width="{s.weight}"/>')
        elif s.kind == "circle":
            parts.append(f'<circle cx="{s.x}" cy="{s.y}" r="{s.a}" fill="{s.fill}" '
                         f'stroke="{s.stroke}" stroke-width="{s.weight}"/>')
        else:
            parts.append(f'<text x="{s.x}" y="{s.y}" font-size="{s.weight}" fill="{s.fill}" '
                         'font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" '
                         f'text-anchor="middle" dominant-baseline="central">{_escape(s.text)}'
                         "</text>")
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def to_png(picture: GridPicture, cell: int = 40) -> bytes:
    """The picture as PNG bytes, drawn by matplotlib (Agg, no display needed)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.patches import Circle, Rectangle

    margin, dpi = 0.25, 100
    width, height = picture.width + 2 * margin, picture.height + 2 * margin
    figure = Figure(figsize=(width * cell / dpi, height * cell / dpi), dpi=dpi)
    FigureCanvasAgg(figure)
    axes = figure.add_axes((0, 0, 1, 1))
    axes.set_xlim(-margin, picture.width + margin)
    axes.set_ylim(picture.height + margin, -margin)
    axes.set_axis_off()
    points = cell * 72 / dpi  # one cell in points, for line widths and fonts
    for s in shapes(picture):
        if s.kind == "rect":
            axes.add_patch(Rectangle((s.x, s.y), s.a, s.b, facecolor=s.fill,
                                     edgecolor=s.stroke, linewidth=s.weight * points))
        elif s.kind == "line":
            axes.plot([s.x, s.a], [s.y, s.b], color=s.stroke, linewidth=s.weight * points,
                      solid_capstyle="butt")
        elif s.kind == "circle":
            axes.add_patch(Circle((s.x, s.y), s.a, facecolor=s.fill, edgecolor=s.stroke,
                                  linewidth=s.weight * points))
        else:
            axes.text(s.x, s.y, s.text, color=s.fill, fontsize=s.weight * points * 0.75,
                      fontweight="bold", ha="center", va="center_baseline")
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi, facecolor="white")
    return buffer.getvalue()


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def distribution_plot(distribution: list[int], path: str, title: str = "") -> None:
    """A bar chart of positions per distance, written to ``path`` (PNG or SVG by its
    extension)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(8, 4.5), dpi=100)
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    axes.bar(range(len(distribution)), distribution, color="#3b6ea8")
    axes.set_xlabel("distance from the goal (moves)")
    axes.set_ylabel("positions")
    axes.set_title(title)
    axes.set_yscale("log")
    figure.tight_layout()
    figure.savefig(path)
