"""``cpsolve serve`` as its users start it, in a subprocess on a free port, and the
headless Chromium the page's tests drive (Debian's ``chromium``, through Playwright)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from tests.support.cli import CPSOLVE, interruptible

ADDRESS_RE = re.compile(r"the page is at (http://\S+/)")
# Flags a headless Chromium needs on a closed network, run as root in a container.
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run",
                  "--disable-dev-shm-usage"]


@contextmanager
def serving(*args: str) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """``cpsolve serve --port 0 ARGS``: the page's address and the server's process,
    stopped by Ctrl-C afterwards (exit 130, as a user stops it)."""
    import signal

    command = [str(CPSOLVE)] if CPSOLVE.exists() else [sys.executable, "-m", "cpsolve"]
    process = interruptible([*command, "serve", "--port", "0", "--no-browser", *args],
                            stderr=subprocess.PIPE, stdout=subprocess.DEVNULL)
    assert process.stderr is not None
    line = process.stderr.readline()
    found = ADDRESS_RE.search(line)
    if not found:
        process.kill()
        raise AssertionError(f"cpsolve serve did not say its address: {line!r}"
                             f"{process.stderr.read()}")
    try:
        yield found.group(1), process
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        process.stderr.close()


@cache
def headers(address: str) -> dict[str, str]:
    """What the page's script sends with every API call of the server at ``address``:
    the token the server wrote into the page."""
    import httpx

    page = httpx.get(address, timeout=30).text
    found = re.search(r'<meta name="cpsolve-token" content="([^"]+)">', page)
    assert found, "the page carries no token"
    return {"X-Cpsolve-Token": found.group(1)}


def resident_mb(pid: int) -> float:
    """The process's resident memory now, in MB (``VmRSS``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def chromium() -> str:
    """The browser to drive: ``CPSOLVE_CHROMIUM``, else Debian's ``chromium`` on the
    path. Where there is none, the test skips and says why, unless
    ``CPSOLVE_REQUIRE_BROWSER`` is set (CI sets it: there it must run)."""
    found = os.environ.get("CPSOLVE_CHROMIUM") or shutil.which("chromium") or (
        "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)
    if found is None:
        why = ("no Chromium here: install Debian's chromium (apt-get install chromium) or "
               "set CPSOLVE_CHROMIUM to a Chromium binary")
        if os.environ.get("CPSOLVE_REQUIRE_BROWSER"):
            pytest.fail(why)
        pytest.skip(why)
    return found


@contextmanager
def browser() -> Iterator[Any]:
    """A headless Chromium driven by Playwright."""
    from playwright.sync_api import sync_playwright

    path = chromium()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)
        try:
            yield launched
        finally:
            launched.close()


def settled(page: Any, timeout: float = 30_000) -> str:
    """The page's status once the board's solve has answered (not ``working``)."""
    page.wait_for_function(
        "() => !['working', 'idle'].includes(document.querySelector('#status').dataset.state)",
        timeout=timeout)
    state: str = page.eval_on_selector("#status", "e => e.dataset.state")
    return state


def click_cell(page: Any, row: int, col: int, dx: float = 0.5, dy: float = 0.5) -> None:
    """Click the draft's cell at ``row``, ``col`` (0-based), at ``dx``, ``dy`` of the
    cell from its top left corner (0.5, 0.5: its centre; near 0 or 1: a side), where
    the picture draws it: the picture's own extent (its viewBox) and the editor's
    frame (the draft's rows and columns before the picture's grid) place it."""
    board = page.locator("#board svg")
    board.wait_for(state="visible")
    seen = page.evaluate("""() => {
        const box = document.querySelector('#board svg').viewBox.baseVal;
        return {x: box.x, y: box.y, width: box.width, frame: state.editor.frame || [0, 0]};
    }""")
    box = board.bounding_box()
    assert box is not None
    unit = box["width"] / seen["width"]
    top, left = seen["frame"]
    page.mouse.click(box["x"] + (col - left + dx - seen["x"]) * unit,
                     box["y"] + (row - top + dy - seen["y"]) * unit)
