"""The minesweeper page: edit a mine field, play it in the window while the game is
recorded into its slug, and replay a pasted game in real time with seeking, stepping,
speed control and the players' statistics.

Every rule (numbers, flood fill, outcome, statistics, what a click records) comes from
`slugboard.codecs.minesweeper`; this module turns its states into pixels and mouse and
keys into events. Drawing composes the board from pre-drawn cell tiles, a byte row at a
time, so a 100x100 field redraws in a few milliseconds while a replay runs."""

from __future__ import annotations

from ..games import CommandLine, GameAction, GameView
from . import paint as drawing
from .canvas import MinesCanvas
from .page import MinesweeperPage
from .replay import ReplayPlayer

__all__ = ["MinesCanvas", "MinesweeperPage", "ReplayPlayer", "VIEW"]

VIEW = GameView(
    page=MinesweeperPage,
    paint=drawing.paint,
    preferred_size=drawing.preferred_size,
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
