"""How a sliding puzzle looks: walls dark, tiles with their labels (a colour per label
where labels repeat), the blank empty, the tile just moved marked."""

from __future__ import annotations

from cpsolve.grid.render import MARK, GridPicture, label_colours
from cpsolve.models.sliding.board import BLANK, WALL, Board

WALL_FILL = "#3c3c3c"
TILE = "#dde6f2"
MOVED = "#ffd966"
INK = "#1a1a1a"


def picture(board: Board, moved: tuple[int, ...] = (), *,
            labels: tuple[str, ...] = ()) -> GridPicture:
    """One board; ``moved`` cells marked (the tile that just slid there); ``labels``,
    when given, the labels in the order of their colours (repeated labels)."""
    pic = GridPicture(board.height, board.width, title=f"{board.width}x{board.height}")
    colour = label_colours(labels) if labels else {}
    for cell, label in enumerate(board.cells):
        where = divmod(cell, board.width)
        if label == WALL:
            pic.fill[where] = WALL_FILL
        elif label != BLANK:
            pic.fill[where] = colour.get(label, TILE)
            pic.label[where] = (label, INK)
    for cell in moved:
        where = divmod(cell, board.width)
        pic.fill[where] = MOVED
        pic.marks[where] = MARK
    return pic
