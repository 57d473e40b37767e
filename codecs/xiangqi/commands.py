"""Xiangqi's subcommands of `slugboard-codec` (declared in the package's COMMANDS)."""

from __future__ import annotations

import argparse
from typing import Any

from .model import Board


def moves(board: Board, args: argparse.Namespace) -> dict[str, Any]:
    """The legal moves, check and result; a position no game is played from (no generals,
    45 soldiers) is refused, saying why."""
    from .moves import summary

    return summary(board)
