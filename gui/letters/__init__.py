"""The letters page: the 9x9 board with its premium squares, the starting word, every
turn's tiles in the turn's colour, the words and scores beside the board, and a day's
game played here turn by turn from the rack while the slug grows.

Letters, racks, words and scores come from slugboard.codecs.letters; this module only
draws them and turns clicks, drags and keys into placements."""

from __future__ import annotations

from ..games import GameAction, GameView
from .canvas import LettersCanvas
from .page import LettersPage
from .paint import (
    BLANK_TEXT,
    DATE_EDIT_MERGE,
    ERROR,
    MARGIN,
    PANEL_LINES,
    PANEL_MIN,
    PENDING_TILE,
    PREMIUM_FILL,
    PREMIUM_TEXT,
    SIZE,
    START_TILE,
    TILE,
    TILE_EDGE,
    TILE_TEXT,
    TURN_COLOURS,
    Drag,
    Layout,
    PanelRow,
    paint,
    panel_line_height,
    panel_rows,
    preferred_size,
    turn_colour,
)

__all__ = ["SIZE", "PREMIUM_FILL", "PREMIUM_TEXT", "TILE", "TILE_EDGE", "START_TILE", "PENDING_TILE", "TILE_TEXT", "TURN_COLOURS", "ERROR", "MARGIN", "DATE_EDIT_MERGE", "PANEL_MIN", "turn_colour", "Drag", "Layout", "PanelRow", "panel_rows", "BLANK_TEXT", "paint", "PANEL_LINES", "panel_line_height", "preferred_size", "LettersCanvas", "LettersPage", "VIEW"]  # fmt: skip

VIEW = GameView(
    page=LettersPage,
    paint=paint,
    preferred_size=preferred_size,
    actions=(
        GameAction(
            "Show the &best plays",
            "toggle_best_plays",
            menu="game",
            tip="The best plays of this turn's rack, or each turn of a finished game beside its best play",
            checked="best_plays_shown",
        ),
    ),
    anatomy_colours={"date": "#f1a340", "tile": "#b07aa1", "word": "#ff9da7"},
)
