"""The page's server under load on loopback: 20 clients editing at once, 200 edits a
round, each edit's answer against brute force; answers to boards edited since are
stale, never shown as a partial answer; the server's memory flat between rounds."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import httpx

from cpsolve.grid.editor import to_draft
from cpsolve.serve import work
from tests.serve.test_work import sample
from tests.support.server import headers, resident_mb, serving

CLIENTS = 20
EDITS = 10  # each client's edits a round: 200 in all
FAMILIES = ("akari", "heyawake", "masyu", "nurikabe", "sudoku")


def _edits(k: int, seed: int) -> list[tuple[str, dict[str, Any], int]]:
    """Client ``k``'s boards, one an edit: a family's small boards with the count of
    their solutions by brute force (up to the bound)."""
    name = FAMILIES[k % len(FAMILIES)]
    puzzle = work.families()[name]
    chosen = random.Random(seed * 100 + k).choices(sample(name), k=EDITS)
    return [(name, to_draft(puzzle, board).to_json(), min(len(solutions), work.BOUND))
            for board, solutions in chosen]


async def _client(http: httpx.AsyncClient, k: int, seed: int
                  ) -> list[tuple[int, int, dict[str, Any]]]:
    """One page's edits, each sent before the last one's answer came (a setter
    clicking fast): (revision, expected count, answer) for each."""
    rng = random.Random(seed * 1000 + k)
    client = f"load-{seed}-{k}"
    expected: dict[int, int] = {}

    async def ask(revision: int, name: str, draft: dict[str, Any]) -> dict[str, Any]:
        reply = await http.post("/api/analyze", json={
            "family": name, "draft": draft, "client": client, "revision": revision,
            "ask": "status"})
        assert reply.status_code == 200, reply.text
        found: dict[str, Any] = reply.json()
        return found

    tasks = []
    for revision, (name, draft, count) in enumerate(_edits(k, seed), 1):
        expected[revision] = count
        tasks.append(asyncio.create_task(ask(revision, name, draft)))
        await asyncio.sleep(rng.uniform(0.0, 0.03))
    answers = await asyncio.gather(*tasks)
    return [(revision, expected[revision], found)
            for revision, found in zip(sorted(expected), answers)]


async def _round(address: str, seed: int) -> list[list[tuple[int, int, dict[str, Any]]]]:
    limits = httpx.Limits(max_connections=CLIENTS * EDITS)
    async with httpx.AsyncClient(base_url=address, timeout=120, limits=limits,
                                 headers=headers(address)) as http:
        return list(await asyncio.gather(*(_client(http, k, seed) for k in range(CLIENTS))))


def _checked(clients: list[list[tuple[int, int, dict[str, Any]]]]) -> int:
    """Every answer right for its revision, none partial; the newest revision of every
    client answered. The number of stale answers."""
    stale = 0
    for answers in clients:
        last = max(revision for revision, _, _ in answers)
        for revision, count, found in answers:
            assert found["revision"] == revision
            if found.get("stale"):
                assert revision != last, "the newest board went unanswered"
                stale += 1
                continue
            assert not found["limit_reached"], found["verdict"]
            assert found["count"] == count, (revision, found["verdict"], count)
    return stale


def test_twenty_clients_editing_at_once() -> None:
    with serving("--workers", "2") as (address, process):
        first = _checked(asyncio.run(_round(address, 1)))
        before = resident_mb(process.pid)
        second = _checked(asyncio.run(_round(address, 2)))
        third = _checked(asyncio.run(_round(address, 3)))
        after = resident_mb(process.pid)
        assert first + second + third > 0  # the fast edits did overtake solves
        assert after - before < 40, (before, after)
        reply = httpx.get(address + "api/families", timeout=30, headers=headers(address))
        assert reply.status_code == 200
