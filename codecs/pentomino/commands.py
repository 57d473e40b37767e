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
    parser.add_argument(
        "--jobs", type=int, metavar="N", help="count in N processes side by side (default: one per core)"
    )
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="count on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786); needs dask[distributed]",
    )
    parser.add_argument(
        "--engine",
        choices=("auto", "compiled", "python"),
        default="auto",
        help="compiled (numba) or pure-Python search; auto: compiled where numba is installed",
    )


def count(board: Board, args: argparse.Namespace) -> dict[str, Any]:
    import os

    from . import solver

    if args.limit is not None and args.limit < 1:
        raise SlugError("count", "--limit wants a whole number of at least 1")
    jobs = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    if jobs < 1:
        raise SlugError("count", "--jobs wants a whole number of at least 1")
    if args.engine == "compiled" and not solver.compiled_available():
        raise CommandFailed("the compiled search needs numba: pip install numba")
    found, complete = solver.count(
        board,
        args.limit,
        cancel=getattr(args, "cancel", NEVER),
        jobs=jobs,
        engine=args.engine,
        dask=args.dask,
    )
    return {"count": found, "complete": complete}
