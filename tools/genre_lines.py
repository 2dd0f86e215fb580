"""Count each genre's code: the lines of the Python files in its folder
(``models/NAME/``) that are not blank, not comments and not docstrings (a module's,
a class's or a function's first string). Data files of cases are not counted; nor
is a genre's compiled part (Akari's C).

    python tools/genre_lines.py            # the working tree
    python tools/genre_lines.py ef79e81    # as it was at a commit
    python tools/genre_lines.py ef79e81 .  # two side by side (. the working tree)

The last line is the median of the grid genres (every folder but the plan families,
``sliding`` and ``rotation``).
"""

from __future__ import annotations

import ast
import io
import statistics
import subprocess
import sys
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLANS = {"sliding", "rotation"}


def code_lines(source: str) -> int:
    """The lines of ``source`` that hold code: not blank, not a comment, not a
    docstring.

    >>> code_lines("'Doc.'\\n\\n# note\\nx = 1  # one\\ndef f():\\n    'Doc.'\\n    return x\\n")
    3
    """
    tree = ast.parse(source)
    docs: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                    and isinstance(body[0].value.value, str)):
                docs.update(range(body[0].lineno, (body[0].end_lineno or body[0].lineno) + 1))
    lines: set[int] = set()
    skip = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT,
            tokenize.ENDMARKER}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type not in skip:
            lines.update(range(token.start[0], token.end[0] + 1))
    return len(lines - docs)


def _files(revision: str | None) -> dict[str, list[str]]:
    """Each genre's Python sources, at ``revision`` (the working tree for None)."""
    out: dict[str, list[str]] = {}
    if revision is None:
        for folder in sorted((ROOT / "models").iterdir()):
            if (folder / "__init__.py").is_file():
                out[folder.name] = [p.read_text() for p in sorted(folder.rglob("*.py"))]
        return out
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-tree", "-r", "--name-only", revision,
                             "models"], capture_output=True, text=True, check=True).stdout
    for path in listed.split():
        parts = path.split("/")
        if len(parts) >= 3 and path.endswith(".py"):
            text = subprocess.run(["git", "-C", str(ROOT), "show", f"{revision}:{path}"],
                                  capture_output=True, text=True, check=True).stdout
            out.setdefault(parts[1], []).append(text)
    return out


def counts(revision: str | None = None) -> dict[str, int]:
    """Code lines by genre."""
    return {name: sum(map(code_lines, sources)) for name, sources in _files(revision).items()}


def median(found: dict[str, int]) -> float:
    return statistics.median(v for k, v in found.items() if k not in PLANS)


def main(argv: list[str]) -> int:
    revisions: list[str | None] = [None if r == "." else r for r in argv] or [None]
    tables = [counts(r) for r in revisions]
    names = sorted(set().union(*tables))
    heads = [r or "now" for r in revisions]
    print(f"{'genre':<12}" + "".join(f"{h:>10}" for h in heads)
          + ("    change" if len(tables) == 2 else ""))
    for name in names:
        row = [t.get(name) for t in tables]
        line = f"{name:<12}" + "".join(f"{'-' if v is None else v:>10}" for v in row)
        if len(tables) == 2 and None not in row:
            line += f"{row[1] - row[0]:>+10}"  # type: ignore[operator]
        print(line)
    print(f"{'median grid':<12}" + "".join(f"{median(t):>10g}" for t in tables))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
