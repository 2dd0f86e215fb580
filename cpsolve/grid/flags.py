"""The rules a board carries beside its cells, each turned on by a flag (Numberlink's
``fill``, Masyu's ``full``): a :class:`Flag` names one, :class:`Flags` reads and writes
a genre's flags in every form that can say them, once for every genre.

A flag is a Boolean field of the board named by its ``word``. Grid text says it by
that word after ``ROWS COLS`` on the size line; a puzz.link URL says it by pzprjs's
``letter`` in the flag segment before the size (``mashu/f/6/6/...``), where pzprjs has
the rule. A URL flag of one of pzprjs's rules that the genre does not read is refused
by name (:data:`~cpsolve.grid.puzzlink.VARIANTS`), never solved as the base genre.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from cpsolve.errors import InputError, UsageError
from cpsolve.grid import puzzlink
from cpsolve.grid import text as gridtext


@dataclass(frozen=True)
class Flag:
    """A rule a board carries: its field and size-line ``word``, what it ``means``, and
    the ``letter`` pzprjs writes for it in a URL (``""``: a URL never says it)."""

    word: str
    means: str
    letter: str = ""


_FLAGGED_RE = re.compile(r"^(\s*\d+\s+\d+)\s+(\S+)\s*$")  # ROWS COLS and a word


@dataclass(frozen=True)
class Flags:
    """A genre's flags, read and written in grid text and URLs.

    >>> flags = Flags((Flag("full", "the loop visits every cell", "f"),))
    >>> flags.from_text("2 2 full\\n- -\\n- -")
    ('2 2\\n- -\\n- -', {'full': True})
    >>> link = puzzlink.split("puzz.link/p?mashu/f/2/2/0", {"mashu": "Masyu"}, read="f")
    >>> flags.from_link(link), flags.segment({"full": True})
    ({'full': True}, 'f')
    """

    flags: tuple[Flag, ...] = ()

    def __iter__(self) -> Any:
        return iter(self.flags)

    def __bool__(self) -> bool:
        return bool(self.flags)

    @property
    def letters(self) -> str:
        """The URL letters the genre reads."""
        return "".join(flag.letter for flag in self.flags)

    def said(self, board: Any) -> list[Flag]:
        """The flags on in ``board`` (an object with the flags' fields, or a mapping)."""
        def on(flag: Flag) -> bool:
            if isinstance(board, dict):
                return bool(board.get(flag.word))
            return bool(getattr(board, flag.word, False))
        return [flag for flag in self.flags if on(flag)]

    def from_link(self, link: puzzlink.Link) -> dict[str, bool]:
        """The board's fields a split URL's flag segment turns on."""
        return {flag.word: True for flag in self.flags
                if flag.letter and flag.letter in link.flags}

    def segment(self, board: Any) -> str:
        """The URL's flag segment for ``board``, as pzprjs writes it (``""``: none)."""
        return "".join(flag.letter for flag in self.said(board))

    def from_text(self, text: str) -> tuple[str, dict[str, bool]]:
        """Grid text without the word its size line says after ``ROWS COLS``, and the
        flag it turns on. A third token there is a flag when it is a word, or when as
        many rows follow as the line says (``1 2 1`` followed by other than one row is
        a compact first row)."""
        said = gridtext.content(text)
        if not self.flags or not said:
            return text, {}
        number, first = said[0]
        size = _FLAGGED_RE.match(first)
        if not size or not (size.group(2).isalpha()
                            or len(said) - 1 == int(size.group(1).split()[0])):
            return text, {}
        word = size.group(2).lower()
        known = {flag.word: flag for flag in self.flags}
        if word not in known:
            allowed = " or ".join(f"'{f.word}' ({f.means})" for f in self.flags)
            raise InputError(f"after ROWS COLS the first line may say {allowed}, not "
                             f"{size.group(2)!r}", line=number, column=size.start(2) + 1)
        lines = text.splitlines()
        lines[number - 1] = size.group(1)
        return "\n".join(lines), {word: True}

    def unsaid(self, board: Any, form: str) -> None:
        """Refuse to write ``board`` in ``form``, which cannot say its rule, when one of
        its flags is on: written there, it would read back under the base rule.

        >>> Flags((Flag("full", "every cell", "f"),)).unsaid({"full": True}, "Penpa+")
        Traceback (most recent call last):
        ...
        cpsolve.errors.UsageError: Penpa+ cannot say the full rule (every cell): write the board as grid text or a puzz.link URL
        """  # noqa: E501
        for flag in self.said(board):
            raise UsageError(f"{form} cannot say the {flag.word} rule ({flag.means}): write "
                             "the board as grid text" + (" or a puzz.link URL" if flag.letter
                                                         else ""))

    def to_text(self, text: str, board: Any) -> str:
        """Grid text with the board's flags on its size line (its first line)."""
        said = [flag.word for flag in self.said(board)]
        if not said:
            return text
        size, _, body = text.partition("\n")
        return " ".join([size, *said]) + "\n" + body


def of(flags: Iterable[Flag] | Flags | None) -> Flags:
    """``flags`` as :class:`Flags` (none for ``None``)."""
    return flags if isinstance(flags, Flags) else Flags(tuple(flags or ()))
