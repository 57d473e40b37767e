"""The pentomino page: the board on its surface with pieces in their colours, outlines that
follow a piece across the seams, terrain, conflicts in red, and seam marks at the edges
that say which edge meets which and whether it meets flipped. A palette of the 12 pieces
and terrain, a ghost under the mouse where a click would place (over a placed piece, the
whole piece a click would pick up is outlined instead, wherever the seams take it), rotate
and mirror keys, and the board's surface, size and colours in the tool panel.

Every rule (where a piece lands, what conflicts) comes from slugboard.codecs.pentomino."""

from __future__ import annotations

from ..games import GameView
from .canvas import PentominoCanvas
from .page import PentominoPage
from .paint import (
    CONFLICT,
    CONFLICT_STRIPES,
    PIECE_COLORS,
    PIECE_NAMES,
    PIECE_TEXT,
    SEAM_COLORS,
    TERRAIN_FILL,
    TERRAIN_HATCH,
    board_layout,
    caption,
    cell_at,
    cell_center,
    fitted_caption,
    item_color,
    paint,
    piece_icon,
    preferred_size,
)

__all__ = ["PIECE_NAMES", "PIECE_COLORS", "TERRAIN_FILL", "TERRAIN_HATCH", "CONFLICT", "CONFLICT_STRIPES", "SEAM_COLORS", "PIECE_TEXT", "caption", "fitted_caption", "item_color", "cell_at", "cell_center", "board_layout", "paint", "preferred_size", "piece_icon", "PentominoCanvas", "PentominoPage", "VIEW"]  # fmt: skip

VIEW = GameView(
    page=PentominoPage,
    paint=paint,
    preferred_size=preferred_size,
    anatomy_colours={"piece": "#4e79a7", "terrain": "#76b7b2", "colour": "#f28e2b"},
)
