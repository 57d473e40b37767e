"""Xiangqi's subcommands of `slugboard-codec` (declared in the package's COMMANDS)."""

from __future__ import annotations

import argparse
from typing import Any

from .model import Board


def moves(board: Board, args: argparse.Namespace) -> dict[str, Any]:
    from .moves import iccs, in_check, legal_moves, result

    return {
        "moves": sorted(iccs(m) for m in legal_moves(board)),
        "in_check": in_check(board),
        "result": result(board),
    }
