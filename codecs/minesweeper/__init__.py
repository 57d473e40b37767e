"""Minesweeper: the `1=` and `2=` game slugs (board, clicks and flags with times), the
replay engine (the board at any moment of a recorded game) and the players' statistics.

Slug format (formats/minesweeper.md): `<version>=<meta>+<mines>+<clicks>+<flags>`.
Coordinates are base62 pairs, two characters when both are below 62, else `A|B`.
Version 1 stores a mine as (row, column) but a click or flag as (column, row), counts time
in 50 ms ticks with decimal deltas; version 2 stores every pair as (column, row), writes
deltas in base62 and gives its time unit in the meta (`15x15,50`).

Everything here works in (x, y) = (column, row); cell indexes are `y * width + x`.
"""

from __future__ import annotations

from .model import (
    FLAG,
    HAS_LINK,
    KINDS,
    LEVELS,
    MARK,
    MAX_CELLS,
    MAX_TIME_MS,
    MAX_TIME_UNIT_MS,
    NAME,
    OPEN,
    TITLE,
    UNFLAG,
    V1_TIME_UNIT_MS,
    VERSIONS,
    WEB_HOST,
    Board,
    Event,
    new_board,
    random_board,
)
from .recording import (
    flag_action,
    is_over,
    record,
)
from .replay import (
    _FIELDS,
    _REPLAYS,
    CLOSED,
    FLAGGED,
    LOST,
    MARKED,
    OPENED,
    UNFINISHED,
    WON,
    Field,
    Replay,
    ReplayState,
    Stats,
    field_of,
    replay,
    state_at,
)
from .rules import (
    info,
    problems,
)
from .slug import (
    _Reader,
    decode,
    decode_pairs,
    encode,
    encode_pairs,
    from_json,
    looks_like,
    share_url,
    to_json,
)

__all__ = [
    "Board",
    "Event",
    "FLAG",
    "HAS_LINK",
    "KINDS",
    "LEVELS",
    "MARK",
    "MAX_CELLS",
    "MAX_TIME_MS",
    "MAX_TIME_UNIT_MS",
    "NAME",
    "new_board",
    "OPEN",
    "random_board",
    "TITLE",
    "UNFLAG",
    "V1_TIME_UNIT_MS",
    "VERSIONS",
    "WEB_HOST",
    "decode",
    "decode_pairs",
    "encode",
    "encode_pairs",
    "from_json",
    "looks_like",
    "share_url",
    "to_json",
    "_Reader",
    "CLOSED",
    "Field",
    "field_of",
    "FLAGGED",
    "LOST",
    "MARKED",
    "OPENED",
    "replay",
    "Replay",
    "ReplayState",
    "state_at",
    "Stats",
    "UNFINISHED",
    "WON",
    "_FIELDS",
    "_REPLAYS",
    "flag_action",
    "is_over",
    "record",
    "info",
    "problems",
    "FLAG_BUTTON",
    "OPEN_BUTTON",
    "Click",
    "click",
]

# Playing is built on the names above.
from .play import FLAG_BUTTON, OPEN_BUTTON, Click, click  # noqa: E402
