"""The table of the forms each grid genre reads and writes, as ``docs/usage.md``
shows it between its ``forms table`` markers: what each genre declares, each "reads"
asked of the genre's own reader (a file of a form it does not read is refused by
name) and each "writes" an ``--format`` choice. ``tests/kit/test_forms_table.py``
holds the page to this table and every written form to a round trip of the genre's
example.

    python tools/forms_table.py            # print the table
    python tools/forms_table.py --write    # put it in docs/usage.md
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "usage.md"
BEGIN, END = "<!-- forms table: begin -->", "<!-- forms table: end -->"
# The game IDs' owners, by the name of the game in their web links.
GAMES = {"lightup": "Light Up", "loopy": "Loopy", "slant": "Slant", "towers": "Towers",
         "tents": "Tents", "pattern": "Pattern", "bridges": "Bridges"}
PROBES = {"janko.at": "begin\npuzzle {kind}\nsize 1\nend\n",
          "pzprjs": "pzprv3\n{kind}\n1\n1\n"}
REFUSED = {"janko.at": "not read from janko.at files", "pzprjs": "not read from pzprjs files"}


def reads(puzzle: Any, form: str) -> bool:
    """Whether the genre's reader takes ``form`` (``janko.at`` or ``pzprjs``): a
    one-cell file of that form is read, or refused for its contents, never for its
    form."""
    forms = puzzle.formats.forms
    kind = next(iter({**forms.kinds, **forms.janko_kinds} if form == "janko.at"
                     else forms.kinds))
    try:
        puzzle.parse(PROBES[form].format(kind=kind))
    except Exception as error:  # noqa: BLE001 - a refusal is the answer looked for
        return REFUSED[form] not in str(error)
    return True


def read_type(puzzle: Any, kind: str) -> bool:
    """Whether the genre reads puzz.link URLs of type ``kind``, not refuses them by name
    (pzprjs's variants on another genre's board): an empty 4x4 board is read."""
    try:
        puzzle.parse(f"https://puzz.link/p?{kind}/4/4/")
    except Exception:  # noqa: BLE001 - a refusal is the answer looked for
        return False
    return True


def row(name: str, puzzle: Any) -> list[str]:
    forms, exports = puzzle.formats.forms, puzzle.exports

    def both(read: bool, written: str) -> str:
        said = [w for w, yes in (("read", read), ("write", written in exports)) if yes]
        return ", ".join(said) if said else "–"

    read = [kind for kind in forms.kinds if read_type(puzzle, kind)]
    types = ", ".join(f"`{kind}`" for kind in read)
    refused = [kind for kind in forms.kinds if kind not in read]
    if refused:
        types += "; refused by name: " + ", ".join(f"`{kind}`" for kind in refused)
    janko = "read" if reads(puzzle, "janko.at") else "–"
    if janko != "–" and forms.janko_kinds:
        janko += " (also as " + ", ".join(f"`{k}`" for k in forms.janko_kinds) + ")"
    game = "–"
    if forms.tatham is not None:
        written = any(key in exports for key in ("tatham", "loopy"))
        game = f"{GAMES.get(forms.tatham, forms.tatham)}: " + ("read, write" if written
                                                               else "read")
    more = ", ".join(f"`{key}`" for key in exports
                     if key not in ("url", "grid", "penpa", "tatham", "loopy"))
    return [f"`{name}`", types, both(True, "url"), both(True, "grid"), janko,
            "read" if reads(puzzle, "pzprjs") else "–",
            both(forms.penpa is not None, "penpa"), game, more or "–"]


def table() -> str:
    from cpsolve import registry

    head = ["genre", "puzz.link types", "URL", "grid text", "janko.at files",
            "pzprjs files", "Penpa+", "game IDs", "more `--format`"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for name in registry.names():
        puzzle = getattr(registry.load(name), "grid", None)
        if puzzle is not None:
            lines.append("| " + " | ".join(row(name, puzzle)) + " |")
    return "\n".join(lines) + "\n"


def page_with(text: str, made: str) -> str:
    """``text`` (the page) with its table replaced by ``made``."""
    start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
    return text[:start] + "\n" + made + text[end:]


def main(argv: list[str]) -> int:
    made = table()
    if "--write" in argv:
        PAGE.write_text(page_with(PAGE.read_text(encoding="utf-8"), made), encoding="utf-8")
    else:
        sys.stdout.write(made)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
