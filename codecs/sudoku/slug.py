"""Reading and writing sudoku boards: the Sudoku Player's `?play=` slugs (v1, and the
legacy v0) and the 81-character grid.

Slug format (formats/sudoku.md): base64 of `S!` + `v1` + 11-bit (cell, digit) tuples,
most significant bit first, last byte zero-padded; v0 bodies are (cell, digit) byte pairs.
Errors name the character of the text as pasted, link and all.
"""

from __future__ import annotations

import re
from array import array
from dataclasses import replace
from itertools import repeat
from operator import and_, rshift
from typing import Any

from ..bits import BitWriter, b64decode, b64encode
from ..errors import FormatError, ValueRangeError
from ..links import Source, carve, is_link, located, strip_text, stripped_bounds, value_bounds
from . import WEB_HOST as _WEB_HOST  # the game's declaration
from .formats import GRID_CELLS as GRID_CELLS
from .formats import GRID_DECORATION as GRID_DECORATION
from .formats import decode_grid as decode_grid
from .formats import is_candidate_grid, is_sdk, read_candidate_grid, read_sdk
from .model import NAME, Board

HOST: str = _WEB_HOST or ""
# The head of every slug: base64 of the format's first bytes, the mark of a sudoku slug.
SLUG_HEAD = "UyF2"
PLAYER_URL = f"https://{HOST}/projects/sudoku/player.html"
MAGIC = b"S!"
# A text needs this many cell characters to count as a grid before it is read: "1=15"
# (the start of a minesweeper slug) is made of grid characters too.
GRID_MARK_CELLS = 40
# A slug may set the same cell again and again; the board keeps the last digit, and says
# so for this many cells before it only counts the rest.
MAX_NOTES = 10


def looks_like(text: str) -> bool:
    if not isinstance(text, str):
        return False
    t = strip_text(text)
    head = t.split("?", 1)[0].lower()
    return (
        "play=" in t
        or t.startswith(SLUG_HEAD)
        or "f-puzzles.com" in head
        or "sudokupad.app" in head
        or "crackingthecryptic.com" in head
        or t.startswith(("N4Ig", "fpuzzlesN4Ig", "load=N4Ig"))
        or (is_link(t) and HOST in t.split("?", 1)[0].lower())
        or is_sdk(t)
        or is_candidate_grid(t)
        or (_is_grid_text(t) and sum(ch in GRID_CELLS for ch in t) >= GRID_MARK_CELLS)
    )


def _is_grid_text(text: str) -> bool:
    return (
        bool(text)
        and all(ch in GRID_CELLS or ch in GRID_DECORATION for ch in text)
        and any(ch in GRID_CELLS for ch in text)
    )


def decode(text: str) -> Board:
    if not isinstance(text, str):
        raise FormatError(NAME, f"expected text, got {type(text).__name__}")
    start, end = stripped_bounds(text)
    stripped = text[start:end]
    if not stripped:
        raise FormatError(NAME, "the text is empty", 0)
    variant = _decode_variant(text, stripped, start, end)
    if variant is not None:
        return variant
    if is_sdk(stripped):
        return read_sdk(text)
    if is_candidate_grid(stripped):
        return read_candidate_grid(text)
    if not is_link(stripped) and _is_grid_text(stripped) and not stripped.startswith("UyF2"):
        with located(Source(start, end)):
            return decode_grid(stripped)
    bounds = value_bounds(text, ("play",), start, end)
    if bounds is None and is_link(stripped) and HOST in stripped.split("?", 1)[0].lower():
        raise FormatError(NAME, "the link has no ?play= and a puzzle after it, as a Sudoku Player link has", end)
    slug, source = carve(text, *(bounds or (start, end)), strip=True)
    with located(source):
        return _decode_slug(slug.replace(" ", "+"))


def _decode_variant(text: str, stripped: str, start: int, end: int) -> Board | None:
    """An f-puzzles or SudokuPad link (or f-puzzles' bare data), else None."""
    from . import sudokupad

    if sudokupad.is_sudokupad(stripped):
        puzzle, at = sudokupad.puzzle_part(stripped)
        with located(Source(start + at, end)):
            return sudokupad.read_puzzle(puzzle)
    head = stripped.split("?", 1)[0].lower()
    bounds = value_bounds(text, ("load",), start, end)
    if "f-puzzles.com" in head or (bounds is not None and "play" not in stripped) or stripped.startswith("N4Ig"):
        from .fpuzzles import read_data

        if bounds is None and "f-puzzles.com" in head:
            raise FormatError(NAME, "the f-puzzles link has no ?load= and a puzzle after it", end)
        data, source = carve(text, *(bounds or (start, end)), strip=True)
        with located(source):
            return read_data(data)
    return None


