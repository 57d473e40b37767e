"""The next digit a variant's rules force, with the rules that force it: Hint for variant
puzzles.

A digit is ruled out of a cell when it repeats in the cell's row, column or region, or when
placing it breaks a constraint at once (`checks.broken`: a thermometer that would go down,
a cage whose filled cells would miss its sum). A cell left with one digit is a naked single;
a digit with one cell left in a row, column or region is a hidden single. Each comes with
the reasons, so the hint explains itself. Deeper logic (a cage's possible sums before it
is full) is not tried: when nothing is forced so, the hint says so.
"""

from __future__ import annotations

from dataclasses import dataclass

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
    regions = board.variant.region_cells if board.variant is not None else []
    units += [(f"region {k + 1}", cells) for k, cells in enumerate(regions) if len(cells) == n]
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


def next_forced(board: Board) -> Forced | None:
    """The first digit the givens, the digits entered and the constraints force (a naked
    single, else a hidden single), or None when none is forced so."""
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
            if reason is None:
                candidates[i].append(d)
            else:
                why[i][d] = reason
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
