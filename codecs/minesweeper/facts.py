"""What is wrong with a minesweeper game for a person, and what `slugboard-codec info`
says about it (its figures, counted as the community counts them)."""

from __future__ import annotations

from typing import Any

from ..errors import Problem, Severity
from .model import NAME, Board, Kind
from .replays import Outcome, outcome_of


def problems(board: Board) -> list[Problem]:
    return _problems(board, outcome_of(board) if board.events else None)


def _problems(board: Board, r: Outcome | None) -> list[Problem]:
    """The problems of `board`, whose game ended as `r` tells (None without a game): `info`
    plays a long game once for its figures and its problems both."""
    found: list[Problem] = []
    if board.mines and len(board.mines) == board.cells:
        found.append(Problem("every cell is a mine: there is nothing to open", (), Severity.ERROR, Kind.FULL))
    if not board.mines:
        found.append(Problem("the board has no mines: the first click wins", (), Severity.WARNING, Kind.EMPTY))
    if r is not None:
        if r.end_index is not None and r.end_index < r.event_count:
            extra = r.event_count - r.end_index
            found.append(
                Problem(
                    f"{extra} action(s) recorded after the game was {r.outcome}",
                    (),
                    Severity.WARNING,
                    Kind.AFTER_END,
                )
            )
    return found


def info(board: Board) -> dict[str, Any]:
    outcome = outcome_of(board)
    stats = outcome.stats
    out = {
        "game": NAME,
        "version": board.version,
        "width": board.width,
        "height": board.height,
        "mines": len(board.mines),
        "time_unit_ms": board.time_unit_ms,
        "events": len(board.events),
    }
    out.update(stats.to_json())
    out["problems"] = [p.to_json() for p in _problems(board, outcome if board.events else None)]
    return out
