"""``cpsolve serve`` as users start it, and its JSON API as the page calls it: the page's
files, every question, and hostile requests (not JSON, too large, wrong types, huge
boards, many at once), each one line of error while the server goes on."""

from __future__ import annotations

import asyncio
import json
import re
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from cpsolve.serve import work
from cpsolve.serve.app import MAX_BODY
from tests.support import janko
from tests.support.cli import run
from tests.support.server import headers, serving

STATIC = Path(work.__file__).with_name("static")
AKARI = work.families()["akari"]


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with serving("--time-limit", "3") as (address, _):
        yield address


def post(server: str, path: str, body: object) -> httpx.Response:
    return httpx.post(server + path, json=body, timeout=60, headers=headers(server))


def test_the_page_and_its_files(server: str) -> None:
    page = httpx.get(server, timeout=30)
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    for name in re.findall(r'(?:src|href)="/static/([^"]+)"', page.text):
        assert httpx.get(server + "static/" + name, timeout=30).status_code == 200
    # Nothing is fetched from the internet: every file the page loads is its own.
    for path in STATIC.iterdir():
        assert not re.search(r"""(src|href|url)\s*[=(]\s*["']?https?:""", path.read_text())
    listed = httpx.get(server + "api/families", timeout=30, headers=headers(server)).json()
    assert [f["name"] for f in listed["families"]] == sorted(work.families())
    assert listed["bound"] == work.BOUND and listed["seconds"] == 3


def test_open_edit_and_ask(server: str) -> None:
    opened = post(server, "api/open", {"family": "heyawake",
                                       "text": "2 2\n- -\n- -\na a\na a\n"}).json()
    draft = opened["draft"]
    assert opened["url"] == "https://puzz.link/p?heyawake/2/2/00g"
    assert opened["svg"].startswith("<svg")
    found = post(server, "api/analyze", {"family": "heyawake", "draft": draft,
                                         "client": "t", "revision": 1}).json()
    assert (found["count"], found["complete"], found["revision"]) == (5, True, 1)
    assert found["verdict"] == "5 solutions; 4 cells undetermined"
    draft["cells"][0][0] = "0"
    shown = post(server, "api/board", {"family": "heyawake", "draft": draft}).json()
    assert shown["text"] == "2 2\n0 -\n- -\na a\na a"
    found = post(server, "api/analyze", {"family": "heyawake", "draft": draft,
                                         "client": "t", "revision": 2,
                                         "ask": "answer"}).json()
    assert found["unique"] is True and found["solution"] == ["..", ".."]
    exported = post(server, "api/export", {"family": "heyawake", "draft": draft,
                                           "format": "png", "answer": True})
    assert exported.headers["content-type"] == "image/png"
    assert 'filename="heyawake-answer.png"' in exported.headers["content-disposition"]


def test_certificates(server: str, tmp_path: Path) -> None:
    """The page's certificate is ``--certify``'s: ``cpsolve verify`` checks it."""
    opened = post(server, "api/open", {"family": "heyawake",
                                       "text": "https://puzz.link/p?heyawake/6/6/lll155007rs12222j"})
    got = post(server, "api/export", {"family": "heyawake", "draft": opened.json()["draft"],
                                      "format": "certificate"})
    assert got.status_code == 200 and got.headers["content-type"] == "application/zip"
    assert 'filename="heyawake.cert.zip"' in got.headers["content-disposition"]
    path = tmp_path / "heyawake.cert.zip"
    path.write_bytes(got.content)
    checked = run("verify", str(path))
    assert checked.returncode == 0 and checked.stdout.startswith("verified: heyawake, unique")
    several = post(server, "api/open", {"family": "heyawake", "size": [2, 2]}).json()["draft"]
    refused = post(server, "api/export", {"family": "heyawake", "draft": several,
                                          "format": "certificate"})
    assert refused.status_code == 400
    assert refused.json()["error"] == "not certified: not unique: two answers are the evidence"


def test_an_older_revision_is_stale(server: str) -> None:
    draft = post(server, "api/open", {"family": "akari", "size": [3, 3]}).json()["draft"]
    ask = {"family": "akari", "draft": draft, "client": "s"}
    assert post(server, "api/analyze", {**ask, "revision": 5}).json()["count"] == 6
    assert post(server, "api/analyze", {**ask, "revision": 6}).json()["count"] == 6
    # An older revision that comes late (the page's requests raced) is not solved.
    assert post(server, "api/analyze", {**ask, "revision": 4}).json() == {
        "stale": True, "revision": 4}


