"""How a rotation puzzle looks: labels on cells (a colour per label where labels
repeat), the square just turned outlined and shaded."""

from __future__ import annotations

from cpsolve.grid.render import GridPicture, label_colours, outline
from cpsolve.models.rotation.board import Puzzle

TILE = "#dde6f2"
TURNED = "#ffd966"
INK = "#1a1a1a"


def picture(puzzle: Puzzle, state: tuple[str, ...], turned: tuple[int, ...] = ()
            ) -> GridPicture:
    """The labels of ``state``; the cells of the square ``turned`` shaded and
    outlined."""
    pic = GridPicture(puzzle.height, puzzle.width,
                      title=f"rotation {puzzle.width}x{puzzle.height}")
    colour = label_colours(puzzle.labels) if not puzzle.distinct else {}
    for cell, label in enumerate(state):
        where = divmod(cell, puzzle.width)
        pic.fill[where] = colour.get(label, TILE)
        pic.label[where] = (label, INK)
    cells = {divmod(cell, puzzle.width) for cell in turned}
    if cells and puzzle.distinct:
        for where in cells:
            pic.fill[where] = TURNED
    inside = {(r, c) for r in range(puzzle.height) for c in range(puzzle.width)}
    # Inner edges only: the frame drawn round every grid is the rest of the outline.
    pic.borders |= {pair for pair in outline(cells) if set(pair) <= inside}
    return pic
