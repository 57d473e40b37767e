"""The sudoku page: a 9x9 grid with thick box lines, digits typed or clicked in, conflicts
in red, the solution count shown live and the solution shown on request."""

from __future__ import annotations

from ..games import GameAction, GameView
from .canvas import SudokuCanvas
from .page import SudokuPage
from .paint import (
    CONFLICT,
    CONFLICT_FILL,
    SOLUTION_DARK,
    SOLUTION_LIGHT,
    STATUS_COLOURS,
    cell_at,
    paint,
    preferred_size,
)

__all__ = ["CONFLICT", "CONFLICT_FILL", "SOLUTION_LIGHT", "SOLUTION_DARK", "STATUS_COLOURS", "cell_at", "paint", "preferred_size", "SudokuCanvas", "SudokuPage", "VIEW"]  # fmt: skip

VIEW = GameView(
    page=SudokuPage,
    paint=paint,
    preferred_size=preferred_size,
    actions=(
        GameAction(
            "&New sudoku puzzle", "new_puzzle", menu="file", tip="Make a sudoku with one solution (in the background)"
        ),
    ),
    anatomy_colours={"given": "#4e79a7"},
)
