"""Seeded instance generators for the example experiments.

A spec names them as ``generators.py:function``; each is called with ``seed=`` and
the spec's ``params`` and returns the board as text the family's ``parse`` reads.
"""

from __future__ import annotations

import random


def akari(*, seed: int, size: int, black: float = 0.2, clues: float = 1.0) -> str:
    """A random ``size`` x ``size`` Akari board built around a light placement, so it
    is solvable (often not uniquely)."""
    from cpsolve.models.akari.layout import generate

    board, _ = generate(size, size, black=black, clues=clues, seed=seed)
    return "\n".join(board.rows) + "\n"


def scramble(*, seed: int, width: int, height: int, walk: int) -> str:
    """A sliding-tile puzzle ``walk`` random blank moves away from the usual goal (the
    tiles in order, the blank last), never undoing the previous move: its optimal plan
    has at most ``walk`` moves.

    >>> print(scramble(seed=1, width=3, height=3, walk=0), end="")
    1 2 3
    4 5 6
    7 8 0
    """
    rng = random.Random(seed)
    cells = list(range(1, width * height)) + [0]
    blank = width * height - 1
    previous = None
    for _ in range(walk):
        row, col = divmod(blank, width)
        options = []
        if row > 0:
            options.append(blank - width)
        if row < height - 1:
            options.append(blank + width)
        if col > 0:
            options.append(blank - 1)
        if col < width - 1:
            options.append(blank + 1)
        options = [cell for cell in options if cell != previous] or options
        target = rng.choice(options)
        cells[blank], cells[target] = cells[target], 0
        previous, blank = blank, target
    size = len(str(width * height - 1))
    return "".join(" ".join(str(cells[r * width + c]).rjust(size) for c in range(width))
                   + "\n" for r in range(height))


def rotation(*, seed: int, size: int = 3) -> str:
    """A uniformly random arrangement of 1 .. size*size on a ``size`` x ``size``
    rotation puzzle (every 2x2 block a square; on 3x3 every arrangement is reachable).

    >>> print(rotation(seed=0), end="")
    8 6 2
    4 5 3
    1 9 7
    """
    rng = random.Random(seed)
    labels = [str(k) for k in range(1, size * size + 1)]
    rng.shuffle(labels)
    width = len(labels[-1])
    return "\n".join(" ".join(label.rjust(width) for label in labels[r * size:(r + 1) * size])
                     for r in range(size)) + "\n"


def heyawake(*, seed: int, size: str) -> str:
    """A Heyawake board of ``size`` (``ROWSxCOLS``) with exactly one solution (proven)
    and a minimal set of numbers."""
    from cpsolve.grid.generate import generate
    from cpsolve.models.heyawake import HEYAWAKE, to_text

    rows, cols = (int(n) for n in size.split("x"))
    made = generate(HEYAWAKE, rows, cols, seed=seed, symmetry="none", density=0.0)
    return to_text(made.board)


def masyu(*, seed: int, size: str) -> str:
    """A Masyu board of ``size`` (``ROWSxCOLS``) with exactly one solution (proven) and
    a minimal set of circles."""
    from cpsolve.grid.generate import generate
    from cpsolve.models.masyu import MASYU, to_text

    rows, cols = (int(n) for n in size.split("x"))
    made = generate(MASYU, rows, cols, seed=seed, symmetry="none", density=0.0)
    return to_text(made.board)


def sudoku(*, seed: int, size: int = 9, grade: str = "tough") -> str:
    """A ``size`` x ``size`` Sudoku proven unique, of ``grade``, givens placed with the
    rot2 symmetry, by the family's generator (the board as a puzz.link URL)."""
    from cpsolve.grid.generate import generate
    from cpsolve.models.sudoku import SUDOKU
    from cpsolve.models.sudoku.formats import to_url

    made = generate(SUDOKU, size, size, seed=seed, grade=grade, symmetry="rot2")
    return to_url(made.board) + "\n"


def starbattle(*, seed: int, size: int = 10, stars: int = 2) -> str:
    """A ``size`` x ``size`` Star Battle with ``stars`` stars a unit, proven unique, by
    the family's generator (the board as a puzz.link URL)."""
    from cpsolve.grid.generate import generate
    from cpsolve.models.starbattle import STARBATTLE, to_url

    made = generate(STARBATTLE, size, size, seed=seed, stars=stars)
    return to_url(made.board) + "\n"
