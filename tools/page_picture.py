"""The README's picture of the setter's page: ``cpsolve serve`` started as users start
it, a published Heyawake with one number taken away pasted in, its fixes asked for,
the page drawn by headless Chromium to ``docs/images/serve.png``.

    .venv/bin/python tools/page_picture.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.server import browser, serving, settled  # noqa: E402

BOARD = """6 6
2 - - 2 - 2
- - - - - -
- - - - - -
- - - - - -
- - - - - -
- - - - - -
a b b c c d
a b b c c d
a b b c c d
e e e e e d
f f f g g d
f f f g g h
"""


def main() -> None:
    out = ROOT / "docs" / "images" / "serve.png"
    with serving() as (address, _), browser() as chromium:
        page = chromium.new_page(viewport={"width": 1100, "height": 640})
        page.goto(address + "?family=heyawake")
        settled(page)
        page.fill("#paste", BOARD)
        before = page.evaluate("() => state.revision")
        page.click("#open")
        page.wait_for_function(f"() => state.revision > {before}")
        settled(page)
        page.click("button[data-ask=fixes]")
        page.wait_for_selector("#found li", timeout=60_000)
        page.screenshot(path=str(out))
    print(out)


if __name__ == "__main__":
    main()
