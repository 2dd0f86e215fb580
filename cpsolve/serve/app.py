"""The setter's page as an ASGI application (Starlette): the page itself (plain HTML,
CSS and a script shipped in the package) and a small JSON API the script calls.

``GET /api/families``
    The families on the page, each with its editor (:meth:`Editor.to_json`).
``POST /api/open`` ``{"family", "text"}`` or ``{"family", "size": [rows, cols]}``
    A pasted board (read by the family named, else by the family whose type it
    names) or a new one: ``{"family", "draft", "text", "url", "svg"}``.
``POST /api/board`` ``{"family", "draft"}``
    The board of an edited draft, as ``/api/open`` gives it (the picture redrawn).
``POST /api/analyze`` ``{"family", "draft", "client", "revision", "ask", "seconds"}``
    What ``ask`` finds (:func:`cpsolve.serve.work.analyse`): the command line's JSON
    object, its ``verdict``, and ``revision``; ``{"stale": true}`` when the client has
    edited the board since (the solve is cancelled). A question cut short by the time
    limit says which part was (``cut``); asked again with ``seconds`` (at most six
    times the server's limit) it goes on longer.
``POST /api/progress`` ``{"client"}``
    Where the client's question is: ``{"what", "done", "total"}`` (the step it is at,
    counted when it can be), ``{}`` when none runs.
``POST /api/export`` ``{"family", "draft", "format", "answer"}``
    A file: the board's (or its answer's) URL, grid text, SVG or PNG.

Every request, GET included, must name this server in its ``Host`` header: the address
it is bound to, ``localhost``, ``127.0.0.1`` or ``[::1]`` (:class:`OwnHost`); another
name is refused (403), so a page of another site whose name is made to resolve to this
machine (DNS rebinding) reaches nothing. Every API call must carry the page's token
(``X-Cpsolve-Token``), a random string the server makes as it starts and writes into
the page it serves: only a script that could read the page (the page's own) can call
the API, whatever forwards the request. A request that carries an ``Origin`` must come
from the page itself (the same host and port). A request's body must arrive within
:data:`BODY_SECONDS`; a question whose client has gone (its connection closed) is
cancelled.

Every error is ``{"error": "one line"}`` with status 400 (bad input), 403 (another
host or site), 413 (a request too large), 422 (a board too large to solve here) or 500
(a bug): the server goes on.
Work runs in threads, at most ``workers`` questions at once, each under the time
limit; the event loop never waits on a solve.
"""

from __future__ import annotations

import json
import secrets
import sys
import traceback
from collections.abc import Awaitable, Callable, Iterable
from functools import partial
from typing import Any

import anyio
import anyio.to_thread
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from cpsolve.errors import CpsolveError, InputError, TooLarge
from cpsolve.serve import work

MAX_BODY = 1 << 20  # bytes of one request
MAX_CLIENT = 64  # characters of a client's name
MAX_WAITING = 64  # questions waiting or under way; more are refused as busy (503)
BODY_SECONDS = 30.0  # for a request's body to arrive
TOKEN_HEADER = "x-cpsolve-token"
TOKEN_PLACE = "{{token}}"  # where the page's HTML gets the token

LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")  # the names this machine always answers to

Handler = Callable[[Request], Awaitable[Response]]


def host_name(header: str) -> str:
    """The host a ``Host`` header names, without its port, in lower case.

    >>> host_name("LocalHost:8765"), host_name("[::1]:80"), host_name("example.org.")
    ('localhost', '::1', 'example.org')
    """
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:header.find("]")] if "]" in header else header
    return header.rsplit(":", 1)[0].rstrip(".") if header.count(":") <= 1 else header


class OwnHost:
    """ASGI middleware: a request whose ``Host`` is not one of ``hosts`` is refused
    (403, one line of JSON) before anything else sees it."""

    def __init__(self, app: Any, hosts: Iterable[str]) -> None:
        self.app = app
        self.hosts = frozenset(host_name(host) for host in hosts)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            given = dict(scope["headers"]).get(b"host", b"").decode("latin-1")
            if host_name(given) not in self.hosts:
                refused = JSONResponse({"error": f"a request for another host ({given!r}) "
                                                 "is refused"}, status_code=403)
                await refused(scope, receive, send)
                return
        await self.app(scope, receive, send)


