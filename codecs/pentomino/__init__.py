"""Pentominoes on surfaces: the slugs of pentominoes.river.me (v3 and every legacy form),
the placement geometry of the seven surfaces, and the conflicts the web app paints.

Format and geometry: formats/pentomino.md. A board is H rows by W columns; a cell is
(row, col) = the format's (x, y). Each cell holds at most one anchored item: a pentomino
(name, rotation 0-3, reflection) or a terrain square. Colours (0-11) belong to names.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, NamedTuple, Union

from ..errors import FormatError, Problem, ProblemKind, Severity, SlugError, ValueRangeError
from ..links import locate_slug, located, percent_decode, strip_text

NAME = "pentomino"
TITLE = "Pentominoes"
HAS_LINK = True
WEB_HOST: str | None = "pentominoes.river.me"
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


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Board:
    """Surface, size, placed pieces and terrain (both row-major by anchor; one item per
    anchor cell) and the colour of each of the 12 names, in PIECES order."""

    surface: str = "R"
    height: int = 8
    width: int = 8
    pieces: tuple[Piece, ...] = ()
    terrain: tuple[tuple[int, int], ...] = ()
    colors: tuple[int, ...] = (0,) * 12
    # Remarks from decoding (an anchor set twice); not part of the board.
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
        return f"unknown surface {board.surface!r}"
    for label, value in (("height", board.height), ("width", board.width)):
        if not isinstance(value, int) or not MIN_SIZE <= value <= MAX_SIZE:
            return f"{label} {value!r} is not {MIN_SIZE}-{MAX_SIZE}"
    if board.surface == "S" and board.height != board.width:
        return f"a sphere must be square, not {board.height}x{board.width}"
    if len(board.colors) != 12 or any(not isinstance(c, int) or not 0 <= c <= 11 for c in board.colors):
        return "colours are 12 numbers 0-11"
    anchors = []
    for piece in board.pieces:
        if piece.name not in _PIECE_SET or piece.rotation not in (0, 1, 2, 3) or not isinstance(piece.reflected, bool):
            return f"bad piece {piece!r}"
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


def new_board() -> Board:
    """The web app's board with no slug: 8x8 rectangle with terrain in the corners."""
    return Board(terrain=((0, 0), (0, 7), (7, 0), (7, 7)))


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


def with_color(board: Board, name: str, color: int) -> Board:
    colors = list(board.colors)
    colors[PIECES.index(name)] = color
    return replace(board, colors=tuple(colors))


# --- reading -------------------------------------------------------------------------

_V3_SHAPE = re.compile(
    r"[RCSTMPK][1-9a-zA-Y][1-9a-zA-Y](?:[FILPNTUVWXYZfilpntuvwxyz][0-9A-Za-n][0-9a-zA-X]{2})*"
    r"(?:R[0-9a-zA-Z]*)?(?:_[0-9a-zA-Z]*)?"
)


def looks_like(text: str) -> bool:
    """The web app's host, or a complete, valid v3 slug. Legacy digit-first slugs are left
    to decode: they look too much like other games' numbers."""
    try:
        if not isinstance(text, str) or len(text) > MAX_SLUG:
            return False
        t = strip_text(text)
        if HOST in t.lower():
            return True
        if not _V3_SHAPE.fullmatch(t):
            return False
        _decode_v3(t)
        return True
    except SlugError:
        return False


def slug_of(text: str) -> str:
    """The slug inside a pasted text: the fragment after `#/` of a link, or the text."""
    if not isinstance(text, str):
        raise FormatError(NAME, f"expected text, got {type(text).__name__}")
    if len(text) > MAX_SLUG:
        raise FormatError(NAME, f"text is too long ({len(text)} characters)", MAX_SLUG)
    t = strip_text(text)
    if "#" in t:
        t = t.split("#", 1)[1]
        if t.startswith("/"):
            t = t[1:]
    elif "://" in t or t.lower().startswith(HOST):
        raise FormatError(NAME, "the link has no board after '#/'", len(t))
    try:
        t = percent_decode(t)
    except UnicodeDecodeError:
        raise FormatError(NAME, "bad percent escape in the link", t.find("%")) from None
    return t.strip()


