"""The Nurimaze board: a grid divided into regions, a start (S) and a goal (G), and
circles and triangles in some cells; its forms, read and written as pzprjs does.

* grid text: ``ROWS COLS``, then ROWS rows of cell tokens (``S``, ``G``, ``o`` a
  circle, ``t`` a triangle, ``-`` or ``.`` nothing), then ROWS rows of region names
  (any token; a region is the cells of one name, connected); or the compact form,
  one character a cell, the two blocks apart by a blank line;
* puzz.link URLs (pzprjs ``decodeBorder``, then ``decodeCell_nurimaze``: ``1`` S,
  ``2`` G, ``3`` a circle, ``4`` a triangle, ``5``-``z`` a cell and 1 to 31 more
  with nothing);
* pzprjs files: the region count and names, then each cell's ``s``, ``g``, ``o``,
  ``t`` or ``.``;
* Penpa+ links: the regions the thick borders divide, S and G written in their cells,
  a circle and a triangle as the editor's symbols (any size and style);
* janko.at files (``puzzle nurimaze``): ``problem``, ``s``, ``g``, ``o`` a circle, ``t``
  (``n`` in its oldest files) a triangle, ``-`` nothing; ``areas``, the regions by
  number, the parts of one number apart from each other each a region, as the borders
  drawn between cells of other numbers divide them (5 of janko.at's 180 boards number two
  parts alike; in the solutions it publishes both parts have one colour, so the two
  readings agree there).

As on the site, a board that does not place S stands it in the first cell, and one
that does not place G stands it in the last; grid text writes S and G only where they
stand elsewhere, so a new board of the setter's page (no S, no G) reads back the same.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from cpsolve.errors import InputError
from cpsolve.grid import forms, penpa, puzzlink, regions
from cpsolve.grid import text as gridtext
from cpsolve.grid.codecs import Formats
from cpsolve.grid.geometry import Grid
from cpsolve.grid.regions import Divided, Wall

NONE, CIRCLE, TRIANGLE = 0, 1, 2
MARK_NAMES = {CIRCLE: "circle", TRIANGLE: "triangle"}
TOKENS = {"-": NONE, ".": NONE, "o": CIRCLE, "t": TRIANGLE}  # and S, G
WRITTEN = {NONE: "-", CIRCLE: "o", TRIANGLE: "t"}
ABOUT = "a cell holds S, G, o (a circle), t (a triangle), or '-' for nothing"


@dataclass(frozen=True)
class Board(Divided):
    """An immutable Nurimaze board: ``region[cell]`` each cell's region (numbered by
    first cells), ``start`` and ``goal`` the cells of S and G, ``marks[cell]``
    :data:`NONE`, :data:`CIRCLE` or :data:`TRIANGLE`; the walls a URL draws inside a
    region (they ask nothing).

    >>> b = Board(2, 2, (0, 0, 1, 1), 0, 3, (0, 1, 2, 0))
    >>> b.circles, b.triangles, b.regions
    ((1,), (2,), 2)
    """

    rows: int
    cols: int
    region: tuple[int, ...]
    start: int
    goal: int
    marks: tuple[int, ...]
    walls: tuple[Wall, ...] = ()
    holes: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        super().__post_init__()
        cells = self.rows * self.cols
        if len(self.marks) != cells or len(self.region) != cells:
            raise ValueError("a region and a mark per cell")
        if not (0 <= self.start < cells and 0 <= self.goal < cells) or self.start == self.goal:
            raise ValueError("S and G stand in two cells of the board")
        if self.marks[self.start] or self.marks[self.goal]:
            raise ValueError("no circle or triangle stands with S or G")

    @cached_property
    def circles(self) -> tuple[int, ...]:
        return tuple(c for c, mark in enumerate(self.marks) if mark == CIRCLE)

    @cached_property
    def triangles(self) -> tuple[int, ...]:
        return tuple(c for c, mark in enumerate(self.marks) if mark == TRIANGLE)

    def token(self, cell: int) -> str:
        """What grid text writes in ``cell``."""
        return "S" if cell == self.start else "G" if cell == self.goal else \
            WRITTEN[self.marks[cell]]


def placed(grid: Grid, cells: Sequence[tuple[int, str, Callable[[str], InputError]]]
           ) -> tuple[int, int, tuple[int, ...]]:
    """S, G and the marks from what each cell holds (``(cell, token, error)``, a token
    lower-cased, ``error(message)`` located at it); S not placed stands in the first
    cell, G in the last, as on the site."""
    if grid.cells < 2:
        raise InputError("a Nurimaze board has two cells at least, for S and G", line=1,
                         column=1)
    start = goal = None
    marks = [NONE] * grid.cells
    marked: dict[int, Callable[[str], InputError]] = {}
    placer: dict[int, Callable[[str], InputError]] = {}
    for cell, token, error in cells:
        if token in ("s", "g"):
            if (start if token == "s" else goal) is not None:
                raise error(f"a second {token.upper()}")
            placer[cell] = error
            if token == "s":
                start = cell
            else:
                goal = cell
        elif token in TOKENS:
            marks[cell] = TOKENS[token]
            if marks[cell]:
                marked[cell] = error
        else:
            raise error(f"{ABOUT}, not {token!r}")
    if start is None and goal == 0 or goal is None and start == grid.cells - 1:
        raise placer[0 if start is None else grid.cells - 1](
            "S and G in one cell: S stands in the first cell and G in the last where the "
            "board does not place them")
    start = 0 if start is None else start
    goal = grid.cells - 1 if goal is None else goal
    for cell in (start, goal):
        if cell in marked:
            raise marked[cell](f"a {MARK_NAMES[marks[cell]]} in the cell of "
                               f"{'S' if cell == start else 'G'} (at {grid.where(cell)})")
    return start, goal, tuple(marks)


def _from_tokens(rows: int, cols: int, cells: gridtext.Grid, names: gridtext.Grid,
                 apart: bool = False) -> Board:
    region, _ = regions.read(names, apart=apart)
    grid = Grid.of(rows, cols)
    start, goal, marks = placed(grid, [(cell, token.text.lower(), token.error) for cell, token
                                       in enumerate(t for row in cells for t in row)])
    return Board(rows, cols, tuple(region), start, goal, marks)


def parse_grid(text: str) -> Board:
    """Grid text (see the module docstring)."""
    rows, cols, (cells, names) = gridtext.read(text, 2, names=("cells", "regions"))
    return _from_tokens(rows, cols, cells, names)


# pzprjs decodeCell_nurimaze: a character a cell; 5-9, a-z: that cell and (value - 5)
# more with nothing.
_CELL_CHARS = {"1": "s", "2": "g", "3": "o", "4": "t"}
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def parse_url(url: str) -> Board:
    """A puzz.link URL (see the module docstring); what follows a complete board is
    ignored, as on the site, and a body that ends early leaves the rest empty."""
    link = puzzlink.split(url, KINDS, max_cells=gridtext.MAX_CELLS)
    region, walls, end = puzzlink.decode_regions(link)
    said: list[tuple[int, str, Callable[[str], InputError]]] = []
    cell, index = 0, end
    while cell < link.cells and index < len(link.body):
        char = link.body[index]

        def error(message: str, at: int = index) -> InputError:
            return link.error(message, at)

        if char in _CELL_CHARS:
            said.append((cell, _CELL_CHARS[char], error))
            cell += 1
        elif char in _DIGITS[5:]:
            cell += _DIGITS.index(char) - 4
        else:
            raise error(f"expected 1 (S), 2 (G), 3 (a circle), 4 (a triangle) or 5-z "
                        f"(cells with nothing), not {char!r}")
        index += 1
    start, goal, marks = placed(Grid(link.rows, link.cols), said)
    return Board(link.rows, link.cols, tuple(region), start, goal, marks, tuple(walls))


def to_url(board: Board) -> str:
    """The puzz.link URL pzprjs writes (``encodeBorder``, ``encodeCell_nurimaze``)."""
    body = puzzlink.encode_regions(board.rows, board.cols, board.region, board.walls)
    written = {"S": "1", "G": "2", "o": "3", "t": "4"}
    tokens = [written.get(board.token(cell)) for cell in range(board.cells)]
    out, count = [], 0
    for token in tokens:
        if token is None:
            count += 1
            if count == 31:  # pzprjs's longest run: z
                out.append(_DIGITS[4 + count])
                count = 0
            continue
        out.append((_DIGITS[4 + count] if count else "") + token)
        count = 0
    if count:
        out.append(_DIGITS[4 + count])
    return puzzlink.url("nurimaze", board.cols, board.rows, body + "".join(out))


def to_text(board: Board) -> str:
    """Grid text: the cells (S and G where they do not stand in the first and the
    last cell), then the region names."""
    regions.unwalled(board)
    shown = [board.token(cell) for cell in range(board.cells)]
    if board.start == 0 and board.goal == board.cells - 1:
        shown[0] = shown[-1] = "-"
    return "\n".join([f"{board.rows} {board.cols}", *regions.lines(
        board.cols, shown, regions.names(board.region))])


def parse_pzprv3(framed: forms.Framed) -> Board:
    """A pzprjs file: the region count and names, then each cell's token."""
    return _from_tokens(framed.rows, framed.cols, framed.grid("1"), framed.grid("0"))


