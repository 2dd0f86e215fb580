"""Ctrl-C inside compiled code: numba kernels and native solvers stop at once, and the
command says ``interrupted`` (exit 130) as everywhere else.

Python turns SIGINT into :class:`KeyboardInterrupt` only between the bytecodes of the
main thread. A numba kernel runs none until it looks at the clock
(:func:`cpsolve.search.kernels.past`, every so many nodes), and a KeyboardInterrupt
raised there, inside numba's object mode, comes out as a ``SystemError``; a native
solver runs none until it returns. So:

- :func:`kernels`: while the block runs, SIGINT that arrives inside a kernel (its
  handler then runs in the Python a kernel calls: its look at the clock, numba
  loading that code) only sets a flag; the look reads it as the deadline passed, so
  the kernel returns, and KeyboardInterrupt is raised as the block ends. Anywhere
  else (numba compiling the kernel, the block's own Python) it is raised at once.
- :func:`holding`: while the block runs (a model being built), SIGINT raises
  KeyboardInterrupt at once, and should that be lost (raised where Python drops
  exceptions: a finaliser, a callback from native code) again at the build's next
  look at its limits (:func:`check`) and as the block ends.
- :func:`stopping`: while the block runs, a thread watching the signal wake-up
  descriptor calls ``stop`` (``CpSolver.stop_search``) when SIGINT arrives; the solver
  returns and Python raises KeyboardInterrupt as usual.

python-sat's solvers stop on SIGINT by themselves (and raise; see
:mod:`cpsolve.backends.sat`). :func:`terminate_as_interrupt` makes SIGTERM (a job
scheduler's stop, ``kill``) one more Ctrl-C: a thread that wakes on it sends SIGINT to
the main thread, wherever that thread is, so every manager here stops it the same way.
The managers leave SIGINT alone outside the main thread, or when its handler is
neither Python's default nor :func:`holding`'s (a worker that ignores it, a caller's
own handler).
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType

try:
    # The signal module's own calls: signal.getsignal and signal.signal wrap them to
    # hand back enums, which for a function handler costs a failed enum lookup (an
    # exception): 3 microseconds a call, seven calls each time a build holds Ctrl-C
    # and arms its timer, a tenth of solving a published Akari board.
    from _signal import getsignal
    from _signal import signal as setsignal
except ImportError:  # pragma: no cover - a Python without the _signal module
    from signal import getsignal
    from signal import signal as setsignal

# Set by the handler of :func:`kernels` while a kernel runs: a process-wide flag, as
# the signal is (the kernels' clock reads it).
_pending = [False]
# Where numba compiles a kernel on its first call (Python code that is not the
# kernel's: Ctrl-C stops it at once).
COMPILING = os.path.join("numba", "core", "dispatcher.py")
# Python that native code calls back (an exception raised there is printed and
# dropped): a SIGINT that lands there is sent again once it has returned.
CALLBACKS = f"{os.sep}llvmlite{os.sep}"
# How long after a SIGINT that landed in a callback it is sent again.
AGAIN_AFTER = 0.02
# Where a context manager is entered and left: an exception raised there escapes
# before the manager's own clean-up runs (a build's timer would stay armed, Ctrl-C
# held, and fire again in whatever ran next).
ENTERING = f"{os.sep}contextlib.py"
# Code that must not be stopped half way (a module half imported, numba's dispatcher
# mid-call, a context manager entered or left): :func:`holding` leaves the interrupt to
# the next look.
UNSTOPPABLE = ("<frozen importlib", f"{os.sep}numba{os.sep}", CALLBACKS, ENTERING)
# Set by :func:`holding`'s handler; cleared as its block ends.
_held = [False]


# Threads left running native code that cannot be stopped (a compiled proof check past
# its deadline): the process must not run the interpreter's finalization while one
# runs, which can crash it (a daemon thread in native code at exit).
_ABANDONED: list[threading.Thread] = []


def abandon(thread: threading.Thread) -> None:
    """Leave ``thread`` running native code no call can stop: the command line ends the
    process without the interpreter's finalization while it runs (:func:`left_running`)."""
    _ABANDONED.append(thread)


def left_running() -> bool:
    """Whether a thread :func:`abandon` was given still runs."""
    return any(thread.is_alive() for thread in _ABANDONED)


# Set once SIGTERM has been relayed as SIGINT (the command then says which signal
# stopped it).
_terminated = [False]


def _terminating(signum: int, frame: FrameType | None) -> None:
    """SIGTERM's Python handler while it is relayed: nothing (the relay sends SIGINT,
    whose handler decides where to stop); installed so that the signal reaches the
    wake-up descriptor the relay reads."""


