"""The minesweeper page: edit a mine field, play it in the window while the game is
recorded into its slug, and replay a pasted game in real time with seeking, stepping,
speed control and the players' statistics.

Every rule (numbers, flood fill, outcome, statistics, what a click records) comes from
`slugboard.codecs.minesweeper`; this module turns its states into pixels and mouse and
keys into events. Drawing composes the board from pre-drawn cell tiles, a byte row at a
time, so a 100x100 field redraws in a few milliseconds while a replay runs."""

from __future__ import annotations

from ..games import CommandLine, GameAction, GameView
from .canvas import MinesCanvas
from .page import MinesweeperPage
from .paint import (
    DARK_EDGE,
    EDIT,
    FACE,
    FLAG,
    FLAG_RING,
    HIT,
    LED_BACK,
    LED_TEXT,
    LIGHT_EDGE,
    LOST_COLOUR,
    MAX_COMPOSED_PIXELS,
    MINE,
    MODES,
    NUMBER_COLOURS,
    OPEN_RING,
    PLAY,
    REPLAY,
    SPEEDS,
    T_CLOSED,
    T_FLAG,
    T_HIT,
    T_MARK,
    T_MINE,
    T_OPEN,
    T_WRONG_FLAG,
    TILE_COUNT,
    WON_COLOUR,
    Layout,
    compose,
    paint,
    preferred_size,
    replay_for,
    tile_ids,
    tile_rows,
)
from .replay import ReplayPlayer

__all__ = ["EDIT", "PLAY", "REPLAY", "MODES", "SPEEDS", "FACE", "LIGHT_EDGE", "DARK_EDGE", "NUMBER_COLOURS", "MINE", "HIT", "FLAG", "LED_BACK", "LED_TEXT", "OPEN_RING", "FLAG_RING", "WON_COLOUR", "LOST_COLOUR", "T_CLOSED", "T_FLAG", "T_MARK", "T_OPEN", "T_MINE", "T_HIT", "T_WRONG_FLAG", "TILE_COUNT", "MAX_COMPOSED_PIXELS", "tile_ids", "compose", "Layout", "replay_for", "tile_rows", "paint", "preferred_size", "MinesCanvas", "ReplayPlayer", "MinesweeperPage", "VIEW"]  # fmt: skip

VIEW = GameView(
    page=MinesweeperPage,
    paint=paint,
    preferred_size=preferred_size,
    actions=(
        GameAction(
            "Save replay &as .evf…",
            "save_replay_dialog",
            menu="file",
            tip="Save the game as an .evf replay (Metasweeper's open format), with its mouse path when it has one",
            enabled="can_save_replay",
        ),
        GameAction(
            "Export &video…",
            "export_video_dialog",
            menu="file",
            tip="Save the replay as an .mp4 or .webm video with its clock, counters and mouse path",
            enabled="can_export_video",
        ),
        GameAction(
            "Export &recording…",
            "export_recording_dialog",
            menu="file",
            tip="Save the minesweeper replay as an animation (GIF, WebP or APNG) at real speed",
            enabled="can_export_recording",
        ),
    ),
    command_line=CommandLine(
        ("--at", "--speed", "--fps"),
        ".command_line:options",
        state=".command_line:state",
        export=".command_line:export",
    ),
    anatomy_colours={"mine": "#e15759", "click": "#59a14f", "flag": "#edc948"},
)
