"""CNF building blocks that encoders share: cardinality constraints built with numpy.

Each function returns clause groups (2-D int arrays, one clause per row) and never
posts anything; variables it needs beyond ``top`` are numbered ``top + 1`` on.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Any

from cpsolve.options import Option

if TYPE_CHECKING:
    import numpy as np

PAIRWISE_UP_TO = 10  # longer rows get a sequential counter

# Cardinality encodings by name: ``direct`` (this module's clauses), or any
# :class:`pysat.card.EncType`. The last three only encode "at most one"; with them,
# other bounds use the direct clauses.
AMO_ONLY_CARDS = ("pairwise", "ladder", "bitwise")
CARDS = ("direct", "seqcounter", "totalizer", "sortnetwrk", "cardnetwrk", "mtotalizer",
         "kmtotalizer", *AMO_ONLY_CARDS)


CARD = Option("card", "direct", "Cardinality encoding of the SAT model: direct (subset "
              "clauses, counters for long rows), or a pysat.card encoding", choices=CARDS,
              metavar="NAME")


def known_card(card: str) -> str:
    """``card`` if it names a cardinality encoding, else a :class:`UsageError`.

    >>> known_card("totalizer")
    'totalizer'
    """
    if card not in CARDS:
        from cpsolve.errors import UsageError

        raise UsageError(f"unknown cardinality encoding {card!r}; known: {', '.join(CARDS)}")
    return card


def at_most_one(lits: np.ndarray, top: int, pairwise_up_to: int = PAIRWISE_UP_TO
                ) -> tuple[list[np.ndarray], int]:
    """Clauses for "at most one of each row of ``lits``", and the new top variable.

    Rows of up to ``pairwise_up_to`` literals get the pairwise clauses; longer ones
    Sinz's sequential counter, whose auxiliary ``s_j`` means "one of the first j
    literals is true" (3L - 4 clauses and L - 1 variables for L literals, instead of
    L(L - 1) / 2 clauses).

    >>> import numpy as np
    >>> groups, top = at_most_one(np.array([[1, 2, 3]]), 3)
    >>> [g.tolist() for g in groups], top
    ([[[-1, -2], [-1, -3], [-2, -3]]], 3)
    """
    import numpy as np

    m, length = lits.shape
    if length <= 1:
        return [], top
    if length <= pairwise_up_to:
        pairs = np.array(list(combinations(range(length), 2)))
        return [-lits[:, pairs].reshape(-1, 2)], top
    s = top + 1 + np.arange(m * (length - 1), dtype=np.int64).reshape(m, length - 1)
    x = lits
    clauses = [
        np.stack([-x[:, :-1], s], axis=-1).reshape(-1, 2),  # x_j -> s_j
        np.stack([-s[:, :-1], s[:, 1:]], axis=-1).reshape(-1, 2),  # s_j -> s_j+1
        np.stack([-x[:, 1:], -s], axis=-1).reshape(-1, 2),  # s_j -> not x_j+1
    ]
    return clauses, top + m * (length - 1)


def exactly(lits: np.ndarray, number: int) -> list[np.ndarray]:
    """Clauses for "exactly ``number`` of each row of ``lits`` are true", with no
    auxiliary variable: every k+1 of them has a false one, every m-k+1 a true one.
    Exact for any row length m; meant for short rows (the count is binomial).

    >>> import numpy as np
    >>> [g.tolist() for g in exactly(np.array([[1, 2]]), 1)]
    [[[-1, -2]], [[1, 2]]]
    """
    from math import comb

    from cpsolve.limits import charge

    m = lits.shape[1]
    charge(len(lits) * ((number + 1) * comb(m, number + 1) if number < m else 0)
           + len(lits) * ((m - number + 1) * comb(m, m - number + 1) if number > 0 else 0))
    out = []
    if number < m:
        out.append(-lits[:, _picks(m, number + 1)].reshape(-1, number + 1))
    if number > 0:
        out.append(lits[:, _picks(m, m - number + 1)].reshape(-1, m - number + 1))
    return out


@lru_cache(maxsize=256)
def _picks(m: int, k: int) -> np.ndarray:
    """Every ``k`` of ``m`` positions, a row each (kept: a model asks for the same few
    many times, Star Battle's a row, a column and a region)."""
    import numpy as np

    return np.array(list(combinations(range(m), k)))


def card_clauses(lits: list[int], bound: int, kind: str, pool: Any, *,
                 exact: bool = False) -> list[list[int]]:
    """``sum(lits) <= bound`` (``== bound`` with ``exact``) by a :mod:`pysat.card`
    encoding named ``kind``; auxiliary variables come from ``pool`` (an IDPool, the
    next after its ``top``, as :mod:`pysat.card` takes them). The encoding of each
    length, bound and kind is made once, over positions, and laid on ``lits`` (a row
    or column count of Tents or Star Battle asks for the same few many times: made
    anew, a count cost a quarter of a millisecond).

    >>> from pysat.formula import IDPool
    >>> pool = IDPool(start_from=11)
    >>> card_clauses([3, -7], 1, "seqcounter", pool, exact=True), pool.top
    ([[3, -7], [-3, 7]], 10)
    """
    from cpsolve.limits import charge

    charge(card_literals(len(lits), bound, kind))
    clauses, aux = _card_shape(len(lits), bound, kind, exact)
    if not clauses:
        return []
    base = max(pool.top, *map(abs, lits))  # where pysat.card numbers from
    pool.top = base + aux
    at = [0, *lits, *range(base + 1, base + aux + 1)]
    return [[at[lit] if lit > 0 else -at[-lit] for lit in clause] for clause in clauses]


@lru_cache(maxsize=1024)
def _card_shape(size: int, bound: int, kind: str, exact: bool
                ) -> tuple[list[list[int]], int]:
    """The clauses of a :mod:`pysat.card` encoding over the literals ``1..size``, its
    auxiliary variables numbered from ``size + 1``; and how many of those there are."""
    from pysat.card import CardEnc, EncType

    encode = CardEnc.equals if exact else CardEnc.atmost
    made = encode(list(range(1, size + 1)), bound, top_id=size,
                  encoding=getattr(EncType, kind))
    return made.clauses, max(made.nv - size, 0)


def card_literals(count: int, bound: int, kind: str) -> int:
    """About how many literals a :mod:`pysat.card` encoding of ``sum <= bound`` over
    ``count`` literals holds (an upper estimate, to refuse one too large to build):
    counters and totalizers grow with ``count * bound``, sorting networks with
    ``count * log2(count)**2``, the pairwise encoding with ``count**2``.

    >>> card_literals(100, 20, "seqcounter"), card_literals(100, 1, "pairwise")
    (12600, 10000)
    """
    from math import log2

    bound = min(bound, count - bound) + 1 if count > bound else 1
    if kind in ("sortnetwrk", "cardnetwrk"):
        return int(6 * count * (log2(count + 1) + 1) ** 2)
    if kind == "pairwise":
        return count * count
    return 6 * count * bound


def guard(clauses: Any, selector: int) -> Any:
    """``clauses`` switched by ``selector``: each clause gets the literal ``-selector``,
    so the clauses hold when the selector is assumed true and are void when it is left
    free. A puzzle's hints (its clues) built this way can be turned on and off by
    assumptions on one solver (:mod:`cpsolve.grid.uniqueness`). ``clauses`` is a list of
    clauses or a 2-D array of same-length clauses; the result is of the same kind.

    >>> import numpy as np
    >>> guard(np.array([[1, 2], [-1, -2]]), 7).tolist()
    [[1, 2, -7], [-1, -2, -7]]
    >>> guard([[3], [4, 5]], 7)
    [[3, -7], [4, 5, -7]]
    """
    import numpy as np

    if isinstance(clauses, np.ndarray):
        column = np.full((len(clauses), 1), -selector, dtype=clauses.dtype)
        return np.concatenate([clauses.reshape(len(clauses), -1), column], axis=1)
    return [[*clause, -selector] for clause in clauses]


COUNT_DIRECT_UP_TO = 8  # counts over at most this many literals get the direct clauses
COUNTING_CARDS = tuple(card for card in CARDS if card not in AMO_ONLY_CARDS)  # exact counts


def count_clauses(lits: list[int], number: int, pool: Any, card: str = "totalizer"
                  ) -> list[Any]:
    """Clause groups for "exactly ``number`` of ``lits`` are true", as the pencil
    families count (a room's shaded cells, a ray's, a region's passed cells): the direct
    subset clauses over few literals (and with ``card="direct"``, or a count of none or
    all), else a :mod:`pysat.card` encoding named ``card`` (auxiliary variables from
    ``pool``); a number above the count is one contradictory group.

    >>> from pysat.formula import IDPool
    >>> [g.tolist() for g in count_clauses([1, 2], 1, IDPool(start_from=3))]
    [[[-1, -2]], [[1, 2]]]
    >>> count_clauses([1], 2, None)
    [[[1], [-1]]]
    """
    import numpy as np

    if number > len(lits):
        return [[[1], [-1]]]  # more than there are: no answer
    if len(lits) <= COUNT_DIRECT_UP_TO or card == "direct" or number in (0, len(lits)):
        return list(exactly(np.array([lits], dtype=np.int64), number))
    return [card_clauses(lits, number, card, pool, exact=True)]


def count_literals(size: int, number: int, card: str | None = None) -> int:
    """About how many literals :func:`count_clauses` writes for ``number`` of ``size``
    literals (0 for a number above the count): the direct clauses' binomials, a
    counter's ``size`` by the lesser side of the count.

    >>> count_literals(4, 2), count_literals(100, 20, "totalizer"), count_literals(3, 5)
    (24, 12600, 0)
    """
    from math import comb

    if number > size:
        return 0
    if size <= COUNT_DIRECT_UP_TO or card == "direct" or number in (0, size):
        return ((number + 1) * comb(size, number + 1) if number < size else 0) + (
            (size - number + 1) * comb(size, size - number + 1) if number > 0 else 0)
    return 6 * size * (min(number, size - number) + 1)
