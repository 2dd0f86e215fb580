"""puzz.link URLs (``https://puzz.link/p?TYPE/COLS/ROWS/BODY``, also on ``pzv.jp`` and
the mirrors ``pzprxs.vercel.app`` and ``pzplus.tck.mn``, with or without the scheme, as
``p.html``, in the editor's modes such as ``TYPE_edit``): the envelope every genre
shares, and the body encodings of the site's open-source editor (pzprjs) that several
genres use, each with its encoder so boards round-trip.

The envelope: the type (or one of its aliases: ``akari`` for ``lightup``, ``masyu``
for ``mashu``), an optional flag segment (its letters of pzprjs's variant rules handed
to the genre that reads them, :func:`split`'s ``read``; another of those rules,
:data:`VARIANTS`, refused by name; other letters ignored), the columns, then the rows,
then the body; one trailing ``/`` is dropped (the site adds
it to URLs that end in punctuation). As on the site, the body is read until the board
is complete and what follows is ignored, and a body that ends early leaves the rest of
the board empty, in every genre (no borders, no numbers: published URLs leave out
what is empty at the end); unlike the site, a character that means nothing where it
stands is an error naming its position, not a guess.

A ``v:`` segment before the flags (``mashu/v:/10/10/...``, ``v:ID``) is the editor's
"this puzzle uses variant rules": the setter's mark that the rules are not the
genre's, with no word of what they are. pzprjs reads the board as usual but stops
checking answers of its own accord; cpsolve refuses it by name (:data:`UNSTATED`),
since whatever it proved would be about another puzzle (the published Masyu of
``models/masyu/cases.toml`` marked so has several answers under the base rules).

Every error is an :class:`~cpsolve.errors.InputError` on line 1 whose column is the
1-based position in the URL; a family's parser moves it to where the URL sits in the
text it read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cpsolve.errors import ForeignPuzzle, InputError

# The site, its old home and its mirrors (pzprxs, pzplus), with or without the scheme,
# ``p`` or ``p.html``.
HOSTS = ("puzz.link", "pzv.jp", "pzprxs.vercel.app", "pzplus.tck.mn")
URL_RE = re.compile(r"^(?:https?://)?(?:www\.)?(?:" + "|".join(re.escape(h) for h in HOSTS)
                    + r")/p(?:\.html)?\?(?P<rest>.*)$")
# The editor's modes, written after the type (``akari_edit``): the board is the same.
MODES = ("_edit", "_play", "_test")
MAX_CELLS = 1_000_000
# The flags of a type's URL that state another rule (pzprjs's variants) or another
# encoding: a URL with one is refused by its name, never solved as the base genre,
# unless the genre reads that flag (``split``'s ``read``: Masyu's ``f``).
VARIANTS: dict[str, dict[str, str]] = {
    "mashu": {"f": "the variant where the loop visits every cell"},
    "masyu": {"f": "the variant where the loop visits every cell"},
    "slither": {"f": "the variant where the loop visits every grid point"},
    "country": {"e": "the variant where a region need not be visited"},
    "fillomino": {"t": "the variant whose largest number is 3"},
    "lits": {"d": "the site's old LITS encoding"},
}
UNSTATED = ("the {form} marks this puzzle as one with variant rules ('{segment}'), which it "
            "does not state and pzprjs does not check; remove {remove} to solve it under "
            "the rules of {name}")
UNKNOWN = -2  # a number shown as "?": present, its value not given
BASE32 = "0123456789abcdefghijklmnopqrstuv"


def error(message: str, position: int) -> InputError:
    """An error at 0-based ``position`` of the URL."""
    return InputError(message, line=1, column=position + 1)


@dataclass(frozen=True)
class Link:
    """A split URL: the type as written, the board's size, its body, where the body
    starts in the URL (0-based), for errors, and the flag letters the genre reads that
    the URL says (``flags``)."""

    kind: str
    cols: int
    rows: int
    body: str
    offset: int
    flags: str = ""

    @property
    def cells(self) -> int:
        return self.cols * self.rows

    def error(self, message: str, index: int) -> InputError:
        """An error at ``index`` of the body."""
        return error(message, self.offset + index)


def split(url: str, kinds: Mapping[str, str], *, max_cells: int = MAX_CELLS,
          refuse: Mapping[str, str] | None = None, read: str = "") -> Link:
    """The parts of a puzz.link URL (or pzv.jp, or a mirror's; the scheme may be
    missing, the path ``p.html``, the type in an editor's mode such as
    ``akari_edit``) whose type is one of ``kinds`` (a map from every accepted
    spelling to the genre's name, used in messages); another type is a
    :class:`~cpsolve.errors.ForeignPuzzle`.

    >>> split("https://puzz.link/p?mashu/6/4/1063000i", {"mashu": "Masyu"})
    Link(kind='mashu', cols=6, rows=4, body='1063000i', offset=30, flags='')
    >>> split("https://puzz.link/p?akari/6/6/nekcakbl/", {"akari": "Akari"}).body
    'nekcakbl'
    >>> split("pzprxs.vercel.app/p.html?akari_edit/6/6/nekcakbl", {"akari": "Akari"}).cols
    6
    >>> split("https://puzz.link/p?sudoku/9/9/x", {"akari": "Akari"})
    Traceback (most recent call last):
    ...
    cpsolve.errors.ForeignPuzzle: 1:21: puzzle type 'sudoku' is not Akari (akari)

    ``refuse`` maps a flag letter to why a board with it is refused (a flag that
    states another rule): an error at its segment; so do the type's pzprjs variants
    (:data:`VARIANTS`), but for the letters of ``read``: those the genre reads, and
    the URL's are handed on as the link's ``flags``.

    >>> split("puzz.link/p?yajilin/o/2/2/a", {"yajilin": "Yajilin"}, refuse={"o": "no"})
    Traceback (most recent call last):
    ...
    cpsolve.errors.InputError: 1:21: no
    >>> split("puzz.link/p?mashu/f/2/2/0", {"mashu": "Masyu"}, read="f").flags
    'f'

    A ``v:`` segment (variant rules the URL does not state) is refused at its place:

    >>> split("puzz.link/p?mashu/v:/2/2/0", {"mashu": "Masyu"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cpsolve.errors.InputError: 1:19: the URL marks this puzzle as one with variant rules ('v:'), ...
    """
    match = URL_RE.match(url)
    if not match:
        raise error("not a puzz.link or pzv.jp puzzle URL", 0)
    position = match.start("rest")
    parts = match.group("rest").split("/")
    written = parts.pop(0)
    kind = next((written[:-len(m)] for m in MODES if written.endswith(m)), written)
    if kind not in kinds:
        names = ", ".join(dict.fromkeys(kinds.values()))
        raise ForeignPuzzle(f"puzzle type {kind!r} is not {names} ({', '.join(kinds)})",
                            kind=kind, line=1, column=position + 1)
    position += len(written) + 1
    refused = {flag: f"the flag '{flag}' asks for {rule} (pzprjs's), which "
                     f"{next(iter(kinds.values()))} here does not read"
               for flag, rule in VARIANTS.get(kind, {}).items() if flag not in read
               } | dict(refuse or {})
    said = ""
    while parts and parts[0] and not parts[0].isdigit():
        segment = parts.pop(0)  # a flag segment: its letters read, ignored or refused
        if segment.startswith("v:"):
            raise error(UNSTATED.format(form="URL", segment=segment, remove=f"'{segment}/'",
                                        name=next(iter(kinds.values()))), position)
        for flag, why in refused.items():
            if flag in segment:
                raise error(why, position)
        said += "".join(flag for flag in read if flag in segment and flag not in said)
        position += len(segment) + 1
    if len(parts) < 2:
        raise error("expected TYPE/COLS/ROWS/BODY after '?'", match.start("rest"))
    if len(parts) == 2:
        parts.append("")  # no body: an empty board, as the site reads it
    numbers = []
    for what in ("column", "row"):
        text = parts.pop(0)
        if not re.fullmatch(r"[0-9]+", text) or int(text) < 1:
            raise error(f"bad {what} count {text!r}", position)
        numbers.append(int(text))
        position += len(text) + 1
    cols, rows = numbers
    if cols * rows > max_cells:
        raise error(f"{cols}x{rows} is too large (at most {max_cells:,} cells)",
                    match.start("rest"))
    if len(parts) > 1 and parts[-1] == "":
        parts.pop()  # the trailing slash the site adds after punctuation
    return Link(kind, cols, rows, "/".join(parts), position, said)


def url(kind: str, cols: int, rows: int, body: str, flags: str = "") -> str:
    """The URL of a board, as the site writes it (a ``/`` after a body that ends in
    punctuation; the flag segment, when the board has one, before the size).

    >>> url("akari", 2, 1, ".")
    'https://puzz.link/p?akari/2/1/./'
    >>> url("mashu", 2, 1, "0", "f")
    'https://puzz.link/p?mashu/f/2/1/0'
    """
    text = f"https://puzz.link/p?{kind}/{flags + '/' if flags else ''}{cols}/{rows}/{body}"
    return text if text[-1].isalnum() else text + "/"


def decode_borders(link: Link, start: int = 0
                   ) -> tuple[list[list[bool]], list[list[bool]], int]:
    """Room borders (pzprjs ``decodeBorder``): five borders a base-32 digit, most
    significant bit first; the borders between columns row by row, then those between
    rows. Returns ``vertical[r][c]`` (a border right of cell (r, c)),
    ``horizontal[r][c]`` (below it) and the body index after them.

    >>> v, h, end = decode_borders(Link("heyawake", 3, 2, "k0", 0))
    >>> v, h, end
    ([[True, False], [True, False]], [[False, False, False]], 2)
    """
    cols, rows, body = link.cols, link.rows, link.body
    counts = ((cols - 1) * rows, cols * (rows - 1))
    bits: list[list[bool]] = []
    index = start
    for count in counts:
        chars = -(-count // 5)
        found: list[bool] = []
        for k in range(chars):
            if index + k >= len(body):  # a body that ends early: no borders after it
                found.extend([False] * 5)
                continue
            ch = body[index + k].lower()
            if ch not in BASE32:
                raise link.error(f"{body[index + k]!r} is not a border digit (0-9, a-v)",
                                 index + k)
            value = BASE32.index(ch)
            found.extend(bool(value >> (4 - j) & 1) for j in range(5))
        bits.append(found[:count])
        index = min(index + chars, len(body))
    vertical = [bits[0][r * (cols - 1):(r + 1) * (cols - 1)] for r in range(rows)]
    horizontal = [bits[1][r * cols:(r + 1) * cols] for r in range(rows - 1)]
    return vertical, horizontal, index


def encode_borders(vertical: Sequence[Sequence[bool]],
                   horizontal: Sequence[Sequence[bool]]) -> str:
    """The inverse of :func:`decode_borders`.

    >>> encode_borders([[True, False], [True, False]], [[False, False, False]])
    'k0'
    """
    out = []
    for bits in ([b for row in vertical for b in row], [b for row in horizontal for b in row]):
        for k in range(0, len(bits), 5):
            group = list(bits[k:k + 5]) + [False] * (5 - len(bits[k:k + 5]))
            out.append(BASE32[sum(1 << (4 - j) for j, on in enumerate(group) if on)])
    return "".join(out)


def decode_border_pairs(link: Link, start: int = 0) -> tuple[list[tuple[int, int]], int]:
    """Every border :func:`decode_borders` reads, as the pair of cells ``a < b`` beside
    it, in reading order; and the body index after the borders.

    >>> decode_border_pairs(Link("heyawake", 3, 2, "k0", 0))
    ([(0, 1), (3, 4)], 2)
    """
    from cpsolve.grid.geometry import Grid

    vertical, horizontal, end = decode_borders(link, start)
    grid = Grid(link.rows, link.cols)

    def drawn(a: int, b: int) -> bool:
        (r, c), (r2, _) = grid.rc(a), grid.rc(b)
        return vertical[r][c] if r == r2 else horizontal[r][c]

    return [(a, b) for a, b in grid.pairs if drawn(a, b)], end


def decode_regions(link: Link, start: int = 0
                   ) -> tuple[list[int], list[tuple[int, int]], int]:
    """Regions drawn by their borders (:func:`decode_borders`), labelled ``0..`` in
    the order of their first cell; the walls inside them (borders with one region on
    both sides, as pairs of cells ``a < b``: pzprjs keeps every border it reads, and a
    genre's rules say what a wall asks); and the body index after the borders.

    >>> decode_regions(Link("heyawake", 3, 2, "k0", 0))
    ([0, 1, 1, 0, 1, 1], [], 2)
    >>> decode_regions(Link("heyawake", 2, 2, "g", 0))  # a border that divides nothing
    ([0, 0, 0, 0], [(0, 1)], 1)
    """
    from cpsolve.grid.geometry import Grid

    pairs, end = decode_border_pairs(link, start)
    drawn = set(pairs)
    grid = Grid(link.rows, link.cols)

    def apart(a: int, b: int) -> bool:
        return (a, b) in drawn

    label = grid.label_regions(apart)
    walls = [(a, b) for a, b in pairs if label[a] == label[b]]
    return label, walls, end


def encode_regions(rows: int, cols: int, label: Sequence[int],
                   walls: Sequence[tuple[int, int]] = ()) -> str:
    """The borders of regions labelled cell by cell and of the walls inside them, as
    :func:`decode_regions` reads them.

    >>> encode_regions(2, 3, [0, 1, 1, 0, 1, 1])
    'k0'
    >>> encode_regions(2, 2, [0, 0, 0, 0], [(0, 1)])
    'g0'
    """
    walled = set(walls)

    def apart(a: int, b: int) -> bool:
        return label[a] != label[b] or (a, b) in walled

    vertical = [[apart(r * cols + c, r * cols + c + 1) for c in range(cols - 1)]
                for r in range(rows)]
    horizontal = [[apart(r * cols + c, (r + 1) * cols + c) for c in range(cols)]
                  for r in range(rows - 1)]
    return encode_borders(vertical, horizontal)


# Number16 prefixes: (characters of hex, value added).
_WIDE = {"-": (2, 0), "+": (3, 0), "=": (3, 4096), "%": (3, 8192), "*": (4, 12240),
         "$": (5, 77776)}


def decode_numbers(link: Link, start: int, count: int) -> tuple[list[int | None], int]:
    """``count`` numbers (pzprjs ``decodeNumber16``: one per room, say): a hex digit,
    ``-xx``, ``+xxx`` and wider forms, ``.`` for a number shown as ``?``
    (:data:`UNKNOWN`), ``g``-``z`` for 1-20 places without a number. Returns the
    numbers (None: none) and the body index after them; what follows is not read. A
    body that ends early leaves the places after it without a number, as the site
    reads it (published Nurikabe URLs leave out the empty cells at the end), and a
    number it cuts short (``-1``) is the digits it has, as the site reads them.

    >>> decode_numbers(Link("heyawake", 1, 1, "2-11.h3", 0), 0, 6)
    ([2, 17, -2, None, None, 3], 7)
    >>> decode_numbers(Link("nurikabe", 4, 1, "g2", 0), 0, 4)[0]
    [None, 2, None, None]
    """
    body = link.body
    out: list[int | None] = []
    index = start
    while len(out) < count:
        if index >= len(body):
            out.extend([None] * (count - len(out)))
            break
        ch = body[index]
        if ch in "0123456789abcdef":
            out.append(int(ch, 16))
            index += 1
        elif ch in _WIDE:
            width, base = _WIDE[ch]
            digits = body[index + 1:index + 1 + width]
            cut = 0 < len(digits) < width and index + 1 + len(digits) == len(body)
            if (len(digits) < width and not cut) or any(
                    d not in "0123456789abcdef" for d in digits):  # cut: read as written
                raise link.error(f"{ch!r} must be followed by {width} hex digits", index)
            out.append(int(digits, 16) + base)
            index += 1 + len(digits)
        elif ch == ".":
            out.append(UNKNOWN)
            index += 1
        elif "g" <= ch <= "z":
            skip = int(ch, 36) - 15
            out.extend([None] * min(skip, count - len(out)))
            index += 1
        else:
            raise link.error(f"unexpected character {ch!r} among the numbers", index)
    return out, index


def encode_numbers(numbers: Sequence[int | None]) -> str:
    """The inverse of :func:`decode_numbers` (a trailing run of empty places is written
    too, as the site does).

    >>> encode_numbers([2, 17, -2, None, None, 3, None])
    '2-11.h3g'
    """
    return gaps([None if n is None else _number16(n) for n in numbers], GAPS16)


GAPS16 = "ghijklmnopqrstuvwxyz"  # Number16's runs of 1-20 places without a number
GAPS26 = "abcdefghijklmnopqrstuvwxyz"  # runs of 1-26 (Yajilin's arrows, Loopy's IDs)


def gaps(tokens: Sequence[str | None], letters: str) -> str:
    """``tokens`` written one after another, each run of ``None`` as letters: the k-th
    of ``letters`` for a run of k, the last one for as many as there are letters (the
    run going on after it).

    >>> gaps(["3", None, None, "1", None], GAPS26)
    '3b1a'
    >>> gaps([None] * 21, GAPS16)
    'zg'
    """
    out: list[str] = []
    gap = 0
    for token in tokens:
        if token is None:
            gap += 1
            if gap == len(letters):
                out.append(letters[-1])
                gap = 0
            continue
        if gap:
            out.append(letters[gap - 1])
            gap = 0
        out.append(token)
    if gap:
        out.append(letters[gap - 1])
    return "".join(out)


def _number16(number: int) -> str:
    if number == UNKNOWN:
        return "."
    if 0 <= number < 16:
        return format(number, "x")
    for prefix, (width, base) in _WIDE.items():
        if 0 <= number - base < 16 ** width and (prefix != "-" or number >= 16):
            return prefix + format(number - base, "x").rjust(width, "0")
    raise ValueError(f"{number} cannot be written as a puzz.link number")


def decode_base3(link: Link, start: int, count: int) -> tuple[list[int], int]:
    """``count`` values 0-2, three a base-27 digit (``0``-``9``, ``a``-``q``), most
    significant first (pzprjs ``decodeCircle``: Masyu's pearls, 1 white, 2 black); a
    body that ends early leaves the cells after it 0.

    >>> decode_base3(Link("mashu", 4, 1, "19", 0), 0, 4)
    ([0, 0, 1, 1], 2)
    >>> decode_base3(Link("mashu", 4, 1, "1", 0), 0, 4)[0]
    [0, 0, 1, 0]
    """
    body = link.body
    out: list[int] = []
    index = start
    digits = "0123456789abcdefghijklmnopq"
    while len(out) < count:
        if index >= len(body):
            out.extend([0] * (count - len(out)))
            break
        ch = body[index].lower()
        if ch not in digits:
            raise link.error(f"{body[index]!r} is not a base-27 digit (0-9, a-q)", index)
        value = digits.index(ch)
        out.extend((value // 9 % 3, value // 3 % 3, value % 3)[:count - len(out)])
        index += 1
    return out, index


def encode_base3(values: Sequence[int]) -> str:
    """The inverse of :func:`decode_base3`.

    >>> encode_base3([0, 0, 1, 1])
    '19'
    """
    digits = "0123456789abcdefghijklmnopq"
    out = []
    for k in range(0, len(values), 3):
        group = list(values[k:k + 3]) + [0] * (3 - len(values[k:k + 3]))
        out.append(digits[group[0] * 9 + group[1] * 3 + group[2]])
    return "".join(out)


def decode_small(link: Link, start: int, count: int) -> tuple[list[int | None], int]:
    """``count`` places holding a number 0-4 or none (pzprjs ``decode4Cell``:
    Slitherlink's cells): ``0``-``4`` a number, ``5``-``9`` a number and one empty
    place after it, ``a``-``e`` a number and two, ``g``-``z`` 1-20 empty places, ``.`` a
    number shown as ``?`` (:data:`UNKNOWN`). As on the site, a body that ends early
    leaves the cells after it empty (published URLs leave out the empty cells at the
    end).

    >>> decode_small(Link("slither", 6, 1, "3aga", 0), 0, 6)
    ([3, 0, None, None, None, 0], 4)
    >>> decode_small(Link("slither", 6, 1, "3", 0), 0, 6)[0]
    [3, None, None, None, None, None]
    """
    body = link.body
    out: list[int | None] = []
    index = start
    while len(out) < count:
        if index >= len(body):
            out.extend([None] * (count - len(out)))
            break
        ch = body[index]
        if "0" <= ch <= "4":
            out.append(int(ch))
        elif "5" <= ch <= "9":
            out.extend([int(ch) - 5, None])
        elif "a" <= ch <= "e":
            out.extend([int(ch, 16) - 10, None, None])
        elif "g" <= ch <= "z":
            out.extend([None] * (int(ch, 36) - 15))
        elif ch == ".":
            out.append(UNKNOWN)
        else:
            raise link.error(f"unexpected character {ch!r} among the cells", index)
        index += 1
    return out[:count], index


def encode_small(numbers: Sequence[int | None]) -> str:
    """The inverse of :func:`decode_small`, as the site writes it (a number near the
    end takes the form with two empty places after it, past the board's end).

    >>> encode_small([3, 0, None, None, None, 0])
    '3aga'
    """
    out: list[str] = []
    gap = 0
    cells = len(numbers)
    k = 0
    while k < cells:
        number = numbers[k]
        if number is None:
            gap += 1
            if gap == 20:
                out.append("z")
                gap = 0
            k += 1
            continue
        if gap:
            out.append(chr(ord("f") + gap))
            gap = 0
        if number == UNKNOWN:
            out.append(".")
        elif k + 1 < cells and numbers[k + 1] is not None:
            out.append(str(number))
        elif k + 2 < cells and numbers[k + 2] is not None:
            out.append(str(5 + number))
            k += 1
        else:
            out.append(format(10 + number, "x"))
            k += 2
        k += 1
    if gap:
        out.append(chr(ord("f") + gap))
    return "".join(out)


def shifted(error_: InputError, text: str) -> InputError:
    """``error_`` (about a one-line URL that is ``text`` stripped) moved to where the
    URL sits in ``text``: its line, and its column on that line."""
    lead = text[:len(text) - len(text.lstrip())]
    line = lead.count("\n") + 1
    shift = len(lead) - (lead.rfind("\n") + 1)
    column = (error_.column or 1) + shift
    if isinstance(error_, ForeignPuzzle):
        return ForeignPuzzle(error_.message, kind=error_.kind, line=line, column=column)
    return InputError(error_.message, line=line, column=column)
