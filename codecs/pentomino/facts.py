"""What `slugboard-codec info` says about a pentomino board."""

from __future__ import annotations

from typing import Any

from .geometry import SEAM_TEXT, paint
from .model import NAME, SURFACES, Board
from .rules import is_complete, problems


def info(board: Board) -> dict[str, Any]:
    p = paint(board)
    covered = sum(1 for c in p.count if c)
    return {
        "game": NAME,
        "surface": SURFACES[board.surface],
        "seams": SEAM_TEXT[board.surface],
        "size": f"{board.height}x{board.width}",
        "pieces": len(board.pieces),
        "terrain": len(board.terrain),
        "cells": board.cell_count,
        "covered": covered,
        "empty": board.cell_count - covered,
        "complete": is_complete(board, p),
        "problems": [x.to_json() for x in problems(board, p)],
    }