def _decode_slug(slug: str) -> Board:
    if not slug:
        raise FormatError(NAME, "the link has no slug after ?play=", 0)
    data = b64decode(slug, NAME)
    if len(data) < 2 or data[:2] != MAGIC:
        raise FormatError(NAME, "not a Sudoku Player slug: it must start with 'UyF' (the bytes 'S!')", 0)
    if len(data) < 4:
        raise FormatError(NAME, "slug ends before its version", 2)
    version = data[2:4].decode("latin-1")
    if version == "v1":
        return _decode_v1(data)
    if version == "v0":
        return _decode_v0(data)
    quoted = version if version.isprintable() else data[2:4].hex()
    raise FormatError(NAME, f"unknown version {quoted!r}", 2, span=(2, 6))


class _Givens:
    """The cells as a slug sets them, one given after another; a cell set again keeps
    the later digit, and the board says so."""

    def __init__(self) -> None:
        self.cells = [0] * 81
        self.notes: list[str] = []
        self.repeats = 0

    def place(self, index: int, cell: int, digit: int, position: int, width: int) -> None:
        span = (position, position + width)
        if cell > 80:
            raise ValueRangeError(NAME, f"given {index + 1}: cell {cell} is off the board (0-80)", position, span=span)
        if not 1 <= digit <= 9:
            raise ValueRangeError(NAME, f"given {index + 1}: digit {digit} is not 1-9", position, span=span)
        if self.cells[cell]:
            self.repeats += 1
            if self.repeats <= MAX_NOTES:
                self.notes.append(f"cell r{cell // 9 + 1}c{cell % 9 + 1} is set twice; the later digit {digit} wins")
        self.cells[cell] = digit

    def board(self) -> Board:
        notes = self.notes
        if self.repeats > MAX_NOTES:
            notes = [*notes, f"and {self.repeats - MAX_NOTES:,} more givens set a cell that was already set"]
        return Board(tuple(self.cells), tuple(notes))


def _decode_v1(data: bytes) -> Board:
    """The givens after the 32-bit header, 11 bits each (7 for the cell, 4 for the digit);
    bits after the last whole given are padding.

    The fields are cut all at once (the bits as text, split every 11 characters, each
    read as a number), so the time grows with the slug at C speed: a slug of millions of
    givens, which only a hostile text has, reads in about a second at the length limit."""
    body_bits = len(data) * 8 - 32
    count = body_bits // 11
    if count <= 0:
        return Board()
    values = array("H")  # 2 bytes a given: a list of ints and their texts took 70
    chunk = 11 * _GIVENS_AT_ONCE // 8  # whole bytes that hold whole givens
    for at in range(4, len(data), chunk):
        part = data[at : at + chunk]
        bits = format(int.from_bytes(part, "big"), f"0{len(part) * 8}b")
        values.extend(map(_FIELD_VALUE.__getitem__, _ELEVEN_BITS.findall(bits)))
    del values[count:]
    # At most 2,048 different fields: the checks look at those, not at every given.
    if any(value >> 4 > 80 or not 1 <= value & 15 <= 9 for value in set(values)):
        _refuse_first_bad_given([v >> 4 for v in values], [v & 15 for v in values])
    # The later digit of a cell wins.
    final = dict(zip(map(rshift, values, repeat(4, count)), map(and_, values, repeat(15, count))))
    givens = _Givens()
    if len(final) < count:  # cells set more than once: name the first few, count the rest
        for index, value in enumerate(values):
            cell, digit = value >> 4, value & 15
            givens.place(index, cell, digit, _v1_position(index), 2)
            if givens.repeats > MAX_NOTES:
                break
        givens.repeats = count - len(final)
    board_cells = [0] * 81
    for cell, digit in final.items():
        board_cells[cell] = digit
    return Board(tuple(board_cells), givens.board().notes)


_ELEVEN_BITS = re.compile("[01]{11}")
# Givens cut at once (a multiple of 8: 8 givens fill 11 bytes): the bits of a part are a
# text of 8 bytes a bit, so a long slug is read a part at a time.
_GIVENS_AT_ONCE = 8 * 4096
# Every 11-bit field as text, to its value: a dictionary lookup per given, not a parse.
_FIELD_VALUE = {format(value, "011b"): value for value in range(2048)}


def _v1_position(index: int) -> int:
    return (32 + 11 * index) // 6