def terminated() -> bool:
    """Whether SIGTERM, relayed as SIGINT (or handled by a server's own handler, see
    :func:`note_terminated`), stopped the process."""
    return _terminated[0]


def note_terminated() -> None:
    """Say that SIGTERM stopped the process (a server that catches it itself)."""
    _terminated[0] = True


def relay(data: bytes) -> None:
    """Send SIGINT to the main thread when ``data`` (bytes read from a signal wake-up
    descriptor) holds SIGTERM while :func:`terminate_as_interrupt` relays it: once, so
    that a second SIGTERM does not interrupt the first one's clean-up."""
    if (signal.SIGTERM in data and not _terminated[0]
            and getsignal(signal.SIGTERM) is _terminating):
        _terminated[0] = True
        main = threading.main_thread().ident
        if main is not None:
            signal.pthread_kill(main, signal.SIGINT)


def _only_relayed(signum: int, frame: FrameType | None) -> None:
    """SIGINT's handler when the process was started with SIGINT ignored (a background
    job of a shell script, a pool's worker): Ctrl-C stays ignored, SIGTERM relayed
    interrupts, or ends at once a process with nothing under way (see
    :func:`terminate_as_interrupt`)."""
    if _terminated[0]:
        idle = _idle[0]
        if idle is not None and idle():
            os._exit(128 + signal.SIGTERM)
        raise KeyboardInterrupt


def _wanted() -> bool:
    """Whether a SIGINT that arrives now interrupts (not a Ctrl-C the process was
    started to ignore)."""
    return _terminated[0] or not _ignoring[0]


def terminate_as_interrupt(idle: Callable[[], bool] | None = None) -> None:
    """From now on, SIGTERM stops the process as Ctrl-C does (KeyboardInterrupt where
    SIGINT would raise it, native solvers and kernels stopped): a thread reads the
    signal wake-up descriptor and relays SIGTERM (:func:`relay`). A process started
    with SIGINT ignored goes on ignoring Ctrl-C and still stops on SIGTERM; then, when
    ``idle()`` says it has nothing under way (a pool's worker between tasks), SIGTERM
    ends it at once. Nothing is done outside the main thread, or when SIGTERM already
    has a handler (ignored, say)."""
    if (threading.current_thread() is not threading.main_thread()
            or getsignal(signal.SIGTERM) != signal.SIG_DFL):
        return
    _idle[0] = idle
    if getsignal(signal.SIGINT) == signal.SIG_IGN:
        _ignoring[0] = True
        setsignal(signal.SIGINT, _only_relayed)
    import socket

    reader, writer = socket.socketpair()
    writer.setblocking(False)
    try:
        signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    except ValueError:  # pragma: no cover - not the main interpreter
        reader.close()
        writer.close()
        return
    setsignal(signal.SIGTERM, _terminating)
    _RELAY.extend((reader, writer))  # kept open for the process's life

    def watch() -> None:
        while True:
            try:
                data = reader.recv(64)
            except OSError:  # pragma: no cover - closed at exit
                return
            if not data:
                return
            relay(data)

    start_quiet(threading.Thread(target=watch, name="cpsolve-terminate", daemon=True))


_RELAY: list[object] = []
# True when the process was started with SIGINT ignored (see _only_relayed), and
# whether it then has nothing under way.
_ignoring = [False]
_idle: list[Callable[[], bool] | None] = [None]


def pending() -> bool:
    """Whether Ctrl-C arrived while kernels ran (the kernels then stop)."""
    return _pending[0]


def start_quiet(thread: threading.Thread) -> None:
    """Start ``thread`` with SIGINT blocked in it, so that Ctrl-C reaches the main
    thread: python-sat's handler, which jumps back into the solve call it interrupts,
    must run on the thread that made that call (on a timer's thread it hung the
    process)."""
    if not hasattr(signal, "pthread_sigmask"):
        thread.start()
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        thread.start()  # a new thread starts with the mask of the one that starts it
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def stoppable(frame: FrameType | None) -> bool:
    """Whether an exception raised by a signal handler in ``frame`` may stop the
    code that runs there: not in a module being imported (an extension's
    initialisation then fails for good in this process), in numba's dispatcher
    mid-call (the kernel's result then comes back with the exception set, a
    SystemError), in Python called back from native code or by the garbage collector
    (printed and dropped: a ``gc.callbacks`` function, such as hypothesis's, runs in
    whatever code allocates), or while a context manager is entered or left (its
    clean-up would not run)."""
    callbacks = {getattr(getattr(back, "__func__", back), "__code__", None)
                 for back in gc.callbacks}
    while frame is not None:
        if frame.f_code in callbacks:
            return False
        name = frame.f_code.co_filename
        if name.startswith(UNSTOPPABLE[0]) or any(part in name for part in UNSTOPPABLE[1:]):
            return False
        frame = frame.f_back
    return True


