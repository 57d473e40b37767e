"""What each constraint allows in its own cells: the second step of Hint for variant puzzles.

`forced.next_forced` first rules digits out one at a time (a digit that repeats in a row,
or breaks a constraint the moment it is placed). Many deductions a solver makes look at a
constraint as a whole instead: a killer cage of 3 over two cells holds 1 and 2, so no other
digit goes in either; a thermometer of five cells starting at 1 ... . Here each constraint's
cells are filled with every combination of the digits still possible in them (cells of the
constraint that share a row, column or region taking different digits), and a digit that
is in no combination the constraint accepts is ruled out of its cell, with the constraint
as the reason. The constraint's own check (`checks.broken`) is the judge, so every kind it
knows takes part, and it only looks at the cells filled so far, which prunes the search
as it goes.

A constraint over many open cells may have too many combinations to look through: past
`MOST_TRIED` partial fillings it is left alone (it rules nothing out), so a hint never
takes long.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..work import NEVER, Cancel
from .checks import broken
from .model import Board
from .variant import Constraint

MOST_TRIED = 20_000  # partial fillings of one constraint's cells before it is left alone


class _TooManyError(Exception):
    pass


def cells_of(c: Constraint, n: int) -> tuple[int, ...]:
    """The grid cells a constraint is drawn over (its cells, lines and clones), in order;
    none for a rule of the whole grid or a clue outside it."""
    if c.outside is not None:
        return ()
    seen: dict[int, None] = {}
    for i in (*c.cells, *(i for line in c.lines for i in line), *c.clones):
        if 0 <= i < n * n:
            seen[i] = None
    return tuple(seen)


def supported(
    c: Constraint,
    cells: Sequence[int],
    candidates: Sequence[Sequence[int]],
    digits: list[int],
    board: Board,
    units: Sequence[frozenset[str]],
    cancel: Cancel = NEVER,
) -> dict[int, set[int]] | None:
    """Per open cell of `cells`, the digits that some filling of the open cells accepted by
    `c` gives it; None when there are more fillings than MOST_TRIED to look through.
    `digits` is the grid (0 for an open cell); it is changed while searching and given back
    as it was. `units[i]` names the sets of cells (rows, columns, regions...) cell i is in:
    two cells with one in common take different digits."""
    variant = board.variant
    assert variant is not None
    open_cells = sorted((i for i in cells if not digits[i]), key=lambda i: len(candidates[i]))
    found: dict[int, set[int]] = {i: set() for i in open_cells}
    wanted = sum(len(candidates[i]) for i in open_cells)
    tried = 0

    def fill(k: int) -> bool:
        """Fill from the k-th open cell on; True once every candidate is supported."""
        nonlocal tried, wanted
        if k == len(open_cells):
            for i in open_cells:
                if digits[i] not in found[i]:
                    found[i].add(digits[i])
                    wanted -= 1
            return wanted == 0
        i = open_cells[k]
        for d in candidates[i]:
            tried += 1
            if tried > MOST_TRIED:
                raise _TooManyError
            if tried % 1000 == 0:
                cancel.check()
            if any(digits[j] == d and units[i] & units[j] for j in open_cells[:k]):
                continue
            digits[i] = d
            if not broken(c, digits, variant) and fill(k + 1):
                digits[i] = 0
                return True
            digits[i] = 0
        return False

    try:
        fill(0)
    except _TooManyError:
        return None
    finally:
        for i in open_cells:
            digits[i] = 0
    return found


def cells_text(cells: Sequence[int], n: int) -> str:
    """r3c4, r3c5 (or r3c4 and 7 more cells)."""
    names = [f"r{i // n + 1}c{i % n + 1}" for i in cells]
    return ", ".join(names) if len(names) <= 4 else f"{names[0]} and {len(names) - 1} more cells"
