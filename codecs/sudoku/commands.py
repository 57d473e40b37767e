"""Sudoku's subcommands of `slugboard-codec` (declared in the package's COMMANDS)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..game import CommandFailed
from .model import Board


def hint(board: Board, args: argparse.Namespace) -> dict[str, Any]:
    from .facts import hint as next_hint

    return next_hint(board)


def grid_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--candidates", action="store_true", help="the HoDoKu / Sudoku Explainer candidate grid")


def grid(board: Board, args: argparse.Namespace) -> str:
    from . import formats

    if args.candidates and board.variant is not None:
        raise CommandFailed("a candidate grid holds a classic 9x9 only")
    text = formats.write_candidate_grid(board) if args.candidates else formats.write_string(board)
    return text.rstrip("\n")


def generate_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--givens", type=int, help="at most this many givens (17-81)")
    parser.add_argument("--symmetry", default="rotational", choices=("none", "rotational", "diagonal", "mirror"))
    parser.add_argument("--rating", help="a rating range such as 1.0-2.5")
    parser.add_argument("--seed", type=int, help="the same seed gives the same puzzle")
    parser.add_argument(
        "--minimal", action="store_true", help="every given needed (a symmetric pair may lose one of its two)"
    )


def generate(args: argparse.Namespace) -> int:
    from ..work import NEVER
    from .generate import generate_from_cli

    try:
        print(
            generate_from_cli(
                args.givens,
                args.symmetry,
                args.rating,
                args.seed,
                getattr(args, "cancel", NEVER),
                minimal=getattr(args, "minimal", False),
            )
        )
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


def solve_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--grid", action="store_true", help="print the solved digits row by row (10-16 as A-G) instead of a link"
    )


def solve(board: Board, args: Any) -> str:
    """The solved board's link (f-puzzles' or SudokuPad's for a variant, the Sudoku
    Player's for a classic 9x9); fails with status 1 when there is no solution or several."""
    from .cpsat import NotCounted
    from .facts import solution_text
    from .rules import problems
    from .slug import share_url
    from .solver import analyse

    broken = [p.message for p in problems(board) if p.is_error]
    if broken:
        raise CommandFailed(f"no solution: {broken[0]}")
    try:
        count, solved = analyse(board)
    except NotCounted as exc:
        raise CommandFailed(f"not solved: {exc.message[len('not counted: ') :]}") from None
    if count == 0 or solved is None:
        raise CommandFailed("no solution: the givens leave no way to fill the grid")
    if count > 1:
        raise CommandFailed("several solutions: the puzzle needs more givens or constraints to have one")
    return solution_text(solved) if getattr(args, "grid", False) else share_url(solved)
