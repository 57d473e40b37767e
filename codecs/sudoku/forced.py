"""The next digit a variant's rules force, with the rules that force it: Hint for variant
puzzles.

A digit is ruled out of a cell when it repeats in the cell's row, column or region, or when
placing it breaks a constraint at once (`checks.broken`: a thermometer that would go down,
a cage whose filled cells would miss its sum). A cell left with one digit is a naked single;
a digit with one cell left in a row, column or region is a hidden single. Each comes with
the reasons, so the hint explains itself. When no single is found so, each constraint is
looked at as a whole (`supports.py`: a cage of 3 over two cells holds 1 and 2 and nothing
else), and the singles are looked for again after each constraint's findings. When nothing
is forced even then, the hint says so.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..work import NEVER, Cancel
from .checks import broken
from .model import Board
from .variant import Constraint


@dataclass(frozen=True, slots=True)
class Forced:
    """A digit forced into a cell: `cell` (an index), `digit`, and the explanation."""

    cell: int
    digit: int
    explanation: str


def _name(i: int, n: int) -> str:
    return f"r{i // n + 1}c{i % n + 1}"


def _units(board: Board) -> list[tuple[str, tuple[int, ...]]]:
    n = board.size
    units = [(f"row {r + 1}", tuple(r * n + c for c in range(n))) for r in range(n)]
    units += [(f"column {c + 1}", tuple(r * n + c for r in range(n))) for c in range(n)]
    variant = board.variant
    if variant is None:
        return units
    units += [(f"region {k + 1}", cells) for k, cells in enumerate(variant.region_cells) if len(cells) == n]
    # Other sets of n cells that hold each digit once: a diagonal, an extra region.
    for c in variant.constraints:
        if c.kind == "diagonal+":
            units.append(("the rising diagonal", tuple((n - 1 - i) * n + i for i in range(n))))
        elif c.kind == "diagonal-":
            units.append(("the falling diagonal", tuple(i * n + i for i in range(n))))
        elif c.kind == "extraregion" and len(set(c.cells)) == n:
            units.append((f"the extra region from {_name(min(c.cells), n)}", tuple(sorted(set(c.cells)))))
    return units


def _touching(board: Board) -> list[list[Constraint]]:
    """The constraints that may be broken by a digit in each cell: those that name the cell,
    and those of the whole grid or of clues outside it (they name none)."""
    n = board.size
    variant = board.variant
    out: list[list[Constraint]] = [[] for _ in range(n * n)]
    if variant is None:
        return out
    for c in variant.constraints:
        cells = set(c.cells) | set(c.clones) | {i for line in c.lines for i in line}
        for i in cells if cells and c.outside is None else range(n * n):
            if 0 <= i < n * n:
                out[i].append(c)
    return out


def _description(c: Constraint) -> str:
    value = f" of {c.value}" if c.value and c.kind in ("killercage", "littlekillersum", "sandwichsum", "xsum") else ""
    return f"the {c.name}{value}"


def next_forced(board: Board, *, cancel: Cancel = NEVER) -> Forced | Narrowed | None:
    """The first digit the givens, the digits entered and the constraints force (a naked
    single, else a hidden single); else the digits the first constraint that rules any out
    rules out (`Narrowed`); else None. A cell's centre marks, where it has some, are the
    digits it may still take. It takes up to a few seconds on a large puzzle with long
    constraints: `cancel` stops it."""
    n = board.size
    digits = list(board.cells)
    variant = board.variant
    units = _units(board)
    unit_of: list[list[tuple[str, tuple[int, ...]]]] = [[] for _ in range(n * n)]
    for unit in units:
        for i in unit[1]:
            unit_of[i].append(unit)
    touching = _touching(board)
    already = set()
    if variant is not None:
        already = {id(c) for c in variant.constraints if broken(c, digits, variant)}
    why: list[dict[int, str]] = [{} for _ in range(n * n)]
    candidates: list[list[int]] = [[] for _ in range(n * n)]
    for i in range(n * n):
        if digits[i]:
            continue
        for d in range(1, n + 1):
            reason = next((name for name, cells in unit_of[i] if any(digits[j] == d for j in cells)), None)
            if reason is None and variant is not None:
                digits[i] = d
                hit = next((c for c in touching[i] if id(c) not in already and broken(c, digits, variant)), None)
                digits[i] = 0
                reason = None if hit is None else _description(hit)
            if reason is None and board.centre[i] and not board.centre[i] >> (d - 1) & 1:
                reason = "the centre marks"
            if reason is None:
                candidates[i].append(d)
            else:
                why[i][d] = reason
    found = _single(board, digits, candidates, why, units)
    if found is not None or variant is None:
        return found
    # Then each constraint as a whole: the digits no filling of its cells allows go too.
    from .supports import cells_of, cells_text, supported

    unit_ids = [frozenset(name for name, _cells in unit_of[i]) for i in range(n * n)]
    wholes = [(c, cells) for c in variant.constraints if id(c) not in already and (cells := cells_of(c, n))]
    wholes.sort(key=lambda whole: len(whole[1]))
    first: Narrowed | None = None
    changed = True

    def take(reason: str, gone: dict[int, list[int]]) -> Forced | None:
        """Rule the digits of `gone` out of their cells for `reason`; a single it leaves."""
        nonlocal first, changed
        for i, ds in gone.items():
            for d in ds:
                why[i][d] = reason.rstrip(",")
            candidates[i] = [d for d in candidates[i] if d not in ds]
            stamp[i] += 1
        changed = True
        if first is None:
            first = _narrowed(reason, gone, candidates, n)
        return _single(board, digits, candidates, why, units)

    # A constraint is looked at again only when the digits left in its cells have changed.
    stamp = [0] * (n * n)
    looked: dict[int, int] = {}
    while changed:
        changed = False
        for k, (c, cells) in enumerate(wholes):
            now = sum(stamp[i] for i in cells)
            if looked.get(k) == now:
                continue
            looked[k] = now
            allowed = supported(c, cells, candidates, digits, board, unit_ids, cancel)
            if allowed is None:
                continue
            gone = {i: [d for d in candidates[i] if d not in fits] for i, fits in allowed.items()}
            gone = {i: ds for i, ds in gone.items() if ds}
            if gone and (found := take(f"{_description(c)} on {cells_text(cells, n)}", gone)) is not None:
                return found
        for reason, gone in _locked(units, digits, candidates, n):
            if (found := take(reason, gone)) is not None:
                return found
            break  # the candidates changed: look again from the constraints
    return first


def _locked(
    units: list[tuple[str, tuple[int, ...]]], digits: list[int], candidates: list[list[int]], n: int
) -> Iterator[tuple[str, dict[int, list[int]]]]:
    """Locked candidates: where a digit's places in one unit all lie in another unit too (a
    box's 3s all in row 2), the digit goes from the rest of that other unit."""
    from .supports import cells_text

    cells_of_unit = dict(units)
    units_of_cell: list[set[str]] = [set() for _ in range(n * n)]
    for name, cells in units:
        for i in cells:
            units_of_cell[i].add(name)
    for name, cells in units:
        for d in range(1, n + 1):
            places = [j for j in cells if not digits[j] and d in candidates[j]]
            if len(places) < 2 or any(digits[j] == d for j in cells):
                continue
            for other in sorted(set.intersection(*(units_of_cell[j] for j in places)) - {name}):
                gone = {
                    j: [d] for j in cells_of_unit[other] if j not in places and d in candidates[j] and not digits[j]
                }
                if gone:
                    yield f"{name}'s {d}, which must be in {other} ({cells_text(places, n)}),", gone


