"""The exceptions cpsolve raises.

One root, :class:`CpsolveError`. Normal outcomes (no solution, a limit reached) are
statuses in a :class:`~cpsolve.result.Result`, never exceptions.
"""

from __future__ import annotations

import errno

# The errors of a write its device refused: the disk (or quota) full, a file past its
# size limit, an I/O error (exit 74 wherever they come from).
DEVICE_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})


class CpsolveError(Exception):
    """Root of every error cpsolve raises on purpose."""


class InputError(CpsolveError, ValueError):
    """Bad input: a board or file that cannot be read, with where it went wrong.

    ``source`` names the file (or ``<stdin>``, ``<argument>``); ``line`` and
    ``column`` are 1-based and ``None`` when they do not apply.

    >>> str(InputError("unknown character 'q'", source="b.txt", line=3, column=5))
    "b.txt:3:5: unknown character 'q'"
    >>> str(InputError("empty board", source="<stdin>"))
    '<stdin>: empty board'
    """

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.source = source
        self.line = line
        self.column = column

    def located(self, source: str) -> InputError:
        """The same error, naming ``source`` when it named none."""
        if self.source is not None:
            return self
        return InputError(self.message, source=source, line=self.line, column=self.column)

    def __str__(self) -> str:
        where = [part for part in (self.source, self.line, self.column) if part is not None]
        prefix = ":".join(str(part) for part in where)
        return f"{prefix}: {self.message}" if prefix else self.message


class ForeignPuzzle(InputError):
    """A board that names its puzzle type (a URL, a janko.at or pzprjs file, a Tatham
    link), and the type is another family's. ``kind`` is the type as written; the
    command asks the other families which one reads the board, and says so."""

    def __init__(self, message: str, *, kind: str, source: str | None = None,
                 line: int | None = None, column: int | None = None) -> None:
        super().__init__(message, source=source, line=line, column=column)
        self.kind = kind

    def located(self, source: str) -> InputError:
        if self.source is not None:
            return self
        return ForeignPuzzle(self.message, kind=self.kind, source=source, line=self.line,
                             column=self.column)


class UsageError(CpsolveError, ValueError):
    """Options that do not fit together or name something that does not exist."""


class TooLarge(CpsolveError, MemoryError):
    """A problem refused before any work: its model, by an estimate made before it is
    built, would not fit in the memory this process may use. A memory limit reached
    (exit 3), told apart from bad input; a :class:`MemoryError` to code that counts
    memory-outs (experiments)."""


class OutputError(CpsolveError):
    """An answer, a file or a picture that could not be written (a full disk, a
    directory that cannot be written): the message names the file or standard output.
    Exit status 74, told apart from bad input; a reader that closed the pipe is no
    error (cpsolve stops quietly, as other Unix tools do)."""


class CertificateError(CpsolveError):
    """A certificate that does not prove its claim: the message names what failed (a
    file changed since it was written, a rule clause missing, a cut whose argument
    does not hold, an answer that breaks a rule, a proof step that does not follow).
    Exit status 5, as an answer that fails its checker: the claim is not certified."""


class CacheWarning(UserWarning):
    """A cache (pattern databases, numba's compiled kernels) that cannot be used: the
    command goes on without it, said once on standard error."""