def decode(text: str) -> Board:
    slug = slug_of(text)
    if not slug:
        raise FormatError(NAME, "the text is empty", 0)
    with located(locate_slug(text, slug)):
        return _decode_slug(slug)


def _decode_slug(slug: str) -> Board:
    first = slug[0]
    if first.isdigit() and first.isascii():
        return _decode_legacy(slug)
    if first in "(" and "\x01" in slug:
        return _decode_v0(slug)
    return _decode_v3(slug)


def _value(slug: str, i: int, what: str) -> int:
    if i >= len(slug):
        raise FormatError(NAME, f"slug ends where {what} is expected", i)
    v = _VALUE.get(slug[i], -1)
    if v < 0:
        raise FormatError(NAME, f"{slug[i]!r} is not a valid {what} character", i)
    return v


def _dimension(slug: str, i: int, what: str) -> int:
    v = _value(slug, i, what)
    if not MIN_SIZE <= v <= MAX_SIZE:
        raise ValueRangeError(NAME, f"{what} {v} is outside {MIN_SIZE}-{MAX_SIZE}", i)
    return v


def _coordinate(slug: str, i: int, limit: int, what: str) -> int:
    v = _value(slug, i, what)
    if v >= limit:
        raise ValueRangeError(NAME, f"{what} {v} is off the board (0-{limit - 1})", i)
    return v


def _orientation(ch: str, pos: int) -> tuple[int, bool, int]:
    """(rotation, reflected, low colour 0-5) of an orientation character."""
    if "0" <= ch <= "9":
        d = ord(ch) - 48
        return d % 4, d >= 4, 0
    if "A" <= ch <= "Z":
        k = ord(ch) - 65
    elif "a" <= ch <= "z":
        k = ord(ch) - 97 + 26
    else:
        raise FormatError(NAME, f"{ch!r} is not an orientation character", pos)
    low = k // 8 + 1
    if low > 5:
        raise ValueRangeError(NAME, f"orientation character {ch!r} names colour group {low}, above 5", pos)
    o = k % 8
    return o % 4, o >= 4, low


def _check_square(surface: str, height: int, width: int, pos: int) -> None:
    if surface == "S" and height != width:
        raise ValueRangeError(NAME, f"a sphere must be square, not {height}x{width}", pos)


class _Collector:
    """Items in slug order; a later item at the same anchor replaces the earlier one."""

    MAX_NOTES = 20

    def __init__(self) -> None:
        self.items: dict[tuple[int, int], Placed] = {}
        self.notes: list[str] = []
        self.repeats = 0

    def put(self, row: int, col: int, item: Placed) -> None:
        if (row, col) in self.items:
            self.repeats += 1
            if self.repeats <= self.MAX_NOTES:
                self.notes.append(f"cell ({row}, {col}) is set twice; the later item wins")
            del self.items[(row, col)]
        self.items[(row, col)] = item


def _decode_v3(slug: str) -> Board:
    surface = slug[0]
    if surface not in SURFACES:
        raise FormatError(NAME, f"unknown surface {surface!r} (expected one of {''.join(SURFACES)})", 0)
    height = _dimension(slug, 1, "height")
    width = _dimension(slug, 2, "width")
    _check_square(surface, height, width, 2)
    out = _Collector()
    piece_colors: list[tuple[str, int]] = []
    n = len(slug)
    i = 3
    color_start = None
    while i < n:
        ch = slug[i]
        if ch == "_":
            color_start = i
            break
        if ch == TERRAIN:
            i = _decode_terrain(slug, i + 1, height, width, out)
            if i < n:
                color_start = i
            break
        name = ch.upper()
        if name not in _PIECE_SET:
            raise FormatError(NAME, f"{ch!r} is not a piece letter", i)
        if i + 4 > n or "_" in slug[i + 1 : i + 4]:
            raise FormatError(NAME, f"piece {ch} is cut short: it needs an orientation and two coordinates", i)
        rotation, reflected, low = _orientation(slug[i + 1], i + 1)
        row = _coordinate(slug, i + 2, height, "row")
        col = _coordinate(slug, i + 3, width, "column")
        piece_colors.append((name, low + 6 * ch.islower()))
        out.put(row, col, Piece(name, row, col, rotation, reflected))
        i += 4
    colors = [0] * 12
    if color_start is not None:
        _decode_colors_v3(slug, color_start + 1, colors)
    for name, color in piece_colors:
        colors[PIECES.index(name)] = color
    return _finish(surface, height, width, out, colors)


