"""Pictures of grid puzzles: a family describes cells, this module draws SVG and PNG.

A :class:`GridPicture` says, per cell, its fill, an optional label, an optional disc
(a bulb, a pearl), an optional mark (a cell to look at); thick borders between cells
(rooms); and lines between cell centres (a loop). A :class:`Sheet` lays several
pictures side by side with captions (two solutions of one board). :func:`shapes` turns
them into primitives in cell units; the SVG writer and the PNG writer (matplotlib,
imported only when a PNG is drawn) draw the same primitives, so both pictures agree.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import NamedTuple

Cell = tuple[int, int]
GRID_LINE = "#8a8a8a"
BORDER = "#000000"
MARK = "#d62728"
LOOP = "#1f4e9a"


@dataclass
class GridPicture:
    """What to draw on an ``height`` x ``width`` grid; unset cells are plain white.

    ``disc`` maps a cell to its fill and outline colours; ``borders`` are pairs of
    neighbouring cells with a thick line between them (a cell outside the grid, such
    as ``(-1, c)``, draws on the outer edge); ``lines`` join the centres of two cells
    (a loop's segments); ``marks`` outline cells in a colour (cells to look at).
    """

    height: int
    width: int
    fill: dict[Cell, str] = field(default_factory=dict)
    label: dict[Cell, tuple[str, str]] = field(default_factory=dict)  # text, colour
    disc: dict[Cell, tuple[str, str]] = field(default_factory=dict)  # fill, outline
    borders: set[tuple[Cell, Cell]] = field(default_factory=set)
    lines: list[tuple[Cell, Cell]] = field(default_factory=list)
    marks: dict[Cell, str] = field(default_factory=dict)
    dots: dict[Cell, str] = field(default_factory=dict)  # small dots (cells left empty)
    title: str = ""
    line_colour: str = LOOP


@dataclass
class Sheet:
    """Pictures side by side (the same height or not), each with a caption below."""

    pictures: list[GridPicture]
    captions: list[str] = field(default_factory=list)
    gap: float = 1.0
    title: str = ""

    @property
    def width(self) -> float:
        return sum(p.width for p in self.pictures) + self.gap * (len(self.pictures) - 1)

    @property
    def height(self) -> float:
        return max(p.height for p in self.pictures) + (0.8 if self.captions else 0.0)


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


def shapes(picture: GridPicture | Sheet) -> list[Shape]:
    """The picture as primitives, in cell units, y pointing down."""
    if isinstance(picture, Sheet):
        out: list[Shape] = []
        left = 0.0
        for k, pic in enumerate(picture.pictures):
            out.extend(_moved(s, left, 0.0) for s in _grid_shapes(pic))
            if k < len(picture.captions):
                out.append(Shape("text", left + pic.width / 2, pic.height + 0.45, fill=BORDER,
                                 weight=0.45, text=picture.captions[k]))
            left += pic.width + picture.gap
        return out
    return _grid_shapes(picture)


def _moved(s: Shape, dx: float, dy: float) -> Shape:
    if s.kind == "line":
        return s._replace(x=s.x + dx, y=s.y + dy, a=s.a + dx, b=s.b + dy)
    return s._replace(x=s.x + dx, y=s.y + dy)


def _grid_shapes(picture: GridPicture) -> list[Shape]:
    out = [Shape("rect", 0, 0, picture.width, picture.height, fill="#ffffff")]
    for (r, c), colour in picture.fill.items():
        out.append(Shape("rect", c, r, 1, 1, fill=colour))
    for r in range(1, picture.height):
        out.append(Shape("line", 0, r, picture.width, r, stroke=GRID_LINE, weight=0.03))
    for c in range(1, picture.width):
        out.append(Shape("line", c, 0, c, picture.height, stroke=GRID_LINE, weight=0.03))
    for (r1, c1), (r2, c2) in sorted(picture.borders):
        if r1 == r2:  # side by side: the vertical line between them
            x = max(c1, c2)
            out.append(Shape("line", x, r1 - 0.04, x, r1 + 1.04, stroke=BORDER, weight=0.1))
        else:
            y = max(r1, r2)
            out.append(Shape("line", c1 - 0.04, y, c1 + 1.04, y, stroke=BORDER, weight=0.1))
    out.append(Shape("rect", 0, 0, picture.width, picture.height, stroke=BORDER, weight=0.08))
    for (r, c), colour in picture.marks.items():
        out.append(Shape("rect", c + 0.08, r + 0.08, 0.84, 0.84, stroke=colour, weight=0.1))
    for (r1, c1), (r2, c2) in picture.lines:
        out.append(Shape("line", c1 + 0.5, r1 + 0.5, c2 + 0.5, r2 + 0.5,
                         stroke=picture.line_colour, weight=0.14))
    for (r, c), colour in picture.dots.items():
        out.append(Shape("circle", c + 0.5, r + 0.5, 0.07, fill=colour))
    for (r, c), (colour, outline) in picture.disc.items():
        out.append(Shape("circle", c + 0.5, r + 0.5, 0.32, fill=colour, stroke=outline,
                         weight=0.05))
    for (r, c), (text, colour) in picture.label.items():
        out.append(Shape("text", c + 0.5, r + 0.5, fill=colour, weight=0.6, text=text))
    return out


def to_svg(picture: GridPicture | Sheet, cell: int = 40) -> str:
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
                         f'stroke="{s.stroke}" stroke-width="{s.weight}" '
                         'stroke-linecap="round"/>')
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


def to_png(picture: GridPicture | Sheet, cell: int = 40) -> bytes:
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
                      solid_capstyle="round" if s.stroke != GRID_LINE else "butt")
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
