"""Where pieces land on the seven surfaces (the seams) and how the web app paints a board."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from .model import OFFSETS, TERRAIN, Board

# --- geometry ------------------------------------------------------------------------

# Local orientation of a mapped cell relative to the raw plane: how a step (drow, dcol)
# on the piece shows on the board after crossing the seams. Used to draw outlines.
TRANSFORMS: tuple[Callable[[int, int], tuple[int, int]], ...] = (
    lambda dx, dy: (dx, dy),
    lambda dx, dy: (-dx, dy),
    lambda dx, dy: (dx, -dy),
    lambda dx, dy: (-dx, -dy),
    lambda dx, dy: (-dy, dx),
    lambda dx, dy: (dy, -dx),
)


def _wrap(c: int, n: int) -> int:
    return c - n if c >= n else c + n if c < 0 else c


def map_cell(surface: str, height: int, width: int, rx: int, ry: int) -> tuple[int, int, int]:
    """Where the raw cell (rx, ry) lands on the surface: (row, col, transform). The cell
    may still be off the board (overflow); transform indexes TRANSFORMS."""
    x_out = not 0 <= rx < height
    y_out = not 0 <= ry < width
    if not (x_out or y_out) or surface == "R":
        return rx, ry, 0
    if surface == "C":
        return rx, _wrap(ry, width), 0
    if surface == "T":
        return _wrap(rx, height), _wrap(ry, width), 0
    if surface == "K":
        x = _wrap(rx, height)
        return (height - 1 - x, _wrap(ry, width), 1) if y_out else (x, ry, 0)
    if surface == "M":
        if x_out:
            return rx, _wrap(ry, width), 0
        return height - 1 - rx, _wrap(ry, width), 1
    if surface == "P":
        x = _wrap(rx, height)
        y = _wrap(ry, width)
        if y_out:
            x = height - 1 - x
        if x_out:
            y = width - 1 - y
        return x, y, (1 if y_out else 0) + (2 if x_out else 0)
    if surface == "S":
        n = height
        if x_out and y_out:
            # Past a corner the web app turns the outline for both seams, and the two
            # quarter turns cancel: the cell's outline is drawn as on the plane.
            return n - 1 - _wrap(ry, n), n - 1 - _wrap(rx, n), 0
        if x_out:
            return n - 1 - _wrap(ry, n), _wrap(rx, n), 4
        return _wrap(ry, n), n - 1 - _wrap(rx, n), 5
    raise ValueError(f"unknown surface {surface!r}")


# Which edges meet on each surface: edge -> (pair 0/1, arrow direction). Arrows on the two
# edges of a pair point the same way along the seam when the edges meet as drawn; +1 runs
# right (top/bottom edges) or down (left/right edges). Edges not listed are walls.
# These follow map_cell; tests check each arrow against it.
SEAMS = {
    "R": {},
    "C": {"left": (0, 1), "right": (0, 1)},
    "T": {"left": (0, 1), "right": (0, 1), "top": (1, 1), "bottom": (1, 1)},
    "K": {"left": (0, -1), "right": (0, 1), "top": (1, 1), "bottom": (1, 1)},
    "M": {"left": (0, -1), "right": (0, 1)},
    "P": {"left": (0, -1), "right": (0, 1), "top": (1, -1), "bottom": (1, 1)},
    "S": {"top": (0, 1), "right": (0, -1), "bottom": (1, 1), "left": (1, -1)},
}
SEAM_TEXT = {
    "R": "edges are walls",
    "C": "left and right edges meet",
    "T": "left meets right, top meets bottom",
    "K": "left meets right flipped, top meets bottom",
    "M": "left meets right flipped; top and bottom are walls",
    "P": "left meets right flipped, top meets bottom flipped",
    "S": "top meets right, bottom meets left",
}


# Border bits of a painted cell: the sides on which the piece's outline runs.
TOP, BOTTOM, LEFT, RIGHT = 1, 2, 4, 8
_SIDE = {(-1, 0): TOP, (1, 0): BOTTOM, (0, -1): LEFT, (0, 1): RIGHT}


def _outline(cells: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int, tuple[tuple[int, int], ...]], ...]:
    """For each offset cell, the outward steps (sides with no piece cell beyond)."""
    own = set(cells)
    return tuple((dx, dy, tuple(s for s in _SIDE if (dx + s[0], dy + s[1]) not in own)) for dx, dy in cells)


@cache
def _sides_bits(transform: int, steps: tuple[tuple[int, int], ...]) -> int:
    """The border bits of a cell's outward `steps` under `transform` (128 of
    them at most, each worked out once)."""
    t = TRANSFORMS[transform]
    bits = 0
    for s in steps:
        bits |= _SIDE[t(*s)]
    return bits


# Per name and orientation: (drow, dcol, outward steps, border bits when no seam is crossed).
_OUTLINES = {
    name: tuple(tuple((dx, dy, steps, _sides_bits(0, steps)) for dx, dy, steps in _outline(o)) for o in table)
    for name, table in OFFSETS.items()
}


def placed_cells(
    surface: str, height: int, width: int, name: str, row: int, col: int, rotation: int = 0, reflected: bool = False
) -> tuple[list[tuple[int, int, int]], list[tuple[int, int]]]:
    """The cells a piece anchored at (row, col) paints: ([(row, col, border bits)] on the
    board, [edge cells where it runs off]) in the piece's own cell order."""
    on, off = [], []
    for dx, dy, steps, plain_bits in _OUTLINES[name][rotation % 4 + 4 * bool(reflected)]:
        rx, ry = row + dx, col + dy
        if 0 <= rx < height and 0 <= ry < width:
            on.append((rx, ry, plain_bits))
            continue
        x, y, t = map_cell(surface, height, width, rx, ry)
        if 0 <= x < height and 0 <= y < width:
            on.append((x, y, _sides_bits(t, steps)))
        else:
            off.append((min(max(x, 0), height - 1), min(max(y, 0), width - 1)))
    return on, off