def _finish(surface: str, height: int, width: int, out: _Collector, colors: Iterable[int]) -> Board:
    board = make_board(surface, height, width, out.items, colors)
    if out.repeats > out.MAX_NOTES:
        out.notes.append(f"… and {out.repeats - out.MAX_NOTES} more cells set more than once")
    return replace(board, notes=tuple(out.notes)) if out.notes else board


def _decode_terrain(slug: str, i: int, height: int, width: int, out: _Collector) -> int:
    """Read the terrain section from i; return the index of '_' or the end."""
    n = len(slug)
    end = slug.find("_", i)
    if end < 0:
        end = n
    mode = slug[i] if i < end and slug[i] in "YZ" else "plain"
    if mode != "plain":
        i += 1
    # Members of a Y group are rows at a fixed column; of a Z group, columns at a fixed row.
    # A count of 0 switches to pairs for the rest of the section.
    while mode != "plain" and i < end:
        count = _value(slug, i, "terrain count")
        if count == 0:
            i += 1
            break
        if i + 2 + count >= end:
            raise FormatError(NAME, f"terrain group of {count + 1} cells is cut short", i)
        if mode == "Z":
            row = _coordinate(slug, i + 1, height, "terrain row")
            for j in range(i + 2, i + 3 + count):
                out.put(row, _coordinate(slug, j, width, "terrain column"), TERRAIN)
        else:
            col = _coordinate(slug, i + 1, width, "terrain column")
            for j in range(i + 2, i + 3 + count):
                out.put(_coordinate(slug, j, height, "terrain row"), col, TERRAIN)
        i += 3 + count
    # Pairs: plain terrain, or the single cells after a '0' switch. In Y mode the web app's
    # encoder writes singles as (column, row); we read them that way (format section 6).
    # A list of odd length was never written by an encoder: it is read as the web app
    # reads it, (row, column), its last character ignored (the app drops a cell with no
    # column).
    if (end - i) % 2:
        _value(slug, end - 1, "terrain coordinate")  # ignored, but still a character of the format
        out.notes.append(f"terrain character {slug[end - 1]!r} at {end - 1} has no partner and is ignored")
        if mode == "Y":
            mode = "plain"
        pair_end = end - 1
    else:
        pair_end = end
    for j in range(i, pair_end, 2):
        if mode == "Y":
            col = _coordinate(slug, j, width, "terrain column")
            row = _coordinate(slug, j + 1, height, "terrain row")
        else:
            row = _coordinate(slug, j, height, "terrain row")
            col = _coordinate(slug, j + 1, width, "terrain column")
        out.put(row, col, TERRAIN)
    return end


def _decode_colors_v3(slug: str, i: int, colors: list[int]) -> None:
    groups: dict[int, list[tuple[str, int]]] = {}
    current = None
    for j in range(i, len(slug)):
        ch = slug[j]
        if "0" <= ch <= "9" or ch in "ab":
            current = _VALUE[ch]
            groups.setdefault(current, [])
        elif ch.upper() in _PIECE_SET and ch.isascii():
            if current is None:
                raise FormatError(NAME, f"colour name {ch!r} comes before any group digit", j)
            groups[current].append((ch, j))
        else:
            raise FormatError(NAME, f"{ch!r} is neither a colour group digit nor a piece letter", j)
    # The web app applies groups in ascending number, whatever their order in the slug.
    for number in sorted(groups):
        for ch, j in groups[number]:
            color = number + 6 * ch.islower()
            if color > 11:
                raise ValueRangeError(NAME, f"colour {color} of {ch.upper()} is above 11", j)
            colors[PIECES.index(ch.upper())] = color


