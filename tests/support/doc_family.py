"""The family ``docs/new-family.md`` builds, made from the page itself: its code blocks
that start with ``# family: mines``, joined in order into one module."""

from __future__ import annotations

import importlib.util
import re
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

PAGE = Path(__file__).resolve().parents[2] / "docs" / "new-family.md"
BLOCK = re.compile(r"```python\n# family: mines\n(.*?)```", re.S)


def source() -> str:
    """The family's code, as the page gives it."""
    blocks = BLOCK.findall(PAGE.read_text())
    assert blocks, f"{PAGE} has no family blocks"
    return "\n\n".join(blocks)


@cache
def module(folder: str) -> ModuleType:
    """The page's family, written to ``folder`` and imported as ``mines_doc``."""
    path = Path(folder) / "mines_doc.py"
    path.write_text(source())
    spec = importlib.util.spec_from_file_location("mines_doc", path)
    assert spec is not None and spec.loader is not None
    found = importlib.util.module_from_spec(spec)
    sys.modules["mines_doc"] = found
    spec.loader.exec_module(found)
    return found