def _refuse_first_bad_given(cells: list[int], digits: list[int]) -> None:
    for index, (cell, digit) in enumerate(zip(cells, digits)):
        if cell > 80 or not 1 <= digit <= 9:
            start = _v1_position(index)
            _Givens().place(index, cell, digit, start, (32 + 11 * index + 10) // 6 + 1 - start)


def _decode_v0(data: bytes) -> Board:
    body = data[4:]
    if len(body) % 2:
        raise FormatError(
            NAME, "v0 body has an odd number of bytes: the last given has no digit", (8 * (len(data) - 1)) // 6
        )
    givens = _Givens()
    for index in range(len(body) // 2):
        start = (8 * (4 + 2 * index)) // 6
        givens.place(index, body[2 * index], body[2 * index + 1], start, (8 * (6 + 2 * index) + 5) // 6 - start)
    return givens.board()


def encode(board: Board) -> str:
    """The v1 slug exactly as the web app's encoder writes it (ascending cells, '=' padded);
    for a variant board, f-puzzles' compressed data."""
    if board.variant is not None:
        from .fpuzzles import write_data

        return write_data(board)
    writer = BitWriter()
    for cell, digit in enumerate(board.cells):
        if digit:
            writer.write(cell, 7)
            writer.write(digit, 4)
    return b64encode(MAGIC + b"v1" + writer.to_bytes())


def encode_v0(board: Board) -> str:
    """The legacy v0 slug (for tests and for people who need old players)."""
    body = bytes(b for cell, digit in enumerate(board.cells) if digit for b in (cell, digit))
    return b64encode(MAGIC + b"v0" + body)


def share_url(board: Board) -> str:
    """The link of the form the board came in: the Sudoku Player's for a classic board,
    SudokuPad's for one read from SudokuPad, else f-puzzles'."""
    if board.variant is not None:
        from . import fpuzzles, sudokupad

        return sudokupad.link(board) if board.variant.form in ("sudokupad", "scl") else fpuzzles.link(board)
    return f"{PLAYER_URL}?play={encode(board)}"


def to_json(board: Board) -> dict[str, Any]:
    """The grid, plus the editing state when there is any: pencil marks as 81 strings
    of digits and the cells typed by hand."""
    out: dict[str, Any] = {"game": NAME, "grid": board.grid}
    if board.variant is not None:
        from .fpuzzles import to_json_text

        out["size"] = board.size
        if board.typed:  # the solver's digits (a link's `value` without `given`) apart from the givens
            out["grid"] = "".join("." if i in board.typed else ch for i, ch in enumerate(board.grid))
            out["entries"] = "".join(ch if i in board.typed else "." for i, ch in enumerate(board.grid))
        out["fpuzzles"] = to_json_text(board)
        out["form"] = board.variant.form
        if board.variant.form == "scl":  # SudokuPad's own JSON, drawings and all
            out["scl"] = board.variant.source
        return out
    if any(board.centre):
        out["centre"] = [_mask_text(m) for m in board.centre]
    if any(board.corner):
        out["corner"] = [_mask_text(m) for m in board.corner]
    if board.typed:
        out["typed"] = sorted(board.typed)
    return out


def _mask_text(mask: int) -> str:
    return "".join(str(d + 1) for d in range(9) if mask >> d & 1)


def _marks(obj: dict[str, Any], key: str) -> tuple[int, ...] | None:
    value = obj.get(key)
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 81:
        raise FormatError(NAME, f'"{key}" needs 81 strings of digits 1-9')
    out = []
    for text in value:
        if not isinstance(text, str) or len(text) > 9 or any(ch not in "123456789" for ch in text):
            raise FormatError(NAME, f'"{key}" needs 81 strings of digits 1-9')
        out.append(sum(1 << (int(ch) - 1) for ch in set(text)))
    return tuple(out)


def from_json(obj: dict[str, Any]) -> Board:
    if isinstance(obj, dict) and "fpuzzles" in obj:
        from .fpuzzles import read_json_text

        text = obj["fpuzzles"]
        if not isinstance(text, str) or len(text) > 4_000_000:
            raise FormatError(NAME, '"fpuzzles" needs the f-puzzles JSON as text')
        form = obj.get("form", "fpuzzles")
        board = read_json_text(text, form=form if form in ("fpuzzles", "sudokupad") else "fpuzzles")
        scl = obj.get("scl")
        if form == "scl" and isinstance(scl, str) and len(scl) <= 4_000_000:
            from .sudokupad import read_scl

            variant = read_scl(scl).variant
            if variant is None or variant.size != board.size:
                raise FormatError(NAME, '"scl" holds a puzzle of another size than "fpuzzles"')
            board = replace(board, variant=variant)
        return board
    grid = obj.get("grid") if isinstance(obj, dict) else None
    if not isinstance(grid, str):
        raise FormatError(NAME, 'board JSON needs a "grid" string of 81 characters')
    board = decode_grid(grid)
    centre, corner = _marks(obj, "centre"), _marks(obj, "corner")
    typed = obj.get("typed", [])
    if not isinstance(typed, list) or len(typed) > 81 or any(type(i) is not int or not 0 <= i <= 80 for i in typed):
        raise FormatError(NAME, '"typed" needs a list of cell indices 0-80')
    return replace(board.with_marks(centre, corner), typed=frozenset(typed))
