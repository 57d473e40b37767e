"""Which GUI module draws and edits each game.

Each module `slugboard.gui.<game>` defines `PAGE` (its GamePage subclass), `paint(painter,
rect, board, palette, **state)` and `preferred_size(board)`; the main window and
`slugboard --export` find them here.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from slugboard.codecs import GAMES

ORDER = ("sudoku", "pentomino", "xiangqi", "minesweeper", "letters")


def gui_module(game: str) -> ModuleType:
    return importlib.import_module(f"{__package__}.{game}")


def available() -> list[str]:
    """The games in tab order."""
    return [game for game in ORDER if game in GAMES]
