"""What the page's server holds to under floods: a bounded number of connections, a
time limit on every request's head, and a log that says each kind of trouble once a
minute instead of once an event.

- :class:`Guarded` (uvicorn's HTTP/1.1 protocol, h11): at most ``MAX_CONNECTIONS``
  open at once, well below the process's descriptors; a new connection past that
  closes the oldest one that has no request under way (an idle socket holds nothing
  a user waits for), else is closed itself. A connection whose request head (the
  request line and headers) is not complete :data:`HEAD_SECONDS` after it opened, or
  after its last answer, is closed.
- :class:`Quiet`: a logging filter and an event-loop exception handler that let one
  line through per kind of message per :data:`QUIET_SECONDS`, with the count of those
  held back, and never a traceback unless asked (``-v``).
- :func:`more_descriptors`: the process's soft limit of open files raised to its hard
  limit, and the connection bound that leaves room for the solvers' own files.
"""

from __future__ import annotations

import asyncio
import logging
import resource
import sys
import threading
import time
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

HEAD_SECONDS = 10.0  # for a request's line and headers to arrive
QUIET_SECONDS = 60.0  # one line per kind of trouble this often
MAX_CONNECTIONS = 512  # at most, and half the descriptors the process may open
SPARE_DESCRIPTORS = 64  # kept for the server's own files, threads and solvers


def more_descriptors() -> int:
    """Raise the soft limit of open files to the hard one (up to 65,536) and return
    how many connections the server may hold: half of what is left after
    :data:`SPARE_DESCRIPTORS`, at most :data:`MAX_CONNECTIONS`, at least 8."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 65_536 if hard == resource.RLIM_INFINITY else min(hard, 65_536)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass
    if soft == resource.RLIM_INFINITY:
        return MAX_CONNECTIONS
    return max(8, min(MAX_CONNECTIONS, (soft - SPARE_DESCRIPTORS) // 2))


class Guarded(H11Protocol):
    """uvicorn's h11 protocol with a bound on open connections and on the time a
    request's head may take (see the module)."""

    limit = MAX_CONNECTIONS  # set by the server from :func:`more_descriptors`
    quiet: Quiet | None = None  # the server's log, told of connections dropped

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.opened = time.monotonic()
        self.head: asyncio.TimerHandle | None = None
        self.waiting_for: object = None  # the cycle a new request head replaces

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        if len(self.connections) >= self.limit and not self._room():
            transport.close()  # every connection is at work: this one waits for none
            if self.quiet is not None:
                self.quiet.say("connection", f"more than {self.limit} connections at work: "
                                             "a new one was closed")
            return
        super().connection_made(transport)  # type: ignore[arg-type]
        self._await_head()

    def _room(self) -> bool:
        """Close the oldest connection with no request under way; whether there was one."""
        idle = [other for other in self.connections
                if isinstance(other, Guarded) and not other.busy()]
        if not idle:
            return False
        oldest = min(idle, key=lambda other: other.opened)
        oldest.transport.close()
        self.connections.discard(oldest)
        if self.quiet is not None:
            self.quiet.say("connection", f"{self.limit} connections open: the oldest idle "
                                         "ones are closed as new ones come")
        return True

    def busy(self) -> bool:
        """Whether a request on this connection is being answered."""
        return self.cycle is not None and not self.cycle.response_complete

    def _await_head(self) -> None:
        self._stop_waiting()
        self.waiting_for = self.cycle
        self.head = self.loop.call_later(HEAD_SECONDS, self._head_late)

    def _stop_waiting(self) -> None:
        if self.head is not None:
            self.head.cancel()
            self.head = None

    def _head_late(self) -> None:
        self.head = None
        if self.transport is not None and not self.transport.is_closing():
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.head is not None and self.cycle is not self.waiting_for:
            self._stop_waiting()  # a new request's head came in time

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.transport is not None and not self.transport.is_closing():
            self._await_head()  # the next request's head, on a kept-alive connection

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_waiting()
        if self.transport is None:
            return  # closed as it came (see connection_made)
        super().connection_lost(exc)


class Quiet(logging.Filter):
    """One line per kind of message per :data:`QUIET_SECONDS` on standard error (see
    the module): as a filter of uvicorn's and asyncio's loggers, as the event loop's
    exception handler, and for the server's own notes (:meth:`say`)."""

    def __init__(self, verbose: bool = False, seconds: float = QUIET_SECONDS) -> None:
        super().__init__()
        self.verbose = verbose
        self.seconds = seconds
        self.lock = threading.Lock()
        self.last: dict[str, float] = {}
        self.held: dict[str, int] = {}

    def let(self, kind: str) -> str | None:
        """Whether a message of ``kind`` may be said now: ``None`` if not (it is
        counted), else what to add to it (how many were held back)."""
        now = time.monotonic()
        with self.lock:
            last = self.last.get(kind)
            if last is not None and now - last < self.seconds:
                self.held[kind] = self.held.get(kind, 0) + 1
                return None
            self.last[kind] = now
            held = self.held.pop(kind, 0)
        return f" ({held:,} more like it in the last {self.seconds:g} s)" if held else ""

    def say(self, kind: str, message: str) -> None:
        """``message`` on standard error, unless one of ``kind`` was said lately."""
        more = self.let(kind)
        if more is not None:
            print(f"cpsolve serve: {message}{more}", file=sys.stderr, flush=True)

    def filter(self, record: logging.LogRecord) -> bool:
        if self.verbose and record.levelno < logging.WARNING:
            return True  # the access log and notes asked for
        more = self.let(f"{record.name}:{record.msg}")
        if more is None:
            return False
        if not self.verbose and record.exc_info:
            error = record.exc_info[1]
            record.msg = f"{record.getMessage()}: {type(error).__name__}: {error}"
            record.args, record.exc_info, record.exc_text = None, None, None
        if more:
            record.msg, record.args = f"{record.getMessage()}{more}", None
        return True

    def loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """The event loop's exception handler: one line per kind of message."""
        message = str(context.get("message") or "event loop error")
        error = context.get("exception")
        if self.verbose:
            loop.default_exception_handler(context)
            return
        said = f"{message}: {type(error).__name__}: {error}" if error is not None else message
        self.say(f"loop:{message}", said)

    def watch(self, *names: str) -> None:
        """Put this filter on the loggers ``names`` (what is logged to them)."""
        for name in names:
            logging.getLogger(name).addFilter(self)


__all__ = ["HEAD_SECONDS", "MAX_CONNECTIONS", "QUIET_SECONDS", "Guarded", "Quiet",
           "more_descriptors"]
