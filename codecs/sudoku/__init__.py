"""Sudoku: the `?play=` slugs of the nickgirardo.com Sudoku Player (v0 and v1), the
81-character grid string, f-puzzles and SudokuPad links of variant puzzles (4x4 to 16x16,
regions and constraints), conflicts, and solvers that count solutions up to two.

model      the board and the units of the grid
slug       reading and writing slugs and grids (and, through fpuzzles and sudokupad, links)
rules      repeated digits (checks: a variant's constraints)
solver     counting solutions and solving (cpsat: variants, with OR-tools)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game import Command, later

NAME = "sudoku"
TITLE = "Sudoku"
HAS_LINK = True
WEB_HOST: str | None = "nickgirardo.com"
# The other sites whose links it reads (variant puzzles), named where Slugboard lists what it opens.
OTHER_HOSTS = ("f-puzzles.com", "sudokupad.app")
DETECTION_RANK = 0
NOUN = "puzzle"
ANATOMY_FIELDS = {"given": "a given", "candidates": "a cell's candidates"}
# Every slug starts so (base64 of b"S!v"): a text one edit from it is a damaged sudoku link.
SLUG_HEADS = ("UyF2",)
BOOK = ".facts:book_entry"  # a printed book's heading, rules and solution of a puzzle

COMMANDS = (
    Command("hint", "sudoku: print the next logical step as JSON", ".commands:hint", many=True),
    Command("grid", "sudoku: print the 81-character string, or the candidate grid", ".commands:grid", ".commands:grid_options"),
    Command(
        "solve",
        "sudoku: print the solved puzzle's link (exit 1 with the reason when it has no solution or several)",
        ".commands:solve",
        ".commands:solve_options",
    ),
    Command(
        "generate",
        "sudoku: print a new puzzle with one solution as a slug",
        ".commands:generate",
        ".commands:generate_options",
        takes_board=False,
        long=True,
    ),
)  # fmt: skip

if TYPE_CHECKING:
    # fmt: off
    from .anatomy import explain
    from .facts import hint, info, is_minimal
    from .logic import next_step, solve_logically
    from .model import BOXES, COLS, PEERS, ROWS, UNITS, Board, new_board
    from .rules import conflict_cells, problems
    from .slug import (
        GRID_CELLS, GRID_DECORATION, MAGIC, PLAYER_URL, decode, decode_grid, encode, encode_v0, from_json, looks_like,
        share_url, to_json
    )
    from .solver import analyse, count_solutions, solution_label, solve
    # fmt: on
else:
    __getattr__, __dir__ = later(
        __name__,
        {
            "anatomy": ("explain",),
            "facts": ("info", "is_minimal", "hint",),
            "model": ("BOXES", "COLS", "PEERS", "ROWS", "UNITS", "Board", "new_board",),
            "slug": ("GRID_CELLS", "GRID_DECORATION", "MAGIC", "PLAYER_URL", "decode", "decode_grid", "encode", "encode_v0", "from_json", "looks_like", "share_url", "to_json",),
            "logic": ("next_step", "solve_logically",),
            "rules": ("conflict_cells", "problems",),
            "solver": ("analyse", "count_solutions", "solution_label", "solve",),
        },
    )  # fmt: skip