def _hold(signum: int, frame: FrameType | None) -> None:
    if not _wanted():
        return
    _held[0] = True
    if stoppable(frame):
        raise KeyboardInterrupt
    # else the next look raises


def _ours() -> bool:
    return (threading.current_thread() is threading.main_thread()
            and getsignal(signal.SIGINT) in (signal.default_int_handler, _hold,
                                             _only_relayed))


def check() -> None:
    """Raise KeyboardInterrupt if Ctrl-C arrived in a :func:`holding` block (the
    watch of a build calls it at every look).

    >>> check()
    """
    if _held[0]:
        raise KeyboardInterrupt


@contextmanager
def holding() -> Iterator[None]:
    """Build under Ctrl-C: KeyboardInterrupt at once, and again at every
    :func:`check` and as the block ends until one has stopped it (see the module).

    >>> with holding():
    ...     check()
    """
    if not _ours() or getsignal(signal.SIGINT) is _hold:
        yield  # not ours, or an outer block holds
        return
    previous = getsignal(signal.SIGINT)
    setsignal(signal.SIGINT, _hold)
    try:
        yield
    finally:
        setsignal(signal.SIGINT, previous)
        held, _held[0] = _held[0], False
    if held:  # Ctrl-C came and no KeyboardInterrupt got out of the block
        raise KeyboardInterrupt


@contextmanager
def kernels() -> Iterator[None]:
    """Run numba kernels that look at :func:`cpsolve.search.kernels.past`: Ctrl-C
    makes them return at their next look, then raises KeyboardInterrupt here.

    >>> with kernels():
    ...     pending()
    False
    """
    if not _ours():
        yield
        return
    owner = sys._getframe(2)  # the frame of the ``with`` (above contextlib's __enter__)
    previous = signal.getsignal(signal.SIGINT)
    main = threading.main_thread().ident
    lock = threading.Lock()
    active = [True]

    def again() -> None:
        time.sleep(AGAIN_AFTER)
        with lock:  # never once the block has given SIGINT back
            if active[0] and main is not None:
                signal.pthread_kill(main, signal.SIGINT)

    def handler(signum: int, frame: FrameType | None) -> None:
        # Inside a kernel, the Python running has the block's frame as its first
        # caller (compiled code has no frames); numba compiling has its dispatcher.
        # The flag is set in every case: should the KeyboardInterrupt be lost, the
        # kernel still stops at its first look and the block ends with it.
        if not _wanted():
            return
        _pending[0] = True
        if not active[0]:
            return  # a signal sent again, run as the block ends: the block raises
        inside = frame
        while inside is not None and inside is not owner:
            name = inside.f_code.co_filename
            if CALLBACKS in name:
                start_quiet(threading.Thread(target=again, name="cpsolve-interrupt",
                                             daemon=True))
                return
            if name.endswith(COMPILING):
                raise KeyboardInterrupt
            inside = inside.f_back
        if inside is None or frame is owner:
            raise KeyboardInterrupt
        # else: inside the kernel, which stops at this look at the clock

    signal.signal(signal.SIGINT, handler)
    try:
        yield
    finally:
        with lock:
            active[0] = False
        # (a SIGINT still pending runs the handler above first, which only sets the flag)
        signal.signal(signal.SIGINT, previous)
        interrupted, _pending[0] = _pending[0], False
        if interrupted:  # also instead of what the interrupt broke (numba compiling)
            raise KeyboardInterrupt


@contextmanager
def stopping(stop: Callable[[], None]) -> Iterator[None]:
    """Run a native call that keeps the main thread: Ctrl-C calls ``stop`` (from
    another thread) so that it returns, and Python raises KeyboardInterrupt then
    (SIGTERM too, while :func:`terminate_as_interrupt` relays it).

    >>> with stopping(lambda: None):
    ...     pass
    """
    if not _ours():
        yield
        return
    import socket

    reader, writer = socket.socketpair()
    writer.setblocking(False)
    try:
        previous = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    except ValueError:  # not the main thread of the main interpreter
        reader.close()
        writer.close()
        yield
        return

    def watch() -> None:
        while True:
            try:
                data = reader.recv(64)
            except OSError:
                return
            if not data:
                return  # the block ended
            relay(data)  # SIGTERM: SIGINT follows, and is read here next
            if signal.SIGINT in data and _wanted():
                stop()

    watcher = threading.Thread(target=watch, name="cpsolve-interrupt", daemon=True)
    start_quiet(watcher)
    try:
        yield
    finally:
        signal.set_wakeup_fd(previous)
        writer.close()  # the watcher reads the end and returns
        watcher.join()
        reader.close()
