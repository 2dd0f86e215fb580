"""Reading rotation puzzles.

Grid text: whitespace-separated labels, one row per line. Optional sections follow,
each opened by a line holding only its keyword:

- ``goal``: a second grid, the same size, with the same labels (by default the
  labels in natural order, row-major: ``1 2 3 / 4 5 6 / 7 8 9``);
- ``squares``: one cycle of cells per line, clockwise, cells numbered row-major from
  0, optionally named (``A: 0 1 4 3``); by default every 2x2 block is a square.

Lines starting with ``#`` are comments; blank lines are skipped.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

from cpsolve.errors import InputError
from cpsolve.labels import natural_key
from cpsolve.models.rotation.board import Puzzle, Square, blocks, parse_moves, square_name
from cpsolve.planning.replay import Step, Walk

SECTIONS = ("goal", "squares")
# The largest grid read: the facts before any search (each label's distances to its
# goal cells over the turns) take seconds at 30x30 and grow with the square of the
# cells.
MAX_CELLS = 1_000
Token = tuple[str, int, int]  # text, line, column (1-based)


def _rows(lines: list[tuple[int, str]]) -> list[list[Token]]:
    return [[(m.group(0), number, m.start() + 1) for m in re.finditer(r"\S+", line)]
            for number, line in lines]


def _grid(rows: list[list[Token]], what: str, width: int | None = None,
          height: int | None = None) -> tuple[int, int, list[Token]]:
    if not rows:
        raise InputError(f"the {what} has no rows")
    first = len(rows[0]) if width is None else width
    for row in rows:
        if len(row) != first:
            raise InputError(f"this row of the {what} has {len(row)} labels, the "
                             f"{'first row' if width is None else 'board'} has {first}",
                             line=row[0][1], column=1)
    if height is not None and len(rows) != height:
        raise InputError(f"the {what} has {len(rows)} row{'s' if len(rows) != 1 else ''}, "
                         f"the board has {height}",
                         line=rows[0][0][1], column=1)
    return first, len(rows), [token for row in rows for token in row]


def _squares(rows: list[list[Token]], width: int, height: int) -> tuple[Square, ...]:
    n = width * height
    out: list[Square] = []
    for row in rows:
        line_of = row[0][1]
        taken = {square.name for square in out}
        name = next(square_name(k) for k in range(len(out) + len(rows) + 1)
                    if square_name(k) not in taken)
        if row[0][0].endswith(":"):
            name = row[0][0][:-1]
            if not re.fullmatch(r"[A-Z]+", name):
                raise InputError(f"square name {name!r}: capital letters only",
                                 line=row[0][1], column=row[0][2])
            row = row[1:]
        if any(square.name == name for square in out):
            raise InputError(f"square {name} is named twice", line=line_of, column=1)
        cells: list[int] = []
        for text, line, column in row:
            if not re.fullmatch(r"[0-9]+", text):
                raise InputError(f"{text!r} is not a cell number", line=line, column=column)
            cell = int(text)
            if cell >= n:
                raise InputError(f"cell {cell} is outside the {width}x{height} grid "
                                 f"(cells 0-{n - 1})", line=line, column=column)
            if cell in cells:
                raise InputError(f"cell {cell} is repeated in square {name}", line=line,
                                 column=column)
            cells.append(cell)
        if len(cells) < 2:
            raise InputError(f"square {name} needs at least two cells", line=line_of,
                             column=1)
        out.append(Square(name, tuple(cells)))
    return tuple(out)


def parse(text: str) -> Puzzle:
    """A rotation puzzle from grid text (see the module docstring).

    >>> p = parse("9 8 7\\n4 5 6\\n3 2 1")
    >>> p.goal, [s.name for s in p.squares], len(p.moves)
    (('1', '2', '3', '4', '5', '6', '7', '8', '9'), ['A', 'B', 'C', 'D'], 8)
    """
    parts: dict[str, list[tuple[int, str]]] = {"board": []}
    section = "board"
    headers: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.lower() in SECTIONS:
            section = stripped.lower()
            if section in parts:
                raise InputError(f"a second {section!r} section", line=number, column=1)
            parts[section] = []
            headers[section] = number
            continue
        parts[section].append((number, line))
    if not parts["board"]:
        raise InputError("empty board: no rows of labels", line=1, column=1)
    first_line, first = parts["board"][0]
    size = len(first.split()), len(parts["board"])
    if size[0] * size[1] > MAX_CELLS:
        raise InputError(f"{size[0]}x{size[1]} is too large (at most {MAX_CELLS:,} cells)",
                         line=first_line, column=1)
    width, height, start = _grid(_rows(parts["board"]), "board")
    for section, lines in parts.items():
        if not lines and section != "board":
            raise InputError(f"the {section!r} section is empty", line=headers[section],
                             column=1)
    if "goal" in parts:
        _, _, goal = _grid(_rows(parts["goal"]), "goal", width, height)
        _same_labels(start, goal)
        goal_labels = tuple(token[0] for token in goal)
    else:
        goal_labels = tuple(sorted((token[0] for token in start), key=natural_key))
    if "squares" in parts:
        squares = _squares(_rows(parts["squares"]), width, height)
    else:
        squares = blocks(width, height)
    if not squares:
        raise InputError(f"a {width}x{height} grid has no 2x2 square: list the squares "
                         "after a line 'squares'", line=parts["board"][0][0], column=1)
    return Puzzle(width, height, tuple(token[0] for token in start), goal_labels, squares)


def _same_labels(start: list[Token], goal: list[Token]) -> None:
    have, want = Counter(t[0] for t in start), Counter(t[0] for t in goal)
    seen: Counter[str] = Counter()
    for text, line, column in start:
        seen[text] += 1
        if seen[text] > want[text]:  # the first occurrence the goal has no room for
            message = (f"label {text!r} is not in the goal" if not want[text] else
                       f"label {text!r} is in the board {have[text]} times, in the goal "
                       f"{want[text]}")
            raise InputError(message, line=line, column=column)
    for text, line, column in goal:
        if want[text] > have[text]:
            raise InputError(f"goal label {text!r} is in the goal {want[text]} times, in the "
                             f"board {have[text]}", line=line, column=column)


def parse_goal(text: str, puzzle: Puzzle) -> Puzzle:
    """``puzzle`` with the goal grid ``text`` (the same size and labels).

    >>> parse_goal("2 1\\n3 4", parse("1 2\\n3 4")).goal
    ('2', '1', '3', '4')
    """
    lines = [(number, line) for number, line in enumerate(text.splitlines(), 1)
             if line.strip() and not line.strip().startswith("#")]
    _, _, goal = _grid(_rows(lines), "goal", puzzle.width, puzzle.height)
    have, want = Counter(puzzle.start), Counter(t[0] for t in goal)
    for label, line, column in goal:
        if want[label] > have[label]:
            raise InputError(f"goal label {label!r} is in the goal {want[label]} times, in "
                             f"the board {have[label]}", line=line, column=column)
    for label in puzzle.start:
        if have[label] > want[label]:
            raise InputError(f"label {label!r} of the board is in the goal {want[label]} "
                             f"times, in the board {have[label]}")
    return replace(puzzle, goal=tuple(t[0] for t in goal))


def write(puzzle: Puzzle) -> str:
    """The puzzle as grid text, with its goal and squares sections (``parse`` reads it
    back)."""
    lines = [puzzle.text(puzzle.start), "goal", puzzle.text(puzzle.goal), "squares"]
    lines += [f"{s.name}: " + " ".join(map(str, s.cells)) for s in puzzle.squares]
    return "\n".join(lines) + "\n"


def walk(puzzle: Puzzle, plan: str) -> Walk:
    """``plan`` replayed from the start: the labels after each move and the square it
    turned, as far as its moves are moves of this puzzle.

    >>> w = walk(parse("4 1 3\\n5 2 6\\n7 8 9"), "A-")
    >>> [(s.move, s.says, s.cells) for s in w.steps], w.last == w.goal
    ([('A-', 'square A counter-clockwise', (0, 1, 4, 3))], True)
    """
    moves, bad = parse_moves(puzzle, plan)
    state, steps = puzzle.start, list[Step]()
    for number in moves:
        move = puzzle.moves[number]
        square = puzzle.squares[move.square]
        state = puzzle.apply(state, number)
        way = "clockwise" if move.turn > 0 else "counter-clockwise"
        if len(square.cells) == 2:
            way = "swapped"
        steps.append(Step(move.name, f"square {square.name} {way}", move.name, state,
                          square.cells))
    return Walk(puzzle.start, puzzle.goal, steps, complete=bad is None)
