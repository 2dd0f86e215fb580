"""Pictures of grid puzzles: a family describes cells, this module draws SVG and PNG.

A :class:`GridPicture` says, per cell, its fill, an optional label, an optional disc
(a bulb, a pearl), an optional mark (a cell to look at); thick borders between cells
(rooms); and lines between cell centres (a loop). A :class:`Sheet` lays several
pictures side by side with captions (two solutions of one board). :func:`shapes` turns
them into primitives in cell units; the SVG writer and the PNG writer (matplotlib,
imported only when a PNG is drawn) draw the same primitives, so both pictures agree;
an animated GIF is a PNG a frame (:func:`to_gif`).
"""

from __future__ import annotations

import io
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

Cell = tuple[int, int]
GRID_LINE = "#8a8a8a"
BORDER = "#000000"
MARK = "#d62728"
LOOP = "#1f4e9a"
CAPTION = 0.8  # the room a caption takes below its picture, in cells
HEADING = 1.0  # the room a sheet's heading takes above its pictures
FONT = 0.45  # the size of captions and headings, in cells
LEAST = 0.3  # the smallest a heading is drawn: a sheet widens to hold it


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
    # Along the grid's lines rather than through cells (Slitherlink): ``edges`` join
    # two corners, corner (r, c) being the top left corner of cell (r, c);
    # ``corners`` puts a dot on each corner of the grid, in that colour, and then
    # the grid's own lines and frame are left out.
    edges: list[tuple[Cell, Cell]] = field(default_factory=list)
    corners: str | None = None
    # Filled polygons, each its corners (x, y) in cell units (x along a row, y down,
    # (0, 0) the grid's top left corner) and its colour: Shakashaka's triangles.
    polygons: list[tuple[tuple[tuple[float, float], ...], str]] = field(default_factory=list)
    # Numbers on the grid's points (Gokigen Naname's), each in a white circle, by
    # corner as ``edges`` has them: text and colour.
    point_labels: dict[Cell, tuple[str, str]] = field(default_factory=dict)
    # Cells of white on each side of the grid, for labels outside it at row or column
    # -1 and the grid's size (Skyscrapers' clues); 0: none.
    frame: int = 0


@dataclass
class Sheet:
    """Pictures side by side (the same height or not), each with a caption below;
    ``columns`` wraps them into rows of that many (a grid of small boards, the steps
    of a plan); ``heading`` is a line drawn above them all."""

    pictures: list[GridPicture]
    captions: list[str] = field(default_factory=list)
    gap: float = 1.0
    title: str = ""
    columns: int | None = None
    heading: str = ""

    def rows(self) -> list[list[GridPicture]]:
        """The pictures row by row."""
        per = self.columns or len(self.pictures) or 1
        return [self.pictures[k:k + per] for k in range(0, len(self.pictures), per)]

    def _row_height(self, row: list[GridPicture]) -> float:
        return max(p.height + 2 * p.frame for p in row) + (CAPTION if self.captions else 0.0)

    @staticmethod
    def _row_width(row: list[GridPicture], gap: float) -> float:
        return sum(p.width + 2 * p.frame for p in row) + gap * (len(row) - 1)

    @property
    def width(self) -> float:
        """The widest row, or the heading at its smallest size if that is wider
        (a long verdict above a small board)."""
        widest = max((self._row_width(row, self.gap) for row in self.rows()), default=0.0)
        return max(widest, 0.6 * LEAST * len(self.heading))

    @property
    def height(self) -> float:
        rows = self.rows()
        return (sum(self._row_height(row) for row in rows) + self.gap * 0.5 * (len(rows) - 1)
                + (HEADING if self.heading else 0.0))


SHADE = "#1a1a1a"  # a shaded cell, and the ink of numbers
ON_SHADE = "#9a9a9a"  # a number on a shaded cell
DOT = "#b0b0b0"  # a cell an answer leaves unshaded
HOLE = "#d0d0d0"  # a cell in no region (regions.Outlined)


def shaded_numbers(board: Any, shading: Collection[int] | None = None, *, title: str,
                   dots: bool = False, regions: Sequence[int] | None = None) -> GridPicture:
    """A grid of numbers (``board.numbers``, "?" for a number not given), and a
    shading when given: its cells black, a number on one in grey; with ``dots``, the
    answer's unshaded cells that hold no number dotted; ``regions`` (a region by cell)
    draws their borders."""
    rc = board.grid.rc
    pic = GridPicture(board.rows, board.cols, title=f"{title} {board.cols}x{board.rows}")
    shaded = frozenset(shading or ())
    for cell in shaded:
        pic.fill[rc(cell)] = SHADE
    for cell, number in enumerate(board.numbers):
        if number is not None:
            text = "?" if number < 0 else str(number)
            pic.label[rc(cell)] = (text, ON_SHADE if cell in shaded else SHADE)
        elif dots and shading is not None and cell not in shaded:
            pic.dots[rc(cell)] = DOT
    if regions is not None:
        pic.borders = {(rc(a), rc(b)) for a, b in board.grid.borders(regions)}
    return pic


