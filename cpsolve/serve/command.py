"""``cpsolve serve``: the setters' page on a local web server (uvicorn)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import sys
from collections.abc import Iterator
from typing import Any

import click

from cpsolve.commands import TIME_HELP, TIME_LIMIT, Output
from cpsolve.errors import UsageError

SECONDS = 10.0  # each question's time limit unless told otherwise
STOPPING = 3  # seconds a stopping server gives the requests under way


def _bound(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port`` (0: any free port); a usage error when
    the address cannot be had."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as error:
        raise UsageError(f"--host: {host!r} is not an address here ({error})") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as error:
        sock.close()
        raise UsageError(f"cannot listen on {host}:{port}: {error.strerror}") from None
    sock.listen(128)
    return sock


def _opens_browser() -> bool:
    """Whether a browser can open a window here (a desktop, not a bare terminal,
    where Python's webbrowser would start a text browser in the terminal)."""
    return sys.platform in ("darwin", "win32") or bool(
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


@click.command("serve", short_help="The setters' page: edit a puzzle in the browser.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on (another than loopback shares the page "
                   "with the network).")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              help="The port (0: any free one; the address is printed).")
@click.option("--time-limit", type=TIME_LIMIT, default=SECONDS, show_default=True,
              metavar="SECONDS", help=f"Each question's limit ({TIME_HELP}).")
@click.option("--workers", type=click.IntRange(1, 64), default=2, show_default=True,
              help="Questions solved at once (the rest wait).")
@click.option("--no-browser", is_flag=True, help="Do not open the page in a browser.")
@click.option("-v", "--verbose", is_flag=True,
              help="Each request on standard error, and the trace of an internal error.")
def serve(host: str, port: int, time_limit: float | None, workers: int, no_browser: bool,
          verbose: bool) -> Any:
    """Start the setters' page on a local web server and open it: pick a genre, paste
    a puzz.link URL or grid text or start a blank board, edit it with the mouse and
    keys, and see after every edit whether it has no solution, one, or several (the
    undetermined cells marked, the clues in conflict outlined); on request the
    proven fixes, the redundant clues, the grade and the answer; export the board
    and its answer as a URL, grid text, SVG or PNG. Ctrl-C (or SIGTERM) stops the server."""
    import uvicorn

    from cpsolve import interrupts
    from cpsolve.serve import connections
    from cpsolve.serve.app import create_app

    sock = _bound(host, port)
    bound_host, bound_port = sock.getsockname()[:2]
    app = create_app(seconds=time_limit if time_limit is not None else 1e9,
                     workers=workers, verbose=verbose, hosts=(host, bound_host))
    shown = f"[{bound_host}]" if ":" in bound_host else bound_host
    address = f"http://{shown}:{bound_port}/"
    print(f"cpsolve serve: the page is at {address} (Ctrl-C stops it)", file=sys.stderr,
          flush=True)
    if not no_browser and _opens_browser():
        import webbrowser

        webbrowser.open(address)
    quiet = connections.Quiet(verbose)
    protocol = type("Protocol", (connections.Guarded,),
                    {"limit": connections.more_descriptors(), "quiet": quiet})
    config = uvicorn.Config(app, http=protocol, log_level="info" if verbose else "warning",
                            access_log=verbose, lifespan="off",
                            timeout_graceful_shutdown=STOPPING)
    quiet.watch("uvicorn.error", "uvicorn.access", "asyncio")

    class Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            # the event loop's own errors (out of descriptors, say): one line a kind
            asyncio.get_running_loop().set_exception_handler(quiet.loop_error)
            await super().startup(sockets=sockets)

        def handle_exit(self, sig: int, frame: Any) -> None:
            app.state.desk.cancel_all()  # Ctrl-C or SIGTERM ends the questions under way
            if sig == signal.SIGTERM:
                interrupts.note_terminated()
            super().handle_exit(sig, frame)

        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            # Ctrl-C and SIGTERM stop the server, then the command says so (one line,
            # exit 130); uvicorn's own capture would send the signal again afterwards.
            previous = {sig: signal.signal(sig, self.handle_exit)
                        for sig in (signal.SIGINT, signal.SIGTERM)}
            try:
                yield
            finally:
                for sig, handler in previous.items():
                    signal.signal(sig, handler)

    server = Server(config)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    if server.should_exit:
        raise KeyboardInterrupt
    return Output()