HOSTILE = [
    ("api/open", b"not json", 400, "not JSON"),
    ("api/open", b"[1, 2]", 400, "a JSON object"),
    ("api/open", b'{"family": "chess", "size": [3, 3]}', 400, "no family 'chess'"),
    ("api/open", b'{"family": "akari", "size": [1000, 1000]}', 400, "1 to 100"),
    ("api/open", b'{"family": "akari", "size": [true, 3]}', 400, "size"),
    ("api/open", b'{"family": "akari", "text": 12}', 400, "string"),
    ("api/open", b'{"family": "akari", "text": "x\\u0000y"}', 400, ""),
    ("api/board", b'{"family": "akari", "draft": {"rows": 2}}', 400, "rows and cols"),
    ("api/board", b'{"family": "akari", "draft": {"rows": 1, "cols": 1, "cells": [["ab"]]}}',
     400, "one character"),
    ("api/analyze", b'{"family": "akari", "draft": null, "client": "x", "revision": 1}',
     400, "an object"),
    ("api/analyze", b'{"family": "akari", "client": "x"}', 400, "revision"),
    ("api/analyze", b'{"family": "akari", "revision": 1}', 400, "client"),
    ("api/export", b'{"family": "akari", "draft": {"rows": 1, "cols": 1, "cells": [["."]]},'
                   b' "format": "pdf"}', 400, "no export"),
    ("api/open", b"[" * 100_000, 400, "nested too deep"),
    ("api/nowhere", b"{}", 404, "/api/nowhere"),
    ("api/open", json.dumps({"family": "akari", "text": AKARI.exports["url"](
        AKARI.parse("\n".join(["." * 300] * 200)))}).encode(), 400,
     "at most 100 rows and columns, not 200x300"),
]


@pytest.mark.parametrize(("path", "body", "status", "says"), HOSTILE)
def test_hostile_requests(server: str, path: str, body: bytes, status: int, says: str
                          ) -> None:
    reply = httpx.post(server + path, content=body, timeout=30,
                       headers={"Content-Type": "application/json", **headers(server)})
    assert reply.status_code == status, reply.text
    message = reply.json()["error"]
    assert says in message and "\n" not in message and "Traceback" not in message


@pytest.mark.parametrize("token", [None, "", "x" * 32, b"\xe9\xff"])
def test_a_call_without_the_pages_token_is_refused(server: str, token: str | bytes | None
                                                   ) -> None:
    """Only a script that could read the page (its own) has the token: a call without
    it, or with another, is refused whatever its Host and Origin say; the page itself
    and its files need none. Each server makes its own."""
    sent = {} if token is None else {"X-Cpsolve-Token": token}
    for method, path in (("GET", "api/families"), ("POST", "api/open"),
                         ("POST", "api/analyze"), ("POST", "api/export")):
        refused = httpx.request(method, server + path, headers=sent, timeout=30,
                                json={"family": "akari", "size": [3, 3]}
                                if method == "POST" else None)
        assert refused.status_code == 403, refused.text
        assert "the page's token" in refused.json()["error"]
    assert httpx.get(server + "static/page.js", timeout=30).status_code == 200
    assert len(headers(server)["X-Cpsolve-Token"]) >= 32
    with serving() as (other, _):
        assert headers(other) != headers(server)


def test_other_sites_are_refused(server: str) -> None:
    """A page of another site may not put the server to work (its Origin is not the
    server's); the page's own requests name the server's host."""
    body = {"family": "akari", "size": [3, 3]}
    refused = httpx.post(server + "api/open", json=body, timeout=30,
                         headers={"Origin": "https://example.com", **headers(server)})
    assert refused.status_code == 403 and "another site" in refused.json()["error"]
    own = httpx.post(server + "api/open", json=body, timeout=30,
                     headers={"Origin": server.rstrip("/"), **headers(server)})
    assert own.status_code == 200


@pytest.mark.parametrize("method, path", [("GET", ""), ("GET", "api/families"),
                                          ("GET", "static/page.js"), ("POST", "api/open"),
                                          ("POST", "api/analyze"), ("POST", "api/export"),
                                          ("GET", "no/such/path")])
def test_a_request_for_another_host_is_refused(server: str, method: str, path: str) -> None:
    """DNS rebinding: a page of another site whose name now resolves to this machine
    sends its own name as Host, and an Origin that matches it. Nothing answers it, GET
    included; the machine's own names are served."""
    port = server.rstrip("/").rsplit(":", 1)[1]
    foreign = {"Host": f"rebind.example:{port}", "Origin": f"http://rebind.example:{port}"}
    body = {"family": "akari", "size": [3, 3]}
    refused = httpx.request(method, server + path, headers=foreign, timeout=30,
                            json=body if method == "POST" else None)
    assert refused.status_code == 403, refused.text
    assert refused.json() == {"error": f"a request for another host ('rebind.example:{port}')"
                                       " is refused"}
    for name in ("localhost", "127.0.0.1", "[::1]", "LOCALHOST"):
        own = httpx.post(server + "api/open", json=body, timeout=30,
                         headers={"Host": f"{name}:{port}", "Origin": f"http://{name}:{port}",
                                  **headers(server)})
        assert own.status_code == 200, (name, own.text)


