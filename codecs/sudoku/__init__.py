"""Sudoku: the `?play=` slugs of the nickgirardo.com Sudoku Player (v0 and v1), the
81-character grid string, conflicts, and a solver that counts solutions up to two.

model    the board and the units of the grid
slug     reading and writing slugs and grids
rules    repeated digits
solver   counting solutions and solving
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..game import later
from .model import BOXES, COLS, NAME, PEERS, ROWS, UNITS, Board, new_board
from .slug import (
    GRID_CELLS,
    GRID_DECORATION,
    MAGIC,
    PLAYER_URL,
    decode,
    decode_grid,
    encode,
    encode_v0,
    from_json,
    looks_like,
    share_url,
    to_json,
)
from .slug import WEB_HOST as _WEB_HOST

if TYPE_CHECKING:
    from ..anatomy import Anatomy
    from .logic import next_step, solve_logically
    from .rules import conflict_cells, problems
    from .solver import analyse, count_solutions, solution_label, solve
else:
    __getattr__, __dir__ = later(
        __name__,
        {
            "logic": ("next_step", "solve_logically"),
            "rules": ("conflict_cells", "problems"),
            "solver": ("analyse", "count_solutions", "solution_label", "solve"),
        },
    )

TITLE = "Sudoku"
HAS_LINK = True
WEB_HOST: str | None = _WEB_HOST

__all__ = [
    "NAME", "TITLE", "HAS_LINK", "WEB_HOST", "Board", "new_board", "decode", "decode_grid", "encode", "encode_v0",
    "share_url", "to_json", "from_json", "looks_like", "problems", "conflict_cells", "info", "count_solutions",
    "analyse", "solve", "solution_label", "ROWS", "COLS", "BOXES", "UNITS", "PEERS", "GRID_CELLS",
    "GRID_DECORATION", "MAGIC", "PLAYER_URL", "hint", "is_minimal", "next_step", "solve_logically", "explain",
]  # fmt: skip


def explain(text: str) -> Anatomy:
    """What every part of a slug or grid holds (see codecs/anatomy.py)."""
    from .anatomy import explain as explain_slug

    return explain_slug(text)


def info(board: Board) -> dict[str, Any]:
    from .logic import rating_info
    from .rules import problems
    from .solver import count_solutions, solution_label

    count = count_solutions(board)
    return {
        "game": NAME,
        "givens": board.givens,
        "solutions": count,
        "status": solution_label(count),
        "problems": [p.to_json() for p in problems(board)],
        **rating_info(board),
        "minimal": is_minimal(board) if count == 1 else None,
    }


def is_minimal(board: Board) -> bool:
    """True when every given is needed: taking any one away leaves more than one solution."""
    from .solver import count_solutions

    for i, d in enumerate(board.cells):
        if d and count_solutions(board.with_digit(*divmod(i, 9), 0)) == 1:
            return False
    return True


def hint(board: Board) -> dict[str, Any]:
    """The next logical step as JSON, or why there is none."""
    from .logic import next_step
    from .rules import problems
    from .solver import count_solutions

    step = next_step(board)
    if step is not None:
        return step.to_json()
    if all(board.cells):
        reason = "The grid is full."
    elif problems(board) or count_solutions(board) == 0:
        reason = "This puzzle has no solution, so there is no next step."
    else:
        reason = "No technique here finds the next step; the puzzle needs guessing from here."
    return {"technique": None, "explanation": reason}