# Legacy v1, v1.1, v1.5 and v2: one state machine (format section 4).


def _legacy_number(text: str, pos: int, what: str) -> int:
    if not text:
        return 0
    if len(text) > 3:
        raise ValueRangeError(NAME, f"{what} {text} is too large", pos)
    return int(text)


def _decode_legacy(slug: str) -> Board:
    n = len(slug)
    state = "H"  # H, W, O (orientation expected), C (coordinates), colors
    token = ""
    token_start = 0
    height_text = width_text = None
    pieces: list[dict[str, Any]] = []
    groups: dict[int, list[tuple[str, int]]] = {}
    current = None

    def commit_coords() -> None:
        piece = pieces[-1]
        piece["coords"] = token
        piece["coords_at"] = token_start

    for i, ch in enumerate(slug):
        is_digit = "0" <= ch <= "9"
        is_letter = ch.isascii() and ch.isalpha()
        is_sep = ch in "._"
        if state == "colors":
            if is_digit:
                current = int(ch)
                groups[current] = []  # a legacy digit clears its group
            elif is_letter:
                if ch.upper() not in _PIECE_SET:
                    raise FormatError(NAME, f"{ch!r} is not a piece letter", i)
                if current is None:
                    raise FormatError(NAME, f"colour name {ch!r} comes before any group digit", i)
                groups[current].append((ch.upper(), i))
            elif not is_sep:
                raise FormatError(NAME, f"unexpected character {ch!r} in the colour section", i)
            continue
        if state == "O":
            if is_digit or is_letter:
                rotation, reflected, low = _orientation(ch, i)
                pieces[-1].update(rotation=rotation, reflected=reflected, color=low)
                state, token, token_start = "C", "", i + 1
                continue
            raise FormatError(NAME, f"piece {pieces[-1]['name']} has no orientation", i)
        if is_digit:
            if not token:
                token_start = i
            elif len(token) > 8:
                raise ValueRangeError(NAME, f"number {token}… is too long for any board", token_start)
            token += ch
            continue
        if is_letter:
            if state == "H":
                raise FormatError(NAME, "the size needs a separator between height and width", i)
            if state == "W":
                width_text, width_at = token, token_start
            else:
                commit_coords()
            name = ch.upper()
            if name not in _PIECE_SET and name != TERRAIN:
                raise FormatError(NAME, f"{ch!r} is not a piece letter", i)
            pieces.append({"name": name, "upper": ch.isupper(), "at": i, "sep": False})
            state = "O"
            continue
        if is_sep:
            if state == "H":
                height_text, height_at = token, token_start
                state, token, token_start = "W", "", i + 1
                continue
            if state == "C":
                piece = pieces[-1]
                if not piece["sep"] and piece["upper"] and len(token) <= 2:
                    piece["sep"] = True
                    token += ch
                    continue
                commit_coords()
            else:
                width_text, width_at = token, token_start
            state, current = "colors", None
            continue
        raise FormatError(NAME, f"unexpected character {ch!r}", i)
    if state == "H":
        raise FormatError(NAME, "the size needs a separator between height and width", n)
    if state == "O":
        raise FormatError(NAME, f"piece {pieces[-1]['name']} has no orientation", n)
    if state == "W":
        width_text, width_at = token, token_start
    elif state == "C":
        commit_coords()

    height = _legacy_dimension(height_text, height_at, "height")
    width = _legacy_dimension(width_text, width_at, "width")
    out = _Collector()
    colors = [0] * 12
    for number in sorted(groups):
        for name, j in groups[number]:
            if number > 11:
                raise ValueRangeError(NAME, f"colour {number} is above 11", j)
            colors[PIECES.index(name)] = number
    for piece in pieces:
        coords, at = piece["coords"], piece["coords_at"]
        if "." in coords or "_" in coords:
            x_text, y_text = re.split(r"[._]", coords, maxsplit=1)
        else:
            split = 2 if piece["upper"] else 1
            x_text, y_text = coords[:split], coords[split:]
        row = _legacy_number(x_text, at, "row")
        col = _legacy_number(y_text, at, "column")
        if row >= height or col >= width:
            raise ValueRangeError(
                NAME, f"piece {piece['name']} at ({row}, {col}) is off the {height}x{width} board", at
            )
        if piece["name"] == TERRAIN:
            out.put(row, col, TERRAIN)
        else:
            out.put(row, col, Piece(piece["name"], row, col, piece["rotation"], piece["reflected"]))
            colors[PIECES.index(piece["name"])] = piece["color"]
    return _finish("R", height, width, out, colors)


