"""The pentomino page: the board on its surface with pieces in their colours, outlines that
follow a piece across the seams, terrain, conflicts in red, and seam marks at the edges
that say which edge meets which and whether it meets flipped. A palette of the 12 pieces
and terrain, a ghost under the mouse where a click would place (over a placed piece, the
whole piece a click would pick up is outlined instead, wherever the seams take it), rotate
and mirror keys, and the board's surface, size and colours in the tool panel.

Every rule (where a piece lands, what conflicts) comes from slugboard.codecs.pentomino."""

from __future__ import annotations

from ..games import GameAction, GameView
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
    actions=(
        GameAction(
            "&Next completion",
            "next_completion",
            shortcut="Alt+Right",
            tip="Show the next completion of the board (after Count or Solve)",
            enabled="has_next_completion",
        ),
        GameAction(
            "&Previous completion",
            "previous_completion",
            shortcut="Alt+Left",
            tip="Show the previous completion of the board",
            enabled="has_previous_completion",
        ),
        GameAction(
            "&Take this completion",
            "take_completion",
            shortcut="Ctrl+Shift+T",
            tip="Put the completion shown on your board (one step to undo)",
            enabled="is_browsing",
        ),
        GameAction(
            "Back to &my board",
            "stop_browsing",
            shortcut="Ctrl+Shift+B",
            tip="Stop browsing the completions and show your own board again",
            enabled="is_browsing",
        ),
    ),
)
