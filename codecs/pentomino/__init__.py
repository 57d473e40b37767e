"""Pentominoes on surfaces: the slugs of pentominoes.river.me (v3 and every legacy form),
the placement geometry of the seven surfaces, and the conflicts the web app paints.

Format and geometry: formats/pentomino.md. A board is H rows by W columns; a cell is
(row, col) = the format's (x, y). Each cell holds at most one anchored item: a pentomino
(name, rotation 0-3, reflection) or a terrain square. Colours (0-11) belong to names.

model     pieces, orientations, surfaces and the Board with its edits
slug      reading and writing slugs and JSON
geometry  where pieces land across the seams; the painting
rules     overlaps, overflow and completeness
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game import Command, later

NAME = "pentomino"
TITLE = "Pentominoes"
HAS_LINK = True
WEB_HOST: str | None = "pentominoes.river.me"
DETECTION_RANK = 1
ANATOMY_FIELDS = {
    "piece": "a piece",
    "terrain": "the board's shape",
    "colour": "whose turn or colour",
    "dictionary": "the key list of a packed text",
}

COMMANDS = (
    Command("solve", "pentomino: print the slug of the board completed (--nth K: the K-th completion; --all: each)", ".commands:solve", ".commands:solve_options", long=True),
    Command("count", "pentomino: count the ways to complete the board", ".commands:count", ".commands:count_options", long=True),
    Command("generate-pentomino", "pentomino: a board whose completion is unique", ".commands:generate_pentomino", ".commands:generate_pentomino_options", takes_board=False, long=True),
)  # fmt: skip

if TYPE_CHECKING:
    # fmt: off
    from .anatomy import explain
    from .facts import info
    from .geometry import (
        BOTTOM, INTERSECTION, LEFT, OVERFLOW, RIGHT, SEAM_TEXT, SEAMS, TOP, TRANSFORMS, Item, Painting,
        items_in_order, map_cell, paint, placed_cells
    )
    from .model import (
        COLOR_NAMES, DISPLAY_COLORS, DISTINCT_COLORS, HOST, MAX_SIZE, MAX_SLUG, MIN_SIZE, OFFSETS, PIECES, SITE, SURFACES, TERRAIN,
        Board, Piece, Placed, make_board, mirrored_left_right, mirrored_up_down, new_board, offsets, place, remove_at,
        requested_size, resized, rotated_left, rotated_right, square_name, taken_off, with_color, with_distinct_colors,
        with_surface
    )
    from .rules import conflict_cells, is_complete, problems
    from .slug import decode, encode, from_json, looks_like, orientation_char, share_url, slug_of, to_json
    # fmt: on
else:
    __getattr__, __dir__ = later(
        __name__,
        {
            "anatomy": ("explain",),
            "facts": ("info",),
            "model": ("COLOR_NAMES", "DISPLAY_COLORS", "DISTINCT_COLORS", "HOST", "MAX_SIZE", "MAX_SLUG", "MIN_SIZE", "OFFSETS", "PIECES", "SITE", "SURFACES", "TERRAIN", "Board", "Piece", "Placed", "make_board", "mirrored_left_right", "mirrored_up_down", "new_board", "offsets", "place", "remove_at", "requested_size", "resized", "rotated_left", "rotated_right", "square_name", "taken_off", "with_color", "with_distinct_colors", "with_surface",),
            "slug": ("decode", "encode", "from_json", "looks_like", "orientation_char", "share_url", "slug_of", "to_json",),
            "geometry": ("BOTTOM", "INTERSECTION", "LEFT", "OVERFLOW", "RIGHT", "SEAM_TEXT", "SEAMS", "TOP", "TRANSFORMS", "Item", "Painting", "items_in_order", "map_cell", "paint", "placed_cells",),
            "rules": ("conflict_cells", "is_complete", "problems",),
        },
    )  # fmt: skip
