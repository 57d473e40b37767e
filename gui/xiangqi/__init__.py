"""The xiangqi page: a wooden board of 9x10 intersections with its river, palaces and
position marks; pieces as discs with their characters; a palette of the fourteen piece
kinds that only lets a piece stand where the slug code can hold it; drag to move, right
click or Delete to remove; side to move, opening position, clear, flip, FEN in and out.
Play mode moves by the codec's rules from the set-up position, with a move list in WXF
and Chinese notation to walk back through, and the result announced.

The characters come from a small font subset shipped in slugboard.resources, so they
draw on machines with no CJK font. What may stand where is always the codec's answer."""

from __future__ import annotations

from ..games import GameView
from .canvas import XiangqiCanvas
from .page import ACTIONS, XiangqiPage
from .paint import (  # fmt: skip
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
    actions=ACTIONS,
)
