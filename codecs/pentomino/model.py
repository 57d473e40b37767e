"""Pentomino board model: the pieces and their orientations, surfaces, the immutable Board
and the edits on it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Union

from ..errors import shown
from . import HAS_LINK as HAS_LINK  # the game's declaration
from . import NAME as NAME
from . import TITLE as TITLE
from . import WEB_HOST as WEB_HOST


class Kind(str, Enum):
    """What a problem of the game is about (`Problem.kind`), beside the kinds every game
    shares (`errors.ProblemKind`): the game's own, declared here and nowhere else."""

    OVERFLOW = "overflow"  # a piece runs off an edge that glues to nothing


SITE = "https://pentominoes.river.me/"
HOST = "pentominoes.river.me"

PIECES = "FILPNTUVWXYZ"
_PIECE_SET = frozenset(PIECES)
TERRAIN = "R"
SURFACES = {
    "R": "Rectangle",
    "C": "Cylinder",
    "S": "Sphere",
    "T": "Torus",
    "M": "Möbius strip",
    "P": "Projective plane",
    "K": "Klein bottle",
}
MIN_SIZE, MAX_SIZE = 1, 60
# No slug the web app writes for a 60x60 board comes near this; longer text is refused
# before any parsing work.
MAX_SLUG = 100_000

# The web app's default display colours, indexed by colour number.
DISPLAY_COLORS = (
    "#6d28d9",
    "#9d174d",
    "#1e40af",
    "#155e75",
    "#065f46",
    "#3f6212",
    "#ca8a04",
    "#d97706",
    "#9a3412",
    "#854d0e",
    "#a21caf",
    "#6b21a8",
)
# What a person calls each display colour (the slug stores the number).
COLOR_NAMES = (
    "violet",
    "raspberry",
    "blue",
    "teal",
    "emerald",
    "olive",
    "mustard",
    "amber",
    "rust",
    "brown",
    "magenta",
    "purple",
)

_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_VALUE = {ch: i for i, ch in enumerate(_DIGITS)}


def _char(value: int) -> str:
    return _DIGITS[value] if 0 <= value < 62 else "@"


# --- pieces and orientations -----------------------------------------------------------

_SHAPES = {
    "F": (".##", "#@.", ".#."),
    "I": ("#", "#", "@", "#", "#"),
    "L": ("#.", "#.", "@.", "##"),
    "P": ("##", "#@", "#."),
    "N": (".#", "@#", "#.", "#."),
    "T": ("#@#", ".#.", ".#."),
    "U": ("#.#", "#@#"),
    "V": ("#..", "#..", "@##"),
    "W": ("#..", "#@.", ".##"),
    "X": (".#.", "#@#", ".#."),
    "Y": ("#.", "@#", "#.", "#."),
    "Z": ("##.", ".@.", ".##"),
    "R": ("@",),
}


