"""The page's server flooded on loopback, bounded: many idle sockets past the
descriptors it may open, request heads that never finish, many questions at once, and
clients that leave before their answer. The page stays reachable, the log stays a few
lines, memory stays bounded, and a question whose client left stops."""

from __future__ import annotations

import asyncio
import json
import re
import resource
import socket
import subprocess
import sys
import threading
import time

import httpx

from cpsolve.serve.connections import HEAD_SECONDS
from tests.support.cli import CPSOLVE
from tests.support.server import ADDRESS_RE, headers, resident_mb

DESCRIPTORS = 256  # the server's limit of open files (the usual one is 1,024)
IDLE = 400  # idle sockets opened to it: more than it may hold


def _limited() -> None:
    """In the server about to start: SIGINT at its default, few descriptors."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)
    resource.setrlimit(resource.RLIMIT_NOFILE, (DESCRIPTORS, DESCRIPTORS))


def _request(path: str, body: dict[str, object], token: dict[str, str]) -> bytes:
    data = json.dumps(body).encode()
    lines = [f"POST /{path} HTTP/1.1", "Host: 127.0.0.1", "Content-Type: application/json",
             f"Content-Length: {len(data)}", *(f"{k}: {v}" for k, v in token.items())]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + data


def test_a_flooded_server_stays_reachable_and_quiet() -> None:
    command = [str(CPSOLVE)] if CPSOLVE.exists() else [sys.executable, "-m", "cpsolve"]
    process = subprocess.Popen([*command, "serve", "--port", "0", "--no-browser", "--workers",
                                "1", "--time-limit", "inf"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True, preexec_fn=_limited)
    assert process.stderr is not None
    found = ADDRESS_RE.search(process.stderr.readline())
    assert found, "no address"
    address = found.group(1)
    port = int(address.rstrip("/").rsplit(":", 1)[1])
    said: list[str] = []
    reader = threading.Thread(target=lambda: said.extend(process.stderr or ()), daemon=True)
    reader.start()
    idle: list[socket.socket] = []
    try:
        token = headers(address)
        before = resident_mb(process.pid)

        # More idle sockets than the server may hold: it closes the oldest idle ones,
        # and the page is answered all along.
        for _ in range(IDLE):
            idle.append(socket.create_connection(("127.0.0.1", port), timeout=10))
        for _ in range(3):
            reply = httpx.get(address + "api/families", headers=token, timeout=20)
            assert reply.status_code == 200, (reply.text, said)

        # Many questions at once: each answered, or refused as busy (503), never a
        # broken connection.
        async def many() -> list[int]:
            async with httpx.AsyncClient(base_url=address, timeout=60, headers=token,
                                         limits=httpx.Limits(max_connections=40)) as http:
                draft = (await http.post("api/open", json={"family": "akari",
                                                           "size": [4, 4]})).json()["draft"]
                replies = await asyncio.gather(*(http.post("api/analyze", json={
                    "family": "akari", "draft": draft, "client": f"c{k}", "revision": 1})
                    for k in range(120)))
            return [reply.status_code for reply in replies]

        codes = asyncio.run(many())
        assert set(codes) <= {200, 503} and codes.count(200) >= 40, codes

        # Clients that leave: their questions, with no time limit, stop; else the one
        # worker would never be free for the last question.
        big = httpx.post(address + "api/open", json={"family": "lits", "size": [100, 100]},
                         headers=token, timeout=30).json()["draft"]
        for k in range(3):
            with socket.create_connection(("127.0.0.1", port), timeout=10) as leaving:
                leaving.sendall(_request("api/analyze", {"family": "lits", "draft": big,
                                                         "client": f"gone{k}",
                                                         "revision": 1}, token))
                time.sleep(1.0)
        small = httpx.post(address + "api/open", json={"family": "akari", "size": [3, 3]},
                           headers=token, timeout=30).json()["draft"]
        answered = httpx.post(address + "api/analyze", json={
            "family": "akari", "draft": small, "client": "stays", "revision": 1},
            headers=token, timeout=60)
        assert answered.status_code == 200 and "verdict" in answered.json()

        # A request head that never finishes is closed after HEAD_SECONDS (alone
        # now: the flood above would close it as the oldest idle connection).
        for sock in idle:
            sock.close()
        slow = socket.create_connection(("127.0.0.1", port), timeout=HEAD_SECONDS + 20)
        slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        opened = time.monotonic()
        assert slow.recv(100) == b"", "a request head that never finished was kept"
        assert HEAD_SECONDS - 1 < time.monotonic() - opened < HEAD_SECONDS + 20
        slow.close()

        assert resident_mb(process.pid) - before < 300
    finally:
        for sock in idle:
            sock.close()
        process.terminate()
        process.wait(30)
        reader.join(10)
    log = "".join(said)
    # A few lines, one per kind of trouble (connections dropped, descriptors out),
    # never a traceback; then the stop.
    assert len(log) < 2_000 and "Traceback" not in log, log
    assert re.search(r"cpsolve: interrupted \(SIGTERM\)\s*$", log), log
