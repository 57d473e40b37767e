"""What `slugboard-codec info` and `hint` say about a sudoku: the solution count, the
rating of a logical solve, whether every given is needed, and the next logical step."""

from __future__ import annotations

from typing import Any

from .logic import next_step, rating_info
from .model import NAME, Board
from .rules import problems
from .solver import count_solutions, solution_label


def info(board: Board) -> dict[str, Any]:
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
    for i, d in enumerate(board.cells):
        if d and count_solutions(board.with_digit(*divmod(i, 9), 0)) == 1:
            return False
    return True


def hint(board: Board) -> dict[str, Any]:
    """The next logical step as JSON, or why there is none."""
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
