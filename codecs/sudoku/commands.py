"""Sudoku's commands of `slugboard-codec`: `solve` prints the solved grid's link."""

from __future__ import annotations

import argparse
from typing import Any

from .model import Board

try:  # the shell's failure with an exit status, where the shell offers it
    from ..commands import CommandFailed  # type: ignore[import-not-found,unused-ignore]
except ImportError:  # pragma: no cover - before the shell's command registry

    class CommandFailed(Exception):  # type: ignore[no-redef]  # noqa: N818 - named as the shell names it
        """The command ran and its answer is "no": printed, with exit status `status`."""

        def __init__(self, message: str, status: int = 1) -> None:
            super().__init__(message)
            self.message = message
            self.status = status


def solve_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--grid", action="store_true", help="print the solved digits row by row (10-16 as A-G) instead of a link"
    )


def solve(board: Board, args: Any) -> str:
    """The solved board's link (f-puzzles' or SudokuPad's for a variant, the Sudoku
    Player's for a classic 9x9); fails with status 1 when there is no solution or several."""
    from .facts import solution_text
    from .rules import problems
    from .slug import share_url
    from .solver import analyse

    broken = [p.message for p in problems(board) if p.is_error]
    if broken:
        raise CommandFailed(f"no solution: {broken[0]}")
    count, solved = analyse(board)
    if count == 0 or solved is None:
        raise CommandFailed("no solution: the givens leave no way to fill the grid")
    if count > 1:
        raise CommandFailed("several solutions: the puzzle needs more givens or constraints to have one")
    return solution_text(solved) if getattr(args, "grid", False) else share_url(solved)
