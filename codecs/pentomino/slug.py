"""Reading the slugs of pentominoes.river.me (v3 and the legacy forms) and writing v3 slugs
and JSON."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import partial
from typing import Any

from ..errors import FormatError, SlugError, TooLongError, ValueRangeError, shown
from ..links import located_in, percent_decode, strip_text
from .model import (
    _PIECE_SET,
    _VALUE,
    HOST,
    MAX_SIZE,
    MAX_SLUG,
    MIN_SIZE,
    NAME,
    PIECES,
    SITE,
    SURFACES,
    TERRAIN,
    Board,
    Piece,
    Placed,
    _char,
    make_board,
)

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
        raise TooLongError(NAME, f"text is too long ({len(text):,} characters)", MAX_SLUG)
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
        if "#" in text:  # a link that ends at its '#/'
            raise FormatError(NAME, "the link has no board after '#/'", len(text.rstrip()))
        raise FormatError(NAME, "the text is empty", 0)
    with located_in(text, slug):
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
        raise ValueRangeError(NAME, f"{what} {shown(v)} is outside {MIN_SIZE}-{MAX_SIZE}", i)
    return v


def _coordinate(slug: str, i: int, limit: int, what: str) -> int:
    v = _value(slug, i, what)
    if v >= limit:
        raise ValueRangeError(NAME, f"{what} {shown(v)} is off the board (0-{limit - 1})", i)
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
        raise FormatError(NAME, f"unknown surface {shown(surface)} (expected one of {''.join(SURFACES)})", 0)
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
        raise ValueRangeError(NAME, f"{what} {shown(text)} is too large", pos)
    return int(text)


class _LegacyScan:
    """The legacy state machine, one character at a time: the size, then the pieces (a
    letter, its orientation, its coordinates), then the colour groups."""

    def __init__(self) -> None:
        self.state = "H"  # H, W, O (orientation expected), C (coordinates), colors
        self.token = ""
        self.token_start = 0
        self.height_text: str | None = None
        self.width_text: str | None = None
        self.height_at = self.width_at = 0
        self.pieces: list[dict[str, Any]] = []
        self.groups: dict[int, list[tuple[str, int]]] = {}
        self.current: int | None = None

    def read(self, slug: str) -> None:
        for i, ch in enumerate(slug):
            is_digit = "0" <= ch <= "9"
            is_letter = ch.isascii() and ch.isalpha()
            if self.state == "colors":
                self._colour(ch, i, is_digit, is_letter)
            elif self.state == "O":
                self._orientation(ch, i, is_digit or is_letter)
            elif is_digit:
                self._digit(ch, i)
            elif is_letter:
                self._letter(ch, i)
            elif ch in "._":
                self._separator(ch, i)
            else:
                raise FormatError(NAME, f"unexpected character {ch!r}", i)
        self._end(len(slug))

    def _commit_coords(self) -> None:
        piece = self.pieces[-1]
        piece["coords"] = self.token
        piece["coords_at"] = self.token_start

    def _colour(self, ch: str, i: int, is_digit: bool, is_letter: bool) -> None:
        if is_digit:
            self.current = int(ch)
            self.groups[self.current] = []  # a legacy digit clears its group
        elif is_letter:
            if ch.upper() not in _PIECE_SET:
                raise FormatError(NAME, f"{ch!r} is not a piece letter", i)
            if self.current is None:
                raise FormatError(NAME, f"colour name {ch!r} comes before any group digit", i)
            self.groups[self.current].append((ch.upper(), i))
        elif ch not in "._":
            raise FormatError(NAME, f"unexpected character {ch!r} in the colour section", i)

    def _orientation(self, ch: str, i: int, is_alnum: bool) -> None:
        if not is_alnum:
            raise FormatError(NAME, f"piece {self.pieces[-1]['name']} has no orientation", i)
        rotation, reflected, low = _orientation(ch, i)
        self.pieces[-1].update(rotation=rotation, reflected=reflected, color=low)
        self.state, self.token, self.token_start = "C", "", i + 1

    def _digit(self, ch: str, i: int) -> None:
        if not self.token:
            self.token_start = i
        elif len(self.token) > 8:
            raise ValueRangeError(NAME, f"number {self.token}… is too long for any board", self.token_start)
        self.token += ch

    def _letter(self, ch: str, i: int) -> None:
        if self.state == "H":
            raise FormatError(NAME, "the size needs a separator between height and width", i)
        if self.state == "W":
            self.width_text, self.width_at = self.token, self.token_start
        else:
            self._commit_coords()
        name = ch.upper()
        if name not in _PIECE_SET and name != TERRAIN:
            raise FormatError(NAME, f"{ch!r} is not a piece letter", i)
        self.pieces.append({"name": name, "upper": ch.isupper(), "at": i, "sep": False})
        self.state = "O"

    def _separator(self, ch: str, i: int) -> None:
        if self.state == "H":
            self.height_text, self.height_at = self.token, self.token_start
            self.state, self.token, self.token_start = "W", "", i + 1
            return
        if self.state == "C":
            piece = self.pieces[-1]
            if not piece["sep"] and piece["upper"] and len(self.token) <= 2:
                piece["sep"] = True
                self.token += ch
                return
            self._commit_coords()
        else:
            self.width_text, self.width_at = self.token, self.token_start
        self.state, self.current = "colors", None

    def _end(self, n: int) -> None:
        if self.state == "H":
            raise FormatError(NAME, "the size needs a separator between height and width", n)
        if self.state == "O":
            raise FormatError(NAME, f"piece {self.pieces[-1]['name']} has no orientation", n)
        if self.state == "W":
            self.width_text, self.width_at = self.token, self.token_start
        elif self.state == "C":
            self._commit_coords()


def _decode_legacy(slug: str) -> Board:
    scan = _LegacyScan()
    scan.read(slug)
    height = _legacy_dimension(scan.height_text, scan.height_at, "height")
    width = _legacy_dimension(scan.width_text, scan.width_at, "width")
    out = _Collector()
    colors = [0] * 12
    for number in sorted(scan.groups):
        for name, j in scan.groups[number]:
            if number > 11:
                raise ValueRangeError(NAME, f"colour {shown(number)} is above 11", j)
            colors[PIECES.index(name)] = number
    for piece in scan.pieces:
        _put_legacy_piece(piece, height, width, out, colors)
    return _finish("R", height, width, out, colors)


def _put_legacy_piece(piece: dict[str, Any], height: int, width: int, out: _Collector, colors: list[int]) -> None:
    coords, at = piece["coords"], piece["coords_at"]
    if "." in coords or "_" in coords:
        x_text, y_text = re.split(r"[._]", coords, maxsplit=1)
    else:
        split = 2 if piece["upper"] else 1
        x_text, y_text = coords[:split], coords[split:]
    row = _legacy_number(x_text, at, "row")
    col = _legacy_number(y_text, at, "column")
    if row >= height or col >= width:
        raise ValueRangeError(NAME, f"piece {piece['name']} at ({row}, {col}) is off the {height}x{width} board", at)
    if piece["name"] == TERRAIN:
        out.put(row, col, TERRAIN)
    else:
        out.put(row, col, Piece(piece["name"], row, col, piece["rotation"], piece["reflected"]))
        colors[PIECES.index(piece["name"])] = piece["color"]


def _legacy_dimension(text: str | None, at: int, what: str) -> int:
    if not text:
        raise FormatError(NAME, f"the {what} is missing", at)
    value = _legacy_number(text, at, what)
    if not MIN_SIZE <= value <= MAX_SIZE:
        raise ValueRangeError(NAME, f"{what} {shown(value)} is outside {MIN_SIZE}-{MAX_SIZE}", at)
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
            raise ValueRangeError(NAME, f"size {shown(height)}x{shown(width)} is outside {MIN_SIZE}-{MAX_SIZE}", 0)
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
                raise FormatError(NAME, f"{shown(name)} is not a piece name", 0)
    except SlugError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, OverflowError):
        raise FormatError(NAME, "v0 (JSONCrush) slug does not hold a board", 0) from None
    return _finish("R", height, width, out, [0] * 12)


# --- writing -------------------------------------------------------------------------


def orientation_char(o: int, color: int) -> str:
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
            + orientation_char(p.orientation, color)
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
        raise FormatError(NAME, f"{what} must be a whole number, not {shown(value)}")
    return value


def from_json(obj: dict[str, Any]) -> Board:
    if not isinstance(obj, dict):
        raise FormatError(NAME, "board JSON must be an object")
    surface = obj.get("surface", "R")
    if not isinstance(surface, str) or surface not in SURFACES:
        raise FormatError(NAME, f"unknown surface {shown(surface)}")
    height = _json_int(obj.get("height"), "height")
    width = _json_int(obj.get("width"), "width")
    for what, value in (("height", height), ("width", width)):
        if not MIN_SIZE <= value <= MAX_SIZE:
            raise ValueRangeError(NAME, f"{what} {shown(value)} is outside {MIN_SIZE}-{MAX_SIZE}")
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
            raise FormatError(NAME, f"bad piece {shown(entry)}")
        rotation = _json_int(entry.get("rotation", 0), "rotation")
        reflected = entry.get("reflected", False)
        if rotation not in (0, 1, 2, 3) or not isinstance(reflected, bool):
            raise ValueRangeError(NAME, f"bad orientation in {shown(entry)}")
        put(
            entry.get("row"),
            entry.get("col"),
            partial(_piece_at, entry["name"], rotation, reflected),
            f"piece {entry['name']}",
        )
    for cell in terrain:
        if not isinstance(cell, (list, tuple)) or len(cell) != 2:
            raise FormatError(NAME, f"bad terrain cell {shown(cell)}")
        put(cell[0], cell[1], lambda r, c: TERRAIN, "terrain")
    raw_colors = obj.get("colors", {})
    if not isinstance(raw_colors, dict) or set(raw_colors) - set(PIECES):
        raise FormatError(NAME, '"colors" must map piece names to 0-11')
    colors = []
    for name in PIECES:
        c = _json_int(raw_colors.get(name, 0), f"colour of {name}")
        if not 0 <= c <= 11:
            raise ValueRangeError(NAME, f"colour {shown(c)} of {name} is not 0-11")
        colors.append(c)
    return make_board(surface, height, width, items, colors)
