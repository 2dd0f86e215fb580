"""janko.at's boards with the answers it publishes (``tests/data/GENRE/janko.json``, from
the puzzlekit data set: each board as its puzz.link URL, or as grid text in a file of
another layout, each answer as the rows the genre reads): every answer must pass the
genre's checker and be the board's one solution."""

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
