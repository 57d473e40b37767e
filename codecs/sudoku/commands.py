"""Sudoku's subcommands of `slugboard-codec` (declared in the package's COMMANDS)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .model import Board


def hint(board: Board, args: argparse.Namespace) -> dict[str, Any]:
    from .facts import hint as next_hint

    return next_hint(board)


def grid_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--candidates", action="store_true", help="the HoDoKu / Sudoku Explainer candidate grid")


def grid(board: Board, args: argparse.Namespace) -> str:
    from . import formats

    text = formats.write_candidate_grid(board) if args.candidates else formats.write_string(board)
    return text.rstrip("\n")


def generate_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--givens", type=int, help="at most this many givens (17-81)")
    parser.add_argument("--symmetry", default="rotational", choices=("none", "rotational", "diagonal", "mirror"))
    parser.add_argument("--rating", help="a rating range such as 1.0-2.5")
    parser.add_argument("--seed", type=int, help="the same seed gives the same puzzle")


def generate(args: argparse.Namespace) -> int:
    from ..work import NEVER
    from .generate import generate_from_cli

    try:
        print(generate_from_cli(args.givens, args.symmetry, args.rating, args.seed, getattr(args, "cancel", NEVER)))
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0