def parse_janko(framed: forms.Framed) -> Board:
    """A janko.at file: its ``problem`` and ``areas`` (see the module docstring)."""
    cells = [[gridtext.Token("t" if t.text.lower() == "n" else t.text, t.line, t.column)
              for t in row] for row in framed.grid("problem")]
    return _from_tokens(framed.rows, framed.cols, cells, framed.grid("areas"), apart=True)


def parse_penpa(shown: penpa.Board) -> Board:
    """A Penpa+ link's board (see the module docstring)."""
    shown.only("Nurimaze", "borders", "numbers", "symbols")
    region, walls = shown.regions()
    said: list[tuple[int, str, Callable[[str], InputError]]] = []

    def error(at: str) -> Callable[[str], InputError]:
        return lambda message: InputError(f"{message} ({at})")

    for (r, c), text in sorted(shown.numbers.items()):
        said.append((r * shown.cols + c, text.strip().lower() if text.strip().lower() in
                     ("s", "g") else text.strip(), error(penpa.at((r, c)))))
    for (r, c), (shape, _) in sorted(shown.symbols.items()):
        token = "o" if shape.startswith("circle") else "t" if shape.startswith("triup") \
            else shape
        said.append((r * shown.cols + c, token, error(penpa.at((r, c)))))
    start, goal, marks = placed(Grid.of(shown.rows, shown.cols), sorted(said))
    return Board(shown.rows, shown.cols, tuple(region), start, goal, marks, tuple(walls))


def to_penpa(board: Board) -> str:
    """The Penpa+ link of ``board``: its regions' borders, S and G as text, circles and
    triangles as the editor's middle-sized symbols (as noqx reads them)."""
    shape = {CIRCLE: ("circle_M", 1), TRIANGLE: ("triup_M", 1)}
    rc = board.grid.rc
    return penpa.write(penpa.Board(
        board.rows, board.cols, borders=penpa.borders(board.cols, board.fences),
        numbers={rc(board.start): "S", rc(board.goal): "G"},
        symbols={rc(cell): shape[mark] for cell, mark in enumerate(board.marks) if mark}))


KINDS = {"nurimaze": "Nurimaze"}


def formats(answer: Callable[[str], bool] | None = None) -> Formats[Any]:
    """Every form a Nurimaze board is read in, and written."""
    found = forms.Forms(kinds=KINDS, url=parse_url, grid=parse_grid, pzprv3=parse_pzprv3,
                        pzprv3_blocks=lambda kind: (1, 0), answer=answer, penpa=parse_penpa,
                        janko=parse_janko)
    return Formats(found, regions.main_form(to_text, to_url),
                   {"url": to_url, "grid": to_text, "penpa": to_penpa})
