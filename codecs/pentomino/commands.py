"""Pentomino's subcommands of `slugboard-codec` (declared in the package's COMMANDS)."""

from __future__ import annotations

import argparse
from typing import Any

from ..errors import SlugError
from ..game import CommandFailed
from ..work import NEVER
from .model import Board


def solve(board: Board, args: argparse.Namespace) -> str:
    from . import solver
    from .slug import encode

    done = solver.solve(board, cancel=getattr(args, "cancel", NEVER))
    if done is None:
        why = solver.reason(board) or "no placement of the pieces left fills the empty cells"
        raise CommandFailed(f"no completion: {why}")
    return encode(done)


def count_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--limit", type=int, metavar="N", help="stop counting at N")


def count(board: Board, args: argparse.Namespace) -> dict[str, Any]:
    from . import solver

    if args.limit is not None and args.limit < 1:
        raise SlugError("count", "--limit wants a whole number of at least 1")
    found, complete = solver.count(board, args.limit, cancel=getattr(args, "cancel", NEVER))
    return {"count": found, "complete": complete}
