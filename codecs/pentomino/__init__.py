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

from typing import TYPE_CHECKING, Any

from ..game import later
from .model import (
    COLOR_NAMES,
    DISPLAY_COLORS,
    HAS_LINK,
    HOST,
    MAX_SIZE,
    MAX_SLUG,
    MIN_SIZE,
    NAME,
    OFFSETS,
    PIECES,
    SITE,
    SURFACES,
    TERRAIN,
    TITLE,
    WEB_HOST,
    Board,
    Piece,
    Placed,
    make_board,
    mirrored_left_right,
    mirrored_up_down,
    new_board,
    offsets,
    place,
    remove_at,
    requested_size,
    resized,
    rotated_left,
    rotated_right,
    square_name,
    taken_off,
    with_color,
    with_surface,
)
from .slug import (
    decode,
    encode,
    from_json,
    looks_like,
    orientation_char,
    share_url,
    slug_of,
    to_json,
)

if TYPE_CHECKING:
    from ..anatomy import Anatomy
    from .geometry import (
        BOTTOM,
        INTERSECTION,
        LEFT,
        OVERFLOW,
        RIGHT,
        SEAM_TEXT,
        SEAMS,
        TOP,
        TRANSFORMS,
        Item,
        Painting,
        items_in_order,
        map_cell,
        paint,
        placed_cells,
    )
    from .rules import conflict_cells, is_complete, problems
else:
    __getattr__, __dir__ = later(
        __name__,
        {
            "geometry": (
                "BOTTOM",
                "INTERSECTION",
                "LEFT",
                "OVERFLOW",
                "RIGHT",
                "SEAM_TEXT",
                "SEAMS",
                "TOP",
                "TRANSFORMS",
                "Item",
                "Painting",
                "items_in_order",
                "map_cell",
                "paint",
                "placed_cells",
            ),
            "rules": ("conflict_cells", "is_complete", "problems"),
        },
    )

__all__ = [
    "NAME",
    "TITLE",
    "HAS_LINK",
    "WEB_HOST",
    "SITE",
    "HOST",
    "PIECES",
    "TERRAIN",
    "SURFACES",
    "MIN_SIZE",
    "MAX_SIZE",
    "MAX_SLUG",
    "DISPLAY_COLORS",
    "OFFSETS",
    "offsets",
    "rotated_right",
    "rotated_left",
    "mirrored_left_right",
    "mirrored_up_down",
    "Piece",
    "Placed",
    "Board",
    "make_board",
    "new_board",
    "place",
    "remove_at",
    "with_surface",
    "resized",
    "requested_size",
    "taken_off",
    "with_color",
    "looks_like",
    "slug_of",
    "decode",
    "encode",
    "share_url",
    "to_json",
    "from_json",
    "orientation_char",
    "TRANSFORMS",
    "map_cell",
    "SEAMS",
    "SEAM_TEXT",
    "TOP",
    "BOTTOM",
    "LEFT",
    "RIGHT",
    "placed_cells",
    "Item",
    "items_in_order",
    "INTERSECTION",
    "OVERFLOW",
    "Painting",
    "paint",
    "problems",
    "conflict_cells",
    "is_complete",
    "info",
    "COLOR_NAMES",
    "square_name",
    "explain",
]


def explain(text: str) -> Anatomy:
    """What every character of a slug or link holds (see codecs/anatomy.py)."""
    from .anatomy import explain as explain_slug

    return explain_slug(text)


def info(board: Board) -> dict[str, Any]:
    from .geometry import SEAM_TEXT, paint
    from .rules import is_complete, problems

    p = paint(board)
    covered = sum(1 for c in p.count if c)
    return {
        "game": NAME,
        "surface": SURFACES[board.surface],
        "seams": SEAM_TEXT[board.surface],
        "size": f"{board.height}x{board.width}",
        "pieces": len(board.pieces),
        "terrain": len(board.terrain),
        "cells": board.cell_count,
        "covered": covered,
        "empty": board.cell_count - covered,
        "complete": is_complete(board, p),
        "problems": [x.to_json() for x in problems(board, p)],
    }