WRITTEN = "#2f5fb0"  # a number an answer writes


def written_numbers(board: Any, filling: Sequence[int] | None = None, *, title: str,
                    areas: bool = True, regions: Sequence[int] | None = None) -> GridPicture:
    """A grid of given numbers (``board.numbers``, "?" for a number not given) in
    black, and an answer's numbers when given (a number a cell) in blue where none is
    given; with ``areas``, thick borders between cells the answer numbers apart;
    ``regions`` (a region by cell, a Sudoku's boxes) draws their borders."""
    grid = board.grid
    rc = grid.rc
    pic = GridPicture(board.rows, board.cols, title=f"{title} {board.cols}x{board.rows}")
    if regions is not None:
        pic.borders.update((rc(a), rc(b)) for a, b in grid.borders(regions))
    for cell, number in enumerate(board.numbers):
        if number is not None:
            pic.label[rc(cell)] = ("?" if number < 0 else str(number), SHADE)
    if filling is not None:
        for cell, number in enumerate(filling):
            given = board.numbers[cell]
            if given is None or given < 0:
                pic.label[rc(cell)] = (str(number), WRITTEN)
        if areas:
            pic.borders.update((rc(a), rc(b)) for a, b in grid.pairs
                               if filling[a] != filling[b])
    return pic


def marked_regions(board: Any, marked: Collection[int] | None = None, *, title: str,
                   mark: str | Sequence[str], ink: str = SHADE, fill: str | None = None,
                   dots: bool = False) -> GridPicture:
    """A board divided into regions (a :class:`~cpsolve.grid.regions.Divided`), their
    borders and the walls inside them thick, its holes grey, and an answer's marked
    cells when given: each labelled ``mark`` (or its cell's text of ``mark``, a text a
    cell) in ``ink``, filled with ``fill``; with ``dots``, the other cells dotted."""
    rc = board.grid.rc
    pic = GridPicture(board.rows, board.cols, title=title)
    pic.borders.update((rc(a), rc(b)) for a, b in board.fences)
    for cell in board.holes:
        pic.fill[rc(cell)] = HOLE
    for cell in range(board.cells) if marked is not None else ():
        if cell in marked:  # type: ignore[operator]
            pic.label[rc(cell)] = (mark if isinstance(mark, str) else mark[cell], ink)
            if fill is not None:
                pic.fill[rc(cell)] = fill
        elif dots and cell not in board.holes:
            pic.dots[rc(cell)] = DOT
    return pic


def headed(picture: GridPicture | Sheet, heading: str) -> Sheet:
    """The picture with ``heading`` drawn above it (the verdict on a board), after
    the heading a sheet already has.

    >>> sheet = headed(GridPicture(2, 3, title="Akari 3x2"), "unique")
    >>> sheet.heading, sheet.title, len(sheet.pictures), sheet.height
    ('unique', 'Akari 3x2', 1, 3.0)
    """
    if isinstance(picture, Sheet):
        joined = f"{picture.heading}: {heading}" if picture.heading else heading
        return replace(picture, heading=joined)
    return Sheet([picture], title=picture.title, heading=heading)


# Pastel fills that tell repeated labels apart (colour k for the k-th label).
PALETTE = ("#f4c7c3", "#c6e2c0", "#c4d7f2", "#fbe3a6", "#dcc6ec", "#bfe6e8", "#f6d1b0",
           "#e0e0e0", "#f2c4de", "#d7e8a6", "#b9c9e6", "#ecd9c6")


# Labels that name colours (a single letter or the word) are drawn in them.
COLOURS = {"r": "#f4a7a3", "red": "#f4a7a3", "g": "#b5dfa9", "green": "#b5dfa9",
           "b": "#a9c6f2", "blue": "#a9c6f2", "y": "#fbe38a", "yellow": "#fbe38a",
           "o": "#f9c48f", "orange": "#f9c48f", "p": "#d4b3ec", "purple": "#d4b3ec",
           "w": "#ffffff", "white": "#ffffff", "k": "#9a9a9a", "black": "#9a9a9a"}


def label_colours(labels: Sequence[str]) -> dict[str, str]:
    """A fill for each label, to tell repeated labels apart: the colour a label names
    when every label names one (``R``, ``G``, ``B``, ``red``, ...), else the palette's
    colours in the labels' order.

    >>> label_colours(["B", "G", "R"])["R"], label_colours(["A", "B"])["A"]
    ('#f4a7a3', '#f4c7c3')
    """
    if all(label.lower() in COLOURS for label in labels) and len(
            {COLOURS[label.lower()] for label in labels}) == len(labels):
        return {label: COLOURS[label.lower()] for label in labels}
    return {label: PALETTE[k % len(PALETTE)] for k, label in enumerate(labels)}