def _legacy_dimension(text: str | None, at: int, what: str) -> int:
    if not text:
        raise FormatError(NAME, f"the {what} is missing", at)
    value = _legacy_number(text, at, what)
    if not MIN_SIZE <= value <= MAX_SIZE:
        raise ValueRangeError(NAME, f"{what} {value} is outside {MIN_SIZE}-{MAX_SIZE}", at)
    return value


# v0 (JSONCrush, one day in September 2023).

_CRUSH_SWAPS = (('"', "'"), ("':", "!"), (",'", "~"), ("}", ")"), ("{", "("))
_MAX_UNCRUSHED = 200_000
# JSONCrush draws its keys from a fixed set of about a hundred characters.
_MAX_CRUSH_KEYS = 256


def _swap(a: str, b: str, match: re.Match[str]) -> str:
    return b if match.group() == a else a


def _decode_v0(slug: str) -> Board:
    text = slug[:-1] if slug.endswith("_") else slug
    crushed, _, keys = text.partition("\x01")
    if len(keys) > _MAX_CRUSH_KEYS:
        raise FormatError(
            NAME, f"JSONCrush key list of {len(keys)} characters is longer than any board needs", len(crushed) + 1
        )
    for key in keys:
        parts = crushed.split(key)
        last = parts.pop()
        # A hostile key list can double the text at every step: check before joining.
        size = sum(map(len, parts)) + max(len(parts) - 1, 0) * len(last)
        if size > _MAX_UNCRUSHED:
            raise FormatError(NAME, "JSONCrush text expands beyond any board", 0)
        crushed = last.join(parts)
    for a, b in reversed(_CRUSH_SWAPS):
        crushed = re.sub(f"{re.escape(a)}|{re.escape(b)}", partial(_swap, a, b), crushed)
    try:
        obj = json.loads(crushed)
    except (ValueError, RecursionError):
        raise FormatError(NAME, "v0 (JSONCrush) slug does not unpack to a board", 0) from None
    try:
        height = int(obj["h"] if "h" in obj else obj["x"])
        width = int(obj["w"] if "w" in obj else obj["y"])
        if not (MIN_SIZE <= height <= MAX_SIZE and MIN_SIZE <= width <= MAX_SIZE):
            raise ValueRangeError(NAME, f"size {height}x{width} is outside {MIN_SIZE}-{MAX_SIZE}", 0)
        out = _Collector()
        for entry in obj["g"]:
            name = str(entry["p"])
            name = TERRAIN if name == "Terrain" else name
            row, col = int(entry["x"]), int(entry["y"])
            if not (0 <= row < height and 0 <= col < width):
                raise ValueRangeError(NAME, f"piece {name} at ({row}, {col}) is off the board", 0)
            if name == TERRAIN:
                out.put(row, col, TERRAIN)
            elif name in _PIECE_SET:
                out.put(row, col, Piece(name, row, col, int(entry.get("o", 0)) % 4, bool(int(entry.get("e", 0)))))
            else:
                raise FormatError(NAME, f"{name!r} is not a piece name", 0)
    except SlugError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, OverflowError):
        raise FormatError(NAME, "v0 (JSONCrush) slug does not hold a board", 0) from None
    return _finish("R", height, width, out, [0] * 12)


# --- writing -------------------------------------------------------------------------


def _orientation_char(o: int, color: int) -> str:
    low = color if color < 6 else color - 6
    if low == 0:
        return str(o)
    k = 8 * (low - 1) + o
    return chr(65 + k) if k < 26 else chr(97 + k - 26)