def _single(
    board: Board,
    digits: list[int],
    candidates: list[list[int]],
    why: list[dict[int, str]],
    units: list[tuple[str, tuple[int, ...]]],
) -> Forced | None:
    """A naked single (a cell with one digit left), else a hidden single (a digit with one
    cell left in a row, column or region), with the reasons the other digits or cells went."""
    n = board.size
    for i in range(n * n):
        if not digits[i] and len(candidates[i]) == 1:
            d = candidates[i][0]
            by: dict[str, list[int]] = {}
            for other, reason in why[i].items():
                by.setdefault(reason, []).append(other)
            told = "; ".join(f"{', '.join(map(str, ds))} by {reason}" for reason, ds in by.items())
            return Forced(i, d, f"{_name(i, n)} is {d}: every other digit is ruled out ({told}).")
    for name, cells in units:
        for d in range(1, n + 1):
            if any(digits[j] == d for j in cells):
                continue
            places = [j for j in cells if not digits[j] and d in candidates[j]]
            if len(places) == 1:
                i = places[0]
                others = sorted({why[j][d] for j in cells if not digits[j] and j != i and d in why[j]})
                rest = f": elsewhere {', '.join(others)} rule it out" if others else ""
                return Forced(i, d, f"{_name(i, n)} is {d}: the only place for {d} in {name}{rest}.")
    return None


@dataclass(frozen=True, slots=True)
class Narrowed:
    """No digit forced yet, but a constraint rules digits out of some cells: `left` holds
    each such cell (an index) with the digits it may still take, for its centre marks."""

    left: tuple[tuple[int, tuple[int, ...]], ...]
    explanation: str


def _narrowed(reason: str, gone: dict[int, list[int]], candidates: list[list[int]], n: int) -> Narrowed:
    cells_of_digits: dict[tuple[int, ...], list[str]] = {}
    for i, ds in sorted(gone.items()):
        cells_of_digits.setdefault(tuple(ds), []).append(_name(i, n))
    told = "; ".join(f"{', '.join(map(str, ds))} from {', '.join(cells)}" for ds, cells in cells_of_digits.items())
    return Narrowed(
        tuple((i, tuple(candidates[i])) for i in sorted(gone)),
        f"No digit is forced yet, but {reason} rules out {told}.",
    )