def _base_offsets(rows: tuple[str, ...]) -> list[tuple[int, int]]:
    anchor = next((r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == "@")
    return [(r - anchor[0], c - anchor[1]) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch in "#@"]


def _orient(cells: list[tuple[int, int]], rotation: int, reflected: bool) -> tuple[tuple[int, int], ...]:
    # Reflection flips top to bottom first; then clockwise quarter turns (x down, y right).
    if reflected:
        cells = [(-dx, dy) for dx, dy in cells]
    for _ in range(rotation % 4):
        cells = [(dy, -dx) for dx, dy in cells]
    return tuple(sorted(cells))


# OFFSETS[name][o] with o = rotation + 4 * reflection: the (drow, dcol) cells from the anchor.
OFFSETS: dict[str, tuple[tuple[tuple[int, int], ...], ...]] = {
    name: tuple(_orient(_base_offsets(rows), o % 4, o >= 4) for o in range(8)) for name, rows in _SHAPES.items()
}


def offsets(name: str, rotation: int, reflected: bool) -> tuple[tuple[int, int], ...]:
    return OFFSETS[name][rotation % 4 + 4 * bool(reflected)]


def rotated_right(rotation: int, reflected: bool) -> tuple[int, bool]:
    return (rotation + 1) % 4, reflected


def rotated_left(rotation: int, reflected: bool) -> tuple[int, bool]:
    return (rotation - 1) % 4, reflected


def mirrored_left_right(rotation: int, reflected: bool) -> tuple[int, bool]:
    """The web app's "mirror left-right": toggle reflection, rotation r -> 2 - r."""
    return (2 - rotation) % 4, not reflected


def mirrored_up_down(rotation: int, reflected: bool) -> tuple[int, bool]:
    """The web app's "mirror up-down": toggle reflection, rotation r -> -r."""
    return (-rotation) % 4, not reflected


# --- board model ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Piece:
    """A pentomino anchored at (row, col)."""

    name: str
    row: int
    col: int
    rotation: int = 0
    reflected: bool = False

    @property
    def orientation(self) -> int:
        return self.rotation + 4 * self.reflected


# What stands on an anchor cell: a piece, or TERRAIN.
Placed = Union["Piece", str]


@dataclass(frozen=True, slots=True)
class Board:
    """Surface, size, placed pieces and terrain (both row-major by anchor; one item per
    anchor cell) and the colour of each of the 12 names, in PIECES order. `notes` are
    remarks from decoding (an anchor set twice), not part of the board."""

    surface: str = "R"
    height: int = 8
    width: int = 8
    pieces: tuple[Piece, ...] = ()
    terrain: tuple[tuple[int, int], ...] = ()
    colors: tuple[int, ...] = (0,) * 12
    notes: tuple[str, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        problem = _model_error(self)
        if problem:
            raise ValueError(problem)

    def color_of(self, name: str) -> int:
        return self.colors[PIECES.index(name)] if name in _PIECE_SET else 0

    def item_at(self, row: int, col: int) -> Piece | tuple[int, int] | None:
        """The piece or terrain anchored at (row, col), if any."""
        for piece in self.pieces:
            if piece.row == row and piece.col == col:
                return piece
        return (row, col) if (row, col) in self.terrain else None

    @property
    def cell_count(self) -> int:
        return self.height * self.width


def _model_error(board: Board) -> str | None:
    if board.surface not in SURFACES:
        return f"unknown surface {shown(board.surface)}"
    for label, value in (("height", board.height), ("width", board.width)):
        if not isinstance(value, int) or not MIN_SIZE <= value <= MAX_SIZE:
            return f"{label} {shown(value)} is not {MIN_SIZE}-{MAX_SIZE}"
    if board.surface == "S" and board.height != board.width:
        return f"a sphere must be square, not {board.height}x{board.width}"
    if len(board.colors) != 12 or any(not isinstance(c, int) or not 0 <= c <= 11 for c in board.colors):
        return "colours are 12 numbers 0-11"
    anchors = []
    for piece in board.pieces:
        if piece.name not in _PIECE_SET or piece.rotation not in (0, 1, 2, 3) or not isinstance(piece.reflected, bool):
            return f"bad piece {shown(piece)}"
        anchors.append((piece.row, piece.col))
    anchors.extend(board.terrain)
    for row, col in anchors:
        if not (0 <= row < board.height and 0 <= col < board.width):
            return f"anchor ({row}, {col}) is off the {board.height}x{board.width} board"
    if len(set(anchors)) != len(anchors):
        return "two items share an anchor cell"
    if list(board.pieces) != sorted(board.pieces, key=lambda p: (p.row, p.col)) or list(board.terrain) != sorted(
        board.terrain
    ):
        return "pieces and terrain must be in row-major order"
    return None


def make_board(
    surface: str, height: int, width: int, items: dict[tuple[int, int], Placed], colors: Iterable[int]
) -> Board:
    """A board from {(row, col): Piece or TERRAIN}, putting items in row-major order."""
    pieces = tuple(item for k in sorted(items) if isinstance(item := items[k], Piece))
    terrain = tuple(k for k in sorted(items) if items[k] == TERRAIN)
    return Board(surface, height, width, pieces, terrain, tuple(colors))


# A colour of its own for each name, as the web app gives a board whose every colour is 0
# when "random colours by default" is on (here in a fixed order, so a new board's slug is
# the same every time).
DISTINCT_COLORS = tuple(range(12))


def with_distinct_colors(board: Board) -> Board:
    """`board` with a colour of its own for each piece when it says nothing of colours (no
    piece placed, every colour 0: an empty board's slug); a board with a piece or a colour
    keeps its own."""
    return replace(board, colors=DISTINCT_COLORS) if not board.pieces and not any(board.colors) else board


def new_board() -> Board:
    """The web app's board with no slug: 8x8 rectangle with terrain in the corners, each
    piece in a colour of its own."""
    return Board(terrain=((0, 0), (0, 7), (7, 0), (7, 7)), colors=DISTINCT_COLORS)


def _items(board: Board) -> dict[tuple[int, int], Placed]:
    items: dict[tuple[int, int], Placed] = {(p.row, p.col): p for p in board.pieces}
    for cell in board.terrain:
        items[cell] = TERRAIN
    return items


def place(board: Board, name: str, row: int, col: int, rotation: int = 0, reflected: bool = False) -> Board:
    """Anchor a piece (or terrain, name "R") at (row, col), replacing what was anchored there."""
    items = _items(board)
    items[(row, col)] = TERRAIN if name == TERRAIN else Piece(name, row, col, rotation % 4, bool(reflected))
    return make_board(board.surface, board.height, board.width, items, board.colors)


def remove_at(board: Board, row: int, col: int) -> Board:
    """The board without the item anchored at (row, col)."""
    items = _items(board)
    items.pop((row, col), None)
    return make_board(board.surface, board.height, board.width, items, board.colors)


def with_surface(board: Board, surface: str) -> Board:
    """Change the surface; a sphere is made square (the larger side), dropping nothing."""
    if surface == "S" and board.height != board.width:
        size = max(board.height, board.width)
        return resized(replace(board, surface="R"), size, size, surface="S")
    return replace(board, surface=surface)


def resized(board: Board, height: int, width: int, surface: str | None = None) -> Board:
    """Change the size; items anchored outside the new size are dropped."""
    surface = surface or board.surface
    if surface == "S":
        width = height
    items = {k: v for k, v in _items(board).items() if k[0] < height and k[1] < width}
    return make_board(surface, height, width, items, board.colors)


def requested_size(board: Board, height: int, width: int) -> tuple[int, int]:
    """The size a request for `height` x `width` gives: a sphere stays square, so on a
    sphere whichever side changed sets both."""
    if board.surface == "S":
        side = width if height == board.height else height
        return side, side
    return height, width


def taken_off(before: Board, after: Board) -> list[str]:
    """The items of `before` anchored outside `after`'s size (what a resize dropped), as words."""
    return [
        f"{p.name} at {square_name(p.row, p.col)}"
        for p in before.pieces
        if p.row >= after.height or p.col >= after.width
    ] + [f"terrain at {square_name(r, c)}" for r, c in before.terrain if r >= after.height or c >= after.width]


def square_name(row: int, col: int) -> str:
    """A cell as a person counts it, from 1: "row 4, column 5"."""
    return f"row {row + 1}, column {col + 1}"


def with_color(board: Board, name: str, color: int) -> Board:
    colors = list(board.colors)
    colors[PIECES.index(name)] = color
    return replace(board, colors=tuple(colors))
