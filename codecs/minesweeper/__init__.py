"""Minesweeper: the `1=` and `2=` game slugs (board, clicks and flags with times), the
replay engine (the board at any moment of a recorded game) and the players' statistics.

model    constants, events and the immutable board
slug     reading and writing slugs, board JSON and pair lists
stats    the field's facts (numbers, openings, 3BV) and the standard figures
replays  the board at any moment of a recorded game
play     what a click does to a game being recorded, and a new game's field
Everything here works in (x, y) = (column, row); cell indexes are `y * width + x`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game import Command, FileType, later

NAME = "minesweeper"
TITLE = "Minesweeper"
HAS_LINK = False
WEB_HOST: str | None = None
DETECTION_RANK = 2
NOUN = "game"
ANATOMY_FIELDS = {"mine": "a mine", "click": "a click", "flag": "a flag"}

FILE_TYPES = (FileType("Minesweeper replays", (".avf", ".rmv", ".evf", ".mvf"), ".files:read_records"),)
# Each reads its own TEXT_OR_FILE: a replay file's mouse path goes with its game.
COMMANDS = (
    Command(
        "export-replay",
        "minesweeper: write a game (slug, link or replay file) as an .evf replay",
        ".commands:export_replay",
        ".commands:export_replay_options",
        takes_board=False,
    ),
    Command(
        "generate-mines",
        "minesweeper: print a new random field's slug, optionally one that needs no guessing",
        ".commands:generate_mines",
        ".commands:generate_mines_options",
        takes_board=False,
    ),
    Command(
        "analyse-replay",
        "minesweeper: print one JSON object per action with what Metasweeper's analysis finds there",
        ".commands:analyse_replay",
        ".commands:analyse_replay_options",
        takes_board=False,
    ),
)

if TYPE_CHECKING:
    # fmt: off
    from .anatomy import explain
    from .facts import info, problems
    from .figures import prepare
    from .model import (
        CLOSED, FLAG, FLAGGED, KINDS, LEVELS, LOST, MARK, MARKED, MAX_CELLS, MAX_TIME_MS, MAX_TIME_UNIT_MS, OPEN,
        OPENED, UNFINISHED, UNFLAG, V1_TIME_UNIT_MS, VERSIONS, WON, Board, Event, Events, new_board, random_board
    )
    from .play import FLAG_BUTTON, OPEN_BUTTON, Click, click, flag_action, is_over, new_game, record
    from .replays import Replay, ReplayState, kept_replay, replay, start_state, state_at
    from .slug import (
        decode, decode_pairs, encode, encode_pairs, from_json, json_pieces, looks_like, share_url, to_json
    )
    from .stats import Field, Stats, field_of
    # fmt: on
else:
    __getattr__, __dir__ = later(
        __name__,
        {
            "anatomy": ("explain",),
            "facts": ("info", "problems",),
            "figures": ("prepare",),
            "model": ("CLOSED", "FLAG", "FLAGGED", "KINDS", "LEVELS", "LOST", "MARK", "MARKED", "MAX_CELLS", "MAX_TIME_MS", "MAX_TIME_UNIT_MS", "OPEN", "OPENED", "UNFINISHED", "UNFLAG", "V1_TIME_UNIT_MS", "VERSIONS", "WON", "Board", "Event", "Events", "new_board", "random_board",),
            "slug": ("decode", "decode_pairs", "encode", "encode_pairs", "from_json", "json_pieces", "looks_like", "share_url", "to_json",),
            "play": ("FLAG_BUTTON", "OPEN_BUTTON", "Click", "click", "flag_action", "is_over", "new_game", "record",),
            "replays": ("Replay", "ReplayState", "kept_replay", "replay", "start_state", "state_at",),
            "stats": ("Field", "Stats", "field_of",),
        },
    )  # fmt: skip