def _terrain_text(cells: tuple[tuple[int, int], ...]) -> str:
    pairs = [(_char(r), _char(c)) for r, c in cells]  # row-major already
    plain = "R" + "".join(a + b for a, b in pairs)
    best = plain
    for mode in "YZ":
        groups: dict[str, list[str]] = {}
        for row, col in pairs:
            key, member = (col, row) if mode == "Y" else (row, col)
            groups.setdefault(key, []).append(member)
        # JavaScript object-property order: digit keys ascending, then letters as first seen.
        order = sorted(k for k in groups if k.isdigit()) + [k for k in groups if not k.isdigit()]
        text = ["R", mode]
        singles = []
        for key in order:
            members = groups[key]
            if len(members) == 1:
                singles.append(key + members[0])
            else:
                text.append(_char(len(members) - 1) + key + "".join(members))
        if singles:
            text.append("0" + "".join(singles))
        candidate = "".join(text)
        if len(candidate) < len(best):
            best = candidate
    return best


def encode(board: Board) -> str:
    """The v3 slug exactly as the web app writes it."""
    out = [board.surface, _char(board.height), _char(board.width)]
    for p in board.pieces:
        color = board.color_of(p.name)
        out.append(
            (p.name if color < 6 else p.name.lower())
            + _orientation_char(p.orientation, color)
            + _char(p.row)
            + _char(p.col)
        )
    if board.terrain:
        out.append(_terrain_text(board.terrain))
    placed = {p.name for p in board.pieces}
    groups: dict[int, str] = {}
    for name, color in zip(PIECES, board.colors):
        if color and name not in placed:
            groups[color % 6] = groups.get(color % 6, "") + (name if color < 6 else name.lower())
    if groups:
        out.append("_" + "".join(f"{g}{groups[g]}" for g in sorted(groups)))
    return "".join(out)


def share_url(board: Board) -> str:
    return f"{SITE}#/{encode(board)}"


def to_json(board: Board) -> dict[str, Any]:
    return {
        "game": NAME,
        "surface": board.surface,
        "height": board.height,
        "width": board.width,
        "pieces": [
            {"name": p.name, "row": p.row, "col": p.col, "rotation": p.rotation, "reflected": p.reflected}
            for p in board.pieces
        ],
        "terrain": [[r, c] for r, c in board.terrain],
        "colors": dict(zip(PIECES, board.colors)),
    }


def _piece_at(name: str, rotation: int, reflected: bool, row: int, col: int) -> Piece:
    return Piece(name, row, col, rotation, reflected)


def _json_int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise FormatError(NAME, f"{what} must be a whole number, not {value!r}")
    return value


