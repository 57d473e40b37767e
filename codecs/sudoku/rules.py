"""What is wrong with a sudoku board for a person: a digit repeated in a unit."""

from __future__ import annotations

from ..errors import Problem, ProblemKind, Severity
from .model import UNIT_NAMES, UNITS, Board, Kind


def problems(board: Board) -> list[Problem]:
    """Digits repeated in a row, column or box (one problem per unit and digit), then
    remarks from decoding as warnings. A variant board's regions and constraints are
    checked by checks.py."""
    if board.variant is not None:
        from .checks import problems as variant_problems

        found = variant_problems(board.cells, board.variant)
        found.extend(Problem(note, (), Severity.WARNING, ProblemKind.DECODE) for note in board.notes)
        return found
    found = []
    for name, unit in zip(UNIT_NAMES, UNITS):
        seen: dict[int, list[int]] = {}
        for i in unit:
            if board.cells[i]:
                seen.setdefault(board.cells[i], []).append(i)
        for digit, where in sorted(seen.items()):
            if len(where) > 1:
                found.append(
                    Problem(
                        f"{digit} appears {len(where)} times in {name}",
                        tuple(divmod(i, 9) for i in where),
                        Severity.ERROR,
                        Kind.REPEAT,
                    )
                )
    found.extend(Problem(note, (), Severity.WARNING, ProblemKind.DECODE) for note in board.notes)
    return found


def conflict_cells(board: Board) -> set[tuple[int, int]]:
    return {cell for p in problems(board) if p.is_error for cell in p.cells}
