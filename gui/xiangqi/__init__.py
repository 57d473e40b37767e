"""The xiangqi page: a wooden board of 9x10 intersections with its river, palaces and
position marks; pieces as discs with their characters; a palette of the fourteen piece
kinds that only lets a piece stand where the slug code can hold it; drag to move, right
click or Delete to remove; side to move, opening position, clear, flip, FEN in and out.
Play mode moves by the codec's rules from the set-up position, with a move list in WXF
and Chinese notation to walk back through, and the result announced.

The characters come from a small font subset shipped in slugboard.resources, so they
draw on machines with no CJK font. What may stand where is always the codec's answer."""

from __future__ import annotations

from ..games import GameAction, GameView
from .canvas import XiangqiCanvas
from .page import XiangqiPage
from .paint import (
    BLACK_INK,
    CURSOR,
    FALLBACK_FAMILIES,
    FONT_FILE,
    GLYPHS,
    LEGAL,
    LINE,
    PIECE_FACE,
    PIECE_RIM,
    RED_FILE_NUMERALS,
    RED_INK,
    REFUSED,
    RIVER_TEXT,
    WOOD,
    WOOD_EDGE,
    Layout,
    draw_piece,
    glyph_font,
    paint,
    piece_families,
    piece_icon,
    preferred_size,
    render_piece,
    warm,
)

__all__ = ["FONT_FILE", "FALLBACK_FAMILIES", "GLYPHS", "RED_FILE_NUMERALS", "WOOD", "WOOD_EDGE", "LINE", "RIVER_TEXT", "RED_INK", "BLACK_INK", "PIECE_FACE", "PIECE_RIM", "LEGAL", "REFUSED", "CURSOR", "piece_families", "Layout", "draw_piece", "render_piece", "glyph_font", "paint", "preferred_size", "piece_icon", "warm", "XiangqiCanvas", "XiangqiPage", "VIEW"]  # fmt: skip

VIEW = GameView(
    page=XiangqiPage,
    paint=paint,
    preferred_size=preferred_size,
    warm=warm,
    anatomy_colours={"piece": "#4e79a7", "colour": "#f28e2b"},
    actions=(
        GameAction(
            "Save &game as PGN…",
            "save_game_dialog",
            menu="file",
            tip="Save the xiangqi game, its comments and variations as PGN",
            enabled="can_save_game",
        ),
        GameAction(
            "&Analyse with an engine",
            "toggle_analysis",
            menu="game",
            shortcut="Ctrl+Shift+E",
            tip="Show an engine's best lines and arrows for the position (Fairy-Stockfish or Pikafish)",
            checked="analysis_checked",
        ),
        GameAction(
            "&Simplified Chinese moves",
            "toggle_script",
            menu="view",
            tip="Write the Chinese moves of the move list and the engine's lines in simplified characters "
            "(马8进7) rather than traditional ones (馬8進7)",
            checked="simplified_checked",
        ),
        GameAction(
            "&Evaluate the game",
            "evaluate_game",
            menu="game",
            tip="Score every position of the game with the engine, for the graph under the moves",
            enabled="can_save_game",
        ),
    ),
)
