"""janko.at's boards with the answers it publishes (``tests/data/GENRE/janko.json``, from
the puzzlekit data set: each board as its puzz.link URL, or as grid text in a file of
another layout, each answer as the rows the genre reads): every answer must pass the
genre's checker and be the board's one solution. And janko.at's own files: a file
rebuilt from a scrape of its pages (:func:`rebuilt`), its solution in the genre's answer
form (:func:`published_answer`), for ``tests/kit/test_janko_files.py`` and
``benchmarks/janko.py``."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

DATA = Path(__file__).parents[1] / "data"


def _file(genre: str) -> Any:
    path = DATA / genre / "janko.json"
    return json.loads(path.read_text()) if path.exists() else {}


def boards(genre: str) -> list[dict[str, Any]]:
    """The genre's janko.at boards, each with its ``name``, ``url`` and ``answer``."""
    return _file(genre)["boards"]  # type: ignore[no-any-return]


def holds(genre: ModuleType, entry: dict[str, Any]) -> None:
    """The entry's answer is read cleanly, passes the checker and is the only solution
    (``genre``: the genre's module, :mod:`cpsolve.models.tents` say)."""
    board = genre.parse(entry["url"])
    answer, clashes = genre.read_answer("\n".join(entry["answer"]), board)
    assert clashes == [] and genre.check(board, answer) == []
    found = genre.solve(board, limit=2)
    assert found.solutions == [answer], entry["name"]


def urls(genre: str) -> list[str]:
    """The puzz.link URLs of the genre's janko.at boards, where its file writes them
    (a file of another layout, or none, gives none)."""
    data = _file(genre)
    entries = data.get("boards") if isinstance(data, dict) else None
    return [entry["url"] for entry in entries or [] if isinstance(entry, dict) and "url" in entry]


def published(genre: str) -> list[str]:
    """Every board of the genre's janko.at file as the genre reads it: its puzz.link URL,
    or its grid text where the file keeps the board so (Nurimisaki's)."""
    data = _file(genre)
    entries = data.get("boards") if isinstance(data, dict) else None
    if isinstance(entries, dict):
        entries = list(entries.values())
    return [entry.get("url") or entry["board"] for entry in entries or []
            if isinstance(entry, dict) and ("url" in entry or "board" in entry)]


def published_answer(genre: str, board: Any, solution: Any) -> Any:
    """A janko.at file's ``solution`` section (its tokens) in the genre's answer form,
    to hold the one answer cpsolve finds to: the tents, shaded cells or stars as cells,
    the heights or numbers, the diagonals, a line's or a loop's pairs of cells."""
    cols = board.cols
    cells = [(r * cols + c, token.text) for r, row in enumerate(solution)
             for c, token in enumerate(row)]
    if genre == "tents":
        return frozenset(cell for cell, token in cells if token == "o")
    if genre in ("nonogram", "yajikazu", "tapa", "starbattle", "nurimaze"):
        return frozenset(cell for cell, token in cells if token == "x")
    if genre == "firefly":  # each square's sides on a line (E 1, S 2, W 4, N 8), between
        edges = set()  # the points, which are the cells here
        for r, row in enumerate(solution):
            for c, token in enumerate(row):
                bits = 0 if token.text == "-" else int(token.text)
                for bit, (r1, c1, r2, c2) in ((8, (r, c, r, c + 1)), (2, (r + 1, c, r + 1, c + 1)),
                                              (4, (r, c, r + 1, c)), (1, (r, c + 1, r + 1, c + 1))):
                    if bits & bit:
                        edges.add((r1 * cols + c1, r2 * cols + c2))
        return frozenset(edges)
    if genre == "sashigane":  # the L's, as the pairs of neighbours in one
        ids = dict(cells)
        return frozenset((cell, cell + step) for cell in ids for step in (1, cols)
                         if (step == cols or (cell + 1) % cols) and ids.get(cell + step) ==
                         ids[cell])
    if genre in ("skyscrapers", "fillomino"):
        return tuple(int(token) for _, token in cells)
    if genre == "gokigen":
        return tuple({"1": "\\", "2": "/"}.get(token, token) for _, token in cells)
    assert genre == "yajilin"  # the loop, as the cells' pairs it joins
    steps = {"e": 1, "s": cols}
    return frozenset((cell, cell + steps[way]) for cell, token in cells if token not in "x-"
                     for way in token if way in steps)


def rebuilt(data: dict[str, Any]) -> str:
    """A janko.at file's text from its keys and sections in order, as a scrape of its
    pages keeps them (``tkoz0/janko.at-puzzle-scraping``: a section a list of rows of
    tokens, a key without a value ``None``); the player's moves left out."""
    out = ["begin"]
    for key, value in data.items():
        key = key.rstrip("_")
        if key == "moves":
            continue
        if isinstance(value, list):
            out += [key, *(" ".join(map(str, row)) for row in value)]
        else:
            out.append(key if value is None else f"{key} {value}")
    return "\n".join([*out, "end"]) + "\n"