def outline(cells: set[Cell]) -> set[tuple[Cell, Cell]]:
    """The borders around a set of cells (each edge between a cell of the set and one
    outside it, the grid's edge included), for :attr:`GridPicture.borders`.

    >>> sorted(outline({(0, 0)}))
    [((-1, 0), (0, 0)), ((0, -1), (0, 0)), ((0, 0), (0, 1)), ((0, 0), (1, 0))]
    """
    out = set()
    for r, c in cells:
        for other in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if other not in cells:
                out.add((min(other, (r, c)), max(other, (r, c))))
    return out


class Shape(NamedTuple):
    kind: str  # "rect", "line", "circle", "text", "polygon"
    x: float
    y: float
    a: float = 0.0  # width, x2 or radius
    b: float = 0.0  # height or y2
    fill: str = "none"
    stroke: str = "none"
    weight: float = 0.0  # stroke width in cell units; font size for text
    text: str = ""
    points: tuple[tuple[float, float], ...] = ()  # a polygon's corners (x, y)


def shapes(picture: GridPicture | Sheet) -> list[Shape]:
    """The picture as primitives, in cell units, y pointing down."""
    if isinstance(picture, Sheet):
        out: list[Shape] = []
        top = 0.0
        if picture.heading:
            out.append(Shape("text", picture.width / 2, HEADING * 0.45, fill=BORDER,
                             weight=_fit(picture.heading, picture.width), text=picture.heading))
            top = HEADING
        k = 0
        for row in picture.rows():
            left = (picture.width - Sheet._row_width(row, picture.gap)) / 2
            for pic in row:
                out.extend(_moved(s, left + pic.frame, top + pic.frame)
                           for s in _grid_shapes(pic))
                wide, high = pic.width + 2 * pic.frame, pic.height + 2 * pic.frame
                if k < len(picture.captions):
                    text = picture.captions[k]
                    out.append(Shape("text", left + wide / 2, top + high + 0.45,
                                     fill=BORDER, weight=_fit(text, wide + picture.gap),
                                     text=text))
                left += wide + picture.gap
                k += 1
            top += picture._row_height(row) + picture.gap * 0.5
        return out
    return _grid_shapes(picture)


def _fit(text: str, width: float, size: float = FONT) -> float:
    """A font size at most ``size`` at which ``text`` fits ``width`` cells (a glyph
    is about 0.6 of the size wide).

    >>> _fit("start", 3), round(_fit("move 12 of 31", 3), 3)
    (0.45, 0.385)
    """
    return min(size, width / (0.6 * max(1, len(text))))


def _moved(s: Shape, dx: float, dy: float) -> Shape:
    if s.kind == "line":
        return s._replace(x=s.x + dx, y=s.y + dy, a=s.a + dx, b=s.b + dy)
    if s.kind == "polygon":
        return s._replace(x=s.x + dx, y=s.y + dy,
                          points=tuple((x + dx, y + dy) for x, y in s.points))
    return s._replace(x=s.x + dx, y=s.y + dy)