def test_too_large_and_too_many(server: str) -> None:
    big = httpx.post(server + "api/open", content=b"x" * (MAX_BODY + 1), timeout=30,
                     headers=headers(server))
    assert big.status_code == 413 and "bytes" in big.json()["error"]
    # The largest board the page takes: answered within the time limit, or said to
    # have reached it.
    huge = post(server, "api/open", {"family": "heyawake", "size": [100, 100]}).json()
    found = post(server, "api/analyze", {"family": "heyawake", "draft": huge["draft"],
                                         "client": "huge", "revision": 1}).json()
    assert found["count"] >= 1 or found["limit_reached"]

    async def many() -> list[int]:
        async with httpx.AsyncClient(base_url=server, timeout=60,
                                     headers=headers(server)) as http:
            bodies = [b"junk", b"{}", b'{"family": "akari", "size": [5, 5]}'] * 20
            replies = await asyncio.gather(*(http.post("api/open", content=b)
                                             for b in bodies))
            return [r.status_code for r in replies]

    codes = asyncio.run(many())
    assert codes.count(200) == 20 and codes.count(400) == 40
    assert httpx.get(server + "api/families", timeout=30,
                     headers=headers(server)).status_code == 200


def test_the_command_line() -> None:
    """A port in use and an address that is not one: one line, exit 2; Ctrl-C or
    SIGTERM stops the server and the question under way: interrupted, exit 130."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        done = run("serve", "--port", str(port), "--no-browser", timeout=60)
    assert done.returncode == 2
    assert done.stderr.startswith(f"cpsolve: cannot listen on 127.0.0.1:{port}: ")
    done = run("serve", "--host", "no such host.invalid", "--no-browser", timeout=60)
    assert done.returncode == 2 and "--host" in done.stderr
    for stop, said in ((signal.SIGINT, "interrupted"),
                       (signal.SIGTERM, "interrupted (SIGTERM)")):
        with serving("--time-limit", "inf") as (address, process):
            assert httpx.get(address, timeout=30).status_code == 200
            # A question with no time limit under way: the signal ends it and the server.
            draft = post(address, "api/open", {"family": "lits", "size": [100, 100]}).json()
            asked = threading.Thread(target=post, args=(address, "api/analyze", {
                "family": "lits", "draft": draft["draft"], "client": "c", "revision": 1}))
            asked.start()
            time.sleep(1.0)
            stopped = time.perf_counter()
            process.send_signal(stop)
            process.wait(15)
            assert time.perf_counter() - stopped < 5
            asked.join(30)
            assert process.returncode == 130
            assert process.stderr is not None
            assert process.stderr.read().strip().splitlines()[-1] == f"cpsolve: {said}"
        assert isinstance(process, subprocess.Popen)


def test_a_long_question_says_where_it_is_and_what_its_limit_cut(server: str) -> None:
    # a published 36x20 Fillomino whose grade takes about 9 s (its trials are many), its
    # solve and deductions 0.4 s
    url = next(b["url"] for b in janko.boards("fillomino") if b["name"] == "440_20x36")
    draft = post(server, "api/open", {"family": "fillomino", "text": url}).json()["draft"]
    assert post(server, "api/progress", {"client": "slow"}).json() == {}  # none runs
    answers: list[dict] = []
    asking = threading.Thread(target=lambda: answers.append(post(server, "api/analyze", {
        "family": "fillomino", "draft": draft, "client": "slow", "revision": 1,
        "ask": "grade"}).json()))
    asking.start()
    steps = []
    while asking.is_alive():
        steps.append(post(server, "api/progress", {"client": "slow"}).json())
        time.sleep(0.05)
    counted = [s for s in steps if s.get("total")]
    # the deductions' proof of a bound (conflicts of its budget), then the grading (the
    # cells' numbers, each a value, decided): each counted of a total of its own
    assert counted and all(s["what"].startswith(("deductions: ", "grading, "))
                           and 0 <= s["done"] <= s["total"] for s in counted), steps
    for what in {s["what"] for s in counted}:
        assert len({s["total"] for s in counted if s["what"] == what}) == 1, steps
    assert answers[0]["limit_reached"] is True  # the grade takes about 9 s, the limit 3
    # (on a busy machine the limit may come before the grading starts: in the solve)
    assert answers[0]["cut"].startswith("time limit reached"), answers
    assert post(server, "api/progress", {"client": "slow"}).json() == {}
    # Asked to go on: up to six times the server's limit.
    for seconds in (0, -1, 18.5, "9", True):
        refused = post(server, "api/analyze", {"family": "masyu", "draft": draft,
                                               "client": "slow", "revision": 2,
                                               "ask": "grade", "seconds": seconds})
        assert refused.status_code == 400, seconds
        assert refused.json() == {"error": "seconds is a number of seconds up to 18"}
    assert post(server, "api/progress", {"client": 5}).status_code == 400
