"""What the setter's page edits in a grid family's board, declared once per family
(:class:`Editor`), and the one shape every family's board takes on the page
(:class:`Draft`): a grid of cell tokens, a grid of region labels, the numbers on the
size line. The page never learns a family's formats: a draft becomes the family's own
grid text (:func:`to_board`, through its ``parse``) and a board becomes a draft
through its own ``board_text`` (:func:`to_draft`).

>>> from cpsolve.models.heyawake import HEYAWAKE
>>> draft = to_draft(HEYAWAKE, HEYAWAKE.parse("2 2\\n1 -\\n- -\\na a\\nb b\\n"))
>>> draft.cells, draft.regions
([['1', '-'], ['-', '-']], [['a', 'a'], ['b', 'b']])
>>> HEYAWAKE.exports["url"](to_board(HEYAWAKE, draft))
'https://puzz.link/p?heyawake/2/2/0o1g'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from cpsolve.errors import InputError
from cpsolve.grid import text as gridtext

MAX_SIDE = 100  # the largest side a board on the page may have
LABELS = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class Editor:
    """How the page edits a family's board.

    ``cycle``: the tokens a click steps a cell through, the first what a new board's
    cells hold (empty: the board has no cell tokens, only regions); ``numbers``: the
    least and greatest number a key types into a cell (``None``: keys type none; a
    greatest of ``None``: up to the board's cell count); ``regions``: whether the board
    has regions, drawn by clicking the border between two cells; ``params``: the
    numbers written after the size (Star Battle's stars) with their defaults;
    ``compact``: the grid text is one character a cell without a size line (Akari,
    Sudoku); ``size``: a new board's rows and columns; ``square``: boards are square
    (a new size's rows are its columns); ``letters``: keys that write a letter after a
    cell's number, keeping the number (Yajilin's arrows, ``nsew``: a second press of
    the same letter takes it away); ``flags``: words the size line may carry after its
    numbers, each a rule the page turns on with a checkbox (Numberlink's ``fill``);
    ``pair``: a character that splits a cell's number in two (Kakuro's ``,``: the down
    sum before it, the across sum after): keys type the first part, and the character's
    own key moves on to the second; ``shade``: a mark a click puts before a cell's
    token or takes away, keeping the number after it (Double Choco's grey ``#``);
    ``frame``: where the draft lies on the board's picture, the rows and columns of the
    draft before the picture's grid (Skyscrapers' and Kakuro's frame of clues: 1, 1;
    Gokigen's grid points: 0.5, 0.5, each point the square around it); ``drawn``: the
    grid text the page reads a board's draft from, when it is not the family's own
    ``board_text`` (Double Choco's colours and numbers in one grid of tokens), in a
    form the family's ``parse`` reads back to the same board; ``borders``: the board's
    field of borders drawn between cells side by side where the board has no regions
    (Fillomino's ``drawn``: pairs of cells ``a < b``, numbered in reading order), each
    drawn or taken away by a click on a cell's side, as the page draws regions' borders
    (grid text cannot say them: a board's URL carries them)."""

    cycle: tuple[str, ...] = ()
    numbers: tuple[int, int | str] | None = None
    regions: bool = False
    params: tuple[tuple[str, int], ...] = ()
    compact: bool = False
    size: tuple[int, int] = (10, 10)
    square: bool = False
    empty: tuple[str, ...] = ()
    letters: str = ""
    flags: tuple[str, ...] = ()
    pair: str = ""
    shade: str = ""
    frame: tuple[float, float] = (0, 0)
    drawn: Callable[[Any], str] | None = None
    borders: str = ""

    def to_json(self) -> dict[str, Any]:
        """The declaration as the page reads it."""
        return {"cycle": list(self.cycle), "numbers": list(self.numbers) if self.numbers
                else None, "regions": self.regions,
                "params": [{"name": n, "default": d} for n, d in self.params],
                "size": list(self.size), "square": self.square, "letters": self.letters,
                "flags": list(self.flags), "pair": self.pair, "shade": self.shade,
                "frame": list(self.frame), "borders": bool(self.borders)}


class Edited(Protocol):
    """What the page needs of a family (a :class:`~cpsolve.grid.puzzle.GridPuzzle`):
    its name, its editor, and its main format both ways."""

    @property
    def name(self) -> str: ...
    @property
    def editor(self) -> Editor | None: ...
    @property
    def parse(self) -> Callable[[str], Any]: ...
    @property
    def board_text(self) -> Callable[[Any], str]: ...


@dataclass
class Draft:
    """A board as the page holds it: ``cells`` (rows of tokens; ``None`` when the
    family's cells hold none), ``regions`` (rows of labels, or ``None``), ``params``
    (the numbers after the size), ``flags`` (the words after them: the rules on),
    ``borders`` (the borders drawn in a board without regions, each ``[r1, c1, r2, c2]``
    between two cells side by side, the first before the second in reading order)."""

    rows: int
    cols: int
    cells: list[list[str]] | None = None
    regions: list[list[str]] | None = None
    params: list[int] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    borders: list[list[int]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"rows": self.rows, "cols": self.cols, "cells": self.cells,
                "regions": self.regions, "params": self.params, "flags": self.flags,
                "borders": self.borders}

    @classmethod
    def from_json(cls, data: Any) -> Draft:
        """A draft from the page's JSON; an :class:`~cpsolve.errors.InputError` for
        anything else (a wrong type, ragged rows, a side past :data:`MAX_SIDE`)."""
        if not isinstance(data, dict):
            raise InputError("a board is an object with rows, cols, cells and regions")
        rows, cols = data.get("rows"), data.get("cols")
        if not isinstance(rows, int) or not isinstance(cols, int) or isinstance(rows, bool) \
                or isinstance(cols, bool):
            raise InputError("a board's rows and cols are numbers")
        _side(rows, cols)
        grids = [_grid(data.get(name), rows, cols, name) for name in ("cells", "regions")]
        params = data.get("params") or []
        if not isinstance(params, list) or not all(
                isinstance(p, int) and not isinstance(p, bool) for p in params):
            raise InputError("a board's params are numbers")
        flags = data.get("flags") or []
        if not isinstance(flags, list) or not all(
                isinstance(f, str) and f.isascii() and f.isalpha() for f in flags):
            raise InputError("a board's flags are words")
        return cls(rows, cols, grids[0], grids[1], list(params), list(flags),
                   _borders(data.get("borders") or [], rows, cols))


def _borders(value: Any, rows: int, cols: int) -> list[list[int]]:
    """The page's borders, each ``[r1, c1, r2, c2]`` between two cells side by side,
    in order and once each; an :class:`InputError` for anything else.

    >>> _borders([[0, 1, 0, 0], [0, 0, 1, 0]], 2, 2)
    [[0, 0, 0, 1], [0, 0, 1, 0]]
    """
    if not isinstance(value, list) or len(value) > 2 * rows * cols:
        raise InputError("a board's borders are a list of [r1, c1, r2, c2]")
    found = set()
    for item in value:
        if (not isinstance(item, list) or len(item) != 4
                or not all(isinstance(n, int) and not isinstance(n, bool) for n in item)):
            raise InputError("a border is [r1, c1, r2, c2]: two cells side by side")
        a, b = sorted([(item[0], item[1]), (item[2], item[3])])
        if (not all(0 <= r < rows and 0 <= c < cols for r, c in (a, b))
                or abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1):
            raise InputError(f"the border {item} is not between two cells of the "
                             f"{rows}x{cols} board side by side")
        found.add((*a, *b))
    return [list(key) for key in sorted(found)]


def _side(rows: int, cols: int) -> None:
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise InputError(f"a board on the page has 1 to {MAX_SIDE} rows and columns, "
                         f"not {rows}x{cols}")


def _grid(value: Any, rows: int, cols: int, name: str) -> list[list[str]] | None:
    if value is None:
        return None
    if (not isinstance(value, list) or len(value) != rows
            or not all(isinstance(row, list) and len(row) == cols for row in value)):
        raise InputError(f"the board's {name} are {rows} rows of {cols} tokens")
    out = [[str(token) for token in row] for row in value]
    if any(not token or re.search(r"\s", token) for row in out for token in row):
        raise InputError(f"a token of the board's {name} is empty or holds a space")
    return out


def require_editor(puzzle: Edited) -> Editor:
    """The family's :class:`Editor`; an :class:`InputError` when it declares none."""
    if puzzle.editor is None:
        raise InputError(f"{puzzle.name} declares no editor: the page cannot edit it")
    editor: Editor = puzzle.editor
    return editor


def blank(puzzle: Edited, rows: int, cols: int) -> Draft:
    """A new board: every cell the editor's first token, one region."""
    editor = require_editor(puzzle)
    _side(rows, cols)
    cells = [[editor.cycle[0]] * cols for _ in range(rows)] if editor.cycle else None
    regions = [["a"] * cols for _ in range(rows)] if editor.regions else None
    return Draft(rows, cols, cells, regions, [d for _, d in editor.params])


def label(k: int) -> str:
    """The ``k``-th region label: ``a`` to ``z``, then ``ba``, ``bb``, ...

    >>> label(0), label(25), label(26), label(27)
    ('a', 'z', 'ba', 'bb')
    """
    out = LABELS[k % 26]
    while k >= 26:
        k //= 26
        out = LABELS[k % 26] + out
    return out


def relabelled(regions: list[list[str]]) -> list[list[str]]:
    """Regions labelled as the page draws them: each region (cells of one label joined
    side by side) its own label, in reading order of their first cells.

    >>> relabelled([["x", "y", "x"], ["x", "x", "x"]])
    [['a', 'b', 'a'], ['a', 'a', 'a']]
    """
    rows, cols = len(regions), len(regions[0])
    out = [[""] * cols for _ in range(rows)]
    count = 0
    for r in range(rows):
        for c in range(cols):
            if out[r][c]:
                continue
            name, stack = label(count), [(r, c)]
            count += 1
            out[r][c] = name
            while stack:
                y, x = stack.pop()
                for v, u in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                    if (0 <= v < rows and 0 <= u < cols and not out[v][u]
                            and regions[v][u] == regions[y][x]):
                        out[v][u] = name
                        stack.append((v, u))
    return out


def to_text(puzzle: Edited, draft: Draft) -> str:
    """The draft as the family's grid text."""
    editor = require_editor(puzzle)
    if (draft.cells is None) != (not editor.cycle):
        raise InputError(f"a {puzzle.name} board {'has' if editor.cycle else 'has no'} "
                         "cell tokens")
    if (draft.regions is None) == editor.regions:
        raise InputError(f"a {puzzle.name} board {'has' if editor.regions else 'has no'} "
                         "regions")
    blocks = [b for b in (draft.cells, draft.regions) if b is not None]
    if editor.compact:
        if any(len(token) != 1 for block in blocks for row in block for token in row):
            raise InputError(f"a {puzzle.name} cell holds one character")
        return "\n".join("".join(row) for block in blocks for row in block) + "\n"
    if len(draft.params) != len(editor.params):
        raise InputError(f"a {puzzle.name} board gives "
                         + (", ".join(n for n, _ in editor.params) or "no numbers")
                         + " after its size")
    unknown = [flag for flag in draft.flags if flag not in editor.flags]
    if unknown:
        raise InputError(f"a {puzzle.name} board has no rule {unknown[0]!r}"
                         + (f" (its rules: {', '.join(editor.flags)})" if editor.flags
                            else ""))
    flags = [flag for flag in editor.flags if flag in draft.flags]
    head = " ".join(str(n) for n in (draft.rows, draft.cols, *draft.params, *flags))
    return head + "\n" + "".join(" ".join(row) + "\n" for block in blocks for row in block)


def to_board(puzzle: Edited, draft: Draft) -> Any:
    """The family's board for ``draft``, read by its own ``parse``: an
    :class:`InputError` that names the row and column of the draft where the text
    fails (and any other place of the text it names, in rows and columns too).

    >>> from cpsolve.models.heyawake import HEYAWAKE
    >>> try:
    ...     to_board(HEYAWAKE, Draft(1, 2, [["1", "2"]], [["a", "a"]]))
    ... except InputError as error:
    ...     print(error.message)
    row 1, column 2: a second number in the room of the one at row 1, column 1
    """
    written = to_text(puzzle, draft)
    field_name = require_editor(puzzle).borders
    if draft.borders and not field_name:
        raise InputError(f"a {puzzle.name} board has no borders drawn in it")
    try:
        board = puzzle.parse(written)
    except InputError as error:
        where = _cell(puzzle, draft, error.line, error.column)

        def moved(found: re.Match[str]) -> str:
            return _cell(puzzle, draft, int(found[1]), int(found[2])) or found[0]

        message = re.sub(r"line (\d+), column (\d+)", moved, error.message)
        raise InputError(f"{where}: {message}" if where else message) from None
    if not field_name:
        return board
    pairs = _borders(draft.borders, draft.rows, draft.cols)
    return replace(board, **{field_name: frozenset(
        (r1 * draft.cols + c1, r2 * draft.cols + c2) for r1, c1, r2, c2 in pairs)})


def _cell(puzzle: Edited, draft: Draft, line: int | None,
          column: int | None) -> str | None:
    """``row 3, column 2`` for a place in the draft's written text (``row 3`` where
    the column falls outside the board), ``None`` for a place outside its rows."""
    if line is None:
        return None
    compact = require_editor(puzzle).compact
    index = line - (1 if compact else 2)
    written = [r for b in (draft.cells, draft.regions) if b is not None for r in b]
    if not 0 <= index < len(written):
        return None
    row, at = index % draft.rows, (column or 1)
    if compact:
        cell = at - 1
    else:
        start, cell = 0, len(written[index])
        for k, token in enumerate(written[index]):
            if at <= start + len(token) + 1:
                cell = k
                break
            start += len(token) + 1
    if not 0 <= cell < draft.cols:
        return f"row {row + 1}"
    return f"row {row + 1}, column {cell + 1}"


def _size_line(lines: list[tuple[int, str]]) -> list[str] | None:
    """The words of the grid text's size line (``ROWS COLS``, the numbers after them
    and the words of the rules on), or ``None`` for compact text without one."""
    head = lines[0][1].split() if lines else []
    sized = (len(head) >= 2 and all(w.isascii() and w.isdigit() for w in head[:2])
             and all(w.isascii() and w.isalnum() for w in head[2:]))
    return head if sized else None


def size_of(puzzle: Edited, board: Any, written: str | None = None
            ) -> tuple[int, int]:
    """The board's rows and columns, read from the family's grid text (``written``:
    that text, when it is written already).

    >>> from cpsolve.models.masyu import MASYU
    >>> size_of(MASYU, MASYU.parse("2 3\\n- w -\\n- - -\\n"))
    (2, 3)
    """
    lines = gridtext.content(puzzle.board_text(board) if written is None else written)
    head = _size_line(lines)
    if head is not None:
        return int(head[0]), int(head[1])
    return len(lines), len(lines[0][1].strip()) if lines else 0


def drawable(puzzle: Edited, board: Any) -> None:
    """Refuse a board the page cannot draw: walls inside its regions (the page draws
    regions, not walls)."""
    if walls := getattr(board, "walls", ()):
        raise InputError(f"the page draws rooms and regions, not walls inside them, and "
                         f"this board has {len(walls)}: the command line solves it "
                         f"(cpsolve {puzzle.name} URL)")


def to_draft(puzzle: Edited, board: Any, written: str | None = None) -> Draft:
    """``board`` as the page holds it, read from the family's own grid text
    (``written``: that text, when it is written already; the editor's ``drawn`` text
    instead, when it declares one). A board the page cannot draw
    (:func:`drawable`: walls inside its regions, say) is refused.

    >>> from cpsolve.models.heyawake import HEYAWAKE
    >>> to_draft(HEYAWAKE, HEYAWAKE.parse("https://puzz.link/p?heyawake/2/2/g"))
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    cpsolve.errors.InputError: the page draws ..., and this board has 1: ...
    """
    editor = require_editor(puzzle)
    drawable(puzzle, board)
    if editor.drawn is not None:
        written = editor.drawn(board)
    elif editor.borders:  # grid text cannot say them: the borders are read on their own
        written = puzzle.board_text(replace(board, **{editor.borders: frozenset()}))
    elif written is None:
        written = puzzle.board_text(board)
    lines = gridtext.content(written)
    params: list[int] = []
    flags: list[str] = []
    head = _size_line(lines)
    if head is not None:  # the size line, then rows of tokens
        params = [int(w) for w in head[2:] if w.isdigit()]
        flags = [w for w in head[2:] if not w.isdigit()]
        written = "\n".join([f"{head[0]} {head[1]}", *(line for _, line in lines[1:])])
    blocks = int(bool(editor.cycle)) + int(editor.regions)
    rows, cols, grids = gridtext.read(written, blocks)
    tokens = [[[t.text for t in row] for row in grid] for grid in grids]
    cells = tokens[0] if editor.cycle else None
    if cells is not None and editor.empty:
        cells = [[editor.cycle[0] if t in editor.empty else t for t in row] for row in cells]
    regions = tokens[-1] if editor.regions else None
    borders = [[*divmod(a, cols), *divmod(b, cols)]
               for a, b in sorted(getattr(board, editor.borders))] if editor.borders else []
    return Draft(rows, cols, cells, relabelled(regions) if regions else None, params, flags,
                 borders)


__all__ = ["MAX_SIDE", "Draft", "Editor", "blank", "label", "relabelled", "require_editor",
           "drawable", "size_of", "to_board", "to_draft", "to_text"]
