"""The xiangqi commands of `slugboard-codec`: `analyse` (an engine's best lines)."""

from __future__ import annotations

import argparse
from typing import Any

from .model import Board


def analyse_options(parser: argparse.ArgumentParser) -> None:
    limit = parser.add_mutually_exclusive_group()
    limit.add_argument("--depth", type=int, metavar="N", help="search this many plies deep (default 12)")
    limit.add_argument("--movetime", type=int, metavar="MS", help="search for this many milliseconds")
    parser.add_argument("--multipv", type=int, default=1, metavar="K", help="how many best lines to give (1-5)")
    parser.add_argument(
        "--engine", metavar="PATH", help="the engine program (default: pikafish or fairy-stockfish on PATH)"
    )


def analyse(board: Board, args: argparse.Namespace) -> dict[str, Any]:
    """`{"lines": [{"move", "score", "pv"}, ...], "depth": N}` for `board`; a missing or
    failing engine raises EngineError, a SlugError, so the command ends with status 2."""
    from .engine import analyse as run

    return run(
        board,
        depth=args.depth,
        movetime=args.movetime,
        multipv=args.multipv,
        engine=args.engine,
    )
