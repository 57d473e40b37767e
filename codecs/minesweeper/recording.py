"""Recording a game as it is played: the next event, what the right button does to a cell, and whether the game is over."""

from __future__ import annotations

from .model import FLAG, MAX_TIME_MS, OPEN, UNFLAG, Board, Event
from .replay import CLOSED, FLAGGED, MARKED, UNFINISHED, ReplayState


def record(board: Board, kind: str, x: int, y: int, time_ms: float) -> Board:
    """The game with one more action at `time_ms` from its start, kept in a form a slug
    can hold: the time is rounded to the board's unit, never goes back, and a flag
    action never shares a unit with an earlier open (the slug would put it first)."""
    t = max(0, int(time_ms // board.time_unit_ms))
    if board.events:
        last = board.events[-1]
        t = max(t, last.t)
        if t == last.t and last.kind == OPEN and kind != OPEN:
            t += 1
    t = min(t, MAX_TIME_MS // board.time_unit_ms)
    return board.with_event(Event(t, kind, x, y))


def flag_action(state: ReplayState, board: Board, x: int, y: int) -> str | None:
    """What a right click on (x, y) records: a flag on a closed cell, its removal on a
    flagged one (a question mark, version 2 only, also goes); nothing on an open cell."""
    code = state.cells[y * board.width + x]
    if code == CLOSED:
        return FLAG
    if code in (FLAGGED, MARKED):
        return UNFLAG
    return None


def is_over(state: ReplayState) -> bool:
    return state.outcome != UNFINISHED