def _grid_shapes(picture: GridPicture) -> list[Shape]:
    out = [Shape("rect", 0, 0, picture.width, picture.height, fill="#ffffff")]
    for (r, c), colour in picture.fill.items():
        out.append(Shape("rect", c, r, 1, 1, fill=colour))
    for r in range(1, picture.height) if picture.corners is None else ():
        out.append(Shape("line", 0, r, picture.width, r, stroke=GRID_LINE, weight=0.03))
    for c in range(1, picture.width) if picture.corners is None else ():
        out.append(Shape("line", c, 0, c, picture.height, stroke=GRID_LINE, weight=0.03))
    for points, colour in picture.polygons:
        out.append(Shape("polygon", points[0][0], points[0][1], fill=colour, points=points))
    for (r1, c1), (r2, c2) in sorted(picture.borders):
        if r1 == r2:  # side by side: the vertical line between them
            x = max(c1, c2)
            out.append(Shape("line", x, r1 - 0.04, x, r1 + 1.04, stroke=BORDER, weight=0.1))
        else:
            y = max(r1, r2)
            out.append(Shape("line", c1 - 0.04, y, c1 + 1.04, y, stroke=BORDER, weight=0.1))
    if picture.corners is None:
        out.append(Shape("rect", 0, 0, picture.width, picture.height, stroke=BORDER,
                         weight=0.08))
    for (r, c), colour in picture.marks.items():
        out.append(Shape("rect", c + 0.08, r + 0.08, 0.84, 0.84, stroke=colour, weight=0.1))
    for (r1, c1), (r2, c2) in picture.lines:
        out.append(Shape("line", c1 + 0.5, r1 + 0.5, c2 + 0.5, r2 + 0.5,
                         stroke=picture.line_colour, weight=0.14))
    for (r1, c1), (r2, c2) in picture.edges:
        out.append(Shape("line", c1, r1, c2, r2, stroke=picture.line_colour, weight=0.12))
    if picture.corners is not None:
        for r in range(picture.height + 1):
            for c in range(picture.width + 1):
                out.append(Shape("circle", c, r, 0.06, fill=picture.corners))
    for (r, c), colour in picture.dots.items():
        out.append(Shape("circle", c + 0.5, r + 0.5, 0.07, fill=colour))
    for (r, c), (colour, outline) in picture.disc.items():
        out.append(Shape("circle", c + 0.5, r + 0.5, 0.32, fill=colour, stroke=outline,
                         weight=0.05))
    for (r, c), (text, colour) in picture.label.items():
        # a long label (three characters or more) made smaller to fit its cell
        out.append(Shape("text", c + 0.5, r + 0.5, fill=colour, weight=_fit(text, 0.9, 0.6),
                         text=text))
    for (r, c), (text, colour) in picture.point_labels.items():
        out.append(Shape("circle", c, r, 0.22, fill="#ffffff", stroke=colour, weight=0.03))
        out.append(Shape("text", c, r, fill=colour, weight=_fit(text, 0.36, 0.34), text=text))
    return out


def to_svg(picture: GridPicture | Sheet, cell: int = 40) -> str:
    """The picture as an SVG document, ``cell`` pixels a cell."""
    margin = 0.25 + getattr(picture, "frame", 0)
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
        elif s.kind == "polygon":
            corners = " ".join(f"{x},{y}" for x, y in s.points)
            parts.append(f'<polygon points="{corners}" fill="{s.fill}"/>')
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
    from matplotlib.patches import Circle, Polygon, Rectangle

    margin, dpi = 0.25 + getattr(picture, "frame", 0), 100
    width, height = picture.width + 2 * margin, picture.height + 2 * margin
    figure = Figure(figsize=(width * cell / dpi, height * cell / dpi), dpi=dpi)
    FigureCanvasAgg(figure)
    axes = figure.add_axes((0, 0, 1, 1))
    axes.set_xlim(-margin, picture.width + margin)
    axes.set_ylim(picture.height + margin, -margin)
    axes.set_axis_off()
    points = cell * 72 / dpi  # one cell in points, for line widths and fonts
    # Each shape above the ones before it, as in the SVG (matplotlib would otherwise put
    # every line above every patch: a number's white circle under the lines it covers).
    for z, s in enumerate(shapes(picture)):
        if s.kind == "rect":
            axes.add_patch(Rectangle((s.x, s.y), s.a, s.b, facecolor=s.fill,
                                     edgecolor=s.stroke, linewidth=s.weight * points,
                                     zorder=z))
        elif s.kind == "line":
            axes.plot([s.x, s.a], [s.y, s.b], color=s.stroke, linewidth=s.weight * points,
                      solid_capstyle="round" if s.stroke != GRID_LINE else "butt", zorder=z)
        elif s.kind == "polygon":
            axes.add_patch(Polygon(s.points, closed=True, facecolor=s.fill, edgecolor="none",
                                   zorder=z))
        elif s.kind == "circle":
            axes.add_patch(Circle((s.x, s.y), s.a, facecolor=s.fill, edgecolor=s.stroke,
                                  linewidth=s.weight * points, zorder=z))
        else:
            axes.text(s.x, s.y, s.text, color=s.fill, fontsize=s.weight * points * 0.75,
                      fontweight="bold", ha="center", va="center_baseline", zorder=z)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi, facecolor="white")
    return buffer.getvalue()


def to_gif(frames: Sequence[GridPicture | Sheet], durations: Sequence[int],
           cell: int = 40) -> bytes:
    """An animated GIF that shows each picture of ``frames`` (all of one size) for
    its duration in milliseconds, then starts again: drawn as the PNG is, each frame
    with its own palette (Pillow, which matplotlib brings)."""
    from PIL import Image

    images = [Image.open(io.BytesIO(to_png(frame, cell))).convert("RGB")
              .quantize(colors=255, method=Image.Quantize.MEDIANCUT) for frame in frames]
    buffer = io.BytesIO()
    images[0].save(buffer, format="GIF", save_all=True, append_images=images[1:],
                   duration=list(durations), loop=0, disposal=1, optimize=False)
    return buffer.getvalue()


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

