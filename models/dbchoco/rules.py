"""The Double Choco rules, stated once (:mod:`cpsolve.grid.rules`): a border on each
pair of neighbours (the answer), and each cell's half size, one-hot from 1 to half the
board (``half[cell, n]``: the area holding the cell has ``n`` cells of each colour).

* across a pair with no border the half sizes are equal (so an area has one size);
* a number is its cell's half size (a clue);
* a cell is joined to a neighbour, and a border never ends inside the grid
  (implied, for the solvers);
* every area is sound (:class:`Choco`): no border inside it, ``n`` white and ``n``
  grey cells, each colour connected, the two halves of one shape (turned or
  mirrored). On SAT, lazily: each candidate's areas are judged and a bad one cut off
  (with the fewest of its cells that break a rule whatever else the area holds, where
  there are such); on CP-SAT, labels and distances for the areas and their white
  halves, and a grey partner for every white cell under one rigid motion an area;
  in a certificate, the kit's cut group of areas judged by their cells.
* On a partial assignment (the steps and the grade), the same on the parts decided,
  and what a player reasons from the sizes left (:meth:`Choco.rooms`): a size with no
  room for its area or its half is ruled out; a room of exactly the size is the area,
  a part of a colour of exactly the size the half; and a half known has as its other
  half one of its copies (turned or mirrored) in the other colour beside it.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np

from cpsolve.certify.cuts import boundary
from cpsolve.grid.connectivity import components
from cpsolve.grid.geometry import Grid
from cpsolve.grid.hints import Clue
from cpsolve.grid.rules import Method, Model, Statement, lazy
from cpsolve.grid.rules.numbers import numbers
from cpsolve.models.dbchoco.board import Board

if TYPE_CHECKING:
    from cpsolve.certify.cuts import Areas
    from cpsolve.grid.rules.certificate import CertOut
    from cpsolve.grid.rules.cpsat import CpsatOut
    from cpsolve.grid.rules.sat import SatOut

Division = frozenset[tuple[int, int]]  # an answer: the pairs of neighbours with a border
# How many areas judged a rule keeps the answers of (a solve's candidates hold the same
# areas round after round).
JUDGED = 1 << 15
KEPT = 1 << 14  # sets' cuts kept by their nodes' states, at most
# The eight rigid motions of the square: (row, column) -> these.
MOTIONS = ((1, 0, 0, 1), (0, 1, -1, 0), (-1, 0, 0, -1), (0, -1, 1, 0),
           (-1, 0, 0, 1), (1, 0, 0, -1), (0, 1, 1, 0), (0, -1, -1, 0))


def shape(cells: Sequence[tuple[int, int]], motion: tuple[int, int, int, int]
          ) -> tuple[tuple[int, int], ...]:
    """The cells moved by ``motion`` and shifted to their least row and column, sorted."""
    a, b, c, d = motion
    moved = [(a * r + b * col, c * r + d * col) for r, col in cells]
    top, left = min(r for r, _ in moved), min(col for _, col in moved)
    return tuple(sorted((r - top, col - left) for r, col in moved))


def congruent(one: Sequence[tuple[int, int]], other: Sequence[tuple[int, int]]) -> bool:
    """Whether two sets of cells are of one shape, turned or mirrored."""
    target = shape(other, MOTIONS[0])
    return len(one) == len(other) and any(shape(one, m) == target for m in MOTIONS)


@dataclass
class Choco:
    """Every area sound (see the module docstring): ``border[pair]`` and
    ``half[cell, n - 1]`` the literals, ``grey`` the board's colours."""

    grid: Grid
    grey: tuple[bool, ...]
    border: list[int]
    half: np.ndarray
    name: str = "areas"
    _judged: dict[tuple[Any, frozenset[int], bool], str | None] = field(
        default_factory=dict, repr=False, compare=False)
    _copies: dict[tuple[int, ...], Any] = field(default_factory=dict, repr=False,
                                                compare=False)

    def group(self, kind: str) -> Areas:
        """The areas (``kind`` "area") or the halves of one colour ("white", "grey")
        as the kit's cut group: nodes are the cells, then the pairs; the set of ``n``
        holds the cells of half size ``n`` (of that colour) and the pairs with no
        border (between two such cells), so that its parts are the areas, or the
        halves, of ``n`` with their inner pairs."""
        from cpsolve.certify.cuts import Areas

        grid, cells, grey = self.grid, self.grid.cells, self.grey
        links: list[list[int]] = [[] for _ in range(cells + len(grid.pairs))]
        for k, (a, b) in enumerate(grid.pairs):
            links[a].append(cells + k)
            links[b].append(cells + k)
            links[cells + k] = [a, b]
        keep = [kind == "area" or grey[c] == (kind == "grey") for c in range(cells)]
        joined = [-lit if keep[a] and keep[b] else 0
                  for lit, (a, b) in zip(self.border, grid.pairs)]
        sets: dict[Hashable, list[int]] = {
            n + 1: [lit if keep[c] else 0 for c, lit in enumerate(column)] + joined
            for n, column in enumerate(self.half.T.tolist())}
        judge = self.judge if kind == "area" else self.judge_half
        return Areas(f"{self.name}-{kind}" if kind != "area" else self.name, links, sets,
                     judge, grid.where, joints=cells)

    def judge_half(self, key: Any, nodes: frozenset[int], closed: bool) -> str | None:
        """Why a half of ``key`` cells joined through ``nodes`` (exactly them when
        ``closed``) breaks a rule: a half of an area is all its cells of the colour,
        joined, so it has ``key`` cells."""
        count = sum(1 for n in nodes if n < self.grid.cells)
        if count > key:
            return f"a half of {key} cells holds more"
        if closed and count and count < key:
            return f"a half of {key} cells holds fewer"
        return None

    @cached_property
    def _index(self) -> dict[tuple[int, int], int]:
        """Each pair of neighbours' place in the grid's pairs (its node in a group:
        that past the cells)."""
        return {pair: k for k, pair in enumerate(self.grid.pairs)}

    def judge(self, key: Any, nodes: frozenset[int], closed: bool) -> str | None:
        """Why an area of half size ``key`` holding ``nodes`` (cells and joined pairs;
        ``closed``: exactly them) breaks a rule, or None (the last answers kept: the
        solver's candidates hold the same areas round after round)."""
        kept = self._judged
        said = kept.get((key, nodes, closed), kept)
        if said is kept:
            if len(kept) >= JUDGED:
                kept.clear()
            said = kept[key, nodes, closed] = self._judge(key, nodes, closed)
        return said  # type: ignore[return-value]

    def _judge(self, key: Any, nodes: frozenset[int], closed: bool) -> str | None:
        grid, grey = self.grid, self.grey
        cells = sorted(n for n in nodes if n < grid.cells)
        white = [c for c in cells if not grey[c]]
        dark = [c for c in cells if grey[c]]
        if len(white) > key or len(dark) > key:
            return f"an area of halves of {key} holds more cells of a colour"
        if not closed or not cells:
            return None
        inside, index, count = set(cells), self._index, grid.cells
        if any(b in inside and count + index[a, b] not in nodes
               for a in cells for b in grid.neighbours[a] if a < b):
            return "a border inside an area"
        if len(white) < key or len(dark) < key:
            return f"an area of halves of {key} holds fewer cells of a colour"
        for half in (white, dark):
            if len(components(half, grid.neighbours)) > 1:
                return "a half of an area is not connected"
        if not congruent([grid.rc(c) for c in white], [grid.rc(c) for c in dark]):
            return "the halves of an area are not of one shape"
        return None

    def sat(self, out: SatOut) -> None:
        if not out.wants():
            return
        groups = [self.group(kind) for kind in ("white", "grey", "area")]
        lits = [*self.border, *self.half.ravel().tolist()]
        read = out.reader(lits)
        variables = np.array(lits, dtype=np.int64)  # each a variable, not a negation
        on = np.zeros(int(variables.max(initial=0)) + 1, dtype=np.int8)

        def refine(values: tuple[bool, ...]) -> list[list[int]]:
            on[variables] = np.fromiter(read(values), dtype=np.int8, count=len(lits))
            return [self.sized(group, record) for group in groups
                    for record in group.faults(on)]

        seen: list[dict[tuple[int, bytes], list[list[int]]]] = [{} for _ in groups]
        rooms: dict[tuple[int, bytes, bytes], Any] = {}

        def partial(state: Any) -> list[list[int]]:
            return [*(clause for group, known in zip(groups, seen)
                      for clause in _decided(group, state, known)),
                    *self.rooms(state, rooms)]

        out.add_lazy(refine, partial)

    @cached_property
    def _ends(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Each pair's two cells, its border's variable and whether that literal is
        the variable itself (as arrays, in the order of the pairs)."""
        pairs = np.array(self.grid.pairs, dtype=np.int64).reshape(-1, 2)
        border = np.array(self.border, dtype=np.int64)
        return pairs[:, 0], pairs[:, 1], np.abs(border), border > 0

    def rooms(self, state: Any, known: dict[tuple[int, bytes, bytes], Any] | None = None
              ) -> list[list[int]]:
        """What the sizes left say on a partial assignment ``state`` (by variable: 1
        true, 0 false, -1 open), as clauses every answer satisfies. An area of halves of
        ``n`` holding a cell lies in the cells joined to it through pairs not bordered
        and cells not ruled out of ``n`` (its room), its white half in one part of the
        room's white cells joined through pairs not bordered, its grey half in one of
        the grey cells'. So:

        * a cell whose own colour's part of its room has fewer than ``n`` cells, or
          whose room has no part of the other colour of at least ``n`` cells, holds no
          ``n`` ("not ``n`` here, or ``n`` in a cell beside the room, or no border on a
          pair round it or between two of its cells of one colour");
        * a room of exactly ``n`` cells of each colour is the area of a cell of it
          holding ``n``, and a part of one colour of exactly ``n`` cells the half: each
          cell ``n``, no border inside;
        * such a half's area is it and one of its copies (:meth:`_copied`).

        ``known`` keeps each size's findings by what they were read from."""
        if known is None:
            known = {}
        elif len(known) > KEPT:
            known.clear()
        first, second, variable, positive = self._ends
        got = np.asarray(state, dtype=np.int8)
        bordered = np.where(positive, got[variable] == 1, got[variable] == 0)
        view = got[self.half]  # by cell, then size: 1, 0 or -1
        allowed = (view != 0).T  # by size, then cell: not ruled out
        both = allowed[:, first] & allowed[:, second] & bordered  # bordered in reach
        out: list[list[int]] = []
        half = self.half
        for n in allowed.any(axis=1).nonzero()[0].tolist():
            key = (n, allowed[n].tobytes(), both[n].tobytes())
            small = known.get(key)
            if small is None:
                small = known[key] = self._small(n, allowed[n], bordered)
            for cells, reasons, whole, alone in small:
                if whole is None:
                    out.extend([-int(half[c, n]), *reasons] for c in cells
                               if view[c, n] != 0)
                    continue
                # A room of exactly n cells of each colour (a part of one colour of
                # n, alone): the area (the half) of a cell of it holding n.
                held = [c for c in cells if view[c, n] == 1]
                if not held:
                    continue
                because = [-int(half[held[0], n]), *reasons]
                if alone:  # a half: its area is it and a copy of it
                    whole = [*whole, *self._copied(cells, n, got, allowed[n], because)]
                then = [lit for lit in whole if _value(got, lit) != 1]
                out.extend([*because, lit] for lit in then)
        return out

    def _copied(self, cells: list[int], n: int, got: np.ndarray, allowed: np.ndarray,
                because: list[int]) -> list[int]:
        """A half of ``n + 1`` known to be ``cells`` (``because`` the clause's reasons,
        extended here): its area's other half is a copy of it (turned or mirrored) in
        the other colour, touching it. Of each copy that cannot be (a cell ruled out,
        a pair inside it or between it and the half bordered, or a pair out of the
        two joined) one reason is added; what every other copy holds (its cells
        ``n + 1``, no border inside the area, a border round it) is returned."""
        key = tuple(cells)
        copies = self._copies.get(key)
        if copies is None:
            if len(self._copies) >= JUDGED:
                self._copies.clear()
            copies = self._copies[key] = self._place(cells)
        half, border = self.half, self.border

        def false(lit: int) -> bool:
            return _value(got, lit) == 0

        kept = []
        for copy, inner, touching, around in copies:
            killer = next((int(half[d, n]) for d in copy if not allowed[d]), None) \
                or next((-border[k] for k in (*inner, *touching) if false(-border[k])), None) \
                or next((border[k] for k in around if false(border[k])), None)
            if killer is not None:
                because.append(killer)
            else:
                kept.append((copy, inner, touching, around))
        if not kept:
            return []
        common = set(kept[0][0]).intersection(*(c[0] for c in kept[1:]))
        joined = set(kept[0][1] + kept[0][2]).intersection(
            *(c[1] + c[2] for c in kept[1:]))
        apart = set(kept[0][3]).intersection(*(c[3] for c in kept[1:]))
        return [*(int(half[d, n]) for d in sorted(common)),
                *(-border[k] for k in sorted(joined)), *(border[k] for k in sorted(apart))]

    def _place(self, cells: list[int]) -> list[tuple[list[int], list[int], list[int],
                                                     list[int]]]:
        """The copies of ``cells`` (of one colour, joined), turned or mirrored, in
        the other colour and touching them: each its cells, its pairs inside, its
        pairs to ``cells`` and the pairs leaving both."""
        grid, grey, index = self.grid, self.grey, self._index
        colour = not grey[cells[0]]
        points = [grid.rc(c) for c in cells]
        shapes = {shape(points, m) for m in MOTIONS}
        inside = set(cells)
        found: dict[tuple[int, ...], Any] = {}
        for form in shapes:
            r0, c0 = form[0]
            for target in range(grid.cells):
                if grey[target] != colour:
                    continue
                tr, tc = grid.rc(target)
                copy = []
                for r, c in form:
                    rr, cc = tr + r - r0, tc + c - c0
                    if not grid.contains(rr, cc):
                        break
                    cell = grid.cell(rr, cc)
                    if grey[cell] != colour:
                        break
                    copy.append(cell)
                else:
                    copy.sort()
                    if tuple(copy) not in found:
                        found[tuple(copy)] = copy
        out = []
        for copy in found.values():
            mine = set(copy)
            both = inside | mine
            inner, touching, around = [], [], []
            for c in copy:
                for o in grid.neighbours[c]:
                    pair = (c, o) if c < o else (o, c)
                    if o in inside:
                        touching.append(index[pair])
                    elif o in mine and c < o:
                        inner.append(index[pair])
            for c in both:
                for o in grid.neighbours[c]:
                    if o not in both:
                        around.append(index[(c, o) if c < o else (o, c)])
            if touching:
                out.append((copy, inner, touching, around))
        return out

    def _small(self, n: int, allowed: np.ndarray, bordered: np.ndarray
               ) -> list[tuple[list[int], list[int], list[int] | None, bool]]:
        """The cells of each room of halves of ``n + 1`` with no room for one (see
        :meth:`rooms`), each with the literals of its reasons."""
        grid, grey, half = self.grid, self.grey, self.half
        pairs, border = grid.pairs, self.border
        open_ = [[] for _ in range(grid.cells)]  # type: list[list[int]]
        alike = [[] for _ in range(grid.cells)]  # type: list[list[int]]
        shut: dict[tuple[int, int], int] = {}
        for k, (a, b) in enumerate(pairs):
            if not (allowed[a] and allowed[b]):
                continue
            if bordered[k]:
                shut[a, b] = k
                continue
            open_[a].append(b)
            open_[b].append(a)
            if grey[a] == grey[b]:
                alike[a].append(b)
                alike[b].append(a)
        size, index = n + 1, self._index
        out: list[tuple[list[int], list[int], list[int] | None, bool]] = []

        def leaving(cells: list[int], alone: bool) -> tuple[list[int], list[int]]:
            """The reasons ``cells`` are a room (or, ``alone``, a colour's part of
            one): each neighbour outside them (of their colour) ruled out of ``n`` or
            bordered off; and the literals of every cell ``n`` and every pair inside
            with no border."""
            inside = set(cells)
            reasons, inner = [], []
            for c in cells:
                for o in grid.neighbours[c]:
                    if alone and grey[o] != grey[c]:
                        continue
                    pair = (c, o) if c < o else (o, c)
                    if o not in inside:
                        reasons.append(int(half[o, n]) if not allowed[o]
                                       else -border[shut[pair]])
                    elif c < o:
                        inner.append(-border[index[pair]])
            return (sorted(set(reasons), key=abs),
                    [*(int(half[c, n]) for c in cells), *inner])

        for room in components(allowed.nonzero()[0].tolist(), open_):
            parts = components(room, alike)
            largest = [max((len(p) for p in parts if grey[p[0]] == g), default=0)
                       for g in (False, True)]
            failing = [c for p in parts for c in p
                       if len(p) < size or largest[not grey[p[0]]] < size]
            if failing:
                reasons, _ = leaving(room, False)
                # (bordered pairs of one colour inside split its parts)
                inside = set(room)
                reasons = sorted({*reasons, *(-border[k] for (a, b), k in shut.items()
                                              if a in inside and b in inside
                                              and grey[a] == grey[b])}, key=abs)
                out.append((failing, reasons, None, False))
                continue
            # A room of exactly n cells of each colour is the area of n of its cells;
            # a part of a colour of exactly n cells, the half of its cells.
            dark = sum(grey[c] for c in room)
            if dark == size and len(room) == 2 * size:
                out.append((room, *leaving(room, False), False))
                continue
            for p in parts:
                if len(p) == size:
                    out.append((p, *leaving(p, True), True))
        return out

    def sized(self, group: Areas, record: Any) -> list[int]:
        """The cut of a fault ``record`` of ``group`` (:meth:`group`), whatever half
        size its cells hold (the solver would otherwise meet the same cells under one
        size after another): cells joined as they are lie in one area (one half), whose
        half size is at least its count of a colour; closed, bordered round as they
        are, they are that area (that half), whose half size is its count where the
        area is sound (a half's: always), and which cannot be where it is not."""
        cells, part = self.grid.cells, record["cells"]
        member = group.sets[record["set"]]
        out = [-member[n] for n in part if n >= cells]
        whole = group.name == self.name
        counts = [0, 0]
        for n in part:
            if n < cells:
                counts[self.grey[n]] += 1
        size, largest = max(counts), self.half.shape[1]
        first = next(n for n in part if n < cells)
        if not record["closed"]:
            out.extend(int(lit) for lit in self.half[first, size - 1:])
            return out
        out.extend(member[n] for n in boundary(part, group.links) if member[n] != 0)
        if size <= largest and (not whole or counts[0] == counts[1]) and group.judge(
                size, frozenset(part), True) is None:
            out.append(int(self.half[first, size - 1]))
        return out

    def certificate(self, out: CertOut) -> None:
        out.groups.extend(self.group(kind) for kind in ("white", "grey", "area"))

    def cpsat(self, out: CpsatOut) -> None:
        from ortools.sat.python import cp_model

        grid, grey, model = self.grid, self.grey, out.model
        cells, name, largest = grid.cells, grid.name, self.half.shape[1]
        half = [out.bools(row) for row in self.half.tolist()]
        size = [model.new_int_var(1, largest, f"size_{name(c)}") for c in range(cells)]
        for c in range(cells):
            model.add(size[c] == sum((n + 1) * lit for n, lit in enumerate(half[c])))
        joined = {}
        for k, (a, b) in enumerate(grid.pairs):
            joined[a, b] = joined[b, a] = out.var(-self.border[k])
        label = _labelled(model, grid, joined, range(cells), "area")
        white = [c for c in range(cells) if not grey[c]]
        dark = [c for c in range(cells) if grey[c]]
        if not white or not dark:
            model.add_bool_or([])  # an area needs both colours
            return
        same = {pair: lit for pair, lit in joined.items()
                if grey[pair[0]] == grey[pair[1]]}
        tile = _labelled(model, grid, same, white, "white")
        for r in range(cells):  # every area's counts, at its first cell
            into = [(c, model.new_bool_var(f"in_{name(c)}_{r}")) for c in range(r, cells)]
            for c, lit in into:
                model.add(label[c] == r).only_enforce_if(lit)
                model.add(label[c] != r).only_enforce_if(~lit)
            first = into[0][1]
            model.add(sum(lit for c, lit in into if not grey[c]) == size[r]
                      ).only_enforce_if(first)
            model.add(sum(lit for c, lit in into if grey[c]) == size[r]).only_enforce_if(first)
            if not grey[r]:
                own = [model.new_bool_var(f"tile_{name(c)}_{r}") for c in white if c >= r]
                for c, lit in zip([c for c in white if c >= r], own):
                    model.add(tile[c] == r).only_enforce_if(lit)
                    model.add(tile[c] != r).only_enforce_if(~lit)
                model.add(sum(own) == size[r]).only_enforce_if(own[0])
        # a grey partner for every white cell, all distinct, in its area, under one
        # rigid motion along the white half
        motion = {c: [model.new_bool_var(f"motion_{name(c)}_{k}") for k in range(8)]
                  for c in white}
        row = {c: model.new_int_var(0, grid.rows - 1, f"prow_{name(c)}") for c in white}
        col = {c: model.new_int_var(0, grid.cols - 1, f"pcol_{name(c)}") for c in white}
        partner = {}
        for c in white:
            model.add_exactly_one(motion[c])
            partner[c] = model.new_int_var_from_domain(cp_model.Domain.from_values(dark),
                                                       f"partner_{name(c)}")
            model.add(partner[c] == row[c] * grid.cols + col[c])
            model.add_element(partner[c], label, label[c])
        model.add_all_different(list(partner.values()))
        for (a, b), lit in same.items():
            if grey[a]:
                continue
            (ra, ca), (rb, cb) = grid.rc(a), grid.rc(b)
            for k, (p, q, s, t) in enumerate(MOTIONS):
                model.add(motion[b][k] == motion[a][k]).only_enforce_if(lit)
                dr, dc = rb - ra, cb - ca
                both = [lit, motion[a][k]]
                model.add(row[b] == row[a] + p * dr + q * dc).only_enforce_if(both)
                model.add(col[b] == col[a] + s * dr + t * dc).only_enforce_if(both)


def _value(state: Any, lit: int) -> int:
    """A literal's value in a partial assignment (by variable: 1 true, 0 false, -1
    open)."""
    value = int(state[abs(lit)])
    return value if value < 0 or lit > 0 else 1 - value


def _decided(group: Areas, state: Any,
             known: dict[tuple[int, bytes], list[list[int]]] | None = None
             ) -> list[list[int]]:
    """The group's cuts on a partial assignment (``state`` by variable: 1 true, 0
    false, -1 open), each falsified there: for each part of a set's nodes decided in,
    the part when it breaks a rule whatever else its area holds, or when every node
    beside it is decided out and it breaks a rule as it is. ``known`` keeps each set's
    cuts by its nodes' states (a trial changes few sets)."""
    from cpsolve.certify.cuts import boundary

    if known is None:
        known = {}
    elif len(known) > KEPT:
        known.clear()
    out = []
    states, keys = group.states(state), list(group.sets)
    for k in (states == 1).any(axis=1).nonzero()[0].tolist():
        row = states[k]
        seen = (k, row.tobytes())
        cuts = known.get(seen)
        if cuts is None:
            cuts = known[seen] = []
            key, values = keys[k], None
            for part in group.parts(np.flatnonzero(row == 1).tolist()):
                cells = frozenset(part)
                closed = group.judge(key, cells, False) is None
                if closed and group.judge(key, cells, True) is None:
                    continue
                if closed:
                    values = row.tolist() if values is None else values
                    if any(values[n] != 0 for n in boundary(part, group.links)):
                        continue
                cuts.append(group.clause({"rule": group.name, "set": key, "cells": part,
                                          "closed": closed}))
        out.extend(cuts)
    return out


def _labelled(model: Any, grid: Grid, joined: dict[tuple[int, int], Any],
              cells: Sequence[int], what: str) -> list[Any]:
    """Labels of the parts of ``cells`` through the pairs ``joined`` holds: each its
    first cell, equal exactly across a joined pair, every other cell a joined
    neighbour nearer the first (distances)."""
    name, count = grid.name, grid.cells
    label: list[Any] = [0] * count
    level: list[Any] = [0] * count
    root = {}
    for c in cells:
        label[c] = model.new_int_var(0, c, f"{what}_{name(c)}")
        level[c] = model.new_int_var(0, count - 1, f"{what}_level_{name(c)}")
        root[c] = model.new_bool_var(f"{what}_first_{name(c)}")
        model.add(label[c] == c).only_enforce_if(root[c])
        model.add(label[c] < c).only_enforce_if(~root[c])
        model.add(level[c] == 0).only_enforce_if(root[c])
    inside = set(cells)
    for c in cells:
        steps = [root[c]]
        for o in grid.neighbours[c]:
            if o not in inside or (c, o) not in joined:
                continue
            lit = joined[c, o]
            if c < o:
                model.add(label[c] == label[o]).only_enforce_if(lit)
                model.add(label[c] != label[o]).only_enforce_if(~lit)
            step = model.new_bool_var(f"{what}_toward_{c}_{o}")
            model.add_implication(step, lit)
            model.add(level[o] < level[c]).only_enforce_if(step)
            steps.append(step)
        model.add_bool_or(steps)
    return label


def rules(m: Model, board: Board) -> None:
    grid = board.grid
    border = m.layer("border", grid.pairs, named=lambda pair: f"{grid.name(pair[0])}|"
                     f"{grid.name(pair[1])}")
    half = numbers(m, board.largest, "half")
    m.solution(range(1, half.first + half.count))
    lits = half.lits.tolist()
    m.clauses([[border[(a, b)], -lits[x][n], lits[y][n]] for a, b in grid.pairs
               for x, y in ((a, b), (b, a)) for n in range(board.largest)])
    m.require(Choco(grid, board.grey, [border[p] for p in grid.pairs], half.lits))
    with m.implied():
        # An area has two cells at least: a cell is joined to a neighbour.
        m.clauses([[-border[min(c, o), max(c, o)] for o in grid.neighbours[c]]
                   for c in range(board.cells)])
        # A border never ends inside the grid: the four pairs round a corner inside it
        # are never bordered once alone (the cells beside that one would be one area).
        for r in range(board.rows - 1):
            for col in range(board.cols - 1):
                a, b = grid.cell(r, col), grid.cell(r, col + 1)
                c, d = grid.cell(r + 1, col), grid.cell(r + 1, col + 1)
                round_ = [border[a, b], border[c, d], border[a, c], border[b, d]]
                m.clauses([[-lit, *(o for o in round_ if o != lit)] for lit in round_])
        # A half of one cell has no neighbour of its colour in its area, and one of
        # more has one; no half outgrows its colour's part of the board, nor the
        # largest part of the other colour beside that.
        grey = board.grey
        for c in range(board.cells):
            alike = [border[min(c, o), max(c, o)] for o in grid.neighbours[c]
                     if grey[o] == grey[c]]
            m.clauses([[-lits[c][0], lit] for lit in alike])
            m.clause(lits[c][0], *(-lit for lit in alike))
        fits = _fits(board)
        m.clauses([[-lits[c][n - 1]] for c in range(board.cells)
                   for n in range(fits[c] + 1, board.largest + 1)])


def _fits(board: Board) -> list[int]:
    """The largest half each cell's area may have: no more than the cells of its
    colour joined to it, nor the largest part of the other colour beside those."""
    grid, grey = board.grid, board.grey
    part = grid.label_regions(lambda a, b: grey[a] != grey[b])
    sizes = [len(cells) for cells in grid.regions(part)]
    beside: dict[int, int] = {}
    for a, b in grid.pairs:
        if part[a] != part[b]:
            beside[part[a]] = max(beside.get(part[a], 0), sizes[part[b]])
            beside[part[b]] = max(beside.get(part[b], 0), sizes[part[a]])
    return [min(sizes[part[c]], beside.get(part[c], 0)) for c in range(board.cells)]


def clue(m: Model, board: Board, number: Clue) -> None:
    m.clause(m.layers["half"][number.index, number.value])  # FALSE past the largest


def decode(board: Board, values: tuple[bool, ...]) -> Division:
    """The pairs with a border."""
    return frozenset(pair for pair, on in zip(board.grid.pairs, values) if on)


def encode(board: Board, division: Division) -> list[bool]:
    """The borders and half sizes of a division."""
    grid = board.grid
    label = grid.label_regions(lambda a, b: (a, b) in division)
    half = {c: len(area) // 2 for area in grid.regions(label) for c in area}
    return [*(pair in division for pair in grid.pairs),
            *(half[c] == n for c in range(board.cells) for n in range(1, board.largest + 1))]


BOUNDS = 2  # the bounds tried: the largest number shown, then twice it


def bounded(board: Board) -> Board:
    """The board the steps reason on: its halves up to the largest number shown, or
    twice it, where its answer, proven unique, has no larger one (no answer does).
    Without it, a board of few numbers lets every cell hold a half of up to half the
    board, and the steps rule out one size at a time by a trial of its own: an 11x10
    showing 7 at most allows 55. The board unchanged where the answer is not unique
    (the steps say so) or has a larger half."""
    from dataclasses import replace

    from cpsolve.models.dbchoco import solve

    shown = max((n for c in range(board.cells) if (n := board.shown(c))), default=0)
    if not shown or shown >= board.largest:
        return board
    result = solve(board, unique=True)
    if result.unique is not True:
        return board
    grid = board.grid
    label = grid.label_regions(lambda a, b: (a, b) in result.solution)
    most = max(len(area) for area in grid.regions(label)) // 2
    for k in range(BOUNDS):
        bound = shown << k
        if most <= bound < board.largest:
            return replace(board, bound=bound)
    return board


STATEMENT: Statement[Board] = Statement(
    rules, clue, decode=decode, encode=encode, bounded=bounded,
    stats=lambda board: {"half sizes up to": board.largest},
    methods=(lazy("a border a pair and a half size a cell; each area judged on the "
                  "candidates an incremental SAT solver finds, cut off when bad",
                  literals=lambda board, **_: 8 * board.cells * board.largest),
             Method("partners", "cpsat", "labels and distances for areas and white halves; "
                    "a grey partner for every white cell under one rigid motion an area",
                    literals=lambda board, **_: 12 * board.cells * board.cells)))

__all__ = ["MOTIONS", "STATEMENT", "Choco", "Division", "congruent", "decode", "encode",
           "rules", "shape"]
