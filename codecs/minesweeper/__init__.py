"""Minesweeper: the `1=` and `2=` game slugs (board, clicks and flags with times), the
replay engine (the board at any moment of a recorded game) and the players' statistics.

model    constants, events and the immutable board
slug     reading and writing slugs, board JSON and pair lists
stats    the field's facts (numbers, openings, 3BV) and the standard figures
replays  the board at any moment of a recorded game
play     what a click does to a game being recorded, and a new game's field

Everything here works in (x, y) = (column, row); cell indexes are `y * width + x`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import Problem, ProblemKind, Severity
from ..game import later
from .model import (
    CLOSED,
    FLAG,
    FLAGGED,
    HAS_LINK,
    KINDS,
    LEVELS,
    LOST,
    MARK,
    MARKED,
    MAX_CELLS,
    MAX_TIME_MS,
    MAX_TIME_UNIT_MS,
    NAME,
    OPEN,
    OPENED,
    TITLE,
    UNFINISHED,
    UNFLAG,
    V1_TIME_UNIT_MS,
    VERSIONS,
    WEB_HOST,
    WON,
    Board,
    Event,
    new_board,
    random_board,
)
from .slug import (
    decode,
    decode_pairs,
    encode,
    encode_pairs,
    from_json,
    looks_like,
    share_url,
    to_json,
)

if TYPE_CHECKING:
    from ..anatomy import Anatomy
    from .play import FLAG_BUTTON, OPEN_BUTTON, Click, click, flag_action, is_over, new_game, record
    from .replays import Replay, ReplayState, replay, state_at
    from .stats import Field, Stats, field_of
else:
    __getattr__, __dir__ = later(
        __name__,
        {
            "figures": ("prepare",),
            "play": ("FLAG_BUTTON", "OPEN_BUTTON", "Click", "click", "flag_action", "is_over", "new_game", "record"),
            "replays": ("Replay", "ReplayState", "replay", "state_at"),
            "stats": ("Field", "Stats", "field_of"),
        },
    )

__all__ = [
    "CLOSED",
    "FLAG",
    "FLAGGED",
    "HAS_LINK",
    "KINDS",
    "LEVELS",
    "LOST",
    "MARK",
    "MARKED",
    "MAX_CELLS",
    "MAX_TIME_MS",
    "MAX_TIME_UNIT_MS",
    "NAME",
    "OPEN",
    "OPENED",
    "TITLE",
    "UNFINISHED",
    "UNFLAG",
    "V1_TIME_UNIT_MS",
    "VERSIONS",
    "WEB_HOST",
    "WON",
    "Board",
    "Event",
    "new_board",
    "random_board",
    "decode",
    "decode_pairs",
    "encode",
    "encode_pairs",
    "from_json",
    "looks_like",
    "share_url",
    "to_json",
    "FLAG_BUTTON",
    "OPEN_BUTTON",
    "Click",
    "click",
    "flag_action",
    "is_over",
    "new_game",
    "record",
    "Replay",
    "ReplayState",
    "replay",
    "state_at",
    "Field",
    "Stats",
    "field_of",
    "prepare",
    "problems",
    "info",
    "explain",
]


def explain(text: str) -> Anatomy:
    """What every character of a game slug holds (see codecs/anatomy.py)."""
    from .anatomy import explain as explain_slug

    return explain_slug(text)


def problems(board: Board) -> list[Problem]:
    from .replays import replay

    found: list[Problem] = []
    if board.mines and len(board.mines) == board.cells:
        found.append(Problem("every cell is a mine: there is nothing to open", (), Severity.ERROR, ProblemKind.FULL))
    if not board.mines:
        found.append(Problem("the board has no mines: the first click wins", (), Severity.WARNING, ProblemKind.EMPTY))
    if board.events:
        r = replay(board)
        if r.end_index is not None and r.end_index < r.event_count:
            extra = r.event_count - r.end_index
            found.append(
                Problem(
                    f"{extra} action(s) recorded after the game was {r.outcome}",
                    (),
                    Severity.WARNING,
                    ProblemKind.AFTER_END,
                )
            )
    return found


def info(board: Board) -> dict[str, Any]:
    from .replays import replay

    r = replay(board)
    stats = r.stats()
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
    out["problems"] = [p.to_json() for p in problems(board)]
    return out