class Item(NamedTuple):
    """One anchored item in paint order: a piece, or terrain (name "R")."""

    name: str
    row: int
    col: int
    rotation: int = 0
    reflected: bool = False

    @property
    def is_terrain(self) -> bool:
        return self.name == TERRAIN


def items_in_order(board: Board) -> list[Item]:
    items = [Item(p.name, p.row, p.col, p.rotation, p.reflected) for p in board.pieces]
    if board.terrain:
        items.extend(Item(TERRAIN, r, c) for r, c in board.terrain)
        items.sort(key=lambda it: (it.row, it.col))
    return items


INTERSECTION, OVERFLOW = "intersection", "overflow"


@dataclass(frozen=True, slots=True)
class Painting:
    """The board as the web app paints it. Grids are row-major lists of H*W entries:
    `owner` is the index in `items` of the cell's last painter (-1 empty), `borders` the
    outline bits of every item that covers it (the web app only ever sets a cell's border
    flags, so a cell covered twice shows both outlines), `count` how many items cover it. `red` holds the cells
    the web app shows as conflicts; `overflow` maps an item index to the edge cells where
    it runs off; `overlaps` maps a cell covered more than once to its items in paint order."""

    height: int
    width: int
    items: tuple[Item, ...]
    owner: tuple[int, ...]
    borders: tuple[int, ...]
    count: tuple[int, ...]
    red: frozenset[tuple[int, int]]
    overflow: dict[int, tuple[tuple[int, int], ...]]
    overlaps: dict[tuple[int, int], tuple[int, ...]]


def paint(board: Board) -> Painting:
    h, w, surface = board.height, board.width, board.surface
    items = items_in_order(board)
    size = h * w
    owner = [-1] * size
    borders = [0] * size
    count = [0] * size
    conflict: dict[int, tuple[str, int]] = {}  # cell -> (kind, item named); the last one wins
    overflow: dict[int, list[tuple[int, int]]] = {}
    overlaps: dict[int, list[int]] = {}
    outlines = _OUTLINES
    for index, (name, row, col, rotation, reflected) in enumerate(items):
        for dx, dy, steps, bits in outlines[name][rotation + 4 * reflected]:
            x = row + dx
            y = col + dy
            if not (0 <= x < h and 0 <= y < w):
                x, y, t = map_cell(surface, h, w, x, y)
                if not (0 <= x < h and 0 <= y < w):
                    edge_cell = (min(max(x, 0), h - 1), min(max(y, 0), w - 1))
                    conflict[edge_cell[0] * w + edge_cell[1]] = (OVERFLOW, index)
                    edge = overflow.setdefault(index, [])
                    if edge_cell not in edge:
                        edge.append(edge_cell)
                    continue
                bits = _sides_bits(t, steps)
            cell = x * w + y
            previous = owner[cell]
            if previous >= 0:
                conflict[cell] = (INTERSECTION, previous)
                stack = overlaps.setdefault(cell, [previous])
                if stack[-1] != index:
                    stack.append(index)
            owner[cell] = index
            borders[cell] |= bits
            count[cell] += 1
    # The web app's conflict holds a piece *name*, and a cell is red when that name is the
    # occupant's name: an overflow of one copy of F marks a cell held by another F too.
    red = frozenset(
        divmod(cell, w)
        for cell, (kind, named) in conflict.items()
        if owner[cell] >= 0 and (kind == INTERSECTION or items[named].name == items[owner[cell]].name)
    )
    return Painting(
        h,
        w,
        tuple(items),
        tuple(owner),
        tuple(borders),
        tuple(count),
        red,
        {k: tuple(v) for k, v in overflow.items()},
        {divmod(k, w): tuple(v) for k, v in overlaps.items()},
    )