class Refused(Exception):
    """A request refused before any work, with its HTTP status."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object, read up to :data:`MAX_BODY` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_BODY:
        raise Refused(413, f"a request of {int(declared):,} bytes is more than "
                           f"{MAX_BODY:,}")
    chunks, total = [], 0
    with anyio.move_on_after(BODY_SECONDS) as late:
        async for chunk in request.stream():
            total += len(chunk)
            if total > MAX_BODY:
                raise Refused(413, f"a request of more than {MAX_BODY:,} bytes")
            chunks.append(chunk)
    if late.cancelled_caught:
        raise Refused(408, f"the request's body did not arrive within {BODY_SECONDS:g} s")
    try:
        data = json.loads(b"".join(chunks) or b"null")
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise Refused(400, "the request is not JSON (or nested too deep)") from None
    if not isinstance(data, dict):
        raise Refused(400, "the request is a JSON object")
    return data


def _same_origin(request: Request) -> None:
    """Refuse a request another site's page sends (its ``Origin`` names another host):
    the server's work is for its own page."""
    origin = request.headers.get("origin")
    if origin is None or request.method == "GET":
        return
    from urllib.parse import urlsplit

    if urlsplit(origin).netloc != request.headers.get("host"):
        raise Refused(403, f"a request from another site ({origin}) is refused")


def _with_token(request: Request, token: str | None) -> None:
    """Refuse an API call without the page's token (see the module)."""
    if token is None:
        return
    given = request.headers.get(TOKEN_HEADER, "")
    if not secrets.compare_digest(given.encode("utf-8", "replace"), token.encode()):
        raise Refused(403, "a call without the page's token is refused (open the page "
                           "itself, at /)")


def _guarded(handler: Handler, verbose: bool, token: str | None = None) -> Handler:
    """``handler`` with every failure as one line of JSON and its status; with
    ``token``, refused unless the request carries it."""

    async def run(request: Request) -> Response:
        try:
            _same_origin(request)
            _with_token(request, token)
            return await handler(request)
        except Refused as refused:
            return JSONResponse({"error": str(refused)}, status_code=refused.status)
        except InputError as error:
            return JSONResponse({"error": error.message}, status_code=400)
        except TooLarge as error:
            return JSONResponse({"error": str(error)}, status_code=422)
        except CpsolveError as error:
            return JSONResponse({"error": str(error)}, status_code=400)
        except Exception as error:  # a bug: one line to the page, the trace under -v
            if verbose:
                traceback.print_exc(file=sys.stderr)
            return JSONResponse({"error": f"internal error: {type(error).__name__}: "
                                          f"{error}"}, status_code=500)

    return run


