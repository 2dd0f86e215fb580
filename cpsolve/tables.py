"""Ordered tables of named choices, the first the default (CPMpy's ``SolverLookup``):
a family's encodings, a planner's methods. A table drives a command's choices, checks
a name before any work, and gives the error that lists what is known."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Generic, Protocol, TypeVar

from cpsolve.errors import UsageError


class Named(Protocol):
    @property
    def name(self) -> str: ...


E = TypeVar("E", bound=Named)


class Table(Generic[E]):
    """Entries with distinct names, in order of preference.

    >>> from collections import namedtuple
    >>> Entry = namedtuple("Entry", "name")
    >>> table = Table("encoding", Entry("a"), Entry("b"))
    >>> table.names, table.default.name, table.get("b").name
    (('a', 'b'), 'a', 'b')
    >>> table.get("c")
    Traceback (most recent call last):
    ...
    cpsolve.errors.UsageError: unknown encoding 'c'; known: a, b
    """

    def __init__(self, what: str, *entries: E) -> None:
        if not entries:
            raise ValueError(f"a table of {what}s needs at least one entry")
        names = [entry.name for entry in entries]
        if len(set(names)) != len(names):
            raise ValueError(f"two {what}s share a name: {names}")
        self.what = what
        self.entries = entries

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(entry.name for entry in self.entries)

    @property
    def default(self) -> E:
        return self.entries[0]

    def get(self, name: str) -> E:
        """The entry called ``name``; a :class:`UsageError` naming the known ones."""
        for entry in self.entries:
            if entry.name == name:
                return entry
        raise UsageError(f"unknown {self.what} {name!r}; known: {', '.join(self.names)}")

    def __iter__(self) -> Iterator[E]:
        return iter(self.entries)