def from_json(obj: dict[str, Any]) -> Board:
    if not isinstance(obj, dict):
        raise FormatError(NAME, "board JSON must be an object")
    surface = obj.get("surface", "R")
    if not isinstance(surface, str) or surface not in SURFACES:
        raise FormatError(NAME, f"unknown surface {surface!r}")
    height = _json_int(obj.get("height"), "height")
    width = _json_int(obj.get("width"), "width")
    for what, value in (("height", height), ("width", width)):
        if not MIN_SIZE <= value <= MAX_SIZE:
            raise ValueRangeError(NAME, f"{what} {value} is outside {MIN_SIZE}-{MAX_SIZE}")
    if surface == "S" and height != width:
        raise ValueRangeError(NAME, f"a sphere must be square, not {height}x{width}")
    items: dict[tuple[int, int], Placed] = {}

    def put(row: object, col: object, item: Callable[[int, int], Placed], what: str) -> None:
        row, col = _json_int(row, f"{what} row"), _json_int(col, f"{what} column")
        if not (0 <= row < height and 0 <= col < width):
            raise ValueRangeError(NAME, f"{what} at ({row}, {col}) is off the {height}x{width} board")
        if (row, col) in items:
            raise FormatError(NAME, f"two items are anchored at ({row}, {col})")
        items[(row, col)] = item(row, col)

    pieces = obj.get("pieces", [])
    terrain = obj.get("terrain", [])
    if not isinstance(pieces, list) or not isinstance(terrain, list):
        raise FormatError(NAME, '"pieces" and "terrain" must be lists')
    for entry in pieces:
        if not isinstance(entry, dict) or entry.get("name") not in tuple(PIECES):
            raise FormatError(NAME, f"bad piece {entry!r}")
        rotation = _json_int(entry.get("rotation", 0), "rotation")
        reflected = entry.get("reflected", False)
        if rotation not in (0, 1, 2, 3) or not isinstance(reflected, bool):
            raise ValueRangeError(NAME, f"bad orientation in {entry!r}")
        put(
            entry.get("row"),
            entry.get("col"),
            partial(_piece_at, entry["name"], rotation, reflected),
            f"piece {entry['name']}",
        )
    for cell in terrain:
        if not isinstance(cell, (list, tuple)) or len(cell) != 2:
            raise FormatError(NAME, f"bad terrain cell {cell!r}")
        put(cell[0], cell[1], lambda r, c: TERRAIN, "terrain")
    raw_colors = obj.get("colors", {})
    if not isinstance(raw_colors, dict) or set(raw_colors) - set(PIECES):
        raise FormatError(NAME, '"colors" must map piece names to 0-11')
    colors = []
    for name in PIECES:
        c = _json_int(raw_colors.get(name, 0), f"colour of {name}")
        if not 0 <= c <= 11:
            raise ValueRangeError(NAME, f"colour {c} of {name} is not 0-11")
        colors.append(c)
    return make_board(surface, height, width, items, colors)


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


_OUTLINE_BITS: dict[tuple[int, tuple[tuple[int, int], ...]], int] = {}


def _sides_bits(transform: int, steps: tuple[tuple[int, int], ...]) -> int:
    key = (transform, steps)
    bits = _OUTLINE_BITS.get(key)
    if bits is None:
        t = TRANSFORMS[transform]
        bits = 0
        for s in steps:
            bits |= _SIDE[t(*s)]
        _OUTLINE_BITS[key] = bits
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


@dataclass(frozen=True)
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


def _label(item: Item) -> str:
    return f"{'terrain' if item.is_terrain else item.name} at {square_name(item.row, item.col)}"


def square_name(row: int, col: int) -> str:
    """A cell as a person counts it, from 1: "row 4, column 5"."""
    return f"row {row + 1}, column {col + 1}"


def problems(board: Board, painting: Painting | None = None) -> list[Problem]:
    """Pieces that overlap (one problem per pair of items, with the shared cells) and pieces
    that run off the board (with the edge cells where the web app marks them), then
    decoding remarks as warnings."""
    p = painting or paint(board)
    found = []
    pairs: dict[tuple[int, ...], list[tuple[int, int]]] = {}
    for cell, owners in p.overlaps.items():
        pairs.setdefault(tuple(owners), []).append(cell)
    for owners, cells in sorted(pairs.items(), key=lambda kv: min(kv[1])):
        names = [_label(p.items[i]) for i in owners]
        # One item can cover a cell twice when a seam brings it back onto itself.
        text = f"{names[0]} overlaps itself" if len(names) == 1 else f"{' and '.join(names)} overlap"
        found.append(Problem(text, tuple(sorted(cells)), Severity.ERROR, ProblemKind.OVERLAP))
    for index, edge in sorted(p.overflow.items()):
        found.append(
            Problem(
                f"{_label(p.items[index])} runs off the {SURFACES[board.surface].lower()}",
                tuple(sorted(edge)),
                Severity.ERROR,
                ProblemKind.OVERFLOW,
            )
        )
    found.extend(Problem(note, (), Severity.WARNING, ProblemKind.DECODE) for note in board.notes)
    return found


def conflict_cells(board: Board) -> frozenset[tuple[int, int]]:
    """The cells the web app paints red."""
    return paint(board).red


def is_complete(board: Board, painting: Painting | None = None) -> bool:
    """Every cell covered exactly once and nothing runs off or overlaps."""
    p = painting or paint(board)
    return not p.overflow and not p.overlaps and all(c == 1 for c in p.count)


def info(board: Board) -> dict[str, Any]:
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