def create_app(*, seconds: float = 10.0, workers: int = 2, verbose: bool = False,
               hosts: Iterable[str] = ()) -> Starlette:
    """The page's application: each question under ``seconds``, at most ``workers``
    of them at once (the rest wait, and those edited meanwhile never start); requests
    for this machine's own names and ``hosts`` (the address it is bound to) only."""
    desk = work.Desk(seconds)
    questions = anyio.CapacityLimiter(workers)
    quick = anyio.CapacityLimiter(max(4, workers))  # reading and drawing boards
    static = _static()
    token = secrets.token_urlsafe(24)
    html = (static / "index.html").read_text(encoding="utf-8").replace(TOKEN_PLACE, token)

    async def page(request: Request) -> Response:
        return HTMLResponse(html, headers={"Cache-Control": "no-store"})

    async def families(request: Request) -> Response:
        listed = await anyio.to_thread.run_sync(work.catalogue, limiter=quick)
        return JSONResponse({"families": listed, "bound": work.BOUND, "seconds": seconds})

    async def open_board(request: Request) -> Response:
        data = await _body(request)
        return JSONResponse(await anyio.to_thread.run_sync(
            partial(work.opened, data.get("family"), data.get("text"), data.get("size")),
            limiter=quick))

    def _described(data: dict[str, Any]) -> dict[str, Any]:
        puzzle = work.puzzle_of(data.get("family"))
        return work.describe(puzzle, work.board_of(puzzle, data.get("draft")))

    async def board(request: Request) -> Response:
        data = await _body(request)
        return JSONResponse(await anyio.to_thread.run_sync(partial(_described, data),
                                                           limiter=quick))

    async def analyze(request: Request) -> Response:
        data = await _body(request)
        client, revision = data.get("client"), data.get("revision")
        if not isinstance(client, str) or not 0 < len(client) <= MAX_CLIENT:
            raise Refused(400, "a question names its client (a short string)")
        if not isinstance(revision, int) or isinstance(revision, bool):
            raise Refused(400, "a question gives the board's revision (a number)")
        ask = data.get("ask", "status")
        seconds_asked = data.get("seconds")
        if seconds_asked is not None and (
                not isinstance(seconds_asked, (int, float)) or isinstance(seconds_asked, bool)
                or not 0 < seconds_asked <= desk.longest()):
            raise Refused(400, f"seconds is a number of seconds up to {desk.longest():g}")
        if len(desk) >= MAX_WAITING:
            raise Refused(503, f"busy: {len(desk)} questions are waiting or under way")
        deadline = desk.take(client, revision)
        if deadline is None:
            return JSONResponse({"stale": True, "revision": revision})

        def answer() -> dict[str, Any]:
            from cpsolve.progress import reporting

            puzzle = work.puzzle_of(data.get("family"))
            board = work.board_of(puzzle, data.get("draft"))
            with reporting(partial(desk.step, client, deadline)):
                return work.analyse(puzzle, board, str(ask), deadline)

        async def asked() -> dict[str, Any] | None:
            async with questions:
                if desk.stale(client, revision):
                    return None
                desk.start(deadline, seconds_asked)
                return await anyio.to_thread.run_sync(answer)

        try:
            found = await _unless_gone(request, asked(), deadline.cancel)
        finally:
            desk.done(client, deadline)
        if found is None:
            return JSONResponse({"stale": True, "revision": revision})
        if desk.stale(client, revision):
            return JSONResponse({"stale": True, "revision": revision})
        found["revision"] = revision
        return JSONResponse(found)

    async def progress(request: Request) -> Response:
        data = await _body(request)
        client = data.get("client")
        if not isinstance(client, str) or not 0 < len(client) <= MAX_CLIENT:
            raise Refused(400, "progress names its client (a short string)")
        return JSONResponse(desk.progress(client))

    async def export(request: Request) -> Response:
        data = await _body(request)

        def made() -> work.Exported:
            from cpsolve.limits import Deadline

            puzzle = work.puzzle_of(data.get("family"))
            board = work.board_of(puzzle, data.get("draft"))
            return work.export(puzzle, board, str(data.get("format")),
                               bool(data.get("answer")), Deadline(seconds))

        async with questions:
            file = await anyio.to_thread.run_sync(made)
        return Response(file.content, media_type=file.media,
                        headers={"Content-Disposition": f'attachment; filename="{file.name}"'})

    def route(path: str, handler: Handler, method: str) -> Route:
        return Route(path, _guarded(handler, verbose, token if path != "/" else None),
                     methods=[method])

    async def missing(request: Request, error: Exception) -> Response:
        code = getattr(error, "status_code", 500)
        return JSONResponse({"error": f"{request.method} {request.url.path}: "
                                      f"{getattr(error, 'detail', 'not here')}"},
                            status_code=code)

    own = Middleware(OwnHost, hosts=(*LOCAL_HOSTS, *hosts))
    app = Starlette(middleware=[own], exception_handlers={404: missing, 405: missing}, routes=[
        route("/", page, "GET"),
        route("/api/families", families, "GET"),
        route("/api/open", open_board, "POST"),
        route("/api/board", board, "POST"),
        route("/api/analyze", analyze, "POST"),
        route("/api/progress", progress, "POST"),
        route("/api/export", export, "POST"),
        Mount("/static", app=StaticFiles(directory=static), name="static"),
    ])
    app.state.desk = desk
    app.state.token = token
    return app


async def _unless_gone(request: Request, work_: Awaitable[Any],
                       cancel: Callable[[], None]) -> Any:
    """What ``work_`` gives, or ``None`` once the client has closed its connection
    (a page closed, a request given up): ``cancel`` then stops the work under way, and
    a question still waiting for a worker is dropped."""
    found: list[Any] = [None]
    failed: list[Exception] = []
    async with anyio.create_task_group() as group:

        async def watch() -> None:
            while True:  # the body is read: what comes next is the client leaving
                message = await request.receive()
                if message["type"] == "http.disconnect":
                    cancel()
                    group.cancel_scope.cancel()
                    return

        async def run() -> None:
            try:
                found[0] = await work_
            except Exception as error:  # raised as itself, not in an exception group
                failed.append(error)
            group.cancel_scope.cancel()

        group.start_soon(watch)
        group.start_soon(run)
    if failed:
        raise failed[0]
    return found[0]


def _static() -> Any:
    """The folder of the page's files, shipped in the package."""
    from pathlib import Path

    return Path(__file__).with_name("static")


__all__ = ["LOCAL_HOSTS", "MAX_BODY", "OwnHost", "create_app", "host_name"]
