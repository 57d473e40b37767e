"""A logical solver: the techniques people use, tried easiest first, each step recorded
with what proves it.

Candidates are 9-bit masks (bit d-1 for digit d), one per cell; a placed cell has none.

Rating scale (Sudoku-Explainer-like). The numbers for the techniques Sudoku Explainer
rates are its own (hidden single in a box 1.2, in a line 1.5, naked single 2.3,
pointing 2.6, claiming 2.8, naked pair 3.0, X-Wing 3.2, hidden pair 3.4, naked triple
3.6, Swordfish 3.8, hidden triple 4.0, XY-Wing 4.2, XYZ-Wing 4.4, naked quad 5.0,
Jellyfish 5.2, hidden quad 5.4). Techniques it lacks are placed where HoDoKu's
difficulty scores put them relative to those: W-Wing and simple colouring score like
XY-Wing and XYZ-Wing there (4.4, 4.5); X-chains and XY-chains score like Sudoku
Explainer's Turbot fish and shortest forcing chains (6.5, 6.6); alternating inference
chains (AIC), which mix both kinds of link, sit above them at 7.0, the start of its
forcing chains. A puzzle's rating is the hardest step it needs. A puzzle the techniques
cannot finish is rated `BEYOND_RATING` (10.0) or its hardest step if that is harder:
the step it lacks is a forcing net or a nested chain, which Sudoku Explainer rates 9.0
to 11.9. The calibration is checked in the tests: singles-only newspaper puzzles rate
2.3 or less, and Easter Monster and Golden Nugget (11.9 and 11.9 in Sudoku Explainer)
need more than these techniques, so they rate 10.0 with `needs_guessing`, above every
puzzle that finishes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ..work import NEVER, Cancel
from .model import BOXES, COLS, PEERS, ROWS, UNIT_NAMES, UNITS, Board

ALL = 0x1FF
_BIT = tuple(1 << d for d in range(9))
_POP = tuple(bin(m).count("1") for m in range(512))
_PEER_SETS = tuple(frozenset(p) for p in PEERS)

RATINGS: dict[str, float] = {
    "Hidden single (box)": 1.2,
    "Hidden single (line)": 1.5,
    "Naked single": 2.3,
    "Pointing": 2.6,
    "Claiming": 2.8,
    "Naked pair": 3.0,
    "X-Wing": 3.2,
    "Hidden pair": 3.4,
    "Naked triple": 3.6,
    "Swordfish": 3.8,
    "Hidden triple": 4.0,
    "XY-Wing": 4.2,
    "XYZ-Wing": 4.4,
    "W-Wing": 4.4,
    "Simple colouring": 4.5,
    "Naked quad": 5.0,
    "Jellyfish": 5.2,
    "Hidden quad": 5.4,
    "X-Chain": 6.5,
    "XY-Chain": 6.6,
    "AIC": 7.0,
}
# A puzzle these techniques cannot finish is rated at least this: the step it lacks lies
# where Sudoku Explainer puts forcing nets and nested chains (9.0 to 11.9 and beyond).
BEYOND_RATING = 10.0


def digits_of(mask: int) -> list[int]:
    return [d + 1 for d in range(9) if mask >> d & 1]


def cell_name(i: int) -> str:
    return f"r{i // 9 + 1}c{i % 9 + 1}"


def _cells_text(cells: tuple[int, ...] | list[int]) -> str:
    return ", ".join(cell_name(i) for i in cells)


@dataclass(frozen=True, slots=True)
class Step:
    """One deduction: a placement (cell, digit) or eliminations ((cell, digit) pairs)."""

    technique: str
    cells: tuple[int, ...]  # the cells whose candidates prove it
    digits: tuple[int, ...]  # the candidates in those cells that prove it
    explanation: str
    cell: int = -1
    digit: int = 0
    eliminations: tuple[tuple[int, int], ...] = ()

    @property
    def rating(self) -> float:
        return RATINGS[self.technique]

    @property
    def is_placement(self) -> bool:
        return self.digit != 0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "technique": self.technique,
            "rating": self.rating,
            "cells": [list(divmod(i, 9)) for i in self.cells],
            "candidates": list(self.digits),
        }
        if self.is_placement:
            out["cell"] = list(divmod(self.cell, 9))
            out["digit"] = self.digit
        else:
            out["eliminations"] = [[*divmod(i, 9), d] for i, d in self.eliminations]
        out["explanation"] = self.explanation
        return out


def candidates(board: Board) -> tuple[int, ...]:
    """Each empty cell's digits not yet in its row, column or box (0 for a filled cell);
    for a variant, its row, column and region (its other constraints are not looked at)."""
    if board.variant is not None:
        return _variant_candidates(board)
    out = []
    for i, d in enumerate(board.cells):
        if d:
            out.append(0)
            continue
        mask = ALL
        for p in PEERS[i]:
            if board.cells[p]:
                mask &= ~_BIT[board.cells[p] - 1]
        out.append(mask)
    return tuple(out)


def _variant_candidates(board: Board) -> tuple[int, ...]:
    assert board.variant is not None
    n = board.size
    regions = board.variant.regions
    full = (1 << n) - 1
    seen_row, seen_col = [0] * n, [0] * n
    seen_region: dict[int, int] = {}
    for i, d in enumerate(board.cells):
        if d:
            bit = 1 << (d - 1)
            seen_row[i // n] |= bit
            seen_col[i % n] |= bit
            if regions[i] >= 0:
                seen_region[regions[i]] = seen_region.get(regions[i], 0) | bit
    return tuple(
        0
        if d
        else full & ~(seen_row[i // n] | seen_col[i % n] | (seen_region.get(regions[i], 0) if regions[i] >= 0 else 0))
        for i, d in enumerate(board.cells)
    )


def candidates_with_marks(board: Board) -> tuple[int, ...]:
    """The legal candidates, narrowed to the centre pencil marks where a cell has some."""
    legal = candidates(board)
    return tuple(m & board.centre[i] if board.centre[i] else m for i, m in enumerate(legal))


def apply_to_marks(board: Board, step: Step) -> Board:
    """A step applied as a player would: a placement is typed (and its digit leaves the
    peers' centre marks); eliminations come out of the centre marks, which are filled
    in first with the candidates where a cell has none."""
    cand = candidates_with_marks(board)
    if step.is_placement:
        board = board.with_digit(*divmod(step.cell, 9), step.digit, typed=True)
        centre = list(board.centre)
        corner = list(board.corner)
        centre[step.cell] = corner[step.cell] = 0
        for p in PEERS[step.cell]:
            centre[p] &= ~_BIT[step.digit - 1]
            corner[p] &= ~_BIT[step.digit - 1]
        return board.with_marks(tuple(centre), tuple(corner))
    centre = list(board.centre)
    for i, d in step.eliminations:
        centre[i] = (centre[i] or cand[i]) & ~_BIT[d - 1]
    return board.with_marks(tuple(centre))


def apply(board: Board, cand: tuple[int, ...], step: Step) -> tuple[Board, tuple[int, ...]]:
    """The board and candidates after a step."""
    marks = list(cand)
    if step.is_placement:
        board = board.with_digit(*divmod(step.cell, 9), step.digit)
        marks[step.cell] = 0
        for p in PEERS[step.cell]:
            marks[p] &= ~_BIT[step.digit - 1]
    for i, d in step.eliminations:
        marks[i] &= ~_BIT[d - 1]
    return board, tuple(marks)


def broken(board: Board, cand: tuple[int, ...]) -> bool:
    """True when the position cannot be finished: an empty cell without candidates,
    or a unit where a missing digit has no place or a digit appears twice."""
    for i in range(81):
        if not board.cells[i] and not cand[i]:
            return True
    for unit in UNITS:
        placed = 0
        can = 0
        for i in unit:
            d = board.cells[i]
            if d:
                if placed & _BIT[d - 1]:
                    return True
                placed |= _BIT[d - 1]
            else:
                can |= cand[i]
        if placed | can != ALL:
            return True
    return False


# --- singles ---------------------------------------------------------------------------


def _hidden_singles(board: Board, cand: tuple[int, ...], boxes: bool) -> Iterator[Step]:
    names = UNIT_NAMES[18:] if boxes else UNIT_NAMES[:18]
    units = BOXES if boxes else ROWS + COLS
    for name, unit in zip(names, units):
        for d in range(9):
            where = [i for i in unit if cand[i] & _BIT[d]]
            if len(where) == 1:
                i = where[0]
                yield Step(
                    "Hidden single (box)" if boxes else "Hidden single (line)",
                    (i,),
                    (d + 1,),
                    f"{cell_name(i)} is the only place for {d + 1} in {name}.",
                    cell=i,
                    digit=d + 1,
                )


def _naked_singles(board: Board, cand: tuple[int, ...]) -> Iterator[Step]:
    for i in range(81):
        if _POP[cand[i]] == 1:
            d = digits_of(cand[i])[0]
            yield Step(
                "Naked single",
                (i,),
                (d,),
                f"{cell_name(i)} can only be {d}: its row, column and box hold every other digit.",
                cell=i,
                digit=d,
            )


# --- intersections ----------------------------------------------------------------------


def _locked(cand: tuple[int, ...]) -> Iterator[Step]:
    for b, box in enumerate(BOXES):
        for d in range(9):
            where = [i for i in box if cand[i] & _BIT[d]]
            if len(where) < 2:
                continue
            for kind, lines, by_row in (("row", ROWS, True), ("column", COLS, False)):
                ks = {i // 9 if by_row else i % 9 for i in where}
                if len(ks) == 1:
                    k = ks.pop()
                    elim = tuple((i, d + 1) for i in lines[k] if i not in box and cand[i] & _BIT[d])
                    if elim:
                        yield Step(
                            "Pointing",
                            tuple(where),
                            (d + 1,),
                            f"In box {b + 1}, {d + 1} can only go in {kind} {k + 1}, "
                            f"so it leaves the rest of {kind} {k + 1}.",
                            eliminations=elim,
                        )
    for kind, lines in (("row", ROWS), ("column", COLS)):
        for k, line in enumerate(lines):
            for d in range(9):
                where = [i for i in line if cand[i] & _BIT[d]]
                if len(where) < 2:
                    continue
                bs = {(i // 27) * 3 + (i % 9) // 3 for i in where}
                if len(bs) == 1:
                    b = bs.pop()
                    elim = tuple((i, d + 1) for i in BOXES[b] if i not in line and cand[i] & _BIT[d])
                    if elim:
                        yield Step(
                            "Claiming",
                            tuple(where),
                            (d + 1,),
                            f"In {kind} {k + 1}, {d + 1} can only go in box {b + 1}, "
                            f"so it leaves the rest of box {b + 1}.",
                            eliminations=elim,
                        )


# --- subsets ----------------------------------------------------------------------------

_SUBSET_NAMES = {2: "pair", 3: "triple", 4: "quad"}


def _naked_subsets(cand: tuple[int, ...], n: int) -> Iterator[Step]:
    for name, unit in zip(UNIT_NAMES, UNITS):
        empty = [i for i in unit if cand[i] and _POP[cand[i]] <= n]
        for combo in combinations(empty, n):
            mask = 0
            for i in combo:
                mask |= cand[i]
            if _POP[mask] != n:
                continue
            elim = tuple((i, d) for i in unit if i not in combo for d in digits_of(cand[i] & mask))
            if elim:
                ds = digits_of(mask)
                yield Step(
                    f"Naked {_SUBSET_NAMES[n]}",
                    combo,
                    tuple(ds),
                    f"{_cells_text(combo)} hold {', '.join(map(str, ds))} between them, "
                    f"so no other cell of {name} can.",
                    eliminations=elim,
                )


def _hidden_subsets(cand: tuple[int, ...], n: int) -> Iterator[Step]:
    for name, unit in zip(UNIT_NAMES, UNITS):
        places = {d: [i for i in unit if cand[i] & _BIT[d]] for d in range(9)}
        open_digits = [d for d in range(9) if 2 <= len(places[d]) <= n]
        for combo in combinations(open_digits, n):
            cells = sorted({i for d in combo for i in places[d]})
            if len(cells) != n:
                continue
            mask = sum(_BIT[d] for d in combo)
            elim = tuple((i, d) for i in cells for d in digits_of(cand[i] & ~mask))
            if elim:
                ds = [d + 1 for d in combo]
                yield Step(
                    f"Hidden {_SUBSET_NAMES[n]}",
                    tuple(cells),
                    tuple(ds),
                    f"In {name}, {', '.join(map(str, ds))} can only go in {_cells_text(cells)}, "
                    f"so those cells hold nothing else.",
                    eliminations=elim,
                )


# --- fish -------------------------------------------------------------------------------

_FISH_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}


def _fish(cand: tuple[int, ...], n: int) -> Iterator[Step]:
    for d in range(9):
        for base_kind, base, cover, across in (("rows", ROWS, COLS, "columns"), ("columns", COLS, ROWS, "rows")):
            spots = []
            for k, line in enumerate(base):
                where = [j for j, i in enumerate(line) if cand[i] & _BIT[d]]
                if 2 <= len(where) <= n:
                    spots.append((k, where))
            for combo in combinations(spots, n):
                covers = sorted({j for _, where in combo for j in where})
                if len(covers) != n:
                    continue
                bases = {k for k, _ in combo}
                elim = tuple(
                    (i, d + 1) for j in covers for k, i in enumerate(cover[j]) if k not in bases and cand[i] & _BIT[d]
                )
                if elim:
                    cells = tuple(sorted(base[k][j] for k, where in combo for j in where))
                    yield Step(
                        _FISH_NAMES[n],
                        cells,
                        (d + 1,),
                        f"In {base_kind} {', '.join(str(k + 1) for k in sorted(bases))}, {d + 1} lies only in "
                        f"{across} {', '.join(str(j + 1) for j in covers)}, so it leaves the rest of those {across}.",
                        eliminations=elim,
                    )


# --- wings ------------------------------------------------------------------------------


def _sees_all(i: int, cells: tuple[int, ...]) -> bool:
    return all(i != c and i in _PEER_SETS[c] for c in cells)


def _common_elims(cand: tuple[int, ...], d: int, cells: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    return tuple((i, d + 1) for i in range(81) if cand[i] & _BIT[d] and i not in cells and _sees_all(i, cells))


def _xy_wing(cand: tuple[int, ...]) -> Iterator[Step]:
    pairs = [i for i in range(81) if _POP[cand[i]] == 2]
    for pivot in pairs:
        x, y = digits_of(cand[pivot])
        wings = [p for p in pairs if p in _PEER_SETS[pivot] and _POP[cand[p] & cand[pivot]] == 1]
        for a, b in combinations(wings, 2):
            za = cand[a] & ~cand[pivot]
            zb = cand[b] & ~cand[pivot]
            if za != zb or cand[a] == cand[b] or not za:
                continue
            z = digits_of(za)[0] - 1
            elim = _common_elims(cand, z, (a, b))
            if elim:
                yield Step(
                    "XY-Wing",
                    (pivot, a, b),
                    (x, y, z + 1),
                    f"{cell_name(pivot)} is {x} or {y}; either way {cell_name(a)} or {cell_name(b)} is {z + 1}, "
                    f"so no cell seeing both can be {z + 1}.",
                    eliminations=elim,
                )


def _xyz_wing(cand: tuple[int, ...]) -> Iterator[Step]:
    for pivot in range(81):
        if _POP[cand[pivot]] != 3:
            continue
        wings = [p for p in PEERS[pivot] if _POP[cand[p]] == 2 and cand[p] & cand[pivot] == cand[p]]
        for a, b in combinations(wings, 2):
            if cand[a] == cand[b]:
                continue
            common = cand[a] & cand[b]
            if _POP[common] != 1:
                continue
            z = digits_of(common)[0] - 1
            elim = _common_elims(cand, z, (pivot, a, b))
            if elim:
                yield Step(
                    "XYZ-Wing",
                    (pivot, a, b),
                    tuple(digits_of(cand[pivot])),
                    f"One of {_cells_text((pivot, a, b))} must be {z + 1}, so no cell seeing all three can be {z + 1}.",
                    eliminations=elim,
                )


def _strong_links(cand: tuple[int, ...], d: int) -> list[tuple[int, int]]:
    links = set()
    for unit in UNITS:
        where = [i for i in unit if cand[i] & _BIT[d]]
        if len(where) == 2:
            links.add((min(where), max(where)))
    return sorted(links)


def _w_wing(cand: tuple[int, ...]) -> Iterator[Step]:
    pairs = [i for i in range(81) if _POP[cand[i]] == 2]
    links = {d: _strong_links(cand, d) for d in range(9)}
    for a, b in combinations(pairs, 2):
        if cand[a] != cand[b] or b in _PEER_SETS[a]:
            continue
        x_y = digits_of(cand[a])
        for x, y in ((x_y[0], x_y[1]), (x_y[1], x_y[0])):
            for p, q in links[x - 1]:
                for e1, e2 in ((p, q), (q, p)):
                    if e1 in (a, b) or e2 in (a, b):
                        continue
                    if e1 in _PEER_SETS[a] and e2 in _PEER_SETS[b]:
                        elim = _common_elims(cand, y - 1, (a, b))
                        if elim:
                            yield Step(
                                "W-Wing",
                                (a, b, e1, e2),
                                (x, y),
                                f"{cell_name(a)} and {cell_name(b)} are both {x} or {y}, and {x} must be in "
                                f"{cell_name(e1)} or {cell_name(e2)}, so one of them is {y}: "
                                f"no cell seeing both can be {y}.",
                                eliminations=elim,
                            )


# --- colouring and chains ---------------------------------------------------------------


def _simple_colouring(cand: tuple[int, ...]) -> Iterator[Step]:
    for d in range(9):
        links = _strong_links(cand, d)
        graph: dict[int, list[int]] = {}
        for p, q in links:
            graph.setdefault(p, []).append(q)
            graph.setdefault(q, []).append(p)
        seen: set[int] = set()
        for start in sorted(graph):
            if start in seen:
                continue
            colour = {start: 0}
            todo = [start]
            while todo:
                c = todo.pop()
                for n in graph[c]:
                    if n not in colour:
                        colour[n] = 1 - colour[c]
                        todo.append(n)
            seen |= set(colour)
            if len(colour) < 4:
                continue
            cells = tuple(sorted(colour))
            groups = [[c for c in cells if colour[c] == k] for k in (0, 1)]
            for k in (0, 1):
                clash = any(b in _PEER_SETS[a] for a, b in combinations(groups[k], 2))
                if clash:
                    yield Step(
                        "Simple colouring",
                        cells,
                        (d + 1,),
                        f"Colouring {d + 1}'s two-place links, two cells of one colour "
                        f"({_cells_text(groups[k])}) share a unit, so that colour is false.",
                        eliminations=tuple((c, d + 1) for c in groups[k]),
                    )
            elim = tuple(
                (i, d + 1)
                for i in range(81)
                if cand[i] & _BIT[d]
                and i not in colour
                and any(g in _PEER_SETS[i] for g in groups[0])
                and any(g in _PEER_SETS[i] for g in groups[1])
            )
            if elim:
                yield Step(
                    "Simple colouring",
                    cells,
                    (d + 1,),
                    f"Colouring {d + 1}'s two-place links, one colour is true; "
                    f"cells seeing both colours cannot be {d + 1}.",
                    eliminations=elim,
                )


_MAX_CHAIN = 12  # links in a chain, to keep each search short


def _x_chains(cand: tuple[int, ...]) -> Iterator[Step]:
    for d in range(9):
        strong: dict[int, list[int]] = {}
        for p, q in _strong_links(cand, d):
            strong.setdefault(p, []).append(q)
            strong.setdefault(q, []).append(p)
        holders = [i for i in range(81) if cand[i] & _BIT[d]]
        # Breadth first over (cell, path) with alternating links; starts and ends strong.
        for start in sorted(strong):
            frontier: list[list[int]] = [[start, n] for n in strong[start]]
            length = 1
            while frontier and length < _MAX_CHAIN:
                nxt: list[list[int]] = []
                for path in frontier:
                    end = path[-1]
                    for w in holders:  # weak link: any peer holding d
                        if w in path or w not in _PEER_SETS[end]:
                            continue
                        for s in strong.get(w, []):
                            if s in path:
                                continue
                            chain = path + [w, s]
                            if s > start:
                                elim = _common_elims(cand, d, (start, s))
                                elim = tuple(e for e in elim if e[0] not in chain)
                                if elim:
                                    yield Step(
                                        "X-Chain",
                                        tuple(chain),
                                        (d + 1,),
                                        f"Along the chain {' - '.join(cell_name(c) for c in chain)}, "
                                        f"{cell_name(start)} or {cell_name(s)} is {d + 1}, "
                                        f"so no cell seeing both can be {d + 1}.",
                                        eliminations=elim,
                                    )
                            nxt.append(chain)
                frontier = nxt[:2000]
                length += 2


def _xy_chains(cand: tuple[int, ...]) -> Iterator[Step]:
    pairs = [i for i in range(81) if _POP[cand[i]] == 2]
    for start in pairs:
        for z in digits_of(cand[start]):
            # state: (cell, digit that cell must then hold if start is not z)
            out = digits_of(cand[start] & ~_BIT[z - 1])[0]
            frontier = [([start], out)]
            for _ in range(_MAX_CHAIN):
                nxt = []
                for path, carry in frontier:
                    end = path[-1]
                    for p in pairs:
                        if p in path or p not in _PEER_SETS[end] or not cand[p] & _BIT[carry - 1]:
                            continue
                        new_carry = digits_of(cand[p] & ~_BIT[carry - 1])[0]
                        chain = path + [p]
                        if new_carry == z and len(chain) >= 3 and p > start:
                            elim = tuple(e for e in _common_elims(cand, z - 1, (start, p)) if e[0] not in chain)
                            if elim:
                                yield Step(
                                    "XY-Chain",
                                    tuple(chain),
                                    (z,),
                                    f"Along the two-candidate cells {' - '.join(cell_name(c) for c in chain)}, "
                                    f"{cell_name(start)} or {cell_name(p)} is {z}, "
                                    f"so no cell seeing both can be {z}.",
                                    eliminations=elim,
                                )
                        nxt.append((chain, new_carry))
                frontier = nxt[:2000]


def _aic_links(cand: tuple[int, ...]) -> tuple[dict[int, list[int]], Callable[[int], Iterator[int]]]:
    """The strong links between candidates (node = cell * 9 + digit index): the two
    digits of a two-candidate cell, the two places of a digit in a unit; and the weak
    neighbours of a node: the other digits of its cell and its digit in the cells it sees."""
    strong: dict[int, set[int]] = {}

    def link(a: int, b: int) -> None:
        strong.setdefault(a, set()).add(b)
        strong.setdefault(b, set()).add(a)

    for i in range(81):
        if _POP[cand[i]] == 2:
            x, y = (d - 1 for d in digits_of(cand[i]))
            link(i * 9 + x, i * 9 + y)
    for unit in UNITS:
        for d in range(9):
            where = [i for i in unit if cand[i] & _BIT[d]]
            if len(where) == 2:
                link(where[0] * 9 + d, where[1] * 9 + d)

    def weak(node: int) -> Iterator[int]:
        i, d = divmod(node, 9)
        for e in range(9):
            if e != d and cand[i] & _BIT[e]:
                yield i * 9 + e
        for p in PEERS[i]:
            if cand[p] & _BIT[d]:
                yield p * 9 + d

    return {a: sorted(b) for a, b in strong.items()}, weak


_MAX_AIC_NODES = 14


def _node_name(node: int) -> str:
    return f"{node % 9 + 1}{cell_name(node // 9)}"


def _aic(cand: tuple[int, ...]) -> Iterator[Step]:
    """Alternating inference chains: from a candidate A that, if false, makes its strong
    partner true, alternate weak and strong links to a candidate Z. Then A or Z is true,
    and any candidate that sees both (shares a cell with one and sees the other's digit,
    or holds their common digit where it sees both) is false. Breadth first, so each
    start yields its shortest chains."""
    strong, weak = _aic_links(cand)
    for start in sorted(strong):
        seen_start = set(weak(start))
        # parent of each (node, on) state; on: the node is true when start is false
        parent: dict[tuple[int, bool], tuple[int, bool] | None] = {(start, False): None}
        frontier = [(start, False)]
        depth = 1
        while frontier and depth < _MAX_AIC_NODES:
            nxt: list[tuple[int, bool]] = []
            for node, on in frontier:
                targets = weak(node) if on else iter(strong.get(node, ()))
                for other in targets:
                    state = (other, not on)
                    if state in parent or other == start:
                        continue
                    parent[state] = (node, on)
                    nxt.append(state)
                    if not on and depth >= 3:  # other is true when start is false: start or other
                        elim = tuple(
                            divmod(e, 9)
                            for e in sorted(seen_start.intersection(weak(other)))
                            if e != start and e != other
                        )
                        if elim:
                            chain = _chain_of(parent, state)
                            yield Step(
                                "AIC",
                                tuple(dict.fromkeys(n // 9 for n in chain)),
                                tuple(sorted({n % 9 + 1 for n in chain})),
                                f"Along the chain {_chain_text(chain)} (= a strong link, - a weak one), "
                                f"{_node_name(start)} or {_node_name(other)} is true, so no candidate "
                                f"that sees both can be.",
                                eliminations=tuple((i, d + 1) for i, d in elim),
                            )
            frontier = nxt
            depth += 1


def _chain_of(parent: dict[tuple[int, bool], tuple[int, bool] | None], state: tuple[int, bool]) -> list[int]:
    chain: list[int] = []
    at: tuple[int, bool] | None = state
    while at is not None:
        chain.append(at[0])
        at = parent[at]
    return chain[::-1]


def _chain_text(chain: list[int]) -> str:
    out = _node_name(chain[0])
    for k, node in enumerate(chain[1:]):
        out += ("=" if k % 2 == 0 else "-") + _node_name(node)
    return out


# --- driver -----------------------------------------------------------------------------

Finder = Callable[[Board, tuple[int, ...]], Iterator[Step]]

TECHNIQUES: tuple[tuple[str, Finder], ...] = (
    ("Hidden single (box)", lambda b, c: _hidden_singles(b, c, True)),
    ("Hidden single (line)", lambda b, c: _hidden_singles(b, c, False)),
    ("Naked single", _naked_singles),
    ("Locked candidates", lambda b, c: _locked(c)),
    ("Naked pair", lambda b, c: _naked_subsets(c, 2)),
    ("X-Wing", lambda b, c: _fish(c, 2)),
    ("Hidden pair", lambda b, c: _hidden_subsets(c, 2)),
    ("Naked triple", lambda b, c: _naked_subsets(c, 3)),
    ("Swordfish", lambda b, c: _fish(c, 3)),
    ("Hidden triple", lambda b, c: _hidden_subsets(c, 3)),
    ("XY-Wing", lambda b, c: _xy_wing(c)),
    ("XYZ-Wing", lambda b, c: _xyz_wing(c)),
    ("W-Wing", lambda b, c: _w_wing(c)),
    ("Simple colouring", lambda b, c: _simple_colouring(c)),
    ("Naked quad", lambda b, c: _naked_subsets(c, 4)),
    ("Jellyfish", lambda b, c: _fish(c, 4)),
    ("Hidden quad", lambda b, c: _hidden_subsets(c, 4)),
    ("X-Chain", lambda b, c: _x_chains(c)),
    ("XY-Chain", lambda b, c: _xy_chains(c)),
    ("AIC", lambda b, c: _aic(c)),
)


def next_step(board: Board, cand: tuple[int, ...] | None = None) -> Step | None:
    """The easiest step available, or None when the board is full, broken or beyond
    these techniques. `cand` are the pencil marks to start from (default: all legal).
    A variant's constraints are beyond these techniques: it gets no step."""
    if board.variant is not None:
        return None
    if cand is None:
        cand = candidates(board)
    if all(board.cells) or broken(board, cand):
        return None
    for _, finder in TECHNIQUES:
        for step in finder(board, cand):
            return step
    return None


@dataclass(frozen=True, slots=True)
class LogicResult:
    steps: tuple[Step, ...]
    board: Board  # as far as the steps took it
    solved: bool

    @property
    def rating(self) -> float:
        hardest = max((s.rating for s in self.steps), default=0.0)
        return hardest if self.solved else max(hardest, BEYOND_RATING)

    @property
    def techniques(self) -> dict[str, int]:
        return dict(Counter(s.technique for s in self.steps))


def solve_logically(board: Board, *, cancel: Cancel = NEVER, max_steps: int = 2000) -> LogicResult:
    cand = candidates(board)
    steps: list[Step] = []
    while len(steps) < max_steps:
        cancel.check()
        step = next_step(board, cand)
        if step is None:
            break
        steps.append(step)
        board, cand = apply(board, cand, step)
    solved = all(board.cells) and not broken(board, cand)
    return LogicResult(tuple(steps), board, solved)


def rating_info(board: Board, *, cancel: Cancel = NEVER) -> dict[str, Any]:
    """`rating`, `techniques` and, when the solver cannot finish, `needs_guessing`
    (such a puzzle is rated `BEYOND_RATING` or its hardest step taken, if harder). The
    techniques know rows, columns and boxes alone: a variant puzzle gets no rating."""
    if board.variant is not None:
        return {"rating": None, "techniques": {}}
    result = solve_logically(board, cancel=cancel)
    out: dict[str, Any] = {"rating": result.rating, "techniques": result.techniques}
    if not result.solved:
        out["needs_guessing"] = True
    return out
