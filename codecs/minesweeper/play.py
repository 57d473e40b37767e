"""Playing minesweeper: what a click does to a game being recorded.

The window turns a mouse button into `OPEN_BUTTON` or `FLAG_BUTTON` and calls `click`;
the rules of the classic game are here: a finished game takes no more clicks, a flag
guards its cell from an open, the right button cycles flag marks, and a new game's field
(`Board.undealt`, made by `new_game`) is dealt at its first open around the cell clicked
(flags placed before it stay).
"""

from __future__ import annotations

from dataclasses import dataclass

from .model import CLOSED, FLAG, FLAGGED, MARKED, MAX_TIME_MS, OPEN, UNFINISHED, UNFLAG, Board, Event, random_board
from .replays import Replay, ReplayState


def new_game(board: Board, width: int, height: int, mines: int, seed: int | None = None) -> Board:
    """A new game of `mines` mines on a `width` x `height` field, written as `board` is:
    its field is dealt at its first open, so that open never hits a mine."""
    field = random_board(width, height, mines, seed=seed)
    return board.with_field(width, height, field.mines, undealt=True)


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


OPEN_BUTTON, FLAG_BUTTON = "open", "flag"


@dataclass(frozen=True, slots=True)
class Click:
    """What a click did: the game with it recorded, or None and why nothing happened
    (an empty reason for a click that quietly does nothing, such as one on a flag)."""

    board: Board | None
    refused: str = ""


def click(
    board: Board,
    x: int,
    y: int,
    button: str,
    time_ms: float,
    *,
    deal: bool = False,
    seed: int | None = None,
    final: ReplayState | None = None,
) -> Click:
    """The game after `button` is pressed on cell (x, y) at `time_ms` from its first click.
    On a field still to be dealt (`board.undealt`, a new game), or with `deal`, a first
    open deals the field anew around (x, y), keeping the mine count. `final` is the game's
    state after its last action, when the caller has it (a window keeps its replay up to
    date)."""
    final = final if final is not None else Replay(board).final()
    if is_over(final):
        return Click(None, "The game is over: New game (F2) or Restart (F3)")
    if button == OPEN_BUTTON:
        if final.cells[y * board.width + x] == FLAGGED:
            return Click(None)  # a flag guards its cell, as in the classic game
        kind = OPEN
        if (deal or board.undealt) and not any(e.kind == OPEN for e in board.events):
            fresh = random_board(board.width, board.height, len(board.mines), safe=(x, y), seed=seed)
            board = board.with_field(board.width, board.height, fresh.mines, board.events)
    else:
        action = flag_action(final, board, x, y)
        if action is None:
            return Click(None)
        kind = action
    return Click(record(board, kind, x, y, time_ms))
